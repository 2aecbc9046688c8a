/**
 * Work the bot has started and still owes an outcome for (an interaction's answer, a robot seat's
 * move): a graceful stop waits for it before the process exits.
 */
export class InFlight {
  readonly #running = new Set<Promise<void>>();

  get size(): number {
    return this.#running.size;
  }

  /** Counts `work` until it settles, whichever way. */
  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.#running.add(settled);
    void settled.then(() => this.#running.delete(settled));
  }

  /** Resolves once nothing is running, including work started while waiting. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}
