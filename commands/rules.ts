import { MessageFlags, SlashCommandBuilder } from "discord.js";
import { readerLocale } from "../src/bot/locale.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { GAME_UIS } from "../src/bot/ui/index.js";
import { gameTitle, wordsFor } from "../src/i18n/index.js";
import { hasRules, rulesText } from "../src/i18n/rules.js";
import type { Command } from "./types.js";

export const rules: Command = {
  data: new SlashCommandBuilder()
    .setName("rules")
    .setDescription("How to play a game")
    .addStringOption((o) =>
      o
        .setName("game")
        .setDescription("Which game")
        .setRequired(true)
        .addChoices(...GAME_UIS.map((ui) => ({ name: gameTitle(ui.gameType, "en"), value: ui.gameType }))),
    ),
  async execute(ctx, interaction) {
    const game = interaction.options.getString("game", true);
    const locale = readerLocale(ctx, interaction);
    const known = ctx.uis.has(game) && hasRules(game);
    const [first, ...rest] = known
      ? messageParts(rulesText(game, locale))
      : [wordsFor(locale)("cmd.unknownGame")];
    await answer(ctx, interaction, "ephemeral", () => textPayload(first ?? ""));
    for (const part of rest) {
      await interaction.followUp({
        content: part,
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
    }
  },
};

/** Rules may run to 4000 characters; a message holds 2000, so longer rules go out in parts, cut between lines. */
export function messageParts(text: string, limit = 2000): string[] {
  const parts: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    const joined = current ? `${current}\n${line}` : line;
    if (joined.length <= limit) current = joined;
    else {
      if (current) parts.push(current);
      current = line.slice(0, limit);
    }
  }
  if (current) parts.push(current);
  return parts;
}
