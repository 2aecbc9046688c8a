import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { Locale } from "discord-api-types/v10";
import { packageRoot } from "../bot-process.js";
import {
  BotProcess,
  DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorGuild,
  type MessageView,
  type SlashOptions,
  type WorldChange,
} from "../index.js";

export interface PlaygroundOptions {
  port: number;
  host: string;
  /** Holds playground.sqlite (the bot's) and playground-discord.json (the emulated Discord's world). */
  dataDir: string;
  /** Where the playground reports trouble (the bot stopping, a failed request); default console.error. */
  log?: (line: string) => void;
}

export interface Playground {
  url: string;
  /** The emulated Discord the page and the bot share (tests post to it as the bot, read it back). */
  discord: DiscordEmulator;
  stop(): Promise<void>;
}

export const GUILD_NAME = "Card Club";
export const CHANNEL_NAMES = ["general", "games", "lounge"] as const;
/** The members to switch between; Dan's Discord app is in Dutch, so the bot answers him in Dutch. */
export const MEMBERS: readonly { name: string; manageGuild: boolean; locale?: Locale }[] = [
  { name: "Alice", manageGuild: true },
  { name: "Bob", manageGuild: false },
  { name: "Cleo", manageGuild: false },
  { name: "Dan", manageGuild: false, locale: Locale.Dutch },
  { name: "Eve", manageGuild: false },
];

/** Larger bodies are refused: every API request is a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;
/** Comments on the event stream keep proxies and browsers from closing an idle connection. */
const KEEP_ALIVE_MS = 15_000;
/** How long an action waits for the bot's answer before it reports that the bot did not respond. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Changes this close together reach the page as one event per channel. */
const EVENT_BATCH_MS = 25;

const SNOWFLAKE = /^\d{1,25}$/;
/** Discord's rule for command, subcommand and option names. */
const COMMAND_NAME = /^[-_\p{L}\p{N}]{1,32}$/u;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

const PAGE_FILES: Record<string, { file: string; contentType: string }> = {
  "/": { file: "index.html", contentType: "text/html; charset=utf-8" },
  "/index.html": { file: "index.html", contentType: "text/html; charset=utf-8" },
  "/style.css": { file: "style.css", contentType: "text/css; charset=utf-8" },
  "/words.json": { file: "words.json", contentType: "application/json; charset=utf-8" },
};
/** The page's scripts: app.js and the ES modules it imports, by a bare name, so nothing outside the page folder. */
const PAGE_SCRIPT = /^\/[A-Za-z][\w-]*\.js$/;

/** The page folder's file a path asks for, if any. */
function pageFile(pathname: string): { file: string; contentType: string } | undefined {
  if (PAGE_SCRIPT.test(pathname))
    return { file: pathname.slice(1), contentType: "text/javascript; charset=utf-8" };
  return PAGE_FILES[pathname];
}

const PAGE_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const PAGE_DIR = join(packageRoot(), "src", "playground", "page");

/** A request the API refuses; `status` defaults to 400. */
class RequestError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

interface PlaygroundMember {
  id: string;
  name: string;
  manageGuild: boolean;
  /** The Discord app's language, when not English: the page shows commands in it. */
  locale: Locale | null;
}

