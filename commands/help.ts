import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../src/bot/command.js";
import { readerLocale, serverLocale } from "../src/bot/locale.js";
import { answerInParts, messageParts } from "../src/bot/respond.js";
import { commandWord } from "../src/i18n/commands.js";
import { gameTitle, type Words, wordsFor } from "../src/i18n/index.js";

/**
 * What `/help` says, naming the games these UIs offer: in the reader's language (`words`), except
 * the names of buttons everyone sees — the lobby's and the table's — which are in the server's
 * (`table`), as they are drawn there. Two messages, how to play and the commands, as together
 * they run past what one message holds in Dutch.
 */
export function helpMessages(gameTypes: readonly string[], words: Words, table: Words): string[] {
  const games = gameTypes
    .map(
      (gameType) =>
        `\`${commandWord(`play ${gameType}`, words.locale)}\` ${gameTitle(gameType, words.locale)}`,
    )
    .join(" · ");
  const buttons = gameTypes
    .map((gameType) => `**${table(`game.${gameType}.panelButton`)}** (${gameTitle(gameType, words.locale)})`)
    .join(", ");
  const playing = [
    words("cmd.help.intro"),
    words("cmd.help.games", { games }),
    words("cmd.help.lobby", {
      join: table("bot.lobby.button.join"),
      start: table("bot.lobby.button.start"),
      addRobot: table("bot.lobby.button.addRobot"),
    }),
    words("cmd.help.panel", { buttons }),
  ];
  const commands = [
    words("cmd.help.overviews"),
    // The Hint button is in the player's own panel: in the reader's language.
    words("cmd.help.hint", { hint: words("bot.play.hint") }),
    words("cmd.help.replay", { takeBack: words("undo.button") }),
    words("cmd.help.leave"),
    words("cmd.help.rules"),
    words("cmd.help.daily"),
    words("cmd.help.notify"),
    words("cmd.help.threads"),
  ];
  return [playing, commands].flatMap((lines) => messageParts(lines.join("\n")));
}

export const help: Command = {
  data: new SlashCommandBuilder().setName("help").setDescription("What this bot does and how to use it"),
  async execute(ctx, interaction) {
    const words = wordsFor(await readerLocale(ctx, interaction));
    // Outside a server there is no table to name the buttons of: all in the reader's language.
    const table = interaction.guildId ? wordsFor(await serverLocale(ctx, interaction.guildId)) : words;
    await answerInParts(ctx, interaction, helpMessages([...ctx.uis.keys()], words, table));
  },
};
