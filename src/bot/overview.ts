import { escapeMarkdown } from "discord.js";
import { tCount } from "../i18n/index.js";
import { type EndReason, type GameRecord, memberOf, type Store } from "../store/store.js";
import type { BotContext } from "./context.js";
import { waitingFor } from "./table.js";
import { discordTime } from "./time.js";

/** Discord refuses longer message contents. */
const MESSAGE_LIMIT = 2000;
/** `/game history` shows this many of the newest ended games. */
export const HISTORY_GAMES = 15;
/** `/stats server` ranks this many players per game. */
export const LEADERBOARD_PLAYERS = 5;

/** What the overviews read: the games, the games' UIs, and the servers the bot sees. */
export type OverviewContext = Pick<BotContext, "store" | "uis" | "client">;

/** A link to the game's lobby or table message, else a mention of its channel. */
function whereToPlay(store: Store, game: GameRecord): string {
  const kind = game.status === "lobby" ? "lobby" : "table";
  const m = store.getMessage(game.id, kind);
  return m
    ? `[${kind}](https://discord.com/channels/${game.guildId}/${m.channelId}/${m.messageId})`
    : `<#${game.channelId}>`;
}

function titleOf(ctx: Pick<OverviewContext, "uis">, gameType: string): string {
  return ctx.uis.get(gameType)?.title ?? gameType;
}

/**
 * Which server a line is about: nothing for the server the command was used in (`here`; null in
 * DMs), the name of one the bot sees, else "another server" (one another shard serves).
 */
function serverLabel(ctx: Pick<OverviewContext, "client">, guildId: string, here: string | null): string {
  if (guildId === here) return "";
  const name = ctx.client.guilds.cache.get(guildId)?.name;
  return ` · ${name ? escapeMarkdown(name) : "another server"}`;
}

/** The heading and as many lines as fit one message, then how many were left out. */
export function fitMessage(heading: string, lines: readonly string[]): string {
  let text = heading;
  for (const [i, line] of lines.entries()) {
    const next = `${text}\n${line}`;
    const after = lines.length - i - 1;
    const room = after > 0 ? MESSAGE_LIMIT - `\n…and ${after} more`.length : MESSAGE_LIMIT;
    if (next.length > room) return `${text}\n…and ${lines.length - i} more`;
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
export function openGamesInOrder(ctx: Pick<OverviewContext, "store" | "uis">, userId: string): OpenGame[] {
  const entries = ctx.store.openGamesForUser(userId).map((game) => {
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

function turnText({ game, yourTurn, others }: OpenGame): string {
  if (game.status === "lobby") return `lobby, ${game.players.length} seated`;
  const names = others.map((name) => escapeMarkdown(name)).join(", ");
  if (yourTurn) return others.length ? `**your move** (also ${names})` : "**your move**";
  return others.length ? `${names} to move` : "waiting";
}

/** `/game status`: one line per open game, with whose turn it is and since when. */
export function statusText(ctx: OverviewContext, userId: string, here: string | null): string {
  const games = openGamesInOrder(ctx, userId);
  if (games.length === 0) return "You have no open games. Start one with `/play`.";
  const lines = games.map((entry) => {
    const { game } = entry;
    return `• **${titleOf(ctx, game.gameType)}**${serverLabel(ctx, game.guildId, here)} — ${turnText(entry)} · since ${discordTime(game.updatedAt, "R")} · ${whereToPlay(ctx.store, game)}`;
  });
  return fitMessage("Your open games, your turn first:", lines);
}

function endText(reason: EndReason | null): string {
  switch (reason?.kind) {
    case "ended":
      return `ended early by ${escapeMarkdown(reason.by)}`;
    case "left":
      return `ended early: ${escapeMarkdown(reason.by)} left`;
    case "timedOut":
      return `ended: ${escapeMarkdown(reason.by)}'s turn time ran out`;
    default:
      return "ended early";
  }
}

const RESULTS: Record<string, string> = {
  win: "**won**",
  loss: "lost",
  draw: "a draw",
  left: "left (a bot played your seat on)",
};

/** `/game history`: the user's newest ended games with their own result and when each ended. */
export function historyText(ctx: OverviewContext, userId: string, here: string | null): string {
  const rows = ctx.store.historyForUser(userId, HISTORY_GAMES);
  if (rows.length === 0) return "You have no ended games yet. Start one with `/play`.";
  const lines = rows.map((r) => {
    const score = ctx.uis.get(r.gameType)?.engine.score;
    const result = RESULTS[r.result] ?? endText(r.endReason);
    const points = r.score !== null && score ? `, ${tCount(score.unitKey, r.score)}` : "";
    const bots = r.botSeats > 0 ? " · with bots" : "";
    return `• **${titleOf(ctx, r.gameType)}**${serverLabel(ctx, r.guildId, here)} — ${result}${points}${bots} · ${discordTime(r.finishedAt, "f")}`;
  });
  return fitMessage("Your ended games, newest first:", lines);
}

/** `/stats server`: per game, the server's best players by wins, then win rate. */
export function leaderboardText(ctx: Pick<OverviewContext, "store" | "uis">, guildId: string): string {
  const rows = ctx.store.leaderboard(guildId, LEADERBOARD_PLAYERS);
  if (rows.length === 0) return "Nobody has finished a game on this server yet. Start one with `/play`.";
  const byGame = new Map<string, typeof rows>();
  for (const row of rows) byGame.set(row.gameType, [...(byGame.get(row.gameType) ?? []), row]);
  const lines = [...byGame]
    .sort(([a], [b]) => titleOf(ctx, a).localeCompare(titleOf(ctx, b)))
    .flatMap(([gameType, ranked]) => [
      `**${titleOf(ctx, gameType)}**`,
      ...ranked.map(
        (r, i) =>
          `${i + 1}. <@${r.userId}> — ${r.won} won of ${r.played} played (${Math.round((100 * r.won) / r.played)}%)`,
      ),
    ]);
  return fitMessage("This server's best players (finished games; most wins, then win rate):", lines);
}
