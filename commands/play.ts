import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { Command } from "../src/bot/command.js";
import { openLobby } from "../src/bot/lobby.js";
import { readerLocale } from "../src/bot/locale.js";
import { GAME_UIS } from "../src/bot/ui/index.js";
import type { GameOptions } from "../src/engine/core/game.js";
import { playOptionName } from "../src/i18n/commands.js";
import { gameTitle, t, wordsFor } from "../src/i18n/index.js";

const data = new SlashCommandBuilder().setName("play").setDescription("Start a card game in this channel");
for (const ui of GAME_UIS) {
  data.addSubcommand((sub) => {
    sub
      .setName(ui.gameType)
      .setDescription(
        `${gameTitle(ui.gameType, "en")} (${ui.engine.maxPlayers === 1 ? "1 player" : ui.engine.minPlayers === ui.engine.maxPlayers ? `${ui.engine.minPlayers} players` : `${ui.engine.minPlayers}–${ui.engine.maxPlayers} players`})`,
      );
    for (const option of ui.engine.options) {
      sub.addBooleanOption((o) =>
        o.setName(playOptionName(option.name)).setDescription(t(option.descriptionKey).slice(0, 100)),
      );
    }
    return sub;
  });
}

export const play: Command = {
  data,
  async execute(ctx, interaction) {
    const gameType = interaction.options.getSubcommand();
    const ui = ctx.uis.get(gameType);
    if (!ui) {
      const words = wordsFor(readerLocale(ctx, interaction));
      await interaction.reply({ content: words("cmd.unknownGame"), flags: MessageFlags.Ephemeral });
      return;
    }
    const options: GameOptions = {};
    for (const option of ui.engine.options) {
      options[option.name] = interaction.options.getBoolean(playOptionName(option.name)) ?? option.default;
    }
    await openLobby(ctx, interaction, gameType, options);
  },
};
