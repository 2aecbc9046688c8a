import { type APIMessage, GatewayIntentBits } from "discord-api-types/v10";
import type { Gateway } from "../gateway.js";
import type { UploadedFile } from "../messages.js";
import type { RateLimiter } from "../ratelimit.js";
import type { StoredChannel, StoredInteraction, StoredMessage, World } from "../store.js";
import {
  ENTITY_TOO_LARGE,
  errorTree,
  INVALID_FORM_BODY,
  type Issue,
  specIssues,
} from "../validation/issues.js";
import { MESSAGE_ROUTES, type MessageRoute, messageBodyIssues } from "../validation/messageBody.js";
import { pngSize } from "../validation/messages.js";

export interface RestOptions {
  ackDeadlineMs: number;
  tokenLifetimeMs: number;
  attachmentSizeLimit: number;
  token: string | null;
  gatewayUrl: () => string;
  log: ((line: string) => void) | null;
  /** `shards` in GET /gateway/bot: the shard count Discord recommends (default 1). */
  recommendedShards?: number;
  /** `session_start_limit.max_concurrency` in GET /gateway/bot. */
  maxConcurrency: number;
  /** Discord's rate limits; null when the emulator was told not to model them. */
  rateLimiter: RateLimiter | null;
  /** Check one in this many message requests (see DiscordEmulatorOptions.checkEvery). */
  checkEvery: number;
}

export type Json = Record<string, unknown>;

export interface Context {
  method: string;
  path: string;
  params: string[];
  query: URLSearchParams;
  body: unknown;
  files: UploadedFile[];
  interaction: StoredInteraction | null;
  /** The route as Discord's OpenAPI description spells it, when the spec describes its request body. */
  spec: string | null;
}

export interface Result {
  status: number;
  body?: unknown;
}

export type Handler = (ctx: Context) => Result;

export interface Route {
  method: string;
  pattern: RegExp;
  auth: boolean;
  handler: Handler;
  spec: string | null;
}

export const ID = "(\\d{1,21})";

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function ok(body: unknown, status = 200): Result {
  return { status, body };
}

export function fail(status: number, code: number, message: string, errors?: unknown): Result {
  return { status, body: errors === undefined ? { message, code } : { message, code, errors } };
}

export const unknownMessage = () => fail(404, 10008, "Unknown Message");
export const unknownChannel = () => fail(404, 10003, "Unknown Channel");
export const missingPermissions = () => fail(403, 50013, "Missing Permissions");

export function route(
  method: string,
  path: string,
  handler: Handler,
  auth = true,
  spec: string | null = null,
): Route {
  return { method, pattern: new RegExp(`^${path}$`), auth, handler, spec };
}

/** What the resource routes share: the world, the gateway, and the checks and announcements of messages. */
export class RestKit {
  /** Message requests seen, for `checkEvery`. */
  #messageRequests = 0;

  constructor(
    readonly world: World,
    readonly gateway: Gateway,
    readonly options: RestOptions,
  ) {}

  violation(ctx: Context, kind: string, message: string): void {
    this.world.violation(kind, ctx.method, ctx.path, message, ctx.interaction?.handle.id ?? null);
  }

  /** The request body checked against Discord's OpenAPI description (routes it describes). */
  bodyIssues(ctx: Context): Issue[] {
    return ctx.spec ? specIssues(ctx.method, ctx.spec, ctx.body) : [];
  }

  /**
   * Runs the checks on a message request sent on `route` (`existing`: the message an edit
   * changes), its body's on one request in `checkEvery`; records violations; returns Discord's
   * error or null.
   */
  checkOutgoing(ctx: Context, route: MessageRoute, existing: StoredMessage | null): Result | null {
    if (ctx.spec !== MESSAGE_ROUTES[route].spec)
      throw new Error(`${ctx.method} ${ctx.path} is not sent on the route of a ${route}`);
    const checked = this.#messageRequests++ % this.options.checkEvery === 0;
    const issues = checked ? messageBodyIssues(route, ctx.body, ctx.files, existing?.message ?? null) : [];
    for (const file of ctx.files) {
      if (file.data.length > this.options.attachmentSizeLimit) {
        issues.push({
          severity: "error",
          code: ENTITY_TOO_LARGE,
          message: `files[${file.index}] ${file.filename}: ${file.data.length} bytes exceeds ${this.options.attachmentSizeLimit}`,
        });
      }
      const looksPng = file.filename.toLowerCase().endsWith(".png") || file.contentType === "image/png";
      if (looksPng && !pngSize(file.data)) {
        this.violation(ctx, "png", `files[${file.index}] ${file.filename} is not a valid PNG`);
      }
    }
    return this.issuesResult(ctx, issues);
  }

  issuesResult(ctx: Context, issues: Issue[]): Result | null {
    for (const issue of issues) this.violation(ctx, "payload", issue.message);
    const errors = issues.filter((issue) => issue.severity === "error");
    if (errors.length === 0) return null;
    if (errors.some((issue) => issue.code === ENTITY_TOO_LARGE)) {
      return fail(413, ENTITY_TOO_LARGE, "Request entity too large");
    }
    const form = errors.filter((issue) => issue.code === INVALID_FORM_BODY);
    if (form.length > 0) return fail(400, INVALID_FORM_BODY, "Invalid Form Body", errorTree(form));
    return fail(400, errors[0]!.code, errors[0]!.message);
  }

  /**
   * The message as a REST answer gives it: the stored object itself, not a copy, since every answer
   * is serialized as soon as its handler returns (a copy of each message written was ~2 % of a
   * load bench's rig CPU). Whoever keeps or changes an answer must copy it.
   */
  apiMessage(stored: StoredMessage): APIMessage {
    return stored.message;
  }

  announce(event: "MESSAGE_CREATE" | "MESSAGE_UPDATE", stored: StoredMessage): void {
    if (stored.ephemeral) return;
    const channel = this.world.channels.get(stored.message.channel_id);
    const guildId = channel?.guildId ?? null;
    const intent = guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
    this.gateway.broadcast(event, { ...stored.message, ...(guildId ? { guild_id: guildId } : {}) }, intent);
  }

  announceDelete(stored: StoredMessage): void {
    if (stored.ephemeral) return;
    const guildId = this.world.channels.get(stored.message.channel_id)?.guildId ?? null;
    const intent = guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
    this.gateway.broadcast(
      "MESSAGE_DELETE",
      {
        id: stored.message.id,
        channel_id: stored.message.channel_id,
        ...(guildId ? { guild_id: guildId } : {}),
      },
      intent,
    );
  }

  channel(id: string): StoredChannel | null {
    const channel = this.world.channels.get(id);
    return channel && !channel.deleted ? channel : null;
  }

  botCan(channel: StoredChannel, permission: bigint): boolean {
    return (this.world.channelPermissions(channel, this.world.botUser.id) & permission) === permission;
  }
}
