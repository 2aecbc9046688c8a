import { type ChatInputCommandInteraction, PermissionFlagsBits, SlashCommandBuilder } from "discord.js";
import type { BotContext } from "../src/bot/context.js";
import { hintFor } from "../src/bot/hints.js";
import { displayNameOf, endGame, refreshLobby } from "../src/bot/lobby.js";
import { readerLocale, serverLocale } from "../src/bot/locale.js";
import { historyText, statusText } from "../src/bot/overview.js";
import { panelFor } from "../src/bot/play.js";
import { replayEvents } from "../src/bot/record.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { scheduleBots } from "../src/bot/seats.js";
import { inOrder, namesOf, postTable, uiFor, withNames } from "../src/bot/table.js";
import { seatsBots } from "../src/engine/bots/index.js";
import type { AnyEngine } from "../src/engine/games/index.js";
import { tm } from "../src/i18n/index.js";
import type { Locale } from "../src/i18n/locale.js";
import { type GameRecord, humanSeat } from "../src/store/store.js";
import type { Command } from "./types.js";

const data = new SlashCommandBuilder()
  .setName("game")
  .setDescription("Your games")
  .addSubcommand((s) =>
    s.setName("hand").setDescription("Show your hand (only you see it) for the game in this channel"),
  )
  .addSubcommand((s) =>
    s.setName("status").setDescription("Your open games in every server, your turn first, with links"),
  )
  .addSubcommand((s) =>
    s.setName("history").setDescription("Your last ended games in every server, with your results"),
  )
  .addSubcommand((s) =>
    s.setName("hint").setDescription("A bot privately suggests your next move in this channel's game"),
  )
  .addSubcommand((s) =>
    s
      .setName("leave")
      .setDescription("Leave the game in this channel (a bot takes your seat, or the game ends)"),
  )
  .addSubcommand((s) =>
    s.setName("end").setDescription("End the game in this channel (host or server manager)"),
  )
  .addSubcommand((s) =>
    s
      .setName("log")
      .setDescription("Show the moves of this channel's game (its record, also after it ended)"),
  )
  .addSubcommand((s) =>
    s
      .setName("replace")
      .setDescription("Hand a player's seat in this channel's game to someone else (host or server manager)")
      .addUserOption((o) =>
        o.setName("from").setDescription("The player who gives up their seat").setRequired(true),
      )
      .addUserOption((o) =>
        o.setName("to").setDescription("The member who takes the seat over").setRequired(true),
      ),
  );

/** The game's record, numbered from 1: each move that the channel saw, as it saw it. */
export function moveLog(
  engine: AnyEngine,
  game: GameRecord,
  moves: { seq: number; userId: string; move: unknown }[],
  locale: Locale,
): string[] {
  const names = namesOf(game);
  return replayEvents(engine, game, moves).map(
    (m, i) => `${i + 1}. ${m.events.map((e) => tm(withNames(e, names), locale)).join(" · ")}`,
  );
}

/** Everyone in the channel may read its game's record, also after the game ended. */
async function showLog(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const recorded = ctx.store.latestGameInChannel(interaction.channelId);
  if (!recorded)
    return answer(ctx, interaction, "ephemeral", () => textPayload("This channel has no game yet."));
  const ui = uiFor(ctx, recorded);
  // The record as the channel saw it: in the server's language.
  const locale = serverLocale(ctx, recorded.guildId);
  const lines = moveLog(ui.engine, recorded, ctx.store.moves(recorded.id), locale);
  const heading = `**${ui.title}**${recorded.status === "active" ? "" : " (ended)"} — moves`;
  return answer(ctx, interaction, "ephemeral", () =>
    textPayload(lines.length ? fitLines(heading, lines.slice(-LOG_LINES), lines.length) : "No moves yet."),
  );
}

const LOG_LINES = 30;

/** The heading and as many of the newest lines as fit one message, saying how many of `total` are shown. */
function fitLines(heading: string, lines: string[], total: number): string {
  const kept: string[] = [];
  let length = heading.length + 40;
  for (const line of [...lines].reverse()) {
    if (length + line.length + 1 > 2000) break;
    kept.unshift(line);
    length += line.length + 1;
  }
  const shown = kept.length < total ? ` (the last ${kept.length} of ${total})` : "";
  return [`${heading}${shown}:`, ...kept].join("\n");
}

/** The seated player's name, else the Discord username (a server manager who is not playing). */
function displayName(game: GameRecord, userId: string, username: string): string {
  return humanSeat(game, userId)?.displayName ?? username;
}

/**
 * `/game replace`: the host or a server manager hands a player's seat to another member, who plays
 * it on from where it is; the channel is told, and the table is posted anew so that whoever must
 * act now is mentioned.
 */
