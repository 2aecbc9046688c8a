import type { ButtonInteraction, StringSelectMenuInteraction } from "discord.js";
import { isUndo, UNDO_MOVE } from "../engine/core/undo.js";
import { tm, wordsFor } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import type { GameRecord } from "../store/store.js";
import { afterChange } from "./changes.js";
import type { BotContext } from "./context.js";
import { namesOf, uiFor } from "./games.js";
import { answerPanel, panelFor, withButton } from "./panels.js";
import { moveKind } from "./record.js";
import type { AnswerMode } from "./respond.js";
import { gameCustomId, RESERVED_ACTIONS } from "./ui/customId.js";
import { withNames } from "./ui/helpers.js";
import type { Payload } from "./ui/types.js";

/**
 * Taking a move back from the private panel: the ↩ button shows whenever the game's rules let the
 * player take back their latest move (see `src/engine/core/undo.ts`), and a click stores the
 * take-back and shows the table as it was before that move, with a line saying what was taken back.
 */

/**
 * Whether `userId` may take back a move now: the rules' verdict stored with the game's latest move
 * (`GameRecord.takeBackBy`), so a panel asks no more of the database than the game it shows.
 */
export function mayTakeBack(game: GameRecord, userId: string): boolean {
  return game.status === "active" && game.takeBackBy === userId;
}

/** The player's panel, with ↩ Take back when they may take a move back. */
export async function playerPanel(
  ctx: BotContext,
  game: GameRecord,
  userId: string,
  selection: unknown,
  notice: string | null,
  locale: Locale,
): Promise<Payload> {
  const panel = panelFor(ctx, game, userId, selection, notice, locale);
  if (!mayTakeBack(game, userId)) return panel;
  return withButton(panel, {
    customId: gameCustomId(game.id, game.version, RESERVED_ACTIONS.takeBack),
    label: wordsFor(locale)("undo.button"),
    emoji: "↩️",
    style: "secondary",
  });
}

/** Whether the click at `version` asked for the take-back this player already made from it (a double click). */
export async function alreadyTakenBack(
  ctx: BotContext,
  game: GameRecord,
  userId: string,
  version: number,
): Promise<boolean> {
  const made = await ctx.store.play.moveAt(game.id, version + 1);
  return made?.userId === userId && isUndo(made.move);
}

/**
 * A current ↩ click: the take-back is stored (or refused, with the reason in the panel), the
 * player's panel shows the game as it now is, and the table is redrawn with what was taken back.
 */
export async function takeBackClick(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  click: { game: GameRecord; seatId: string; locale: Locale; mode: AnswerMode },
): Promise<void> {
  const { game, seatId, locale, mode } = click;
  const words = wordsFor(locale);
  const show = (shown: GameRecord, notice: string) =>
    answerPanel(ctx, interaction, mode, { game: shown, seatId, locale }, () =>
      playerPanel(ctx, shown, seatId, null, notice, locale),
    );
  const result = await ctx.metrics.commit(() =>
    ctx.store.play.takeBack(game.id, seatId, game.version, uiFor(ctx, game).engine),
  );
  if (!result.ok) {
    const current = result.game ?? game;
    const notice =
      result.reason === "rule"
        ? `⚠️ ${tm(withNames(result.error, namesOf(current)), locale)}`
        : result.reason === "stale"
          ? words("bot.play.stale")
          : words("bot.cannotNow");
    return show(current, notice);
  }
  ctx.log.info(`game ${game.id} v${result.game.version}: ${seatId} ${moveKind(UNDO_MOVE)}`);
  const shown = afterChange(ctx, {
    kind: "move",
    game: result.game,
    events: result.events,
    personNewlyActs: false,
    versionBefore: game.version,
    click: { token: interaction.token, at: interaction.createdTimestamp },
  });
  await show(result.game, words("undo.done"));
  await shown.catch((err: unknown) =>
    ctx.log.warn(
      `game ${game.id}: the table could not be updated after a take-back: ${(err as Error).message}`,
    ),
  );
}
