import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { APIUser } from "discord-api-types/v10";
import { snowflakeTime } from "./snowflake.js";
import type {
  StoredChannel,
  StoredCommand,
  StoredGuild,
  StoredMember,
  StoredMessage,
  StoredUser,
  World,
} from "./store.js";

/** Attachments of this many newest messages per channel keep their bytes; older ones keep only the message. */
export const KEPT_ATTACHMENTS_PER_CHANNEL = 300;
/** Each member's newest private replies (panels) that are saved; older ones are left out. */
export const KEPT_EPHEMERALS_PER_MEMBER = 50;

/** An interaction, and the private replies it may still edit, stay usable this long (Discord's token lifetime). */
export const INTERACTION_LIFETIME_MS = 15 * 60_000;
/** Newest request, latency and error records a long-lived world keeps. */
export const KEPT_RECORDS = 1000;

/** Saves are at least this far apart however often the world changes. */
const SAVE_INTERVAL_MS = 200;

const FORMAT_VERSION = 1;

/**
 * The JSON file a persisted emulator keeps its world in. Interactions are left out: a restored
 * message's components still work, as every click makes a new interaction. Attachment bytes live
 * next to it, one file per attachment id (see `attachmentsDir`).
 */
export interface SavedWorld {
  version: typeof FORMAT_VERSION;
  /** The emulator's address when saved: attachment URLs are moved to the new one on restore. */
  baseUrl: string;
  /** The token REST and IDENTIFY require; null when any token works. */
  token: string | null;
  /** The snowflake generator's newest id. */
  lastId: string;
  applicationId: string;
  botUser: APIUser;
  manageGuildUsers: string[];
  users: StoredUser[];
  guilds: SavedGuild[];
  channels: SavedChannel[];
  messages: SavedMessage[];
  commands: StoredCommand[];
}

export type SavedGuild = Omit<StoredGuild, "members"> & { members: StoredMember[] };
export type SavedChannel = Omit<StoredChannel, "threadMembers"> & { threadMembers: string[] };
/** `files`: ids of the attachments whose bytes were saved. */
export type SavedMessage = Omit<StoredMessage, "files"> & { files: string[] };

/** `data/world.json` keeps its attachments in `data/world-attachments/`. */
export function attachmentsDir(statePath: string): string {
  return `${statePath.replace(/\.json$/i, "")}-attachments`;
}

/** The saved world, or null when there is no file yet. A damaged file is an error, never a fresh start. */
export function readSavedWorld(statePath: string): SavedWorld | null {
  if (!existsSync(statePath)) return null;
  let saved: SavedWorld;
  try {
    saved = JSON.parse(readFileSync(statePath, "utf8")) as SavedWorld;
  } catch (error) {
    throw new Error(`${statePath} is not a saved emulator world: ${(error as Error).message}`);
  }
  if (saved.version !== FORMAT_VERSION) {
    throw new Error(
      `${statePath} has format version ${saved.version}; this emulator reads ${FORMAT_VERSION}`,
    );
  }
  return saved;
}

/** Fills a new World (made with the saved application id) with the saved one. */
export function restoreWorld(world: World, saved: SavedWorld, statePath: string): void {
  Object.assign(world.botUser, saved.botUser);
  world.baseUrl = saved.baseUrl;
  world.ids.continueAfter(saved.lastId);
  for (const id of saved.manageGuildUsers) world.manageGuildUsers.add(id);
  for (const user of saved.users) {
    world.users.set(
      user.user.id,
      user.user.id === world.botUser.id ? { ...user, user: world.botUser } : user,
    );
  }
  for (const guild of saved.guilds) {
    world.guilds.set(guild.id, {
      ...guild,
      members: new Map(guild.members.map((member) => [member.userId, member])),
    });
  }
  for (const channel of saved.channels) {
    world.channels.set(channel.channel.id, { ...channel, threadMembers: new Set(channel.threadMembers) });
  }
  const dir = attachmentsDir(statePath);
  for (const message of saved.messages) {
    const files = new Map<string, Buffer>();
    for (const id of message.files) {
      const path = join(dir, id);
      if (existsSync(path)) files.set(id, readFileSync(path));
    }
    world.addMessage({ ...message, files });
  }
  world.commands = saved.commands;
}

/** Points the world's attachment URLs (attachments and embed pictures) at its current address. */
export function rebaseAttachmentUrls(world: World, previousBaseUrl: string): void {
  const from = `${previousBaseUrl}/attachments/`;
  const to = `${world.baseUrl}/attachments/`;
  const rebase = <T extends { url?: string; proxy_url?: string }>(media: T): void => {
    if (media.url?.startsWith(from)) media.url = to + media.url.slice(from.length);
    if (media.proxy_url?.startsWith(from)) media.proxy_url = to + media.proxy_url.slice(from.length);
  };
  for (const stored of world.messages.values()) {
    for (const attachment of stored.message.attachments) rebase(attachment);
    for (const embed of stored.message.embeds) {
      if (embed.image) rebase(embed.image);
      if (embed.thumbnail) rebase(embed.thumbnail);
    }
  }
}

/**
 * What a long-lived world keeps of each message, newest first: "whole" (with its attachment bytes),
 * "text" (the message without bytes: older than its channel's newest KEPT_ATTACHMENTS_PER_CHANNEL),
 * or nothing (deleted, or a private reply older than its member's newest KEPT_EPHEMERALS_PER_MEMBER).
 * Deleted messages are gone for good, and old private panels are of no use once their interactions
 * are: leaving both out keeps a world that runs for weeks small. Messages created at or after
 * `protectedSince` are kept whole, as an interaction may still edit them.
 */