/**
 * The playground: the emulated Discord (kept in `dataDir`), the real bot process connected to it,
 * and a web server with the page and the API the page uses to act as the guild's members.
 */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const log = options.log ?? ((line: string) => console.error(line));
  const dataDir = resolve(options.dataDir);
  let api: PlaygroundApi | null = null;
  // Listening first: a port in use fails at once, before anything else starts.
  const server = createServer((req, res) =>
    api
      ? void api.handle(req, res)
      : json(res, 503, { ok: false, error: "The playground is starting; try again in a moment." }),
  );
  await new Promise<void>((listening, failed) => {
    server.once("error", failed);
    server.listen(options.port, options.host, () => listening());
  });
  const port = (server.address() as AddressInfo).port;
  let emulator: DiscordEmulator | null = null;
  let bot: BotProcess | null = null;
  try {
    mkdirSync(dataDir, { recursive: true });
    emulator = new DiscordEmulator({ statePath: join(dataDir, "playground-discord.json") });
    await emulator.start();
    const { guild, members } = furnish(emulator);
    bot = new BotProcess({
      emulator,
      guildId: guild.id,
      databasePath: join(dataDir, "playground.sqlite"),
      echo: false,
    });
    await startBot(emulator, bot);
    api = new PlaygroundApi(emulator, bot, guild, members, allowedHosts(options.host, port), log);
  } catch (error) {
    await bot?.kill("SIGTERM");
    await emulator?.stop();
    server.close();
    throw error;
  }
  // Constants: stop() runs later, where the narrowing of these variables no longer holds.
  const [running, discord, serving] = [bot, emulator, api];
  let stopping: Promise<void> | null = null;
  return {
    url: `http://${urlHost(options.host)}:${port}`,
    discord,
    stop() {
      stopping ??= (async () => {
        // No new connections; the open event streams end so the server can close.
        const closed = new Promise<void>((done) => server.close(() => done()));
        serving.close();
        await running.kill("SIGTERM");
        await discord.stop();
        server.closeAllConnections();
        await closed;
      })();
      return stopping;
    },
  };
}

/** The guild, its channels and members: created on the first run, found again in a restored world. */
function furnish(emulator: DiscordEmulator): { guild: EmulatorGuild; members: PlaygroundMember[] } {
  const guild =
    emulator.guilds().find((candidate) => candidate.name === GUILD_NAME) ??
    emulator.createGuild(GUILD_NAME, { members: [] });
  const channels = new Set(emulator.channels(guild).map((channel) => channel.name));
  for (const name of CHANNEL_NAMES) if (!channels.has(name)) emulator.createChannel(guild, name);
  const existing = emulator.members(guild).filter((member) => !member.bot && !member.owner);
  const members = MEMBERS.map(({ name, manageGuild, locale }) => {
    const found = existing.find((member) => member.name === name);
    const id = found?.id ?? emulator.createUser(name, { manageGuild, guilds: [guild], locale }).id;
    // A world saved before its members had languages gets them now.
    emulator.setUserLocale(id, locale ?? null);
    return { id, name, manageGuild, locale: locale ?? null };
  });
  return { guild, members };
}

/** Starts the bot and waits until it is connected and has registered its commands in this run. */
async function startBot(emulator: DiscordEmulator, bot: BotProcess): Promise<void> {
  const since = Date.now();
  await bot.start();
  try {
    await emulator.waitForBotReady({ bot, after: since, timeoutMs: 30_000 });
    // A restored world already lists the commands of the last run: wait for this run's registration.
    await emulator.waitFor(
      () => {
        if (!bot.running) throw new Error("the bot process stopped");
        if (bot.lines.some((line) => line.text.includes("could not register")))
          throw new Error("the bot could not register its commands");
        return bot.lines.some((line) => /registered \d+ commands/.test(line.text));
      },
      30_000,
      "the bot to register its commands",
    );
  } catch (error) {
    const output = bot.output();
    await bot.kill("SIGTERM");
    const message = (error as Error).message;
    throw new Error(
      message.includes(output) ? message : `${message}\nThe bot's output:\n${output || "(none)"}`,
    );
  }
}

