import { type Interaction, MessageFlags } from "discord.js";
import type { Command } from "../../commands/types.js";
import type { BotContext } from "./context.js";
import { parseCustomId } from "./customId.js";
import { handleLobbyClick } from "./lobby.js";
import { handleGameClick } from "./play.js";

const SORRY = "Something went wrong on my side, and nothing was changed. Please try again in a moment.";
const BUSY =
  "The game database is busy or unavailable right now, so nothing was changed. Please try again in a moment.";

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
            content: "I do not know that command. Try `/help`.",
            flags: MessageFlags.Ephemeral,
          });
          return;
        }
        await command.execute(ctx, interaction);
        return;
      }
      if (interaction.isAutocomplete()) {
        await interaction.respond([]);
        return;
      }
      if (interaction.isButton() || interaction.isStringSelectMenu()) {
        const parsed = parseCustomId(interaction.customId);
        if (!parsed) {
          await interaction.reply({
            content:
              "I do not recognise that button. It may belong to an old message; use the newest table message.",
            flags: MessageFlags.Ephemeral,
          });
          return;
        }
        if (parsed.kind === "lobby") {
          if (!interaction.isButton()) throw new Error("lobby custom_id on a select menu");
          await handleLobbyClick(ctx, interaction, parsed.gameId, parsed.action);
          return;
        }
        await handleGameClick(ctx, interaction, parsed);
        return;
      }
      if (interaction.isRepliable()) {
        await interaction.reply({
          content: "I cannot handle that kind of interaction.",
          flags: MessageFlags.Ephemeral,
        });
      }
    } catch (err) {
      const dbProblem = isSqliteBusy(err);
      ctx.log.error(`interaction ${interaction.id} failed${dbProblem ? " (database)" : ""}:`, err);
      await apologise(interaction, dbProblem ? BUSY : SORRY, ctx);
    }
  };
}

function isSqliteBusy(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (
    typeof code === "string" && /^SQLITE_(BUSY|LOCKED|CANTOPEN|READONLY|IOERR|CORRUPT|NOTADB)/.test(code)
  );
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
