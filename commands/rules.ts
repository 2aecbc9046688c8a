import { SlashCommandBuilder } from "discord.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { GAME_UIS } from "../src/bot/ui/index.js";
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
    const ui = ctx.uis.get(interaction.options.getString("game", true));
    await answer(interaction, "ephemeral", () =>
      textPayload(ui ? ui.rules.slice(0, 2000) : "I do not know that game."),
    );
  },
};
