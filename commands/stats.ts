import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../src/bot/command.js";
import type { BotContext } from "../src/bot/context.js";
import { readerLocale } from "../src/bot/locale.js";
import { leaderboardText } from "../src/bot/overview.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { gameTitle, type Words, wordsFor } from "../src/i18n/index.js";

const data = new SlashCommandBuilder()
  .setName("stats")
  .setDescription("Results of finished games")
  .addSubcommand((s) => s.setName("me").setDescription("Your finished games, wins and best scores"))
  .addSubcommand((s) =>
    s.setName("server").setDescription("This server's best players per game: most wins, then win rate"),
  );

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

export const stats: Command = {
  data,
  async execute(ctx, interaction) {
    const words = wordsFor(await readerLocale(ctx, interaction));
    if (interaction.options.getSubcommand() === "me")
      return answer(ctx, interaction, "ephemeral", async () =>
        textPayload(await myResults(ctx, interaction.user.id, words)),
      );
    const guildId = interaction.guildId;
    if (!guildId)
      return answer(ctx, interaction, "ephemeral", () => textPayload(words("cmd.stats.serverOnly")));
    // Everyone may look; mentions name the players without pinging them (answers mention nobody).
    return answer(ctx, interaction, "ephemeral", async () =>
      textPayload(await leaderboardText(ctx, guildId, words)),
    );
  },
};
