import { ApplicationCommandOptionType, ApplicationCommandType } from "discord-api-types/v10";
import { type SchemaPath, textLength } from "../schema.js";
import { type Issue, Issues, isObject, type Json, LOCALES, nonEmptyString, str } from "./issues.js";

/** Autocomplete choices (`data` of a type 8 callback): a string value is at most 100 characters. */
export function checkChoices(data: unknown): Issue[] {
  const issues = new Issues(["data"]);
  const choices = isObject(data) && Array.isArray(data.choices) ? data.choices : [];
  choices.forEach((choice, index) => {
    if (isObject(choice)) issues.maxLength(["choices", index, "value"], choice.value, 100);
  });
  return issues.list;
}

const NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
/** Discord's limit on a command's combined text, each field counted at its longest localization. */
const COMMAND_TEXT_LIMIT = 8000;

/** The documented limits of a bulk command overwrite (PUT) the description does not encode. */
export function checkCommands(commands: unknown): Issue[] {
  if (!Array.isArray(commands)) return [];
  const list: Issue[] = [];
  const seen = new Set<string>();
  commands.forEach((command, index) => {
    if (!isObject(command)) return;
    const type = typeof command.type === "number" ? command.type : ApplicationCommandType.ChatInput;
    const key = `${type}:${String(command.name)}`;
    if (seen.has(key)) {
      const issues = new Issues([index]);
      issues.error(
        ["name"],
        "APPLICATION_COMMAND_NAME_ALREADY_EXISTS",
        `Command name "${String(command.name)}" is already used.`,
      );
      list.push(...issues.list);
    }
    seen.add(key);
    list.push(...checkCommand(command, [index]));
  });
  return list;
}

/** One command's documented limits (the body of POST, PATCH, or one entry of PUT at `base`). */
export function checkCommand(command: unknown, base: SchemaPath = []): Issue[] {
  const issues = new Issues(base);
  if (!isObject(command)) return issues.list;
  const type = typeof command.type === "number" ? command.type : ApplicationCommandType.ChatInput;
  if (type === ApplicationCommandType.ChatInput) {
    checkName([], command, issues);
    if (!nonEmptyString(command.description)) {
      issues.error(["description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    }
    checkLocalizations([], command, issues);
    checkOptions(command.options, ["options"], 0, issues);
    const total = commandTextLength(command);
    if (total > COMMAND_TEXT_LIMIT) {
      issues.error(
        [],
        "APPLICATION_COMMAND_TOO_LARGE",
        `Command exceeds maximum size (${COMMAND_TEXT_LIMIT}): its text counts ${total} characters.`,
      );
    }
  } else {
    checkLocalizations([], command, issues);
    if (nonEmptyString(command.description)) {
      issues.error(
        ["description"],
        "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
        "Context menu commands cannot have a description.",
      );
    }
  }
  return issues.list;
}

/** A chat-input name and its localized names: letters, digits, - _ ', lower case where a letter has one. */
function checkName(path: SchemaPath, node: Json, issues: Issues): void {
  const valid = (name: unknown) =>
    typeof name === "string" && NAME_PATTERN.test(name) && name === name.toLowerCase();
  if (typeof node.name === "string" && !valid(node.name)) {
    issues.error(
      [...path, "name"],
      "APPLICATION_COMMAND_INVALID_NAME",
      `Command name "${node.name}" is invalid.`,
    );
  }
  if (isObject(node.name_localizations)) {
    for (const [locale, name] of Object.entries(node.name_localizations)) {
      if (typeof name === "string" && !valid(name)) {
        issues.error(
          [...path, "name_localizations", locale],
          "APPLICATION_COMMAND_INVALID_NAME",
          `Command name "${name}" is invalid.`,
        );
      }
    }
  }
}

/** Localization keys are Discord locales. */
function checkLocalizations(path: SchemaPath, node: Json, issues: Issues): void {
  for (const field of ["name_localizations", "description_localizations"]) {
    const map = node[field];
    if (!isObject(map)) continue;
    for (const locale of Object.keys(map)) {
      if (!LOCALES.has(locale)) {
        issues.error(
          [...path, field, locale],
          "BASE_TYPE_CHOICES",
          `Value must be one of ${[...LOCALES].join(", ")}.`,
        );
      }
    }
  }
}

function longest(node: Json, field: "name" | "description"): number {
  const localized = node[`${field}_localizations`];
  const values = [node[field], ...(isObject(localized) ? Object.values(localized) : [])];
  return Math.max(0, ...values.map((value) => (typeof value === "string" ? textLength(value) : 0)));
}

/** Name, description and choice values of the command, its options and choices, at their longest localization. */
function commandTextLength(node: Json): number {
  let total = longest(node, "name") + longest(node, "description");
  if (Array.isArray(node.choices)) {
    for (const choice of node.choices) {
      if (isObject(choice)) total += longest(choice, "name") + textLength(String(choice.value ?? ""));
    }
  }
  if (Array.isArray(node.options)) {
    for (const option of node.options) if (isObject(option)) total += commandTextLength(option);
  }
  return total;
}

function checkOptions(value: unknown, path: SchemaPath, depth: number, issues: Issues): void {
  if (!Array.isArray(value)) return;
  const names = new Set<string>();
  let sawOptional = false;
  let subcommands = 0;
  value.forEach((option, index) => {
    const optionPath = [...path, index];
    if (!isObject(option)) return;
    checkName(optionPath, option, issues);
    checkLocalizations(optionPath, option, issues);
    const name = str(option.name) ?? "";
    if (names.has(name)) {
      issues.error(
        [...optionPath, "name"],
        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
        `Option name "${name}" is already used.`,
      );
    }
    names.add(name);
    const type = option.type;
    if (
      type === ApplicationCommandOptionType.Subcommand ||
      type === ApplicationCommandOptionType.SubcommandGroup
    ) {
      subcommands++;
      if (type === ApplicationCommandOptionType.SubcommandGroup && depth > 0) {
        issues.error(
          optionPath,
          "APPLICATION_COMMAND_OPTIONS_TOO_DEEP",
          "Subcommand groups cannot be nested.",
        );
      } else if (depth > 1) {
        issues.error(
          optionPath,
          "APPLICATION_COMMAND_OPTIONS_TOO_DEEP",
          "Subcommands nest at most two levels.",
        );
      }
      checkOptions(option.options, [...optionPath, "options"], depth + 1, issues);
      return;
    }
    if (option.required === true) {
      if (sawOptional) {
        issues.error(
          [...optionPath, "required"],
          "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
          "Required options must be placed before non-required options.",
        );
      }
    } else sawOptional = true;
    if (Array.isArray(option.choices)) {
      if (option.autocomplete === true) {
        issues.error(
          [...optionPath, "autocomplete"],
          "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES",
          "Autocomplete cannot be enabled on an option with choices.",
        );
      }
      option.choices.forEach((choice, choiceIndex) => {
        if (!isObject(choice)) return;
        const choicePath = [...optionPath, "choices", choiceIndex];
        checkLocalizations(choicePath, choice, issues);
        // The description allows 6,000; Discord documents (and enforces) 100 for a string value.
        issues.maxLength([...choicePath, "value"], choice.value, 100);
      });
    }
  });
  if (subcommands > 0 && subcommands !== value.length) {
    issues.error(
      path,
      "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
      "Subcommands cannot be mixed with other options.",
    );
  }
}
