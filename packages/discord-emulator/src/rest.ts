import type { IncomingMessage, ServerResponse } from "node:http";
import type { Gateway } from "./gateway.js";
import { BodyError, parseBody, readRaw, sendEmpty, sendJson } from "./http-util.js";
import { INVALID_REQUEST_BAN } from "./ratelimit.js";
import { ChannelRoutes } from "./rest/channels.js";
import { CommandRoutes } from "./rest/commands.js";
import { GuildRoutes } from "./rest/guilds.js";
import { InteractionRoutes } from "./rest/interactions.js";
import { type Context, isObject, RestKit, type RestOptions, type Route } from "./rest/kit.js";
import { UserRoutes } from "./rest/users.js";
import type { StoredInteraction, World } from "./store.js";

/** The REST half of the emulator: routes under /api/v10 plus attachment downloads. */
export class RestApi {
  readonly #world: World;
  readonly #options: RestOptions;
  readonly #routes: Route[];

  constructor(world: World, gateway: Gateway, options: RestOptions) {
    this.#world = world;
    this.#options = options;
    const kit = new RestKit(world, gateway, options);
    this.#routes = [
      ...new UserRoutes(kit).routes(),
      ...new CommandRoutes(kit).routes(),
      ...new InteractionRoutes(kit).routes(),
      ...new ChannelRoutes(kit).routes(),
      ...new GuildRoutes(kit).routes(),
    ];
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = requestUrl(req.url ?? "/");
    const method = (req.method ?? "GET").toUpperCase();
    let path = url.pathname;
    let status = 500;
    let uploadBytes = 0;
    let ctx: Context | null = null;
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
      // The method compared first: a request's path is matched against its method's routes only.
      const route = this.#routes.find(
        (candidate) => candidate.method === method && candidate.pattern.test(path),
      );
      if (!route) {
        const known = this.#routes.some((candidate) => candidate.pattern.test(path));
        status = known ? this.#methodNotAllowed(method, path, res) : this.#unknown(method, path, res);
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
        fault.remaining--;
        fault.hold.held();
        if (!fault.hold.until) {
          status = 0;
          return;
        }
        await fault.hold.until;
      } else if (fault) {
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
      uploadBytes = parsed.files.reduce((sum, file) => sum + file.data.length, 0);
      ctx = {
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
      this.#world.requests.push({
        method,
        path,
        status,
        durationMs,
        at: Date.now(),
        uploadBytes,
        interactionId: ctx?.interaction?.handle.id ?? null,
      });
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
}

/** A path of plain segments (no dots) and a query: what the WHATWG parser would give back unchanged. */
const PLAIN_URL = /^(\/(?!\/)[A-Za-z0-9\-_~%@:/]*)(?:\?([^#]*))?$/;

/**
 * The request target's path and query. The bot's requests (undici's) come already normalized, so
 * they are split as they are rather than through the WHATWG parser on every request; anything else
 * (dot segments, characters it would encode) still goes through it.
 */
function requestUrl(target: string): { pathname: string; searchParams: URLSearchParams } {
  // An encoded dot may make a dot segment, which the parser resolves.
  const plain = /%2e/i.test(target) ? null : PLAIN_URL.exec(target);
  if (plain) return { pathname: plain[1]!, searchParams: new URLSearchParams(plain[2] ?? "") };
  return new URL(target, "http://localhost");
}
