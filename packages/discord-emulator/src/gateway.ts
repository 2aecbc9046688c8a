import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import {
  ApplicationFlags,
  GatewayCloseCodes,
  type GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
  type GatewayReadyDispatchData,
  type GatewaySendPayload,
} from "discord-api-types/v10";
import { type WebSocket, WebSocketServer } from "ws";
import { shardOf } from "./snowflake.js";
import type { StoredGuild, World } from "./store.js";
import type { DispatchRecord, GatewaySessionInfo } from "./types.js";

export interface GatewayOptions {
  heartbeatIntervalMs: number;
  /** When set, IDENTIFY must carry exactly this token. */
  token: string | null;
  /** Privileged intents the emulated application is approved for (others close with 4014). */
  allowedPrivilegedIntents: number;
  /** How long a disconnected session stays resumable. */
  resumeWindowMs: number;
  /**
   * `max_concurrency` of GET /gateway/bot: shards whose `shard_id % max_concurrency` differ may
   * identify at the same time; within one such bucket, one IDENTIFY per `identifyWindowMs`.
   */
  maxConcurrency: number;
  /** Discord's 5 s between two IDENTIFYs of one bucket. */
  identifyWindowMs: number;
  gatewayUrl: () => string;
}

const PRIVILEGED_INTENTS =
  GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;

interface Session {
  id: string;
  /** [shard_id, num_shards] from IDENTIFY ([0, 1] when the bot does not shard). */
  shard: [number, number];
  seq: number;
  intents: number;
  identifiedAt: number;
  readyAt: number | null;
  connection: Connection | null;
  /** Sent dispatches, replayed on RESUME. */
  events: { op: 0; s: number; t: string; d: unknown }[];
  disconnectedAt: number | null;
  /** Closed by the bot with 1000 or 1001: Discord ends the session, nothing resumes it. */
  invalidated: boolean;
  resumes: number;
  heartbeats: number;
}

interface Connection {
  socket: WebSocket;
  session: Session | null;
  openedAt: number;
  lastHeartbeatAt: number | null;
  /** Heartbeats before IDENTIFY/RESUME, credited to the session once there is one. */
  earlyHeartbeats: number;
  watchdog: NodeJS.Timeout;
}

/** A gateway that speaks the JSON, uncompressed flavour @discordjs/ws uses when zlib-sync is absent. */
export class Gateway {
  readonly #world: World;
  readonly #options: GatewayOptions;
  readonly #server = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  readonly #sessions: Session[] = [];
  readonly #connections = new Set<Connection>();
  /** Every dispatch sent (replays on RESUME not counted again), oldest first. */
  readonly dispatches: DispatchRecord[] = [];
  identifyCount = 0;
  resumeCount = 0;
  /** IDENTIFYs refused with op 9 because their bucket identified less than 5 s before. */
  identifyRefusals = 0;
  /** When each rate-limit bucket (`shard_id % max_concurrency`) last identified. */
  readonly #lastIdentifyAt = new Map<number, number>();

  constructor(world: World, options: GatewayOptions) {
    this.#world = world;
    this.#options = options;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? "/", "http://localhost");
    this.#server.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, url.searchParams));
  }

