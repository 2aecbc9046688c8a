import { MessageFlags } from "discord-api-types/v10";
import { textLength } from "../schema.js";
import { checkComponents, type ShownMedia, shownMedia } from "./components.js";
import {
  EMPTY_MESSAGE,
  type Issue,
  Issues,
  isObject,
  type Json,
  MEDIA_SCHEMES,
  nonEmptyArray,
  nonEmptyString,
  References,
  str,
  WEB_SCHEMES,
} from "./issues.js";

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
  /** An edit: the message's components (an edit without `components` keeps them). */
  existingComponents?: unknown[];
  /** An edit: the attachments it keeps, by id (components Discord answered show them by id). */
  keptFiles?: { id: string; filename: string }[];
  /** An edit: the legacy fields the message has filled ("content", "embeds"). */
  existingLegacyFields?: string[];
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
  if (componentsV2 && context.isEdit && !(context.existingFlags & MessageFlags.IsComponentsV2)) {
    checkUpgrade(payload, context.existingLegacyFields ?? [], issues);
  }
  const references = new References(context.attachmentNames);
  if (Array.isArray(payload.embeds)) checkEmbeds(payload.embeds, references, issues);
  const shown = Array.isArray(payload.components)
    ? checkComponents(payload.components, componentsV2, references, issues)
    : shownMedia(context.existingComponents ?? []);
  if (componentsV2) warnUnshown(context, shown, issues);
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

/** An edit that turns a message into Components V2 clears what it showed before (set to null). */
function checkUpgrade(payload: Json, filled: string[], issues: Issues): void {
  for (const field of filled) {
    const value = payload[field];
    const cleared = value === null || value === "" || (Array.isArray(value) && value.length === 0);
    if (!cleared) {
      issues.error(
        [field],
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        `An edit that sets IS_COMPONENTS_V2 must clear the message's ${field} (null).`,
      );
    }
  }
}

/** A Components V2 message shows only the files its components show; others are sent for nothing. */
function warnUnshown(context: MessageCheckContext, shown: ShownMedia, issues: Issues): void {
  const keptNames = new Set(
    (context.keptFiles ?? []).filter((file) => shown.attachmentIds.has(file.id)).map((file) => file.filename),
  );
  for (const name of new Set(context.attachmentNames)) {
    if (shown.names.has(name) || keptNames.has(name)) continue;
    issues.warn(
      ["attachments"],
      `${name} is not shown: a Components V2 message shows only the files its media gallery, thumbnail or file components name (attachment://${name})`,
    );
  }
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (data.toString("ascii", 12, 16) !== "IHDR") return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
