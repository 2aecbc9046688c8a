import { ChannelType, type ChatInputCommandInteraction, ThreadAutoArchiveDuration } from "discord.js";
import { type GameOptions, HINTS_OPTION } from "../engine/core/game.js";
import { gameTitle, type Words, wordsFor } from "../i18n/index.js";
import type { DailyAttempt, GameRecord } from "../store/store.js";
import { afterChange } from "./changes.js";
import { now } from "./clock.js";
import type { BotContext } from "./context.js";
import { dailySeed, dayEndsAt, dayOf, dealNumber, shareLine } from "./dailyShare.js";
import { displayNameOf } from "./lobby.js";
import { readerLocale } from "./locale.js";
import { answer, textPayload } from "./respond.js";
import { discordTime } from "./time.js";

/**
 * `/daily play <game>`: today's deal of the game, the same for everyone, played in a private thread
 * of its own under this channel: alone, or with a robot partner in the second seat for the games
 * for two. One attempt per player, day and game, in every server together. The game is an
 * ordinary one whose channel is the thread, so tables, panels, robots and repairs work as ever.
 */
export async function playDaily(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  gameType: string,
): Promise<void> {
  const words = wordsFor(await readerLocale(ctx, interaction));
  const say = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
  const manifest = ctx.games.get(gameType);
  if (!manifest?.daily) return say(words("cmd.unknownGame"));
  if (!interaction.inGuild()) return say(words("daily.notInDm"));
  const day = dayOf(now());
  const known = await ctx.store.daily.attempt(day, gameType, interaction.user.id);
  if (known) return say(await attemptMade(ctx, known, words));
  const parent = interaction.channel;
  if (parent?.type !== ChannelType.GuildText) return say(words("daily.notTextChannel"));
  const { engine } = manifest;
  const title = gameTitle(gameType, words.locale);
  const started: { game: GameRecord | null } = { game: null };
  await answer(ctx, interaction, "ephemeral", async () => {
    const thread = await parent.threads
      .create({
        name: words("daily.threadName", { title, number: dealNumber(day) }).slice(0, 100),
        type: ChannelType.PrivateThread,
        invitable: false,
        autoArchiveDuration: ThreadAutoArchiveDuration.OneDay,
      })
      .catch((err: unknown) => {
        ctx.log.warn(`channel ${parent.id}: no thread for a daily deal: ${(err as Error).message}`);
        return null;
      });
    if (!thread) return textPayload(words("daily.noThread"));
    // A thread the player cannot be added to is no use: it goes, and nothing is recorded.
    const joined = await thread.members.add(interaction.user.id).then(
      () => true,
      (err: unknown) => {
        ctx.log.warn(`thread ${thread.id}: the player could not be added: ${(err as Error).message}`);
        return false;
      },
    );
    const deleteThread = () => thread.delete().catch(() => undefined);
    if (!joined) {
      await deleteThread();
      return textPayload(words("daily.noThread"));
    }
    // No hints: a robot's advice would score as the player's own play.
    const options: GameOptions = {
      ...Object.fromEntries(engine.options.map((o) => [o.name, o.default])),
      [HINTS_OPTION.name]: false,
    };
    const made = await ctx.store.daily.start(
      {
        day,
        gameType,
        guildId: interaction.guildId,
        channelId: thread.id,
        seed: dailySeed(day, gameType, ctx.config.dailySecret),
        options,
        player: {
          userId: interaction.user.id,
          displayName: displayNameOf(interaction.user, interaction.member),
        },
        // The games for two are played with a robot partner in the second seat.
        robot: engine.minPlayers > 1,
      },
      engine,
    );
    if (!made.ok) {
      await deleteThread();
      return textPayload(await attemptMade(ctx, made.attempt, words));
    }
    started.game = made.game;
    ctx.log.info(
      `game ${made.game.id}: daily ${gameType} ${day} started in ${thread.id} by ${interaction.user.id}`,
    );
    return textPayload(words("daily.started", { title, channel: thread.id }));
  });
  const game = started.game;
  if (!game) return;
  // The start is stored: a table not posted now is posted by the repair sweep.
  await afterChange(ctx, { kind: "table", game }).catch((err: unknown) =>
    ctx.log.warn(`game ${game.id}: the daily deal's table could not be posted: ${(err as Error).message}`),
  );
}

/**
 * Why there is no new attempt, in `words`: one still being played (with a link to its thread), or
 * one ended, with its share line and when the next deal comes.
 */
async function attemptMade(ctx: BotContext, attempt: DailyAttempt, words: Words): Promise<string> {
  const title = gameTitle(attempt.gameType, words.locale);
  if (attempt.finishedAt === null) {
    const game = await ctx.store.games.getGame(attempt.gameId);
    const url = `https://discord.com/channels/${attempt.guildId}/${game?.channelId ?? ""}`;
    return words("daily.stillPlaying", { title, url });
  }
  return words("daily.alreadyPlayed", {
    title,
    next: discordTime(dayEndsAt(attempt.day), "R"),
    share: shareLine(ctx, attempt, words),
  });
}
