import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ButtonStyle,
  ComponentType,
  MessageFlags,
  TextInputStyle,
} from "discord-api-types/v10";

/**
 * Checks of incoming payloads against Discord's documented limits. An "error" is something
 * Discord rejects (the emulator answers 400 like Discord would); a "warning" is something Discord
 * silently accepts or ignores but that is almost certainly a bot bug. Both become violations.
 */
export interface Issue {
  severity: "error" | "warning";
  /** Discord's JSON error code for errors (50035 Invalid Form Body unless more specific). */
  code: number;
  message: string;
}

export const INVALID_FORM_BODY = 50035;
export const EMPTY_MESSAGE = 50006;
export const ENTITY_TOO_LARGE = 40005;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

class Issues {
  readonly list: Issue[] = [];
  error(message: string, code = INVALID_FORM_BODY): void {
    this.list.push({ severity: "error", code, message });
  }
  warn(message: string): void {
    this.list.push({ severity: "warning", code: 0, message });
  }
  length(path: string, value: unknown, min: number, max: number, required: boolean): void {
    if (value === undefined || value === null) {
      if (required) this.error(`${path}: required`);
      return;
    }
    if (typeof value !== "string") {
      this.error(`${path}: must be a string`);
      return;
    }
    if (value.length < min || value.length > max) {
      this.error(`${path}: length ${value.length} not in ${min}..${max}`);
    }
  }
}

/** Flags a bot may set when creating a message. */
const CREATE_FLAGS =
  MessageFlags.SuppressEmbeds |
  MessageFlags.Ephemeral |
  MessageFlags.SuppressNotifications |
  MessageFlags.IsComponentsV2;

export interface MessageCheckContext {
  /** Number of files uploaded with this request. */
  fileCount: number;
  /** Attachments the message keeps when editing (they count as content). */
  keptAttachments: number;
  isEdit: boolean;
  /** Ephemeral is meaningful for interaction responses and follow-ups only. */
  ephemeralAllowed: boolean;
  /** Flags of the message being edited (an edit inherits IS_COMPONENTS_V2). */
  existingFlags: number;
}

export function checkMessagePayload(payload: Json, context: MessageCheckContext): Issue[] {
  const issues = new Issues();
  const flags = typeof payload.flags === "number" ? payload.flags : context.existingFlags;
  const componentsV2 = (flags & MessageFlags.IsComponentsV2) !== 0;

  if (payload.content !== undefined && payload.content !== null) {
    if (typeof payload.content !== "string") issues.error("content: must be a string");
    else if (payload.content.length > 2000) {
      issues.error(`content: must be 2000 or fewer in length (got ${payload.content.length})`);
    }
  }
  if (typeof payload.flags === "number") {
    const unknown = payload.flags & ~CREATE_FLAGS;
    if (unknown && !context.isEdit) issues.warn(`flags: bits ${unknown} cannot be set by a bot`);
    if (payload.flags & MessageFlags.Ephemeral && !context.ephemeralAllowed) {
      issues.warn("flags: EPHEMERAL (64) has no effect here (only interaction responses can be ephemeral)");
    }
  }
  if (componentsV2 && (nonEmptyString(payload.content) || nonEmptyArray(payload.embeds))) {
    issues.error("content/embeds: cannot be used with IS_COMPONENTS_V2");
  }
  if (payload.embeds !== undefined && payload.embeds !== null) checkEmbeds(payload.embeds, issues);
  if (payload.components !== undefined && payload.components !== null) {
    checkComponents(payload.components, componentsV2, issues);
  }
  checkAllowedMentions(payload.allowed_mentions, issues);
  if (context.fileCount > 10) issues.error(`files: at most 10 attachments (got ${context.fileCount})`);

  if (!context.isEdit) {
    const hasContent =
      nonEmptyString(payload.content) ||
      nonEmptyArray(payload.embeds) ||
      nonEmptyArray(payload.components) ||
      nonEmptyArray(payload.sticker_ids) ||
      isObject(payload.poll) ||
      context.fileCount > 0 ||
      context.keptAttachments > 0;
    if (!hasContent) issues.error("Cannot send an empty message", EMPTY_MESSAGE);
  }
  return issues.list;
}

function nonEmptyString(value: unknown): boolean {
  return typeof value === "string" && value.trim().length > 0;
}

function nonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

