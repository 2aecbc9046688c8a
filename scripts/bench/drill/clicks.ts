import { performance } from "node:perf_hooks";
import { wordsFor } from "../../../src/i18n/index.js";
import type { DiscordEmulator, EmulatedInteraction, InteractionResponses } from "../world.js";

/**
 * Every click the drill's players made, with what became of it as a player sees it. Times are
 * performance.now() of this process (the emulator's clock for dispatches and callbacks).
 */

/** Discord shows "This interaction failed" when the bot's first callback takes longer. */
export const ANSWER_WITHIN_MS = 3000;

/** What the bot answers a click that comes while it is stopping (src/bot/router.ts). */
export const RESTARTING_TEXT = wordsFor("en")("bot.router.restarting");
/** The bot's apologies: something failed, or the database did not answer. */
const ERROR_TEXTS = [wordsFor("en")("bot.router.sorry"), wordsFor("en")("bot.router.busy")];

/**
 * `answered`: a first callback within 3 s, neither of the two below. `never answered`: no callback
 * within 3 s. `no connection`: the emulator could not deliver it, the guild's shard had no ready
 * session. `restarting`: told the bot is restarting. `error`: an apology. `slow`: acknowledged in
 * time, but a deferred answer not filled in while the player waited (5 s from the click, see players.ts).
 */
export type Outcome = "answered" | "never answered" | "no connection" | "restarting" | "error" | "slow";

export const OUTCOMES: readonly Outcome[] = [
  "answered",
  "never answered",
  "no connection",
  "restarting",
  "error",
  "slow",
];

export type OutcomeCounts = Record<Outcome, number>;

export interface DrillClick {
  host: number;
  shard: number;
  /** When it was sent (or refused). */
  sentAt: number;
  /** Still waiting for its answer; the outcome is known once false. */
  pending: boolean;
  outcome: Outcome;
  /** When its first callback came, for an answered click. */
  answeredAt: number | null;
  /** When the player stopped waiting: the first callback, 3 s after the click without one, at once when refused. */
  doneAt: number | null;
  /** Date.now() at which the gateway session it went to identified; null when refused. */
  sessionIdentifiedAt: number | null;
}

/** `No bot is connected …` from the emulator's click: the shard has no ready session. */
const NO_SESSION = /No bot is connected/;

export function refusedForWantOfSession(err: unknown): boolean {
  return NO_SESSION.test((err as Error).message ?? "");
}

/** A settled answer's outcome (see Outcome); `settled`: the answer was complete (a deferral filled in). */
export function outcomeOf(responses: InteractionResponses, settled: boolean): Outcome {
  const ack = responses.ackLatencyMs;
  if (ack === null || ack > ANSWER_WITHIN_MS) return "never answered";
  const texts = [responses.message?.text ?? "", ...responses.followUps.map((m) => m.text)];
  if (texts.some((text) => text.includes(RESTARTING_TEXT))) return "restarting";
  if (texts.some((text) => ERROR_TEXTS.some((error) => text.includes(error)))) return "error";
  return settled ? "answered" : "slow";
}

export function noOutcomes(): OutcomeCounts {
  return Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;
}

/** The clicks of every host, and the questions the drill asks of them. */
export class DrillClicks {
  readonly all: DrillClick[] = [];

  constructor(
    readonly emulator: DiscordEmulator,
    /** Guild id → [host, shard]. */
    readonly where: ReadonlyMap<string, readonly [number, number]>,
  ) {}

  /**
   * A click of `host`'s players the emulator could not deliver, in `guildId` (null: the emulator
   * named no guild, having no session at all; its shard is then -1).
   */
  refused(host: number, guildId: string | null): void {
    const shard = guildId === null ? -1 : this.#place(guildId)[1];
    this.all.push({
      host,
      shard,
      sentAt: performance.now(),
      pending: false,
      outcome: "no connection",
      answeredAt: null,
      doneAt: performance.now(),
      sessionIdentifiedAt: null,
    });
  }

