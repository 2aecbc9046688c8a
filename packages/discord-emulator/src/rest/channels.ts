import {
  type APIMessageReference,
  type APIThreadChannel,
  ChannelType,
  GatewayIntentBits,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
} from "discord-api-types/v10";
import { createMessage, editMessage, replyReference } from "../messages.js";
import type { StoredMessage, World } from "../store.js";
import { checkThreadWithoutMessage } from "../validation/channels.js";
import { INVALID_FORM_BODY } from "../validation/issues.js";
import {
  type Context,
  fail,
  ID,
  isObject,
  type Json,
  missingPermissions,
  ok,
  type RestKit,
  type Result,
  type Route,
  route,
  unknownChannel,
  unknownMessage,
} from "./kit.js";

/** Channels, their messages, threads and thread members. */
export class ChannelRoutes {
  readonly #kit: RestKit;
  readonly #world: World;

  constructor(kit: RestKit) {
    this.#kit = kit;
    this.#world = kit.world;
  }

  routes(): Route[] {
    return [
      route("GET", `/channels/${ID}`, (ctx) => this.#getChannel(ctx)),
      route("PATCH", `/channels/${ID}`, (ctx) => this.#patchChannel(ctx), true, "/channels/{channel_id}"),
      route("DELETE", `/channels/${ID}`, (ctx) => this.#deleteChannel(ctx)),
      route("GET", `/channels/${ID}/messages`, (ctx) => this.#listMessages(ctx)),
      route(
        "POST",
        `/channels/${ID}/messages`,
        (ctx) => this.#postMessage(ctx),
        true,
        "/channels/{channel_id}/messages",
      ),
      route("GET", `/channels/${ID}/messages/${ID}`, (ctx) => this.#channelMessage(ctx)),
      route(
        "PATCH",
        `/channels/${ID}/messages/${ID}`,
        (ctx) => this.#channelMessage(ctx),
        true,
        "/channels/{channel_id}/messages/{message_id}",
      ),
      route("DELETE", `/channels/${ID}/messages/${ID}`, (ctx) => this.#channelMessage(ctx)),
      route(
        "POST",
        `/channels/${ID}/threads`,
        (ctx) => this.#createThread(ctx, null),
        true,
        "/channels/{channel_id}/threads",
      ),
      route(
        "POST",
        `/channels/${ID}/messages/${ID}/threads`,
        (ctx) => this.#createThread(ctx, ctx.params[1]!),
        true,
        "/channels/{channel_id}/messages/{message_id}/threads",
      ),
      route("PUT", `/channels/${ID}/thread-members/(@me|\\d+)`, (ctx) => this.#threadMember(ctx)),
      route("DELETE", `/channels/${ID}/thread-members/(@me|\\d+)`, (ctx) => this.#threadMember(ctx)),
      route("POST", `/channels/${ID}/typing`, (ctx) =>
        this.#kit.channel(ctx.params[0]!) ? { status: 204 } : unknownChannel(),
      ),
    ];
  }

  #getChannel(ctx: Context): Result {
    const channel = this.#kit.channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    if (channel.guildId && !this.#kit.botCan(channel, PermissionFlagsBits.ViewChannel)) {
      return fail(403, 50001, "Missing Access");
    }
    return ok(channel.channel);
  }

  #patchChannel(ctx: Context): Result {
    const channel = this.#kit.channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    const problem = this.#kit.issuesResult(ctx, this.#kit.bodyIssues(ctx));
    if (problem) return problem;
    const body = isObject(ctx.body) ? ctx.body : {};
    const target = channel.channel as APIThreadChannel & { name?: string };
    if (this.#world.isThread(channel)) {
      const owner = target.owner_id === this.#world.botUser.id;
      if (!owner && !this.#kit.botCan(channel, PermissionFlagsBits.ManageThreads))
        return missingPermissions();
      const metadata = target.thread_metadata!;
      if (typeof body.name === "string") target.name = body.name;
      if (typeof body.archived === "boolean") {
        metadata.archived = body.archived;
        metadata.archive_timestamp = new Date().toISOString();
      }
      if (typeof body.locked === "boolean") metadata.locked = body.locked;
      if (typeof body.auto_archive_duration === "number") {
        metadata.auto_archive_duration = body.auto_archive_duration as typeof metadata.auto_archive_duration;
      }
      if (typeof body.invitable === "boolean") metadata.invitable = body.invitable;
      this.#kit.gateway.broadcast("THREAD_UPDATE", channel.channel, GatewayIntentBits.Guilds);
      return ok(channel.channel);
    }
    if (!this.#kit.botCan(channel, PermissionFlagsBits.ManageChannels)) return missingPermissions();
    if (typeof body.name === "string") target.name = body.name;
    this.#kit.gateway.broadcast("CHANNEL_UPDATE", channel.channel, GatewayIntentBits.Guilds);
    return ok(channel.channel);
  }

  #deleteChannel(ctx: Context): Result {
    const channel = this.#kit.channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    const thread = this.#world.isThread(channel);
    const permission = thread ? PermissionFlagsBits.ManageThreads : PermissionFlagsBits.ManageChannels;
    if (!this.#kit.botCan(channel, permission)) return missingPermissions();
    channel.deleted = true;
    if (thread) {
      const data = channel.channel as APIThreadChannel;
      this.#kit.gateway.broadcast(
        "THREAD_DELETE",
        { id: data.id, type: data.type, guild_id: channel.guildId, parent_id: data.parent_id },
        GatewayIntentBits.Guilds,
      );
    }
    return ok(channel.channel);
  }

  #listMessages(ctx: Context): Result {
    const channel = this.#kit.channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    if (channel.guildId && !this.#kit.botCan(channel, PermissionFlagsBits.ReadMessageHistory)) {
      return fail(403, 50001, "Missing Access");
    }
    const limit = Math.min(100, Math.max(1, Number(ctx.query.get("limit") ?? 50) || 50));
    const before = ctx.query.get("before");
    const after = ctx.query.get("after");
    let list = this.#world
      .messagesIn(channel.channel.id, (stored) => !stored.ephemeral && !stored.deleted)
      .map((stored) => stored.message);
    if (before) list = list.filter((message) => BigInt(message.id) < BigInt(before));
    if (after) list = list.filter((message) => BigInt(message.id) > BigInt(after));
    // Discord returns newest first; `after` pages from the oldest side.
    const page = after ? list.slice(0, limit) : list.slice(-limit);
    return ok(page.reverse().map((message) => structuredClone(message)));
  }

  #postMessage(ctx: Context): Result {
    const channel = this.#kit.channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    const payload = isObject(ctx.body) ? ctx.body : {};
    if (channel.recipientId) {
      if (this.#world.users.get(channel.recipientId)?.dmsClosed) {
        return fail(403, 50007, "Cannot send messages to this user");
      }
    } else {
      const thread = this.#world.isThread(channel);
      const needed =
        PermissionFlagsBits.ViewChannel |
        (thread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages) |
        (ctx.files.length > 0 ? PermissionFlagsBits.AttachFiles : 0n);
      if (!this.#kit.botCan(channel, needed)) return missingPermissions();
      if (thread) {
        const metadata = (channel.channel as APIThreadChannel).thread_metadata!;
        if (metadata.locked && !this.#kit.botCan(channel, PermissionFlagsBits.ManageThreads))
          return missingPermissions();
        metadata.archived = false;
      }
    }
    const problem = this.#kit.checkOutgoing(ctx, "createMessage", null);
    if (problem) return problem;
    let reference: APIMessageReference | null = null;
    let referenced: StoredMessage | null = null;
    if (isObject(payload.message_reference) && payload.message_reference.message_id) {
      const id = String(payload.message_reference.message_id);
      const candidate = this.#world.messages.get(id);
      if (
        candidate &&
        !candidate.ephemeral &&
        !candidate.deleted &&
        candidate.message.channel_id === channel.channel.id
      ) {
        referenced = candidate;
        reference = replyReference(candidate.message, channel.guildId);
      } else if (payload.message_reference.fail_if_not_exists !== false) {
        return fail(400, INVALID_FORM_BODY, "Invalid Form Body", {
          message_reference: { _errors: [{ code: "REPLIES_UNKNOWN_MESSAGE", message: "Unknown message" }] },
        });
      }
    }
    const built = createMessage(this.#world, channel, payload, ctx.files, {
      type: referenced ? MessageType.Reply : MessageType.Default,
      interaction: null,
      reference,
      ephemeral: false,
      audienceUserId: null,
      loading: false,
    });
    if (!built.ok) return this.#kit.issuesResult(ctx, built.issues)!;
    if (referenced) built.stored.message.referenced_message = structuredClone(referenced.message);
    this.#kit.announce("MESSAGE_CREATE", built.stored);
    return ok(this.#kit.apiMessage(built.stored));
  }

  #channelMessage(ctx: Context): Result {
    const channel = this.#kit.channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    const target = this.#world.messages.get(ctx.params[1]!);
    // Ephemeral messages exist only behind their interaction token, as on Discord.
    if (!target || target.deleted || target.ephemeral || target.message.channel_id !== channel.channel.id) {
      return unknownMessage();
    }
    if (ctx.method === "GET") return ok(this.#kit.apiMessage(target));
    if (ctx.method === "DELETE") {
      target.deleted = true;
      this.#kit.announceDelete(target);
      return { status: 204 };
    }
    if (target.message.author.id !== this.#world.botUser.id) {
      return fail(403, 50005, "Cannot edit a message authored by another user");
    }
    const payload = isObject(ctx.body) ? ctx.body : {};
    const problem = this.#kit.checkOutgoing(ctx, "editMessage", target);
    if (problem) return problem;
    const failed = this.#kit.issuesResult(ctx, editMessage(this.#world, target, payload, ctx.files));
    if (failed) return failed;
    this.#kit.announce("MESSAGE_UPDATE", target);
    return ok(this.#kit.apiMessage(target));
  }

  #createThread(ctx: Context, messageId: string | null): Result {
    const parent = this.#kit.channel(ctx.params[0]!);
    if (!parent) return unknownChannel();
    if (
      parent.channel.type !== ChannelType.GuildText &&
      parent.channel.type !== ChannelType.GuildAnnouncement
    ) {
      return fail(400, 50024, "Cannot execute action on this channel type");
    }
    const problem = this.#kit.issuesResult(ctx, [
      ...this.#kit.bodyIssues(ctx),
      ...(messageId ? [] : checkThreadWithoutMessage(ctx.body)),
    ]);
    if (problem) return problem;
    const body = ctx.body as Json & { name: string };
    const durations = [60, 1440, 4320, 10080] as const;
    const duration = durations.find((candidate) => candidate === Number(body.auto_archive_duration)) ?? 4320;
    let type: ChannelType.PublicThread | ChannelType.PrivateThread = ChannelType.PublicThread;
    let id: string;
    if (messageId) {
      const starter = this.#world.messages.get(messageId);
      if (
        !starter ||
        starter.deleted ||
        starter.ephemeral ||
        starter.message.channel_id !== parent.channel.id
      ) {
        return unknownMessage();
      }
      if (starter.message.thread)
        return fail(400, 160004, "A thread has already been created for this message");
      if (!this.#kit.botCan(parent, PermissionFlagsBits.CreatePublicThreads)) return missingPermissions();
      id = messageId;
    } else {
      type = body.type as ChannelType.PublicThread | ChannelType.PrivateThread;
      const needed =
        type === ChannelType.PublicThread
          ? PermissionFlagsBits.CreatePublicThreads
          : PermissionFlagsBits.CreatePrivateThreads;
      if (!this.#kit.botCan(parent, needed)) return missingPermissions();
      id = this.#world.ids.next();
    }
    const thread = this.#world.addThread(
      parent,
      id,
      body.name,
      type,
      duration,
      typeof body.invitable === "boolean" ? body.invitable : undefined,
    );
    if (messageId) {
      const starter = this.#world.messages.get(messageId)!;
      starter.message.thread = structuredClone(thread.channel);
      starter.message.flags = (starter.message.flags ?? 0) | MessageFlags.HasThread;
    }
    this.#kit.gateway.broadcast(
      "THREAD_CREATE",
      { ...thread.channel, newly_created: true },
      GatewayIntentBits.Guilds,
    );
    return ok(thread.channel, 201);
  }

  #threadMember(ctx: Context): Result {
    const thread = this.#kit.channel(ctx.params[0]!);
    if (!thread || !this.#world.isThread(thread)) return unknownChannel();
    const userId = ctx.params[1] === "@me" ? this.#world.botUser.id : ctx.params[1]!;
    const guild = this.#world.guilds.get(thread.guildId ?? "");
    if (!guild?.members.has(userId)) return fail(404, 10007, "Unknown Member");
    if (ctx.method === "PUT") thread.threadMembers.add(userId);
    else thread.threadMembers.delete(userId);
    (thread.channel as APIThreadChannel).member_count = thread.threadMembers.size;
    return { status: 204 };
  }
}
