import { escapeMarkdown } from "discord.js";
import { gameTitle, type Words } from "../i18n/index.js";
import { type BoardCell, boardPainting, type RankedBoard } from "../render/board.js";
import { picture, pictureJob } from "../render/jobs.js";
import { EVERYWHERE, type PlayerRating, PROVISIONAL_GAMES, TREND_GAMES } from "../store/store.js";
import type { BotContext } from "./context.js";
import { textPayload } from "./respond.js";
import type { Payload } from "./ui/types.js";

/** How many players a leaderboard lists: ten rows still read on a phone. */
export const BOARD_PLAYERS = 10;

/** The mark after a provisional rating, as chess sites write one ("1180?"). */
export const PROVISIONAL_MARK = "?";

/** A shown rating with its provisional mark while it is provisional. */
export function ratingText(rating: PlayerRating, words: Words): string {
  const shown = words.number(rating.rating);
  return rating.provisional ? `${shown}${PROVISIONAL_MARK}` : shown;
}

/** The trend as a rise (▲), a fall (▼) or level (–): marks that read the same in every language. */
function trendCell(trend: number, words: Words): BoardCell {
  if (trend > 0) return { text: `▲ ${words.number(trend)}`, tone: "up" };
  if (trend < 0) return { text: `▼ ${words.number(-trend)}`, tone: "down" };
  return { text: "–", tone: "muted" };
}

/** The places of players best first: equal shown ratings share a place (1, 1, 3). */
function places(ratings: readonly PlayerRating[]): number[] {
  return ratings.map((r) => 1 + ratings.filter((other) => other.rating > r.rating).length);
}

/** The board as a picture draws it: rank, player, rating, games, trend. */
export function ratingBoard(
  gameType: string,
  everywhere: boolean,
  ratings: readonly PlayerRating[],
  words: Words,
): RankedBoard {
  const ranks = places(ratings);
  return {
    title: words("ratings.board.title", { game: gameTitle(gameType, words.locale) }),
    subtitle: words(everywhere ? "ratings.board.subtitle.everywhere" : "ratings.board.subtitle.server", {
      count: ratings.length,
    }),
    columns: [
      { heading: "#", share: 0.1, align: "right" },
      { heading: words("ratings.column.player"), share: 0.35, align: "left", names: true },
      { heading: words("ratings.column.rating"), share: 0.18, align: "right" },
      { heading: words("ratings.column.games"), share: 0.16, align: "right" },
      { heading: words("ratings.column.trend", { count: TREND_GAMES }), share: 0.21, align: "right" },
    ],
    rows: ratings.map((r, i) => [
      { text: words.number(ranks[i]!) },
      { text: r.name },
      { text: ratingText(r, words), tone: r.provisional ? "muted" : "plain" },
      { text: words.number(r.games), tone: "muted" },
      trendCell(r.trend, words),
    ]),
    footnote: ratings.some((r) => r.provisional)
      ? words("ratings.footnote", { mark: PROVISIONAL_MARK, count: PROVISIONAL_GAMES })
      : "",
  };
}

/**
 * `/stats leaderboard`: a game's best rated players in one server (`guildId`) or in every server
 * (null), as a picture with its text beside it for readers who cannot see it; an empty board says so.
 */
export async function leaderboardPayload(
  ctx: Pick<BotContext, "store">,
  gameType: string,
  guildId: string | null,
  words: Words,
): Promise<Payload> {
  const game = gameTitle(gameType, words.locale);
  const ratings = await ctx.store.ratings.board(gameType, guildId ?? EVERYWHERE, BOARD_PLAYERS);
  if (ratings.length === 0)
    return textPayload(words(guildId ? "ratings.empty.server" : "ratings.empty.everywhere", { game }));
  const board = ratingBoard(gameType, guildId === null, ratings, words);
  const ranks = places(ratings);
  const lines = ratings.map((r, i) =>
    words("ratings.text.line", {
      rank: ranks[i]!,
      player: escapeMarkdown(r.name),
      rating: ratingText(r, words),
      count: r.games,
      trend: trendCell(r.trend, words).text,
    }),
  );
  const scope = words(guildId ? "ratings.scope.server" : "ratings.scope.everywhere");
  const job = pictureJob(boardPainting, board, { names: {}, locale: words.locale });
  return {
    content: [words("ratings.text.heading", { game, scope }), ...lines].join("\n"),
    pictures: [picture(`leaderboard-${gameType}`, job, words("ratings.alt", { game, count: TREND_GAMES }))],
    components: [],
  };
}

/** `/stats me`'s rating lines: each rated game in this server (`guildId`) and in every server. */
export async function myRatings(
  ctx: Pick<BotContext, "store">,
  userId: string,
  guildId: string | null,
  words: Words,
): Promise<string> {
  const ratings = await ctx.store.ratings.forUser(userId, guildId);
  if (ratings.length === 0) return "";
  return [
    words("ratings.me.heading", { mark: PROVISIONAL_MARK, count: PROVISIONAL_GAMES }),
    ...ratings.map((r) =>
      words("ratings.me.line", {
        game: gameTitle(r.gameType, words.locale),
        scope: words(r.scope === EVERYWHERE ? "ratings.scope.everywhere" : "ratings.scope.server"),
        rating: ratingText(r, words),
        count: r.games,
      }),
    ),
  ].join("\n");
}
