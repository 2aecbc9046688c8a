import { Locale, type LocalizationMap } from "discord.js";
import { NL_CHOICES, NL_COMMANDS } from "./commands.js";

/** What a command, subcommand group, subcommand and option share in Discord's command JSON. */
export interface CommandNode {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  options?: readonly CommandNode[];
  choices?: readonly { name: string; value: string | number; name_localizations?: LocalizationMap | null }[];
}

/**
 * A command's registration JSON with the Dutch names and descriptions from the catalog added to the
 * command, every subcommand group, subcommand and option, and every choice. Discord shows them to
 * players whose client is in Dutch; interactions still carry the English names.
 */
export function localizeCommand<T extends CommandNode>(command: T): T {
  return localizeNode(command, command.name);
}

function localizeNode<T extends CommandNode>(node: T, path: string): T {
  const dutch = NL_COMMANDS[path];
  const localized: T = { ...node };
  if (dutch) {
    localized.name_localizations = { ...node.name_localizations, [Locale.Dutch]: dutch.name };
    localized.description_localizations = {
      ...node.description_localizations,
      [Locale.Dutch]: dutch.description,
    };
  }
  if (node.options) localized.options = node.options.map((o) => localizeNode(o, `${path} ${o.name}`));
  if (node.choices) {
    localized.choices = node.choices.map((choice) => {
      const name = NL_CHOICES[`${path}=${choice.value}`];
      return name
        ? { ...choice, name_localizations: { ...choice.name_localizations, [Locale.Dutch]: name } }
        : choice;
    });
  }
  return localized;
}