/** Names the browser may use for this server: only loopback ones when it listens on loopback. */
function allowedHosts(host: string, port: number): Set<string> | null {
  if (!LOOPBACK_HOSTS.has(host)) return null;
  return new Set(["127.0.0.1", "localhost", "[::1]"].map((name) => `${name}:${port}`));
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/** The page's JSON API and event stream over the emulator's test API. */
class PlaygroundApi {
  readonly #emulator: DiscordEmulator;
  readonly #bot: BotProcess;
  readonly #guild: EmulatorGuild;
  readonly #members: Map<string, PlaygroundMember>;
  readonly #log: (line: string) => void;
  readonly #streams = new Set<ServerResponse>();
  readonly #pending = new Set<string>();
  #worldChanged = false;
  #batch: NodeJS.Timeout | null = null;
  readonly #botWatch: NodeJS.Timeout;
  readonly #unsubscribe: () => void;

  constructor(
    emulator: DiscordEmulator,
    bot: BotProcess,
    guild: EmulatorGuild,
    members: PlaygroundMember[],
    /** Host headers accepted (null: any), against pages of other sites reaching a local server by DNS tricks. */
    readonly allowedHosts: Set<string> | null,
    log: (line: string) => void,
  ) {
    this.#emulator = emulator;
    this.#bot = bot;
    this.#guild = guild;
    this.#members = new Map(members.map((member) => [member.id, member]));
    this.#log = log;
    this.#unsubscribe = emulator.onChange((change) => this.#queue(change));
    this.#botWatch = setInterval(() => this.#reportBotStop(), 1000).unref();
  }

  close(): void {
    this.#unsubscribe();
    clearInterval(this.#botWatch);
    if (this.#batch) clearTimeout(this.#batch);
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (this.allowedHosts && !this.allowedHosts.has(req.headers.host ?? ""))
        throw new RequestError(`This playground answers only to ${[...this.allowedHosts][0]}.`, 403);
      const url = new URL(req.url ?? "/", "http://playground.invalid");
      const method = req.method ?? "GET";
      const page = pageFile(url.pathname);
      if (page && method === "GET") return await this.#page(res, page.file, page.contentType);
      if (url.pathname === "/api/events" && method === "GET") return this.#events(req, res);
      if (method === "GET") return this.#get(url, res);
      if (method === "POST") return await this.#post(req, url, res);
      throw new RequestError(`${method} is not supported here.`, 405);
    } catch (error) {
      if (error instanceof RequestError) {
        if (error.status === 413) res.setHeader("connection", "close");
        return json(res, error.status, { ok: false, error: error.message });
      }
      this.#log(`playground: ${req.method} ${req.url} failed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) json(res, 500, { ok: false, error: "The playground failed; see its console." });
      else res.end();
    }
  }

  async #page(res: ServerResponse, file: string, contentType: string): Promise<void> {
    // Read on every request: an edited page shows after a reload, without a restart.
    const body = await readFile(join(PAGE_DIR, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT")
        throw new RequestError(`The page's ${file} is missing from ${PAGE_DIR}.`, 404);
      throw error;
    });
    res.writeHead(200, {
      "content-type": contentType,
      "content-length": body.length,
      "cache-control": "no-cache",
      "content-security-policy": PAGE_POLICY,
      "x-content-type-options": "nosniff",
    });
    res.end(body);
  }

  #get(url: URL, res: ServerResponse): void {
    const attachment = /^\/api\/attachments\/(\d{1,25})\/([^/]+)$/.exec(url.pathname);
    if (url.pathname === "/api/world") json(res, 200, this.#world());
    else if (url.pathname === "/api/commands") {
      const as = this.#member(url.searchParams.get("as"));
      const channel = this.#channel(url.searchParams.get("channel"));
      json(res, 200, { commands: this.#emulator.commandsFor(as.id, channel) });
    } else if (url.pathname === "/api/messages") {
      const as = this.#member(url.searchParams.get("as"));
      const channel = url.searchParams.get("channel");
      const messages =
        channel === "dm"
          ? this.#emulator.dmMessages(as.id)
          : this.#channelMessages(this.#channel(channel), as);
      json(res, 200, { messages: messages.map((message) => playgroundMessage(message, as.id)) });
    } else if (attachment)
      this.#attachment(res, attachment[1]!, attachment[2]!, this.#member(url.searchParams.get("as")));
    else throw new RequestError(`Nothing at ${url.pathname}.`, 404);
  }

  async #post(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    const action = url.pathname;
    if (!["/api/slash", "/api/autocomplete", "/api/click", "/api/select"].includes(action))
      throw new RequestError(`Nothing to post to at ${action}.`, 404);
    // A page of another site may post only "simple" requests, never JSON, without CORS (which this server never allows).
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${req.headers.host}`)
      throw new RequestError("Requests from other sites are refused.", 403);
    if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json"))
      throw new RequestError("Send the request as JSON (Content-Type: application/json).");
    const body = await readJsonBody(req);
    if (!this.#bot.running) throw new RequestError("The bot has stopped; see the playground's console.", 503);
    switch (action) {
      case "/api/slash":
        return json(res, ...(await this.#slash(body)));
      case "/api/autocomplete":
        return json(res, 200, await this.#autocomplete(body));
      case "/api/click":
        return json(res, ...(await this.#click(body)));
      default:
        return json(res, ...(await this.#select(body)));
    }
  }

  #world() {
    return {
      guilds: [{ id: this.#guild.id, name: this.#guild.name, channels: this.#channels() }],
      members: [...this.#members.values()],
    };
  }

  /** The guild's text channels, each followed by its threads. */
  #channels() {
    return this.#emulator.channels(this.#guild).flatMap((channel) => [
      { id: channel.id, name: channel.name, kind: "text" as const, parentId: null },
      ...this.#emulator.threads(channel).map((thread) => ({
        id: thread.id,
        name: thread.name,
        kind: "thread" as const,
        parentId: channel.id,
      })),
    ]);
  }

  /** The channel's public messages and those only `as` sees, oldest first. */
  #channelMessages(channelId: string, as: PlaygroundMember): MessageView[] {
    const own = this.#emulator.ephemeralsFor(as.id).filter((message) => message.channelId === channelId);
    return [...this.#emulator.channelMessages(channelId), ...own].sort((a, b) =>
      BigInt(a.id) < BigInt(b.id) ? -1 : 1,
    );
  }

  /** A file of a message `as` can see: a hand drawn in someone else's ephemeral panel is not theirs to fetch. */
  #attachment(res: ServerResponse, messageId: string, encodedName: string, as: PlaygroundMember): void {
    const message = this.#emulator.message(messageId);
    const visible =
      message &&
      !message.deleted &&
      ((message.guildId === this.#guild.id && (!message.ephemeral || message.audienceUserId === as.id)) ||
        this.#emulator.dmMessages(as.id).some((dm) => dm.id === message.id));
    if (!visible) throw new RequestError(`Message ${messageId} has no file for ${as.name}.`, 404);
    let filename: string;
    try {
      filename = decodeURIComponent(encodedName);
    } catch {
      throw new RequestError("The file name is not valid.");
    }
    // A message's own file, or one it shows by the address of another message's file (a panel
    // showing the table's picture), to whoever may read this message.
    const linked = message.attachments.find((a) => a.linked && a.filename === filename && a.data.length > 0);
    const file =
      this.#emulator.attachment(messageId, filename) ??
      (linked && { bytes: linked.data, contentType: linked.contentType ?? "application/octet-stream" });
    if (!file) throw new RequestError(`Message ${messageId} has no file ${filename}.`, 404);
    res.writeHead(200, {
      "content-type": file.contentType,
      "content-length": file.bytes.length,
      "cache-control": "private, max-age=3600",
      // Files are shown, never run, whatever the bot claims they are.
      "content-security-policy": "sandbox",
      "x-content-type-options": "nosniff",
    });
    res.end(file.bytes);
  }

  async #slash(body: Record<string, unknown>): Promise<[number, unknown]> {
    fields(body, ["as", "channel", "command", "group", "sub", "options"]);
    const as = this.#member(body.as);
    const channel = this.#channel(body.channel);
    const command = this.#command(body);
    const options = slashOptions(body.options);
    return this.#act(() => this.#emulator.slash(as.id, channel, command.name, options, command.path));
  }

  async #autocomplete(body: Record<string, unknown>): Promise<unknown> {
    fields(body, ["as", "channel", "command", "group", "sub", "options", "focused"]);
    const as = this.#member(body.as);
    const channel = this.#channel(body.channel);
    const command = this.#command(body);
    if (typeof body.focused !== "string" || !COMMAND_NAME.test(body.focused))
      throw new RequestError("focused must name the option being typed in.");
    const { [body.focused]: typed, ...options } = slashOptions(body.options);
    const focused = { name: body.focused, value: typed === undefined ? "" : String(typed) };
    const interaction = await this.#dispatch(() =>
      this.#emulator.autocomplete(as.id, channel, command.name, focused, options, command.path),
    );
    const responses = await this.#emulator
      .waitForResponse(interaction, { timeoutMs: ANSWER_TIMEOUT_MS, until: (r) => r.acked })
      .catch(() => null);
    return { choices: responses?.choices ?? [] };
  }

  async #click(body: Record<string, unknown>): Promise<[number, unknown]> {
    fields(body, ["as", "message", "customId"]);
    const as = this.#member(body.as);
    const message = this.#message(body.message, as);
    const customId = text(body.customId, "customId", 100);
    return this.#act(() => this.#emulator.click(as.id, message, customId));
  }

  async #select(body: Record<string, unknown>): Promise<[number, unknown]> {
    fields(body, ["as", "message", "customId", "values"]);
    const as = this.#member(body.as);
    const message = this.#message(body.message, as);
    const customId = text(body.customId, "customId", 100);
    if (!Array.isArray(body.values) || body.values.length > 25)
      throw new RequestError("values must be a list of at most 25 choices.");
    const values = body.values.map((value) => text(value, "each value", 100));
    return this.#act(() => this.#emulator.select(as.id, message, customId, values));
  }

  /** Sends the interaction and waits for the bot's answer, as a Discord client would. */
  async #act(send: () => Promise<EmulatedInteraction>): Promise<[number, unknown]> {
    const interaction = await this.#dispatch(send);
    await this.#emulator.waitForResponse(interaction, { timeoutMs: ANSWER_TIMEOUT_MS }).catch(() => null);
    const responses = this.#emulator.responsesTo(interaction);
    if (!responses.acked) return [504, { ok: false, error: "The bot did not respond." }];
    return [200, { ok: true }];
  }

  /** The emulator refuses what a Discord client could not send: its reason is the answer. */
  async #dispatch(send: () => Promise<EmulatedInteraction>): Promise<EmulatedInteraction> {
    try {
      return await send();
    } catch (error) {
      throw new RequestError((error as Error).message);
    }
  }

  #member(value: unknown): PlaygroundMember {
    const member = typeof value === "string" ? this.#members.get(value) : undefined;
    if (!member) {
      const known = [...this.#members.values()].map(({ id, name }) => `${name} (${id})`).join(", ");
      throw new RequestError(`Unknown member ${JSON.stringify(value ?? null)}: act as one of ${known}.`);
    }
    return member;
  }

  /** A text channel or thread of the playground's guild. */
  #channel(value: unknown): string {
    const found =
      typeof value === "string" ? this.#channels().find((channel) => channel.id === value) : undefined;
    if (!found) throw new RequestError(`Unknown channel ${JSON.stringify(value ?? null)}.`);
    return found.id;
  }

  /** A message `as` can see: in the guild, or in their own DMs. */
  #message(value: unknown, as: PlaygroundMember): string {
    const message = typeof value === "string" && SNOWFLAKE.test(value) ? this.#emulator.message(value) : null;
    const visible =
      message &&
      !message.deleted &&
      (message.guildId === this.#guild.id ||
        this.#emulator.dmMessages(as.id).some((dm) => dm.id === message.id));
    if (!visible) throw new RequestError(`Unknown message ${JSON.stringify(value ?? null)}.`);
    return message.id;
  }

  #command(body: Record<string, unknown>): { name: string; path: string | undefined } {
    const name = commandName(body.command, "command");
    const group = body.group == null || body.group === "" ? null : commandName(body.group, "group");
    const sub = body.sub == null || body.sub === "" ? null : commandName(body.sub, "sub");
    if (group && !sub) throw new RequestError("A subcommand group needs a subcommand (sub).");
    const path = [group, sub].filter((part) => part !== null).join(" ");
    return { name, path: path || undefined };
  }

  #events(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    res.write("retry: 2000\n\n");
    this.#streams.add(res);
    const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    const forget = () => {
      clearInterval(keepAlive);
      this.#streams.delete(res);
    };
    req.once("close", forget);
    res.once("close", forget);
  }

  #queue(change: WorldChange): void {
    if (change.kind === "world") this.#worldChanged = true;
    else this.#pending.add(change.channelId);
    this.#batch ??= setTimeout(() => this.#flush(), EVENT_BATCH_MS);
  }

  #flush(): void {
    this.#batch = null;
    let events = this.#worldChanged ? "event: world\ndata: {}\n\n" : "";
    for (const channelId of this.#pending)
      events += `event: change\ndata: ${JSON.stringify({ channelId })}\n\n`;
    this.#worldChanged = false;
    this.#pending.clear();
    for (const stream of this.#streams) stream.write(events);
  }

  /** The bot only stops on its own when something is badly wrong: its last words help. */
  #reportBotStop(): void {
    if (this.#bot.running) return;
    clearInterval(this.#botWatch);
    const last = this.#bot.lines.slice(-30).map((line) => `  ${line.text}`);
    this.#log(
      `The bot process stopped (${JSON.stringify(this.#bot.lastExit)}). Its last lines:\n${last.join("\n")}`,
    );
  }
}

/** The message as the page shows it (the contract's PlaygroundMessage). */
function playgroundMessage(message: MessageView, as: string) {
  return {
    id: message.id,
    channelId: message.channelId,
    content: message.content,
    // What a reader reads in words (a Components V2 message keeps them in its text displays).
    text: message.text,
    componentsV2: message.componentsV2,
    ephemeral: message.ephemeral,
    loading: message.loading,
    edited: message.editedAt !== null,
    threadId: message.threadId,
    components: message.components,
    embeds: message.embeds,
    attachments: message.attachments.map((attachment) => ({
      // Components V2 media items name their attachment by this id.
      id: attachment.id,
      filename: attachment.filename,
      url: `/api/attachments/${message.id}/${encodeURIComponent(attachment.filename)}?as=${as}`,
      contentType: attachment.contentType,
      // The picture's alt text, as Discord gives an image its description.
      description: attachment.description,
      width: attachment.width,
      height: attachment.height,
    })),
    authorIsBot: message.raw.author.bot === true,
    interactionUserId: message.raw.interaction_metadata?.user.id ?? null,
    mentions: message.mentions,
  };
}

async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES)
    throw new RequestError(`The body is larger than ${MAX_BODY_BYTES / 1024} KB.`, 413);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new RequestError(`The body is larger than ${MAX_BODY_BYTES / 1024} KB.`, 413);
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new RequestError("The body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new RequestError("The body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** Unknown fields are refused: a misspelt one would otherwise be silently ignored. */
function fields(body: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new RequestError(`Unknown field ${unknown.join(", ")} (allowed: ${allowed.join(", ")}).`);
}

function text(value: unknown, name: string, maxLength: number): string {
  if (typeof value !== "string" || value.length === 0 || value.length > maxLength)
    throw new RequestError(`${name} must be a text of 1 to ${maxLength} characters.`);
  return value;
}

function commandName(value: unknown, name: string): string {
  if (typeof value !== "string" || !COMMAND_NAME.test(value))
    throw new RequestError(`${name} must be a command name (letters, digits, - and _; at most 32).`);
  return value;
}

function slashOptions(value: unknown): SlashOptions {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new RequestError("options must be an object of option name to value.");
  const entries = Object.entries(value);
  if (entries.length > 25) throw new RequestError("A command has at most 25 options.");
  const options: SlashOptions = {};
  for (const [name, option] of entries) {
    if (!COMMAND_NAME.test(name)) throw new RequestError(`${JSON.stringify(name)} is not an option name.`);
    const valid =
      typeof option === "boolean" ||
      (typeof option === "number" && Number.isFinite(option)) ||
      (typeof option === "string" && option.length <= 6000);
    if (!valid) throw new RequestError(`Option ${name} must be a text, a number or true/false.`);
    options[name] = option as string | number | boolean;
  }
  return options;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(text);
}
