import {
  type APIAttachment,
  type APIEmbed,
  type APIMessage,
  type APIMessageInteraction,
  type APIMessageInteractionMetadata,
  type APIMessageReference,
  type APIMessageTopLevelComponent,
  type APIUser,
  ApplicationIntegrationType,
  InteractionType,
  MessageFlags,
  MessageReferenceType,
  type MessageType,
} from "discord-api-types/v10";
import { messageText } from "./reading.js";
import type { StoredChannel, StoredInteraction, StoredMessage, World } from "./store.js";
import { unfurledMedia } from "./validation/components.js";
import { INVALID_FORM_BODY, type Issue } from "./validation/issues.js";
import { pngSize } from "./validation/messages.js";

export interface UploadedFile {
  /** n of the multipart field `files[n]`. */
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

type Json = Record<string, unknown>;

export interface MessageOrigin {
  type: MessageType;
  interaction: StoredInteraction | null;
  reference: APIMessageReference | null;
  ephemeral: boolean;
  audienceUserId: string | null;
  /** A deferred reply: "Bot is thinking…" until the first edit. */
  loading: boolean;
}

export type Built = { ok: true; stored: StoredMessage } | { ok: false; issues: Issue[] };

export function createMessage(
  world: World,
  channel: StoredChannel,
  payload: Json,
  files: UploadedFile[],
  origin: MessageOrigin,
): Built {
  const issues: Issue[] = [];
  const channelId = channel.channel.id;
  const fileBytes = new Map<string, Buffer>();
  const attachments = newAttachments(
    world,
    channelId,
    payload.attachments,
    files,
    fileBytes,
    issues,
    new Set(),
  );
  if (issues.some((issue) => issue.severity === "error")) return { ok: false, issues };
  let flags = typeof payload.flags === "number" ? payload.flags : 0;
  // Discord keeps only what a bot may set, plus what the origin implies.
  flags &=
    MessageFlags.SuppressEmbeds |
    MessageFlags.SuppressNotifications |
    MessageFlags.IsComponentsV2 |
    MessageFlags.Ephemeral;
  if (!origin.ephemeral) flags &= ~MessageFlags.Ephemeral;
  else flags |= MessageFlags.Ephemeral;
  if (origin.loading) flags |= MessageFlags.Loading;
  const content = typeof payload.content === "string" ? payload.content : "";
  const id = world.ids.next();
  const message: APIMessage = {
    id,
    channel_id: channelId,
    author: world.botUser,
    content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: payload.tts === true,
    // Mentions count wherever a reader reads them: the content, or a V2 message's text displays.
    ...mentionsOf(
      world,
      messageText({
        content,
        components: Array.isArray(payload.components) ? payload.components : [],
        flags,
      }),
      payload.allowed_mentions,
    ),
    attachments: attachments.map((attachment) => ({
      ...attachment,
      ...(origin.ephemeral ? { ephemeral: true } : {}),
    })),
    embeds: normalizeEmbeds(payload.embeds, attachments, issues),
    components: normalizeComponents(payload.components, attachments),
    pinned: false,
    type: origin.type,
    flags,
  };
  if (origin.interaction) {
    message.webhook_id = world.applicationId;
    message.application_id = world.applicationId;
    message.interaction_metadata = interactionMetadata(world, origin.interaction);
    const legacy = legacyInteraction(world, origin.interaction);
    if (legacy) message.interaction = legacy;
  }
  if (origin.reference) message.message_reference = origin.reference;
  if (typeof payload.nonce === "string" || typeof payload.nonce === "number") message.nonce = payload.nonce;
  const pings = !origin.ephemeral && !origin.loading && !(flags & MessageFlags.SuppressNotifications);
  const stored: StoredMessage = {
    message,
    ephemeral: origin.ephemeral,
    audienceUserId: origin.audienceUserId,
    interactionId: origin.interaction?.handle.id ?? null,
    files: fileBytes,
    notifiedUserIds: pings ? message.mentions.map((user) => user.id) : [],
    deleted: false,
    editCount: 0,
    createdAt: Date.now(),
    editedAt: null,
  };
  world.addMessage(stored);
  if (!origin.ephemeral) noteChannelMessage(channel, id);
  return { ok: true, stored };
}

function noteChannelMessage(channel: StoredChannel, messageId: string): void {
  const target = channel.channel as {
    last_message_id?: string | null;
    message_count?: number;
    total_message_sent?: number;
  };
  target.last_message_id = messageId;
  if (typeof target.message_count === "number") target.message_count++;
  if (typeof target.total_message_sent === "number") target.total_message_sent++;
}

/** PATCH semantics: absent fields stay, present fields replace, `attachments` lists the ones to keep. */
export function editMessage(
  world: World,
  stored: StoredMessage,
  payload: Json,
  files: UploadedFile[],
): Issue[] {
  const issues: Issue[] = [];
  const message = stored.message;
  const keepIds = new Set<string>();
  let kept = message.attachments;
  if (Array.isArray(payload.attachments)) {
    const existing = new Set(message.attachments.map((attachment) => attachment.id));
    for (const entry of payload.attachments) {
      if (isObject(entry) && existing.has(String(entry.id))) keepIds.add(String(entry.id));
    }
    kept = message.attachments.filter((attachment) => keepIds.has(attachment.id));
  }
  const fileBytes = new Map<string, Buffer>();
  const added = newAttachments(
    world,
    message.channel_id,
    payload.attachments,
    files,
    fileBytes,
    issues,
    new Set(message.attachments.map((attachment) => attachment.id)),
  );
  if (issues.some((issue) => issue.severity === "error")) return issues;

  if ("content" in payload) message.content = typeof payload.content === "string" ? payload.content : "";
  const attachments = [...kept, ...added];
  if ("components" in payload) message.components = normalizeComponents(payload.components, attachments);
  if ("embeds" in payload) message.embeds = normalizeEmbeds(payload.embeds, attachments, issues);
  for (const attachment of message.attachments) {
    if (!attachments.includes(attachment)) stored.files.delete(attachment.id);
  }
  for (const [id, data] of fileBytes) stored.files.set(id, data);
  // An edit that uploads nothing leaves the message's place among those keeping bytes.
  if (fileBytes.size > 0 || stored.files.size === 0) world.noteFiles(stored);
  message.attachments = attachments.map((attachment) => ({
    ...attachment,
    ...(stored.ephemeral ? { ephemeral: true } : {}),
  }));
  let flags = (message.flags ?? 0) & ~MessageFlags.Loading;
  if (typeof payload.flags === "number") {
    const editable = MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2;
    flags = (flags & ~editable) | (payload.flags & editable);
  }
  message.flags = flags;
  if ("content" in payload || "components" in payload || "allowed_mentions" in payload) {
    Object.assign(message, mentionsOf(world, messageText(message), payload.allowed_mentions));
  }
  message.edited_timestamp = new Date().toISOString();
  stored.editCount++;
  stored.editedAt = Date.now();
  return issues;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Turns uploaded `files[n]` into attachments. The payload's `attachments` entry with `id: n` may
 * rename the file and add a description; entries that name neither an upload nor an existing
 * attachment are an error, as on Discord.
 */
function newAttachments(
  world: World,
  channelId: string,
  declared: unknown,
  files: UploadedFile[],
  fileBytes: Map<string, Buffer>,
  issues: Issue[],
  existingIds: Set<string>,
): APIAttachment[] {
  const entries = Array.isArray(declared) ? declared.filter(isObject) : [];
  const uploadIndexes = new Set(files.map((file) => String(file.index)));
  for (const entry of entries) {
    const id = String(entry.id);
    if (!uploadIndexes.has(id) && !existingIds.has(id)) {
      issues.push({
        severity: "error",
        code: INVALID_FORM_BODY,
        message: `attachments: id ${id} names neither an uploaded files[${id}] nor an existing attachment`,
      });
    }
  }
  return files.map((file) => {
    const entry = entries.find((candidate) => String(candidate.id) === String(file.index));
    const filename = typeof entry?.filename === "string" ? entry.filename : file.filename;
    const id = world.ids.next();
    const size = pngSize(file.data);
    fileBytes.set(id, file.data);
    const url = world.attachmentUrl(channelId, id, filename);
    const attachment: APIAttachment = {
      id,
      filename,
      size: file.data.length,
      url,
      proxy_url: url,
      content_type: file.contentType,
    };
    if (typeof entry?.description === "string") attachment.description = entry.description;
    if (size) {
      attachment.width = size.width;
      attachment.height = size.height;
    }
    return attachment;
  });
}

/**
 * Components as Discord answers them: each numbered (`id`, sequentially where the bot gave none or
 * 0, skipping the ids it gave), and each `attachment://` media item resolved to its attachment.
 */
function normalizeComponents(value: unknown, attachments: APIAttachment[]): APIMessageTopLevelComponent[] {
  if (!Array.isArray(value)) return [];
  const components = structuredClone(value.filter(isObject));
  const all: Json[] = [];
  const collect = (component: unknown): void => {
    if (!isObject(component)) return;
    all.push(component);
    if (Array.isArray(component.components)) component.components.forEach(collect);
    if (component.accessory !== undefined) collect(component.accessory);
  };
  components.forEach(collect);
  const given = new Set(
    all.map((component) => component.id).filter((id) => typeof id === "number" && id > 0),
  );
  let next = 1;
  for (const component of all) {
    if (typeof component.id === "number" && component.id > 0) continue;
    while (given.has(next)) next++;
    component.id = next++;
  }
  for (const media of unfurledMedia(components)) {
    if (typeof media.url !== "string" || !media.url.startsWith("attachment://")) continue;
    const name = media.url.slice("attachment://".length);
    // This request's upload (listed after the kept ones) before an older file of the same name.
    const attachment = attachments.findLast((candidate) => candidate.filename === name);
    if (!attachment) continue;
    Object.assign(media, {
      url: attachment.url,
      proxy_url: attachment.proxy_url,
      width: attachment.width ?? null,
      height: attachment.height ?? null,
      content_type: attachment.content_type,
      attachment_id: attachment.id,
    });
  }
  return components as unknown as APIMessageTopLevelComponent[];
}

function normalizeEmbeds(value: unknown, attachments: APIAttachment[], issues: Issue[]): APIEmbed[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((raw) => {
    const embed = structuredClone(raw) as APIEmbed & Json;
    embed.type ??= "rich" as APIEmbed["type"];
    for (const key of ["image", "thumbnail"] as const) {
      const media = embed[key];
      if (!media || typeof media.url !== "string" || !media.url.startsWith("attachment://")) continue;
      const name = media.url.slice("attachment://".length);
      const attachment = attachments.find((candidate) => candidate.filename === name);
      if (!attachment) {
        issues.push({
          severity: "warning",
          code: 0,
          message: `embeds.${key}.url: ${media.url} names no attachment of this message`,
        });
        continue;
      }
      embed[key] = {
        url: attachment.url,
        proxy_url: attachment.proxy_url,
        width: attachment.width ?? undefined,
        height: attachment.height ?? undefined,
      };
    }
    return embed;
  });
}

/** Who a message pings: mentions in the content, filtered by allowed_mentions (absent = everything). */
export function mentionsOf(
  world: World,
  content: string,
  allowed: unknown,
): Pick<APIMessage, "mentions" | "mention_roles" | "mention_everyone"> {
  const rules = isObject(allowed) ? allowed : null;
  const parse = rules && Array.isArray(rules.parse) ? (rules.parse as string[]) : null;
  const allows = (kind: "users" | "roles" | "everyone", id?: string): boolean => {
    if (!rules) return true;
    if (parse?.includes(kind)) return true;
    const list = kind === "everyone" ? null : rules[kind];
    return id !== undefined && Array.isArray(list) && list.includes(id);
  };
  const mentions: APIUser[] = [];
  for (const match of content.matchAll(/<@!?(\d{15,21})>/g)) {
    const user = world.users.get(match[1]!);
    if (user && allows("users", match[1]) && !mentions.some((known) => known.id === match[1])) {
      mentions.push(user.user);
    }
  }
  const mentionRoles = [...content.matchAll(/<@&(\d{15,21})>/g)]
    .map((match) => match[1]!)
    .filter((id, index, all) => all.indexOf(id) === index && allows("roles", id));
  return {
    mentions,
    mention_roles: mentionRoles,
    mention_everyone: /@(everyone|here)\b/.test(content) && allows("everyone"),
  };
}

function integrationOwners(stored: StoredInteraction) {
  const guildId = stored.handle.guildId;
  return guildId
    ? { [ApplicationIntegrationType.GuildInstall]: guildId }
    : { [ApplicationIntegrationType.UserInstall]: stored.handle.userId };
}

export function interactionMetadata(world: World, stored: StoredInteraction): APIMessageInteractionMetadata {
  const user = world.users.get(stored.handle.userId)!.user;
  const base = {
    id: stored.handle.id,
    user,
    authorizing_integration_owners: integrationOwners(stored),
  };
  switch (stored.handle.type) {
    case InteractionType.MessageComponent:
      return {
        ...base,
        type: InteractionType.MessageComponent,
        interacted_message_id: stored.handle.messageId ?? "0",
      };
    case InteractionType.ModalSubmit: {
      const trigger = stored.modalOpenedBy ? interactionMetadata(world, stored.modalOpenedBy) : null;
      return {
        ...base,
        type: InteractionType.ModalSubmit,
        triggering_interaction_metadata:
          trigger && trigger.type !== InteractionType.ModalSubmit
            ? trigger
            : { ...base, type: InteractionType.ApplicationCommand },
      };
    }
    default:
      return { ...base, type: InteractionType.ApplicationCommand };
  }
}

/** The deprecated `interaction` field, still sent by Discord on command responses. */
function legacyInteraction(world: World, stored: StoredInteraction): APIMessageInteraction | null {
  if (stored.handle.type !== InteractionType.ApplicationCommand) return null;
  return {
    id: stored.handle.id,
    type: InteractionType.ApplicationCommand,
    name: stored.handle.name,
    user: world.users.get(stored.handle.userId)!.user,
  };
}

export function replyReference(message: APIMessage, guildId: string | null): APIMessageReference {
  return {
    type: MessageReferenceType.Default,
    message_id: message.id,
    channel_id: message.channel_id,
    ...(guildId ? { guild_id: guildId } : {}),
  };
}
