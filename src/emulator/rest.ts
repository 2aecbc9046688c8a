import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type APIApplication,
  type APIApplicationCommand,
  type APIApplicationCommandOptionChoice,
  type APIMessage,
  type APIMessageReference,
  type APIModalInteractionResponseCallbackData,
  type APIThreadChannel,
  ApplicationCommandType,
  ApplicationFlags,
  ChannelType,
  GatewayIntentBits,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from "discord-api-types/v10";
import type { Gateway } from "./gateway.js";
import { BodyError, parseBody, readRaw, sendEmpty, sendJson } from "./http-util.js";
import {
  createMessage,
  editMessage,
  type MessageOrigin,
  replyReference,
  type UploadedFile,
} from "./messages.js";
import { INVALID_REQUEST_BAN, type RateLimiter } from "./ratelimit.js";
import type { StoredChannel, StoredCommand, StoredInteraction, StoredMessage, World } from "./store.js";
import {
  checkChoices,
  checkCommand,
  checkCommands,
  checkDmChannel,
  checkMessagePayload,
  checkModal,
  checkThreadWithoutMessage,
  distinctIssues,
  EMPTY_MESSAGE,
  ENTITY_TOO_LARGE,
  errorTree,
  INVALID_FORM_BODY,
  type Issue,
  pngSize,
  specIssues,
  underData,
} from "./validation.js";

export interface RestOptions {
  ackDeadlineMs: number;
  tokenLifetimeMs: number;
  attachmentSizeLimit: number;
  token: string | null;
  gatewayUrl: () => string;
  log: ((line: string) => void) | null;
  /** `shards` in GET /gateway/bot: the shard count Discord recommends (default 1). */
  recommendedShards?: number;
  /** Discord's rate limits; null when the emulator was told not to model them. */
  rateLimiter: RateLimiter | null;
}

type Json = Record<string, unknown>;

interface Context {
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

interface Result {
  status: number;
  body?: unknown;
}

type Handler = (ctx: Context) => Result;

interface Route {
  method: string;
  pattern: RegExp;
  auth: boolean;
  handler: Handler;
  spec: string | null;
}

const ID = "(\\d{1,21})";

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function ok(body: unknown, status = 200): Result {
  return { status, body };
}

function fail(status: number, code: number, message: string, errors?: unknown): Result {
  return { status, body: errors === undefined ? { message, code } : { message, code, errors } };
}

const unknownMessage = () => fail(404, 10008, "Unknown Message");
const unknownChannel = () => fail(404, 10003, "Unknown Channel");
const missingPermissions = () => fail(403, 50013, "Missing Permissions");

/** The REST half of the emulator: routes under /api/v10 plus attachment downloads. */
export class RestApi {
  readonly #world: World;
  readonly #gateway: Gateway;
  readonly #options: RestOptions;
  readonly #routes: Route[];

