import { SlashCommandBuilder } from "discord.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { tCount } from "../src/i18n/index.js";
import type { Command } from "./types.js";

export const stats: Command = {
  data: new SlashCommandBuilder().setName("stats").setDescription("Your finished games and wins"),
  async execute(ctx, interaction) {
    const scores = Object.fromEntries([...ctx.uis.values()].map((ui) => [ui.gameType, ui.engine.score]));
    const rows = ctx.store.statsForUser(interaction.user.id, scores);
    const lines = rows.map((r) => {
      const ui = ctx.uis.get(r.gameType);
      const best =
        r.best === null || !ui
          ? ""
          : `, best ${tCount(ui.engine.score.unitKey, r.best)} (${ui.engine.score.better} is better)`;
      const left = r.left > 0 ? `, ${r.left} left to a bot` : "";
      const withBots = r.withBots > 0 ? ` (${r.withBots} with bots at the table)` : "";
      return `• ${ui?.title ?? r.gameType}: ${r.played} played, ${r.won} won${left}${best}${withBots}`;
    });
    await answer(ctx, interaction, "ephemeral", () =>
      textPayload(lines.length ? `Your results:\n${lines.join("\n")}` : "No finished games yet."),
    );
  },
};
