import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { localizeCommand } from "../i18n/localize.js";
import type { BotContext } from "./context.js";

/** One slash command, as in the discord.js guide: its definition and what it does. */
export interface Command {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
  /** Choices for the option being typed, for commands with autocomplete options. */
  autocomplete?(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void>;
}

/** Every command's registration JSON, with its Dutch localizations. */
export function commandBodies(commands: readonly Command[]) {
  return commands.map((c) => localizeCommand(c.data.toJSON()));
}
