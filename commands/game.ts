import { type ChatInputCommandInteraction, PermissionFlagsBits, SlashCommandBuilder } from "discord.js";
import { afterChange } from "../src/bot/changes.js";
import type { Command } from "../src/bot/command.js";
import type { BotContext } from "../src/bot/context.js";
import { namesOf, uiFor } from "../src/bot/games.js";
import { hintFor } from "../src/bot/hints.js";
import { displayNameOf, endGame, endQuestion, mayEnd, refreshLobby } from "../src/bot/lobby.js";
import { readerLocale, serverLocale } from "../src/bot/locale.js";
import { historyText, statusText } from "../src/bot/overview.js";
import { answerPanel } from "../src/bot/panels.js";
import { replayEvents } from "../src/bot/record.js";
import { replayCommand } from "../src/bot/replay.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { playerPanel } from "../src/bot/takeBack.js";
import { withNames } from "../src/bot/ui/helpers.js";
import type { AnyEngine } from "../src/engine/core/game.js";
import { gameTitle, tm, type Words, wordsFor } from "../src/i18n/index.js";
import type { Locale } from "../src/i18n/locale.js";
import { type GameRecord, humanSeat } from "../src/store/store.js";

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
      .setName("replay")
      .setDescription("Step privately through an ended game's tables (by default this channel's latest)")
      .addIntegerOption((o) =>
        o.setName("game").setDescription("The game's number, as /game history lists it").setMinValue(1),
      ),
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
  // Only the reader sees the answer: its heading is in their language ...
  const words = wordsFor(await readerLocale(ctx, interaction));
  const recorded = await ctx.store.games.latestGameInChannel(interaction.channelId);
  if (!recorded) return answer(ctx, interaction, "ephemeral", () => textPayload(words("cmd.game.noGameYet")));
  return answer(ctx, interaction, "ephemeral", async () => textPayload(await logText(ctx, recorded, words)));
}

/** `/game log`: the heading in the reader's `words`, and the newest moves that fit one message. */
export async function logText(ctx: BotContext, recorded: GameRecord, words: Words): Promise<string> {
  const ui = uiFor(ctx, recorded);
  // The moves are the record as the channel saw it: in the server's language.
  const lines = moveLog(
    ui.engine,
    recorded,
    await ctx.store.play.moves(recorded.id),
    await serverLocale(ctx, recorded.guildId),
  );
  return lines.length
    ? fitLines(recorded, lines.slice(-LOG_LINES), lines.length, words)
    : words("cmd.game.log.none");
}

const LOG_LINES = 30;

/** The log's heading in the reader's `words`: the game, whether it ended, and how many of `total` moves are shown when not all. */
function logHeading(game: GameRecord, shown: number, total: number, words: Words): string {
  const params = { game: gameTitle(game.gameType, words.locale), shown, total };
  const ended = game.status !== "active";
  if (shown < total)
    return words(ended ? "cmd.game.log.headingEndedPart" : "cmd.game.log.headingPart", params);
  return words(ended ? "cmd.game.log.headingEnded" : "cmd.game.log.heading", params);
}

/** The heading and as many of the newest lines as fit one message, saying how many of `total` are shown. */
function fitLines(game: GameRecord, lines: string[], total: number, words: Words): string {
  const kept: string[] = [];
  let length = logHeading(game, 0, total, words).length + 20;
  for (const line of [...lines].reverse()) {
    if (length + line.length + 1 > 2000) break;
    kept.unshift(line);
    length += line.length + 1;
  }
  return [logHeading(game, kept.length, total, words), ...kept].join("\n");
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
  const words = wordsFor(await readerLocale(ctx, interaction));
  const say = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
  const isHost = current.hostId === interaction.user.id;
  const isManager = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  if (!isHost && !isManager) return say(words("cmd.game.replace.notAllowed"));
  const from = interaction.options.getUser("from", true);
  const to = interaction.options.getUser("to", true);
  const mentions = { from: `<@${from.id}>`, to: `<@${to.id}>` };
  if (to.bot) return say(words("cmd.game.replace.toBot", mentions));
  const member = interaction.options.getMember("to");
  if (!member) return say(words("cmd.game.replace.notMember", mentions));
  const replaced = await ctx.store.seats.replaceSeat(current.id, from.id, {
    userId: to.id,
    displayName: displayNameOf(to, member),
  });
  if (!replaced.ok) {
    const refusals: Record<typeof replaced.reason, string> = {
      notFound: "cmd.game.replace.ended",
      notOpen: "cmd.game.replace.ended",
      notSeated: "cmd.game.replace.notSeated",
      alreadySeated: "cmd.game.replace.alreadySeated",
    };
    // A seat the leaver's robot plays on is nobody's to hand over: said only when that is why.
    const robotPlays = current.players.some((p) => p.kind === "bot" && (p.memberId ?? p.userId) === from.id);
    const key =
      robotPlays && replaced.reason === "notSeated"
        ? "cmd.game.replace.robotSeat"
        : refusals[replaced.reason];
    return say(words(key, mentions));
  }
  const { game, seat, before } = replaced;
  ctx.log.info(
    `game ${game.id} v${game.version}: seat ${seat.seat + 1} (${seat.userId}) handed from ${from.id} to ${to.id} by ${interaction.user.id}`,
  );
  // Said to the channel: in the server's language.
  const channelWords = wordsFor(await serverLocale(ctx, game.guildId));
  await answer(ctx, interaction, "public", () =>
    textPayload(
      channelWords("cmd.game.replace.done", {
        seat: seat.seat + 1,
        to: mentions.to,
        from: before.displayName,
      }),
    ),
  );
  // The lobby lists the players, and a started game's too.
  await refreshLobby(ctx, game).catch((err: unknown) =>
    ctx.log.warn(
      `game ${game.id}: the lobby after a hand-over could not be redrawn: ${(err as Error).message}`,
    ),
  );
  if (game.status !== "active") return;
  await afterChange(ctx, { kind: "table", game }).catch((err: unknown) =>
    ctx.log.warn(
      `game ${game.id}: the table after a hand-over could not be posted: ${(err as Error).message}`,
    ),
  );
}

