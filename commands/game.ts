import { PermissionFlagsBits, SlashCommandBuilder } from "discord.js";
import type { BotContext } from "../src/bot/context.js";
import { refreshLobby } from "../src/bot/lobby.js";
import { inOrder, panelFor } from "../src/bot/play.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { postTable, uiFor, waitingFor } from "../src/bot/table.js";
import type { GameRecord } from "../src/store/store.js";
import type { Command } from "./types.js";

const data = new SlashCommandBuilder()
  .setName("game")
  .setDescription("Your games")
  .addSubcommand((s) =>
    s.setName("hand").setDescription("Show your hand (only you see it) for the game in this channel"),
  )
  .addSubcommand((s) => s.setName("status").setDescription("List your open games with links"))
  .addSubcommand((s) =>
    s.setName("leave").setDescription("Leave the game in this channel (an active game ends)"),
  )
  .addSubcommand((s) =>
    s.setName("end").setDescription("End the game in this channel (host or server manager)"),
  )
  .addSubcommand((s) =>
    s.setName("log").setDescription("Show the moves of the game in this channel (kinds and players only)"),
  );

function link(ctx: BotContext, game: GameRecord): string {
  const m = ctx.store.getMessage(game.id, game.status === "lobby" ? "lobby" : "table");
  return m
    ? `https://discord.com/channels/${game.guildId}/${m.channelId}/${m.messageId}`
    : `<#${game.channelId}>`;
}

async function endGame(ctx: BotContext, game: GameRecord, why: string): Promise<void> {
  const ended = ctx.store.abandon(game.id, why);
  if (!ended) return;
  ctx.log.info(`game ${game.id}: ended (${why})`);
  if (game.status === "lobby") {
    await refreshLobby(ctx, ended);
    return;
  }
  await inOrder(game.id, () => postTable(ctx, ended, [{ key: "bot.gameEnded", params: { why } }])).catch(
    (err: unknown) =>
      ctx.log.warn(
        `game ${game.id}: ended, but the final table could not be posted: ${(err as Error).message}`,
      ),
  );
}

export const game: Command = {
  data,
  async execute(ctx, interaction) {
    const sub = interaction.options.getSubcommand();
    const userId = interaction.user.id;
    if (sub === "status") {
      const games = ctx.store.openGamesForUser(userId);
      const lines = games.map((g) => {
        const ui = uiFor(ctx, g);
        const actors = g.status === "active" ? waitingFor(ui, g.state) : [];
        const state =
          g.status === "lobby" ? "lobby" : actors.includes(userId) ? "**your move**" : "waiting for others";
        return `• ${ui.title} in <#${g.channelId}> — ${state} — ${link(ctx, g)}`;
      });
      return answer(interaction, "ephemeral", () =>
        textPayload(
          lines.length
            ? `Your open games:\n${lines.join("\n")}`.slice(0, 2000)
            : "You have no open games. Start one with `/play`.",
        ),
      );
    }
    const current = ctx.store.openGameInChannel(interaction.channelId);
    if (!current)
      return answer(interaction, "ephemeral", () => textPayload("There is no open game in this channel."));
    const seated = current.players.some((p) => p.userId === userId);
    if (sub === "hand") {
      if (!seated)
        return answer(interaction, "ephemeral", () =>
          textPayload("You are not playing in this channel's game."),
        );
      if (current.status !== "active")
        return answer(interaction, "ephemeral", () => textPayload("The game has not started yet."));
      return answer(interaction, "ephemeral", () => panelFor(ctx, current, userId, [], null));
    }
    if (sub === "log") {
      const moves = ctx.store.moves(current.id);
      const names = Object.fromEntries(current.players.map((p) => [p.userId, p.displayName]));
      const lines = moves.slice(-30).map((m) => {
        const kind = typeof m.move === "object" && m.move && "type" in m.move ? String(m.move.type) : "move";
        return `${m.seq}. ${names[m.userId] ?? m.userId}: ${kind}`;
      });
      return answer(interaction, "ephemeral", () =>
        textPayload(lines.length ? `Last moves of this game:\n${lines.join("\n")}` : "No moves yet."),
      );
    }
    if (sub === "leave") {
      if (!seated)
        return answer(interaction, "ephemeral", () =>
          textPayload("You are not playing in this channel's game."),
        );
      if (current.status === "lobby") {
        const left = ctx.store.leaveLobby(current.id, userId);
        if (left.ok) await refreshLobby(ctx, left.game);
        return answer(interaction, "ephemeral", () => textPayload("You left the lobby."));
      }
      await answer(interaction, "ephemeral", () =>
        textPayload("You left the game; it has ended for everyone."),
      );
      return endGame(ctx, current, `${interaction.user.username} left`);
    }
    const isHost = current.hostId === userId;
    const isManager = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
    if (!isHost && !isManager) {
      return answer(interaction, "ephemeral", () =>
        textPayload("Only the host or someone with Manage Server can end this game."),
      );
    }
    await answer(interaction, "ephemeral", () => textPayload("The game was ended."));
    return endGame(ctx, current, `ended by ${interaction.user.username}`);
  },
};