async function handOver(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  current: GameRecord,
): Promise<void> {
  const refuse = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
  const isHost = current.hostId === interaction.user.id;
  const isManager = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  if (!isHost && !isManager)
    return refuse("Only the host or someone with Manage Server can hand a seat to someone else.");
  const from = interaction.options.getUser("from", true);
  const to = interaction.options.getUser("to", true);
  if (to.bot) return refuse(`<@${to.id}> is a bot account: a seat can only go to a person.`);
  const member = interaction.options.getMember("to");
  if (!member) return refuse(`<@${to.id}> is not a member of this server, so they could not see the game.`);
  const replaced = ctx.store.replaceSeat(current.id, from.id, {
    userId: to.id,
    displayName: displayNameOf(to, member),
  });
  if (!replaced.ok) {
    const ended = "This game has ended, so its seats can no longer be handed over.";
    const refusals: Record<typeof replaced.reason, string> = {
      notFound: ended,
      notOpen: ended,
      notSeated: `<@${from.id}> holds no seat in this game (a seat a bot plays is nobody's to hand over).`,
      alreadySeated: `<@${to.id}> already holds a seat in this game.`,
    };
    return refuse(refusals[replaced.reason]);
  }
  const { game, seat, before } = replaced;
  ctx.log.info(
    `game ${game.id} v${game.version}: seat ${seat.seat + 1} (${seat.userId}) handed from ${from.id} to ${to.id} by ${interaction.user.id}`,
  );
  await answer(ctx, interaction, "public", () =>
    textPayload(`🔄 Seat ${seat.seat + 1}: <@${to.id}> takes over from ${before.displayName}.`),
  );
  // The lobby lists the players, and a started game's too.
  await refreshLobby(ctx, game).catch((err: unknown) =>
    ctx.log.warn(
      `game ${game.id}: the lobby after a hand-over could not be redrawn: ${(err as Error).message}`,
    ),
  );
  if (game.status !== "active") return;
  await inOrder(game.id, () => postTable(ctx, game)).catch((err: unknown) =>
    ctx.log.warn(
      `game ${game.id}: the table after a hand-over could not be posted: ${(err as Error).message}`,
    ),
  );
  scheduleBots(ctx, game);
}

export const game: Command = {
  data,
  async execute(ctx, interaction) {
    const sub = interaction.options.getSubcommand();
    const userId = interaction.user.id;
    if (sub === "status")
      return answer(ctx, interaction, "ephemeral", () =>
        textPayload(statusText(ctx, userId, interaction.guildId)),
      );
    if (sub === "history")
      return answer(ctx, interaction, "ephemeral", () =>
        textPayload(historyText(ctx, userId, interaction.guildId)),
      );
    if (sub === "log") return showLog(ctx, interaction);
    const current = ctx.store.openGameInChannel(interaction.channelId);
    if (!current)
      return answer(ctx, interaction, "ephemeral", () =>
        textPayload("There is no open game in this channel."),
      );
    if (sub === "replace") return handOver(ctx, interaction, current);
    const seat = humanSeat(current, userId);
    if (sub === "hint") {
      if (!seat)
        return answer(ctx, interaction, "ephemeral", () =>
          textPayload("You are not playing in this channel's game."),
        );
      if (current.status !== "active")
        return answer(ctx, interaction, "ephemeral", () => textPayload("The game has not started yet."));
      return answer(ctx, interaction, "ephemeral", async () =>
        textPayload(await hintFor(ctx, current, seat.userId, readerLocale(ctx, interaction))),
      );
    }
    if (sub === "hand") {
      if (!seat)
        return answer(ctx, interaction, "ephemeral", () =>
          textPayload("You are not playing in this channel's game."),
        );
      if (current.status !== "active")
        return answer(ctx, interaction, "ephemeral", () => textPayload("The game has not started yet."));
      return answer(ctx, interaction, "ephemeral", () => panelFor(ctx, current, seat.userId, null, null));
    }
    if (sub === "leave") {
      if (!seat)
        return answer(ctx, interaction, "ephemeral", () =>
          textPayload("You are not playing in this channel's game."),
        );
      if (current.status === "lobby") {
        const left = ctx.store.leaveLobby(current.id, userId);
        if (left.ok) await refreshLobby(ctx, left.game);
        return answer(ctx, interaction, "ephemeral", () => textPayload("You left the lobby."));
      }
      const stood = seatsBots(current.gameType) ? ctx.store.standIn(current.id, userId) : null;
      if (stood?.ok) {
        const bot = stood.game.players.find((p) => p.userId === seat.userId)?.displayName ?? "A bot";
        ctx.log.info(`game ${current.id}: ${userId} left; a bot stands in`);
        await answer(ctx, interaction, "ephemeral", () =>
          textPayload(`You left the game. ${bot} takes your seat, so the game goes on without you.`),
        );
        await inOrder(current.id, () => postTable(ctx, stood.game)).catch((err: unknown) =>
          ctx.log.warn(
            `game ${current.id}: the table after a stand-in could not be posted: ${(err as Error).message}`,
          ),
        );
        scheduleBots(ctx, stood.game);
        return;
      }
      await answer(ctx, interaction, "ephemeral", () =>
        textPayload("You left the game; it has ended for everyone."),
      );
      return endGame(ctx, current, {
        kind: "left",
        by: displayName(current, userId, interaction.user.username),
      });
    }
    const isHost = current.hostId === userId;
    const isManager = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
    if (!isHost && !isManager) {
      return answer(ctx, interaction, "ephemeral", () =>
        textPayload("Only the host or someone with Manage Server can end this game."),
      );
    }
    await answer(ctx, interaction, "ephemeral", () => textPayload("The game was ended."));
    return endGame(ctx, current, {
      kind: "ended",
      by: displayName(current, userId, interaction.user.username),
    });
  },
};
