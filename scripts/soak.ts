import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import {
  BotProcess,
  type ComponentView,
  componentsOf,
  DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type MessageView,
} from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { ComponentType } from "discord.js";
import type { AnyGameUi } from "../src/bot/ui/types.js";
import { createRng, nextFloat, nextInt, type RngState, shuffle } from "../src/engine/core/rng.js";
import { GAMES } from "../src/games/index.js";
import { playOptionName } from "../src/i18n/commands.js";

/**
 * The kill soak (issue 11): random games of every kind played through the local Discord emulator
 * against the real bot process, which is killed with SIGKILL at random moments — while clicks are
 * in flight, exactly between a move's commit and its table post (the table request is held by the
 * emulator), during the repair after a restart, or when idle — and restarted on the same database.
 * Play goes on after every restart; a game that ends is followed by a new one.
 *
 * Players are emulator users. Which component to click is decided from outside the bot: the game's
 * state is read read-only from the bot's SQLite file, each enabled component of the player's panel
 * (and the table's own action buttons) is read back through the game's UI module (`interpret`) and
 * the engine judges the move (`apply`), so most clicks are real moves; the rest are selection
 * steps, navigation, stale and double clicks, out-of-turn clicks and a stranger's clicks. Lobbies
 * (`/play`, Join, Start) and `/game end` / `/game hand` go through the same random schedule, so
 * kills land in them too.
 *
 * What is checked (see `problems`):
 *  1. Replay: every started game's stored moves, applied in order to the engine's set-up from the
 *     stored seed, options and seats, give exactly the stored state. Moves are neither lost nor
 *     doubled: (game, seq) is unique and the seqs run without a gap from the first move after the
 *     start to the game's version; the version is the lobby's changes (joins and the start) plus the
 *     move count (plus 1 for a game ended by `/game end`). Every stored move is traced back to a
 *     distinct click of that player carrying the version the move was made from (no move the
 *     players did not make).
 *  2. No acknowledged move lost: see `checkClaims`.
 *  3. Tables current: after every restart, once the bot is idle, and at the end, the newest table
 *     message of every started game (its picture's file name `<type>-<id>-<version>.png`) shows the
 *     game's stored version, and the database's table record agrees.
 *  4. No interaction unanswered: every interaction sent while the bot was up got its first callback
 *     within 3 s, and a deferred answer was filled in — unless the bot was killed before it had
 *     that chance (killed less than 3 s after the click, or before the deferred answer came).
 *  5. The bot printed no error lines and the emulator saw no violations or unknown routes.
 *  6. Lobbies current: at the end, every lobby message shows its game's seats, and a started
 *     game's lobby no longer offers Join/Leave/Start (the bot repairs lobbies at start-up).
 * Observed but not failed (`observations`): a lobby message found behind while the soak runs (a
 * disabled Start that missed a join, a lobby stored without its message) — the next start-up
 * repairs it, which check 6 then sees (see `lobbyStep`).
 *
 * The seed fixes every random choice of the driver (and the bot's deals, GAME_SEED = f(seed, run));
 * the bot's own timing is not fixed, so a seed replays the same schedule, not always the same run.
 * Every problem names its game, click, version and bot run (1 = first start, n = after kill n-1).
 */

// ---- options and result ------------------------------------------------------------------------------

export interface SoakOptions {
  /** How many SIGKILLs (each followed by a restart). */
  kills: number;
  /** Seeds the schedule (who clicks what, when to kill) and the bot's deals (GAME_SEED). */
  seed?: number;
  /** Progress lines; default none. */
  log?: (line: string) => void;
  /** Steps (mostly one interaction each) between two kills, drawn in [min, max]. Default [8, 30]. */
  steps?: [number, number];
  /** Steps before the first kill, once every channel's first game has started. Default 20. */
  firstSteps?: number;
}

export interface SoakResult {
  seed: number;
  kills: number;
  durationMs: number;
  /** How each kill was timed. */
  killModes: Record<string, number>;
  /** Held kills that fell right after a commit (a stored move, join, start or lobby; checked in the database). */
  killsAfterCommit: number;
  restartMs: { median: number; max: number };
  games: {
    total: number;
    started: number;
    byType: Record<string, number>;
    finished: number;
    abandoned: number;
    active: number;
    /** Lobbies still open at the end, and lobbies closed by `/game end` before their start. */
    lobby: number;
    closedLobbies: number;
  };
  /** Stored moves, all games. */
  moves: number;
  /** What the players clicked (the mix). */
  clicks: Record<string, number>;
  /** How the bot answered. */
  answers: Record<string, number>;
  interactions: number;
  /** Moves the bot's answer said were made, and how many of them were found stored. */
  claims: { made: number; verified: number; alreadyMade: number };
  /** "table re-posted" lines of the bot: tables repaired after a restart. */
  tablesRepaired: number;
  /** The bot's SQLite file; deleted after a run without problems. */
  databasePath: string;
  problems: string[];
  /** Findings outside the issue's checks (lobby messages left behind by a kill); they do not fail the soak. */
  observations: string[];
}

// ---- small helpers --------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function pick<T>(rng: RngState, items: readonly T[]): T {
  return items[nextInt(rng, items.length)] as T;
}

function chance(rng: RngState, p: number): boolean {
  return nextFloat(rng) < p;
}

function count(map: Record<string, number>, key: string, by = 1): void {
  map[key] = (map[key] ?? 0) + by;
}

interface GameId {
  gameId: number;
  version: number;
  action: string;
  args: string[];
}

function parseGameId(customId: string | null | undefined): GameId | null {
  const parts = (customId ?? "").split(":");
  if (parts[0] !== "g" || parts.length < 4) return null;
  return {
    gameId: Number(parts[1]),
    version: Number(parts[2]),
    action: parts[3] ?? "",
    args: parts.slice(4),
  };
}

/** The game versions a message's components carry for `gameId`. */
function versionsIn(components: readonly ComponentView[], gameId: number): number[] {
  return components
    .map((c) => parseGameId(c.customId))
    .filter((p): p is GameId => p !== null && p.gameId === gameId)
    .map((p) => p.version);
}

const TABLE_FILE = /^([a-z0-9]+)-(\d+)-(\d+)\.png$/;

/** The notices the bot puts above a panel when a click changed nothing (src/bot/play.ts). */
const REFUSAL_PREFIXES = [
  "⚠️",
  "⏳",
  "✅",
  "That cannot be done",
  "Something went wrong",
  "The game database",
];
const ALREADY_MADE = /^✅ Your move was already made/;

const NAV = new Set(["panel", "refresh", "back"]);
const UIS = new Map<string, AnyGameUi>(GAMES.list.map((game) => game.ui).map((ui) => [ui.gameType, ui]));
const GAME_TYPES = GAMES.list.map((game) => game.ui).map((ui) => ui.gameType);

// ---- the database, read-only --------------------------------------------------------------------------------

interface GameRow {
  id: number;
  gameType: string;
  channelId: string;
  status: "lobby" | "active" | "finished" | "abandoned";
  hostId: string;
  version: number;
  seed: number;
  options: string;
  state: string | null;
  stateVersion: number;
}

interface MoveRow {
  seq: number;
  userId: string;
  move: string;
}

class Referee {
  readonly #db: Database.Database;

  constructor(file: string) {
    this.#db = new Database(file, { readonly: true, fileMustExist: true });
  }

  close(): void {
    this.#db.close();
  }

