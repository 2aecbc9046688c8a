import { type ButtonInteraction, MessageFlags, Routes, type StringSelectMenuInteraction } from "discord.js";
import { hintsAllowed } from "../engine/core/game.js";
import { gameTitle, tm, type Words, wordsFor } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import { type GameRecord, humanSeat } from "../store/store.js";
import { now } from "./clock.js";
import type { BotContext } from "./context.js";
import { gameCustomId } from "./customId.js";
import { namesOf, uiFor, waitingFor, withNames } from "./games.js";
import { HINT, hintFor } from "./hints.js";
import { readerLocale } from "./locale.js";
import { endText } from "./overview.js";
import { moveKind, replayEvents, stateAt } from "./record.js";
import { type Answerable, type AnswerMode, answer, textPayload } from "./respond.js";
import type { Button } from "./ui/controls.js";
import { BACK, REFRESH } from "./ui/kit.js";
import type { AnyGameUi, Payload } from "./ui/types.js";

type Click = ButtonInteraction | StringSelectMenuInteraction;

/** The private panel of one player, built from the engine's private view only. */
export function panelFor(
  ctx: BotContext,
  game: GameRecord,
  userId: string,
  selection: unknown,
  notice: string | null,
  locale: Locale,
): Payload {
  const ui = uiFor(ctx, game);
  const view = ui.engine.privateView(game.state, userId);
  const words = wordsFor(locale);
  const panel = ui.panel({
    ref: { gameId: game.id, version: game.version },
    userId,
    view,
    names: namesOf(game),
    selection: selection ?? null,
    notice,
    words,
  });
  return withHintButton(ctx, game, userId, panel, words);
}

/**
 * A panel offers a Hint button whenever the player has a move to make and hints are allowed; it
 * goes in a row of its own, or beside the last row's buttons when the panel has no room for one.
 */
function withHintButton(
  ctx: BotContext,
  game: GameRecord,
  userId: string,
  panel: Payload,
  words: Words,
): Payload {
  const ui = uiFor(ctx, game);
  if (game.status !== "active" || !ctx.games.get(game.gameType) || !hintsAllowed(ui.engine, game.options))
    return panel;
  if (ui.engine.legalMoves(game.state, userId).length === 0) return panel;
  const button: Button = {
    customId: gameCustomId(game.id, game.version, HINT),
    label: words("bot.play.hint"),
    emoji: "💡",
    style: "secondary",
  };
  const rows = panel.components;
  const last = rows.at(-1);
  if (rows.length < MAX_ROWS) {
    return { ...panel, components: [...rows, { kind: "buttons", buttons: [button] }] };
  }
  if (last?.kind === "buttons" && last.buttons.length < MAX_BUTTONS_PER_ROW) {
    const widened = { kind: "buttons" as const, buttons: [...last.buttons, button] };
    return { ...panel, components: [...rows.slice(0, -1), widened] };
  }
  return panel;
}

/** How long Discord lets an interaction's answer be edited (15 minutes), with a margin. */
const PANEL_EDITABLE_MS = 14 * 60_000;

/**
 * Answers with a seat's private panel and remembers it as the seat's newest, so the game's end can
 * close it. A game that ended meanwhile (someone else's last move) closes it at once.
 */
export async function answerPanel(
  ctx: BotContext,
  interaction: Answerable,
  mode: AnswerMode,
  panel: { game: GameRecord; seatId: string; locale: Locale },
  work: () => Promise<Payload> | Payload,
): Promise<void> {
  await answer(ctx, interaction, mode, work);
  const { game, seatId, locale } = panel;
  ctx.store.setPanel(game.id, seatId, { token: interaction.token, locale });
  const latest = ctx.store.getGame(game.id);
  if (latest && latest.status !== "active") await closePanels(ctx, latest);
}