export const game: Command = {
  data,
  async execute(ctx, interaction) {
    const sub = interaction.options.getSubcommand();
    const userId = interaction.user.id;
    const locale = await readerLocale(ctx, interaction);
    const words = wordsFor(locale);
    const say = (key: string) => answer(ctx, interaction, "ephemeral", () => textPayload(words(key)));
    if (sub === "status")
      return answer(ctx, interaction, "ephemeral", async () =>
        textPayload(await statusText(ctx, userId, interaction.guildId, words)),
      );
    if (sub === "history")
      return answer(ctx, interaction, "ephemeral", async () =>
        textPayload(await historyText(ctx, userId, interaction.guildId, words)),
      );
    if (sub === "log") return showLog(ctx, interaction);
    if (sub === "replay") return replayCommand(ctx, interaction);
    const current = await ctx.store.games.openGameInChannel(interaction.channelId);
    if (!current) return say("cmd.game.noOpenGame");
    if (sub === "replace") {
      if (await ctx.store.daily.ofGame(current.id)) return say("daily.noHandOver");
      return handOver(ctx, interaction, current);
    }
    const seat = humanSeat(current, userId);
    if (sub === "hint") {
      if (!seat) return say("cmd.game.notPlaying");
      if (current.status !== "active") return say("cmd.game.notStarted");
      return answer(ctx, interaction, "ephemeral", async () =>
        textPayload(await hintFor(ctx, current, seat.userId, locale)),
      );
    }
    if (sub === "hand") {
      if (!seat) return say("cmd.game.notPlaying");
      if (current.status !== "active") return say("cmd.game.notStarted");
      return answerPanel(ctx, interaction, "ephemeral", { game: current, seatId: seat.userId, locale }, () =>
        playerPanel(ctx, current, seat.userId, null, null, locale),
      );
    }
    if (sub === "leave") {
      if (!seat) return say("cmd.game.notPlaying");
      if (current.status === "lobby") {
        const left = await ctx.store.seats.leaveLobby(current.id, userId);
        if (left.ok) await refreshLobby(ctx, left.game);
        return say("cmd.game.leave.lobby");
      }
      // A daily deal's robot would play on as its player: leaving it gives it up.
      const daily = await ctx.store.daily.ofGame(current.id);
      const stood =
        ctx.games.seatsRobots(current.gameType) && !daily
          ? await ctx.store.seats.standIn(current.id, userId)
          : null;
      if (stood?.ok) {
        const robot =
          stood.game.players.find((p) => p.userId === seat.userId)?.displayName ?? words("cmd.aRobot");
        ctx.log.info(`game ${current.id}: ${userId} left; a robot stands in`);
        await answer(ctx, interaction, "ephemeral", () =>
          textPayload(words("cmd.game.leave.robotTakesOver", { robot })),
        );
        await afterChange(ctx, { kind: "table", game: stood.game }).catch((err: unknown) =>
          ctx.log.warn(
            `game ${current.id}: the table after a stand-in could not be posted: ${(err as Error).message}`,
          ),
        );
        return;
      }
      await say(daily ? "daily.leaveGivesUp" : "cmd.game.leave.ended");
      return endGame(ctx, current, {
        kind: "left",
        by: displayName(current, userId, interaction.user.username),
      });
    }
    if (!mayEnd(current, interaction)) return say("cmd.game.end.notAllowed");
    return answer(ctx, interaction, "ephemeral", () => endQuestion(current, words));
  },
};
