/**
 * Starts each task in a turn of the event loop of its own, in the order given, without waiting for
 * the one before to finish: they overlap once started. The gateway can hand over dozens of
 * interactions in one read (and many robots can be due at once); started in one go, their synchronous
 * parts (judging moves, describing pictures) would hold the loop for all of them, and timers (a
 * deferral that keeps a click within Discord's 3 s) would wait. Between two starts the loop runs its
 * timers and I/O.
 */
export function ownTurnStarter(): (task: () => Promise<void>) => void {
  const waiting: (() => Promise<void>)[] = [];
  const next = () => {
    const task = waiting.shift();
    if (waiting.length > 0) setImmediate(next);
    void task?.();
  };
  return (task) => {
    waiting.push(task);
    if (waiting.length === 1) setImmediate(next);
  };
}
