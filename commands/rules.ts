import { MessageFlags, SlashCommandBuilder } from "discord.js";
import { readerLocale } from "../src/bot/locale.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { GAME_UIS } from "../src/bot/ui/index.js";
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
        .addChoices(...GAME_UIS.map((ui) => ({ name: ui.title, value: ui.gameType }))),
    ),
  async execute(ctx, interaction) {
    const game = interaction.options.getString("game", true);
    const known = ctx.uis.has(game) && hasRules(game);
    const [first, ...rest] = known
      ? messageParts(rulesText(game, readerLocale(ctx, interaction)))
      : ["I do not know that game."];
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
