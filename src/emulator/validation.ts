import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ButtonStyle,
  ChannelType,
  ComponentType,
  MessageFlags,
} from "discord-api-types/v10";
import { repoRoot } from "./bot-process.js";
import { type Schema, type SchemaPath, SchemaValidator, textLength } from "./schema.js";

/**
 * Checks of the bot's request bodies: first against Discord's published OpenAPI description
 * (assets/discord-api-spec, see its README for the commit), then against the limits Discord documents
 * but the description does not encode. An "error" is something Discord rejects (the emulator answers
 * 400 like Discord would); a "warning" is something Discord silently accepts or ignores but that is
 * almost certainly a bot bug. Both become violations.
 */
export interface Issue {
  severity: "error" | "warning";
  /** Discord's JSON error code for errors (50035 Invalid Form Body unless more specific). */
  code: number;
  message: string;
  /** The field, for Discord's `errors` tree; absent for errors of the whole request. */
  path?: SchemaPath;
  /** Discord's code for the field error, e.g. BASE_TYPE_MAX_LENGTH. */
  reason?: string;
  /** Discord's message for the field error (`message` is the whole line, path included). */
  detail?: string;
}

export const INVALID_FORM_BODY = 50035;
export const EMPTY_MESSAGE = 50006;
export const ENTITY_TOO_LARGE = 40005;

type Json = Record<string, unknown>;

interface SpecDocument {
  paths: Record<string, Record<string, { requestBody: { required: boolean; content: Json } }>>;
  components: { schemas: Record<string, Schema> };
}

const SPEC = JSON.parse(
  readFileSync(join(repoRoot(), "assets", "discord-api-spec", "openapi.subset.json"), "utf8"),
) as SpecDocument;
const validator = new SchemaValidator(SPEC.components.schemas);

/** Locales Discord accepts as keys of name_localizations and description_localizations. */
const LOCALES = new Set(
  (validator.schema("AvailableLocalesEnum").oneOf ?? []).map((option) => String(option.const)),
);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** `embeds[0].fields[1].name`, as discord.js prints Discord's error paths. */
export function pathText(path: SchemaPath): string {
  return path
    .map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("");
}

