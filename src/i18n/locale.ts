/** The languages the bot speaks. */
export type Locale = "en" | "nl";

export const LOCALES: readonly Locale[] = ["en", "nl"];

/** The bot's language for a Discord locale ("nl", "en-US", …): Dutch for Dutch, else English. */
export function localeOf(discordLocale: string | null | undefined): Locale {
  return discordLocale?.toLowerCase().startsWith("nl") ? "nl" : "en";
}
