import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { Command } from "../src/bot/command.js";
import { openLobby } from "../src/bot/lobby.js";
import { readerLocale } from "../src/bot/locale.js";
import type { Games } from "../src/bot/manifest.js";
import type { GameOptions } from "../src/engine/core/game.js";
import { playOptionName } from "../src/i18n/commands.js";
import { gameTitle, t, wordsFor } from "../src/i18n/index.js";

/** `/play <game>`: a subcommand per game, with its options. */
export function playCommand(games: Games): Command {
  const data = new SlashCommandBuilder().setName("play").setDescription("Start a card game in this channel");
  for (const { id, engine } of games.list) {
    data.addSubcommand((sub) => {
      sub
        .setName(id)
        .setDescription(
          `${gameTitle(id, "en")} (${engine.maxPlayers === 1 ? "1 player" : engine.minPlayers === engine.maxPlayers ? `${engine.minPlayers} players` : `${engine.minPlayers}–${engine.maxPlayers} players`})`,
        );
      for (const option of engine.options) {
        sub.addBooleanOption((o) =>
          o.setName(playOptionName(option.name)).setDescription(t(option.descriptionKey).slice(0, 100)),
        );
      }
      return sub;
    });
  }
  return { data, execute: play };
}

/** Opens the chosen game's lobby with the options given. */
const play: Command["execute"] = async (ctx, interaction) => {
  const gameType = interaction.options.getSubcommand();
  const ui = ctx.uis.get(gameType);
  if (!ui) {
    const words = wordsFor(await readerLocale(ctx, interaction));
    await interaction.reply({ content: words("cmd.unknownGame"), flags: MessageFlags.Ephemeral });
    return;
  }
  const options: GameOptions = {};
  for (const option of ui.engine.options) {
    options[option.name] = interaction.options.getBoolean(playOptionName(option.name)) ?? option.default;
  }
  await openLobby(ctx, interaction, gameType, options);
};
