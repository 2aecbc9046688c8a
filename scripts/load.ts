import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  BotProcess,
  type ComponentView,
  componentsOf,
  DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type InteractionResponses,
  type MessageView,
} from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { ComponentType } from "discord.js";
import type { AnyGameUi } from "../src/bot/ui/types.js";
import { createRng, nextInt, type RngState } from "../src/engine/core/rng.js";
import { GAMES } from "../src/games/index.js";

/**
 * End-to-end benches through the embedded Discord emulator and the real bot process
 * (`node dist/src/index.js`): `load` (N games played at once), `soak` (RSS over many interactions),
 * and the shared machinery `memory` (scripts/memory.ts) uses too.
 *
 * Players are emulator users who click the bot's own components: a player opens their private panel
 * from the table's panel button (or with `/game hand` when the game has no table with buttons yet),
 * then clicks in it. New games start with `/play`, Join and Start; a finished game is followed by a
 * new one in the same channel, so N games stay in play. Which click is a move is decided from outside
 * the bot: the game's state is read read-only from the bot's SQLite file, each enabled component of
 * the panel is read back through the game's own UI module (`interpret`) and the engine checks the
 * move (`apply`), so nearly every click is a real game action; the mix is reported.
 *
 * Everything is measured from outside: click → acknowledgement from the emulator's records,
 * click → table posted from the table picture's file name `<type>-<id>-<version>.png`, CPU and RSS
 * from /proc/<pid>, and the event-loop stall from the bot's `loop-stall max=… p99=…` lines, which it
 * prints every second when started with BENCH_LOOP_STATS=1.
 */

// ---- small helpers -------------------------------------------------------------------------------

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Stats {
  count: number;
  median: number;
  p95: number;
  max: number;
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

export function fmtStats(s: Stats): string {
  return `${fmt(s.median)}/${fmt(s.p95)}/${fmt(s.max)}`;
}

/** `--name value` flags after the mode; numbers and comma lists stay strings here. */
export function parseFlags(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) throw new Error(`unexpected argument "${arg}" (flags look like --games 20)`);
    const eq = arg.indexOf("=");
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < args.length && !args[i + 1]!.startsWith("--")) flags.set(arg.slice(2), args[++i]!);
    else flags.set(arg.slice(2), "true");
  }
  return flags;
}

export function numberList(raw: string | undefined, fallback: number[]): number[] {
  if (raw === undefined) return fallback;
  const list = raw.split(",").map((part) => Number(part.trim()));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error(`expected positive whole numbers separated by commas, got "${raw}"`);
  return list;
}

export function pick<T>(rng: RngState, items: readonly T[]): T {
  return items[nextInt(rng, items.length)] as T;
}

/** Where the JSON results go: bench-results/<name>.json in the project root (the current directory). */
export function writeResults(name: string, data: unknown): string {
  const dir = path.resolve("bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export function machine(): { cpus: number; cpu: string; node: string; platform: string; at: string } {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "cpu",
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    at: new Date().toISOString(),
  };
}

// ---- the bot process seen from outside -------------------------------------------------------------

let clockTicks: number | null = null;

function ticksPerSecond(): number {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

export interface ProcSample {
  at: number;
  rssMiB: number;
  hwmMiB: number;
  /** utime + stime of every thread of the process (render workers included), seconds. */
  cpuSeconds: number;
}

/** VmRSS / VmHWM from /proc/<pid>/status and CPU time from /proc/<pid>/stat; null once it is gone. */
export function procSample(pid: number | undefined): ProcSample | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after "(comm)": state is [0], utime [11], stime [12] (fields 14 and 15 of proc(5)).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
    return { at: Date.now(), rssMiB: kib("VmRSS") / 1024, hwmMiB: kib("VmHWM") / 1024, cpuSeconds };
  } catch {
    return null;
  }
}

export const LOOP_STALL = /loop-stall max=(\d+(?:\.\d+)?) p99=(\d+(?:\.\d+)?)/;

export interface LoopStats {
  /** How many `loop-stall` lines (one a second) fell in the phase; 0 = the bot does not print them. */
  seconds: number;
  maxMs: number;
  /** The worst second's 99th percentile. */
  p99MaxMs: number;
  /** The median second's max. */
  medianMaxMs: number;
}

/** The `loop-stall` lines the bot printed since line `from` (an index into `bot.lines`). */
export function loopStats(bot: BotProcess, from: number, since = 0): LoopStats {
  const maxes: number[] = [];
  const p99s: number[] = [];
  for (let i = from; i < bot.lines.length; i++) {
    const line = bot.lines[i]!;
    if (line.at < since) continue;
    const match = LOOP_STALL.exec(line.text);
    if (!match) continue;
    maxes.push(Number(match[1]));
    p99s.push(Number(match[2]));
  }
  return {
    seconds: maxes.length,
    maxMs: maxes.length ? Math.max(...maxes) : Number.NaN,
    p99MaxMs: p99s.length ? Math.max(...p99s) : Number.NaN,
    medianMaxMs: stats(maxes).median,
  };
}

/** The bot's WARN and ERROR log lines since line `from`. */
export function botWarnings(bot: BotProcess, from = 0): { count: number; first: string[] } {
  const found = bot.lines.slice(from).filter((line) => /^\S+ (WARN|ERROR) /.test(line.text));
  return { count: found.length, first: found.slice(0, 3).map((line) => line.text.slice(0, 200)) };
}

/** Samples the bot's RSS and CPU every `everyMs` while running. */
export class ProcMonitor {
  readonly samples: ProcSample[] = [];
  #timer: NodeJS.Timeout | null = null;

  constructor(readonly bot: BotProcess) {}

  start(everyMs = 500): void {
    this.sample();
    this.#timer = setInterval(() => this.sample(), everyMs);
    this.#timer.unref();
  }

  sample(): ProcSample | null {
    const sample = procSample(this.bot.pid);
    if (sample) this.samples.push(sample);
    return sample;
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Peak RSS between two times (ms since epoch). */
  peakRss(from: number, to = Number.POSITIVE_INFINITY): number {
    let peak = Number.NaN;
    for (const s of this.samples) if (s.at >= from && s.at <= to && !(s.rssMiB <= peak)) peak = s.rssMiB;
    return peak;
  }
}

// ---- the observer: one poller for every wait --------------------------------------------------------

interface ResponseWaiter {
  handle: EmulatedInteraction;
  /** editCount of the clicked message at dispatch: a deferred update (type 6) is done when it grows. */
  editsBefore: number;
  deadline: number;
  resolve: (responses: InteractionResponses | null) => void;
}

interface TableWait {
  version: number;
  /** Date.now() at the click. */
  at: number;
  deadline: number;
}

/** A move whose table has not shown it after this long counts as not shown. */
export const TABLE_WAIT_MS = 60_000;

export const TABLE_FILE = /^([a-z0-9]+)-(\d+)-(\d+)\.png$/;

/**
 * Polls the emulator every few ms for everyone: acknowledgements (its `ackLatencies` record),
 * settled responses, and table messages (from the REST requests the bot made: a POST or PATCH in a
 * watched channel is looked at once). The emulator's records are taken and cleared on every poll, so
 * they stay short however long the bench runs. One poller instead of one timer per waiting player
 * keeps the driver's own CPU small next to the bot's.
 */
export class Observer {
  /** Interaction id → ms from INTERACTION_CREATE to the bot's first callback. */
  readonly acks = new Map<string, number>();
  readonly lateAcks: string[] = [];
  readonly violations: string[] = [];
  readonly unknownRoutes: string[] = [];
  errorResponses = 0;
  requests = 0;
  /**
   * The bot's writes: interaction callbacks, writes through interaction webhooks (deferred answers
   * filled in, follow-ups) and channel message writes (tables posted or edited, buttons stripped).
   */
  readonly rest = { callbacks: 0, webhookWrites: 0, channelWrites: 0 };
  /** ms from a move's click to the first table message showing its version (or a later one). */
  readonly tableLatencies: number[] = [];
  tablesMissing = 0;
  /** Game id → newest table version seen; message id → game id for every table message seen. */
  readonly shown = new Map<number, number>();
  readonly tableMessages = new Map<string, number>();
  /** Channel id → the newest table message of its watched game. */
  readonly currentTable = new Map<string, { gameId: number; messageId: string; version: number }>();
  readonly #watched = new Map<string, Set<number>>();
  readonly #dirty = new Set<string>();
  readonly #waiters = new Map<string, ResponseWaiter>();
  readonly #tableWaits = new Map<number, TableWait[]>();
  #timer: NodeJS.Timeout | null = null;

