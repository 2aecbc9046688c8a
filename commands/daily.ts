import { SlashCommandBuilder } from "discord.js";
import { now } from "../src/bot/clock.js";
import type { Command } from "../src/bot/command.js";
import type { BotContext } from "../src/bot/context.js";
import { playDaily } from "../src/bot/daily.js";
import { dayBefore, dayEndsAt, dayOf, dealNumber } from "../src/bot/dailyShare.js";
import { readerLocale, serverLocale } from "../src/bot/locale.js";
import type { Games } from "../src/bot/manifest.js";
import { answer, CONTENT_LIMIT, textPayload } from "../src/bot/respond.js";
import { discordTime } from "../src/bot/time.js";
import { replayCustomId } from "../src/bot/ui/replayId.js";
import type { Payload } from "../src/bot/ui/types.js";
import { addDailyChoices } from "../src/i18n/commands.js";
import { gameTitle, type Words, wordsFor } from "../src/i18n/index.js";
import { type BoardCell, boardPainting, type RankedBoard } from "../src/render/board.js";
import { picture, pictureJob } from "../src/render/jobs.js";
import type { BoardAttempt } from "../src/store/store.js";
import { moveLog } from "./game.js";

/** `/daily play <game>` and `/daily board <game> [day]`, offering the games whose manifest has a daily deal. */
export function dailyCommand(games: Games): Command {
  const ids = games.list.filter((m) => m.daily).map((m) => m.id);
  addDailyChoices(ids);
  const choices = ids.map((id) => ({ name: gameTitle(id, "en"), value: id }));
  const data = new SlashCommandBuilder()
    .setName("daily")
    .setDescription("The deal of the day: the same cards for everyone, one try a day")
    .addSubcommand((s) =>
      s
        .setName("play")
        .setDescription("Play today's deal of a game in a private thread of your own (one try a day)")
        .addStringOption((o) =>
          o
            .setName("game")
            .setDescription("Which game")
            .setRequired(true)
            .addChoices(...choices),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName("board")
        .setDescription("This server's results of a day's deal")
        .addStringOption((o) =>
          o
            .setName("game")
            .setDescription("Which game")
            .setRequired(true)
            .addChoices(...choices),
        )
        .addStringOption((o) =>
          o
            .setName("day")
            .setDescription("Today (the default) or yesterday, with the best line of play")
            .addChoices({ name: "today", value: "today" }, { name: "yesterday", value: "yesterday" }),
        ),
    );
  return {
    data,
    async execute(ctx, interaction) {
      const gameType = interaction.options.getString("game", true);
      if (interaction.options.getSubcommand() === "play") return playDaily(ctx, interaction, gameType);
      const words = wordsFor(await readerLocale(ctx, interaction));
      const guildId = interaction.guildId;
      const engine = ctx.games.get(gameType)?.daily ? ctx.games.get(gameType)?.engine : undefined;
      if (!engine) return answer(ctx, interaction, "ephemeral", () => textPayload(words("cmd.unknownGame")));
      if (!guildId) return answer(ctx, interaction, "ephemeral", () => textPayload(words("daily.notInDm")));
      const today = dayOf(now());
      const day = interaction.options.getString("day") === "yesterday" ? dayBefore(today) : today;
      return answer(ctx, interaction, "ephemeral", () =>
        boardPayload(
          ctx,
          { guildId, gameType, day, over: day !== today, reader: interaction.user.id },
          words,
        ),
      );
    },
  };
}

/**
 * A server's board of one day's deal, in `words`: the attempts ranked (`DailyRepository.board`) as
 * a picture with the same lines in text, when the next deal comes, and, for a day that is over, the
 * best attempt's moves as `/game log` tells them with a button to replay it, unless the reader's
 * own attempt at it is still going. A day still being played shows scores only: no move, no card.
 */
export async function boardPayload(
  ctx: BotContext,
  board: { guildId: string; gameType: string; day: string; over: boolean; reader: string },
  words: Words,
): Promise<Payload> {
  const { guildId, gameType, day } = board;
  const engine = ctx.games.get(gameType)!.engine;
  const attempts = await ctx.store.daily.board(guildId, gameType, day, engine.score);
  const next = dayEndsAt(dayOf(now()));
  const title = gameTitle(gameType, words.locale);
  const number = dealNumber(day);
  const lines = [
    words("daily.board.heading", { title, number }),
    ...(attempts.length ? rows(attempts, engine.score.unitKey, words) : [words("daily.board.none")]),
    words("daily.board.next", { at: discordTime(next, "t"), in: discordTime(next, "R") }),
  ];
  const pictures = attempts.length
    ? [
        picture(
          `daily-${gameType}-${number}`,
          pictureJob(boardPainting, dailyBoard(title, number, attempts, engine.score.unitKey, words), {
            names: {},
            locale: words.locale,
          }),
          words("daily.board.alt", { title, number, count: attempts.length }),
        ),
      ]
    : [];
  const best = attempts[0];
  if (!board.over || !best || best.score === null)
    return { content: lines.join("\n"), pictures, components: [] };
  // An attempt begun before midnight may still be going: its player sees the best line after it.
  const own = await ctx.store.daily.attempt(day, gameType, board.reader);
  if (own && own.finishedAt === null)
    return {
      content: [...lines, words("daily.board.bestLineAfterYours")].join("\n"),
      pictures,
      components: [],
    };
  const game = (await ctx.store.games.getGame(best.gameId))!;
  const moves = moveLog(
    engine,
    game,
    await ctx.store.play.moves(best.gameId),
    await serverLocale(ctx, guildId),
  );
  return {
    content: bestLine(lines.join("\n"), moves, best.displayName, words),
    pictures,
    components: [
      {
        kind: "buttons",
        buttons: [
          {
            customId: replayCustomId(best.gameId, 0, "open"),
            label: words("daily.board.replayBest", { name: best.displayName }).slice(0, 80),
            emoji: "⏯",
            style: "secondary",
          },
        ],
      },
    ],
  };
}

/** A day's board as its picture draws it: place, player, and score, a won game's in green. */
export function dailyBoard(
  title: string,
  number: number,
  attempts: readonly BoardAttempt[],
  unitKey: string,
  words: Words,
): RankedBoard {
  return {
    title,
    subtitle: words("daily.board.pictureSubtitle", { number, count: attempts.length }),
    columns: [
      { heading: "#", share: 0.08, align: "right" },
      { heading: words("daily.column.player"), share: 0.27, align: "left", names: true },
      { heading: words("daily.column.score"), share: 0.65, align: "right" },
    ],
    rows: attempts.map((a, i) => [
      { text: a.score === null ? "–" : words.number(i + 1) },
      { text: a.displayName },
      scoreCell(a, unitKey, words),
    ]),
    footnote: words("daily.board.footnote"),
  };
}

function scoreCell(a: BoardAttempt, unitKey: string, words: Words): BoardCell {
  if (a.finishedAt === null) return { text: words("daily.board.playing"), tone: "muted" };
  if (a.score === null) return { text: words("daily.board.gaveUp"), tone: "muted" };
  return { text: words.count(unitKey, a.score), tone: a.result === "win" ? "up" : "plain" };
}

/** One line per attempt: rank, name and score with result; ranks only for scored attempts. */
function rows(attempts: readonly BoardAttempt[], unitKey: string, words: Words): string[] {
  return attempts.map((a, i) => {
    const score =
      a.finishedAt === null
        ? words("daily.board.playing")
        : a.score === null
          ? words("daily.board.gaveUp")
          : words(`daily.board.result.${a.result}`, { score: words.count(unitKey, a.score) });
    return `${a.score === null ? "–" : i + 1}. ${a.displayName} — ${score}`;
  });
}

/** The board with the best line under it, from its first move, as many moves as fit one message. */
function bestLine(text: string, moves: readonly string[], name: string, words: Words): string {
  const heading = (shown: number) =>
    shown < moves.length
      ? words("daily.board.bestLinePart", { name, shown, total: moves.length })
      : words("daily.board.bestLine", { name });
  let room = CONTENT_LIMIT - text.length - heading(0).length - 2;
  const kept: string[] = [];
  for (const move of moves) {
    if (move.length + 1 > room) break;
    kept.push(move);
    room -= move.length + 1;
  }
  return [text, heading(kept.length), ...kept].join("\n");
}
