import { isHuman } from "../store/store.js";
import type { BotContext } from "./context.js";
import { uiFor, waitingFor } from "./table.js";

/**
 * For games played over days: when the players to act have been silent for REMINDER_HOURS,
 * mention them once (per game version) with a link to the table.
 */
export function startReminders(ctx: BotContext): NodeJS.Timeout | null {
  if (ctx.config.reminderHours <= 0) return null;
  const idleMs = ctx.config.reminderHours * 3600 * 1000;
  const timer = setInterval(() => {
    remindIdle(ctx, idleMs).catch((err: unknown) =>
      ctx.log.warn(`reminders skipped: ${(err as Error).message}`),
    );
  }, ctx.config.reminderCheckMs);
  timer.unref();
  return timer;
}

export async function remindIdle(ctx: BotContext, idleMs: number): Promise<number> {
  let sent = 0;
  // Under sharding each process reminds only the games of its own guilds.
  const mine = ctx.store.gamesAwaitingReminder(idleMs, [...ctx.client.guilds.cache.keys()]);
  for (const game of mine) {
    try {
      // Bots move by themselves: only the people among those to act are reminded.
      const people = new Set(game.players.filter(isHuman).map((p) => p.userId));
      const actors = waitingFor(uiFor(ctx, game), game.state).filter((id) => people.has(id));
      const table = ctx.store.getMessage(game.id, "table");
      const channel = await ctx.client.channels.fetch(game.channelId).catch(() => null);
      if (!channel?.isSendable() || actors.length === 0) {
        // A channel that is gone or closed to the bot is not retried every ten minutes.
        ctx.store.markReminded(game.id, game.version);
        continue;
      }
      const link = table
        ? ` https://discord.com/channels/${game.guildId}/${table.channelId}/${table.messageId}`
        : "";
      await channel.send({
        content: `⏰ ${actors.map((id) => `<@${id}>`).join(" ")} — ${uiFor(ctx, game).title} is waiting for your move.${link}`,
        allowedMentions: { users: actors },
      });
      ctx.store.markReminded(game.id, game.version);
      sent++;
    } catch (err) {
      ctx.log.warn(`reminder for game ${game.id} failed: ${(err as Error).message}`);
    }
  }
  return sent;
}