  /** A click delivered to the session of its guild's shard (the newest ready one, as the emulator routes). */
  sent(handle: EmulatedInteraction): DrillClick {
    const [host, shard] = this.#place(handle.guildId ?? "");
    const session = this.emulator
      .sessions()
      .filter((s) => s.connected && s.ready && s.shard[0] === shard)
      .at(-1);
    const click: DrillClick = {
      host,
      shard,
      sentAt: handle.dispatchedAt,
      pending: true,
      outcome: "never answered",
      answeredAt: null,
      doneAt: null,
      sessionIdentifiedAt: session?.identifiedAt ?? null,
    };
    this.all.push(click);
    return click;
  }

  settle(click: DrillClick, responses: InteractionResponses, settled: boolean): void {
    click.pending = false;
    click.outcome = outcomeOf(responses, settled);
    const ack = responses.ackLatencyMs;
    click.doneAt = click.sentAt + (ack === null ? ANSWER_WITHIN_MS : Math.min(ack, ANSWER_WITHIN_MS));
    if (click.outcome === "answered") click.answeredAt = click.sentAt + (ack ?? 0);
  }

  #place(guildId: string): readonly [number, number] {
    const place = this.where.get(guildId);
    if (!place) throw new Error(`the drill has no guild ${guildId}`);
    return place;
  }

  /**
   * The clicks of a stretch of time: sent within [from, to], or sent before and still unanswered
   * at `from` (in flight when the operation began).
   */
  within(from: number, to: number, host?: number): DrillClick[] {
    return this.all.filter(
      (c) =>
        (host === undefined || c.host === host) &&
        ((c.sentAt >= from && c.sentAt <= to) ||
          (c.sentAt < from &&
            c.sentAt >= from - ANSWER_WITHIN_MS &&
            c.outcome !== "no connection" &&
            (c.answeredAt === null || c.answeredAt >= from))),
    );
  }

  static count(clicks: readonly DrillClick[]): OutcomeCounts {
    const counts = noOutcomes();
    for (const c of clicks) counts[c.outcome]++;
    return counts;
  }

  /**
   * A host's (or one of its shards') longest time without an answered click: from the last click
   * answered before `from` to the first answered after, and so on until `to`, counted only while
   * its players clicked (from the first click after an answer that was not answered at once: a
   * stretch in which nobody clicked, say all waiting for tables that never came, is not silence).
   */
  longestSilence(of: { host: number; shard?: number }, from: number, to: number): number {
    const mine = this.all.filter(
      (c) => c.host === of.host && (of.shard === undefined || c.shard === of.shard),
    );
    const answers = mine
      .filter((c) => c.answeredAt !== null)
      .map((c) => c.answeredAt as number)
      .sort((a, b) => a - b);
    const before = answers.filter((at) => at <= from).at(-1) ?? from;
    const after = answers.filter((at) => at > from && at <= to);
    let longest = 0;
    let last = before;
    for (const at of [...after, to]) {
      // The silence a player felt begins with the first click made (or still waiting) after the last answer.
      const tried = mine
        .filter((c) => c.sentAt < at && (c.doneAt ?? Number.POSITIVE_INFINITY) > last)
        .map((c) => Math.max(c.sentAt, last));
      if (tried.length > 0) longest = Math.max(longest, at - Math.min(...tried));
      last = at;
    }
    return longest;
  }

  /**
   * For each of the shards, when a click on its guilds was first answered by a session identified
   * at or after `sinceWall` (Date.now()), i.e. by a process started then; null when none was yet.
   */
  firstAnsweredBy(shards: readonly number[], sinceWall: number): Map<number, number | null> {
    return new Map(
      shards.map((shard) => {
        const first = this.all
          .filter(
            (c) =>
              c.shard === shard &&
              c.answeredAt !== null &&
              c.sessionIdentifiedAt !== null &&
              c.sessionIdentifiedAt >= sinceWall,
          )
          .reduce<number | null>(
            (min, c) => Math.min(min ?? Number.POSITIVE_INFINITY, c.answeredAt as number),
            null,
          );
        return [shard, first];
      }),
    );
  }

  /** Whether every click sent so far has its outcome. */
  get settled(): boolean {
    return this.all.every((c) => !c.pending);
  }
}
