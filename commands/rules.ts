import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../src/bot/command.js";
import { readerLocale } from "../src/bot/locale.js";
import type { Games } from "../src/bot/manifest.js";
import { answerInParts, messageParts } from "../src/bot/respond.js";
import { gameTitle, wordsFor } from "../src/i18n/index.js";

/** `/rules <game>`: a game's rules, from its manifest, in the reader's language. */
export function rulesCommand(games: Games): Command {
  return {
    data: new SlashCommandBuilder()
      .setName("rules")
      .setDescription("How to play a game")
      .addStringOption((o) =>
        o
          .setName("game")
          .setDescription("Which game")
          .setRequired(true)
          .addChoices(...games.ids.map((id) => ({ name: gameTitle(id, "en"), value: id }))),
      ),
    async execute(ctx, interaction) {
      const game = interaction.options.getString("game", true);
      const locale = await readerLocale(ctx, interaction);
      const rules = ctx.games.get(game)?.words.rules[locale];
      await answerInParts(ctx, interaction, messageParts(rules ?? wordsFor(locale)("cmd.unknownGame")));
    },
  };
}