  #retry<T>(read: () => T): T {
    for (let attempt = 0; ; attempt++) {
      try {
        return read();
      } catch (err) {
        if (attempt >= 20 || !/SQLITE_(BUSY|LOCKED|READONLY)/.test(String((err as { code?: string }).code)))
          throw err;
      }
    }
  }

  games(): GameRow[] {
    return this.#retry(
      () =>
        this.#db
          .prepare(
            `SELECT id, game_type AS gameType, channel_id AS channelId, status, host_id AS hostId, version,
                    seed, options, state, state_version AS stateVersion FROM games ORDER BY id`,
          )
          .all() as GameRow[],
    );
  }

  game(id: number): GameRow | undefined {
    return this.#retry(
      () =>
        this.#db
          .prepare(
            `SELECT id, game_type AS gameType, channel_id AS channelId, status, host_id AS hostId, version,
                    seed, options, state, state_version AS stateVersion FROM games WHERE id = ?`,
          )
          .get(id) as GameRow | undefined,
    );
  }

  openGame(channelId: string): GameRow | undefined {
    return this.#retry(
      () =>
        this.#db
          .prepare(
            `SELECT id, game_type AS gameType, channel_id AS channelId, status, host_id AS hostId, version,
                    seed, options, state, state_version AS stateVersion FROM games
             WHERE channel_id = ? AND status IN ('lobby', 'active')`,
          )
          .get(channelId) as GameRow | undefined,
    );
  }

  players(gameId: number): string[] {
    return this.#retry(() =>
      (
        this.#db
          .prepare("SELECT user_id AS userId FROM game_players WHERE game_id = ? ORDER BY seat")
          .all(gameId) as { userId: string }[]
      ).map((p) => p.userId),
    );
  }

  moves(gameId: number): MoveRow[] {
    return this.#retry(
      () =>
        this.#db
          .prepare("SELECT seq, user_id AS userId, move FROM moves WHERE game_id = ? ORDER BY seq, rowid")
          .all(gameId) as MoveRow[],
    );
  }

  moveCount(): number {
    return this.#retry(() => (this.#db.prepare("SELECT COUNT(*) AS n FROM moves").get() as { n: number }).n);
  }

  tableVersions(): Map<number, number> {
    return this.#retry(
      () =>
        new Map(
          (
            this.#db
              .prepare("SELECT game_id AS gameId, version FROM messages WHERE kind = 'table'")
              .all() as { gameId: number; version: number }[]
          ).map((r) => [r.gameId, r.version]),
        ),
    );
  }
}

// ---- what was sent ------------------------------------------------------------------------------------------

type ClickKind =
  | "play"
  | "join"
  | "start"
  | "end"
  | "end-lost-lobby"
  | "hand"
  | "open-panel"
  | "move"
  | "select-step"
  | "nav"
  | "illegal"
  | "stale"
  | "double"
  | "stranger";

interface Sent {
  handle: EmulatedInteraction;
  kind: ClickKind;
  userId: string;
  channelId: string;
  /** For game components: the custom_id's parts. */
  click: GameId | null;
  /** A click classified as a move against the stored state at the version it carries: that move. */
  intended: unknown;
  unversioned: boolean;
  /** Which bot run (1 = first start) it was sent to; its kill time once that run was killed. */
  run: number;
  cutAt: number | null;
  settled: boolean;
  /** The bot's answer as it was when it settled: text and the versions its components carry. */
  answer: { content: string; versions: number[]; messageId: string | null } | null;
}

interface Slot {
  index: number;
  channel: EmulatorChannel;
  /** The type of the next game opened here. */
  nextType: string;
  /** Who should sit in the game being gathered here, host first. */
  plan: { gameType: string; players: EmulatorUser[] } | null;
}

// ---- the soak ---------------------------------------------------------------------------------------------------

export async function runKillSoak(options: SoakOptions): Promise<SoakResult> {
  const soak = new KillSoak(options);
  let result: SoakResult | null = null;
  try {
    result = await soak.run();
    return result;
  } finally {
    await soak.stop();
    // The bot's database and output are kept for a post-mortem when something was found.
    const dir = path.dirname(soak.databasePath);
    if (result?.problems.length === 0 && path.basename(dir).startsWith("e2e-bot-"))
      fs.rmSync(dir, { recursive: true, force: true });
    else if (soak.databasePath) soak.writeOutputs(dir);
  }
}

class KillSoak {
  readonly #options: SoakOptions;
  readonly #seed: number;
  readonly #rng: RngState;
  readonly #log: (line: string) => void;
  readonly emulator = new DiscordEmulator();
  #guild!: EmulatorGuild;
  #users: EmulatorUser[] = [];
  #stranger!: EmulatorUser;
  #slots: Slot[] = [];
  /** One BotProcess per run, all on the same database file (each run its own GAME_SEED). */
  #bots: BotProcess[] = [];
  #databasePath = "";
  #referee: Referee | null = null;
  #run = 0;
  /** Set from the SIGKILL until the restarted bot is ready: nothing is sent meanwhile. */
  #down = false;
  #sent: Sent[] = [];
  #inFlight = new Set<Promise<void>>();
  /** `${userId}:${gameId}` → the player's newest panel message. */
  #panels = new Map<string, string>();
  readonly #problems = new Map<string, string>();
  /** Findings outside the issue's checks (lobby messages), reported without failing the soak. */
  readonly #observations = new Map<string, string>();
  /** Game id → its lobby message. */
  readonly #lobbies = new Map<number, string>();
  readonly #clicks: Record<string, number> = {};
  readonly #answers: Record<string, number> = {};
  readonly #killModes: Record<string, number> = {};
  #killsAfterCommit = 0;
  #restartMs: number[] = [];
  #claims = { made: 0, verified: 0, alreadyMade: 0 };
  /** Game id → the version at which it was last replayed. */
  readonly #replayed = new Map<number, number>();

  constructor(options: SoakOptions) {
    this.#options = options;
    this.#seed = (options.seed ?? Date.now() % 1_000_000_000) >>> 0;
    this.#rng = createRng(this.#seed);
    this.#log = options.log ?? (() => undefined);
  }