  constructor(world: World, gateway: Gateway, options: RestOptions) {
    this.#world = world;
    this.#gateway = gateway;
    this.#options = options;
    const route = (
      method: string,
      path: string,
      handler: Handler,
      auth = true,
      spec: string | null = null,
    ) => ({
      method,
      pattern: new RegExp(`^${path}$`),
      auth,
      handler,
      spec,
    });
    const specApp = "/applications/{application_id}";
    const specWebhook = "/webhooks/{webhook_id}/{webhook_token}";
    const app = `/applications/${ID}`;
    const webhook = `/webhooks/${ID}/([^/]+)`;
    this.#routes = [
      route("GET", "/gateway", () => ok({ url: this.#options.gatewayUrl() }), false),
      route("GET", "/gateway/bot", () => this.#gatewayBot()),
      route("GET", "/users/@me", () => ok(this.#world.botUser)),
      route("GET", `/users/${ID}`, (ctx) => this.#getUser(ctx)),
      route("POST", "/users/@me/channels", (ctx) => this.#openDm(ctx), true, "/users/@me/channels"),
      route("GET", "/applications/@me", () => ok(this.#application())),
      route("GET", "/oauth2/applications/@me", () => ok(this.#application())),
      route("GET", `${app}/commands`, (ctx) => this.#listCommands(ctx, null)),
      route("PUT", `${app}/commands`, (ctx) => this.#putCommands(ctx, null), true, `${specApp}/commands`),
      route("POST", `${app}/commands`, (ctx) => this.#postCommand(ctx, null), true, `${specApp}/commands`),
      route("GET", `${app}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, null)),
      route(
        "PATCH",
        `${app}/commands/${ID}`,
        (ctx) => this.#oneCommand(ctx, null),
        true,
        `${specApp}/commands/{command_id}`,
      ),
      route("DELETE", `${app}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, null)),
      route("GET", `${app}/guilds/${ID}/commands`, (ctx) => this.#listCommands(ctx, ctx.params[1]!)),
      route(
        "PUT",
        `${app}/guilds/${ID}/commands`,
        (ctx) => this.#putCommands(ctx, ctx.params[1]!),
        true,
        `${specApp}/guilds/{guild_id}/commands`,
      ),
      route(
        "POST",
        `${app}/guilds/${ID}/commands`,
        (ctx) => this.#postCommand(ctx, ctx.params[1]!),
        true,
        `${specApp}/guilds/{guild_id}/commands`,
      ),
      route("GET", `${app}/guilds/${ID}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, ctx.params[1]!)),
      route(
        "PATCH",
        `${app}/guilds/${ID}/commands/${ID}`,
        (ctx) => this.#oneCommand(ctx, ctx.params[1]!),
        true,
        `${specApp}/guilds/{guild_id}/commands/{command_id}`,
      ),
      route("DELETE", `${app}/guilds/${ID}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, ctx.params[1]!)),
      route(
        "POST",
        `/interactions/${ID}/([^/]+)/callback`,
        (ctx) => this.#callback(ctx),
        false,
        "/interactions/{interaction_id}/{interaction_token}/callback",
      ),
      route("POST", webhook, (ctx) => this.#followUp(ctx), false, specWebhook),
      route("GET", `${webhook}/messages/(@original|\\d+)`, (ctx) => this.#webhookMessage(ctx), false),
      route(
        "PATCH",
        `${webhook}/messages/(@original)`,
        (ctx) => this.#webhookMessage(ctx),
        false,
        `${specWebhook}/messages/@original`,
      ),
      route(
        "PATCH",
        `${webhook}/messages/(\\d+)`,
        (ctx) => this.#webhookMessage(ctx),
        false,
        `${specWebhook}/messages/{message_id}`,
      ),
      route("DELETE", `${webhook}/messages/(@original|\\d+)`, (ctx) => this.#webhookMessage(ctx), false),
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
        this.#channel(ctx.params[0]!) ? { status: 204 } : unknownChannel(),
      ),
      route("GET", `/guilds/${ID}`, (ctx) => this.#getGuild(ctx)),
      route("GET", `/guilds/${ID}/channels`, (ctx) => this.#guildChannels(ctx)),
      route("GET", `/guilds/${ID}/roles`, (ctx) => this.#guildRoles(ctx)),
      route("GET", `/guilds/${ID}/members/${ID}`, (ctx) => this.#getMember(ctx)),
    ];
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = (req.method ?? "GET").toUpperCase();
    let path = url.pathname;
    let status = 500;
    try {
      if (path.startsWith("/attachments/")) {
        status = this.#serveAttachment(path, res);
        return;
      }
      const versioned = /^\/api\/v(\d+)(\/.*)$/.exec(path);
      if (versioned?.[1] !== "10") {
        status = this.#unknown(method, path, res);
        return;
      }
      // @discordjs/rest percent-encodes route segments such as @original (%40original).
      path = versioned[2]!
        .split("/")
        .map((segment) => {
          try {
            return decodeURIComponent(segment);
          } catch {
            return segment;
          }
        })
        .join("/");
      const raw = await readRaw(req);
      const matching = this.#routes.filter((candidate) => candidate.pattern.test(path));
      const route = matching.find((candidate) => candidate.method === method);
      if (!route) {
        status =
          matching.length > 0 ? this.#methodNotAllowed(method, path, res) : this.#unknown(method, path, res);
        return;
      }
      if (route.auth && !this.#authorized(req.headers.authorization)) {
        status = 401;
        this.#recordError(method, path, 401, 0, "401: Unauthorized", null);
        sendJson(res, 401, { message: "401: Unauthorized", code: 0 });
        return;
      }
      const limit = this.#options.rateLimiter?.admit(method, path);
      for (const [name, value] of Object.entries(limit?.headers ?? {})) res.setHeader(name, value);
      if (limit?.refused) {
        status = 429;
        this.#recordError(method, path, 429, 0, limit.refused.message, null);
        sendJson(res, 429, limit.refused);
        return;
      }
      const fault = this.#world.faults.find(
        (f) => f.remaining > 0 && f.method === method && f.path.test(path),
      );
      if (fault?.hold) {
        status = 0;
        fault.remaining--;
        fault.hold.held();
        return;
      }
      if (fault) {
        fault.remaining--;
        status = fault.status;
        this.#recordError(method, path, fault.status, fault.code, fault.message, null);
        sendJson(res, fault.status, { message: fault.message, code: fault.code });
        return;
      }
      let parsed: Awaited<ReturnType<typeof parseBody>>;
      try {
        parsed = await parseBody(req.headers["content-type"], raw);
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        status = 400;
        this.#world.violation("payload", method, path, error.message);
        sendJson(res, 400, { message: error.message, code: 50109 });
        return;
      }
      const ctx: Context = {
        method,
        path,
        params: route.pattern.exec(path)!.slice(1),
        query: url.searchParams,
        body: parsed.json,
        files: parsed.files,
        interaction: null,
        spec: route.spec,
      };
      for (const field of parsed.otherFields) {
        this.#world.violation("payload", method, path, `unexpected multipart field "${field}"`);
      }
      const result = route.handler(ctx);
      status = result.status;
      if (status >= 400 && isObject(result.body)) {
        this.#recordError(
          method,
          path,
          status,
          Number(result.body.code ?? 0),
          String(result.body.message ?? ""),
          ctx.interaction,
        );
      }
      if (result.body === undefined) sendEmpty(res, status);
      else sendJson(res, status, result.body);
    } catch (error) {
      // The bot died (a SIGKILL in a test) in the middle of sending: nothing reached Discord.
      if (req.destroyed && (error as Error).message === "aborted") {
        status = 0;
        return;
      }
      status = 500;
      this.#world.violation("emulator", method, path, `emulator crashed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) sendJson(res, 500, { message: "500: Internal Server Error", code: 0 });
    } finally {
      if (this.#options.rateLimiter?.answered(status)) {
        this.#world.violation(
          "rate-limit",
          method,
          path,
          `${INVALID_REQUEST_BAN} invalid requests (401, 403, 429) within 10 minutes: Discord bans the bot's address for a while`,
        );
      }
      const durationMs = performance.now() - started;
      this.#world.requests.push({ method, path, status, durationMs, at: Date.now() });
      this.#options.log?.(`${method} ${path} -> ${status} (${durationMs.toFixed(1)} ms)`);
    }
  }

  #authorized(header: string | undefined): boolean {
    if (!header?.startsWith("Bot ")) return false;
    const token = header.slice(4);
    return token.length > 0 && (this.#options.token === null || token === this.#options.token);
  }

  #unknown(method: string, path: string, res: ServerResponse): number {
    this.#world.unknownRoutes.push({ method, path, at: Date.now() });
    this.#recordError(method, path, 404, 0, "404: Not Found", null);
    sendJson(res, 404, { message: "404: Not Found", code: 0 });
    return 404;
  }

  #methodNotAllowed(method: string, path: string, res: ServerResponse): number {
    this.#world.unknownRoutes.push({ method, path, at: Date.now() });
    this.#recordError(method, path, 405, 0, "405: Method Not Allowed", null);
    sendJson(res, 405, { message: "405: Method Not Allowed", code: 0 });
    return 405;
  }

  #recordError(
    method: string,
    path: string,
    status: number,
    code: number,
    message: string,
    interaction: StoredInteraction | null,
  ): void {
    const record = {
      method,
      path,
      status,
      code,
      message,
      at: Date.now(),
      interactionId: interaction?.handle.id ?? null,
    };
    this.#world.errorResponses.push(record);
    interaction?.errors.push(record);
  }

  #violation(ctx: Context, kind: string, message: string): void {
    this.#world.violation(kind, ctx.method, ctx.path, message, ctx.interaction?.handle.id ?? null);
  }

  #serveAttachment(path: string, res: ServerResponse): number {
    const [, , , attachmentId] = path.split("/");
    for (const stored of this.#world.messages.values()) {
      const data = stored.files.get(attachmentId ?? "");
      const attachment = stored.message.attachments.find((candidate) => candidate.id === attachmentId);
      if (data && attachment) {
        res.writeHead(200, {
          "content-type": attachment.content_type ?? "application/octet-stream",
          "content-length": data.length,
        });
        res.end(data);
        return 200;
      }
    }
    res.writeHead(404);
    res.end();
    return 404;
  }

  // ---- gateway, users, application ------------------------------------------------------------

  #gatewayBot(): Result {
    return ok({
      url: this.#options.gatewayUrl(),
      shards: this.#options.recommendedShards ?? 1,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
    });
  }

  #getUser(ctx: Context): Result {
    const user = this.#world.users.get(ctx.params[0]!);
    return user ? ok(user.user) : fail(404, 10013, "Unknown User");
  }

  #openDm(ctx: Context): Result {
    const problem = this.#issuesResult(ctx, [...this.#bodyIssues(ctx), ...checkDmChannel(ctx.body)]);
    if (problem) return problem;
    const recipientId = isObject(ctx.body) ? String(ctx.body.recipient_id ?? "") : "";
    const user = this.#world.users.get(recipientId);
    if (!user || user.user.id === this.#world.botUser.id) return fail(404, 10013, "Unknown User");
    return ok(this.#world.dmChannelFor(user).channel);
  }

  #application(): APIApplication {
    return {
      id: this.#world.applicationId,
      name: this.#world.botUser.username,
      icon: null,
      description: "",
      bot_public: true,
      bot_require_code_grant: false,
      bot: this.#world.botUser,
      summary: "",
      verify_key: "0".repeat(64),
      team: null,
      flags: ApplicationFlags.GatewayMessageContentLimited | ApplicationFlags.ApplicationCommandBadge,
      flags_new: String(
        ApplicationFlags.GatewayMessageContentLimited | ApplicationFlags.ApplicationCommandBadge,
      ),
      approximate_guild_count: this.#world.guilds.size,
      redirect_uris: [],
      interactions_endpoint_url: null,
      role_connections_verification_url: null,
      install_params: { scopes: ["bot", "applications.commands"], permissions: "0" },
    } as unknown as APIApplication;
  }

  // ---- application commands ----------------------------------------------------------------

  #commandScope(ctx: Context, guildId: string | null): Result | null {
    if (ctx.params[0] !== this.#world.applicationId) {
      this.#violation(ctx, "command", `application id ${ctx.params[0]} is not ${this.#world.applicationId}`);
      return fail(404, 10002, "Unknown Application");
    }
    if (guildId !== null && !this.#world.guilds.has(guildId)) return fail(404, 10004, "Unknown Guild");
    return null;
  }

  #listCommands(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId);
    if (problem) return problem;
    return ok(
      this.#world.commands.filter((stored) => stored.guildId === guildId).map((stored) => stored.command),
    );
  }

  #buildCommand(
    body: Json,
    guildId: string | null,
    existing: StoredCommand | undefined,
  ): APIApplicationCommand {
    const type = typeof body.type === "number" ? body.type : ApplicationCommandType.ChatInput;
    const command = {
      id: existing?.command.id ?? this.#world.ids.next(),
      application_id: this.#world.applicationId,
      version: this.#world.ids.next(),
      type,
      name: String(body.name),
      name_localizations: (body.name_localizations as APIApplicationCommand["name_localizations"]) ?? null,
      description: typeof body.description === "string" ? body.description : "",
      description_localizations:
        (body.description_localizations as APIApplicationCommand["description_localizations"]) ?? null,
      default_member_permissions:
        typeof body.default_member_permissions === "string" ? body.default_member_permissions : null,
      nsfw: body.nsfw === true,
      contexts: (body.contexts as APIApplicationCommand["contexts"]) ?? null,
      integration_types: (body.integration_types as APIApplicationCommand["integration_types"]) ?? [0],
    } as APIApplicationCommand;
    if (Array.isArray(body.options)) command.options = body.options as APIApplicationCommand["options"];
    if (guildId) command.guild_id = guildId;
    else command.dm_permission = body.dm_permission !== false;
    return command;
  }

  /** The spec's checks of the request body plus Discord's documented command limits. */
  #commandIssues(ctx: Context, documented: Issue[]): Result | null {
    const issues = distinctIssues([...this.#bodyIssues(ctx), ...documented]);
    if (issues.length === 0) return null;
    for (const issue of issues) this.#violation(ctx, "command", issue.message);
    return fail(400, INVALID_FORM_BODY, "Invalid Form Body", errorTree(issues));
  }

  #putCommands(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId) ?? this.#commandIssues(ctx, checkCommands(ctx.body));
    if (problem) return problem;
    const previous = this.#world.commands.filter((stored) => stored.guildId === guildId);
    const next = (ctx.body as Json[]).map((body) => {
      const type = typeof body.type === "number" ? body.type : ApplicationCommandType.ChatInput;
      const existing = previous.find(
        (stored) => stored.command.name === body.name && stored.command.type === type,
      );
      return { command: this.#buildCommand(body, guildId, existing), guildId };
    });
    this.#world.commands = [...this.#world.commands.filter((stored) => stored.guildId !== guildId), ...next];
    return ok(next.map((stored) => stored.command));
  }

  #postCommand(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId) ?? this.#commandIssues(ctx, checkCommand(ctx.body));
    if (problem) return problem;
    const body = ctx.body as Json;
    const type = typeof body.type === "number" ? body.type : ApplicationCommandType.ChatInput;
    const index = this.#world.commands.findIndex(
      (stored) =>
        stored.guildId === guildId && stored.command.name === body.name && stored.command.type === type,
    );
    const command = this.#buildCommand(body, guildId, this.#world.commands[index]);
    if (index >= 0) this.#world.commands[index] = { command, guildId };
    else this.#world.commands.push({ command, guildId });
    return ok(command, index >= 0 ? 200 : 201);
  }

  #oneCommand(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId);
    if (problem) return problem;
    const commandId = ctx.params[guildId === null ? 1 : 2]!;
    const index = this.#world.commands.findIndex(
      (stored) => stored.guildId === guildId && stored.command.id === commandId,
    );
    if (index < 0) return fail(404, 10063, "Unknown application command");
    if (ctx.method === "GET") return ok(this.#world.commands[index]!.command);
    if (ctx.method === "DELETE") {
      this.#world.commands.splice(index, 1);
      return { status: 204 };
    }
    const merged = { ...this.#world.commands[index]!.command, ...(isObject(ctx.body) ? ctx.body : {}) };
    const issues = this.#commandIssues(ctx, checkCommand(merged));
    if (issues) return issues;
    const command = this.#buildCommand(merged, guildId, this.#world.commands[index]);
    this.#world.commands[index] = { command, guildId };
    return ok(command);
  }

  // ---- outgoing message checks -----------------------------------------------------------------

  /** The request body checked against Discord's OpenAPI description (routes it describes). */
  #bodyIssues(ctx: Context): Issue[] {
    return ctx.spec ? specIssues(ctx.method, ctx.spec, ctx.body) : [];
  }

  /**
   * Runs every check on a message payload (the request body, or its `data` for an interaction
   * callback); records violations; returns Discord's error or null.
   */
  #checkOutgoing(
    ctx: Context,
    payload: Json,
    options: {
      isEdit: boolean;
      ephemeralAllowed: boolean;
      existing: StoredMessage | null;
      callback?: boolean;
    },
  ): Result | null {
    const declared = Array.isArray(payload.attachments) ? payload.attachments.filter(isObject) : null;
    const kept = options.existing
      ? options.existing.message.attachments.filter(
          (attachment) => !declared || declared.some((entry) => String(entry.id) === attachment.id),
        )
      : [];
    const uploadNames = ctx.files.map((file) => {
      const entry = declared?.find((candidate) => String(candidate.id) === String(file.index));
      return typeof entry?.filename === "string" ? entry.filename : file.filename;
    });
    const documented = checkMessagePayload(payload, {
      fileCount: ctx.files.length,
      keptAttachments: options.existing ? (declared ? declared.length : kept.length) : 0,
      attachmentNames: [...uploadNames, ...kept.map((attachment) => attachment.filename)],
      isEdit: options.isEdit,
      ephemeralAllowed: options.ephemeralAllowed,
      existingFlags: options.existing?.message.flags ?? 0,
    });
    const issues = distinctIssues([
      ...this.#bodyIssues(ctx),
      ...(options.callback ? underData(documented) : documented),
    ]);
    for (const file of ctx.files) {
      if (file.data.length > this.#options.attachmentSizeLimit) {
        issues.push({
          severity: "error",
          code: ENTITY_TOO_LARGE,
          message: `files[${file.index}] ${file.filename}: ${file.data.length} bytes exceeds ${this.#options.attachmentSizeLimit}`,
        });
      }
      const looksPng = file.filename.toLowerCase().endsWith(".png") || file.contentType === "image/png";
      if (looksPng && !pngSize(file.data)) {
        this.#violation(ctx, "png", `files[${file.index}] ${file.filename} is not a valid PNG`);
      }
    }
    // An edit that leaves a deferred ("thinking") reply with nothing in it fails like an empty send.
    if (
      options.isEdit &&
      options.existing &&
      this.#editLeavesEmpty(options.existing, payload, ctx.files.length)
    ) {
      issues.push({ severity: "error", code: EMPTY_MESSAGE, message: "Cannot send an empty message" });
    }
    return this.#issuesResult(ctx, issues);
  }

  #issuesResult(ctx: Context, issues: Issue[]): Result | null {
    for (const issue of issues) this.#violation(ctx, "payload", issue.message);
    const errors = issues.filter((issue) => issue.severity === "error");
    if (errors.length === 0) return null;
    if (errors.some((issue) => issue.code === ENTITY_TOO_LARGE)) {
      return fail(413, ENTITY_TOO_LARGE, "Request entity too large");
    }
    const form = errors.filter((issue) => issue.code === INVALID_FORM_BODY);
    if (form.length > 0) return fail(400, INVALID_FORM_BODY, "Invalid Form Body", errorTree(form));
    return fail(400, errors[0]!.code, errors[0]!.message);
  }

  #editLeavesEmpty(existing: StoredMessage, payload: Json, newFiles: number): boolean {
    const message = existing.message;
    const content = "content" in payload ? payload.content : message.content;
    const embeds = "embeds" in payload ? payload.embeds : message.embeds;
    const components = "components" in payload ? payload.components : message.components;
    const kept = Array.isArray(payload.attachments) ? payload.attachments.length : message.attachments.length;
    const has = (value: unknown) => Array.isArray(value) && value.length > 0;
    return (
      !(typeof content === "string" && content.trim()) &&
      !has(embeds) &&
      !has(components) &&
      kept + newFiles === 0
    );
  }

  #apiMessage(stored: StoredMessage): APIMessage {
    return structuredClone(stored.message);
  }

  #announce(event: "MESSAGE_CREATE" | "MESSAGE_UPDATE", stored: StoredMessage): void {
    if (stored.ephemeral) return;
    const channel = this.#world.channels.get(stored.message.channel_id);
    const guildId = channel?.guildId ?? null;
    const intent = guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
    this.#gateway.broadcast(event, { ...stored.message, ...(guildId ? { guild_id: guildId } : {}) }, intent);
  }

