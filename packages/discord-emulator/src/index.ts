import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type APIApplicationCommand,
  type APIThreadChannel,
  type APIUser,
  type Locale,
  PermissionFlagsBits,
  type RESTPutAPIApplicationCommandsJSONBody,
} from "discord-api-types/v10";
import { UserActions } from "./acting.js";
import { WAIT_LIMIT_MS } from "./bot-process.js";
import { requestChanges } from "./changes.js";
import { Gateway } from "./gateway.js";
import type { ModalFields, SlashOptions } from "./interactions.js";
import { guildOf, interactionOf, userOf } from "./lookup.js";
import type {
  ChannelOptions,
  ClickOptions,
  DiscordEmulatorOptions,
  GuildOptions,
  UserOptions,
  WaitForBotReadyOptions,
  WaitForResponseOptions,
} from "./options.js";
import { readSavedWorld, rebaseAttachmentUrls, restoreWorld, WorldFile } from "./persist.js";
import { RateLimiter, type RateLimitStats } from "./ratelimit.js";
import { progressOf, responsesOf, settled } from "./responses.js";
import { RestApi } from "./rest.js";
import { WorldSetup } from "./setup.js";
import { type StoredMessage, World } from "./store.js";
import {
  type AckLatency,
  type AnswerProgress,
  type DispatchRecord,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorMember,
  type EmulatorUser,
  type ErrorRecord,
  type GatewaySessionInfo,
  type InteractionResponses,
  type MessageView,
  type Ref,
  type RequestRecord,
  type RouteRecord,
  refId,
  type Violation,
  type WorldChange,
} from "./types.js";

export {
  type BotExit,
  BotProcess,
  type BotProcessOptions,
  DISCORD_ERROR_PATTERNS,
  type OutputLine,
  packageRoot,
  repoRoot,
  WAIT_LIMIT_MS,
} from "./bot-process.js";
export type { ModalFields, SlashOptions } from "./interactions.js";
export { componentsOf } from "./interactions.js";
export type {
  ChannelOptions,
  ClickOptions,
  DiscordEmulatorOptions,
  GuildOptions,
  UserOptions,
  WaitForBotReadyOptions,
  WaitForResponseOptions,
} from "./options.js";
export { partsOf } from "./parts.js";
export {
  INVALID_REQUEST_BAN,
  type LimitCount,
  type RateLimitOptions,
  type RateLimitStats,
} from "./ratelimit.js";
export * from "./types.js";
export type { Issue } from "./validation/issues.js";
export {
  type EditedMessage,
  MESSAGE_ROUTES,
  type MessageRoute,
  messageBodyIssues,
  type Upload,
} from "./validation/messageBody.js";

/**
 * A local Discord for end-to-end tests: REST under `${apiBase}/v10`, the gateway on the same port,
 * and a test API that plays users (slash commands, clicks, selects, modals) and reads back what
 * the bot did.
 */
export class DiscordEmulator {
  readonly #options: Required<
    Omit<
      DiscordEmulatorOptions,
      | "applicationId"
      | "token"
      | "log"
      | "recommendedShards"
      | "statePath"
      | "rateLimits"
      | "keptFilesPerChannel"
      | "interactionRecords"
      | "checkEvery"
    >
  > & {
    token: string | null;
  };
  readonly #world: World;
  readonly #gateway: Gateway;
  readonly #rest: RestApi;
  readonly #users: UserActions;
  readonly #setup: WorldSetup;
  readonly #rateLimiter: RateLimiter | null;
  readonly #file: WorldFile | null;
  readonly #changeListeners = new Set<(change: WorldChange) => void>();
  readonly #log: ((line: string) => void) | null;
  #server: Server | null = null;
  #port = 0;

