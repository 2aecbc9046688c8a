import { type ButtonInteraction, MessageFlags, type StringSelectMenuInteraction } from "discord.js";
import { tm, type Words, wordsFor } from "../i18n/index.js";
import { type GameRecord, humanSeat, isDatabaseUnavailable } from "../store/store.js";
import { makeMove } from "./changes.js";
import type { BotContext } from "./context.js";
import { namesOf, uiFor } from "./games.js";
import { hintFor } from "./hints.js";
import { readerLocale } from "./locale.js";
import { answerPanel } from "./panels.js";
import { replayEvents, stateAt } from "./record.js";
import { type AnswerMode, answer, textPayload } from "./respond.js";
import { alreadyTakenBack, playerPanel, takeBackClick } from "./takeBack.js";
import { RESERVED_ACTIONS } from "./ui/customId.js";
import { withNames } from "./ui/helpers.js";
import type { AnyGameUi, Payload, ShownFile } from "./ui/types.js";

type Click = ButtonInteraction | StringSelectMenuInteraction;

/** The notices of a click, in the clicker's words (catalog keys). */
const TABLE_FAILED_NOTICE = "bot.play.tableFailed";
const TABLE_LATE_NOTICE = "bot.play.tableLate";
const STALE_PANEL_NOTICE = "bot.play.stalePanel";
const STALE_NOTICE = "bot.play.stale";
const ALREADY_MADE_NOTICE = "bot.play.alreadyMade";
const ALREADY_MADE_LAST = "bot.play.alreadyMadeLast";

/**
 * A click from an older version changes nothing. When it asks for exactly the move this player
 * made from that version, it was a double click and the move stands; else the game moved on.
 * The click is read as it was meant: against the game as it was at the clicked version.
 */
async function isRepeatedMove(
  ctx: BotContext,
  ui: AnyGameUi,
  game: GameRecord,
  userId: string,
  click: { version: number; action: string; args: string[]; values: string[] },
): Promise<boolean> {
  const made = await ctx.store.play.moveAt(game.id, click.version + 1);
  if (made?.userId !== userId) return false;
  const then = stateAt(ui.engine, game, await ctx.store.play.moves(game.id), click.version);
  if (then === null) return false;
  const view = ui.engine.privateView(then, userId);
  const intent = ui.interpret({ userId, view, action: click.action, args: click.args, values: click.values });
  return intent.kind === "move" && JSON.stringify(intent.move) === JSON.stringify(made.move);
}

/**
 * How long a mover's panel waits for the table being edited in place, to show its picture by
 * address. A table held up longer (Discord's rate limits, updates queued before it) leaves the
 * panel to upload the picture itself rather than keep the mover waiting.
 */
const TABLE_WAIT_MS = 2000;

/** The files a table shows once edited, or none if that takes longer than `ms`. */
function filesWithin(files: Promise<readonly ShownFile[]>, ms: number): Promise<readonly ShownFile[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<readonly ShownFile[]>((resolve) => {
    timer = setTimeout(() => resolve([]), ms);
  });
  return Promise.race([files, late]).finally(() => clearTimeout(timer));
}

/** At most this many of the moves that came first are told. */
const MEANWHILE_EVENTS = 3;

/**
 * Why a click from `version` changed nothing: what the others did since (who claimed the start
 * first), as the table told it, in the clicker's `words`; the plain notice when nothing was played.
 */
export async function staleNotice(
  ctx: BotContext,
  game: GameRecord,
  version: number,
  words: Words,
): Promise<string> {
  const names = namesOf(game);
  const events = replayEvents(uiFor(ctx, game).engine, game, await ctx.store.play.moves(game.id))
    .filter((m) => m.seq > version)
    .flatMap((m) => m.events)
    .slice(-MEANWHILE_EVENTS)
    .map((e) => `• ${words.message(withNames(e, names))}`);
  return events.length > 0
    ? words("bot.play.staleAfter", { events: events.join("\n") })
    : words(STALE_NOTICE);
}

/** Why a clicker without a seat cannot play: the seat they started in was left or handed over, or they never had one. */
function notSeated(game: GameRecord, clickerId: string, words: Words): string {
  const first = game.players.find((p) => p.userId === clickerId);
  if (first?.kind === "bot") return words("bot.play.leftSeat", { name: first.displayName });
  if (first) return words("bot.play.handedOver", { name: first.displayName });
  return words("bot.play.notPlaying");
}

/**
 * Every click on a game component: the router has checked the custom_id's shape; here the game is
 * reloaded, the clicker's seat and the version are checked, and the game's UI decides what it means.
 * The clicker is a Discord user; the engine knows their seat by its id, which a seat handed to
 * another member keeps.
 * Clicks on the public table answer with a new ephemeral message; clicks inside a private panel
 * update that panel. `refresh` and `back` are every panel's, and only redraw it.
 */
