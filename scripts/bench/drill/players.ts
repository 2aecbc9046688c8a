import type { ClickKind } from "../clicks.js";
import { Driver, type DriverOptions, type Slot } from "../driver.js";
import { type EmulatedInteraction, type InteractionResponses, sleep } from "../world.js";
import { ANSWER_WITHIN_MS, type DrillClicks, refusedForWantOfSession } from "./clicks.js";

/**
 * The drill's players: the load bench's (one interaction at a time per game, every game kept
 * moving, a player acting only on what a table shows), who go on through an outage as people do.
 * A click not answered within 3 s failed for them ("This interaction failed"), so they click again
 * instead of waiting; a click Discord could not deliver (the shard has no connection) is tried
 * again after a moment. Each click goes to `clicks` with its outcome.
 */

/** How long a player whose click could not be delivered waits before the next one. */
const RETRY_AFTER_REFUSAL_MS = 500;
/**
 * How long a player looks at "… is thinking" before giving up on the click: a deferred answer not
 * filled in by then is an error to them (a panel takes well under a second).
 */
const FILLED_IN_WITHIN_MS = 5000;
/** Errors of a click the player could not make any more (the message changed meanwhile): not counted. */
const VANISHED = /has no component|is disabled|was deleted/;

/** The players of one host's guilds. */
export class DrillPlayers extends Driver {
  readonly #clicks: DrillClicks;
  readonly #host: number;

  /** The Driver's own `bot` is read only by `run` and `send`, which the drill does not use and replaces. */
  constructor(options: DriverOptions, clicks: DrillClicks, host: number) {
    super(options);
    this.#clicks = clicks;
    this.#host = host;
  }

  /** Plays `slot` until `stop`. */
  async play(slot: Slot): Promise<void> {
    while (!this.done) {
      try {
        await this.step(slot);
      } catch (err) {
        if (this.errors.length < 50) this.errors.push(`slot ${slot.index}: ${(err as Error).stack ?? err}`);
        await sleep(200);
      }
    }
  }

  stop(): void {
    this.aborted ??= "the drill is over";
  }

  override async send(
    kind: ClickKind,
    dispatch: () => Promise<EmulatedInteraction>,
    onMessage: string | null,
    gameType: string | null,
  ): Promise<{ handle: EmulatedInteraction; at: number; response: InteractionResponses | null } | undefined> {
    if (this.done) return undefined;
    const editsBefore = onMessage ? (this.emulator.message(onMessage)?.editCount ?? 0) : 0;
    const at = Date.now();
    let handle: EmulatedInteraction;
    try {
      handle = await dispatch();
    } catch (err) {
      const message = (err as Error).message;
      if (refusedForWantOfSession(err)) {
        this.#clicks.refused(this.#host, /for guild (\d+)/.exec(message)?.[1] ?? null);
        await sleep(RETRY_AFTER_REFUSAL_MS);
      } else {
        if (!VANISHED.test(message) && this.errors.length < 50) this.errors.push(message);
        await sleep(20);
      }
      return undefined;
    }
    this.used++;
    this.dispatched++;
    this.clicks.sent(handle, kind, at, gameType);
    const click = this.#clicks.sent(handle);
    const response = await this.#answer(handle, editsBefore);
    const responses = this.emulator.responsesTo(handle);
    this.#clicks.settle(click, responses, response !== null);
    if (response) this.clicks.answered(handle.id, Date.now() - at);
    else this.clicks.count(responses.acked ? "failed" : "unanswered");
    return { handle, at, response };
  }

  /** The settled answer; null when none came within 3 s, or a deferral was not filled in. */
  async #answer(handle: EmulatedInteraction, editsBefore: number): Promise<InteractionResponses | null> {
    const settled = this.observer.response(handle, editsBefore, FILLED_IN_WITHIN_MS);
    const unanswered = sleep(ANSWER_WITHIN_MS + 50).then(() =>
      this.emulator.responsesTo(handle).acked ? settled : null,
    );
    return Promise.race([settled, unanswered]);
  }
}