class Issues {
  readonly list: Issue[] = [];
  constructor(readonly base: SchemaPath = []) {}
  error(path: SchemaPath, reason: string, message: string, code = INVALID_FORM_BODY): void {
    const full = [...this.base, ...path];
    this.list.push({
      severity: "error",
      code,
      message: `${pathText(full) || "body"}[${reason}]: ${message}`,
      path: full,
      reason,
      detail: message,
    });
  }
  warn(path: SchemaPath, message: string): void {
    this.list.push({
      severity: "warning",
      code: 0,
      message: `${pathText([...this.base, ...path])}: ${message}`,
    });
  }
  maxLength(path: SchemaPath, value: unknown, max: number): void {
    if (typeof value === "string" && textLength(value) > max) {
      this.error(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
    }
  }
}

/**
 * The request body of `method route` (route as the spec spells it, e.g. /channels/{channel_id}/messages)
 * checked against Discord's OpenAPI description.
 */
export function specIssues(method: string, route: string, body: unknown): Issue[] {
  const operation = SPEC.paths[route]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${route} has no request body in the vendored spec`);
  if (body === undefined || body === null) {
    return operation.requestBody.required
      ? [{ severity: "error", code: INVALID_FORM_BODY, message: "body: a JSON body is required" }]
      : [];
  }
  const schema = (operation.requestBody.content["application/json"] as { schema: Schema }).schema;
  return validator.validate(schema, body).map((error) => ({
    severity: "error",
    code: INVALID_FORM_BODY,
    message: `${pathText(error.path) || "body"}[${error.code}]: ${error.message}`,
    path: error.path,
    reason: error.code,
    detail: error.message,
  }));
}

/** Discord's `errors` object of a 50035 answer: the field paths as nested keys, `_errors` at each leaf. */
export function errorTree(issues: Issue[]): Json {
  const tree: Json = {};
  for (const issue of issues) {
    let node = tree;
    for (const part of issue.path ?? []) {
      const key = String(part);
      if (!isObject(node[key])) node[key] = {};
      node = node[key] as Json;
    }
    node._errors ??= [];
    (node._errors as unknown[]).push({
      code: issue.reason ?? "INVALID_FORM_BODY",
      message: issue.detail ?? issue.message,
    });
  }
  return tree;
}

/** Issues found under `data` of an interaction callback. */
export function underData(issues: Issue[]): Issue[] {
  return issues.map((issue) =>
    issue.path ? { ...issue, path: ["data", ...issue.path], message: `data.${issue.message}` } : issue,
  );
}

/** Issues twice over (the spec and a documented limit saying the same) are reported once. */
export function distinctIssues(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = issue.path ? `${JSON.stringify(issue.path)} ${issue.reason}` : issue.message;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---- messages ------------------------------------------------------------------------------------

/** Flags a bot may set when creating a message (EPHEMERAL only on interaction responses). */
const CREATE_FLAGS =
  MessageFlags.SuppressEmbeds |
  MessageFlags.Ephemeral |
  MessageFlags.SuppressNotifications |
  MessageFlags.IsVoiceMessage |
  MessageFlags.IsComponentsV2;

/** Flags an edit may change; IS_COMPONENTS_V2 only ever from off to on. */
const EDIT_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2;

export interface MessageCheckContext {
  /** Number of files uploaded with this request. */
  fileCount: number;
  /** Attachments the message keeps when editing (they count as content). */
  keptAttachments: number;
  /** Filenames `attachment://` may name: this request's uploads and the attachments an edit keeps. */
  attachmentNames: string[];
  isEdit: boolean;
  /** Ephemeral is meaningful for interaction responses and follow-ups only. */
  ephemeralAllowed: boolean;
  /** Flags of the message being edited (an edit inherits IS_COMPONENTS_V2). */
  existingFlags: number;
}

/** The documented message limits the OpenAPI description does not encode. */
export function checkMessagePayload(payload: Json, context: MessageCheckContext): Issue[] {
  const issues = new Issues();
  const flags = typeof payload.flags === "number" ? payload.flags : context.existingFlags;
  const componentsV2 = (flags & MessageFlags.IsComponentsV2) !== 0;

  // The description allows 4,000 (Nitro users' limit); bots and webhooks get 2,000.
  issues.maxLength(["content"], payload.content, 2000);
  if (typeof payload.flags === "number") checkFlags(payload.flags, context, issues);
  if (componentsV2) {
    for (const field of ["content", "embeds", "poll", "sticker_ids"]) {
      const value = payload[field];
      if (nonEmptyString(value) || nonEmptyArray(value) || isObject(value)) {
        issues.error(
          [field],
          "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
          "The 'content', 'embeds', 'sticker_ids' and 'poll' fields cannot be used with IS_COMPONENTS_V2.",
        );
      }
    }
  }
  const references = new References(context.attachmentNames);
  if (Array.isArray(payload.embeds)) checkEmbeds(payload.embeds, references, issues);
  if (Array.isArray(payload.components)) {
    checkComponents(payload.components, componentsV2, references, issues);
  }
  checkAllowedMentions(payload.allowed_mentions, issues);
  if (context.fileCount > 10) {
    issues.error(
      ["files"],
      "BASE_TYPE_MAX_LENGTH",
      `Must be 10 or fewer in length (got ${context.fileCount}).`,
    );
  }

  if (!context.isEdit) {
    const hasContent =
      nonEmptyString(payload.content) ||
      nonEmptyArray(payload.embeds) ||
      nonEmptyArray(payload.components) ||
      nonEmptyArray(payload.sticker_ids) ||
      isObject(payload.poll) ||
      context.fileCount > 0 ||
      context.keptAttachments > 0;
    if (!hasContent) {
      issues.list.push({ severity: "error", code: EMPTY_MESSAGE, message: "Cannot send an empty message" });
    }
  }
  return issues.list;
}

function checkFlags(flags: number, context: MessageCheckContext, issues: Issues): void {
  if (context.isEdit) {
    const ignored = flags & ~EDIT_FLAGS & ~MessageFlags.Ephemeral;
    if (ignored)
      issues.warn(["flags"], `bits ${ignored} cannot be changed by an edit (Discord ignores them)`);
    if (context.existingFlags & MessageFlags.IsComponentsV2 && !(flags & MessageFlags.IsComponentsV2)) {
      issues.error(
        ["flags"],
        "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
        "The IS_COMPONENTS_V2 flag cannot be removed from a message.",
      );
    }
    return;
  }
  const unknown = flags & ~CREATE_FLAGS;
  if (unknown) issues.warn(["flags"], `bits ${unknown} cannot be set by a bot`);
  if (flags & MessageFlags.Ephemeral && !context.ephemeralAllowed) {
    issues.warn(["flags"], "EPHEMERAL (64) has no effect here (only interaction responses can be ephemeral)");
  }
}

function nonEmptyString(value: unknown): boolean {
  return typeof value === "string" && value.trim().length > 0;
}

function nonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

function checkAllowedMentions(value: unknown, issues: Issues): void {
  if (!isObject(value)) return;
  const parse = Array.isArray(value.parse) ? value.parse : [];
  for (const kind of ["users", "roles"]) {
    if (parse.includes(kind) && nonEmptyArray(value[kind])) {
      issues.error(
        ["allowed_mentions", "parse"],
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      );
    }
  }
}

/** Where a URL may point: the schemes Discord documents for each kind of link. */
const LINK_SCHEMES = ["http:", "https:", "discord:"];
const WEB_SCHEMES = ["http:", "https:"];
const MEDIA_SCHEMES = ["http:", "https:", "attachment:"];

/** The `attachment://name` references of one message, checked against the files it carries. */
class References {
  readonly #names: Set<string>;
  constructor(names: string[]) {
    this.#names = new Set(names);
  }

