import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import { type SchemaPath, textLength } from "../schema.js";
import {
  type Issue,
  Issues,
  isObject,
  type Json,
  LINK_SCHEMES,
  MEDIA_SCHEMES,
  nonEmptyString,
  type References,
  str,
} from "./issues.js";

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

/**
 * Checks a message's components; returns the files they show (the names of their
 * `attachment://` references and the ids of attachments an earlier answer resolved them to).
 */
export function checkComponents(
  components: unknown[],
  componentsV2: boolean,
  references: References,
  issues: Issues,
): ShownMedia {
  const customIds = new Set<string>();
  const ids = new Set<number>();
  const shown = shownMedia(components);
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
    // An id of 0 counts as none: Discord numbers it like an absent one.
    if (typeof component.id === "number" && component.id !== 0) {
      if (ids.has(component.id)) {
        issues.error(
          [...path, "id"],
          "COMPONENT_ID_DUPLICATED",
          `Component id ${component.id} is used twice: an id is unique within a message.`,
        );
      }
      ids.add(component.id);
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
  return shown;
}

/** The files a message's components show, by `attachment://` name or by resolved attachment id. */
export interface ShownMedia {
  names: Set<string>;
  attachmentIds: Set<string>;
}

/** Every unfurled media item of thumbnails, media galleries and files, nested ones included. */
export function unfurledMedia(components: unknown[]): Json[] {
  const found: Json[] = [];
  const visit = (component: unknown): void => {
    if (!isObject(component)) return;
    if (isObject(component.media)) found.push(component.media);
    if (isObject(component.file)) found.push(component.file);
    if (Array.isArray(component.items)) {
      for (const item of component.items) if (isObject(item) && isObject(item.media)) found.push(item.media);
    }
    if (Array.isArray(component.components)) component.components.forEach(visit);
    if (component.accessory !== undefined) visit(component.accessory);
  };
  components.forEach(visit);
  return found;
}

export function shownMedia(components: unknown[]): ShownMedia {
  const shown: ShownMedia = { names: new Set(), attachmentIds: new Set() };
  for (const media of unfurledMedia(components)) {
    if (typeof media.url === "string" && media.url.startsWith("attachment://")) {
      shown.names.add(media.url.slice("attachment://".length));
    }
    if (typeof media.attachment_id === "string") shown.attachmentIds.add(media.attachment_id);
  }
  return shown;
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

export function checkSelect(select: Json, path: SchemaPath, issues: Issues): void {
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