export async function handleGameClick(
  ctx: BotContext,
  interaction: Click,
  parsed: { gameId: number; version: number; action: string; args: string[] },
): Promise<void> {
  const fromPanel = interaction.message.flags.has(MessageFlags.Ephemeral);
  // Only the clicker sees the answer: it is in their language.
  const locale = await readerLocale(ctx, interaction);
  const words = wordsFor(locale);
  const mode = fromPanel ? "update" : "ephemeral";
  const game = await ctx.store.games.getGame(parsed.gameId);
  if (!game) return answer(ctx, interaction, "ephemeral", () => textPayload(words("bot.play.gone")));
  const seat = humanSeat(game, interaction.user.id);
  const values = interaction.isStringSelectMenu() ? interaction.values : [];
  const click = { ...parsed, values };
  if (game.status !== "active") {
    const last =
      seat !== undefined &&
      game.state !== null &&
      (await isRepeatedMove(ctx, uiFor(ctx, game), game, seat.userId, click));
    return answer(ctx, interaction, mode, () =>
      textPayload(words(last ? ALREADY_MADE_LAST : "bot.play.over")),
    );
  }
  if (!seat)
    return answer(ctx, interaction, "ephemeral", () =>
      textPayload(notSeated(game, interaction.user.id, words)),
    );
  const seatId = seat.userId;
  const ui = uiFor(ctx, game);
  const showPanel = (
    as: AnswerMode,
    shown: GameRecord,
    work: () => Promise<Payload> | Payload,
  ): Promise<void> => answerPanel(ctx, interaction, as, { game: shown, seatId, locale }, work);
  if (parsed.action === RESERVED_ACTIONS.panel) {
    // Opening the panel changes nothing, so an older table's button still shows the current hand.
    const notice = parsed.version === game.version ? null : words(STALE_PANEL_NOTICE);
    return showPanel("ephemeral", game, () => playerPanel(ctx, game, seatId, null, notice, locale));
  }
  if (parsed.action === RESERVED_ACTIONS.hint) {
    // Thought over on the robots' thread; the answer is deferred meanwhile if it takes long.
    return showPanel(mode, game, async () =>
      playerPanel(ctx, game, seatId, null, await hintFor(ctx, game, seatId, locale), locale),
    );
  }
  if (parsed.action === RESERVED_ACTIONS.refresh || parsed.action === RESERVED_ACTIONS.back) {
    return showPanel(mode, game, () => playerPanel(ctx, game, seatId, null, null, locale));
  }
  if (parsed.action === RESERVED_ACTIONS.takeBack) {
    if (parsed.version === game.version)
      return takeBackClick(ctx, interaction, { game, seatId, locale, mode });
    const notice = (await alreadyTakenBack(ctx, game, seatId, parsed.version))
      ? words("undo.alreadyTakenBack")
      : await staleNotice(ctx, game, parsed.version, words);
    return showPanel(mode, game, () => playerPanel(ctx, game, seatId, null, notice, locale));
  }
  if (parsed.version !== game.version && !ui.unversionedActions?.includes(parsed.action)) {
    const notice = (await isRepeatedMove(ctx, ui, game, seatId, click))
      ? words(ALREADY_MADE_NOTICE)
      : await staleNotice(ctx, game, parsed.version, words);
    return showPanel(mode, game, () => playerPanel(ctx, game, seatId, null, notice, locale));
  }
  const view = ui.engine.privateView(game.state, seatId);
  const intent = ui.interpret({ userId: seatId, view, action: parsed.action, args: parsed.args, values });
  if (intent.kind === "refuse") {
    const reason = tm(withNames(intent.message, namesOf(game)), locale);
    return showPanel(mode, game, () => playerPanel(ctx, game, seatId, null, `⚠️ ${reason}`, locale));
  }
  if (intent.kind === "panel") {
    return showPanel(mode, game, () => playerPanel(ctx, game, seatId, intent.selection, null, locale));
  }
  const unversioned = ui.unversionedActions?.includes(parsed.action) ?? false;
  const expected = unversioned ? game.version : parsed.version;
  // The mover's panel and the table, queued at once in the order the moves were stored, go out in
  // the order `makeMove` gives. The move is stored whatever happens to that answer, so the table
  // shows it regardless, and a failure to post the table is not reported to the player as
  // "nothing was changed".
  let answered: Promise<void> = Promise.resolve();
  const { result, shown } = await makeMove(ctx, {
    game,
    seatId,
    move: intent.move,
    version: expected,
    // The game's picture is uploaded once, with the table: a new table right under the answer
    // shows it, so the mover's panel leaves it out; a table edited in place is edited first, and
    // the panel shows its very file by address.
    answer: (moved, { newTable, tableFiles }) =>
      (answered = showPanel(mode, moved, async () => {
        const panel = await playerPanel(ctx, moved, seatId, null, null, locale);
        return newTable
          ? { ...panel, pictures: [] }
          : { ...panel, elsewhere: await filesWithin(tableFiles, TABLE_WAIT_MS) };
      })),
    click: { token: interaction.token, at: interaction.createdTimestamp },
  });
  if (!result.ok) {
    const current = result.game ?? game;
    const notice =
      result.reason === "rule"
        ? `⚠️ ${tm(withNames(result.error, namesOf(current)), locale)}`
        : result.reason === "stale"
          ? (await isRepeatedMove(ctx, ui, current, seatId, { ...click, version: expected }))
            ? words(ALREADY_MADE_NOTICE)
            : await staleNotice(ctx, current, expected, words)
          : words("bot.cannotNow");
    return showPanel(mode, current, () => playerPanel(ctx, current, seatId, null, notice, locale));
  }
  const told = shown.catch(async (err: unknown) => {
    ctx.log.warn(
      `game ${game.id}: the table could not be updated after a stored move: ${(err as Error).message}`,
    );
    // The database, not Discord, may be what failed: the table then follows once it answers again.
    const notice = isDatabaseUnavailable(err) ? TABLE_LATE_NOTICE : TABLE_FAILED_NOTICE;
    // A follow-up comes after the answer (which waits for a table edited in place).
    await answered.catch(() => undefined);
    await interaction
      .followUp({ content: words(notice), flags: MessageFlags.Ephemeral })
      .catch(() => ctx.log.warn(`game ${game.id}: could not tell the player either`));
  });
  try {
    await answered;
  } finally {
    await told;
  }
}