  /** `alive`: false once the bot is gone; every wait then ends at once. */
  constructor(
    readonly emulator: DiscordEmulator,
    readonly alive: () => boolean = () => true,
  ) {}

  start(everyMs = 5): void {
    this.#timer = setInterval(() => this.tick(), everyMs);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.tick();
    for (const waiter of this.#waiters.values()) waiter.resolve(null);
    this.#waiters.clear();
  }

  /** The channel's table messages of this game are followed from now on. */
  watch(channelId: string, gameId: number): void {
    let games = this.#watched.get(channelId);
    if (!games) {
      games = new Set();
      this.#watched.set(channelId, games);
    }
    games.add(gameId);
    // The game's first table may already be posted.
    this.#dirty.add(channelId);
  }

  unwatch(channelId: string, gameId: number): void {
    this.#watched.get(channelId)?.delete(gameId);
  }

  /** Resolves with the bot's settled response, or null after `timeoutMs` (no ack, or never filled in). */
  response(
    handle: EmulatedInteraction,
    editsBefore: number,
    timeoutMs: number,
  ): Promise<InteractionResponses | null> {
    return new Promise((resolve) => {
      this.#waiters.set(handle.id, { handle, editsBefore, deadline: Date.now() + timeoutMs, resolve });
    });
  }

  /** A move was clicked at `at`: time until a table of `gameId` shows `version` or later. */
  expectTable(gameId: number, version: number, at: number, timeoutMs = TABLE_WAIT_MS): void {
    if ((this.shown.get(gameId) ?? -1) >= version) {
      this.tableLatencies.push(Math.max(0, Date.now() - at));
      return;
    }
    const waits = this.#tableWaits.get(gameId) ?? [];
    waits.push({ version, at, deadline: Date.now() + timeoutMs });
    this.#tableWaits.set(gameId, waits);
  }

  get pendingTables(): number {
    let n = 0;
    for (const waits of this.#tableWaits.values()) n += waits.length;
    return n;
  }

  tick(): void {
    const emulator = this.emulator;
    const acks = emulator.ackLatencies;
    const requests = emulator.requests;
    const violations = emulator.violations;
    const unknown = emulator.unknownRoutes;
    const errors = emulator.errorResponses;
    emulator.clearRecords();
    for (const ack of acks) this.acks.set(ack.interactionId, ack.ms);
    for (const v of violations) {
      if (v.kind === "late-ack") this.lateAcks.push(v.message);
      else if (this.violations.length < 200)
        this.violations.push(`${v.kind}: ${v.method} ${v.path}: ${v.message}`);
    }
    for (const route of unknown)
      if (this.unknownRoutes.length < 200) this.unknownRoutes.push(`${route.method} ${route.path}`);
    this.errorResponses += errors.length;
    this.requests += requests.length;
    for (const request of requests) {
      if (request.method === "GET") continue;
      if (request.path.startsWith("/interactions/")) this.rest.callbacks++;
      else if (request.path.startsWith("/webhooks/")) this.rest.webhookWrites++;
      else if (request.path.startsWith("/channels/")) this.rest.channelWrites++;
    }
    for (const request of requests) {
      if (request.status < 200 || request.status >= 300) continue;
      const match = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(request.path);
      if (!match) continue;
      const [, channelId, messageId] = match;
      if (request.method === "POST" && !messageId && this.#watched.has(channelId!))
        this.#dirty.add(channelId!);
      else if (request.method === "PATCH" && messageId && this.tableMessages.has(messageId)) {
        const message = emulator.message(messageId);
        if (message) this.#noteTable(message, request.at);
      }
    }
    for (const channelId of this.#dirty) this.#scan(channelId);
    this.#dirty.clear();
    this.#settle();
  }

  /** The newest messages of a channel: table pictures of watched games. */
  #scan(channelId: string): void {
    const games = this.#watched.get(channelId);
    if (!games || games.size === 0) return;
    const messages = this.emulator.channelMessages(channelId);
    const now = Date.now();
    // Only the last few: older ones were seen by earlier scans.
    for (let i = messages.length - 1, seen = 0; i >= 0 && seen < 12; i--, seen++) {
      const message = messages[i]!;
      this.#noteTable(message, now);
    }
  }

  #noteTable(message: MessageView, at: number): void {
    for (const attachment of message.attachments) {
      const match = TABLE_FILE.exec(attachment.filename);
      if (!match) continue;
      const gameId = Number(match[2]);
      const version = Number(match[3]);
      if (!this.#watched.get(message.channelId)?.has(gameId) && !this.tableMessages.has(message.id)) continue;
      this.tableMessages.set(message.id, gameId);
      const current = this.currentTable.get(message.channelId);
      if (
        !current ||
        current.gameId < gameId ||
        (current.gameId === gameId &&
          (current.version < version || BigInt(current.messageId) < BigInt(message.id)))
      ) {
        this.currentTable.set(message.channelId, { gameId, messageId: message.id, version });
      }
      if ((this.shown.get(gameId) ?? -1) < version) {
        this.shown.set(gameId, version);
        const waits = this.#tableWaits.get(gameId);
        if (waits) {
          const left = waits.filter((wait) => {
            if (wait.version > version) return true;
            this.tableLatencies.push(Math.max(0, at - wait.at));
            return false;
          });
          if (left.length > 0) this.#tableWaits.set(gameId, left);
          else this.#tableWaits.delete(gameId);
        }
      }
    }
  }

  #settle(): void {
    const now = Date.now();
    const alive = this.alive();
    for (const [id, waiter] of this.#waiters) {
      if (!alive) {
        this.#waiters.delete(id);
        waiter.resolve(null);
        continue;
      }
      if (this.acks.has(id)) {
        const responses = this.emulator.responsesTo(id);
        if (settled(responses, waiter.editsBefore)) {
          this.#waiters.delete(id);
          waiter.resolve(responses);
          continue;
        }
      }
      if (now > waiter.deadline) {
        this.#waiters.delete(id);
        waiter.resolve(null);
      }
    }
    for (const [gameId, waits] of this.#tableWaits) {
      const left = waits.filter((wait) => wait.deadline >= now);
      this.tablesMissing += waits.length - left.length;
      if (left.length > 0) this.#tableWaits.set(gameId, left);
      else this.#tableWaits.delete(gameId);
    }
  }
}

/** Acknowledged, and a deferral filled in (the emulator's own rule for waitForResponse). */
function settled(responses: InteractionResponses, editsBefore: number): boolean {
  if (!responses.acked) return false;
  switch (responses.callbackType) {
    case 5: // deferred reply: the "thinking" message is filled in, or a follow-up came
      return (
        responses.followUps.length > 0 ||
        responses.message === null ||
        responses.message.deleted ||
        !responses.message.loading
      );
    case 6: // deferred update: the clicked message is edited, or a follow-up came
      return responses.followUps.length > 0 || (responses.message?.editCount ?? 0) > editsBefore;
    default:
      return true;
  }
}

// ---- the players ----------------------------------------------------------------------------------

/** Players per game in the load bench (each game type's own minimum is honoured). */
const SEATS: Record<string, number> = {
  thegame: 2,
  stapelen: 2,
  twelves: 2,
  sirtommy: 2,
  fourkings: 1,
  troubadour: 3,
  onevstwo: 3,
};
export const MAX_SEATS = 3;
export const ALL_GAMES = GAMES.list.map((game) => game.ui).map((ui) => ui.gameType);

export type ClickKind =
  | "lobby"
  | "panel"
  | "hand"
  | "move"
  | "select"
  | "nav"
  | "refused"
  | "stale"
  | "end"
  | "unanswered"
  | "failed";

interface Candidate {
  kind: "move" | "select" | "nav";
  /** The message the component is on. */
  messageId: string;
  customId: string;
  values: string[] | null;
}

interface GameRow {
  id: number;
  gameType: string;
  status: string;
  version: number;
  state: unknown;
  players: string[];
}

interface ParsedId {
  gameId: number;
  version: number;
  action: string;
  args: string[];
}

function parseGameId(customId: string | null): ParsedId | null {
  const parts = (customId ?? "").split(":");
  if (parts[0] !== "g" || parts.length < 4) return null;
  return { gameId: Number(parts[1]), version: Number(parts[2]), action: parts[3]!, args: parts.slice(4) };
}

/** The version a panel belongs to, from its components' custom_ids (-1 if it has none). */
function panelVersion(message: MessageView, gameId: number): number {
  for (const component of componentsOf(message)) {
    const parsed = parseGameId(component.customId);
    if (parsed && parsed.gameId === gameId) return parsed.version;
  }
  return -1;
}

/** One channel where games are played one after another by a fixed set of users. */
export interface Slot {
  index: number;
  guild: EmulatorGuild;
  channel: EmulatorChannel;
  users: EmulatorUser[];
  gameId: number | null;
  gameType: string | null;
  /** userId → their newest private panel message. */
  panels: Map<string, string>;
  /** userId → the version at which their panel offered nothing to do. */
  blocked: Map<string, number>;
  current: string | null;
  lastVersion: number;
  lastProgress: number;
  generation: number;
  startFailures: number;
  gamesStarted: number;
  gamesFinished: number;
  moves: number;
}

export function newSlot(
  index: number,
  guild: EmulatorGuild,
  channel: EmulatorChannel,
  users: EmulatorUser[],
): Slot {
  return {
    index,
    guild,
    channel,
    users,
    gameId: null,
    gameType: null,
    panels: new Map(),
    blocked: new Map(),
    current: null,
    lastVersion: -1,
    lastProgress: Date.now(),
    generation: 0,
    startFailures: 0,
    gamesStarted: 0,
    gamesFinished: 0,
    moves: 0,
  };
}

export interface StuckGame {
  slot: number;
  channelId: string;
  gameId: number | null;
  gameType: string | null;
  version: number;
  reason: string;
}

export interface DriverOptions {
  emulator: DiscordEmulator;
  bot: BotProcess;
  observer: Observer;
  seed: number;
  /** Game types new games are chosen from, round robin. */
  mix: string[];
  /** Interactions to send in all (the budget); Infinity for none. */
  budget: number;
  /** A game whose version has not moved for this long is ended and replaced. */
  stuckMs?: number;
  /** Hard wall-clock limit of a run. */
  deadlineMs?: number;
  /** Called after every interaction sent (the soak samples RSS from here). */
  onInteraction?: (sent: number) => void;
  /** How many slots will run: once each has its first game in play, the steady phase begins. */
  slots?: number;
  /** Seats per game the host gives to bots (at least one person stays); they move by themselves. */
  bots?: number;
}

/**
 * Drives games: every slot runs its own loop of "read the game, pick an actor, open their panel or
 * click a legal component in it", one interaction at a time per game, as fast as the answers come.
 */
export class Driver {
  readonly emulator: DiscordEmulator;
  readonly bot: BotProcess;
  readonly observer: Observer;
  readonly rng: RngState;
  readonly uis = new Map<string, AnyGameUi>(GAMES.list.map((game) => game.ui).map((ui) => [ui.gameType, ui]));
  /** Interaction id → what it was and when (Date.now()) it was sent. */
  readonly sent = new Map<string, { kind: ClickKind; at: number; gameType: string | null }>();
  /** Interaction id → ms from the click until the answer was complete (a deferral filled in). */
  readonly answered = new Map<string, number>();
  readonly mix: Record<string, number> = {};
  readonly stuck: StuckGame[] = [];
  /** Per game type: games started, finished (played to their end), moves made, stuck and replaced. */
  readonly byType: Record<string, { started: number; finished: number; moves: number; stuck: number }> = {};
  readonly errors: string[] = [];
  /** Interactions reserved against the budget (a dispatch that throws gives its place back). */
  used = 0;
  /** Interactions dispatched to the bot. */
  dispatched = 0;
  budget: number;
  aborted: string | null = null;
  /** When every slot had its first game in play (the end of the start-up burst of lobbies). */
  steady: { at: number; dispatched: number } | null = null;
  #firstStarts = 0;
  readonly #options: DriverOptions;
  #db: Database.Database | null = null;
  readonly #stateCache = new Map<number, { version: number; state: unknown }>();

  constructor(options: DriverOptions) {
    this.#options = options;
    this.emulator = options.emulator;
    this.bot = options.bot;
    this.observer = options.observer;
    this.rng = createRng(options.seed);
    this.budget = options.budget;
  }

  get done(): boolean {
    return this.aborted !== null || this.used >= this.budget;
  }

  close(): void {
    this.#statements.clear();
    this.#db?.close();
    this.#db = null;
  }

  // ---- the bot's database, read-only ----

  #database(): Database.Database {
    if (!this.#db) this.#db = new Database(this.bot.databasePath, { readonly: true, fileMustExist: true });
    return this.#db;
  }

  readonly #statements = new Map<string, Database.Statement>();

  #sql(text: string): Database.Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#database().prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  readGame(gameId: number): GameRow | null {
    const row = this.#sql(
      "SELECT id, game_type AS gameType, status, version, state FROM games WHERE id = ?",
    ).get(gameId) as
      | { id: number; gameType: string; status: string; version: number; state: string | null }
      | undefined;
    if (!row) return null;
    const cached = this.#stateCache.get(gameId);
    let state: unknown = null;
    if (cached && cached.version === row.version) state = cached.state;
    else if (row.state !== null) {
      state = JSON.parse(row.state);
      this.#stateCache.set(gameId, { version: row.version, state });
    }
    const players = (
      this.#sql("SELECT user_id AS userId FROM game_players WHERE game_id = ? ORDER BY seat").all(gameId) as {
        userId: string;
      }[]
    ).map((p) => p.userId);
    return { id: row.id, gameType: row.gameType, status: row.status, version: row.version, state, players };
  }

