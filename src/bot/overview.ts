import { escapeMarkdown } from "discord.js";
import { gameTitle, type Words } from "../i18n/index.js";
import { type EndReason, type GameRecord, memberOf, type Store } from "../store/store.js";
import type { BotContext } from "./context.js";
import { waitingFor } from "./games.js";
import { CONTENT_LIMIT } from "./respond.js";
import { discordTime } from "./time.js";

/** `/game history` shows this many of the newest ended games. */
export const HISTORY_GAMES = 15;
/** `/stats server` ranks this many players per game. */
export const LEADERBOARD_PLAYERS = 5;

/** What the overviews read: the games, the games' UIs, and the servers the bot sees. */
export type OverviewContext = Pick<BotContext, "store" | "uis" | "client">;

/** A link to the game's lobby or table message, else a mention of its channel. */
async function whereToPlay(store: Store, game: GameRecord, words: Words): Promise<string> {
  const lobby = game.status === "lobby";
  const m = await store.messages.getMessage(game.id, lobby ? "lobby" : "table");
  if (!m) return `<#${game.channelId}>`;
  const url = `https://discord.com/channels/${game.guildId}/${m.channelId}/${m.messageId}`;
  return lobby ? words("overview.lobbyLink", { url }) : words("overview.tableLink", { url });
}

function titleOf(ctx: Pick<OverviewContext, "uis">, gameType: string, words: Words): string {
  return ctx.uis.has(gameType) ? gameTitle(gameType, words.locale) : gameType;
}

/**
 * Which server a line is about: nothing for the server the command was used in (`here`; null in
 * DMs), else its name: as this shard sees it, or as the shard serving it (on any host) recorded it;
 * "another server" if none has.
 */
async function serverLabel(
  ctx: Pick<OverviewContext, "client" | "store">,
  guildId: string,
  here: string | null,
  words: Words,
): Promise<string> {
  if (guildId === here) return "";
  const name = ctx.client.guilds.cache.get(guildId)?.name ?? (await ctx.store.preferences.guildName(guildId));
  return ` · ${name ? escapeMarkdown(name) : words("overview.anotherServer")}`;
}

/** The heading and as many lines as fit one message, then how many were left out. */
export function fitMessage(heading: string, lines: readonly string[], words: Words): string {
  const more = (count: number) => `\n${words("overview.more", { count })}`;
  let text = heading;
  for (const [i, line] of lines.entries()) {
    const next = `${text}\n${line}`;
    const after = lines.length - i - 1;
    const room = after > 0 ? CONTENT_LIMIT - more(after).length : CONTENT_LIMIT;
    if (next.length > room) return `${text}${more(lines.length - i)}`;
    text = next;
  }
  return text;
}

/** An open game as `/game status` lists it. */
export interface OpenGame {
  game: GameRecord;
  /** The user is among the players to act. */
  yourTurn: boolean;
  /** The names of the other players to act. */
  others: string[];
}

/**
 * The user's open games in every server: those where they are to act first, then the others; in
 * each group the game that has waited longest (its last change longest ago) first.
 */
export async function openGamesInOrder(
  ctx: Pick<OverviewContext, "store" | "uis">,
  userId: string,
): Promise<OpenGame[]> {
  const entries = (await ctx.store.games.openGamesForUser(userId)).map((game) => {
    const ui = ctx.uis.get(game.gameType);
    const seats = game.status === "active" && ui ? waitingFor(ui, game.state) : [];
    // The engine names seats; a seat handed to another member is theirs to play.
    const acting = game.players.filter((p) => seats.includes(p.userId));
    return {
      game,
      yourTurn: acting.some((p) => memberOf(p) === userId),
      others: acting.filter((p) => memberOf(p) !== userId).map((p) => p.displayName),
    };
  });
  return entries.sort(
    (a, b) =>
      Number(b.yourTurn) - Number(a.yourTurn) || a.game.updatedAt - b.game.updatedAt || a.game.id - b.game.id,
  );
}

function turnText({ game, yourTurn, others }: OpenGame, words: Words): string {
  if (game.status === "lobby") return words("overview.lobby", { count: game.players.length });
  const names = others.map((name) => escapeMarkdown(name)).join(", ");
  if (yourTurn) return others.length ? words("overview.yourMoveToo", { names }) : words("overview.yourMove");
  return others.length ? words("overview.othersToMove", { names }) : words("overview.waiting");
}

