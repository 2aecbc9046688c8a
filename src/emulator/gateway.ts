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
import type { StoredGuild, World } from "./store.js";
import type { GatewaySessionInfo } from "./types.js";

export interface GatewayOptions {
  heartbeatIntervalMs: number;
  /** When set, IDENTIFY must carry exactly this token. */
  token: string | null;
  /** Privileged intents the emulated application is approved for (others close with 4014). */
  allowedPrivilegedIntents: number;
  /** How long a disconnected session stays resumable. */
  resumeWindowMs: number;
  gatewayUrl: () => string;
}

const PRIVILEGED_INTENTS =
  GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;

interface Session {
  id: string;
  seq: number;
  intents: number;
  identifiedAt: number;
  readyAt: number | null;
  connection: Connection | null;
  /** Sent dispatches, replayed on RESUME. */
  events: { op: 0; s: number; t: string; d: unknown }[];
  disconnectedAt: number | null;
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
  identifyCount = 0;
  resumeCount = 0;

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
    socket.on("close", () => this.#closed(connection));
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

  #closed(connection: Connection): void {
    clearInterval(connection.watchdog);
    this.#connections.delete(connection);
    if (connection.session && connection.session.connection === connection) {
      connection.session.connection = null;
      connection.session.disconnectedAt = Date.now();
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
    if (d.shard && (d.shard[1] !== 1 || d.shard[0] !== 0)) {
      connection.socket.close(GatewayCloseCodes.InvalidShard, "Invalid shard");
      return;
    }
    const session: Session = {
      id: randomBytes(16).toString("hex"),
      seq: 0,
      intents: d.intents,
      identifiedAt: Date.now(),
      readyAt: null,
      connection,
      events: [],
      disconnectedAt: null,
      resumes: 0,
      heartbeats: connection.earlyHeartbeats,
    };
    connection.session = session;
    this.#sessions.push(session);
    this.identifyCount++;
    const guilds = [...this.#world.guilds.values()];
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: { ...this.#world.botUser },
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.#options.gatewayUrl(),
      shard: [0, 1],
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
    const resumable =
      session &&
      session.connection === null &&
      session.disconnectedAt !== null &&
      Date.now() - session.disconnectedAt <= this.#options.resumeWindowMs;
    if (!session || !resumable) {
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
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
    if (!guild) return;
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
    if (session.connection) this.#send(session.connection, payload);
  }

  /** The session interactions go to: the newest ready one that is connected. */
  activeSession(): Session | null {
    for (let index = this.#sessions.length - 1; index >= 0; index--) {
      const session = this.#sessions[index]!;
      if (session.connection && session.readyAt !== null) return session;
    }
    return null;
  }

  /** Sends an event to every live session that subscribed to it (intent 0 = always sent). */
  broadcast(t: `${GatewayDispatchEvents}`, d: unknown, intent: number): void {
    for (const session of this.#sessions) {
      if (session.connection && session.readyAt !== null && (intent === 0 || session.intents & intent)) {
        this.#dispatchTo(session, t, d);
      }
    }
  }

  guildAvailable(guild: StoredGuild): void {
    for (const session of this.#sessions) {
      if (session.connection && session.readyAt !== null && session.intents & GatewayIntentBits.Guilds) {
        this.#dispatchTo(session, "GUILD_CREATE", this.#world.guildCreatePayload(guild, session.intents));
      }
    }
  }

  /** Sends INTERACTION_CREATE to the active session. */
  dispatchInteraction(payload: Record<string, unknown>): void {
    const session = this.activeSession();
    if (!session)
      throw new Error("No bot is connected to the emulator's gateway (is the bot running and ready?)");
    this.#dispatchTo(session, "INTERACTION_CREATE", payload);
  }

  sessions(): GatewaySessionInfo[] {
    return this.#sessions.map((session) => ({
      sessionId: session.id,
      intents: session.intents,
      identifiedAt: session.identifiedAt,
      ready: session.readyAt !== null,
      connected: session.connection !== null,
      resumes: session.resumes,
      heartbeats: session.heartbeats,
    }));
  }

  /** Drops the active connection the way a network failure would (close code 4000 = resumable). */
  disconnect(code: number = GatewayCloseCodes.UnknownError): void {
    this.activeSession()?.connection?.socket.close(code, "Disconnected by the emulator");
  }

  /** Sends op 7 RECONNECT: the client should reconnect and RESUME. */
  requestReconnect(): void {
    const connection = this.activeSession()?.connection;
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