  openGameIn(channelId: string): { id: number; status: string } | null {
    return (
      (this.#sql(
        "SELECT id, status FROM games WHERE channel_id = ? AND status IN ('lobby', 'active') ORDER BY id DESC LIMIT 1",
      ).get(channelId) as { id: number; status: string } | undefined) ?? null
    );
  }

  // ---- sending ----

  #type(gameType: string) {
    this.byType[gameType] ??= { started: 0, finished: 0, moves: 0, stuck: 0 };
    return this.byType[gameType];
  }

  count(kind: ClickKind): void {
    this.mix[kind] = (this.mix[kind] ?? 0) + 1;
  }

  /**
   * Sends one interaction (if the budget allows) and waits for the bot's settled answer.
   * `undefined`: not sent (budget spent, or the component was gone); `null`: no answer in time.
   */
  async send(
    kind: ClickKind,
    dispatch: () => Promise<EmulatedInteraction>,
    onMessage: string | null,
    gameType: string | null,
    force = false,
  ): Promise<{ handle: EmulatedInteraction; at: number; response: InteractionResponses | null } | undefined> {
    if (this.aborted || (!force && this.used >= this.budget)) return undefined;
    const editsBefore = onMessage ? (this.emulator.message(onMessage)?.editCount ?? 0) : 0;
    const at = Date.now();
    let handle: EmulatedInteraction;
    // Counted before the dispatch: other slots check the budget meanwhile.
    this.used++;
    try {
      handle = await dispatch();
    } catch (err) {
      this.used--;
      const message = (err as Error).message;
      if (!this.bot.running) this.aborted = `the bot process exited: ${JSON.stringify(this.bot.lastExit)}`;
      else if (/No bot is connected/.test(message)) this.aborted = message;
      // A component that vanished between reading and clicking (another update won the race).
      else if (!/has no component|is disabled|was deleted/.test(message) && this.errors.length < 50)
        this.errors.push(message);
      await sleep(20);
      return undefined;
    }
    this.sent.set(handle.id, { kind, at, gameType });
    // Counted here, with no await since, so every number is reported once.
    this.dispatched++;
    this.#options.onInteraction?.(this.dispatched);
    const response = await this.observer.response(handle, editsBefore, 15_000);
    if (response) this.answered.set(handle.id, Date.now() - at);
    if (!response) this.count(this.observer.acks.has(handle.id) ? "failed" : "unanswered");
    else if (kind === "lobby" || kind === "end") this.count(kind);
    return { handle, at, response };
  }

  // ---- playing ----

  /** The loop of one slot until the budget is spent. */
  async run(slot: Slot): Promise<void> {
    const deadline = Date.now() + (this.#options.deadlineMs ?? 30 * 60_000);
    while (!this.done) {
      if (!this.bot.running) {
        this.aborted ??= `the bot process exited: ${JSON.stringify(this.bot.lastExit)}`;
        break;
      }
      if (Date.now() > deadline) {
        this.aborted ??= "the run's time limit was reached";
        break;
      }
      try {
        await this.step(slot);
      } catch (err) {
        if (this.errors.length < 50) this.errors.push(`slot ${slot.index}: ${(err as Error).stack ?? err}`);
        await sleep(200);
      }
    }
  }

  /** One action of a slot: start a game, open a panel, or click in one. */
  async step(
    slot: Slot,
    options: { allowStart?: boolean } = {},
  ): Promise<"started" | "ended" | "acted" | "idle"> {
    if (slot.gameId === null) {
      if (options.allowStart === false) return "ended";
      await this.startGame(slot);
      return "started";
    }
    const game = this.readGame(slot.gameId);
    if (game?.status !== "active") {
      if (game?.status === "finished") {
        slot.gamesFinished++;
        this.#type(game.gameType).finished++;
      }
      slot.gameId = null;
      return "ended";
    }
    const now = Date.now();
    if (game.version !== slot.lastVersion) {
      slot.lastVersion = game.version;
      slot.lastProgress = now;
      slot.blocked.clear();
    } else if (now - slot.lastProgress > (this.#options.stuckMs ?? 30_000)) {
      await this.replace(slot, game, "no move for a while");
      return "acted";
    }
    const ui = this.uis.get(game.gameType)!;
    const actors = ui.engine.actors(game.state).filter((id) => slot.users.some((u) => u.id === id));
    const free = actors.filter((id) => slot.blocked.get(id) !== game.version);
    if (free.length === 0) {
      await sleep(50);
      return "idle";
    }
    const player = slot.current && free.includes(slot.current) ? slot.current : pick(this.rng, free);
    slot.current = player;
    const panelId = slot.panels.get(player);
    const panel = panelId ? this.emulator.message(panelId) : undefined;
    if (!panel || panel.deleted || panelVersion(panel, game.id) !== game.version) {
      await this.openPanel(slot, player, game);
      return "acted";
    }
    const choice = this.choose(slot, ui, player, game, panel);
    if (!choice) {
      slot.blocked.set(player, game.version);
      return "idle";
    }
    const sent = await this.send(
      choice.kind,
      () =>
        choice.values === null
          ? this.emulator.click(player, choice.messageId, choice.customId)
          : this.emulator.select(player, choice.messageId, choice.customId, choice.values),
      choice.messageId,
      game.gameType,
    );
    if (!sent) return "idle";
    const message = sent.response?.message;
    if (message?.ephemeral && message.audienceUserId === player) slot.panels.set(player, message.id);
    if (!sent.response) return "acted";
    const after = this.readGame(game.id);
    if (after && after.version > game.version) {
      this.count("move");
      slot.moves++;
      this.#type(game.gameType).moves++;
      this.observer.expectTable(game.id, after.version, sent.at);
    } else if (choice.kind === "move")
      this.count(/already|earlier moment|out of date/.test(message?.content ?? "") ? "stale" : "refused");
    else this.count(choice.kind);
    return "acted";
  }

  /** The newest table message of the slot's game with a panel button, waiting for it if need be. */
  async table(
    slot: Slot,
    gameId: number,
    timeoutMs = 10_000,
  ): Promise<{ message: MessageView; panel: string } | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = this.observer.currentTable.get(slot.channel.id);
      if (current && current.gameId === gameId) {
        const message = this.emulator.message(current.messageId);
        const panel = message
          ? componentsOf(message).find((c) => !c.disabled && parseGameId(c.customId)?.action === "panel")
          : undefined;
        if (message && panel?.customId) return { message, panel: panel.customId };
      }
      if (Date.now() > deadline || this.done) return null;
      await sleep(20);
    }
  }

  /**
   * The player's panel from the table's button; when the game has no table with buttons after a
   * few seconds (its first table not posted yet), from `/game hand`, as a player would.
   */
  async openPanel(slot: Slot, player: string, game: GameRow): Promise<void> {
    const table = await this.table(slot, game.id, 5000);
    if (this.done) return;
    const sent = table
      ? await this.send(
          "panel",
          () => this.emulator.click(player, table.message.id, table.panel),
          table.message.id,
          game.gameType,
        )
      : await this.send(
          "hand",
          () => this.emulator.slash(player, slot.channel, "game", {}, "hand"),
          null,
          game.gameType,
        );
    if (!sent?.response) return;
    this.count(table ? "panel" : "hand");
    const message = sent.response.message;
    if (message?.ephemeral && message.audienceUserId === player) slot.panels.set(player, message.id);
  }

  /** A component of the player's panel (or a table action) that makes a legal move or a choice toward one. */
  choose(slot: Slot, ui: AnyGameUi, player: string, game: GameRow, panel: MessageView): Candidate | null {
    const view = ui.engine.privateView(game.state, player);
    const moves: Candidate[] = [];
    const selects: Candidate[] = [];
    const backs: Candidate[] = [];
    const consider = (message: MessageView, component: ComponentView) => {
      if (component.disabled || !component.customId) return;
      const parsed = parseGameId(component.customId);
      if (!parsed || parsed.gameId !== game.id || parsed.version !== game.version) return;
      if (parsed.action === "panel") return;
      if (parsed.action === "refresh") return;
      const base = { messageId: message.id, customId: component.customId };
      if (parsed.action === "back") {
        backs.push({ kind: "nav", ...base, values: null });
        return;
      }
      const valueSets =
        component.type === ComponentType.Button ? [null] : selectValueSets(this.rng, component);
      for (const values of valueSets) {
        let intent: ReturnType<AnyGameUi["interpret"]>;
        try {
          intent = ui.interpret({
            userId: player,
            view,
            action: parsed.action,
            args: parsed.args,
            values: values ?? [],
          });
        } catch {
          continue;
        }
        if (intent.kind === "move") {
          if (ui.engine.apply(game.state, player, intent.move).ok)
            moves.push({ kind: "move", ...base, values });
        } else if (intent.kind === "panel") selects.push({ kind: "select", ...base, values });
      }
    };
    for (const component of componentsOf(panel)) consider(panel, component);
    const table = this.observer.currentTable.get(slot.channel.id);
    if (table && table.gameId === game.id) {
      const message = this.emulator.message(table.messageId);
      if (message) for (const component of componentsOf(message)) consider(message, component);
    }
    if (moves.length > 0 && (selects.length === 0 || nextInt(this.rng, 10) < 8)) return pick(this.rng, moves);
    if (selects.length > 0) return pick(this.rng, selects);
    if (backs.length > 0) return pick(this.rng, backs);
    return null;
  }

  /** `/play`, the others join, the host starts; the slot then plays that game. */
  async startGame(slot: Slot): Promise<void> {
    const open = this.openGameIn(slot.channel.id);
    if (open) {
      // Left over (a start that timed out half-way): end it so the channel is free.
      await this.endGame(slot, open.id);
      return;
    }
    const gameType = this.#options.mix[(slot.index + slot.generation) % this.#options.mix.length]!;
    slot.generation++;
    const ui = this.uis.get(gameType)!;
    const seats = Math.max(ui.engine.minPlayers, Math.min(ui.engine.maxPlayers, SEATS[gameType] ?? 2));
    const bots = ui.engine.maxPlayers > 1 ? Math.min(this.#options.bots ?? 0, seats - 1) : 0;
    const players = slot.users.slice(0, seats - bots);
    const host = players[0]!;
    const options: Record<string, boolean> = {};
    if (ui.engine.options.some((o) => o.name === "shortMatch")) options["short-match"] = true;
    const failed = async (why: string) => {
      slot.startFailures++;
      if (this.errors.length < 50) this.errors.push(`slot ${slot.index}: ${gameType} did not start: ${why}`);
      await sleep(200);
    };
    const play = await this.send(
      "lobby",
      () => this.emulator.slash(host, slot.channel, "play", options, gameType),
      null,
      gameType,
    );
    if (!play?.response) return play === undefined ? undefined : failed("no answer to /play");
    const created = this.openGameIn(slot.channel.id);
    if (!created) return failed(`/play was refused: ${play.response.message?.content ?? "?"}`);
    if (created.status === "lobby") {
      const lobby = play.response.message;
      if (!lobby) return failed("no lobby message");
      for (const joiner of players.slice(1)) {
        const join = await this.send(
          "lobby",
          () => this.emulator.click(joiner, lobby.id, `l:${created.id}:join`),
          lobby.id,
          gameType,
        );
        if (!join?.response) return join === undefined ? undefined : failed("no answer to join");
      }
      for (let b = 0; b < bots; b++) {
        const added = await this.send(
          "lobby",
          () => this.emulator.click(host, lobby.id, `l:${created.id}:addBot`),
          lobby.id,
          gameType,
        );
        if (!added?.response) return added === undefined ? undefined : failed("no answer to Add a bot");
      }
      const start = await this.send(
        "lobby",
        () => this.emulator.click(host, lobby.id, `l:${created.id}:start`),
        lobby.id,
        gameType,
      );
      if (!start?.response) return start === undefined ? undefined : failed("no answer to start");
    }
    const game = this.readGame(created.id);
    if (game?.status !== "active") return failed(`the game is ${game?.status ?? "gone"} after start`);
    slot.gameId = game.id;
    slot.gameType = gameType;
    slot.panels.clear();
    slot.blocked.clear();
    slot.current = null;
    slot.lastVersion = game.version;
    slot.lastProgress = Date.now();
    slot.gamesStarted++;
    if (slot.gamesStarted === 1 && ++this.#firstStarts === this.#options.slots) {
      this.steady = { at: Date.now(), dispatched: this.dispatched };
    }
    this.#type(gameType).started++;
    this.observer.watch(slot.channel.id, game.id);
  }

  /** `/game end` by the host; the slot moves to a fresh channel if the game stays open. */
  async endGame(slot: Slot, gameId: number): Promise<void> {
    const game = this.readGame(gameId);
    const host = slot.users.find((u) => u.id === game?.players[0]) ?? slot.users[0]!;
    await this.send(
      "end",
      () => this.emulator.slash(host, slot.channel, "game", {}, "end"),
      null,
      game?.gameType ?? null,
      true,
    );
    this.observer.unwatch(slot.channel.id, gameId);
    if (this.openGameIn(slot.channel.id)?.id === gameId) {
      slot.channel = this.emulator.createChannel(slot.guild, `${slot.channel.name}-x`);
    }
    slot.gameId = null;
  }

  async replace(slot: Slot, game: GameRow, reason: string): Promise<void> {
    this.#type(game.gameType).stuck++;
    this.stuck.push({
      slot: slot.index,
      channelId: slot.channel.id,
      gameId: game.id,
      gameType: game.gameType,
      version: game.version,
      reason,
    });
    await this.endGame(slot, game.id);
  }

  /** Kind mix as "move 61% · select 20% · …". */
  mixLine(): string {
    const total = Object.values(this.mix).reduce((a, b) => a + b, 0) || 1;
    return Object.entries(this.mix)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${kind} ${((100 * n) / total).toFixed(0)}%`)
      .join(" · ");
  }

  /**
   * Of the interactions sent at or after `since`: ack latencies, those unanswered within 3 s, and
   * the time until the answer was complete (overall and per game type).
   */
  ackFigures(since = 0): {
    acks: Stats;
    unanswered: number;
    sent: number;
    answers: Stats;
    answersByType: Record<string, Stats>;
  } {
    const samples: number[] = [];
    const answers: number[] = [];
    const byType: Record<string, number[]> = {};
    let unanswered = 0;
    let sent = 0;
    for (const [id, info] of this.sent) {
      if (info.at < since) continue;
      sent++;
      const ms = this.observer.acks.get(id);
      if (ms === undefined || ms > 3000) unanswered++;
      if (ms !== undefined) samples.push(ms);
      const done = this.answered.get(id);
      if (done !== undefined) {
        answers.push(done);
        if (info.gameType) {
          byType[info.gameType] ??= [];
          byType[info.gameType]!.push(done);
        }
      }
    }
    const answersByType = Object.fromEntries(
      Object.entries(byType).map(([type, list]) => [type, stats(list)]),
    );
    return { acks: stats(samples), unanswered, sent, answers: stats(answers), answersByType };
  }
}

/** Value lists to try on a select: each option alone, or a few random sets within its limits. */
function selectValueSets(rng: RngState, component: ComponentView): string[][] {
  const values = component.options.map((o) => o.value);
  const min = component.minValues ?? 1;
  const max = Math.min(component.maxValues ?? 1, values.length);
  if (values.length === 0) return [];
  if (max <= 1) return values.map((v) => [v]);
  const sets: string[][] = [];
  for (let i = 0; i < 8; i++) {
    const size = min + nextInt(rng, max - min + 1);
    const pool = [...values];
    const chosen: string[] = [];
    while (chosen.length < size && pool.length > 0)
      chosen.push(pool.splice(nextInt(rng, pool.length), 1)[0]!);
    sets.push(chosen);
  }
  return sets;
}

// ---- a world: emulator + bot + observer ----------------------------------------------------------

export interface WorldOptions {
  env?: Record<string, string | undefined>;
  databasePath?: string;
  guildId?: string;
}

/** Starts the bot on an emulator that is already set up; returns the ms from spawn to ready. */
export async function startBot(
  emulator: DiscordEmulator,
  options: WorldOptions & { readyTimeoutMs?: number },
): Promise<{ bot: BotProcess; readyMs: number; loggedInMs: number | null }> {
  const bot = new BotProcess({
    emulator,
    guildId: options.guildId,
    databasePath: options.databasePath,
    env: { BENCH_LOOP_STATS: "1", REMINDER_HOURS: "0", ...options.env },
  });
  const spawned = Date.now();
  await bot.start();
  await emulator.waitForBotReady({ bot, timeoutMs: options.readyTimeoutMs ?? 120_000 });
  const readyMs = Date.now() - spawned;
  const loggedIn = bot.lines.find((line) => /logged in as/.test(line.text));
  return { bot, readyMs, loggedInMs: loggedIn ? loggedIn.at - spawned : null };
}

/** Kills the bot (SIGTERM, then SIGKILL) and stops the emulator, whatever happened before. */
export async function shutdown(bot: BotProcess | null, emulator: DiscordEmulator | null): Promise<void> {
  try {
    if (bot?.running) await bot.kill("SIGTERM", 3000);
  } catch {
    /* killed below */
  }
  try {
    if (bot?.running) await bot.kill("SIGKILL");
  } catch {
    /* nothing more to do */
  }
  try {
    await emulator?.stop();
  } catch {
    /* already stopped */
  }
}

let liveBots: BotProcess[] = [];

/** Ctrl-C or a kill of the bench must not leave a bot running. */
export function killBotsOnSignal(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      for (const bot of liveBots) if (bot.running && bot.pid) process.kill(bot.pid, "SIGKILL");
      process.exit(130);
    });
  }
}

export function trackBot(bot: BotProcess): void {
  liveBots.push(bot);
}

export function untrackBot(bot: BotProcess): void {
  liveBots = liveBots.filter((b) => b !== bot);
}

// ---- the load bench ------------------------------------------------------------------------------

export interface LoadRunResult {
  games: number;
  budget: number;
  interactions: number;
  seconds: number;
  perSecond: number;
  /** Interactions per second once every game was in play (the lobbies' start-up burst left out). */
  steadyPerSecond: number;
  ackMs: Stats;
  /** Click → the answer complete (a deferred panel filled in with its picture). */
  answerMs: Stats;
  answerMsByType: Record<string, Stats>;
  tableMs: Stats;
  tablesMissing: number;
  unanswered: number;
  /** Requests Discord's limits refused (429): all, and those over the global budget. */
  rateLimited: { all: number; global: number };
  lateAcks: number;
  /** The bot's REST writes per second (see Observer.rest). */
  restPerSecond: { callbacks: number; webhookWrites: number; channelWrites: number };
  loop: LoopStats;
  botCpuPercent: number;
  driverCpuPercent: number;
  rssMiB: { start: number; peak: number; end: number };
  mix: Record<string, number>;
  mixLine: string;
  byType: Driver["byType"];
  gamesStarted: number;
  gamesFinished: number;
  moves: number;
  stuck: StuckGame[];
  errors: string[];
  violations: string[];
  unknownRoutes: string[];
  /** Error answers the emulator gave the bot (4xx/5xx: refused payloads, unknown messages…). */
  errorResponses: number;
  botErrorLines: string[];
  /** The bot's own WARN and ERROR log lines (how many, and the first few). */
  botWarnings: { count: number; first: string[] };
  aborted: string | null;
  rssTimeline?: { interactions: number; rssMiB: number }[];
}

export const LOAD_TARGETS = {
  games: 100,
  ackP95Ms: 100,
  unanswered: 0,
  perSecond: 100,
  stretchPerSecond: 200,
  stallMs: 50,
};

export interface LoadRunOptions {
  games: number;
  interactions: number;
  seed: number;
  mix: string[];
  /** Sample RSS every this many interactions (the soak). */
  rssEvery?: number;
  /** A game without a move for this long is ended and replaced (default 30 s). */
  stuckMs?: number;
  /** Seats per game given to bots, and their pause before each move (ms). */
  bots?: number;
  botDelayMs?: number;
  log?: (line: string) => void;
}

/** One scenario: a fresh emulator, bot and database; N games at once until the budget is spent. */
export async function loadRun(options: LoadRunOptions): Promise<LoadRunResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const emulator = new DiscordEmulator({ rateLimits: {} });
  let bot: BotProcess | null = null;
  let observer: Observer | null = null;
  let driver: Driver | null = null;
  let monitor: ProcMonitor | null = null;
  try {
    await emulator.start();
    const guild = emulator.createGuild("Load");
    const slots: Slot[] = [];
    for (let i = 0; i < options.games; i++) {
      const channel = emulator.createChannel(guild, `table-${i + 1}`);
      const users = Array.from({ length: MAX_SEATS }, (_, p) =>
        emulator.createUser(`P${i + 1}x${p + 1}`, { guilds: [guild] }),
      );
      slots.push(newSlot(i, guild, channel, users));
    }
    const started = await startBot(emulator, {
      guildId: guild.id,
      env: { BOT_MOVE_DELAY_MS: String(options.botDelayMs ?? 0) },
    });
    bot = started.bot;
    trackBot(bot);
    const live = bot;
    observer = new Observer(emulator, () => live.running);
    observer.start();
    monitor = new ProcMonitor(bot);
    monitor.start(500);
    const rssTimeline: { interactions: number; rssMiB: number }[] = [];
    const every = options.rssEvery;
    driver = new Driver({
      emulator,
      bot,
      observer,
      seed: options.seed,
      mix: options.mix,
      budget: options.interactions,
      slots: slots.length,
      stuckMs: options.stuckMs,
      bots: options.bots,
      // A safety net only: a bot answering 10 interactions a second finishes well within it.
      deadlineMs: 60_000 + options.interactions * 100,
      onInteraction: every
        ? (sent) => {
            if (sent % every !== 0) return;
            const sample = monitor!.sample();
            if (sample) {
              rssTimeline.push({ interactions: sent, rssMiB: sample.rssMiB });
              log(`  ${String(sent).padStart(6)} interactions: bot RSS ${fmt(sample.rssMiB, 1)} MiB`);
            }
          }
        : undefined,
    });
    const lineFrom = bot.lines.length;
    observer.tick();
    const restBefore = { ...observer.rest };
    const before = monitor.sample();
    const cpuBefore = process.cpuUsage();
    const t0 = Date.now();
    const progress = setInterval(() => {
      const d = driver!;
      log(
        `  … ${d.dispatched}/${options.interactions} interactions, ${Math.round((Date.now() - t0) / 1000)} s, ${d.mixLine()}`,
      );
    }, 15_000);
    progress.unref();
    // Staggered a little, as players arrive.
    await Promise.all(
      slots.map(async (slot, i) => {
        await sleep(i * 20);
        await driver!.run(slot);
      }),
    );
    clearInterval(progress);
    const t1 = Date.now();
    const cpuAfter = process.cpuUsage(cpuBefore);
    observer.tick();
    const restAfter = { ...observer.rest };
    // The last answers and tables may still be on their way.
    const settleUntil = Date.now() + 20_000;
    while (observer.pendingTables > 0 && Date.now() < settleUntil) await sleep(50);
    await sleep(Math.max(0, 3200 - (Date.now() - t1)));
    observer.tick();
    const after = monitor.sample();
    const seconds = (t1 - t0) / 1000;
    const ack = driver.ackFigures();
    const result: LoadRunResult = {
      games: options.games,
      budget: options.interactions,
      interactions: driver.dispatched,
      seconds,
      perSecond: driver.dispatched / seconds,
      steadyPerSecond:
        driver.steady && t1 - driver.steady.at > 1000
          ? (driver.dispatched - driver.steady.dispatched) / ((t1 - driver.steady.at) / 1000)
          : Number.NaN,
      ackMs: ack.acks,
      answerMs: ack.answers,
      answerMsByType: ack.answersByType,
      tableMs: stats(observer.tableLatencies),
      tablesMissing: observer.tablesMissing + observer.pendingTables,
      unanswered: ack.unanswered,
      rateLimited: { all: emulator.rateLimits.limited, global: emulator.rateLimits.global.limited },
      lateAcks: observer.lateAcks.length,
      restPerSecond: {
        callbacks: (restAfter.callbacks - restBefore.callbacks) / seconds,
        webhookWrites: (restAfter.webhookWrites - restBefore.webhookWrites) / seconds,
        channelWrites: (restAfter.channelWrites - restBefore.channelWrites) / seconds,
      },
      loop: loopStats(bot, lineFrom, t0),
      botCpuPercent:
        before && after
          ? (100 * (after.cpuSeconds - before.cpuSeconds)) / ((after.at - before.at) / 1000)
          : Number.NaN,
      driverCpuPercent: (100 * (cpuAfter.user + cpuAfter.system)) / 1e6 / seconds,
      rssMiB: {
        start: before?.rssMiB ?? Number.NaN,
        peak: monitor.peakRss(t0),
        end: after?.rssMiB ?? Number.NaN,
      },
      mix: { ...driver.mix },
      mixLine: driver.mixLine(),
      byType: driver.byType,
      gamesStarted: slots.reduce((n, s) => n + s.gamesStarted, 0),
      gamesFinished: slots.reduce((n, s) => n + s.gamesFinished, 0),
      moves: slots.reduce((n, s) => n + s.moves, 0),
      stuck: driver.stuck,
      errors: driver.errors,
      violations: observer.violations,
      unknownRoutes: observer.unknownRoutes,
      errorResponses: observer.errorResponses,
      botErrorLines: bot
        .errorLines()
        .map((line) => line.text)
        .slice(0, 20),
      botWarnings: botWarnings(bot, lineFrom),
      aborted: driver.aborted,
    };
    if (every) result.rssTimeline = rssTimeline;
    return result;
  } finally {
    observer?.stop();
    monitor?.stop();
    driver?.close();
    await shutdown(bot, emulator);
    if (bot) untrackBot(bot);
  }
}

function parseMix(raw: string | undefined, fallback: string[]): string[] {
  if (raw === undefined) return fallback;
  const mix = raw === "all" ? ALL_GAMES : raw.split(",").map((s) => s.trim());
  for (const type of mix)
    if (!ALL_GAMES.includes(type))
      throw new Error(`unknown game "${type}" in --mix (${ALL_GAMES.join(", ")})`);
  return mix;
}

const LOAD_HELP = `npm run bench -- load [--games 1,20,100] [--interactions 300,1000,2000] [--mix all|thegame,stapelen,…] [--seed 1] [--stuck 30] [--bots 0] [--bot-delay 0]
  N games at once (one list entry per scenario; --interactions pairs with --games, the last one repeats).
  --bots N gives N seats of every game to bots (at least one person stays), moving --bot-delay ms after each change.
  A game without a move for --stuck seconds is reported, ended with /game end and replaced.`;

const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

/** The rate once every game was in play, or over the whole run when that phase was too short. */
const sustained = (r: LoadRunResult) =>
  Number.isFinite(r.steadyPerSecond) ? r.steadyPerSecond : r.perSecond;

function printLoadTable(results: LoadRunResult[]): void {
  console.log(
    `\n${"games".padStart(5)} ${"inter.".padStart(6)} ${"sec".padStart(5)} ${"int/s".padStart(6)} ${"steady".padStart(6)}  ${"ack med/p95/max ms".padStart(18)}  ${"table med/p95/max ms".padStart(20)} ${"unans".padStart(5)} ${"429s".padStart(5)} ${"stall max".padStart(9)} ${"bot CPU".padStart(7)} ${"RSS peak".padStart(9)}`,
  );
  for (const r of results) {
    console.log(
      `${String(r.games).padStart(5)} ${String(r.interactions).padStart(6)} ${fmt(r.seconds).padStart(5)} ${fmt(r.perSecond, 1).padStart(6)} ${fmt(r.steadyPerSecond, 1).padStart(6)}  ${fmtStats(r.ackMs).padStart(18)}  ${fmtStats(r.tableMs).padStart(20)} ${String(r.unanswered).padStart(5)} ${String(r.rateLimited.all).padStart(5)} ${`${fmt(r.loop.maxMs)} ms`.padStart(9)} ${`${fmt(r.botCpuPercent)}%`.padStart(7)} ${`${fmt(r.rssMiB.peak)} MiB`.padStart(9)}`,
    );
  }
}

function printRunDetails(r: LoadRunResult): void {
  console.log(
    `  ${r.games} games: ${r.interactions} interactions in ${fmt(r.seconds, 1)} s = ${fmt(r.perSecond, 1)}/s (${fmt(r.steadyPerSecond, 1)}/s once all games were in play); ` +
      `ack ${fmtStats(r.ackMs)} ms (med/p95/max); table ${fmtStats(r.tableMs)} ms over ${r.tableMs.count} moves` +
      (r.tablesMissing ? `; ${r.tablesMissing} moves not on a table within ${TABLE_WAIT_MS / 1000} s` : ""),
  );
  console.log(
    `  unanswered (no ack within 3 s): ${r.unanswered} (late acks the emulator refused: ${r.lateAcks}); 429s ${r.rateLimited.all} (${r.rateLimited.global} over the global budget); event-loop stall max ${fmt(r.loop.maxMs)} ms, worst p99 ${fmt(r.loop.p99MaxMs)} ms over ${r.loop.seconds} s${r.loop.seconds === 0 ? " (the bot printed no loop-stall lines: BENCH_LOOP_STATS not supported?)" : ""}`,
  );
  console.log(
    `  bot REST writes/s: ${fmt(r.restPerSecond.callbacks)} interaction callbacks, ${fmt(r.restPerSecond.webhookWrites)} deferred answers/follow-ups, ${fmt(r.restPerSecond.channelWrites)} channel messages (tables posted/edited, buttons stripped)`,
  );
  console.log(
    `  bot CPU ${fmt(r.botCpuPercent)}% of one core, RSS ${fmt(r.rssMiB.start)} → peak ${fmt(r.rssMiB.peak)} → ${fmt(r.rssMiB.end)} MiB; driver+emulator CPU ${fmt(r.driverCpuPercent)}%`,
  );
  console.log(
    `  games started ${r.gamesStarted}, finished ${r.gamesFinished}, moves ${r.moves}; click mix: ${r.mixLine}`,
  );
  console.log(`  click → answer complete (deferred panels filled in): ${fmtStats(r.answerMs)} ms; per game:`);
  for (const [type, t] of Object.entries(r.byType)) {
    console.log(
      `    ${type.padEnd(10)} ${String(t.started).padStart(4)} started ${String(t.finished).padStart(4)} finished ${String(t.moves).padStart(5)} moves${t.stuck ? ` ${t.stuck} STUCK` : ""}   answer ${fmtStats(r.answerMsByType[type] ?? stats([]))} ms`,
    );
  }
  if (r.stuck.length > 0)
    console.log(
      `  stuck games replaced: ${r.stuck.map((s) => `${s.gameType} #${s.gameId} v${s.version}`).join(", ")}`,
    );
  if (r.aborted) console.log(`  ABORTED: ${r.aborted}`);
  const problems = [
    ...r.errors.map((e) => `driver: ${e.split("\n")[0]}`),
    ...r.violations.map((v) => `emulator: ${v}`),
    ...r.unknownRoutes.map((u) => `unknown route: ${u}`),
    ...(r.errorResponses > 0 ? [`emulator: ${r.errorResponses} error answers to the bot's requests`] : []),
    ...r.botErrorLines.map((l) => `bot: ${l}`),
    ...(r.botWarnings.count > 0
      ? [`bot: ${r.botWarnings.count} WARN/ERROR lines, first: ${r.botWarnings.first.join(" | ")}`]
      : []),
  ];
  if (problems.length > 0) {
    console.log(`  problems (${problems.length}, first 8):`);
    for (const p of problems.slice(0, 8)) console.log(`    ${p.slice(0, 300)}`);
  }
}

