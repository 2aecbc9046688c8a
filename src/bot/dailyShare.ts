import { createHmac } from "node:crypto";
import { gameTitle, type Words, wordsFor } from "../i18n/index.js";
import type { DailyAttempt, GameRecord } from "../store/store.js";
import type { BotContext } from "./context.js";
import { personLocale } from "./locale.js";

/**
 * The daily deal's calendar and its share line. A day is a UTC date ("2026-12-07"); the deal of a
 * day and game is the same for everyone, dealt from a hash of the two.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC date of `ms`, as the deal's day. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** When the day after `day` begins: 00:00 UTC, when its deal gives way to the next. */
export function dayEndsAt(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) + DAY_MS;
}

/** The first deal's day: deal #1. */
const FIRST_DAY = Date.parse("2026-01-01T00:00:00Z");

/**
 * The number of `day`'s deal, counted from the first: how the deal is named to people. A date
 * would read differently in each time zone (the day turns at 00:00 UTC), a number reads the same.
 */
export function dealNumber(day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - FIRST_DAY) / DAY_MS) + 1;
}

/** The day before `day`. */
export function dayBefore(day: string): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
}

/**
 * The seed of a day's deal of a game: an HMAC of "<day>:<game>" keyed with the deployment's
 * `secret`, so it depends on nothing else and nobody can deal a coming day's cards from the source.
 */
export function dailySeed(day: string, gameType: string, secret: string): number {
  return createHmac("sha256", secret).update(`${day}:${gameType}`).digest().readUInt32BE(0);
}

const BAR_SQUARES = 10;

/**
 * The bar of a score: ten squares, 🟩 for each full tenth of the way to `bar` (the manifest's
 * `daily.bar`, read the game's way round), 🟨 for a tenth begun, ⬜ for the rest. Only a win fills it.
 */
export function scoreBar(
  score: number | null,
  won: boolean,
  better: "higher" | "lower",
  bar: number,
): string {
  if (won) return "🟩".repeat(BAR_SQUARES);
  const done = score === null ? 0 : better === "higher" ? score / bar : (bar - score) / bar;
  const tenths = Math.min(BAR_SQUARES - 0.01, Math.max(0, done * BAR_SQUARES));
  const full = Math.floor(tenths);
  const begun = tenths > full ? 1 : 0;
  return "🟩".repeat(full) + "🟨".repeat(begun) + "⬜".repeat(BAR_SQUARES - full - begun);
}

/**
 * The share line of an ended attempt, in `words`: the game and the deal's number, then the bar of the
 * player's score with the score in the game's unit. Only the score's count: never a card.
 */
export function shareLine(ctx: Pick<BotContext, "games">, attempt: DailyAttempt, words: Words): string {
  const manifest = ctx.games.get(attempt.gameType);
  const spec = manifest?.engine.score;
  const heading = words("daily.share.heading", {
    title: gameTitle(attempt.gameType, words.locale),
    number: dealNumber(attempt.day),
  });
  const bar = scoreBar(
    attempt.score,
    attempt.result === "win",
    spec?.better ?? "higher",
    manifest?.daily?.bar ?? 1,
  );
  const measure =
    attempt.score === null || !spec ? words("daily.share.gaveUp") : words.count(spec.unitKey, attempt.score);
  return `${heading}\n${bar} ${measure}`;
}

/**
 * When an attempt ends, its player gets the share line in their private thread, to copy. Nothing
 * for any other game. A line lost to a failure is only logged: `/daily play` shows it again.
 */
export async function announceDailyEnd(ctx: BotContext, game: GameRecord): Promise<void> {
  if (game.status !== "finished" && game.status !== "abandoned") return;
  await shareInThread(ctx, game).catch((err: unknown) =>
    ctx.log.warn(`game ${game.id}: the daily share line could not be posted: ${(err as Error).message}`),
  );
}

async function shareInThread(ctx: BotContext, game: GameRecord): Promise<void> {
  const attempt = await ctx.store.daily.ofGame(game.id);
  if (!attempt) return;
  const words = wordsFor(await personLocale(ctx, attempt.userId, game.guildId));
  const channel = await ctx.client.channels.fetch(game.channelId);
  if (!channel?.isSendable()) return;
  await channel.send({
    content: words("daily.share.ended", { share: shareLine(ctx, attempt, words) }),
    allowedMentions: { parse: [] },
  });
}