  /** Each run's bot output as `bot-run-<n>.log` in `dir`, and every interaction sent in `interactions.log`. */
  writeOutputs(dir: string): void {
    for (const [index, bot] of this.#bots.entries())
      fs.writeFileSync(path.join(dir, `bot-run-${index + 1}.log`), `${bot.output()}\n`);
    const lines = this.#sent.map((sent) => {
      const r = this.emulator.responsesTo(sent.handle);
      const answer = sent.answer ? JSON.stringify(sent.answer.content.slice(0, 80)) : "-";
      return [
        `run ${sent.run}`,
        `+${Math.round(sent.handle.dispatchedAt)}ms`,
        sent.kind,
        sent.userId,
        JSON.stringify(sent.handle.name),
        `ack ${r.ackLatencyMs === null ? "none" : `${Math.round(r.ackLatencyMs)}ms type ${r.callbackType}`}`,
        sent.settled ? "settled" : sent.cutAt !== null ? "cut by the kill" : "NOT SETTLED",
        `versions ${sent.answer?.versions.join(",") ?? "-"}`,
        answer,
      ].join(" | ");
    });
    fs.writeFileSync(path.join(dir, "interactions.log"), `${lines.join("\n")}\n`);
  }

  get databasePath(): string {
    return this.#databasePath;
  }

  get #bot(): BotProcess {
    return this.#bots.at(-1)!;
  }

  get #db(): Referee {
    if (!this.#referee) this.#referee = new Referee(this.#databasePath);
    return this.#referee;
  }

  #problem(key: string, text: string): void {
    if (!this.#problems.has(key)) {
      this.#problems.set(key, text);
      this.#log(`PROBLEM: ${text}`);
    }
  }

  #observe(key: string, text: string): void {
    if (!this.#observations.has(key)) {
      this.#observations.set(key, text);
      this.#log(`observation: ${text}`);
    }
  }

  async stop(): Promise<void> {
    this.#referee?.close();
    this.#referee = null;
    for (const bot of this.#bots) if (bot.running) await bot.kill("SIGKILL");
    await this.emulator.stop();
  }

  // ---- lifecycle --------------------------------------------------------------------------------------------

  async #startBot(after: number): Promise<number> {
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      this.#run++;
      const bot = new BotProcess({
        emulator: this.emulator,
        guildId: this.#guild.id,
        ...(this.#databasePath ? { databasePath: this.#databasePath } : {}),
        env: { REMINDER_HOURS: "0", GAME_SEED: String((this.#seed * 31 + this.#run) >>> 0) },
      });
      this.#databasePath = bot.databasePath;
      this.#bots.push(bot);
      await bot.start();
      try {
        await this.emulator.waitForBotReady({ after, bot, timeoutMs: 30_000 });
        return performance.now() - started;
      } catch (err) {
        // A bot that crashes while starting is a finding; the soak starts it again (twice at most).
        if (bot.running || attempt >= 3) throw err;
        const tail = bot.lines
          .slice(-5)
          .map((line) => line.text)
          .join(" / ");
        this.#problem(
          `exit:${this.#run}`,
          `the bot exited by itself while starting (run ${this.#run}, ${JSON.stringify(bot.lastExit)}); its last lines: ${tail}`,
        );
      }
    }
  }

  /** A bot that exited by itself (a crash) is a problem; it is started again so the soak goes on. */
  async #checkAlive(): Promise<void> {
    const bot = this.#bot;
    if (bot.running) return;
    const tail = bot.lines
      .slice(-5)
      .map((line) => line.text)
      .join(" / ");
    this.#problem(
      `exit:${this.#run}`,
      `the bot exited by itself in run ${this.#run} (${JSON.stringify(bot.lastExit)}); its last lines: ${tail}`,
    );
    for (const sent of this.#sent)
      if (sent.run === this.#run && sent.cutAt === null) sent.cutAt = performance.now();
    await this.#startBot(Date.now());
  }

  async #kill(mode: string): Promise<void> {
    await this.#checkAlive();
    count(this.#killModes, mode);
    this.#down = true;
    const killedAt = Date.now();
    const cutAt = performance.now();
    await this.#bot.kill("SIGKILL");
    this.emulator.clearFaults();
    // Requests the bot made just before it died are handled by now; nothing more comes from it.
    await sleep(20);
    for (const sent of this.#sent) if (sent.run === this.#run && sent.cutAt === null) sent.cutAt = cutAt;
    await Promise.all([...this.#inFlight]);
    const ms = await this.#startBot(killedAt);
    this.#down = false;
    this.#restartMs.push(ms);
  }

  async run(): Promise<SoakResult> {
    const began = performance.now();
    const kills = Math.max(0, Math.floor(this.#options.kills));
    const [minSteps, maxSteps] = this.#options.steps ?? [8, 30];
    await this.emulator.start();
    this.#guild = this.emulator.createGuild("Soak Club");
    for (const name of ["Alice", "Bob", "Carol", "Dave", "Erin"]) {
      this.#users.push(this.emulator.createUser(name, { guilds: [this.#guild] }));
    }
    this.#stranger = this.emulator.createUser("Mallory", { guilds: [this.#guild] });
    // Ten channels: the first games cycle through the seven kinds, later ones pick their kind at random.
    const channels = 10;
    for (let index = 0; index < channels; index++) {
      this.#slots.push({
        index,
        channel: this.emulator.createChannel(this.#guild, `soak-${index}`),
        nextType: GAME_TYPES[index % GAME_TYPES.length] as string,
        plan: null,
      });
    }
    await this.#startBot(0);
    this.#log(`seed ${this.#seed}: emulator on port ${this.emulator.port}, bot started`);

    // Every channel's first game is gathered and started before the first kill, so every kind is played.
    for (let waves = 0; waves < 100; waves++) {
      const pending = this.#slots.filter((slot) => this.#db.openGame(slot.channel.id)?.status !== "active");
      if (pending.length === 0) break;
      const busy = new Set<string>();
      const tasks = shuffle(this.#rng, pending)
        .slice(0, 4)
        .map((slot) => this.#step(slot, busy));
      await Promise.all(tasks);
    }
    let killed = 0;
    try {
      for (let round = 0; ; round++) {
        const steps =
          round === 0
            ? (this.#options.firstSteps ?? 20)
            : minSteps + nextInt(this.#rng, maxSteps - minSteps + 1);
        await this.#play(steps);
        await this.#settle(`after round ${round}`);
        if (killed >= kills) break;
        await this.#killSomehow(++killed, kills);
        // Right after a restart the bot may still be repairing tables: sometimes kill it right there.
        if (killed < kills && chance(this.#rng, 0.08)) {
          await sleep(nextInt(this.#rng, 250));
          this.#log(`kill ${++killed}/${kills}: during the start-up repair`);
          await this.#kill("during-repair");
        }
      }
      await this.#settle("at the end", true);
    } catch (err) {
      // A bot that does not come back (or a broken build) ends the soak; what was seen still counts.
      this.#problem("stopped", `the soak stopped after ${killed} kill(s): ${(err as Error).message}`);
    }
    this.#finalChecks();
    return this.#result(killed, performance.now() - began);
  }

  // ---- the schedule -----------------------------------------------------------------------------------------------

  /** `steps` steps in waves of 1–4 sent together, each wave answered before the next. */
  async #play(steps: number): Promise<void> {
    let done = 0;
    while (done < steps) {
      const wave = Math.min(steps - done, 1 + nextInt(this.#rng, 4));
      const tasks: Promise<void>[] = [];
      const busy = new Set<string>();
      for (let i = 0; i < wave; i++) {
        const task = this.#step(pick(this.#rng, this.#slots), busy);
        if (task) tasks.push(task);
      }
      await Promise.all(tasks);
      done += wave;
    }
  }

  async #killSomehow(kill: number, kills: number): Promise<void> {
    const r = nextFloat(this.#rng);
    if (r < 0.45) {
      // Kill while clicks are in flight.
      const busy = new Set<string>();
      const wave = 1 + nextInt(this.#rng, 5);
      // Channels gathering a new game first, so some kills land in lobbies too.
      const gathering = this.#slots.filter((slot) => this.#db.openGame(slot.channel.id)?.status !== "active");
      for (let i = 0; i < wave; i++)
        this.#step(pick(this.#rng, i === 0 && gathering.length > 0 ? gathering : this.#slots), busy);
      const delay = pick(this.#rng, [0, 5, 15, 30, 60, 100, 150, 250, 400]);
      await sleep(delay);
      this.#log(`kill ${kill}/${kills}: ${wave} click(s) in flight, ${delay} ms after sending`);
      await this.#kill("in-flight");
      return;
    }
    if (r < 0.9) {
      const held = await this.#killHeld(kill, kills, r < 0.75 ? "table" : "answer");
      if (held) return;
    }
    this.#log(`kill ${kill}/${kills}: idle`);
    await this.#kill("idle");
  }

  /**
   * A kill right after a commit. `table`: a move whose table update is held by the emulator (the
   * move is stored and answered, its table post or edit never arrives). `answer`: a click whose
   * first answer to Discord is held (the move, join, start or new lobby is stored, the click is
   * never answered). Once the request is held: SIGKILL. Returns false when nothing could be set up.
   */
  async #killHeld(kill: number, kills: number, target: "table" | "answer"): Promise<boolean> {
    for (let attempt = 0; attempt < 12; attempt++) {
      // An answer held: half the time in a channel gathering a new game, when there is one.
      const gathering = this.#slots.filter((slot) => this.#db.openGame(slot.channel.id)?.status !== "active");
      const lobby = target === "answer" && gathering.length > 0 && chance(this.#rng, 0.5);
      const slot = pick(this.#rng, lobby ? gathering : this.#slots);
      const open = this.#db.openGame(slot.channel.id);
      const answerHold = () => [
        this.emulator.holdNext("POST", /^\/interactions\/\d+\/[^/]+\/callback/).then(() => "answer"),
      ];
      if (target === "answer" && open?.status !== "active") {
        // A lobby: its /play, a join or the start.
        const what = open
          ? `the lobby of game ${open.id} (${open.gameType})`
          : `a /play in #${slot.channel.name}`;
        const before = this.#channelSnapshot(slot);
        const holds = answerHold();
        const task = this.#step(slot, new Set());
        if (!task) {
          this.emulator.clearFaults();
          continue;
        }
        if (await this.#killWhenHeld(holds, task, before, slot, what, kill, kills, target)) return true;
        continue;
      }
      const prepared = await this.#prepareMove(slot);
      if (!prepared) continue;
      const { game, user, choice } = prepared;
      const what = `game ${game.id} (${game.gameType}) v${game.version}: ${JSON.stringify(choice.move)}`;
      const before = this.#channelSnapshot(slot);
      const holds =
        target === "table"
          ? [
              this.emulator.holdNext("POST", /^\/channels\/\d+\/messages$/).then(() => "table post"),
              this.emulator.holdNext("PATCH", /^\/channels\/\d+\/messages\/\d+$/).then(() => "table edit"),
            ]
          : answerHold();
      const task = this.#send(
        "move",
        user,
        choice.message,
        choice.component,
        choice.values,
        choice.move,
        game,
      );
      if (await this.#killWhenHeld(holds, task, before, slot, what, kill, kills, target)) return true;
    }
    this.emulator.clearFaults();
    return false;
  }

  /** What the database holds for a channel's games: (id, version, status) of each. */
  #channelSnapshot(slot: Slot): string {
    return JSON.stringify(
      this.#db
        .games()
        .filter((g) => g.channelId === slot.channel.id)
        .map((g) => [g.id, g.version, g.status]),
    );
  }

  async #killWhenHeld(
    holds: Promise<string>[],
    task: Promise<void>,
    before: string,
    slot: Slot,
    what: string,
    kill: number,
    kills: number,
    target: string,
  ): Promise<boolean> {
    const which = await Promise.race([...holds, sleep(4000).then(() => null)]);
    if (which === null) {
      // Refused, or it changed nothing that needs the held request: let it finish, try another.
      this.#log(`  (${what}: no ${target} request came)`);
      this.emulator.clearFaults();
      await task;
      return false;
    }
    const committed = this.#channelSnapshot(slot) !== before;
    if (committed) this.#killsAfterCommit++;
    this.#log(`kill ${kill}/${kills}: ${what}: its ${which} held${committed ? " after the commit" : ""}`);
    await this.#kill(`held ${which}`);
    return true;
  }

  /** One step in a slot: the lobby's next action, a player's click, or a command. Null: nothing to do. */
  #step(slot: Slot, busy: Set<string>): Promise<void> | null {
    const game = this.#db.openGame(slot.channel.id);
    if (!game) return this.#openGame(slot, busy);
    if (game.status === "lobby") return this.#lobbyStep(slot, game, busy);
    const ui = UIS.get(game.gameType)!;
    const state = JSON.parse(game.state as string) as unknown;
    const players = this.#db.players(game.id);
    const actors = ui.engine.actors(state);
    const r = nextFloat(this.#rng);
    if (r < 0.012) {
      const host = this.#user(game.hostId);
      if (busy.has(host.id)) return null;
      busy.add(host.id);
      return this.#slash("end", host, slot.channel, "game", {}, "end");
    }
    if (r < 0.05) {
      const table = this.#newestTable(slot.channel.id, game.gameType, game.id);
      if (!table) return null;
      const target = pick(this.#rng, componentsOf(table));
      if (!target?.customId) return null;
      return this.#send("stranger", this.#stranger, table, target, null, null, game);
    }
    const candidates = r < 0.14 ? players.filter((p) => !actors.includes(p)) : actors;
    const free = candidates.filter((p) => !busy.has(p));
    if (free.length === 0) return null;
    const userId = pick(this.#rng, free);
    busy.add(userId);
    return this.#playerStep(slot, game, state, this.#user(userId), false);
  }

  #user(id: string): EmulatorUser {
    const user = [...this.#users, this.#stranger].find((u) => u.id === id);
    if (!user) throw new Error(`unknown user ${id}`);
    return user;
  }

  #openGame(slot: Slot, busy: Set<string>): Promise<void> | null {
    // One `/play` per channel at a time (a second one would only be told the channel is busy).
    if (busy.has(`slot:${slot.index}`)) return null;
    const gameType = slot.nextType;
    const engine = GAMES.engines()[gameType]!;
    const most = Math.min(engine.maxPlayers, this.#users.length);
    const seats = engine.minPlayers + nextInt(this.#rng, most - engine.minPlayers + 1);
    const pool = [...this.#users];
    const drawn: EmulatorUser[] = [];
    while (drawn.length < seats) drawn.push(pool.splice(nextInt(this.#rng, pool.length), 1)[0]!);
    // The host is the first of them not busy in this wave; the others join later.
    const host = drawn.find((u) => !busy.has(u.id));
    if (!host) return null;
    const players = [host, ...drawn.filter((u) => u !== host)];
    busy.add(host.id);
    busy.add(`slot:${slot.index}`);
    slot.nextType = pick(this.#rng, GAME_TYPES);
    slot.plan = { gameType, players };
    const options: Record<string, boolean> = {};
    for (const option of engine.options) {
      if (chance(this.#rng, 0.5)) options[playOptionName(option.name)] = chance(this.#rng, 0.5);
    }
    return this.#slash("play", host, slot.channel, "play", options, gameType);
  }

  #lobbyStep(slot: Slot, game: GameRow, busy: Set<string>): Promise<void> | null {
    const lobby = this.emulator
      .channelMessages(slot.channel.id)
      .findLast((m) => componentsOf(m).some((c) => c.customId === `l:${game.id}:join`));
    const host = this.#user(game.hostId);
    if (!lobby) {
      // The bot died between storing the lobby and posting it: nobody can join. The host ends it.
      const pending = this.#sent.some(
        (s) => s.channelId === slot.channel.id && s.kind === "play" && !s.settled && s.cutAt === null,
      );
      if (pending || busy.has(host.id)) return null;
      busy.add(host.id);
      this.#observe(
        `lost-lobby:${game.id}`,
        `game ${game.id} (${game.gameType}) is stored as a lobby, but its lobby message was never posted (killed before the /play answer): /play in that channel says it already has an open game; only /game end gets out`,
      );
      return this.#slash("end-lost-lobby", host, slot.channel, "game", {}, "end");
    }
    this.#lobbies.set(game.id, lobby.id);
    const seated = this.#db.players(game.id);
    const engine = GAMES.engines()[game.gameType]!;
    const planned = slot.plan?.gameType === game.gameType ? slot.plan.players : [host];
    let wanted = planned.filter((u) => !seated.includes(u.id));
    // Another lobby than planned (two /play raced): fill it up to its minimum with anyone.
    if (wanted.length === 0 && seated.length < engine.minPlayers)
      wanted = this.#users.filter((u) => !seated.includes(u.id));
    if (wanted.length > 0 && seated.length < engine.maxPlayers) {
      const joiner = pick(this.#rng, wanted);
      if (busy.has(joiner.id)) return null;
      busy.add(joiner.id);
      const join = componentsOf(lobby).find((c) => c.customId === `l:${game.id}:join`)!;
      return this.#send("join", joiner, lobby, join, null, null, null);
    }
    if (busy.has(host.id)) return null;
    busy.add(host.id);
    const start = componentsOf(lobby).find((c) => c.customId === `l:${game.id}:start`);
    if (!start) return null;
    // The driver clicks it anyway (a stale click); a real host could not.
    const joining = this.#sent.some(
      (s) => s.kind === "join" && s.channelId === slot.channel.id && !s.settled && s.cutAt === null,
    );
    if (start.disabled && !joining)
      this.#observe(
        `start-disabled:${game.id}`,
        `the lobby message of game ${game.id} (${game.gameType}) has Start disabled, but ${seated.length} player(s) are seated (enough): a kill between a join and its answer left it behind`,
      );
    return this.#send("start", host, lobby, start, null, null, null);
  }

  /** The newest public table message of a game in its channel. */
  #newestTable(channelId: string, gameType: string, gameId: number): MessageView | undefined {
    return this.emulator.channelMessages(channelId).findLast((m) =>
      m.attachments.some((a) => {
        const match = TABLE_FILE.exec(a.filename);
        return match?.[1] === gameType && Number(match[2]) === gameId;
      }),
    );
  }

  #panelOf(userId: string, gameId: number): MessageView | undefined {
    const id = this.#panels.get(`${userId}:${gameId}`);
    const message = id ? this.emulator.message(id) : undefined;
    return message && !message.deleted ? message : undefined;
  }

  /**
   * A player's click in an active game: opens their panel (from the table, or `/game hand`) when
   * they have none or it is out of date, else clicks one of its components (or a table action).
   */
  #playerStep(
    slot: Slot,
    game: GameRow,
    state: unknown,
    user: EmulatorUser,
    movesOnly: boolean,
  ): Promise<void> | null {
    const panel = this.#panelOf(user.id, game.id);
    const shown = panel ? Math.max(-1, ...versionsIn(componentsOf(panel), game.id)) : -1;
    const reopen = !panel || shown < 0 || (shown < game.version && chance(this.#rng, 0.75));
    if (!movesOnly && (reopen || chance(this.#rng, 0.04))) {
      if (chance(this.#rng, 0.12)) return this.#slash("hand", user, slot.channel, "game", {}, "hand");
      const table = this.#newestTable(slot.channel.id, game.gameType, game.id);
      const open = table && componentsOf(table).find((c) => parseGameId(c.customId)?.action === "panel");
      if (!table || !open) return this.#slash("hand", user, slot.channel, "game", {}, "hand");
      return this.#send("open-panel", user, table, open, null, null, game);
    }
    const ui = UIS.get(game.gameType)!;
    const table = this.#newestTable(slot.channel.id, game.gameType, game.id);
    const choices: Choice[] = [];
    if (panel) choices.push(...this.#choices(ui, game, state, user.id, panel));
    if (table) {
      const actions = this.#choices(ui, game, state, user.id, table).filter(
        (c) => parseGameId(c.component.customId)?.action !== "panel",
      );
      choices.push(...actions);
    }
    const moves = choices.filter((c) => c.kind === "move");
    if (movesOnly) {
      if (moves.length === 0) return null;
      const chosen = pick(this.#rng, moves);
      return this.#send("move", user, chosen.message, chosen.component, chosen.values, chosen.move, game);
    }
    const steps = choices.filter((c) => c.kind === "select-step");
    const others = choices.filter((c) => c.kind !== "move" && c.kind !== "select-step");
    const r = nextFloat(this.#rng);
    const pool =
      (r < 0.72 && moves.length > 0) || (steps.length === 0 && others.length === 0)
        ? moves
        : (r < 0.95 && steps.length > 0) || others.length === 0
          ? steps
          : others;
    if (pool.length === 0) return null;
    const chosen = pick(this.#rng, pool);
    const send = this.#send(
      chosen.kind,
      user,
      chosen.message,
      chosen.component,
      chosen.values,
      chosen.move,
      game,
    );
    if (chosen.kind !== "move" || !chance(this.#rng, 0.08)) return send;
    // A double click: the same button again, on the panel as it is after the first answer.
    return send.then(() =>
      this.#send("double", user, chosen.message, chosen.component, chosen.values, chosen.move, game),
    );
  }

  /**
   * Every enabled component of a message (select options one by one, a multi-select by a few random
   * subsets), read back through the game's UI at the stored state: a real move (the engine takes
   * it), a selection step, navigation, an illegal move, or — when the message is from an older
   * version — a stale click.
   */
  #choices(ui: AnyGameUi, game: GameRow, state: unknown, userId: string, message: MessageView): Choice[] {
    const out: Choice[] = [];
    let view: unknown = null;
    try {
      view = ui.engine.privateView(state, userId);
    } catch {
      return out;
    }
    for (const component of componentsOf(message)) {
      const parsed = parseGameId(component.customId);
      if (!parsed || parsed.gameId !== game.id || component.disabled) continue;
      const samples: (string[] | null)[] = [];
      if (component.type === ComponentType.Button) samples.push(null);
      else if (component.type === ComponentType.StringSelect) {
        const values = component.options.map((o) => o.value);
        const min = component.minValues ?? 1;
        const max = component.maxValues ?? 1;
        if (max <= 1) for (const v of values) samples.push([v]);
        else {
          for (let i = 0; i < 6; i++) {
            const size = min + nextInt(this.#rng, max - min + 1);
            const rest = [...values];
            const chosen: string[] = [];
            while (chosen.length < size && rest.length > 0)
              chosen.push(rest.splice(nextInt(this.#rng, rest.length), 1)[0]!);
            samples.push(chosen);
          }
        }
      } else continue;
      for (const values of samples) {
        const base = { message, component, values };
        if (NAV.has(parsed.action)) {
          out.push({ ...base, kind: "nav", move: null });
          continue;
        }
        const unversioned = ui.unversionedActions?.includes(parsed.action) ?? false;
        if (parsed.version !== game.version && !unversioned) {
          out.push({ ...base, kind: "stale", move: null });
          continue;
        }
        let intent: ReturnType<AnyGameUi["interpret"]>;
        try {
          intent = ui.interpret({
            userId,
            view,
            action: parsed.action,
            args: parsed.args,
            values: values ?? [],
          });
        } catch {
          continue;
        }
        if (intent.kind === "panel") out.push({ ...base, kind: "select-step", move: null });
        else if (intent.kind === "refuse") out.push({ ...base, kind: "illegal", move: null });
        else {
          const legal = ui.engine.apply(state, userId, intent.move).ok;
          out.push({ ...base, kind: legal ? "move" : "illegal", move: legal ? intent.move : null });
        }
      }
    }
    return out;
  }

  /**
   * For the held-table kill: an actor of the slot's game with a fresh panel and a move in it, found
   * by opening the panel and making selection steps as needed (each answered before the next).
   */
  async #prepareMove(slot: Slot): Promise<{ game: GameRow; user: EmulatorUser; choice: Choice } | null> {
    for (let step = 0; step < 4; step++) {
      const game = this.#db.openGame(slot.channel.id);
      if (game?.status !== "active" || game.state === null) return null;
      const ui = UIS.get(game.gameType)!;
      const state = JSON.parse(game.state) as unknown;
      const actors = ui.engine.actors(state);
      if (actors.length === 0) return null;
      const user = this.#user(actors[0]!);
      const table = this.#newestTable(slot.channel.id, game.gameType, game.id);
      const panel = this.#panelOf(user.id, game.id);
      if (!panel || !versionsIn(componentsOf(panel), game.id).includes(game.version)) {
        const open = table && componentsOf(table).find((c) => parseGameId(c.customId)?.action === "panel");
        if (!table || !open) return null;
        await this.#send("open-panel", user, table, open, null, null, game);
        continue;
      }
      const choices = [
        ...this.#choices(ui, game, state, user.id, panel),
        ...(table ? this.#choices(ui, game, state, user.id, table) : []),
      ];
      const moves = choices.filter((c) => c.kind === "move");
      if (moves.length > 0) return { game, user, choice: pick(this.#rng, moves) };
      const steps = choices.filter((c) => c.kind === "select-step");
      if (steps.length === 0) return null;
      const chosen = pick(this.#rng, steps);
      await this.#send("select-step", user, chosen.message, chosen.component, chosen.values, null, game);
    }
    return null;
  }

  // ---- sending and following interactions -----------------------------------------------------------------

  #slash(
    kind: ClickKind,
    user: EmulatorUser,
    channel: EmulatorChannel,
    command: string,
    options: Record<string, boolean>,
    sub: string,
  ): Promise<void> {
    return this.#follow(kind, user, channel.id, null, null, null, () =>
      this.emulator.slash(user, channel, command, options, sub),
    );
  }

  #send(
    kind: ClickKind,
    user: EmulatorUser,
    message: MessageView,
    component: ComponentView,
    values: string[] | null,
    intended: unknown,
    game: GameRow | null,
  ): Promise<void> {
    const customId = component.customId as string;
    const click = parseGameId(customId);
    const ui = game ? UIS.get(game.gameType) : undefined;
    const unversioned = click !== null && (ui?.unversionedActions?.includes(click.action) ?? false);
    const isSelect = component.type !== ComponentType.Button;
    return this.#follow(kind, user, message.channelId, click, intended, { unversioned }, () =>
      isSelect
        ? this.emulator.select(user, message.id, customId, values ?? [], { stale: true })
        : this.emulator.click(user, message.id, customId, { stale: true }),
    );
  }

  /** Sends one interaction and follows it until the bot's answer settled or the bot was killed. */
  #follow(
    kind: ClickKind,
    user: EmulatorUser,
    channelId: string,
    click: GameId | null,
    intended: unknown,
    extra: { unversioned: boolean } | null,
    dispatch: () => Promise<EmulatedInteraction>,
  ): Promise<void> {
    const run = this.#run;
    const task = (async () => {
      if (run !== this.#run || this.#down || !this.#bot.running) return;
      let handle: EmulatedInteraction;
      try {
        handle = await dispatch();
      } catch (err) {
        // A select whose options changed meanwhile, a message gone, or the bot just killed: a
        // click a real client could not make either. Counted, not a finding about the bot.
        count(this.#clicks, "not sendable");
        if (!this.#down && /No bot is connected/.test((err as Error).message))
          this.#problem("no-session", `the bot lost its gateway session: ${(err as Error).message}`);
        return;
      }
      count(this.#clicks, kind);
      const sent: Sent = {
        handle,
        kind,
        userId: user.id,
        channelId,
        click,
        intended,
        unversioned: extra?.unversioned ?? false,
        run,
        cutAt: null,
        settled: false,
        answer: null,
      };
      this.#sent.push(sent);
      const deadline = performance.now() + 15_000;
      const editsBefore = handle.messageId ? (this.emulator.message(handle.messageId)?.editCount ?? 0) : 0;
      for (;;) {
        const responses = this.emulator.responsesTo(handle);
        if (responses.acked && this.#isSettled(responses, editsBefore)) {
          sent.settled = true;
          const message = responses.message;
          const components = message ? componentsOf(message) : [];
          sent.answer = {
            content: message?.content ?? responses.followUps[0]?.content ?? "",
            versions: click ? versionsIn(components, click.gameId) : [],
            messageId: message?.id ?? null,
          };
          if (message?.ephemeral && click && sent.answer.versions.length > 0)
            this.#panels.set(`${user.id}:${click.gameId}`, message.id);
          const lobby = components.map((c) => /^l:(\d+):join$/.exec(c.customId ?? "")).find(Boolean);
          if (message && lobby) this.#lobbies.set(Number(lobby[1]), message.id);
          if (message?.ephemeral && kind === "hand") {
            const game = this.#db.openGame(channelId);
            if (game) this.#panels.set(`${user.id}:${game.id}`, message.id);
          }
          return;
        }
        if (sent.cutAt !== null || run !== this.#run) return;
        if (performance.now() > deadline) return;
        await sleep(10);
      }
    })().catch((err: unknown) => {
      this.#problem(`driver:${(err as Error).message}`, `the soak driver failed: ${(err as Error).stack}`);
    });
    this.#inFlight.add(task);
    void task.finally(() => this.#inFlight.delete(task));
    return task;
  }

  #isSettled(responses: ReturnType<DiscordEmulator["responsesTo"]>, editsBefore: number): boolean {
    switch (responses.callbackType) {
      case 5: // deferred reply: done once filled in
        return responses.followUps.length > 0 || responses.message === null || !responses.message.loading;
      case 6: // deferred update: done once the clicked message was edited again
        return responses.followUps.length > 0 || (responses.message?.editCount ?? 0) > editsBefore;
      default:
        return true;
    }
  }

  // ---- waiting for the bot to be idle, and the checks ---------------------------------------------------

  /**
   * Waits until every click was answered and every started game's newest table shows its stored
   * version; then runs the checks that hold after every restart.
   */
  async #settle(when: string, all = false): Promise<void> {
    await Promise.all([...this.#inFlight]);
    await this.#checkAlive();
    const deadline = performance.now() + 20_000;
    let behind: string[] = [];
    for (;;) {
      behind = this.#tablesBehind();
      if (behind.length === 0) break;
      if (performance.now() > deadline) break;
      await sleep(50);
    }
    for (const line of behind) this.#problem(`table:${line}`, `${when}: ${line}`);
    this.#checkReplay(when, all);
    this.#checkAnswered();
  }

  /** Games whose newest table (or the database's table record) does not show their stored version. */
  #tablesBehind(): string[] {
    const out: string[] = [];
    const recorded = this.#db.tableVersions();
    const byChannel = new Map<string, MessageView[]>();
    for (const game of this.#db.games()) {
      if (game.state === null) continue;
      let messages = byChannel.get(game.channelId);
      if (!messages) {
        messages = this.emulator.channelMessages(game.channelId);
        byChannel.set(game.channelId, messages);
      }
      let shown: number | null = null;
      let newest: MessageView | null = null;
      for (let i = messages.length - 1; i >= 0 && shown === null; i--) {
        for (const a of messages[i]!.attachments) {
          const match = TABLE_FILE.exec(a.filename);
          if (match?.[1] === game.gameType && Number(match[2]) === game.id) {
            shown = Number(match[3]);
            newest = messages[i]!;
          }
        }
      }
      const inDb = recorded.get(game.id);
      if (shown !== game.version || inDb !== game.version) {
        out.push(
          `game ${game.id} (${game.gameType}, ${game.status}) is at v${game.version}, its newest table shows v${shown ?? "none"} (database record v${inDb ?? "none"})`,
        );
        continue;
      }
      if (game.status === "active" && newest) {
        const versions = versionsIn(componentsOf(newest), game.id);
        if (!versions.includes(game.version))
          out.push(
            `game ${game.id} (${game.gameType}) v${game.version}: its newest table has no buttons of v${game.version}`,
          );
      }
    }
    return out;
  }

  /**
   * Check 1: every started game replays from its seed to its stored state; its moves' seqs run
   * from the first move after the start to its version without gap or double; every stored move is
   * traced to a distinct click of its player made at the version before it.
   */
  #checkReplay(when: string, all: boolean): void {
    for (const game of this.#db.games()) {
      if (game.state === null) continue;
      // After a round only the games that changed since they were last checked; at the end all.
      if (!all && this.#replayed.get(game.id) === game.version) continue;
      this.#replayed.set(game.id, game.version);
      const engine = GAMES.engines()[game.gameType]!;
      const players = this.#db.players(game.id);
      const moves = this.#db.moves(game.id);
      const label = `game ${game.id} (${game.gameType})`;
      if (game.stateVersion !== engine.stateVersion) {
        this.#problem(
          `statever:${game.id}`,
          `${when}: ${label} stored with state version ${game.stateVersion}`,
        );
        continue;
      }
      // The lobby bumps the version once per join and once for the start; an end by /game end once more.
      const started = players.length;
      const ended = game.status === "abandoned" ? 1 : 0;
      const seqs = moves.map((m) => m.seq);
      const expected = moves.map((_, i) => started + 1 + i);
      if (!isDeepStrictEqual(seqs, expected) || game.version !== started + moves.length + ended) {
        this.#problem(
          `seq:${game.id}:${game.version}:${moves.length}`,
          `${when}: ${label} (${game.status}) is at v${game.version} with ${players.length} player(s) and ${moves.length} stored move(s) with seqs ${compactSeqs(seqs)}; expected seqs ${started + 1}..${started + moves.length} and version ${started + moves.length + ended}`,
        );
      }
      let state: unknown = engine.setup(players, JSON.parse(game.options), game.seed);
      let replayed = true;
      for (const m of moves) {
        const result = engine.apply(state, m.userId, JSON.parse(m.move));
        if (!result.ok) {
          this.#problem(
            `replay:${game.id}:${m.seq}`,
            `${when}: ${label}: stored move ${m.seq} (${m.move}) by ${m.userId} does not replay: ${result.error.key}`,
          );
          replayed = false;
          break;
        }
        state = result.state;
      }
      if (replayed && !isDeepStrictEqual(JSON.parse(JSON.stringify(state)), JSON.parse(game.state))) {
        this.#problem(
          `state:${game.id}:${game.version}`,
          `${when}: ${label}: its ${moves.length} stored moves replay to a state that differs from the stored state (v${game.version})`,
        );
      }
      this.#checkTraced(game, moves, when);
    }
  }

  /** Every stored move comes from a distinct click of that player on this game, made at version seq-1. */
  #checkTraced(game: GameRow, moves: MoveRow[], when: string): void {
    const used = new Set<Sent>();
    const clicks = this.#sent.filter(
      (s) => s.click?.gameId === game.id && !NAV.has(s.click.action) && s.kind !== "stranger",
    );
    for (const m of moves) {
      const mine = clicks.filter((s) => !used.has(s) && s.userId === m.userId);
      const from =
        mine.find((s) => !s.unversioned && (s.click as GameId).version === m.seq - 1) ??
        mine.find((s) => s.unversioned && (s.click as GameId).version <= m.seq - 1);
      if (from) used.add(from);
      else
        this.#problem(
          `untraced:${game.id}:${m.seq}`,
          `${when}: game ${game.id} (${game.gameType}): stored move ${m.seq} by ${m.userId} (${m.move}) matches no click of that player at v${m.seq - 1}`,
        );
    }
  }

  /**
   * Check 2, no acknowledged move lost. What can be checked soundly from outside: the bot answers a
   * move's click with the panel built from the game right after the move (its components carry that
   * version) and without a notice, and it does so only after the move's transaction committed; a
   * refused, stale or double click gets a notice instead (⚠️ / ⏳ / ✅). So when a click that was a
   * legal move at the version it carries (judged against the stored state at that version) got such
   * an answer showing version+1, the move must be stored at seq version+1, by that player, and be
   * exactly the move the click meant (the bot reads the same click against the same state). For an
   * unversioned action (a Troubadour pick, read against whatever the game is at) only that some
   * later move of that player exists, one per claim. An answer that said "your move was already
   * made" claims that the player's move is stored at seq version+1. Any answer, of any click,
   * showing components of version V claims that version V was stored: V ≤ the stored version.
   * Clicks whose answer never settled (the bot was killed first) claim nothing.
   */
  #checkClaims(): void {
    const claimed = new Map<number, Set<number>>();
    const games = new Map(this.#db.games().map((g) => [g.id, g]));
    const movesOf = new Map<number, MoveRow[]>();
    const moves = (gameId: number) => {
      let list = movesOf.get(gameId);
      if (!list) {
        list = this.#db.moves(gameId);
        movesOf.set(gameId, list);
      }
      return list;
    };
    this.#claims = { made: 0, verified: 0, alreadyMade: 0 };
    for (const sent of this.#sent) {
      if (!sent.settled || !sent.answer || !sent.click) continue;
      const { gameId, version } = sent.click;
      const game = games.get(gameId);
      const label = `${sent.kind} click ${sent.handle.id} by ${sent.userId} on game ${gameId} at v${version} (run ${sent.run})`;
      const shown = Math.max(-1, ...sent.answer.versions);
      if (game && shown > game.version)
        this.#problem(
          `ahead:${sent.handle.id}`,
          `${label}: the answer showed v${shown}, but the game is stored at v${game.version}`,
        );
      const content = sent.answer.content;
      if (ALREADY_MADE.test(content) && !sent.unversioned) {
        this.#claims.alreadyMade++;
        const made = moves(gameId).find((m) => m.seq === version + 1);
        if (made?.userId !== sent.userId)
          this.#problem(
            `already:${sent.handle.id}`,
            `${label}: answered "already made", but the stored move ${version + 1} is ${made ? `by ${made.userId}` : "missing"}`,
          );
        continue;
      }
      if (sent.kind !== "move" && sent.kind !== "double") continue;
      if (sent.intended === null || REFUSAL_PREFIXES.some((p) => content.startsWith(p))) continue;
      const success = sent.unversioned ? shown > version : shown === version + 1;
      if (!success) continue;
      this.#claims.made++;
      const taken = claimed.get(gameId) ?? new Set<number>();
      claimed.set(gameId, taken);
      const intended = JSON.stringify(sent.intended);
      const found = sent.unversioned
        ? moves(gameId).find((m) => m.seq > version && m.userId === sent.userId && !taken.has(m.seq))
        : moves(gameId).find((m) => m.seq === version + 1);
      const same =
        found !== undefined &&
        found.userId === sent.userId &&
        (sent.unversioned || isDeepStrictEqual(JSON.parse(found.move), JSON.parse(intended)));
      if (found && same) {
        taken.add(found.seq);
        this.#claims.verified++;
      } else {
        this.#problem(
          `lost:${sent.handle.id}`,
          `${label}: the answer said the move ${intended} was made (showing v${shown}), but the stored move ${version + 1} is ${found ? `${found.move} by ${found.userId}` : "missing"} (game at v${game?.version})`,
        );
      }
    }
  }

  /** Check 4: interactions answered within 3 s (and deferred answers filled in) unless the bot died first. */
  #checkAnswered(): void {
    for (const sent of this.#sent) {
      const responses = this.emulator.responsesTo(sent.handle);
      const label = `${sent.kind} ${JSON.stringify(sent.handle.name)} by ${sent.userId} (interaction ${sent.handle.id}, run ${sent.run})`;
      const lived = (sent.cutAt ?? Number.POSITIVE_INFINITY) - sent.handle.dispatchedAt;
      const ack = responses.ackLatencyMs;
      if (ack === null) {
        if (lived >= 3000 && (sent.cutAt !== null || performance.now() - sent.handle.dispatchedAt >= 3000))
          this.#problem(
            `unanswered:${sent.handle.id}`,
            `${label} was never answered (the bot lived ${fmtMs(lived)} after it)`,
          );
      } else if (ack > 3000) {
        this.#problem(`late:${sent.handle.id}`, `${label} was acknowledged after ${Math.round(ack)} ms`);
      } else if (
        !sent.settled &&
        sent.cutAt === null &&
        performance.now() - sent.handle.dispatchedAt > 15_000
      ) {
        this.#problem(`unsettled:${sent.handle.id}`, `${label} was deferred and never filled in`);
      }
    }
  }

  /**
   * Not among the issue's checks, so only observed: each lobby message, once the bot is idle, shows
   * the seats the database has (while gathering) or no more Join/Start buttons (once started or
   * closed). A kill between a lobby change and the lobby message's update leaves it behind, and
   * nothing repairs lobby messages at start-up.
   */
  #checkLobbies(): void {
    for (const [gameId, messageId] of this.#lobbies) {
      const game = this.#db.game(gameId);
      const message = this.emulator.message(messageId);
      if (!game || !message) continue;
      const buttons = componentsOf(message).some((c) => c.customId?.startsWith(`l:${gameId}:`));
      if (game.status === "lobby") {
        const shown = [...message.content.matchAll(/^\d+\. <@(\d+)>/gm)].map((m) => m[1]);
        const seated = this.#db.players(gameId);
        if (!isDeepStrictEqual(shown, seated))
          this.#problem(
            `lobby:${gameId}`,
            `the lobby message of game ${gameId} (${game.gameType}) shows ${shown.length} seat(s), the database has ${seated.length}`,
          );
      } else if (buttons) {
        this.#problem(
          `lobby:${gameId}`,
          `the lobby message of game ${gameId} (${game.gameType}) still offers Join/Leave/Start, but the game is ${game.status}${game.state === null ? "" : ` (started, at v${game.version})`}`,
        );
      }
    }
  }

  #finalChecks(): void {
    this.#checkLobbies();
    this.#checkClaims();
    this.#checkAnswered();
    // Each run is its own BotProcess (whose line numbers all say run 1): number them here.
    for (const [index, bot] of this.#bots.entries())
      for (const line of bot.errorLines())
        this.#problem(`error:${line.text}`, `bot error line (run ${index + 1}): ${line.text}`);
    for (const v of this.emulator.violations)
      this.#problem(
        `violation:${v.kind}:${v.path}:${v.message}`,
        `emulator violation ${v.kind}: ${v.method} ${v.path}: ${v.message}`,
      );
    for (const route of this.emulator.unknownRoutes)
      this.#problem(`route:${route.method}:${route.path}`, `unknown route ${route.method} ${route.path}`);
  }

  #result(kills: number, durationMs: number): SoakResult {
    const games = this.#db.games();
    const byType: Record<string, number> = {};
    for (const g of games) if (g.state !== null) count(byType, g.gameType);
    for (const sent of this.#sent) count(this.#answers, answerKind(this.emulator, sent));
    const sorted = [...this.#restartMs].sort((a, b) => a - b);
    const tablesRepaired = this.#bots
      .flatMap((bot) => bot.lines)
      .filter((line) => /table re-posted/.test(line.text)).length;
    return {
      seed: this.#seed,
      kills,
      durationMs,
      killModes: { ...this.#killModes },
      killsAfterCommit: this.#killsAfterCommit,
      restartMs: {
        median: sorted[Math.floor(sorted.length / 2)] ?? 0,
        max: sorted.at(-1) ?? 0,
      },
      games: {
        total: games.length,
        started: games.filter((g) => g.state !== null).length,
        byType,
        finished: games.filter((g) => g.status === "finished").length,
        abandoned: games.filter((g) => g.status === "abandoned" && g.state !== null).length,
        active: games.filter((g) => g.status === "active").length,
        lobby: games.filter((g) => g.status === "lobby").length,
        closedLobbies: games.filter((g) => g.status === "abandoned" && g.state === null).length,
      },
      moves: this.#db.moveCount(),
      clicks: { ...this.#clicks },
      answers: { ...this.#answers },
      interactions: this.#sent.length,
      claims: { ...this.#claims },
      tablesRepaired,
      databasePath: this.#databasePath,
      problems: [...this.#problems.values()],
      observations: [...this.#observations.values()],
    };
  }
}

interface Choice {
  kind: ClickKind;
  message: MessageView;
  component: ComponentView;
  values: string[] | null;
  move: unknown;
}

function answerKind(emulator: DiscordEmulator, sent: Sent): string {
  if (!emulator.responsesTo(sent.handle).acked) return sent.cutAt !== null ? "cut by the kill" : "unanswered";
  if (!sent.settled) return sent.cutAt !== null ? "deferred, cut by the kill" : "deferred, never filled in";
  const content = sent.answer?.content ?? "";
  if (ALREADY_MADE.test(content)) return "already made";
  if (content.startsWith("⏳")) return "stale";
  if (content.startsWith("⚠️")) return "refused";
  if (sent.click && (sent.kind === "move" || sent.kind === "double")) {
    const shown = Math.max(-1, ...(sent.answer?.versions ?? []));
    if (shown > sent.click.version) return "move made";
  }
  if ((sent.answer?.versions.length ?? 0) > 0) return "panel";
  return "text";
}

function compactSeqs(seqs: readonly number[]): string {
  if (seqs.length === 0) return "none";
  if (seqs.length <= 12) return seqs.join(",");
  return `${seqs.slice(0, 5).join(",")},…,${seqs.slice(-5).join(",")}`;
}

function fmtMs(ms: number): string {
  return Number.isFinite(ms) ? `${Math.round(ms)} ms` : "until now";
}

// ---- CLI --------------------------------------------------------------------------------------------------

function parseArgs(args: readonly string[]): { kills: number; seed?: number } {
  let kills = 100;
  let seed: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [name, inline] = arg.split("=", 2) as [string, string | undefined];
    const value = inline ?? args[++i];
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number ≥ 0, got "${value}"`);
    if (name === "--kills") kills = n;
    else if (name === "--seed") seed = n;
    else throw new Error(`unknown flag ${name} (flags: --kills N, --seed S)`);
  }
  return seed === undefined ? { kills } : { kills, seed };
}

export function formatResult(result: SoakResult): string {
  const entries = (record: Record<string, number>) =>
    Object.entries(record)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
  return [
    `kill soak, seed ${result.seed}: ${result.kills} kills in ${(result.durationMs / 1000).toFixed(1)} s (restart median ${Math.round(result.restartMs.median)} ms, max ${Math.round(result.restartMs.max)} ms)`,
    `kills: ${entries(result.killModes)}; ${result.killsAfterCommit} right after a commit (its table post or its answer held)`,
    `games: ${result.games.total} (${result.games.started} started: ${result.games.finished} finished, ${result.games.abandoned} ended by /game end, ${result.games.active} active; ${result.games.lobby} open lobbies, ${result.games.closedLobbies} lobbies closed) — ${entries(result.games.byType)}`,
    `moves stored: ${result.moves}; moves the bot said were made: ${result.claims.made} (${result.claims.verified} found stored), "already made" answers: ${result.claims.alreadyMade}; tables repaired after restarts: ${result.tablesRepaired}`,
    `interactions: ${result.interactions} — ${entries(result.clicks)}`,
    `answers: ${entries(result.answers)}`,
    ...(result.observations.length === 0
      ? []
      : [
          `observations (${result.observations.length}):\n${result.observations.map((o) => `  - ${o}`).join("\n")}`,
        ]),
    result.problems.length === 0
      ? "problems: none"
      : `problems (${result.problems.length}; the bot's database and output (bot-run-<n>.log) and interactions.log are kept beside ${result.databasePath}):\n${result.problems.map((p) => `  - ${p}`).join("\n")}`,
  ].join("\n");
}

async function main(): Promise<void> {
  const { kills, seed } = parseArgs(process.argv.slice(2));
  const result = await runKillSoak({
    kills,
    ...(seed === undefined ? {} : { seed }),
    log: (line) => console.log(line),
  });
  console.log(formatResult(result));
  process.exitCode = result.problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