  constructor(options: DiscordEmulatorOptions = {}) {
    const saved = options.statePath ? readSavedWorld(options.statePath) : null;
    if (saved && options.applicationId !== undefined && options.applicationId !== saved.applicationId) {
      throw new Error(
        `${options.statePath} holds the world of application ${saved.applicationId}, not ${options.applicationId}`,
      );
    }
    const keptFiles = options.keptFilesPerChannel ?? Number.POSITIVE_INFINITY;
    if (!(keptFiles === Number.POSITIVE_INFINITY || (Number.isInteger(keptFiles) && keptFiles >= 0))) {
      throw new Error(`keptFilesPerChannel must be a whole number of messages, 0 or more (got ${keptFiles})`);
    }
    const checkEvery = options.checkEvery ?? 1;
    if (!(Number.isInteger(checkEvery) && checkEvery >= 1)) {
      throw new Error(`checkEvery must be a whole number of requests, 1 or more (got ${checkEvery})`);
    }
    this.#log = options.log ?? null;
    this.#options = {
      port: options.port ?? 0,
      host: options.host ?? "127.0.0.1",
      botName: options.botName ?? "CardTable",
      ackDeadlineMs: options.ackDeadlineMs ?? 3000,
      tokenLifetimeMs: options.tokenLifetimeMs ?? 15 * 60_000,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      allowedPrivilegedIntents: options.allowedPrivilegedIntents ?? 0,
      attachmentSizeLimit: options.attachmentSizeLimit ?? 10 * 1024 * 1024,
      token: options.token ?? saved?.token ?? null,
      maxConcurrency: options.maxConcurrency ?? 1,
      identifyWindowMs: options.identifyWindowMs ?? 5000,
      resumeWindowMs: options.resumeWindowMs ?? 60_000,
    };
    this.#world = saved
      ? new World(saved.botUser.username, saved.applicationId, keptFiles)
      : new World(this.#options.botName, options.applicationId, keptFiles);
    this.#world.leanInteractions = options.interactionRecords === "lean";
    if (saved) restoreWorld(this.#world, saved, options.statePath!);
    this.#file = options.statePath
      ? new WorldFile(options.statePath, this.#world, this.#options.token, (error) =>
          this.#report(`saving the emulator's world to ${options.statePath} failed: ${error.stack ?? error}`),
        )
      : null;
    this.#gateway = new Gateway(this.#world, {
      heartbeatIntervalMs: this.#options.heartbeatIntervalMs,
      token: this.#options.token,
      allowedPrivilegedIntents: this.#options.allowedPrivilegedIntents,
      resumeWindowMs: this.#options.resumeWindowMs,
      maxConcurrency: this.#options.maxConcurrency,
      identifyWindowMs: this.#options.identifyWindowMs,
      gatewayUrl: () => this.gatewayUrl,
    });
    this.#setup = new WorldSetup(this.#world, this.#gateway, (change) => this.#changed(change));
    this.#users = new UserActions(this.#world, this.#gateway, this.#options.attachmentSizeLimit);
    this.#rateLimiter = options.rateLimits ? new RateLimiter(options.rateLimits) : null;
    this.#rest = new RestApi(this.#world, this.#gateway, {
      ackDeadlineMs: this.#options.ackDeadlineMs,
      tokenLifetimeMs: this.#options.tokenLifetimeMs,
      attachmentSizeLimit: this.#options.attachmentSizeLimit,
      token: this.#options.token,
      gatewayUrl: () => this.gatewayUrl,
      log: options.log ?? null,
      recommendedShards: options.recommendedShards ?? 1,
      maxConcurrency: this.#options.maxConcurrency,
      rateLimiter: this.#rateLimiter,
      checkEvery,
    });
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  async start(): Promise<void> {
    if (this.#server) throw new Error("emulator already started");
    const server = createServer((req, res) => {
      res.once("finish", () => this.#requestFinished(req.method ?? "GET", req.url ?? "/", res.statusCode));
      void this.#rest.handle(req, res);
    });
    server.on("upgrade", (req, socket, head) => {
      if ((req.url ?? "/").startsWith("/api")) socket.destroy();
      else this.#gateway.handleUpgrade(req, socket, head);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.#options.port, this.#options.host, () => resolve());
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
    const previousBaseUrl = this.#world.baseUrl;
    this.#world.baseUrl = `http://${this.#options.host}:${this.#port}`;
    // A restored world (or a restart on another port) has attachment URLs of the old address.
    if (previousBaseUrl !== this.#world.baseUrl && this.#world.messages.size > 0) {
      rebaseAttachmentUrls(this.#world, previousBaseUrl);
      this.#file?.changed();
    }
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    await this.#gateway.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await this.#file?.flush();
  }

  /**
   * Hears every change of the world: a message created, edited or deleted in a channel (or a
   * thread; `channelId: "dm"` for any DM channel), and `world` for channels, threads, commands
   * and members. Returns the unsubscribe function.
   */
  onChange(listener: (change: WorldChange) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  #changed(change: WorldChange): void {
    this.#file?.changed();
    for (const listener of this.#changeListeners) {
      try {
        listener(change);
      } catch (error) {
        this.#report(`an onChange listener failed: ${(error as Error).stack ?? error}`);
      }
    }
  }

  #report(line: string): void {
    if (this.#log) this.#log(line);
    else console.error(line);
  }

  /** Every change reaches the world through a REST request; its route says what changed. */
  #requestFinished(method: string, url: string, status: number): void {
    for (const change of requestChanges(this.#world, method, url, status)) this.#changed(change);
  }

  get port(): number {
    return this.#port;
  }

  /** Pass as discord.js `rest.api` (env DISCORD_API_BASE); requests then go to `${apiBase}/v10/...`. */
  get apiBase(): string {
    return `http://${this.#options.host}:${this.#port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://${this.#options.host}:${this.#port}`;
  }

  get applicationId(): string {
    return this.#world.applicationId;
  }

  get botUser(): APIUser {
    return this.#world.botUser;
  }

  /** A token to give the bot: the configured one, or any placeholder. */
  get token(): string {
    return this.#options.token ?? "emulator-token";
  }

  // ---- world set-up ----------------------------------------------------------------------------

  /**
   * A guild the bot is in; every user created so far (except ones who opted out) joins it.
   * `shard: { id, count }` gives it an id that shard `id` of a bot with `count` shards owns
   * (Discord's `(guild_id >> 22) % count === id`).
   */
  createGuild(name: string, options: GuildOptions = {}): EmulatorGuild {
    return this.#setup.createGuild(name, options);
  }

  /** A text channel; `botCanSend: false` denies the bot Send Messages there. */
  createChannel(guild: Ref, name: string, options: ChannelOptions = {}): EmulatorChannel {
    return this.#setup.createChannel(guild, name, options);
  }

  /**
   * A user, made a member of `guilds` (default: every existing guild). `manageGuild` gives the
   * Manage Server permission (an admin); `dmsClosed` makes DMs to them fail with 50007; `locale`
   * is their Discord client's language, sent with each of their interactions.
   */
  createUser(name: string, options: UserOptions = {}): EmulatorUser {
    return this.#setup.createUser(name, options);
  }

  /** Changes a user's Discord client language (null: English), as a user switching their app's language. */
  setUserLocale(user: Ref, locale: Locale | null): void {
    this.#setup.setUserLocale(user, locale);
  }

  addMember(guild: Ref, user: Ref, options: { manageGuild?: boolean } = {}): void {
    this.#setup.addMember(guild, user, options);
  }

  // ---- reading the world -----------------------------------------------------------------------

  guilds(): EmulatorGuild[] {
    return [...this.#world.guilds.keys()].map((id) => this.#setup.guildHandle(id));
  }

  /** A guild's text channels in their order (threads: see `threads`). */
  channels(guild: Ref): EmulatorChannel[] {
    const stored = guildOf(this.#world, guild);
    return stored.channelIds
      .map((id) => this.#world.channels.get(id)!)
      .filter((channel) => !channel.deleted)
      .map((channel) => ({ id: channel.channel.id, name: channel.channel.name ?? "", guildId: stored.id }));
  }

  /** A guild's members, the owner and the bot included. */
  members(guild: Ref): EmulatorMember[] {
    const stored = guildOf(this.#world, guild);
    return [...stored.members.keys()].map((id) => {
      const user = this.#world.users.get(id)!.user;
      return {
        id,
        username: user.username,
        name: user.global_name ?? user.username,
        manageGuild: (this.#world.guildPermissions(stored, id) & PermissionFlagsBits.ManageGuild) !== 0n,
        owner: stored.ownerId === id,
        bot: user.bot === true,
      };
    });
  }

  /** The bytes of a message's attachment (none when they were not kept: across a restart, or by keptFilesPerChannel). */
  attachment(message: Ref, filename: string): { bytes: Buffer; contentType: string } | undefined {
    const stored = this.#world.messages.get(refId(message));
    const attachment = stored?.message.attachments.find((candidate) => candidate.filename === filename);
    const bytes = attachment ? stored!.files.get(attachment.id) : undefined;
    return bytes && { bytes, contentType: attachment!.content_type ?? "application/octet-stream" };
  }

  // ---- bot state -------------------------------------------------------------------------------

  /** Registered commands: of one guild, global (`null`), or all (no argument). */
  commands(guild?: Ref | null): APIApplicationCommand[] {
    return this.#world.commands
      .filter((stored) => guild === undefined || stored.guildId === (guild === null ? null : refId(guild)))
      .map((stored) => structuredClone(stored.command));
  }

  /**
   * The commands `user`'s command picker lists in `channel`: the guild's and the global ones (a
   * guild command shadows a global one of the same name), less those Discord does not let them use there.
   */
  commandsFor(user: Ref, channel: Ref): APIApplicationCommand[] {
    return this.#users.commandsFor(user, channel);
  }

  /**
   * Lets one member use a command (or keeps them from it) whatever its default_member_permissions,
   * as a server's admins do in Server Settings → Integrations.
   */
  setCommandPermission(guild: Ref, commandName: string, user: Ref, allowed: boolean): void {
    this.#setup.setCommandPermission(guild, commandName, user, allowed);
  }

  /**
   * Registers commands as the bot would with a bulk PUT (same checks, same ids on re-registration):
   * for bots whose commands are deployed by a separate script rather than at start-up.
   */
  async registerCommands(
    commands: RESTPutAPIApplicationCommandsJSONBody,
    guild: Ref | null = null,
  ): Promise<void> {
    const scope = guild === null ? "" : `/guilds/${refId(guild)}`;
    const response = await fetch(`${this.apiBase}/v10/applications/${this.applicationId}${scope}/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${this.token}`, "content-type": "application/json" },
      body: JSON.stringify(commands),
    });
    if (!response.ok)
      throw new Error(`registering commands failed: ${response.status} ${await response.text()}`);
  }

  /** Resolves once a gateway session is identified, has all GUILD_CREATEs, and (by default) commands exist. */
  async waitForBotReady(options: WaitForBotReadyOptions = {}): Promise<void> {
    const after = options.after ?? 0;
    const bot = options.bot;
    await this.waitFor(
      () => {
        if (bot && !bot.running) {
          throw new Error(
            `the bot process exited (${JSON.stringify(bot.lastExit)}) before it was ready:\n${bot.output()}`,
          );
        }
        const commands = options.commands === false || this.#world.commands.length > 0;
        if (options.shards !== undefined) {
          const count = options.shards;
          const ready = this.#gateway
            .sessions()
            .filter(
              (session) =>
                session.ready &&
                session.connected &&
                session.identifiedAt >= after &&
                session.shard[1] === count,
            );
          const shards = new Set(ready.map((session) => session.shard[0]));
          return shards.size === count && commands;
        }
        const session = this.#gateway.activeSession();
        return session !== null && session.identifiedAt >= after && commands;
      },
      options.timeoutMs ?? 4 * WAIT_LIMIT_MS,
      options.shards === undefined
        ? "the bot to connect and register its commands"
        : `all ${options.shards} shards of the bot to connect and the bot to register its commands`,
    );
  }

  get identifyCount(): number {
    return this.#gateway.identifyCount;
  }

  get resumeCount(): number {
    return this.#gateway.resumeCount;
  }

  /** IDENTIFYs refused with op 9 for coming within 5 s of another in their max_concurrency bucket. */
  get identifyRefusals(): number {
    return this.#gateway.identifyRefusals;
  }

  sessions(): GatewaySessionInfo[] {
    return this.#gateway.sessions();
  }

  /**
   * Gateway dispatches sent so far (who got what: session, shard, guild, interaction id), oldest
   * first; `event` keeps only that event's.
   */
  dispatches(event?: string): DispatchRecord[] {
    return this.#gateway.dispatches.filter((record) => event === undefined || record.event === event);
  }

  /** The dispatch that delivered this interaction to the bot (its session and shard). */
  dispatchOf(interaction: Ref): DispatchRecord | undefined {
    const id = refId(interaction);
    return this.#gateway.dispatches.find(
      (record) => record.event === "INTERACTION_CREATE" && record.interactionId === id,
    );
  }

  /**
   * Closes the bot's gateway connection (default 4000, resumable) as a network failure would:
   * the newest session's, or shard `shard`'s.
   */
  disconnectBot(code?: number, shard?: number): void {
    this.#gateway.disconnect(code, shard);
  }

  /** Sends op 7 RECONNECT to the bot (the newest session, or shard `shard`'s). */
  requestReconnect(shard?: number): void {
    this.#gateway.requestReconnect(shard);
  }

  // ---- acting as users -------------------------------------------------------------------------

  /**
   * User runs `/commandName [subcommand] options…` in a channel. `subcommand` may be "sub" or
   * "group sub". Option values are checked against the registered definition.
   */
  slash(
    user: Ref,
    channel: Ref,
    commandName: string,
    options: SlashOptions = {},
    subcommand?: string,
  ): Promise<EmulatedInteraction> {
    return this.#users.slash(user, channel, commandName, options, subcommand);
  }

  /** User types into an autocomplete option: the bot should answer with choices (type 8). */
  autocomplete(
    user: Ref,
    channel: Ref,
    commandName: string,
    focused: { name: string; value: string },
    options: SlashOptions = {},
    subcommand?: string,
  ): Promise<EmulatedInteraction> {
    return this.#users.autocomplete(user, channel, commandName, focused, options, subcommand);
  }

  /** User clicks the button `customId` on a message (public or their own ephemeral). */
  click(user: Ref, message: Ref, customId: string, options: ClickOptions = {}): Promise<EmulatedInteraction> {
    return this.#users.click(user, message, customId, options);
  }

  /** User picks `values` in the select menu `customId` (checked against its options and limits). */
  select(
    user: Ref,
    message: Ref,
    customId: string,
    values: string[],
    options: ClickOptions = {},
  ): Promise<EmulatedInteraction> {
    return this.#users.select(user, message, customId, values, options);
  }

  /**
   * User submits the modal `customId` the bot showed them (type-9 callback) with `fields`
   * (custom_id → value). Fields left out keep the modal's pre-filled value.
   */
  submitModal(user: Ref, channel: Ref, customId: string, fields: ModalFields): Promise<EmulatedInteraction> {
    return this.#users.submitModal(user, channel, customId, fields);
  }

  // ---- reading what the bot did ----------------------------------------------------------------

  message(ref: Ref): MessageView | undefined {
    const stored = this.#world.messages.get(refId(ref));
    return stored ? this.#world.messageView(stored) : undefined;
  }

  /**
   * Public messages of a channel (or thread / DM channel), oldest first; deleted ones left out.
   * `newest`: only the last that many (what a poller of a long channel reads).
   */
  channelMessages(channel: Ref, options: { includeDeleted?: boolean; newest?: number } = {}): MessageView[] {
    const id = refId(channel);
    const filter = (stored: StoredMessage) =>
      !stored.ephemeral && (options.includeDeleted === true || !stored.deleted);
    const messages =
      options.newest === undefined
        ? this.#world.messagesIn(id, filter)
        : this.#world.newestMessagesIn(id, options.newest, filter);
    return messages.map((stored) => this.#world.messageView(stored));
  }

  lastChannelMessage(channel: Ref): MessageView | undefined {
    return this.channelMessages(channel).at(-1);
  }

  /** Waits for the first public message in the channel that satisfies `predicate` (default: any). */
  async waitForChannelMessage(
    channel: Ref,
    predicate: (message: MessageView) => boolean = () => true,
    timeoutMs = WAIT_LIMIT_MS,
  ): Promise<MessageView> {
    return this.waitFor(
      () => this.channelMessages(channel).find(predicate),
      timeoutMs,
      `a matching message in channel ${refId(channel)}`,
    );
  }

  /** Threads created under a channel. */
  threads(channel: Ref): APIThreadChannel[] {
    const id = refId(channel);
    return [...this.#world.channels.values()]
      .filter((stored) => !stored.deleted && this.#world.isThread(stored))
      .map((stored) => stored.channel as APIThreadChannel)
      .filter((thread) => thread.parent_id === id)
      .map((thread) => structuredClone(thread));
  }

  /** Messages the bot sent to a user's DM channel. */
  dmMessages(user: Ref): MessageView[] {
    const dm = userOf(this.#world, user).dmChannelId;
    return dm ? this.channelMessages(dm) : [];
  }

  /** Ephemeral messages only this user can see (replies and follow-ups to their interactions). */
  ephemeralsFor(user: Ref): MessageView[] {
    const id = refId(user);
    return this.#world
      .orderedMessages((stored) => stored.ephemeral && stored.audienceUserId === id && !stored.deleted)
      .map((stored) => this.#world.messageView(stored));
  }

  responsesTo(interaction: Ref): InteractionResponses {
    return responsesOf(this.#world, interactionOf(this.#world, interaction));
  }

  /** Whether and how the bot has answered so far, cheaply (see AnswerProgress); responsesTo has it all. */
  answerProgress(interaction: Ref): AnswerProgress {
    return progressOf(this.#world, interactionOf(this.#world, interaction));
  }

  /** Polls `predicate` every 10 ms until it returns something truthy, which is returned. */
  async waitFor<T>(
    predicate: () => T | undefined | null | false,
    timeoutMs = WAIT_LIMIT_MS,
    description = "condition",
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = predicate();
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Waits until the bot has answered the interaction (see WaitForResponseOptions.until). */
  async waitForResponse(
    interaction: Ref,
    options: WaitForResponseOptions = {},
  ): Promise<InteractionResponses> {
    const stored = interactionOf(this.#world, interaction);
    const until = options.until ?? ((responses: InteractionResponses) => settled(stored, responses));
    return this.waitFor(
      () => {
        const responses = this.responsesTo(stored.handle.id);
        return until(responses) ? responses : null;
      },
      options.timeoutMs ?? WAIT_LIMIT_MS,
      `the bot's response to ${stored.handle.name}`,
    );
  }

  // ---- records ---------------------------------------------------------------------------------

  /** Per interaction, ms from INTERACTION_CREATE to the bot's first callback request. */
  get ackLatencies(): AckLatency[] {
    return [...this.#world.ackLatencies];
  }

  /**
   * Makes the next `times` requests of `method` to a path matching `path` (without `/api/v10`)
   * fail with this Discord error, as an outage or a missing permission would.
   */
  failNext(
    method: string,
    path: RegExp,
    error: { status: number; code: number; message: string } = {
      status: 500,
      code: 0,
      message: "500: Internal Server Error",
    },
    times = 1,
  ): void {
    this.#world.faults.push({ method: method.toUpperCase(), path, ...error, remaining: times });
  }

  /**
   * The next matching request is never answered, as when the bot dies while waiting for Discord
   * (kill it meanwhile). Resolves once such a request has arrived.
   */
  holdNext(method: string, path: RegExp): Promise<void> {
    return new Promise((held) => this.#hold(method, path, 1, { held }));
  }

  /**
   * The next `times` matching requests wait, unanswered, until `release` is called, then are
   * handled as usual: the bot's work is held in flight, for a test of what happens meanwhile.
   * `arrived` resolves once all `times` have arrived.
   */
  holdUntilReleased(
    method: string,
    path: RegExp,
    times = 1,
  ): { arrived: Promise<void>; release: () => void } {
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    let count = 0;
    const arrived = new Promise<void>((allArrived) =>
      this.#hold(method, path, times, { held: () => ++count === times && allArrived(), until }),
    );
    return { arrived, release };
  }

  /** The next `times` matching requests are held: `held` is told as each arrives; `until` releases them. */
  #hold(
    method: string,
    path: RegExp,
    times: number,
    hold: { held: () => void; until?: Promise<void> },
  ): void {
    this.#world.faults.push({
      method: method.toUpperCase(),
      path,
      status: 0,
      code: 0,
      message: "held",
      remaining: times,
      hold,
    });
  }

  /** Drops every failure `failNext` set up that has not happened yet. */
  clearFaults(): void {
    this.#world.faults.length = 0;
  }

  /** Requests to routes the emulator does not implement (answered 404 / 405). */
  get unknownRoutes(): RouteRecord[] {
    return [...this.#world.unknownRoutes];
  }

  /** Payloads Discord would reject or ignore, late/double acks, gateway protocol errors. */
  get violations(): Violation[] {
    return [...this.#world.violations];
  }

  /** Every error answer the emulator gave (4xx/5xx), including legitimate ones like 50007. */
  get errorResponses(): ErrorRecord[] {
    return [...this.#world.errorResponses];
  }

  get requests(): RequestRecord[] {
    return [...this.#world.requests];
  }

  /**
   * Runs world set-up made through REST without Discord's limits: a history the bot made before the
   * scenario began, which Discord's limits would have spread over days (say, a table message for
   * each of 10,000 stored games). Every request meanwhile is let through uncounted.
   */
  withoutRateLimits<T>(work: () => Promise<T>): Promise<T> {
    return this.#rateLimiter ? this.#rateLimiter.suspendedDuring(work) : work();
  }

  /**
   * Requests and 429s, globally and per route, and the invalid-request count Discord bans by
   * (all zero when the model is off).
   */
  get rateLimits(): RateLimitStats {
    return (
      this.#rateLimiter?.stats() ?? {
        global: { requests: 0, limited: 0 },
        routes: {},
        limited: 0,
        invalidRequests: 0,
      }
    );
  }

  clearRecords(): void {
    for (const list of [
      this.#world.violations,
      this.#world.unknownRoutes,
      this.#world.errorResponses,
      this.#world.requests,
      this.#world.ackLatencies,
    ]) {
      list.length = 0;
    }
    this.#rateLimiter?.clearCounters();
  }

  /** Throws listing unknown routes and violations, if there are any. */
  assertClean(): void {
    const problems = [
      ...this.#world.unknownRoutes.map((route) => `unknown route ${route.method} ${route.path}`),
      ...this.#world.violations.map(
        (violation) => `${violation.kind}: ${violation.method} ${violation.path}: ${violation.message}`,
      ),
    ];
    if (problems.length > 0) throw new Error(`emulator saw problems:\n${problems.join("\n")}`);
  }
}