/** `/game status`: one line per open game, with whose turn it is and since when, in `words`' language. */
export async function statusText(
  ctx: OverviewContext,
  userId: string,
  here: string | null,
  words: Words,
): Promise<string> {
  const games = await openGamesInOrder(ctx, userId);
  if (games.length === 0) return words("overview.status.none");
  const lines = await Promise.all(
    games.map(async (entry) => {
      const { game } = entry;
      return words("overview.status.line", {
        game: titleOf(ctx, game.gameType, words),
        server: await serverLabel(ctx, game.guildId, here, words),
        turn: turnText(entry, words),
        since: discordTime(game.updatedAt, "R"),
        where: await whereToPlay(ctx.store, game, words),
      });
    }),
  );
  return fitMessage(words("overview.status.heading"), lines, words);
}

/** How a game ended before its finish, in lower case to follow a title or a word: "ended early by Ann". */
export function endText(reason: EndReason | null, words: Words): string {
  switch (reason?.kind) {
    case "ended":
      return words("overview.end.ended", { name: escapeMarkdown(reason.by) });
    case "left":
      return words("overview.end.left", { name: escapeMarkdown(reason.by) });
    case "timedOut":
      return words("overview.end.timedOut", { name: escapeMarkdown(reason.by) });
    default:
      return words("overview.end.early");
  }
}

/** The user's own result of an ended game, in words; a game that ended early says how it ended. */
function resultText(result: string, reason: EndReason | null, words: Words): string {
  switch (result) {
    case "win":
      return words("overview.result.win");
    case "loss":
      return words("overview.result.loss");
    case "draw":
      return words("overview.result.draw");
    case "left":
      return words("overview.result.left");
    case "handed":
      return words("overview.result.handed");
    default:
      return endText(reason, words);
  }
}

/** `/game history`: the user's newest ended games with their own result and when each ended. */
export async function historyText(
  ctx: OverviewContext,
  userId: string,
  here: string | null,
  words: Words,
): Promise<string> {
  const rows = await ctx.store.results.historyForUser(userId, HISTORY_GAMES);
  if (rows.length === 0) return words("overview.history.none");
  const lines = await Promise.all(
    rows.map(async (r) => {
      const score = ctx.uis.get(r.gameType)?.engine.score;
      const result = resultText(r.result, r.endReason, words);
      const points = r.score !== null && score ? `, ${words.count(score.unitKey, r.score)}` : "";
      const robots = r.robotSeats > 0 ? ` · ${words("overview.withRobots")}` : "";
      const id = words("replay.historyId", { id: r.gameId });
      return `• **${titleOf(ctx, r.gameType, words)}**${await serverLabel(ctx, r.guildId, here, words)} — ${result}${points}${robots} · ${discordTime(r.finishedAt, "f")} · ${id}`;
    }),
  );
  return fitMessage(words("overview.history.heading"), lines, words);
}

/** `/stats server`: per game, the server's best players by wins, then win rate. */
export async function leaderboardText(
  ctx: Pick<OverviewContext, "store" | "uis">,
  guildId: string,
  words: Words,
): Promise<string> {
  const rows = await ctx.store.results.leaderboard(guildId, LEADERBOARD_PLAYERS);
  if (rows.length === 0) return words("overview.leaderboard.none");
  const byGame = new Map<string, typeof rows>();
  for (const row of rows) byGame.set(row.gameType, [...(byGame.get(row.gameType) ?? []), row]);
  const title = (gameType: string) => titleOf(ctx, gameType, words);
  const lines = [...byGame]
    .sort(([a], [b]) => title(a).localeCompare(title(b), words.locale))
    .flatMap(([gameType, ranked]) => [
      `**${title(gameType)}**`,
      ...ranked.map((r, i) =>
        words("overview.leaderboard.line", {
          rank: i + 1,
          player: `<@${r.userId}>`,
          won: r.won,
          played: r.played,
          percent: Math.round((100 * r.won) / r.played),
        }),
      ),
    ]);
  return fitMessage(words("overview.leaderboard.heading"), lines, words);
}
