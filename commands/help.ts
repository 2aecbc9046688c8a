import { SlashCommandBuilder } from "discord.js";
import { answer, textPayload } from "../src/bot/respond.js";
import type { Command } from "./types.js";

export const help: Command = {
  data: new SlashCommandBuilder().setName("help").setDescription("What this bot does and how to use it"),
  async execute(ctx, interaction) {
    const games = [...ctx.uis.values()].map((ui) => `\`${ui.gameType}\` ${ui.title}`).join(" · ");
    const buttons = [...ctx.uis.values()].map((ui) => `**${ui.panelLabel}** (${ui.title})`).join(", ");
    const text = [
      "**Card games for your server.** Play live, or over days: every move is saved and I ping whoever must act.",
      `Games: ${games}`,
      "• `/play <game>` opens a lobby in this channel; others press **Join**, the host presses **Start**. Short of friends? The host presses **Add a bot** for each empty seat.",
      `• On the table message, the first button opens your private panel — only you see it — with your cards and the buttons to play: ${buttons}.`,
      "• `/game hand` opens that panel too · `/game status` lists your open games in every server, your turn first · `/game history` your ended games · `/game log` shows the channel's game record.",
      "• `/game hint` (or **Hint** in your panel) privately suggests a move — in competitive games only with the `hints` option.",
      "• `/game leave` leaves: a bot takes your seat and the game goes on (with no other player left, it ends) · `/game end` ends the channel's game · `/game replace` hands a player's seat to someone else (both host or Manage Server).",
      "• `/rules <game>` explains a game · `/stats me` shows your results · `/stats server` the server's best players.",
      "• `/notify` sets how I tell you it is your turn: a DM, your time zone, quiet hours, or away until a date · `/settings` sets a server's reminders, turn timer, threads and quiet hours (Manage Server).",
      "One open game per channel: to run more at once, start them in threads.",
    ].join("\n");
    await answer(ctx, interaction, "ephemeral", () => textPayload(text));
  },
};