  /** Checks a URL's scheme; an `attachment://` must name a file of the message. */
  check(
    path: SchemaPath,
    url: unknown,
    schemes: string[],
    issues: Issues,
    missing: "error" | "warning",
  ): void {
    if (typeof url !== "string" || !URL.canParse(url)) return;
    const scheme = new URL(url).protocol;
    if (!schemes.includes(scheme)) {
      issues.error(
        path,
        "URL_TYPE_INVALID_SCHEME",
        `Scheme "${scheme.slice(0, -1)}" is not supported. Scheme must be one of (${schemes.map((s) => `'${s.slice(0, -1)}'`).join(", ")}).`,
      );
      return;
    }
    if (scheme !== "attachment:") return;
    const name = url.slice("attachment://".length);
    if (this.#names.has(name)) return;
    if (missing === "error") {
      issues.error(
        path,
        "UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND",
        `${url} names no attachment of this message.`,
      );
    } else issues.warn(path, `${url} names no attachment of this message (Discord shows no picture)`);
  }
}

function checkEmbeds(embeds: unknown[], references: References, issues: Issues): void {
  let total = 0;
  embeds.forEach((embed, index) => {
    if (!isObject(embed)) return;
    const path = ["embeds", index];
    total += textLength(str(embed.title) ?? "") + textLength(str(embed.description) ?? "");
    references.check([...path, "url"], embed.url, WEB_SCHEMES, issues, "error");
    for (const media of ["image", "thumbnail"]) {
      const value = embed[media];
      if (isObject(value))
        references.check([...path, media, "url"], value.url, MEDIA_SCHEMES, issues, "warning");
    }
    if (isObject(embed.footer)) {
      if (typeof embed.footer.text !== "string") {
        issues.error([...path, "footer", "text"], "BASE_TYPE_REQUIRED", "This field is required");
      }
      total += textLength(str(embed.footer.text) ?? "");
      references.check(
        [...path, "footer", "icon_url"],
        embed.footer.icon_url,
        MEDIA_SCHEMES,
        issues,
        "warning",
      );
    }
    if (isObject(embed.author)) {
      if (typeof embed.author.name !== "string") {
        issues.error([...path, "author", "name"], "BASE_TYPE_REQUIRED", "This field is required");
      }
      total += textLength(str(embed.author.name) ?? "");
      references.check([...path, "author", "url"], embed.author.url, WEB_SCHEMES, issues, "error");
      references.check(
        [...path, "author", "icon_url"],
        embed.author.icon_url,
        MEDIA_SCHEMES,
        issues,
        "warning",
      );
    }
    if (Array.isArray(embed.fields)) {
      for (const field of embed.fields) {
        if (isObject(field)) total += textLength(str(field.name) ?? "") + textLength(str(field.value) ?? "");
      }
    }
  });
  if (total > 6000) {
    issues.error(
      ["embeds"],
      "MESSAGE_EMBEDS_TOO_LONG",
      `Embed size exceeds maximum size of 6000 (got ${total}).`,
    );
  }
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

function checkComponents(
  components: unknown[],
  componentsV2: boolean,
  references: References,
  issues: Issues,
): void {
  const customIds = new Set<string>();
  let count = 0;
  let text = 0;
  const visit = (component: unknown, path: SchemaPath): void => {
    if (!isObject(component)) return;
    count++;
    const type = component.type;
    if (!componentsV2 && V2_ONLY.has(type as number)) {
      issues.error(
        [...path, "type"],
        "COMPONENT_TYPE_REQUIRES_COMPONENTS_V2",
        `Component type ${String(type)} needs the IS_COMPONENTS_V2 flag.`,
      );
    }
    if (typeof component.custom_id === "string") {
      if (customIds.has(component.custom_id)) {
        issues.error(
          [...path, "custom_id"],
          "COMPONENT_CUSTOM_ID_DUPLICATED",
          `Component custom id "${component.custom_id}" cannot be duplicated.`,
        );
      }
      customIds.add(component.custom_id);
    }
    const children = Array.isArray(component.components) ? component.components : [];
    switch (type) {
      case ComponentType.ActionRow:
        checkActionRow(children, path, issues);
        break;
      case ComponentType.Button:
        checkButton(component, path, issues);
        break;
      case ComponentType.StringSelect:
        checkSelect(component, path, issues);
        break;
      case ComponentType.TextDisplay:
        text += textLength(str(component.content) ?? "");
        break;
      case ComponentType.Thumbnail:
        if (isObject(component.media)) {
          references.check([...path, "media", "url"], component.media.url, MEDIA_SCHEMES, issues, "error");
        }
        break;
      case ComponentType.MediaGallery:
        if (Array.isArray(component.items)) {
          component.items.forEach((item, index) => {
            if (isObject(item) && isObject(item.media)) {
              const url = item.media.url;
              references.check(
                [...path, "items", index, "media", "url"],
                url,
                MEDIA_SCHEMES,
                issues,
                "error",
              );
            }
          });
        }
        break;
      case ComponentType.File:
        if (isObject(component.file)) {
          references.check([...path, "file", "url"], component.file.url, ["attachment:"], issues, "error");
        }
        break;
      default:
        break;
    }
    children.forEach((child, index) => {
      visit(child, [...path, "components", index]);
    });
    if (component.accessory !== undefined) visit(component.accessory, [...path, "accessory"]);
  };
  components.forEach((component, index) => {
    visit(component, ["components", index]);
  });
  if (!componentsV2 && components.length > 5) {
    issues.error(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.");
  }
  if (componentsV2 && count > 40) {
    issues.error(
      ["components"],
      "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
      `A message holds at most 40 components, nested ones included (got ${count}).`,
    );
  }
  if (text > 4000) {
    issues.error(
      ["components"],
      "COMPONENT_MAX_TOTAL_TEXT_EXCEEDED",
      `The text displays of a message hold at most 4000 characters (got ${text}).`,
    );
  }
}

/** An action row holds 1 to 5 buttons, or exactly one select menu. */
function checkActionRow(children: unknown[], path: SchemaPath, issues: Issues): void {
  const selects = children.filter((child) => isObject(child) && SELECTS.has(child.type as number));
  if (selects.length > 0 && children.length > 1) {
    issues.error(
      [...path, "components"],
      "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
      "A select menu takes up a whole action row: it cannot share it with other components.",
    );
  }
}

function checkButton(button: Json, path: SchemaPath, issues: Issues): void {
  const style = button.style;
  const has = (field: string) => button[field] !== undefined && button[field] !== null;
  const refuse = (field: string, why: string) => {
    issues.error([...path, field], "BUTTON_COMPONENT_INVALID_FIELD", why);
  };
  const need = (field: string, why: string) => {
    issues.error([...path, field], "BASE_TYPE_REQUIRED", why);
  };
  if (style === ButtonStyle.Link) {
    if (!has("url")) need("url", "A link button needs a url.");
    if (has("custom_id")) refuse("custom_id", "A link button cannot have a custom_id.");
    if (has("sku_id")) refuse("sku_id", "A link button cannot have a sku_id.");
    if (typeof button.url === "string" && URL.canParse(button.url)) {
      const scheme = new URL(button.url).protocol;
      if (!LINK_SCHEMES.includes(scheme)) {
        refuse(
          "url",
          `Scheme "${scheme.slice(0, -1)}" is not supported. Scheme must be one of ('http', 'https', 'discord').`,
        );
      }
    }
  } else if (style === ButtonStyle.Premium) {
    if (!has("sku_id")) need("sku_id", "A premium button needs a sku_id.");
    for (const field of ["custom_id", "url", "label", "emoji"]) {
      if (has(field)) refuse(field, `A premium button cannot have a ${field}.`);
    }
  } else if (typeof style === "number") {
    if (!has("custom_id")) need("custom_id", "A button needs a custom_id.");
    if (has("url")) refuse("url", "Only a link button can have a url.");
    if (has("sku_id")) refuse("sku_id", "Only a premium button can have a sku_id.");
  }
  if (style !== ButtonStyle.Premium && !nonEmptyString(button.label) && !isObject(button.emoji)) {
    need("label", "A button needs a label or an emoji.");
  }
}

function checkSelect(select: Json, path: SchemaPath, issues: Issues): void {
  const options = Array.isArray(select.options) ? select.options : [];
  const min = typeof select.min_values === "number" ? select.min_values : 1;
  const max = typeof select.max_values === "number" ? select.max_values : 1;
  if (min > max) {
    issues.error(
      [...path, "min_values"],
      "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
      `min_values ${min} exceeds max_values ${max}.`,
    );
  }
  if (max > options.length) {
    issues.error(
      [...path, "max_values"],
      "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
      `max_values ${max} exceeds the ${options.length} options.`,
    );
  }
  const values = new Set<string>();
  let defaults = 0;
  options.forEach((option, index) => {
    if (!isObject(option)) return;
    if (typeof option.value === "string") {
      if (values.has(option.value)) {
        issues.error(
          [...path, "options", index, "value"],
          "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
          `Option value "${option.value}" is already used.`,
        );
      }
      values.add(option.value);
    }
    if (option.default === true) defaults++;
  });
  if (defaults > max) {
    issues.error(
      [...path, "options"],
      "SELECT_COMPONENT_TOO_MANY_DEFAULTS",
      `${defaults} default options exceed max_values ${max}.`,
    );
  }
}

// ---- modals and autocomplete ---------------------------------------------------------------------

/** The documented modal limits the description does not encode (`data` of a type 9 callback). */
export function checkModal(data: unknown): Issue[] {
  const issues = new Issues(["data"]);
  if (!isObject(data)) return issues.list;
  const components = Array.isArray(data.components) ? data.components : [];
  if (components.length > 5)
    issues.error(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.");
  components.forEach((component, index) => {
    const path = ["components", index];
    if (!isObject(component)) return;
    if (component.type === ComponentType.ActionRow) {
      const inner = Array.isArray(component.components) ? component.components : [];
      if (inner.length > 1) {
        issues.error(
          [...path, "components"],
          "BASE_TYPE_MAX_LENGTH",
          "A modal action row holds exactly one text input.",
        );
      }
      inner.forEach((input, inputIndex) => {
        if (isObject(input)) checkTextInput(input, [...path, "components", inputIndex], true, issues);
      });
    } else if (component.type === ComponentType.Label && isObject(component.component)) {
      const inner = component.component;
      if (inner.type === ComponentType.TextInput)
        checkTextInput(inner, [...path, "component"], false, issues);
      else if (inner.type === ComponentType.StringSelect) checkSelect(inner, [...path, "component"], issues);
    }
  });
  return issues.list;
}

function checkTextInput(input: Json, path: SchemaPath, needsLabel: boolean, issues: Issues): void {
  if (needsLabel && typeof input.label !== "string") {
    issues.error([...path, "label"], "BASE_TYPE_REQUIRED", "This field is required");
  } else if (!needsLabel && input.label !== undefined) {
    issues.error(
      [...path, "label"],
      "TEXT_INPUT_LABEL_IN_LABEL",
      "A text input inside a label has no own label.",
    );
  }
  const min = typeof input.min_length === "number" ? input.min_length : 0;
  const max = typeof input.max_length === "number" ? input.max_length : 4000;
  if (min > max) {
    issues.error(
      [...path, "min_length"],
      "TEXT_INPUT_MIN_LENGTH_TOO_LARGE",
      `min_length ${min} exceeds max_length ${max}.`,
    );
  }
}

/** Autocomplete choices (`data` of a type 8 callback): a string value is at most 100 characters. */
export function checkChoices(data: unknown): Issue[] {
  const issues = new Issues(["data"]);
  const choices = isObject(data) && Array.isArray(data.choices) ? data.choices : [];
  choices.forEach((choice, index) => {
    if (isObject(choice)) issues.maxLength(["choices", index, "value"], choice.value, 100);
  });
  return issues.list;
}

// ---- application commands ------------------------------------------------------------------------

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

// ---- threads and DM channels ---------------------------------------------------------------------

/** POST /channels/{id}/threads: API v10 has no default thread type any more. */
export function checkThreadWithoutMessage(body: unknown): Issue[] {
  const issues = new Issues();
  if (isObject(body) && body.type !== ChannelType.PublicThread && body.type !== ChannelType.PrivateThread) {
    issues.error(
      ["type"],
      "BASE_TYPE_REQUIRED",
      "A thread without a message needs type 11 or 12 in API v10.",
    );
  }
  return issues.list;
}

/** POST /users/@me/channels: a bot opens a DM with `recipient_id` (access tokens are for group DMs). */
export function checkDmChannel(body: unknown): Issue[] {
  const issues = new Issues();
  if (isObject(body) && typeof body.recipient_id !== "string" && typeof body.recipient_id !== "number") {
    issues.error(["recipient_id"], "BASE_TYPE_REQUIRED", "This field is required");
  }
  return issues.list;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (data.toString("ascii", 12, 16) !== "IHDR") return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
