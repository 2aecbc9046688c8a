import { type GuildSettings, resolveGuildSettings } from "../store/settings.js";
import { type GameRecord, isHuman } from "../store/store.js";
import type { BotContext } from "./context.js";

export const HOUR_MS = 3600 * 1000;

/** A server's settings, with the configured defaults for what it has not set. */
export async function guildSettingsFor(
  ctx: Pick<BotContext, "store" | "config">,
  guildId: string,
): Promise<GuildSettings> {
  return resolveGuildSettings(await ctx.store.preferences.guildSettings(guildId), ctx.config.reminderHours);
}

/**
 * When the turn timer runs out for the people the game waits for: the earliest planned deadline,
 * else (not planned yet) a full timer from the last change. Null without a timer.
 */
export async function turnDeadline(
  ctx: Pick<BotContext, "store" | "scheduler">,
  settings: GuildSettings,
  game: GameRecord,
): Promise<number | null> {
  if (!timed(settings, game)) return null;
  // The timers of the changes noted so far are planned after their clicks: a deadline carried
  // over from an earlier version is read once they are.
  await ctx.scheduler.planned();
  const planned = (await ctx.store.due.dueOf(game.id)).filter(
    (r) => r.kind === "timer" && r.version === game.version && !r.done,
  );
  if (planned.length > 0) return Math.min(...planned.map((r) => r.dueAt));
  return game.updatedAt + (settings.turnTimerHours as number) * HOUR_MS;
}

/** A turn timer only where someone waits for someone: not in a game with one person at the table. */
export function timed(settings: GuildSettings, game: GameRecord): boolean {
  return settings.turnTimerHours !== null && game.players.filter(isHuman).length > 1;
}