function loadVerdicts(r: LoadRunResult): { name: string; value: string; target: string; ok: boolean }[] {
  return [
    {
      name: "ack p95",
      value: `${fmt(r.ackMs.p95)} ms`,
      target: `≤ ${LOAD_TARGETS.ackP95Ms} ms`,
      ok: r.ackMs.p95 <= LOAD_TARGETS.ackP95Ms,
    },
    { name: "unanswered within 3 s", value: String(r.unanswered), target: "0", ok: r.unanswered === 0 },
    { name: "responses 429", value: String(r.rateLimited.all), target: "0", ok: r.rateLimited.all === 0 },
    {
      name: "interactions/s",
      value: fmt(sustained(r), 1),
      target: `≥ ${LOAD_TARGETS.perSecond} (stretch ${LOAD_TARGETS.stretchPerSecond}${sustained(r) >= LOAD_TARGETS.stretchPerSecond ? ": reached" : ""})`,
      ok: sustained(r) >= LOAD_TARGETS.perSecond,
    },
    {
      name: "event-loop stall",
      value: `${fmt(r.loop.maxMs)} ms`,
      target: `≤ ${LOAD_TARGETS.stallMs} ms`,
      ok: r.loop.maxMs <= LOAD_TARGETS.stallMs,
    },
  ];
}

