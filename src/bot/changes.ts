import type { GameEvent, PlayerId } from "../engine/core/game.js";
import type { GameRecord, MoveOutcome, SentWith } from "../store/store.js";
import type { BotContext } from "./context.js";
import { announceDailyEnd } from "./dailyShare.js";
import { membersOf, uiFor, waitingFor } from "./games.js";
import { closePanels } from "./panels.js";
import { moveKind } from "./record.js";
import type { ShownFile } from "./ui/types.js";

/**
 * One path after every change of a game: whoever made it (a click, a robot seat, a turn timer, a
 * lobby's start, `/game leave`, `/game replace`, an early end), the change is stored first, then
 * shown the same way: the table (in the game's own queue of table updates), the panels of a game
 * that ended, the timed things to plan, and a robot seat that may act now.
 */

/** A stored change, as the players must see it. */
export type Change =
  /** A move: its events on the table; a new table when a person newly must act, else the table edited. */
  | {
      kind: "move";
      game: GameRecord;
      events: GameEvent[];
      personNewlyActs: boolean;
      versionBefore: number;
      /** The mover's own answer, when the table waits for it (see `makeMove`). */
      answered?: Promise<void>;
      /** The click that made the move: its interaction token carries the new table while it lives. */
      click?: SentWith | null;
      /** Hears the files of the table edited in place to show the move. */
      edited?: (files: readonly ShownFile[]) => void;
    }
  /**
   * Seats or status changed (a start, a stand-in, a hand-over, an early end): the table posted
   * anew, on `click`'s token while it lives (the lobby's Start), so the edits that follow in place
   * go through that token too, outside the channel's own budget of a few edits a second.
   */
  | { kind: "table"; game: GameRecord; click?: SentWith | null };

/**
 * The after-change step. The robot seats and the scheduler hear of the change at once; the table
 * follows the updates queued before it. Resolves once the table shows the change (and an ended
 * game's panels are closed); rejects when the table could not be shown (Discord refused it, or the
 * database did not answer), which the caller reports — the change itself is stored whatever
 * happens here.
 */
export async function afterChange(ctx: BotContext, change: Change): Promise<void> {
  const { game } = change;
  // Queued before anything is awaited: the tables show the changes in the order they were stored.
  const shown =
    change.kind === "move"
      ? ctx.tables.showMove(
          game,
          change.events,
          change.personNewlyActs,
          change.versionBefore,
          change.answered ?? Promise.resolve(),
          change.click ?? null,
          change.edited,
        )
      : postThenClose(ctx, game, change.click ?? null);
  // A daily attempt that ended gives its player the share line, under the final table, or without
  // it when the table could not be shown (the table's failure still goes to the caller).
  await Promise.all([ctx.tables.scheduleRobots(game), shown.finally(() => announceDailyEnd(ctx, game))]);
}

/** The table posted anew; an ended game's panels are closed whatever became of that post. */
async function postThenClose(ctx: BotContext, game: GameRecord, click: SentWith | null): Promise<void> {
  try {
    await ctx.tables.post(game, click);
  } finally {
    if (game.status !== "active") await closePanels(ctx, game);
  }
}

/** A move to make: who makes it, from which version, and how the mover is answered. */
export interface MoveRequest {
  game: GameRecord;
  seatId: PlayerId;
  move: unknown;
  /** The version the move was chosen at (a button carries it); another makes it stale. */
  version: number;
  /** For the log: a robot moved for the seat, after thinking this long, or because the turn timer ran out. */
  robot?: { thoughtMs: number } | "timeRanOut";
  /**
   * Answers the mover once the move is stored. `newTable`: a new table message follows the answer
   * (someone newly must act, or the game ended). Else the table is edited first, and `tableFiles`
   * gives the files it shows then (none when this update did not edit it: a newer move's did, or
   * it failed), for the answer to show its picture by address rather than upload it again.
   */
  answer?: (
    moved: GameRecord,
    after: { newTable: boolean; tableFiles: Promise<readonly ShownFile[]> },
  ) => Promise<void>;
  click?: SentWith | null;
}

/**
 * Every move, by a click, a robot seat or a turn timer: committed (one statement or transaction,
 * version-checked), then answered, then shown through `afterChange`. Returns the commit's
 * outcome and, for a move made, the after-change step (`shown`), which the caller awaits and
 * whose failure it reports; never the move's failure.
 */
export async function makeMove(
  ctx: BotContext,
  request: MoveRequest,
): Promise<{ result: MoveOutcome; shown: Promise<void> }> {
  const { game, seatId, move } = request;
  const ui = uiFor(ctx, game);
  const waitingBefore = waitingFor(ui, game.state);
  const result = await ctx.metrics.commit(() =>
    ctx.store.play.applyMove(game.id, seatId, request.version, move, ui.engine, game),
  );
  if (!result.ok) return { result, shown: Promise.resolve() };
  const { robot } = request;
  ctx.log.info(
    `game ${game.id} v${result.game.version}: ${seatId}${robot === undefined ? "" : robot === "timeRanOut" ? " (robot, time ran out)" : ` (robot, ${robot.thoughtMs.toFixed(0)} ms)`} ${moveKind(move)}`,
  );
  // A new table message (which notifies) only when a person must act who did not have to before:
  // a robot's move or one of several picks made at once changes the table in place.
  const people = membersOf(result.game);
  const personNewlyActs =
    result.outcome !== null ||
    waitingFor(ui, result.game.state).some((id) => people.has(id) && !waitingBefore.includes(id));
  // The mover hears first when a new table follows (the answer leaves the picture to it); a table
  // edited in place goes first, so the answer can show its new picture by address.
  let edited: (files: readonly ShownFile[]) => void = () => {};
  const tableFiles = new Promise<readonly ShownFile[]>((resolve) => {
    edited = resolve;
  });
  const answered = request.answer?.(result.game, { newTable: personNewlyActs, tableFiles });
  const shown = afterChange(ctx, {
    kind: "move",
    game: result.game,
    events: result.events,
    personNewlyActs,
    versionBefore: game.version,
    ...(answered && personNewlyActs ? { answered } : {}),
    click: request.click ?? null,
    edited,
  });
  // A table update that edited nothing, or failed, leaves the answer to upload its picture.
  shown.then(
    () => edited([]),
    () => edited([]),
  );
  return { result, shown };
}
