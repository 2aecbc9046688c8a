import { type APIMessage, Routes } from "discord.js";
import { hintsAllowed } from "../engine/core/game.js";
import { gameTitle, tm, type Words, wordsFor } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import type { GameRecord } from "../store/store.js";
import { now } from "./clock.js";
import type { BotContext } from "./context.js";
import { namesOf, uiFor } from "./games.js";
import { endText } from "./overview.js";
import { type Answerable, type AnswerMode, type AnswerPayload, answer } from "./respond.js";
import { discordMessage, linkedPictures } from "./ui/components.js";
import type { Button } from "./ui/controls.js";
import { gameCustomId, RESERVED_ACTIONS } from "./ui/customId.js";
import { withNames } from "./ui/helpers.js";
import type { Payload } from "./ui/types.js";

/**
 * A seat's private panel: drawn from the engine's private view, answered as an ephemeral message,
 * remembered as the seat's newest so the game's end can close it.
 */

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
 * A panel offers a Hint button whenever the player has a move to make and hints are allowed.
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
  return withButton(panel, {
    customId: gameCustomId(game.id, game.version, RESERVED_ACTIONS.hint),
    label: words("bot.play.hint"),
    emoji: "💡",
    style: "secondary",
  });
}

/** A shared button added to a panel: in a row of its own, or beside the last row's buttons when the panel has no room for one. */
export function withButton(panel: Payload, button: Button): Payload {
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
  work: () => Promise<AnswerPayload> | AnswerPayload,
): Promise<void> {
  await answer(ctx, interaction, mode, work);
  const { game, seatId, locale } = panel;
  // The player has their answer: a failure of this bookkeeping is logged, never told them as
  // "nothing was changed" (a move may have been stored before it).
  try {
    const recorded = await ctx.store.messages.setPanel(game.id, seatId, { token: interaction.token, locale });
    // A panel opened anew (not one updated in place) retires the seat's older one.
    if (mode === "ephemeral" && recorded?.previous && recorded.previous.shownAt >= now() - PANEL_EDITABLE_MS)
      await editPanel(ctx, recorded.previous.token, wordsFor(locale)("bot.play.panelReplaced")).catch(
        (err: unknown) =>
          ctx.log.info(
            `game ${game.id}: an older panel of ${seatId} was not retired: ${(err as Error).message}`,
          ),
      );
    if (recorded === undefined || recorded.status === "active") return;
    const latest = await ctx.store.games.getGame(game.id);
    if (latest && latest.status !== "active") await closePanels(ctx, latest);
  } catch (err) {
    ctx.log.warn(`game ${game.id}: the panel of ${seatId} was not recorded: ${(err as Error).message}`);
  }
}

/**
 * A panel's text replaced by `content` and its controls taken away. `shown`: the message as it
 * was, whose pictures (its attachments, and those it shows by address) it keeps showing under the
 * text; without it, the pictures are taken away.
 */
async function editPanel(
  ctx: BotContext,
  token: string,
  content: string,
  shown?: Pick<APIMessage, "attachments" | "components">,
): Promise<void> {
  const pictures = shown?.attachments ?? [];
  const links = linkedPictures(shown?.components ?? []);
  const message = discordMessage(
    {
      content,
      pictures: [
        ...pictures.map((p) => ({ name: p.filename, alt: p.description ?? "" })),
        ...links.map((link) => ({ name: link.filename, alt: link.alt, url: link.url })),
      ],
      components: [],
    },
    true,
  );
  await ctx.webhookRest.patch(Routes.webhookMessage(ctx.config.applicationId, token, "@original"), {
    body: {
      content: message.content,
      ...("flags" in message ? { flags: message.flags } : {}),
      components: message.components.map((c) => c.toJSON()),
      attachments: pictures.map((p) => ({ id: p.id })),
      allowed_mentions: { parse: [] },
    },
    auth: false,
  });
}

/**
 * When a game ends, every seat's newest panel that can still be edited says so, in its reader's
 * language, and loses its controls and picture (the table shows the final picture). A panel Discord no longer lets us edit
 * (deleted, expired) is let be.
 */
export async function closePanels(ctx: BotContext, game: GameRecord): Promise<void> {
  const panels = await ctx.store.messages.takePanels(game.id, now() - PANEL_EDITABLE_MS);
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
        // The panel keeps its picture, the player's last view of the game, under the outcome.
        const shown = (await ctx.webhookRest.get(
          Routes.webhookMessage(ctx.config.applicationId, panel.token, "@original"),
          { auth: false },
        )) as APIMessage;
        await editPanel(ctx, panel.token, content, shown);
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