export async function runLoadBench(args: readonly string[]): Promise<number> {
  const flags = parseFlags(args);
  if (flags.has("help")) {
    console.log(LOAD_HELP);
    return 0;
  }
  const games = numberList(flags.get("games"), [1, 20, 100]);
  const interactions = numberList(
    flags.get("interactions"),
    flags.has("games") ? [games.length === 1 ? 2000 : 1000] : [300, 1000, 2000],
  );
  const mix = parseMix(flags.get("mix"), ALL_GAMES);
  const seed = Number(flags.get("seed") ?? 1);
  const stuckMs = 1000 * Number(flags.get("stuck") ?? 30);
  killBotsOnSignal();
  console.log(`Load bench on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}`);
  console.log(`Games: ${mix.join(", ")}; the real bot (dist/src/index.js) against the embedded emulator.`);
  const results: LoadRunResult[] = [];
  for (const [i, n] of games.entries()) {
    const budget = interactions[Math.min(i, interactions.length - 1)]!;
    console.log(`\n== ${n} game(s) at once, ${budget} interactions ==`);
    const result = await loadRun({
      games: n,
      interactions: budget,
      seed: seed + i,
      mix,
      stuckMs,
      bots: Number(flags.get("bots") ?? 0),
      botDelayMs: Number(flags.get("bot-delay") ?? 0),
    });
    printRunDetails(result);
    results.push(result);
  }
  printLoadTable(results);
  console.log(`\nTargets (they apply with ${LOAD_TARGETS.games} games):`);
  const judged = results.filter((r) => r.games >= LOAD_TARGETS.games);
  const verdicts = (judged.length > 0 ? judged : results.slice(-1)).map((r) => ({
    games: r.games,
    verdicts: loadVerdicts(r),
  }));
  for (const { games: n, verdicts: list } of verdicts) {
    if (n < LOAD_TARGETS.games)
      console.log(`  (no run with ${LOAD_TARGETS.games} games: judged on the ${n}-game run)`);
    for (const v of list)
      console.log(
        `  ${n} games  ${v.name.padEnd(22)} ${v.value.padStart(9)}   target ${v.target}: ${verdict(v.ok)}`,
      );
  }
  const file = writeResults("load", {
    bench: "load",
    machine: machine(),
    mix,
    seed,
    targets: LOAD_TARGETS,
    runs: results,
    verdicts,
  });
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
  return results.some((r) => r.aborted) ? 1 : 0;
}

