import {
  type AutocompleteInteraction,
  type Interaction,
  MessageFlags,
  type RepliableInteraction,
} from "discord.js";
import { type Words, wordsFor } from "../i18n/index.js";
import { localeOf } from "../i18n/locale.js";
import { isDatabaseUnavailable } from "../store/store.js";
import type { Command } from "./command.js";
import type { BotContext } from "./context.js";
import { handleEndClick, handleLobbyClick } from "./lobby.js";
import { readerLocale } from "./locale.js";
import { handleGameClick } from "./play.js";
import { handleReplayClick } from "./replay.js";
import { parseCustomId, RESERVED_ACTIONS } from "./ui/customId.js";
import { isReplayId } from "./ui/replayId.js";

/**
 * The words of the user who caused an interaction: every answer here is ephemeral. When their own
 * choice cannot be read (the database is what failed), their Discord client's language.
 */
async function readerWords(ctx: BotContext, interaction: Interaction): Promise<Words> {
  try {
    return wordsFor(await readerLocale(ctx, interaction));
  } catch {
    return wordsFor(localeOf(interaction.locale));
  }
}

/**
 * The single entry for every interaction: commands go to their module, components to the lobby or
 * the game's UI by their custom_id. Whatever fails, the user gets a short ephemeral answer.
 */
export function createRouter(ctx: BotContext, commands: ReadonlyMap<string, Command>) {
  return async function route(interaction: Interaction): Promise<void> {
    try {
      if (interaction.isChatInputCommand()) {
        const command = commands.get(interaction.commandName);
        if (!command) {
          await interaction.reply({
            content: (await readerWords(ctx, interaction))("bot.router.unknownCommand"),
            flags: MessageFlags.Ephemeral,
          });
          return;
        }
        await command.execute(ctx, interaction);
        await tellOfRefusedDm(ctx, interaction);
        return;
      }
      if (interaction.isAutocomplete()) {
        await autocomplete(ctx, commands.get(interaction.commandName), interaction);
        return;
      }
      // A replay's controls; the note of a refused DM waits for another interaction, since a
      // "Go to move…" dialog is no message to follow up.
      if ((interaction.isButton() || interaction.isModalSubmit()) && isReplayId(interaction.customId)) {
        await handleReplayClick(ctx, interaction);
        return;
      }
      if (interaction.isButton() || interaction.isStringSelectMenu()) {
        const parsed = parseCustomId(interaction.customId);
        const buttonOnly =
          parsed?.kind === "lobby" ||
          parsed?.action === RESERVED_ACTIONS.endGame ||
          parsed?.action === RESERVED_ACTIONS.keepGame;
        if (!parsed || (buttonOnly && !interaction.isButton())) {
          await interaction.reply({
            content: (await readerWords(ctx, interaction))("bot.router.unknownButton"),
            flags: MessageFlags.Ephemeral,
          });
          return;
        }
        if (parsed.kind === "lobby" && interaction.isButton()) {
          await handleLobbyClick(ctx, interaction, parsed.gameId, parsed.action);
        } else if (buttonOnly && interaction.isButton()) {
          await handleEndClick(ctx, interaction, parsed.gameId, parsed.action);
        } else if (parsed.kind === "game") {
          await handleGameClick(ctx, interaction, parsed);
        }
        await tellOfRefusedDm(ctx, interaction);
        return;
      }
      if (interaction.isRepliable()) {
        await interaction.reply({
          content: (await readerWords(ctx, interaction))("bot.router.unsupported"),
          flags: MessageFlags.Ephemeral,
        });
      }
    } catch (err) {
      const dbProblem = isDatabaseUnavailable(err);
      ctx.log.error(`interaction ${interaction.id} failed${dbProblem ? " (database)" : ""}:`, err);
      const words = await readerWords(ctx, interaction);
      await apologise(interaction, words(dbProblem ? "bot.router.busy" : "bot.router.sorry"), ctx);
    }
  };
}

/**
 * The answer to an interaction that arrives while the bot is stopping: it changes nothing, and the
 * user hears why at once instead of seeing it fail. Autocomplete gets no choices.
 */
export async function answerStopping(ctx: BotContext, interaction: Interaction): Promise<void> {
  try {
    if (interaction.isAutocomplete()) await interaction.respond([]);
    else if (interaction.isRepliable())
      await interaction.reply({
        content: (await readerWords(ctx, interaction))("bot.router.restarting"),
        flags: MessageFlags.Ephemeral,
      });
  } catch (err) {
    ctx.log.warn(`could not tell the user the bot is restarting: ${(err as Error).message}`);
  }
}

/** A command's choices for what is being typed; none when it has none or fails. */
async function autocomplete(
  ctx: BotContext,
  command: Command | undefined,
  interaction: AutocompleteInteraction,
): Promise<void> {
  try {
    if (command?.autocomplete) await command.autocomplete(ctx, interaction);
    else await interaction.respond([]);
  } catch (err) {
    ctx.log.error(`autocomplete ${interaction.id} failed:`, err);
    if (!interaction.responded)
      await interaction
        .respond([])
        .catch((e: unknown) => ctx.log.warn(`could not answer autocomplete: ${(e as Error).message}`));
  }
}

/**
 * The one private note after Discord refused someone's turn DM, on their next interaction that was
 * answered. The flag is cleared before the note is sent, so two clicks at once give one note; if
 * the note cannot be sent, it is owed again.
 */
async function tellOfRefusedDm(ctx: BotContext, interaction: RepliableInteraction): Promise<void> {
  if (!interaction.replied && !interaction.deferred) return;
  const userId = interaction.user.id;
  try {
    const prefs = await ctx.store.preferences.userPrefs(userId);
    if (!prefs.dmRefusedUntold) return;
    await ctx.store.preferences.updateUserPrefs(userId, { dmRefusedUntold: false });
    try {
      const content = (await readerWords(ctx, interaction))("bot.router.dmRefused");
      await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
    } catch (err) {
      await ctx.store.preferences.updateUserPrefs(userId, { dmRefusedUntold: true });
      throw err;
    }
  } catch (err) {
    ctx.log.warn(`could not tell a player their turn DM was refused: ${(err as Error).message}`);
  }
}

async function apologise(interaction: Interaction, content: string, ctx: BotContext): Promise<void> {
  if (!interaction.isRepliable()) return;
  try {
    if (interaction.deferred || interaction.replied) {
      await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
    } else {
      await interaction.reply({ content, flags: MessageFlags.Ephemeral });
    }
  } catch (err) {
    ctx.log.warn(`could not tell the user about a failure: ${(err as Error).message}`);
  }
}
