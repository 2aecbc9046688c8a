import { type Locale, localeOf } from "../i18n/locale.js";
import type { BotContext } from "./context.js";

/** What of an interaction tells whose language an answer is in. */
interface Reader {
  user: { id: string };
  locale: string;
}

/** The language of an answer only the clicker sees: their own `/notify language`, else their Discord client's. */
export async function readerLocale(ctx: BotContext, interaction: Reader): Promise<Locale> {
  return (
    (await ctx.store.preferences.userPrefs(interaction.user.id)).language ?? localeOf(interaction.locale)
  );
}

/**
 * The language of a server's public messages: its `/settings language`, else the preferred locale
 * Discord keeps for the server (English outside a server or for a server the bot does not see).
 */
export async function serverLocale(ctx: BotContext, guildId: string | null): Promise<Locale> {
  if (!guildId) return "en";
  const chosen = (await ctx.store.preferences.guildSettings(guildId)).language;
  if (chosen) return chosen;
  return localeOf(ctx.client.guilds.cache.get(guildId)?.preferredLocale);
}

/**
 * The language of what one person reads away from the interaction, like a turn DM or a reminder:
 * their own `/notify language`, else the language of the server the game is on.
 */
export async function personLocale(ctx: BotContext, userId: string, guildId: string | null): Promise<Locale> {
  return (await ctx.store.preferences.userPrefs(userId)).language ?? (await serverLocale(ctx, guildId));
}
