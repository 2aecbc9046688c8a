/**
 * The capacity bench's arithmetic: the numbers of games it tries, and whether a step held. A step
 * holds when all its games were in play, moves were made, table p95 stayed within the limit and no
 * click went unanswered (no acknowledgement within 3 s).
 */

export const CAPACITY_LIMITS = { tableP95Ms: 1000, unanswered: 0 };

/** from, from + step, … up to max (max itself when the steps pass it). */
export function capacityPlan(from: number, step: number, max: number): number[] {
  if (![from, step, max].every((n) => Number.isInteger(n) && n > 0))
    throw new Error(`--from, --step and --max: whole numbers > 0, not ${from}, ${step}, ${max}`);
  if (from > max) throw new Error(`--from ${from} is over --max ${max}`);
  const plan: number[] = [];
  for (let n = from; n < max; n += step) plan.push(n);
  plan.push(max);
  return plan;
}

/** What a step's measured window showed. */
export interface StepFigures {
  games: number;
  /** Games that had started when the window began (every slot has had a game in play). */
  inPlay: number;
  moves: number;
  tableP95Ms: number;
  unanswered: number;
  /** Why the bench could not go on (the bot exited), if so. */
  aborted: string | null;
}

export interface StepVerdict {
  held: boolean;
  /** Why it failed; empty when it held. */
  reasons: string[];
}

export function judgeStep(step: StepFigures): StepVerdict {
  const reasons: string[] = [];
  if (step.aborted) reasons.push(step.aborted);
  if (step.inPlay < step.games) reasons.push(`only ${step.inPlay} of ${step.games} games got into play`);
  if (step.moves === 0) reasons.push("no move was made");
  if (!(step.tableP95Ms <= CAPACITY_LIMITS.tableP95Ms))
    reasons.push(`table p95 ${Math.round(step.tableP95Ms)} ms > ${CAPACITY_LIMITS.tableP95Ms} ms`);
  if (step.unanswered > CAPACITY_LIMITS.unanswered)
    reasons.push(`${step.unanswered} clicks unanswered within 3 s`);
  return { held: reasons.length === 0, reasons };
}

/** The largest number of games of the steps that held before the first that failed; null if none held. */
export function largestHeld(steps: readonly { games: number; verdict: StepVerdict }[]): number | null {
  let largest: number | null = null;
  for (const step of steps) {
    if (!step.verdict.held) break;
    largest = step.games;
  }
  return largest;
}