  #accept(socket: WebSocket, params: URLSearchParams): void {
    const connection: Connection = {
      socket,
      session: null,
      openedAt: Date.now(),
      lastHeartbeatAt: null,
      earlyHeartbeats: 0,
      watchdog: setInterval(() => this.#checkHeartbeat(connection), 1000).unref(),
    };
    this.#connections.add(connection);
    socket.on("close", (code) => this.#closed(connection, code));
    socket.on("error", () => socket.terminate());
    socket.on("message", (data, isBinary) => this.#receive(connection, data.toString(), isBinary));
    const version = params.get("v");
    const encoding = params.get("encoding") ?? "json";
    if (version !== "10") {
      this.#violation(`connected with v=${version ?? "(none)"}; the bot must use gateway v10`);
      socket.close(GatewayCloseCodes.InvalidAPIVersion, "Invalid API version");
      return;
    }
    if (encoding !== "json") {
      this.#violation(`encoding=${encoding} is not supported by the emulator (use json)`);
      socket.close(GatewayCloseCodes.DecodeError, "Unsupported encoding");
      return;
    }
    // compress=zlib-stream is ignored: @discordjs/ws parses text frames as plain JSON either way.
    this.#send(connection, {
      op: GatewayOpcodes.Hello,
      d: { heartbeat_interval: this.#options.heartbeatIntervalMs },
    });
  }

  /**
   * Discord's docs: a bot that closes with 1000 or 1001 ends its session; any other close (or a
   * dropped TCP connection) leaves it resumable for a while, its events kept for the RESUME.
   */
  #closed(connection: Connection, code: number): void {
    clearInterval(connection.watchdog);
    this.#connections.delete(connection);
    if (connection.session && connection.session.connection === connection) {
      connection.session.connection = null;
      connection.session.disconnectedAt = Date.now();
      if (code === 1000 || code === 1001) connection.session.invalidated = true;
    }
  }

