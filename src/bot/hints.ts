import { HINTS_OPTION, hintsAllowed } from "../engine/core/game.js";
import { tm, wordsFor } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import type { GameRecord } from "../store/store.js";
import type { BotContext } from "./context.js";
import { namesOf, uiFor } from "./games.js";
import { robotJob } from "./thinkJob.js";
import { withNames } from "./ui/helpers.js";

/**
 * A one-line suggestion for `userId`, from the robot that would play their seat, deciding from their
 * own private view like any robot. Only the asker sees it, in their `locale`.
 */
export async function hintFor(
  ctx: BotContext,
  game: GameRecord,
  userId: string,
  locale: Locale,
): Promise<string> {
  const ui = uiFor(ctx, game);
  const words = wordsFor(locale);
  if (!hintsAllowed(ui.engine, game.options))
    // A game that does not offer the option had hints taken away at its start: a daily deal's.
    return words(
      ui.engine.options.some((o) => o.name === HINTS_OPTION.name) ? "bot.hint.off" : "daily.noHints",
    );
  const job = robotJob(ui.engine, game, userId, true);
  if (job.legal.length === 0) return words("bot.hint.noMove");
  try {
    const { choice } = await ctx.thinker.think(job);
    if (!choice) return words("bot.hint.any");
    return words("bot.hint.text", { reason: tm(withNames(choice.reason, namesOf(game)), locale) });
  } catch (err) {
    ctx.log.warn(`game ${game.id}: a hint could not be worked out: ${(err as Error).message}`);
    return words("bot.hint.failed");
  }
}
