import { SlashCommandBuilder } from "discord.js";
import { answer, textPayload } from "../src/bot/respond.js";
import type { Command } from "./types.js";

export const stats: Command = {
  data: new SlashCommandBuilder().setName("stats").setDescription("Your finished games and wins"),
  async execute(ctx, interaction) {
    const rows = ctx.store.statsForUser(interaction.user.id);
    const lines = rows.map((r) => {
      const title = ctx.uis.get(r.gameType)?.title ?? r.gameType;
      return `• ${title}: ${r.played} played, ${r.won} won${r.best !== null ? `, best score ${r.best}` : ""}`;
    });
    await answer(interaction, "ephemeral", () =>
      textPayload(lines.length ? `Your results:\n${lines.join("\n")}` : "No finished games yet."),
    );
  },
};