function checkAllowedMentions(value: unknown, issues: Issues): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    issues.error("allowed_mentions: must be an object");
    return;
  }
  const parse = Array.isArray(value.parse) ? value.parse : [];
  if (parse.includes("users") && nonEmptyArray(value.users)) {
    issues.error('allowed_mentions: parse "users" and users are mutually exclusive');
  }
  if (parse.includes("roles") && nonEmptyArray(value.roles)) {
    issues.error('allowed_mentions: parse "roles" and roles are mutually exclusive');
  }
  if (Array.isArray(value.users) && value.users.length > 100)
    issues.error("allowed_mentions.users: at most 100");
}

function checkEmbeds(value: unknown, issues: Issues): void {
  if (!Array.isArray(value)) {
    issues.error("embeds: must be an array");
    return;
  }
  if (value.length > 10) issues.error(`embeds: at most 10 (got ${value.length})`);
  let total = 0;
  value.forEach((embed, index) => {
    const path = `embeds[${index}]`;
    if (!isObject(embed)) {
      issues.error(`${path}: must be an object`);
      return;
    }
    const title = str(embed.title) ?? "";
    const description = str(embed.description) ?? "";
    issues.length(`${path}.title`, embed.title, 0, 256, false);
    issues.length(`${path}.description`, embed.description, 0, 4096, false);
    total += title.length + description.length;
    if (isObject(embed.footer)) {
      issues.length(`${path}.footer.text`, embed.footer.text, 0, 2048, true);
      total += (str(embed.footer.text) ?? "").length;
    }
    if (isObject(embed.author)) {
      issues.length(`${path}.author.name`, embed.author.name, 0, 256, true);
      total += (str(embed.author.name) ?? "").length;
    }
    if (embed.fields !== undefined) {
      if (!Array.isArray(embed.fields)) issues.error(`${path}.fields: must be an array`);
      else {
        if (embed.fields.length > 25) issues.error(`${path}.fields: at most 25 (got ${embed.fields.length})`);
        embed.fields.forEach((field, fieldIndex) => {
          if (!isObject(field)) return;
          issues.length(`${path}.fields[${fieldIndex}].name`, field.name, 1, 256, true);
          issues.length(`${path}.fields[${fieldIndex}].value`, field.value, 1, 1024, true);
          total += (str(field.name) ?? "").length + (str(field.value) ?? "").length;
        });
      }
    }
    if (embed.color !== undefined && embed.color !== null) {
      if (typeof embed.color !== "number" || embed.color < 0 || embed.color > 0xffffff) {
        issues.error(`${path}.color: must be an integer 0..0xFFFFFF`);
      }
    }
  });
  if (total > 6000) issues.error(`embeds: combined text ${total} exceeds 6000 characters`);
}

const V2_ONLY = new Set<number>([
  ComponentType.Section,
  ComponentType.TextDisplay,
  ComponentType.Thumbnail,
  ComponentType.MediaGallery,
  ComponentType.File,
  ComponentType.Separator,
  ComponentType.Container,
]);

const SELECTS = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

