import { DiscordAPIError } from "discord.js";
import { replayMoves } from "../engine/core/undo.js";
import type { GameRecord } from "../store/store.js";
import { membersOf, waitingFor } from "./games.js";
import type { Logger } from "./log.js";
import type { RepairKind } from "./metrics.js";
import { setupOf } from "./record.js";
import type { AnyGameUi } from "./ui/types.js";

/**
 * What a message that could not be sent leaves owed, and the sweep that pays it: a table update
 * or a lobby redraw that failed (Discord or the REST proxy did not answer) is repaired a moment
 * later, again and again with longer pauses while it keeps failing, until nothing is owed, without
 * waiting for a restart. A ping that did go out is never sent again: the table repair looks in the
 * channel for a post that went out unheard before posting, and posts anew (mentioning whoever must
 * act) only when someone's turn began after the table shown.
 */

/**
 * Whether a table showing `shownVersion` owes a ping: someone must act now whose wait began after
 * it (the table that would have told them never went out), the game ended since (its last table
 * names everyone), or its seats changed since (a change without a move, which posts anew). Else
 * the people waiting now were all told by a table already posted, and editing it in place says the
 * rest. `moves` are the game's stored moves up to its version; a move that no longer replays
 * (an older release's) owes the ping, as the safe side.
 */
export function pingOwed(
  ui: AnyGameUi,
  game: GameRecord,
  moves: readonly { seq: number; userId: string; move: unknown }[],
  shownVersion: number,
): boolean {
  if (game.status !== "active") return true;
  const bySeq = new Set(moves.map((m) => m.seq));
  for (let version = shownVersion + 1; version <= game.version; version++)
    if (!bySeq.has(version)) return true;
  const people = membersOf(game);
  let state: unknown = setupOf(ui.engine, game);
  // The version since which each person to act has been waiting: their turn's first table pinged them.
  const waitingSince = new Map<string, number>();
  const note = (version: number) => {
    const waiting = new Set(waitingFor(ui, state).filter((id) => people.has(id)));
    for (const id of waitingSince.keys()) if (!waiting.has(id)) waitingSince.delete(id);
    for (const id of waiting) if (!waitingSince.has(id)) waitingSince.set(id, version);
  };
  // The set-up's waits began before any table: they count as told.
  note(0);
  const replayed = replayMoves(ui.engine, state, moves, (m, after) => {
    state = after;
    note(m.seq);
  });
  if (replayed === null) return true;
  return [...waitingSince.values()].some((since) => since > shownVersion);
}

/** What is owed: a game's table, or its lobby message. */
export type Owed = "table" | "lobby";

/** The first sweep after a failure, and the longest pause between sweeps while repairs keep failing. */
export const SWEEP_FIRST_MS = 1000;
export const SWEEP_LONGEST_MS = 4000;

/**
 * One per bot process. `owe` notes a game whose table or lobby message could not be brought up to
 * date; a sweep follows a second later and repairs each (a repair that finds nothing owed any more,
 * a later change having shown it, is done too). What still fails is swept again after a pause that
 * doubles, up to 4 s: a REST proxy that comes back is used within that, or by the request already
 * waiting for it (restRoute.ts), whose pauses are as long. The sweep stops once nothing is owed. What is owed lives in memory: after a restart the start-up repair, which looks
 * at every game, finds it.
 */
export class RepairSweep {
  readonly #repair: (what: Owed, gameId: number) => Promise<RepairKind | null>;
  readonly #log: () => Logger;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #owed = new Map<string, { what: Owed; gameId: number }>();
  #sweeping: Promise<void> | null = null;
  #stopped = false;
  #wakeForStop: () => void = () => undefined;

  constructor(options: {
    /** Brings one owed message up to date: what it took, or null when it was not behind. Throws when it could not. */
    repair: (what: Owed, gameId: number) => Promise<RepairKind | null>;
    log: () => Logger;
    sleep?: (ms: number) => Promise<void>;
  }) {
    this.#repair = options.repair;
    this.#log = options.log;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  /** How many messages are owed now. */
  get owed(): number {
    return this.#owed.size;
  }

  owe(what: Owed, gameId: number): void {
    this.#owed.set(`${what}:${gameId}`, { what, gameId });
    if (!this.#sweeping && !this.#stopped) this.#sweeping = this.#sweepWhileOwed();
  }

  /** For a graceful stop: no sweep starts any more (a restart repairs what is owed); resolves once the one under way is done. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wakeForStop();
    await this.#sweeping;
  }

  async #sweepWhileOwed(): Promise<void> {
    const stopping = new Promise<void>((resolve) => (this.#wakeForStop = resolve));
    let pause = SWEEP_FIRST_MS;
    while (this.#owed.size > 0 && !this.#stopped) {
      await Promise.race([this.#sleep(pause), stopping]);
      if (this.#stopped) break;
      const failed = await this.sweep();
      pause = failed ? Math.min(SWEEP_LONGEST_MS, pause * 2) : SWEEP_FIRST_MS;
    }
    this.#sweeping = null;
  }

  /**
   * One pass over what is owed now, until a repair fails for want of an answer (Discord or the
   * database): the others would only wait for the same, so they wait for the next pass, the failed
   * one behind them. A repair Discord refuses (the channel gone, access taken away) is given up:
   * trying again would not change Discord's mind; a restart tries once more. Returns whether the
   * pass stopped at a failure.
   */
  async sweep(): Promise<boolean> {
    for (const [key, owed] of [...this.#owed]) {
      // Taken off first: a failure noted while it is repaired is owed again afterwards.
      this.#owed.delete(key);
      try {
        await this.#repair(owed.what, owed.gameId);
      } catch (err) {
        const log = this.#log();
        if (err instanceof DiscordAPIError) {
          log.warn(
            `game ${owed.gameId}: its ${owed.what} message cannot be repaired, Discord refuses it: ${err.message}`,
          );
          continue;
        }
        this.#owed.delete(key);
        this.#owed.set(key, owed);
        log.warn(
          `game ${owed.gameId}: its ${owed.what} message could not be repaired yet: ${(err as Error).message}`,
        );
        return true;
      }
    }
    return false;
  }
}
