import type { Observer } from "./observer.js";
import { type Stats, shareLine, stats, tally } from "./stats.js";

/** What the load and memory benches' players sent, and what became of it. */
export type ClickKind =
  | "lobby"
  | "panel"
  | "hand"
  | "move"
  | "select"
  | "nav"
  | "refused"
  | "stale"
  | "end"
  | "unanswered"
  | "failed";

/** Every interaction sent: its kind, when, and how long until its answer was complete. */
export class ClickLog {
  /** Interaction id → what it was and when (Date.now()) it was sent. */
  readonly #sent = new Map<string, { kind: ClickKind; at: number; gameType: string | null }>();
  /** Interaction id → ms from the click until the answer was complete (a deferral filled in). */
  readonly #answered = new Map<string, number>();
  /** How many clicks of each kind (the mix). */
  readonly mix: Record<string, number> = {};

  constructor(readonly observer: Observer) {}

  sent(
    handle: { id: string; channelId: string },
    kind: ClickKind,
    at: number,
    gameType: string | null,
  ): void {
    this.#sent.set(handle.id, { kind, at, gameType });
    this.observer.clicked(handle.id, gameType, handle.channelId);
  }

  answered(id: string, ms: number): void {
    this.#answered.set(id, ms);
  }

  count(kind: ClickKind): void {
    tally(this.mix, kind);
  }

  /** Kind mix as "move 61% · select 20% · …". */
  mixLine(): string {
    return shareLine(this.mix);
  }

  /**
   * Of the interactions sent at or after `since` (and not after `until`): ack latencies, those
   * unanswered within 3 s, and the time until the answer was complete (overall and per game type).
   */
  ackFigures(
    since = 0,
    until = Number.POSITIVE_INFINITY,
  ): {
    acks: Stats;
    unanswered: number;
    sent: number;
    answers: Stats;
    answersByType: Record<string, Stats>;
    answersByKind: Record<string, Stats>;
  } {
    const samples: number[] = [];
    const answers: number[] = [];
    const byType: Record<string, number[]> = {};
    const byKind: Record<string, number[]> = {};
    let unanswered = 0;
    let sent = 0;
    for (const [id, info] of this.#sent) {
      if (info.at < since || info.at > until) continue;
      sent++;
      const ms = this.observer.acks.get(id);
      if (ms === undefined || ms > 3000) unanswered++;
      if (ms !== undefined) samples.push(ms);
      const done = this.#answered.get(id);
      if (done !== undefined) {
        answers.push(done);
        byKind[info.kind] ??= [];
        byKind[info.kind]!.push(done);
        if (info.gameType) {
          byType[info.gameType] ??= [];
          byType[info.gameType]!.push(done);
        }
      }
    }
    const statsOf = (lists: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, stats(list)]));
    return {
      acks: stats(samples),
      unanswered,
      sent,
      answers: stats(answers),
      answersByType: statsOf(byType),
      answersByKind: statsOf(byKind),
    };
  }
}