/**
 * When a game ends, every seat's newest panel that can still be edited says so, in its reader's
 * language, and loses its controls; its picture stays. A panel Discord no longer lets us edit
 * (deleted, expired) is let be.
 */
export async function closePanels(ctx: BotContext, game: GameRecord): Promise<void> {
  const panels = ctx.store.takePanels(game.id, now() - PANEL_EDITABLE_MS);
  const ui = uiFor(ctx, game);
  const outcome = game.state === null ? null : ui.engine.outcome(game.state);
  await Promise.all(
    panels.map(async (panel) => {
      const words = wordsFor(panel.locale);
      const title = gameTitle(game.gameType, panel.locale);
      const content = outcome
        ? words("bot.play.panelOver", {
            title,
            summary: tm(withNames(outcome.summary, namesOf(game)), panel.locale),
          })
        : words("bot.table.endedLine", { title, detail: endText(game.endReason, words) });
      try {
        await ctx.webhookRest.patch(
          Routes.webhookMessage(ctx.config.applicationId, panel.token, "@original"),
          {
            body: { content, components: [], allowed_mentions: { parse: [] } },
            auth: false,
          },
        );
      } catch (err) {
        ctx.log.info(
          `game ${game.id}: the panel of ${panel.seatId} was not closed: ${(err as Error).message}`,
        );
      }
    }),
  );
}

/** Discord's limits for one message's components. */
const MAX_ROWS = 5;
const MAX_BUTTONS_PER_ROW = 5;

/** The notices of a click, in the clicker's words (catalog keys). */
const TABLE_FAILED_NOTICE = "bot.play.tableFailed";
const STALE_PANEL_NOTICE = "bot.play.stalePanel";
const STALE_NOTICE = "bot.play.stale";
const ALREADY_MADE_NOTICE = "bot.play.alreadyMade";
const ALREADY_MADE_LAST = "bot.play.alreadyMadeLast";

/**
 * A click from an older version changes nothing. When it asks for exactly the move this player
 * made from that version, it was a double click and the move stands; else the game moved on.
 * The click is read as it was meant: against the game as it was at the clicked version.
 */
function isRepeatedMove(
  ctx: BotContext,
  ui: AnyGameUi,
  game: GameRecord,
  userId: string,
  click: { version: number; action: string; args: string[]; values: string[] },
): boolean {
  const made = ctx.store.moveAt(game.id, click.version + 1);
  if (made?.userId !== userId) return false;
  const then = stateAt(ui.engine, game, ctx.store.moves(game.id), click.version);
  if (then === null) return false;
  const view = ui.engine.privateView(then, userId);
  const intent = ui.interpret({ userId, view, action: click.action, args: click.args, values: click.values });
  return intent.kind === "move" && JSON.stringify(intent.move) === JSON.stringify(made.move);
}

/** At most this many of the moves that came first are told. */
const MEANWHILE_EVENTS = 3;

/**
 * Why a click from `version` changed nothing: what the others did since (who claimed the start
 * first), as the table told it, in the clicker's `words`; the plain notice when nothing was played.
 */
