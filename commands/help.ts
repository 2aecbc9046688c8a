import { SlashCommandBuilder } from "discord.js";
import { readerLocale } from "../src/bot/locale.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { NL_COMMANDS } from "../src/i18n/commands.js";
import { gameTitle, type Words, wordsFor } from "../src/i18n/index.js";
import type { Locale } from "../src/i18n/locale.js";
import type { Command } from "./types.js";

/** A `/play` subcommand's name as the reader's Discord app shows it (`twelves`, `twaalven-en-veertienen`). */
function playName(gameType: string, locale: Locale): string {
  return (locale === "nl" ? NL_COMMANDS[`play ${gameType}`]?.name : undefined) ?? gameType;
}

/** What `/help` says, in the reader's language, naming the games these UIs offer. */
export function helpText(gameTypes: readonly string[], words: Words): string {
  const games = gameTypes
    .map((gameType) => `\`${playName(gameType, words.locale)}\` ${gameTitle(gameType, words.locale)}`)
    .join(" · ");
  const buttons = gameTypes
    .map((gameType) => `**${words(`game.${gameType}.panelButton`)}** (${gameTitle(gameType, words.locale)})`)
    .join(", ");
  return [
    words("cmd.help.intro"),
    words("cmd.help.games", { games }),
    words("cmd.help.lobby"),
    words("cmd.help.panel", { buttons }),
    words("cmd.help.overviews"),
    words("cmd.help.hint"),
    words("cmd.help.leave"),
    words("cmd.help.rules"),
    words("cmd.help.notify"),
    words("cmd.help.threads"),
  ].join("\n");
}

export const help: Command = {
  data: new SlashCommandBuilder().setName("help").setDescription("What this bot does and how to use it"),
  async execute(ctx, interaction) {
    const words = wordsFor(readerLocale(ctx, interaction));
    await answer(ctx, interaction, "ephemeral", () => textPayload(helpText([...ctx.uis.keys()], words)));
  },
};
