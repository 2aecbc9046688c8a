import { type ChatInputCommandInteraction, Locale, SlashCommandBuilder } from "discord.js";
import type { Command } from "../src/bot/command.js";
import type { BotContext } from "../src/bot/context.js";
import { leaderboardPayload, myRatings } from "../src/bot/leaderboard.js";
import { readerLocale } from "../src/bot/locale.js";
import type { Games } from "../src/bot/manifest.js";
import { leaderboardText } from "../src/bot/overview.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { gameTitle, type Words, wordsFor } from "../src/i18n/index.js";

/** The games whose players are rated: their engines name the sides of a finished game. */
function ratedGames(games: Games): string[] {
  return games.list.filter((game) => game.engine.sides !== undefined).map((game) => game.id);
}

function statsData(games: Games) {
  return new SlashCommandBuilder()
    .setName("stats")
    .setDescription("Results of finished games")
    .addSubcommand((s) =>
      s.setName("me").setDescription("Your finished games, wins, best scores and ratings"),
    )
    .addSubcommand((s) =>
      s.setName("server").setDescription("This server's best players per game: most wins, then win rate"),
    )
    .addSubcommand((s) =>
      s
        .setName("leaderboard")
        .setDescription("A game's best rated players in this server, or in every server")
        .addStringOption((o) =>
          o
            .setName("game")
            .setDescription("Which game")
            .setRequired(true)
            .addChoices(
              ...ratedGames(games).map((id) => ({
                name: gameTitle(id, "en"),
                name_localizations: { [Locale.Dutch]: gameTitle(id, "nl") },
                value: id,
              })),
            ),
        )
        .addBooleanOption((o) =>
          o
            .setName("everywhere")
            .setDescription("True: the board of every server; False: this server's (default)"),
        ),
    );
}

/** `/stats me`: the user's results per game, in `words`. */
export async function myResults(
  ctx: Pick<BotContext, "store" | "uis">,
  userId: string,
  words: Words,
): Promise<string> {
  const scores = Object.fromEntries([...ctx.uis.values()].map((ui) => [ui.gameType, ui.engine.score]));
  const rows = await ctx.store.results.statsForUser(userId, scores);
  const lines = rows.map((r) => {
    const score = ctx.uis.get(r.gameType)?.engine.score;
    const best =
      r.best === null || !score
        ? ""
        : words(score.better === "higher" ? "cmd.stats.best.higher" : "cmd.stats.best.lower", {
            score: words.count(score.unitKey, r.best),
          });
    return words("cmd.stats.line", {
      game: score ? gameTitle(r.gameType, words.locale) : r.gameType,
      played: r.played,
      won: r.won,
      left: r.left > 0 ? words("cmd.stats.left", { count: r.left }) : "",
      best,
      withRobots: r.withRobots > 0 ? words("cmd.stats.withRobots", { count: r.withRobots }) : "",
    });
  });
  return lines.length ? [words("cmd.stats.heading"), ...lines].join("\n") : words("cmd.stats.none");
}

/** `/stats me`, `/stats server` and `/stats leaderboard` of the rated ones among `games`. */
export function statsCommand(games: Games): Command {
  return {
    data: statsData(games),
    execute: (ctx, interaction) => stats(ctx, interaction, ratedGames(games)),
  };
}

async function stats(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  rated: readonly string[],
): Promise<void> {
  const words = wordsFor(await readerLocale(ctx, interaction));
  const subcommand = interaction.options.getSubcommand();
  const guildId = interaction.guildId;
  if (subcommand === "me")
    return answer(ctx, interaction, "ephemeral", async () => {
      const ratings = await myRatings(ctx, interaction.user.id, guildId, words);
      const results = await myResults(ctx, interaction.user.id, words);
      return textPayload(ratings ? `${results}\n\n${ratings}` : results);
    });
  if (subcommand === "leaderboard") {
    const gameType = interaction.options.getString("game", true);
    const everywhere = interaction.options.getBoolean("everywhere") ?? false;
    if (!rated.includes(gameType)) {
      const games = words.list(rated.map((id) => gameTitle(id, words.locale)));
      return answer(ctx, interaction, "ephemeral", () => textPayload(words("ratings.notRated", { games })));
    }
    if (!everywhere && !guildId)
      return answer(ctx, interaction, "ephemeral", () => textPayload(words("ratings.serverOnly")));
    return answer(ctx, interaction, "ephemeral", () =>
      leaderboardPayload(ctx, gameType, everywhere ? null : guildId, words),
    );
  }
  if (!guildId)
    return answer(ctx, interaction, "ephemeral", () => textPayload(words("cmd.stats.serverOnly")));
  // Everyone may look; mentions name the players without pinging them (answers mention nobody).
  return answer(ctx, interaction, "ephemeral", async () =>
    textPayload(await leaderboardText(ctx, guildId, words)),
  );
}