export function staleNotice(ctx: BotContext, game: GameRecord, version: number, words: Words): string {
  const names = namesOf(game);
  const events = replayEvents(uiFor(ctx, game).engine, game, ctx.store.moves(game.id))
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
  const locale = readerLocale(ctx, interaction);
  const words = wordsFor(locale);
  const mode = fromPanel ? "update" : "ephemeral";
  const game = ctx.store.getGame(parsed.gameId);
  if (!game) return answer(ctx, interaction, "ephemeral", () => textPayload(words("bot.play.gone")));
  const seat = humanSeat(game, interaction.user.id);
  const values = interaction.isStringSelectMenu() ? interaction.values : [];
  const click = { ...parsed, values };
  if (game.status !== "active") {
    const last =
      seat !== undefined &&
      game.state !== null &&
      isRepeatedMove(ctx, uiFor(ctx, game), game, seat.userId, click);
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
  if (parsed.action === "panel") {
    // Opening the panel changes nothing, so an older table's button still shows the current hand.
    const notice = parsed.version === game.version ? null : words(STALE_PANEL_NOTICE);
    return showPanel("ephemeral", game, () => panelFor(ctx, game, seatId, null, notice, locale));
  }
  if (parsed.action === HINT) {
    // Thought over on the bots' thread; the answer is deferred meanwhile if it takes long.
    return showPanel(mode, game, async () =>
      panelFor(ctx, game, seatId, null, await hintFor(ctx, game, seatId, locale), locale),
    );
  }
  if (parsed.action === REFRESH || parsed.action === BACK) {
    return showPanel(mode, game, () => panelFor(ctx, game, seatId, null, null, locale));
  }
  if (parsed.version !== game.version && !ui.unversionedActions?.includes(parsed.action)) {
    const notice = isRepeatedMove(ctx, ui, game, seatId, click)
      ? words(ALREADY_MADE_NOTICE)
      : staleNotice(ctx, game, parsed.version, words);
    return showPanel(mode, game, () => panelFor(ctx, game, seatId, null, notice, locale));
  }
  const view = ui.engine.privateView(game.state, seatId);
  const intent = ui.interpret({ userId: seatId, view, action: parsed.action, args: parsed.args, values });
  if (intent.kind === "refuse") {
    const reason = tm(withNames(intent.message, namesOf(game)), locale);
    return showPanel(mode, game, () => panelFor(ctx, game, seatId, null, `⚠️ ${reason}`, locale));
  }
  if (intent.kind === "panel") {
    return showPanel(mode, game, () => panelFor(ctx, game, seatId, intent.selection, null, locale));
  }
  const actorsBefore = waitingFor(ui, game.state).join(",");
  const unversioned = ui.unversionedActions?.includes(parsed.action) ?? false;
  const expected = unversioned ? game.version : parsed.version;
  const result = ctx.metrics.commit(() =>
    ctx.store.applyMove(game.id, seatId, expected, intent.move, ui.engine),
  );
  if (!result.ok) {
    const current = result.game ?? game;
    const notice =
      result.reason === "rule"
        ? `⚠️ ${tm(withNames(result.error, namesOf(current)), locale)}`
        : result.reason === "stale"
          ? isRepeatedMove(ctx, ui, current, seatId, { ...click, version: expected })
            ? words(ALREADY_MADE_NOTICE)
            : staleNotice(ctx, current, expected, words)
          : words("bot.cannotNow");
    return showPanel(mode, current, () => panelFor(ctx, current, seatId, null, notice, locale));
  }
  ctx.log.info(`game ${game.id} v${result.game.version}: ${seatId} ${moveKind(intent.move)}`);
  const answered = showPanel(mode, result.game, () => panelFor(ctx, result.game, seatId, null, null, locale));
  // Queued at once, in the order the moves were stored; it runs once the player has their answer.
  // The move is stored whatever happens to that answer, so the table shows it regardless, and a
  // failure to post the table is not reported to the player as "nothing was changed".
  const turnChanged = result.outcome !== null || waitingFor(ui, result.game.state).join(",") !== actorsBefore;
  const shown = ctx.tables
    .showMove(result.game, result.events, turnChanged, game.version, answered, {
      token: interaction.token,
      at: interaction.createdTimestamp,
    })
    .catch(async (err: unknown) => {
      ctx.log.warn(
        `game ${game.id}: the table could not be updated after a stored move: ${(err as Error).message}`,
      );
      await interaction
        .followUp({ content: words(TABLE_FAILED_NOTICE), flags: MessageFlags.Ephemeral })
        .catch(() => ctx.log.warn(`game ${game.id}: could not tell the player either`));
    });
  ctx.tables.scheduleBots(result.game);
  try {
    await answered;
  } finally {
    await shown;
  }
}
