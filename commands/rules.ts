import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../src/bot/command.js";
import { readerLocale } from "../src/bot/locale.js";
import { answerInParts, messageParts } from "../src/bot/respond.js";
import { GAME_UIS } from "../src/bot/ui/index.js";
import { gameTitle, wordsFor } from "../src/i18n/index.js";
import { hasRules, rulesText } from "../src/i18n/rules.js";

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
    await answerInParts(
      ctx,
      interaction,
      messageParts(known ? rulesText(game, locale) : wordsFor(locale)("cmd.unknownGame")),
    );
  },
};