function retention(world: World, protectedSince: number): Map<StoredMessage, "whole" | "text"> {
  const kept = new Map<StoredMessage, "whole" | "text">();
  const keptPerChannel = new Map<string, number>();
  const ephemeralsPerMember = new Map<string, number>();
  for (const stored of [...world.messages.values()].reverse()) {
    if (stored.createdAt >= protectedSince) {
      kept.set(stored, "whole");
      continue;
    }
    if (stored.deleted) continue;
    if (stored.ephemeral) {
      const audience = stored.audienceUserId ?? "";
      const seen = ephemeralsPerMember.get(audience) ?? 0;
      if (seen >= KEPT_EPHEMERALS_PER_MEMBER) continue;
      ephemeralsPerMember.set(audience, seen + 1);
    }
    const channelId = stored.message.channel_id;
    const count = keptPerChannel.get(channelId) ?? 0;
    keptPerChannel.set(channelId, count + 1);
    kept.set(stored, count < KEPT_ATTACHMENTS_PER_CHANNEL ? "whole" : "text");
  }
  return kept;
}

/**
 * A long-lived (persisted) world forgets in memory what its file leaves out, once no interaction
 * can still reach it: expired interactions, the messages `retention` drops, attachment bytes of
 * old messages, and all but the newest KEPT_RECORDS of each record list.
 */
export function forgetOld(world: World, now: number): void {
  const protectedSince = now - INTERACTION_LIFETIME_MS;
  for (const [token, stored] of world.interactionsByToken) {
    if (snowflakeTime(stored.handle.id) >= protectedSince) continue;
    world.interactionsByToken.delete(token);
    world.interactions.delete(stored.handle.id);
  }
  const kept = retention(world, protectedSince);
  const forgotten: string[] = [];
  for (const [id, stored] of world.messages) {
    const keep = kept.get(stored);
    if (keep === undefined) forgotten.push(id);
    else if (keep === "text") stored.files.clear();
  }
  world.forgetMessages(forgotten);
  for (const records of [
    world.requests,
    world.ackLatencies,
    world.errorResponses,
    world.violations,
    world.unknownRoutes,
  ] as unknown[][]) {
    if (records.length > KEPT_RECORDS) records.splice(0, records.length - KEPT_RECORDS);
  }
}

/** The world as JSON, plus the attachment bytes to keep on disk (by attachment id). */
function serialize(world: World, token: string | null): { json: string; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const messages: SavedMessage[] = [];
  for (const [stored, keep] of retention(world, Number.POSITIVE_INFINITY)) {
    const ids = keep === "whole" ? [...stored.files.keys()] : [];
    for (const id of ids) files.set(id, stored.files.get(id)!);
    messages.push({ ...stored, files: ids });
  }
  const saved: SavedWorld = {
    version: FORMAT_VERSION,
    baseUrl: world.baseUrl,
    token,
    lastId: world.ids.last,
    applicationId: world.applicationId,
    botUser: world.botUser,
    manageGuildUsers: [...world.manageGuildUsers],
    users: [...world.users.values()],
    guilds: [...world.guilds.values()].map((guild) => ({ ...guild, members: [...guild.members.values()] })),
    channels: [...world.channels.values()].map((channel) => ({
      ...channel,
      threadMembers: [...channel.threadMembers],
    })),
    messages: messages.reverse(),
    commands: world.commands,
  };
  return { json: JSON.stringify(saved), files };
}

/** A crash mid-write leaves the old file, never half a new one. */
async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/** Keeps a world's file up to date: a save at most every SAVE_INTERVAL_MS after changes, one after another. */
export class WorldFile {
  readonly #path: string;
  readonly #dir: string;
  readonly #world: World;
  readonly #token: string | null;
  readonly #failed: (error: Error) => void;
  /** Attachment files in the folder: written once, removed when their message no longer keeps bytes. */
  readonly #onDisk: Set<string>;
  #timer: NodeJS.Timeout | null = null;
  #lastSave: Promise<void> = Promise.resolve();

  /** `failed` hears of saves that failed in the background (a later change tries again). */
  constructor(path: string, world: World, token: string | null, failed: (error: Error) => void) {
    this.#path = path;
    this.#dir = attachmentsDir(path);
    this.#world = world;
    this.#token = token;
    this.#failed = failed;
    this.#onDisk = new Set(existsSync(this.#dir) ? readdirSync(this.#dir) : []);
  }

  changed(): void {
    // Unref'd: a pending save must not keep a process alive; stop() saves anyway.
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      this.#save().catch(this.#failed);
    }, SAVE_INTERVAL_MS).unref();
  }

  /** Saves now, after any save under way; rejects if this save fails. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    return this.#save();
  }

  #save(): Promise<void> {
    const save = this.#lastSave.catch(() => undefined).then(() => this.#write());
    this.#lastSave = save;
    return save;
  }

  async #write(): Promise<void> {
    forgetOld(this.#world, Date.now());
    const { json, files } = serialize(this.#world, this.#token);
    await mkdir(this.#dir, { recursive: true });
    for (const [id, bytes] of files) {
      if (this.#onDisk.has(id)) continue;
      await writeAtomically(join(this.#dir, id), bytes);
      this.#onDisk.add(id);
    }
    await writeAtomically(this.#path, json);
    // Only once the new JSON no longer names them.
    for (const id of this.#onDisk) {
      if (files.has(id)) continue;
      await rm(join(this.#dir, id), { force: true });
      this.#onDisk.delete(id);
    }
  }
}