  #announceDelete(stored: StoredMessage): void {
    if (stored.ephemeral) return;
    const guildId = this.#world.channels.get(stored.message.channel_id)?.guildId ?? null;
    const intent = guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
    this.#gateway.broadcast(
      "MESSAGE_DELETE",
      {
        id: stored.message.id,
        channel_id: stored.message.channel_id,
        ...(guildId ? { guild_id: guildId } : {}),
      },
      intent,
    );
  }

  // ---- interactions ----------------------------------------------------------------------------

  #responseOrigin(stored: StoredInteraction, ephemeral: boolean, loading: boolean): MessageOrigin {
    const handle = stored.handle;
    const fromComponent =
      handle.type === InteractionType.MessageComponent ||
      (handle.type === InteractionType.ModalSubmit && handle.messageId !== null);
    let type = MessageType.ChatInputCommand;
    let reference: APIMessageReference | null = null;
    if (fromComponent) {
      type = MessageType.Reply;
      const source = this.#world.messages.get(handle.messageId ?? "");
      if (source) reference = replyReference(source.message, handle.guildId);
    } else if (
      handle.type === InteractionType.ApplicationCommand &&
      (handle.payload.data as { type?: number } | undefined)?.type !== ApplicationCommandType.ChatInput
    ) {
      type = MessageType.ContextMenuCommand;
    }
    return { type, interaction: stored, reference, ephemeral, audienceUserId: handle.userId, loading };
  }

  #callback(ctx: Context): Result {
    const [id, token] = ctx.params as [string, string];
    const stored = this.#world.interactions.get(id);
    if (!stored || stored.handle.token !== token) return fail(404, 10062, "Unknown interaction");
    ctx.interaction = stored;
    const handle = stored.handle;
    const elapsed = performance.now() - handle.dispatchedAt;
    if (stored.firstCallbackMs === null) {
      stored.firstCallbackMs = elapsed;
      this.#world.ackLatencies.push({
        interactionId: handle.id,
        type: handle.type,
        name: handle.name,
        userId: handle.userId,
        ms: elapsed,
      });
    }
    if (stored.callbacks.length > 0) {
      this.#violation(ctx, "double-ack", `second callback for interaction ${handle.name}`);
      return fail(400, 40060, "Interaction has already been acknowledged.");
    }
    if (elapsed > this.#options.ackDeadlineMs) {
      this.#violation(
        ctx,
        "late-ack",
        `first callback for ${handle.name} after ${Math.round(elapsed)} ms (limit ${this.#options.ackDeadlineMs} ms)`,
      );
      return fail(404, 10062, "Unknown interaction");
    }
    const body = isObject(ctx.body) ? ctx.body : null;
    if (!body || typeof body.type !== "number") {
      this.#violation(ctx, "payload", "interaction callback without a numeric type");
      return fail(400, INVALID_FORM_BODY, "Invalid Form Body", { type: { _errors: ["required"] } });
    }
    const type = body.type as InteractionResponseType;
    const data = isObject(body.data) ? body.data : {};
    if (!this.#callbackTypeAllowed(stored, type)) {
      this.#violation(
        ctx,
        "payload",
        `callback type ${type} is not valid for interaction type ${handle.type}`,
      );
      return fail(400, INVALID_FORM_BODY, "Invalid Form Body", {
        type: { _errors: [{ code: "INTERACTION_RESPONSE_TYPE_INVALID", message: "Invalid response type" }] },
      });
    }
    const channel = this.#world.channels.get(handle.channelId)!;
    let message: StoredMessage | null = null;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource: {
        const problem = this.#checkOutgoing(ctx, data, {
          isEdit: false,
          ephemeralAllowed: true,
          existing: null,
          callback: true,
        });
        if (problem) return problem;
        const ephemeral = ((data.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral;
        const built = createMessage(
          this.#world,
          channel,
          data,
          ctx.files,
          this.#responseOrigin(stored, !!ephemeral, false),
        );
        if (!built.ok) return this.#issuesResult(ctx, built.issues)!;
        message = built.stored;
        stored.originalMessageId = message.message.id;
        this.#announce("MESSAGE_CREATE", message);
        break;
      }
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        const failed = this.#issuesResult(ctx, this.#bodyIssues(ctx));
        if (failed) return failed;
        const ephemeral = ((data.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral;
        const built = createMessage(
          this.#world,
          channel,
          { flags: data.flags },
          [],
          this.#responseOrigin(stored, !!ephemeral, true),
        );
        if (!built.ok) return this.#issuesResult(ctx, built.issues)!;
        message = built.stored;
        stored.originalMessageId = message.message.id;
        this.#announce("MESSAGE_CREATE", message);
        break;
      }
      case InteractionResponseType.DeferredMessageUpdate: {
        const failed = this.#issuesResult(ctx, this.#bodyIssues(ctx));
        if (failed) return failed;
        message = this.#world.messages.get(handle.messageId ?? "") ?? null;
        stored.originalMessageId = handle.messageId;
        stored.editCountAtAck = message?.editCount ?? 0;
        break;
      }
      case InteractionResponseType.UpdateMessage: {
        const target = this.#world.messages.get(handle.messageId ?? "");
        if (!target || target.deleted) return unknownMessage();
        const problem = this.#checkOutgoing(ctx, data, {
          isEdit: true,
          ephemeralAllowed: false,
          existing: target,
          callback: true,
        });
        if (problem) return problem;
        const issues = editMessage(this.#world, target, data, ctx.files);
        const failed = this.#issuesResult(ctx, issues);
        if (failed) return failed;
        message = target;
        stored.originalMessageId = target.message.id;
        this.#announce("MESSAGE_UPDATE", target);
        break;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult: {
        const failed = this.#issuesResult(
          ctx,
          distinctIssues([...this.#bodyIssues(ctx), ...checkChoices(data)]),
        );
        if (failed) return failed;
        stored.choices = Array.isArray(data.choices)
          ? (data.choices as APIApplicationCommandOptionChoice[])
          : [];
        break;
      }
      case InteractionResponseType.Modal: {
        const failed = this.#issuesResult(
          ctx,
          distinctIssues([...this.#bodyIssues(ctx), ...checkModal(data)]),
        );
        if (failed) return failed;
        stored.modal = data as unknown as APIModalInteractionResponseCallbackData;
        break;
      }
      default:
        return fail(400, INVALID_FORM_BODY, "Invalid Form Body");
    }
    stored.callbacks.push({ type, atMs: elapsed, data: body.data ?? null });
    if (ctx.query.get("with_response") !== "true") return { status: 204 };
    const response: RESTPostAPIInteractionCallbackWithResponseResult = {
      interaction: {
        id: handle.id,
        type: handle.type,
        ...(message
          ? {
              response_message_id: message.message.id,
              response_message_loading: ((message.message.flags ?? 0) & MessageFlags.Loading) !== 0,
              response_message_ephemeral: message.ephemeral,
            }
          : {}),
      },
      resource: {
        type,
        ...(message && type !== InteractionResponseType.DeferredMessageUpdate
          ? { message: this.#apiMessage(message) }
          : {}),
      },
    };
    return ok(response);
  }

  #callbackTypeAllowed(stored: StoredInteraction, type: InteractionResponseType): boolean {
    const handle = stored.handle;
    switch (handle.type) {
      case InteractionType.ApplicationCommand:
        return [
          InteractionResponseType.ChannelMessageWithSource,
          InteractionResponseType.DeferredChannelMessageWithSource,
          InteractionResponseType.Modal,
        ].includes(type);
      case InteractionType.MessageComponent:
        return [
          InteractionResponseType.ChannelMessageWithSource,
          InteractionResponseType.DeferredChannelMessageWithSource,
          InteractionResponseType.DeferredMessageUpdate,
          InteractionResponseType.UpdateMessage,
          InteractionResponseType.Modal,
        ].includes(type);
      case InteractionType.ApplicationCommandAutocomplete:
        return type === InteractionResponseType.ApplicationCommandAutocompleteResult;
      case InteractionType.ModalSubmit:
        return [
          InteractionResponseType.ChannelMessageWithSource,
          InteractionResponseType.DeferredChannelMessageWithSource,
          ...(handle.messageId
            ? [InteractionResponseType.DeferredMessageUpdate, InteractionResponseType.UpdateMessage]
            : []),
        ].includes(type);
      default:
        return false;
    }
  }

  #webhookInteraction(ctx: Context): StoredInteraction | Result {
    const [appId, token] = ctx.params as [string, string];
    if (appId !== this.#world.applicationId) {
      this.#violation(
        ctx,
        "payload",
        `webhook id ${appId} is not the application id ${this.#world.applicationId}`,
      );
      return fail(404, 10015, "Unknown Webhook");
    }
    const stored = this.#world.interactionsByToken.get(token);
    if (!stored) return fail(401, 50027, "Invalid Webhook Token");
    ctx.interaction = stored;
    if (performance.now() - stored.handle.dispatchedAt > this.#options.tokenLifetimeMs) {
      this.#violation(
        ctx,
        "expired-token",
        `interaction token of ${stored.handle.name} used after it expired`,
      );
      return fail(401, 50027, "Invalid Webhook Token");
    }
    return stored;
  }

  #followUp(ctx: Context): Result {
    const stored = this.#webhookInteraction(ctx);
    if (!("handle" in stored)) return stored;
    if (stored.callbacks.length === 0) {
      this.#violation(ctx, "followup-before-ack", `follow-up for ${stored.handle.name} before any callback`);
      return fail(404, 10015, "Unknown Webhook");
    }
    const payload = isObject(ctx.body) ? ctx.body : {};
    const original = this.#world.messages.get(stored.originalMessageId ?? "");
    const wait = ctx.query.get("wait") === "true";
    // After a deferred reply, Discord turns the first follow-up into the content of the "thinking" message.
    if (original && !original.deleted && (original.message.flags ?? 0) & MessageFlags.Loading) {
      const problem = this.#checkOutgoing(ctx, payload, {
        isEdit: false,
        ephemeralAllowed: true,
        existing: null,
      });
      if (problem) return problem;
      if (((payload.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral && !original.ephemeral) {
        this.#violation(
          ctx,
          "payload",
          "ephemeral follow-up after a public deferReply: it fills the public deferred message (flag ignored)",
        );
      }
      const failed = this.#issuesResult(ctx, editMessage(this.#world, original, payload, ctx.files));
      if (failed) return failed;
      this.#announce("MESSAGE_UPDATE", original);
      return wait ? ok(this.#apiMessage(original)) : { status: 204 };
    }
    const problem = this.#checkOutgoing(ctx, payload, {
      isEdit: false,
      ephemeralAllowed: true,
      existing: null,
    });
    if (problem) return problem;
    const ephemeral = ((payload.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral;
    const channel = this.#world.channels.get(stored.handle.channelId)!;
    const built = createMessage(
      this.#world,
      channel,
      payload,
      ctx.files,
      this.#responseOrigin(stored, !!ephemeral, false),
    );
    if (!built.ok) return this.#issuesResult(ctx, built.issues)!;
    stored.followUpIds.push(built.stored.message.id);
    this.#announce("MESSAGE_CREATE", built.stored);
    return wait ? ok(this.#apiMessage(built.stored)) : { status: 204 };
  }

  #webhookMessage(ctx: Context): Result {
    const stored = this.#webhookInteraction(ctx);
    if (!("handle" in stored)) return stored;
    const which = ctx.params[2]!;
    const messageId = which === "@original" ? stored.originalMessageId : which;
    const owned =
      messageId !== null &&
      (messageId === stored.originalMessageId || stored.followUpIds.includes(messageId));
    const target = owned ? this.#world.messages.get(messageId) : undefined;
    if (!target || target.deleted) {
      if (which === "@original" && stored.callbacks.length === 0) {
        this.#violation(
          ctx,
          "edit-before-ack",
          `${ctx.method} @original of ${stored.handle.name} before any callback`,
        );
      }
      return unknownMessage();
    }
    if (ctx.method === "GET") return ok(this.#apiMessage(target));
    if (ctx.method === "DELETE") {
      target.deleted = true;
      this.#announceDelete(target);
      return { status: 204 };
    }
    const payload = isObject(ctx.body) ? ctx.body : {};
    const problem = this.#checkOutgoing(ctx, payload, {
      isEdit: true,
      ephemeralAllowed: true,
      existing: target,
    });
    if (problem) return problem;
    if (((payload.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral && !target.ephemeral) {
      this.#violation(
        ctx,
        "payload",
        "EPHEMERAL flag on an edit of a public message is ignored (it stays public)",
      );
    }
    const failed = this.#issuesResult(ctx, editMessage(this.#world, target, payload, ctx.files));
    if (failed) return failed;
    this.#announce("MESSAGE_UPDATE", target);
    return ok(this.#apiMessage(target));
  }

  // ---- channels and messages -----------------------------------------------------------------

  #channel(id: string): StoredChannel | null {
    const channel = this.#world.channels.get(id);
    return channel && !channel.deleted ? channel : null;
  }

  #botCan(channel: StoredChannel, permission: bigint): boolean {
    return (this.#world.channelPermissions(channel, this.#world.botUser.id) & permission) === permission;
  }

  #getChannel(ctx: Context): Result {
    const channel = this.#channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    if (channel.guildId && !this.#botCan(channel, PermissionFlagsBits.ViewChannel)) {
      return fail(403, 50001, "Missing Access");
    }
    return ok(channel.channel);
  }

  #patchChannel(ctx: Context): Result {
    const channel = this.#channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    const problem = this.#issuesResult(ctx, this.#bodyIssues(ctx));
    if (problem) return problem;
    const body = isObject(ctx.body) ? ctx.body : {};
    const target = channel.channel as APIThreadChannel & { name?: string };
    if (this.#world.isThread(channel)) {
      const owner = target.owner_id === this.#world.botUser.id;
      if (!owner && !this.#botCan(channel, PermissionFlagsBits.ManageThreads)) return missingPermissions();
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
      this.#gateway.broadcast("THREAD_UPDATE", channel.channel, GatewayIntentBits.Guilds);
      return ok(channel.channel);
    }
    if (!this.#botCan(channel, PermissionFlagsBits.ManageChannels)) return missingPermissions();
    if (typeof body.name === "string") target.name = body.name;
    this.#gateway.broadcast("CHANNEL_UPDATE", channel.channel, GatewayIntentBits.Guilds);
    return ok(channel.channel);
  }

  #deleteChannel(ctx: Context): Result {
    const channel = this.#channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    const thread = this.#world.isThread(channel);
    const permission = thread ? PermissionFlagsBits.ManageThreads : PermissionFlagsBits.ManageChannels;
    if (!this.#botCan(channel, permission)) return missingPermissions();
    channel.deleted = true;
    if (thread) {
      const data = channel.channel as APIThreadChannel;
      this.#gateway.broadcast(
        "THREAD_DELETE",
        { id: data.id, type: data.type, guild_id: channel.guildId, parent_id: data.parent_id },
        GatewayIntentBits.Guilds,
      );
    }
    return ok(channel.channel);
  }

  #listMessages(ctx: Context): Result {
    const channel = this.#channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    if (channel.guildId && !this.#botCan(channel, PermissionFlagsBits.ReadMessageHistory)) {
      return fail(403, 50001, "Missing Access");
    }
    const limit = Math.min(100, Math.max(1, Number(ctx.query.get("limit") ?? 50) || 50));
    const before = ctx.query.get("before");
    const after = ctx.query.get("after");
    let list = this.#world
      .orderedMessages(
        (stored) => stored.message.channel_id === channel.channel.id && !stored.ephemeral && !stored.deleted,
      )
      .map((stored) => stored.message);
    if (before) list = list.filter((message) => BigInt(message.id) < BigInt(before));
    if (after) list = list.filter((message) => BigInt(message.id) > BigInt(after));
    // Discord returns newest first; `after` pages from the oldest side.
    const page = after ? list.slice(0, limit) : list.slice(-limit);
    return ok(page.reverse().map((message) => structuredClone(message)));
  }

  #postMessage(ctx: Context): Result {
    const channel = this.#channel(ctx.params[0]!);
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
      if (!this.#botCan(channel, needed)) return missingPermissions();
      if (thread) {
        const metadata = (channel.channel as APIThreadChannel).thread_metadata!;
        if (metadata.locked && !this.#botCan(channel, PermissionFlagsBits.ManageThreads))
          return missingPermissions();
        metadata.archived = false;
      }
    }
    const problem = this.#checkOutgoing(ctx, payload, {
      isEdit: false,
      ephemeralAllowed: false,
      existing: null,
    });
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
    if (!built.ok) return this.#issuesResult(ctx, built.issues)!;
    if (referenced) built.stored.message.referenced_message = structuredClone(referenced.message);
    this.#announce("MESSAGE_CREATE", built.stored);
    return ok(this.#apiMessage(built.stored));
  }

  #channelMessage(ctx: Context): Result {
    const channel = this.#channel(ctx.params[0]!);
    if (!channel) return unknownChannel();
    const target = this.#world.messages.get(ctx.params[1]!);
    // Ephemeral messages exist only behind their interaction token, as on Discord.
    if (!target || target.deleted || target.ephemeral || target.message.channel_id !== channel.channel.id) {
      return unknownMessage();
    }
    if (ctx.method === "GET") return ok(this.#apiMessage(target));
    if (ctx.method === "DELETE") {
      target.deleted = true;
      this.#announceDelete(target);
      return { status: 204 };
    }
    if (target.message.author.id !== this.#world.botUser.id) {
      return fail(403, 50005, "Cannot edit a message authored by another user");
    }
    const payload = isObject(ctx.body) ? ctx.body : {};
    const problem = this.#checkOutgoing(ctx, payload, {
      isEdit: true,
      ephemeralAllowed: false,
      existing: target,
    });
    if (problem) return problem;
    const failed = this.#issuesResult(ctx, editMessage(this.#world, target, payload, ctx.files));
    if (failed) return failed;
    this.#announce("MESSAGE_UPDATE", target);
    return ok(this.#apiMessage(target));
  }

  #createThread(ctx: Context, messageId: string | null): Result {
    const parent = this.#channel(ctx.params[0]!);
    if (!parent) return unknownChannel();
    if (
      parent.channel.type !== ChannelType.GuildText &&
      parent.channel.type !== ChannelType.GuildAnnouncement
    ) {
      return fail(400, 50024, "Cannot execute action on this channel type");
    }
    const problem = this.#issuesResult(ctx, [
      ...this.#bodyIssues(ctx),
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
      if (!this.#botCan(parent, PermissionFlagsBits.CreatePublicThreads)) return missingPermissions();
      id = messageId;
    } else {
      type = body.type as ChannelType.PublicThread | ChannelType.PrivateThread;
      const needed =
        type === ChannelType.PublicThread
          ? PermissionFlagsBits.CreatePublicThreads
          : PermissionFlagsBits.CreatePrivateThreads;
      if (!this.#botCan(parent, needed)) return missingPermissions();
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
    this.#gateway.broadcast(
      "THREAD_CREATE",
      { ...thread.channel, newly_created: true },
      GatewayIntentBits.Guilds,
    );
    return ok(thread.channel, 201);
  }

  #threadMember(ctx: Context): Result {
    const thread = this.#channel(ctx.params[0]!);
    if (!thread || !this.#world.isThread(thread)) return unknownChannel();
    const userId = ctx.params[1] === "@me" ? this.#world.botUser.id : ctx.params[1]!;
    const guild = this.#world.guilds.get(thread.guildId ?? "");
    if (!guild?.members.has(userId)) return fail(404, 10007, "Unknown Member");
    if (ctx.method === "PUT") thread.threadMembers.add(userId);
    else thread.threadMembers.delete(userId);
    (thread.channel as APIThreadChannel).member_count = thread.threadMembers.size;
    return { status: 204 };
  }

  // ---- guilds --------------------------------------------------------------------------------

  #getGuild(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    if (!guild) return fail(404, 10004, "Unknown Guild");
    const counts =
      ctx.query.get("with_counts") === "true"
        ? { approximate_member_count: guild.members.size, approximate_presence_count: 0 }
        : {};
    return ok({ ...this.#world.apiGuild(guild), ...counts });
  }

  #guildChannels(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    if (!guild) return fail(404, 10004, "Unknown Guild");
    return ok(
      guild.channelIds
        .map((id) => this.#world.channels.get(id)!)
        .filter((channel) => !channel.deleted)
        .map((channel) => channel.channel),
    );
  }

  #guildRoles(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    return guild ? ok(guild.roles) : fail(404, 10004, "Unknown Guild");
  }

  #getMember(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    if (!guild) return fail(404, 10004, "Unknown Guild");
    const member = guild.members.get(ctx.params[1]!);
    return member ? ok(this.#world.apiMember(member)) : fail(404, 10007, "Unknown Member");
  }
}

export function newInteractionToken(): string {
  return `aW50ZXJhY3Rpb24${randomBytes(48).toString("base64url")}`;
}