function checkComponents(value: unknown, componentsV2: boolean, issues: Issues): void {
  if (!Array.isArray(value)) {
    issues.error("components: must be an array");
    return;
  }
  const customIds = new Set<string>();
  let count = 0;
  const visit = (component: unknown, path: string, parent: number | null): void => {
    count++;
    if (!isObject(component) || typeof component.type !== "number") {
      issues.error(`${path}: must be a component object with a type`);
      return;
    }
    const type = component.type;
    if (!componentsV2 && V2_ONLY.has(type)) {
      issues.error(`${path}: component type ${type} needs the IS_COMPONENTS_V2 flag`);
    }
    if (typeof component.custom_id === "string") {
      if (customIds.has(component.custom_id)) {
        issues.error(`${path}.custom_id: duplicate custom_id "${component.custom_id}" in one message`);
      }
      customIds.add(component.custom_id);
    }
    const children = Array.isArray(component.components) ? component.components : [];
    switch (type) {
      case ComponentType.ActionRow: {
        if (parent === ComponentType.ActionRow) issues.error(`${path}: action rows cannot be nested`);
        const buttons = children.filter((child) => isObject(child) && child.type === ComponentType.Button);
        const selects = children.filter((child) => isObject(child) && SELECTS.has(child.type as number));
        if (children.length === 0) issues.error(`${path}.components: an action row needs 1..5 components`);
        if (buttons.length > 5)
          issues.error(`${path}.components: at most 5 buttons per row (got ${buttons.length})`);
        if (selects.length > 0 && children.length > 1) {
          issues.error(`${path}.components: a select menu must be alone in its action row`);
        }
        children.forEach((child, index) => {
          visit(child, `${path}.components[${index}]`, type);
        });
        break;
      }
      case ComponentType.Button:
        checkButton(component, path, issues);
        break;
      case ComponentType.StringSelect:
      case ComponentType.UserSelect:
      case ComponentType.RoleSelect:
      case ComponentType.MentionableSelect:
      case ComponentType.ChannelSelect:
        if (parent !== ComponentType.ActionRow && parent !== ComponentType.Label) {
          issues.error(`${path}: a select menu must be inside an action row`);
        }
        checkSelect(component, path, issues);
        break;
      case ComponentType.Section:
        if (children.length < 1 || children.length > 3)
          issues.error(`${path}.components: 1..3 text displays`);
        children.forEach((child, index) => {
          visit(child, `${path}.components[${index}]`, type);
        });
        if (component.accessory !== undefined) visit(component.accessory, `${path}.accessory`, type);
        break;
      case ComponentType.Container:
        children.forEach((child, index) => {
          visit(child, `${path}.components[${index}]`, type);
        });
        break;
      case ComponentType.TextDisplay:
        issues.length(`${path}.content`, component.content, 1, 4000, true);
        break;
      default:
        break;
    }
  };
  value.forEach((component, index) => {
    const path = `components[${index}]`;
    if (!componentsV2 && isObject(component) && component.type !== ComponentType.ActionRow) {
      issues.error(`${path}: top-level components must be action rows`);
    }
    visit(component, path, null);
  });
  if (!componentsV2 && value.length > 5)
    issues.error(`components: at most 5 action rows (got ${value.length})`);
  if (componentsV2 && count > 40) issues.error(`components: at most 40 components in total (got ${count})`);
}

function checkButton(button: Json, path: string, issues: Issues): void {
  const style = button.style;
  if (typeof style !== "number" || style < ButtonStyle.Primary || style > ButtonStyle.Premium) {
    issues.error(`${path}.style: invalid button style ${String(style)}`);
    return;
  }
  if (style === ButtonStyle.Link) {
    if (typeof button.url !== "string") issues.error(`${path}.url: link buttons need a url`);
    if (button.custom_id !== undefined)
      issues.error(`${path}.custom_id: link buttons cannot have a custom_id`);
  } else if (style === ButtonStyle.Premium) {
    if (typeof button.sku_id !== "string") issues.error(`${path}.sku_id: premium buttons need a sku_id`);
  } else {
    issues.length(`${path}.custom_id`, button.custom_id, 1, 100, true);
    if (button.url !== undefined) issues.error(`${path}.url: only link buttons can have a url`);
  }
  issues.length(`${path}.label`, button.label, 0, 80, false);
  if (style !== ButtonStyle.Premium && !nonEmptyString(button.label) && !isObject(button.emoji)) {
    issues.error(`${path}: a button needs a label or an emoji`);
  }
}

function checkSelect(select: Json, path: string, issues: Issues): void {
  issues.length(`${path}.custom_id`, select.custom_id, 1, 100, true);
  issues.length(`${path}.placeholder`, select.placeholder, 0, 150, false);
  const min = typeof select.min_values === "number" ? select.min_values : 1;
  const max = typeof select.max_values === "number" ? select.max_values : 1;
  if (min < 0 || min > 25) issues.error(`${path}.min_values: must be 0..25`);
  if (max < 1 || max > 25) issues.error(`${path}.max_values: must be 1..25`);
  if (min > max) issues.error(`${path}: min_values ${min} > max_values ${max}`);
  if (select.type !== ComponentType.StringSelect) return;
  if (!Array.isArray(select.options)) {
    issues.error(`${path}.options: required for a string select`);
    return;
  }
  const options = select.options;
  if (options.length < 1 || options.length > 25) {
    issues.error(`${path}.options: must have 1..25 options (got ${options.length})`);
  }
  if (max > options.length) issues.error(`${path}.max_values: ${max} exceeds the ${options.length} options`);
  const values = new Set<string>();
  let defaults = 0;
  options.forEach((option, index) => {
    const optionPath = `${path}.options[${index}]`;
    if (!isObject(option)) {
      issues.error(`${optionPath}: must be an object`);
      return;
    }
    issues.length(`${optionPath}.label`, option.label, 1, 100, true);
    issues.length(`${optionPath}.value`, option.value, 1, 100, true);
    issues.length(`${optionPath}.description`, option.description, 0, 100, false);
    if (typeof option.value === "string") {
      if (values.has(option.value)) issues.error(`${optionPath}.value: duplicate value "${option.value}"`);
      values.add(option.value);
    }
    if (option.default === true) defaults++;
  });
  if (defaults > max) issues.error(`${path}.options: ${defaults} defaults exceed max_values ${max}`);
}

