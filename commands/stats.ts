import { type ChatInputCommandInteraction, SlashCommandBuilder } from "discord.js";
import type { BotContext } from "../src/bot/context.js";
import { leaderboardText } from "../src/bot/overview.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { tCount } from "../src/i18n/index.js";
import type { Command } from "./types.js";

const data = new SlashCommandBuilder()
  .setName("stats")
  .setDescription("Results of finished games")
  .addSubcommand((s) => s.setName("me").setDescription("Your finished games, wins and best scores"))
  .addSubcommand((s) =>
    s.setName("server").setDescription("This server's best players per game: most wins, then win rate"),
  );

function myResults(ctx: BotContext, interaction: ChatInputCommandInteraction): string {
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
  return lines.length ? `Your results:\n${lines.join("\n")}` : "No finished games yet.";
}

export const stats: Command = {
  data,
  async execute(ctx, interaction) {
    if (interaction.options.getSubcommand() === "me")
      return answer(ctx, interaction, "ephemeral", () => textPayload(myResults(ctx, interaction)));
    const guildId = interaction.guildId;
    if (!guildId)
      return answer(ctx, interaction, "ephemeral", () =>
        textPayload("The leaderboard belongs to a server: use `/stats server` in one of its channels."),
      );
    // Everyone may look; mentions name the players without pinging them (answers mention nobody).
    return answer(ctx, interaction, "ephemeral", () => textPayload(leaderboardText(ctx, guildId)));
  },
};