// ---- the soak ------------------------------------------------------------------------------------

const SOAK_HELP = `npm run bench -- soak [--games 20] [--interactions 8000] [--every 500] [--mix …] [--seed 1] [--stuck 30]
  Many interactions over a few games; the bot's RSS every --every interactions, and whether it levels off.`;

export async function runSoakBench(args: readonly string[]): Promise<number> {
  const flags = parseFlags(args);
  if (flags.has("help")) {
    console.log(SOAK_HELP);
    return 0;
  }
  const games = numberList(flags.get("games"), [20])[0]!;
  const interactions = numberList(flags.get("interactions"), [8000])[0]!;
  const every = numberList(flags.get("every"), [500])[0]!;
  const mix = parseMix(flags.get("mix"), ALL_GAMES);
  const seed = Number(flags.get("seed") ?? 1);
  const stuckMs = 1000 * Number(flags.get("stuck") ?? 30);
  killBotsOnSignal();
  console.log(`RSS soak on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}`);
  console.log(`${games} games, ${interactions} interactions, RSS every ${every}; games: ${mix.join(", ")}\n`);
  const result = await loadRun({ games, interactions, seed, mix, rssEvery: every, stuckMs });
  printRunDetails(result);
  const timeline = result.rssTimeline ?? [];
  const plateau = plateauOf(timeline.map((p) => p.rssMiB));
  console.log(
    `\nRSS: first ${fmt(timeline[0]?.rssMiB ?? Number.NaN, 1)} MiB, last ${fmt(timeline.at(-1)?.rssMiB ?? Number.NaN, 1)} MiB, peak ${fmt(result.rssMiB.peak, 1)} MiB`,
  );
  console.log(
    plateau.growthPercent === null
      ? "Plateau: not enough samples to judge (need at least 3)."
      : `Plateau: the last third (from ${fmt(plateau.from, 1)} MiB) grew ${fmt(plateau.growthPercent, 1)} % (target < 5 %): ${plateau.ok ? "reached a plateau" : "STILL GROWING"}`,
  );
  const file = writeResults("soak", {
    bench: "soak",
    machine: machine(),
    games,
    interactions,
    every,
    mix,
    seed,
    plateau,
    run: result,
  });
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
  return result.aborted ? 1 : 0;
}

/** Growth within the last third of the samples: its highest value against its first. */
export function plateauOf(samples: readonly number[]): {
  from: number;
  growthPercent: number | null;
  ok: boolean;
} {
  if (samples.length < 3) return { from: Number.NaN, growthPercent: null, ok: false };
  const start = Math.floor((samples.length * 2) / 3) - 1;
  const from = samples[Math.max(0, start)]!;
  const last = samples.slice(Math.max(0, start));
  const growthPercent = (100 * (Math.max(...last) - from)) / from;
  return { from, growthPercent, ok: growthPercent < 5 };
}