export function checkModal(data: unknown): Issue[] {
  const issues = new Issues();
  if (!isObject(data)) {
    issues.error("data: a modal needs data");
    return issues.list;
  }
  issues.length("data.custom_id", data.custom_id, 1, 100, true);
  issues.length("data.title", data.title, 1, 45, true);
  const components = Array.isArray(data.components) ? data.components : [];
  if (components.length < 1 || components.length > 5) {
    issues.error(`data.components: a modal needs 1..5 components (got ${components.length})`);
  }
  components.forEach((component, index) => {
    const path = `data.components[${index}]`;
    if (!isObject(component)) return;
    if (component.type === ComponentType.ActionRow) {
      const inner = Array.isArray(component.components) ? component.components : [];
      if (inner.length !== 1 || !isObject(inner[0]) || inner[0].type !== ComponentType.TextInput) {
        issues.error(`${path}: a modal action row holds exactly one text input`);
      } else checkTextInput(inner[0], `${path}.components[0]`, true, issues);
    } else if (component.type === ComponentType.Label) {
      issues.length(`${path}.label`, component.label, 1, 45, true);
      issues.length(`${path}.description`, component.description, 0, 100, false);
      const inner = component.component;
      if (isObject(inner) && inner.type === ComponentType.TextInput) {
        checkTextInput(inner, `${path}.component`, false, issues);
      } else if (isObject(inner) && SELECTS.has(inner.type as number))
        checkSelect(inner, `${path}.component`, issues);
    } else if (component.type !== ComponentType.TextDisplay) {
      issues.error(`${path}: type ${String(component.type)} is not allowed in a modal`);
    }
  });
  return issues.list;
}

function checkTextInput(input: Json, path: string, needsLabel: boolean, issues: Issues): void {
  issues.length(`${path}.custom_id`, input.custom_id, 1, 100, true);
  if (input.style !== TextInputStyle.Short && input.style !== TextInputStyle.Paragraph) {
    issues.error(`${path}.style: must be 1 (short) or 2 (paragraph)`);
  }
  if (needsLabel) issues.length(`${path}.label`, input.label, 1, 45, true);
  else if (input.label !== undefined)
    issues.error(`${path}.label: a text input inside a label has no own label`);
  issues.length(`${path}.value`, input.value, 0, 4000, false);
  issues.length(`${path}.placeholder`, input.placeholder, 0, 100, false);
  const min = typeof input.min_length === "number" ? input.min_length : 0;
  const max = typeof input.max_length === "number" ? input.max_length : 4000;
  if (min < 0 || min > 4000 || max < 1 || max > 4000 || min > max) {
    issues.error(`${path}: min_length/max_length must satisfy 0 <= min <= max <= 4000`);
  }
}

export function checkChoices(data: unknown): Issue[] {
  const issues = new Issues();
  const choices = isObject(data) && Array.isArray(data.choices) ? data.choices : [];
  if (choices.length > 25) issues.error(`data.choices: at most 25 (got ${choices.length})`);
  choices.forEach((choice, index) => {
    if (!isObject(choice)) return;
    issues.length(`data.choices[${index}].name`, choice.name, 1, 100, true);
    if (typeof choice.value === "string")
      issues.length(`data.choices[${index}].value`, choice.value, 1, 100, true);
  });
  return issues.list;
}

const NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Discord's checks of a bulk command overwrite; returns errors (Discord answers 400 to all of them). */
export function checkCommands(commands: unknown): Issue[] {
  const issues = new Issues();
  if (!Array.isArray(commands)) {
    issues.error("body: must be an array of commands");
    return issues.list;
  }
  const seen = new Set<string>();
  commands.forEach((command, index) => {
    const path = `[${index}]`;
    if (!isObject(command)) {
      issues.error(`${path}: must be an object`);
      return;
    }
    const type = typeof command.type === "number" ? command.type : ApplicationCommandType.ChatInput;
    const name = str(command.name) ?? "";
    const key = `${type}:${name}`;
    if (seen.has(key)) issues.error(`${path}.name: duplicate command name "${name}"`);
    seen.add(key);
    if (type === ApplicationCommandType.ChatInput) {
      if (!NAME_PATTERN.test(name) || name !== name.toLowerCase()) {
        issues.error(`${path}.name: "${name}" must match ${NAME_PATTERN} and be lower case`);
      }
      issues.length(`${path}.description`, command.description, 1, 100, true);
      checkOptions(command.options, `${path}.options`, 0, issues);
      if (commandTextLength(command) > 4000) issues.error(`${path}: command text exceeds 4000 characters`);
    } else {
      issues.length(`${path}.name`, command.name, 1, 32, true);
      if (nonEmptyString(command.description))
        issues.error(`${path}.description: context menu commands have none`);
    }
  });
  return issues.list;
}

function commandTextLength(node: Json): number {
  let total = (str(node.name) ?? "").length + (str(node.description) ?? "").length;
  if (Array.isArray(node.choices)) {
    for (const choice of node.choices) {
      if (isObject(choice)) total += (str(choice.name) ?? "").length + String(choice.value ?? "").length;
    }
  }
  if (Array.isArray(node.options)) {
    for (const option of node.options) if (isObject(option)) total += commandTextLength(option);
  }
  return total;
}

function checkOptions(value: unknown, path: string, depth: number, issues: Issues): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    issues.error(`${path}: must be an array`);
    return;
  }
  if (value.length > 25) issues.error(`${path}: at most 25 options (got ${value.length})`);
  const names = new Set<string>();
  let sawOptional = false;
  let subcommands = 0;
  value.forEach((option, index) => {
    const optionPath = `${path}[${index}]`;
    if (!isObject(option)) {
      issues.error(`${optionPath}: must be an object`);
      return;
    }
    const name = str(option.name) ?? "";
    if (!NAME_PATTERN.test(name) || name !== name.toLowerCase()) {
      issues.error(`${optionPath}.name: "${name}" must match ${NAME_PATTERN} and be lower case`);
    }
    if (names.has(name)) issues.error(`${optionPath}.name: duplicate option name "${name}"`);
    names.add(name);
    issues.length(`${optionPath}.description`, option.description, 1, 100, true);
    const type = option.type;
    if (
      type === ApplicationCommandOptionType.Subcommand ||
      type === ApplicationCommandOptionType.SubcommandGroup
    ) {
      subcommands++;
      if (type === ApplicationCommandOptionType.SubcommandGroup) {
        if (depth > 0) issues.error(`${optionPath}: subcommand groups cannot be nested`);
        const inner = Array.isArray(option.options) ? option.options : [];
        if (
          inner.some((child) => !isObject(child) || child.type !== ApplicationCommandOptionType.Subcommand)
        ) {
          issues.error(`${optionPath}.options: a subcommand group holds only subcommands`);
        }
      } else if (depth > 1) issues.error(`${optionPath}: subcommands nest at most two levels`);
      checkOptions(option.options, `${optionPath}.options`, depth + 1, issues);
      return;
    }
    if (typeof type !== "number" || type < ApplicationCommandOptionType.String || type > 11) {
      issues.error(`${optionPath}.type: invalid option type ${String(type)}`);
    }
    if (option.required === true) {
      if (sawOptional) issues.error(`${optionPath}: required options must come before optional ones`);
    } else sawOptional = true;
    if (Array.isArray(option.choices)) {
      if (option.choices.length > 25) issues.error(`${optionPath}.choices: at most 25`);
      if (option.autocomplete === true)
        issues.error(`${optionPath}: autocomplete cannot be combined with choices`);
      option.choices.forEach((choice, choiceIndex) => {
        if (!isObject(choice)) return;
        issues.length(`${optionPath}.choices[${choiceIndex}].name`, choice.name, 1, 100, true);
        if (typeof choice.value === "string") {
          issues.length(`${optionPath}.choices[${choiceIndex}].value`, choice.value, 1, 100, true);
        }
      });
    }
    for (const bound of ["min_length", "max_length"] as const) {
      const limit = option[bound];
      if (limit !== undefined && (typeof limit !== "number" || limit < 0 || limit > 6000)) {
        issues.error(`${optionPath}.${bound}: must be 0..6000`);
      }
    }
  });
  if (subcommands > 0 && subcommands !== value.length) {
    issues.error(`${path}: subcommands cannot be mixed with other options`);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (data.toString("ascii", 12, 16) !== "IHDR") return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