  #checkHeartbeat(connection: Connection): void {
    const since = connection.lastHeartbeatAt ?? connection.openedAt;
    if (Date.now() - since > this.#options.heartbeatIntervalMs * 1.5 + 1000) {
      this.#violation(
        `no heartbeat for ${Date.now() - since} ms (interval ${this.#options.heartbeatIntervalMs} ms)`,
      );
      connection.socket.close(GatewayCloseCodes.SessionTimedOut, "Session timed out");
      clearInterval(connection.watchdog);
    }
  }

  #violation(message: string): void {
    this.#world.violation("gateway", "WS", "/", message);
  }

  #send(connection: Connection, payload: object): void {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(payload));
  }

  #receive(connection: Connection, text: string, isBinary: boolean): void {
    let payload: GatewaySendPayload;
    try {
      payload = JSON.parse(text) as GatewaySendPayload;
    } catch {
      this.#violation(`undecodable ${isBinary ? "binary" : "text"} frame`);
      connection.socket.close(GatewayCloseCodes.DecodeError, "Error while decoding payload");
      return;
    }
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        connection.lastHeartbeatAt = Date.now();
        if (connection.session) connection.session.heartbeats++;
        else connection.earlyHeartbeats++;
        this.#send(connection, { op: GatewayOpcodes.HeartbeatAck });
        return;
      case GatewayOpcodes.Identify:
        this.#identify(connection, payload.d);
        return;
      case GatewayOpcodes.Resume:
        this.#resume(connection, payload.d);
        return;
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestGuildMembers:
      case GatewayOpcodes.RequestSoundboardSounds:
        if (!connection.session) {
          this.#violation(`op ${payload.op} sent before IDENTIFY`);
          connection.socket.close(GatewayCloseCodes.NotAuthenticated, "Not authenticated");
          return;
        }
        if (payload.op === GatewayOpcodes.RequestGuildMembers)
          this.#requestMembers(connection.session, payload.d);
        return;
      default:
        this.#violation(`unknown opcode ${(payload as { op: unknown }).op}`);
        connection.socket.close(GatewayCloseCodes.UnknownOpcode, "Unknown opcode");
    }
  }

  #identify(
    connection: Connection,
    d: Extract<GatewaySendPayload, { op: GatewayOpcodes.Identify }>["d"],
  ): void {
    if (connection.session) {
      this.#violation("IDENTIFY sent twice on one connection");
      connection.socket.close(GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated");
      return;
    }
    if (typeof d?.token !== "string" || d.token.length === 0) {
      this.#violation("IDENTIFY without a token");
      connection.socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed");
      return;
    }
    const token = d.token.replace(/^Bot /, "");
    if (this.#options.token !== null && token !== this.#options.token) {
      connection.socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed");
      return;
    }
    if (typeof d.intents !== "number") {
      this.#violation("IDENTIFY without intents");
      connection.socket.close(GatewayCloseCodes.InvalidIntents, "Invalid intent(s)");
      return;
    }
    const privileged = d.intents & PRIVILEGED_INTENTS & ~this.#options.allowedPrivilegedIntents;
    if (privileged) {
      this.#violation(
        `IDENTIFY asks for privileged intents ${privileged} the application is not approved for`,
      );
      connection.socket.close(GatewayCloseCodes.DisallowedIntents, "Disallowed intent(s)");
      return;
    }
    const shard = validShard(d.shard);
    if (!shard) {
      connection.socket.close(GatewayCloseCodes.InvalidShard, "Invalid shard");
      return;
    }
    // Discord's docs: past max_concurrency the answer is op 9 INVALID_SESSION (not resumable).
    const bucket = shard[0] % this.#options.maxConcurrency;
    const now = Date.now();
    const last = this.#lastIdentifyAt.get(bucket);
    if (last !== undefined && now - last < this.#options.identifyWindowMs) {
      this.identifyRefusals++;
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    this.#lastIdentifyAt.set(bucket, now);
    const session: Session = {
      id: randomBytes(16).toString("hex"),
      shard,
      seq: 0,
      intents: d.intents,
      identifiedAt: Date.now(),
      readyAt: null,
      connection,
      events: [],
      disconnectedAt: null,
      invalidated: false,
      resumes: 0,
      heartbeats: connection.earlyHeartbeats,
    };
    connection.session = session;
    this.#sessions.push(session);
    this.identifyCount++;
    // Discord's formula: a shard gets the guilds with (guild_id >> 22) % num_shards === shard_id.
    const guilds = [...this.#world.guilds.values()].filter((guild) => owns(session, guild.id));
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: { ...this.#world.botUser },
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.#options.gatewayUrl(),
      shard: [session.shard[0], session.shard[1]],
      application: {
        id: this.#world.applicationId,
        flags: ApplicationFlags.GatewayMessageContentLimited | ApplicationFlags.ApplicationCommandBadge,
        flags_new: String(
          ApplicationFlags.GatewayMessageContentLimited | ApplicationFlags.ApplicationCommandBadge,
        ),
      },
    };
    this.#dispatchTo(session, "READY", {
      ...ready,
      user_settings: {},
      relationships: [],
      private_channels: [],
    });
    for (const guild of guilds) {
      this.#dispatchTo(session, "GUILD_CREATE", this.#world.guildCreatePayload(guild, session.intents));
    }
    session.readyAt = Date.now();
  }

  #resume(connection: Connection, d: Extract<GatewaySendPayload, { op: GatewayOpcodes.Resume }>["d"]): void {
    const session = this.#sessions.find((candidate) => candidate.id === d?.session_id);
    // A client that reconnects (op 7, a dropped network) may RESUME before this side has seen its
    // old socket close; Discord then resumes on the new connection and drops the old one.
    const previous = session?.connection ?? null;
    const resumable = session && previous !== connection && (previous !== null || this.#resumable(session));
    if (!session || !resumable) {
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    if (previous) {
      previous.session = null;
      previous.socket.terminate();
    }
    connection.session = session;
    session.connection = connection;
    session.disconnectedAt = null;
    session.resumes++;
    session.heartbeats += connection.earlyHeartbeats;
    this.resumeCount++;
    for (const event of session.events) if (event.s > d.seq) this.#send(connection, event);
    this.#dispatchTo(session, "RESUMED", {});
  }

  #requestMembers(
    session: Session,
    d: Extract<GatewaySendPayload, { op: GatewayOpcodes.RequestGuildMembers }>["d"],
  ) {
    const guild = this.#world.guilds.get(d.guild_id as string);
    if (!guild || !owns(session, guild.id)) return;
    const wanted = "user_ids" in d && d.user_ids ? ([] as string[]).concat(d.user_ids) : null;
    if (!wanted && !(session.intents & GatewayIntentBits.GuildMembers)) {
      this.#violation("REQUEST_GUILD_MEMBERS for all members needs the GUILD_MEMBERS intent");
      return;
    }
    const members = [...guild.members.values()]
      .filter((member) => !wanted || wanted.includes(member.userId))
      .map((member) => this.#world.apiMember(member));
    this.#dispatchTo(session, "GUILD_MEMBERS_CHUNK", {
      guild_id: guild.id,
      members,
      chunk_index: 0,
      chunk_count: 1,
      not_found: wanted ? wanted.filter((id) => !guild.members.has(id)) : [],
      ...(d.nonce ? { nonce: d.nonce } : {}),
    });
  }

  #dispatchTo(session: Session, t: `${GatewayDispatchEvents}`, d: unknown): void {
    session.seq++;
    const payload = { op: 0 as const, s: session.seq, t, d };
    session.events.push(payload);
    if (session.events.length > 1000) session.events.shift();
    const data = (typeof d === "object" && d !== null ? d : {}) as { id?: unknown; guild_id?: unknown };
    this.dispatches.push({
      event: t,
      seq: session.seq,
      sessionId: session.id,
      shard: [session.shard[0], session.shard[1]],
      guildId:
        t === "GUILD_CREATE" ? String(data.id) : typeof data.guild_id === "string" ? data.guild_id : null,
      interactionId: t === "INTERACTION_CREATE" && typeof data.id === "string" ? data.id : null,
      at: Date.now(),
    });
    if (this.dispatches.length > 20_000) this.dispatches.shift();
    if (session.connection) this.#send(session.connection, payload);
  }

  #live(session: Session): boolean {
    return session.connection !== null && session.readyAt !== null;
  }

  /** Disconnected without ending it, within the resume window: a RESUME picks it up. */
  #resumable(session: Session): boolean {
    return (
      session.connection === null &&
      !session.invalidated &&
      session.disconnectedAt !== null &&
      Date.now() - session.disconnectedAt <= this.#options.resumeWindowMs
    );
  }

  /** Events go to it: connected, or kept for its RESUME. */
  #receiving(session: Session): boolean {
    return session.readyAt !== null && (session.connection !== null || this.#resumable(session));
  }

  /** The newest ready session that is connected (of any shard). */
  activeSession(): Session | null {
    for (let index = this.#sessions.length - 1; index >= 0; index--) {
      const session = this.#sessions[index]!;
      if (this.#live(session)) return session;
    }
    return null;
  }

  /**
   * The session a guild's interactions go to: the newest ready one whose shard owns the guild
   * (`null` = DMs, which go to shard 0), connected or disconnected but resumable — then the event
   * waits in it for a RESUME, as on Discord. Discord lets several sessions identify as one shard,
   * "handing off traffic to a new deployment of sessions prepared in parallel": the newest takes it.
   */
  sessionFor(guildId: string | null): Session | null {
    for (let index = this.#sessions.length - 1; index >= 0; index--) {
      const session = this.#sessions[index]!;
      if (this.#receiving(session) && owns(session, guildId)) return session;
    }
    return null;
  }

  /** The newest ready, connected session of shard `id` (any shard count). */
  shardSession(id: number): Session | null {
    for (let index = this.#sessions.length - 1; index >= 0; index--) {
      const session = this.#sessions[index]!;
      if (this.#live(session) && session.shard[0] === id) return session;
    }
    return null;
  }

  /**
   * Sends an event to every live session that subscribed to it (intent 0 = always sent) and whose
   * shard owns the event's guild: `guildId`, else the payload's `guild_id`; none means a DM (shard 0).
   */
  broadcast(t: `${GatewayDispatchEvents}`, d: unknown, intent: number, guildId?: string | null): void {
    const guild =
      guildId !== undefined
        ? guildId
        : typeof (d as { guild_id?: unknown } | null)?.guild_id === "string"
          ? (d as { guild_id: string }).guild_id
          : null;
    for (const session of this.#sessions) {
      if (this.#receiving(session) && (intent === 0 || session.intents & intent) && owns(session, guild)) {
        this.#dispatchTo(session, t, d);
      }
    }
  }

  guildAvailable(guild: StoredGuild): void {
    for (const session of this.#sessions) {
      if (this.#receiving(session) && session.intents & GatewayIntentBits.Guilds && owns(session, guild.id)) {
        this.#dispatchTo(session, "GUILD_CREATE", this.#world.guildCreatePayload(guild, session.intents));
      }
    }
  }

  /** `sessionFor(guildId)`, or an error that says which shard is missing. */
  requireSessionFor(guildId: string | null): Session {
    const session = this.sessionFor(guildId);
    if (session) return session;
    const live = this.#sessions.filter((candidate) => this.#receiving(candidate));
    const count = live.at(-1)?.shard[1] ?? 1;
    if (live.length === 0 || count === 1)
      throw new Error("No bot is connected to the emulator's gateway (is the bot running and ready?)");
    const shard = guildId === null ? 0 : shardOf(guildId, count);
    throw new Error(
      `No bot is connected to the emulator's gateway for ${guildId === null ? "DMs" : `guild ${guildId}`}: shard ${shard} of ${count} has no ready session (is that shard running and ready?)`,
    );
  }

  /** Sends INTERACTION_CREATE to the session of the shard that owns the interaction's guild. */
  dispatchInteraction(payload: Record<string, unknown>): void {
    const guildId = typeof payload.guild_id === "string" ? payload.guild_id : null;
    this.#dispatchTo(this.requireSessionFor(guildId), "INTERACTION_CREATE", payload);
  }

  sessions(): GatewaySessionInfo[] {
    return this.#sessions.map((session) => ({
      sessionId: session.id,
      shard: [session.shard[0], session.shard[1]],
      intents: session.intents,
      identifiedAt: session.identifiedAt,
      ready: session.readyAt !== null,
      connected: session.connection !== null,
      resumable: this.#resumable(session),
      resumes: session.resumes,
      heartbeats: session.heartbeats,
    }));
  }

  /**
   * Drops a connection the way a network failure would (close code 4000 = resumable): the newest
   * session's, or that of shard `shard`.
   */
  disconnect(code: number = GatewayCloseCodes.UnknownError, shard?: number): void {
    const session = shard === undefined ? this.activeSession() : this.shardSession(shard);
    session?.connection?.socket.close(code, "Disconnected by the emulator");
  }

  /** Sends op 7 RECONNECT (the client should reconnect and RESUME) to the newest session or shard `shard`'s. */
  requestReconnect(shard?: number): void {
    const session = shard === undefined ? this.activeSession() : this.shardSession(shard);
    const connection = session?.connection;
    if (connection) this.#send(connection, { op: GatewayOpcodes.Reconnect, d: null });
  }

  async close(): Promise<void> {
    for (const connection of this.#connections) {
      clearInterval(connection.watchdog);
      connection.socket.terminate();
    }
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** IDENTIFY's `shard`: absent means [0, 1]; otherwise [id, count] with 0 ≤ id < count. */
function validShard(shard: unknown): [number, number] | null {
  if (shard === undefined || shard === null) return [0, 1];
  if (!Array.isArray(shard) || shard.length !== 2) return null;
  const [id, count] = shard as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  if ((count as number) < 1 || (id as number) < 0 || (id as number) >= (count as number)) return null;
  return [id as number, count as number];
}

/** Whether the session's shard receives this guild's events (`null`: DMs, shard 0). */
function owns(session: Session, guildId: string | null): boolean {
  const [id, count] = session.shard;
  if (count === 1) return true;
  return guildId === null ? id === 0 : shardOf(guildId, count) === id;
}
