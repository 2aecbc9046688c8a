import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ComponentType } from "discord.js";
import { createRng, nextFloat, nextInt, type RngState, shuffle } from "../../../src/engine/core/rng.js";
import { playOptionName } from "../../../src/i18n/commands.js";
import { clusterHostEnv, killHost, registerCommandsElsewhere, startProxy, waitForHost } from "../cluster.js";
import { BotDatabase, type GameRow } from "../database.js";
import { ALL_GAMES, type AnyGameUi, uiOf } from "../games.js";
import { lastLines } from "../monitor.js";
import {
  type Choice,
  chance,
  choicesIn,
  type GameClick,
  parseGameClick,
  pick,
  TABLE_FILE,
  versionsIn,
} from "../players.js";
import { tally } from "../stats.js";
import {
  answerSettled,
  type BotProcess,
  type ComponentView,
  componentsOf,
  DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type MessageView,
  newBot,
  sleep,
} from "../world.js";
import {
  answerKind,
  checkAnswered,
  checkReminders,
  checkReplay,
  finalChecks,
  refusedAsBusy,
  type SoakContext,
  tablesBehind,
} from "./checks.js";
import {
  ANSWER_WITHIN_MS,
  BUSY_TEXT,
  DOWN_WITHIN_MS,
  HealthPoller,
  PostgresRelay,
  processState,
  ServerFreeze,
  STALL_LIMIT_MS,
  stallLines,
  UP_WITHIN_MS,
} from "./freeze.js";
import type {
  ClickKind,
  FreezeResult,
  FreezeShard,
  Sent,
  SoakSlot as Slot,
  SoakOptions,
  SoakResult,
} from "./types.js";

/**
 * A host: one bot process, or (for a cluster) a sharding manager running a range of shards. Each
 * start is a new process; the runs are numbered over all hosts.
 */
interface Host {
  index: number;
  /** Its shard ids; none for the plain, unsharded bot. */
  shards: readonly number[];
  /** The guilds its shards serve; the first is its DEV_GUILD_ID. */
  guilds: EmulatorGuild[];
  runs: BotProcess[];
  /** The number of its current run. */
  run: number;
  /** From a kill or a roll until it is ready again: nothing is sent to its guilds meanwhile. */
  down: boolean;
}

/** A game of the freeze step: its shard, and the moves its players can click (judged before the freeze). */
interface FreezeTarget {
  shard: number;
  game: GameRow;
  /** Plain: a move that does not end the game (the bot writes it in one statement). */
  moves: { user: EmulatorUser; choice: Choice; plain: boolean }[];
}

/** What the freeze step saw while it ran; its figures and findings are made at the end (`#freezeResult`). */
interface FreezeSeen {
  /** performance.now() at SIGSTOP and at SIGCONT; Date.now() at SIGSTOP (the bot's lines are stamped so). */
  stoppedAt: number;
  stoppedAtWall: number;
  continuedAt: number;
  continuedAtWall: number;
  processes: number;
  /** Each shard's /healthz poller. */
  pollers: Map<number, HealthPoller>;
  healthBefore: Map<number, number | null>;
  movesBefore: number;
  /** The move whose write the freeze caught on its way (caught: it was seen before its answer came); null without the relay. */
  trapped: { gameId: number; sentAt: number; caught: boolean } | null;
}

/** After the freeze, play goes on until each shard printed this many loop-stall lines (one a second). */
const STALL_LINES_AFTER_FREEZE = 3;

/** During the freeze, each shard is sent a click this often (on a game with no click in flight). */
const FREEZE_CLICK_EVERY_MS = 150;

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
 * A cluster (`cluster`, issue 24): hosts of one sharded bot on one PostgreSQL database, their REST
 * through one proxy, one guild per shard. Kills go to the hosts in turn; rolls (SIGTERM with clicks
 * in flight, then a start) take turns with them, each on another host than the kill before. While a
 * host is down the others' games are played until moves are stored there (they never pause).
 * Reminders are on: no player may be reminded twice of one wait, and Discord must refuse nothing.
 *
 * The freeze (`freeze`, with a cluster): after the first round the PostgreSQL server is stopped
 * (SIGSTOP to its postmaster and every process under it) for some seconds, starting the moment a
 * move's write passes a relay on its way to the server, while moves are clicked on every shard;
 * then it is continued (SIGCONT) and play goes on. See `#freezeStep` and `#freezeResult` for what
 * is measured and checked; check 1 also holds every stored move against the clicks the bot
 * refused as "the database is not answering" (none of them may have made its move).
 *
 * The seed fixes every random choice of the driver (and the bot's deals, GAME_SEED = f(seed, run));
 * the bot's own timing is not fixed, so a seed replays the same schedule, not always the same run.
 * Every problem names its game, click, version and bot run (1 = first start, n = after kill n-1).
 */

export class KillSoak {
  readonly #options: SoakOptions;
  readonly #seed: number;
  readonly #rng: RngState;
  readonly #log: (line: string) => void;
  readonly emulator: DiscordEmulator;
  #users: EmulatorUser[] = [];
  #stranger!: EmulatorUser;
  #slots: Slot[] = [];
  #hosts: Host[] = [];
  /** Channel id → the host serving its guild. */
  readonly #hostOfChannel = new Map<string, Host>();
  /** Channel id → the shard its guild is on (0 for one bot process). */
  readonly #shardOfChannel = new Map<string, number>();
  /** The database server while the freeze step has it stopped. */
  #frozen: ServerFreeze | null = null;
  /** For the freeze step, the hosts reach the database through this relay. */
  #relay: PostgresRelay | null = null;
  /** What the freeze step saw, for the result; null before it. */
  #freezeSeen: FreezeSeen | null = null;
  /** One BotProcess per run, all on the same database (each run its own GAME_SEED), over all hosts. */
  #bots: BotProcess[] = [];
  /** A cluster's REST proxy, in front of the emulator. */
  #proxy: BotProcess | null = null;
  #proxyBase = "";
  #reminders = 0;
  #databasePath = "";
  #database: BotDatabase | null = null;
  #run = 0;
  #rolls = 0;
  readonly #movesWhileDown: number[] = [];
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
    // Every shard of a cluster may identify at once (a bucket each), so restarts are not paced by
    // Discord's 5 s per identify, which the drill (scripts/bench/drill) measures instead.
    this.emulator = new DiscordEmulator(
      options.cluster
        ? { recommendedShards: options.cluster.shardCount, maxConcurrency: options.cluster.shardCount }
        : {},
    );
  }

  /** Each run's bot output as `bot-run-<n>.log` in `dir`, and every interaction sent in `interactions.log`. */
  writeOutputs(dir: string): void {
    fs.mkdirSync(dir, { recursive: true });
    if (this.#proxy) fs.writeFileSync(path.join(dir, "proxy.log"), `${this.#proxy.output()}\n`);
    for (const [index, bot] of this.#bots.entries())
      fs.writeFileSync(path.join(dir, `bot-run-${index + 1}.log`), `${bot.output()}\n`);
    const lines = this.#sent.map((sent) => {
      const r = this.emulator.responsesTo(sent.handle);
      const answer = sent.answer ? JSON.stringify(sent.answer.content.slice(0, 80)) : "-";
      return [
        `host ${sent.host + 1} run ${sent.run}`,
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

  get #db(): BotDatabase {
    this.#database ??= new BotDatabase(this.#options.cluster?.databaseUrl ?? this.#databasePath);
    return this.#database;
  }

  #hostOf(channelId: string): Host {
    const host = this.#hostOfChannel.get(channelId);
    if (!host) throw new Error(`no host serves channel ${channelId}`);
    return host;
  }

  /** What the checks read: the database, the emulator, what was sent, every bot run. */
  get #checks(): SoakContext {
    const soak = this;
    return {
      get db() {
        return soak.#db;
      },
      emulator: this.emulator,
      sent: this.#sent,
      bots: this.#bots,
      lobbies: this.#lobbies,
      replayed: this.#replayed,
      problem: (key, text) => this.#problem(key, text),
    };
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
    // A server left stopped would keep its own stop waiting for good.
    this.#frozen?.resume();
    this.#frozen = null;
    this.#database?.close();
    this.#database = null;
    for (const host of this.#hosts) if (host.runs.at(-1)?.running) await this.#killHost(host);
    // After the hosts: closing it under them would cut their connections.
    await this.#relay?.close();
    this.#relay = null;
    if (this.#proxy?.running) await this.#proxy.kill("SIGKILL");
    await this.emulator.stop();
  }

  // ---- lifecycle --------------------------------------------------------------------------------------------

  /** How problems name a host: "the bot" for one bot process. */
  #name(host: Host): string {
    return this.#options.cluster ? `host ${host.index + 1}` : "the bot";
  }

  /**
   * Guilds (one per shard for a cluster), the hosts, five players and a stranger in every guild,
   * and the channels: ten for one bot; four per guild for a cluster, so that each host's first
   * games go through all seven kinds.
   */
  #setUpWorld(): void {
    const cluster = this.#options.cluster;
    const guilds = cluster
      ? Array.from({ length: cluster.shardCount }, (_, id) =>
          this.emulator.createGuild(`Soak Club ${id}`, { shard: { id, count: cluster.shardCount } }),
        )
      : [this.emulator.createGuild("Soak Club")];
    this.#hosts = (cluster?.hosts ?? [[]]).map((shards, index) => ({
      index,
      shards,
      guilds: cluster ? shards.map((id) => guilds[id] as EmulatorGuild) : guilds,
      runs: [],
      run: 0,
      down: false,
    }));
    for (const name of ["Alice", "Bob", "Carol", "Dave", "Erin"])
      this.#users.push(this.emulator.createUser(name, { guilds }));
    this.#stranger = this.emulator.createUser("Mallory", { guilds });
    const perGuild = cluster ? (cluster.channelsPerGuild ?? 4) : 10;
    for (const host of this.#hosts) {
      let mine = 0;
      for (const [g, guild] of host.guilds.entries()) {
        for (let c = 0; c < perGuild; c++) {
          const index = this.#slots.length;
          const channel = this.emulator.createChannel(guild, `soak-${index}`);
          const nextType = ALL_GAMES[mine++ % ALL_GAMES.length] as string;
          this.#slots.push({ index, host: host.index, channel, nextType, plan: null });
          this.#hostOfChannel.set(channel.id, host);
          this.#shardOfChannel.set(channel.id, host.shards[g] ?? 0);
        }
      }
    }
  }

  /** The cluster's one REST proxy (`npm run proxy`) in front of the emulator. */
  async #startProxy(): Promise<void> {
    const { proxy, base } = await startProxy(this.emulator);
    this.#proxy = proxy;
    this.#proxyBase = base;
  }

  /** A host registers the commands in its DEV_GUILD_ID guild only; the soak registers them in the others. */
  async #registerCommandsElsewhere(): Promise<void> {
    await registerCommandsElsewhere(
      this.emulator,
      this.#hosts.flatMap((host) => host.guilds),
      new Set(this.#hosts.map((host) => host.guilds[0]?.id)),
    );
  }

  /** A cluster host's environment: its shard range, the shared database, the proxy, and reminders. */
  #hostEnv(host: Host): Record<string, string> {
    const cluster = this.#options.cluster;
    if (!cluster) return {};
    return clusterHostEnv({
      shardCount: cluster.shardCount,
      shards: host.shards,
      databaseUrl: this.#relay?.relayedUrl ?? cluster.databaseUrl,
      proxyBase: this.#proxyBase,
      reminderSeconds: cluster.reminderSeconds,
      // The freeze step asks each shard's /healthz (on this port + the shard's id).
      ...(this.#options.freeze ? { metricsPort: this.#options.freeze.metricsPort } : {}),
    });
  }

  async #startBot(host: Host, after: number): Promise<number> {
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      this.#run++;
      host.run = this.#run;
      const bot = newBot(this.emulator, {
        guildId: host.guilds[0]?.id,
        ...(this.#databasePath ? { databasePath: this.#databasePath } : {}),
        ...(host.shards.length > 0 ? { args: ["dist/src/shard.js"] } : {}),
        env: { GAME_SEED: String((this.#seed * 31 + this.#run) >>> 0), ...this.#hostEnv(host) },
        // The freeze step reads each shard's event-loop stall, printed every second.
        loopStats: this.#options.freeze !== undefined,
      });
      this.#databasePath = bot.databasePath;
      this.#bots.push(bot);
      host.runs.push(bot);
      await bot.start();
      try {
        await this.#ready(host, bot, after);
        return performance.now() - started;
      } catch (err) {
        // A bot that crashes while starting is a finding; the soak starts it again (twice at most).
        if (bot.running || attempt >= 3) throw err;
        const tail = lastLines(bot);
        this.#problem(
          `exit:${this.#run}`,
          `${this.#name(host)} exited by itself while starting (run ${this.#run}, ${JSON.stringify(bot.lastExit)}); its last lines: ${tail}`,
        );
      }
    }
  }

  /** One bot is ready once connected; a host once each of its shards is and its manager says so. */
  async #ready(host: Host, bot: BotProcess, after: number): Promise<void> {
    if (host.shards.length === 0) {
      await this.emulator.waitForBotReady({ after, bot, timeoutMs: 30_000 });
      return;
    }
    await waitForHost(this.emulator, bot, host.shards, after, this.#name(host));
  }

  /** A host that exited by itself (a crash) is a problem; it is started again so the soak goes on. */
  async #checkAlive(host: Host): Promise<void> {
    const bot = host.runs.at(-1) as BotProcess;
    if (bot.running) return;
    const tail = lastLines(bot);
    this.#problem(
      `exit:${host.run}`,
      `${this.#name(host)} exited by itself in run ${host.run} (${JSON.stringify(bot.lastExit)}); its last lines: ${tail}`,
    );
    for (const sent of this.#sent)
      if (sent.run === host.run && sent.cutAt === null) sent.cutAt = performance.now();
    await this.#startBot(host, Date.now());
  }

  /** SIGKILL, as when a host's machine is lost: its shard processes and its manager at once. */
  async #killHost(host: Host): Promise<void> {
    await killHost(host.runs.at(-1) as BotProcess);
  }

  async #kill(host: Host, mode: string): Promise<void> {
    await this.#checkAlive(host);
    tally(this.#killModes, mode);
    host.down = true;
    const killedAt = Date.now();
    const cutAt = performance.now();
    await this.#killHost(host);
    this.emulator.clearFaults();
    // Requests the bot made just before it died are handled by now; nothing more comes from it.
    await sleep(20);
    for (const sent of this.#sent) if (sent.run === host.run && sent.cutAt === null) sent.cutAt = cutAt;
    await Promise.all([...this.#inFlight]);
    await this.#playElsewhere(host);
    const ms = await this.#startBot(host, killedAt);
    host.down = false;
    this.#restartMs.push(ms);
  }

  /**
   * A rolling deploy of a host: clicks sent to its guilds, and SIGTERM while they are in flight. It
   * must answer every click it took and exit by itself; then it is started again.
   */
  async #roll(host: Host, roll: number, rolls: number): Promise<void> {
    await this.#checkAlive(host);
    tally(this.#killModes, "rolled with SIGTERM");
    const mine = this.#slots.filter((slot) => slot.host === host.index);
    const busy = new Set<string>();
    const wave = 1 + nextInt(this.#rng, 4);
    for (let i = 0; i < wave; i++) this.#step(pick(this.#rng, mine), busy);
    const delay = pick(this.#rng, [0, 15, 60, 150]);
    await sleep(delay);
    this.#log(
      `roll ${roll}/${rolls}: SIGTERM to ${this.#name(host)}, ${wave} click(s) in flight, ${delay} ms after sending`,
    );
    host.down = true;
    const stoppedAt = Date.now();
    const exit = await (host.runs.at(-1) as BotProcess).kill("SIGTERM", 30_000);
    if (exit.code !== 0)
      this.#problem(
        `roll:${host.run}`,
        `${this.#name(host)} did not stop by itself within 30 s of SIGTERM (run ${host.run}, ${JSON.stringify(exit)})`,
      );
    this.#rolls++;
    await Promise.all([...this.#inFlight]);
    await this.#playElsewhere(host);
    this.#restartMs.push(await this.#startBot(host, stoppedAt));
    host.down = false;
  }

  /**
   * While a host is down, the other hosts' games must go on: steps on their channels until at least
   * three moves are stored there (80 steps at most).
   */
  async #playElsewhere(host: Host): Promise<void> {
    const others = this.#slots.filter((slot) => slot.host !== host.index);
    if (others.length === 0) return;
    const channels = new Set(others.map((slot) => slot.channel.id));
    const before = this.#db.movesIn(channels);
    let moved = 0;
    for (let step = 0; step < 80 && moved < 3; step++) {
      await this.#step(pick(this.#rng, others), new Set());
      moved = this.#db.movesIn(channels) - before;
    }
    this.#movesWhileDown.push(moved);
    if (moved < 3)
      this.#problem(
        `paused:${host.run}`,
        `while ${this.#name(host)} was down (run ${host.run}), 80 steps on the other hosts' games stored ${moved} move(s): they paused`,
      );
  }

  async run(): Promise<SoakResult> {
    const began = performance.now();
    const kills = Math.max(0, Math.floor(this.#options.kills));
    const rolls = Math.max(0, Math.floor(this.#options.cluster?.rolls ?? 0));
    const [minSteps, maxSteps] = this.#options.steps ?? [8, 30];
    await this.emulator.start();
    this.#setUpWorld();
    if (this.#options.cluster) await this.#startProxy();
    if (this.#options.cluster && this.#options.freeze) {
      this.#relay = new PostgresRelay(this.#options.cluster.databaseUrl);
      await this.#relay.start();
    }
    for (const host of this.#hosts) await this.#startBot(host, 0);
    await this.#registerCommandsElsewhere();
    this.#log(
      `seed ${this.#seed}: emulator on port ${this.emulator.port}, ${this.#hosts.length} host(s) started`,
    );

    // Every channel's first game is gathered and started before the first kill, so every kind is played.
    await this.#gatherAll();
    let killed = 0;
    let rolled = 0;
    let froze = false;
    try {
      for (let round = 0; ; round++) {
        const steps =
          round === 0
            ? (this.#options.firstSteps ?? 20)
            : minSteps + nextInt(this.#rng, maxSteps - minSteps + 1);
        await this.#play(steps);
        await this.#settle(`after round ${round}`);
        // The freeze comes after the first round; rounds are played after it until every shard
        // printed its event-loop stall of a few seconds after it (100 rounds at most).
        if (this.#options.freeze && !froze) {
          froze = true;
          await this.#freezeStep();
          continue;
        }
        if (froze && round <= 100 && !this.#seenAfterFreeze()) continue;
        if (killed >= kills && rolled >= rolls) break;
        // Kills and rolls take turns; a roll goes to another host than the kill before it.
        if (rolled < rolls && (killed >= kills || rolled < killed)) {
          await this.#roll(this.#hostAt(rolled + 1), ++rolled, rolls);
          continue;
        }
        const host = this.#hostAt(killed);
        await this.#killSomehow(host, ++killed, kills);
        // Right after a restart the bot may still be repairing tables: sometimes kill it right there.
        if (killed < kills && chance(this.#rng, 0.08)) {
          await sleep(nextInt(this.#rng, 250));
          this.#log(`kill ${++killed}/${kills}: during the start-up repair`);
          await this.#kill(host, "during-repair");
        }
      }
      await this.#settle("at the end", true);
    } catch (err) {
      // A bot that does not come back (or a broken build) ends the soak; what was seen still counts.
      this.#problem(
        "stopped",
        `the soak stopped after ${killed} kill(s) and ${rolled} roll(s): ${(err as Error).message}`,
      );
    }
    this.#claims = finalChecks(this.#checks);
    if (this.#options.cluster) this.#clusterChecks();
    return this.#result(killed, performance.now() - began);
  }

  /** Waves of steps in the channels without a game in play, until each has one (100 waves at most). */
  async #gatherAll(): Promise<void> {
    for (let waves = 0; waves < 100; waves++) {
      const pending = this.#slots.filter((slot) => this.#db.openGame(slot.channel.id)?.status !== "active");
      if (pending.length === 0) break;
      const busy = new Set<string>();
      const tasks = shuffle(this.#rng, pending)
        .slice(0, 4)
        .map((slot) => this.#step(slot, busy));
      await Promise.all(tasks);
    }
  }

  // ---- the freeze of the database server -------------------------------------------------------------------

  /**
   * The freeze step (`SoakOptions.freeze`): every channel's game in play and moves ready on its
   * players' panels, `/healthz` polled on every shard. Then one move is clicked, and the database
   * server is stopped the moment its write passes the relay on its way to the server: the write
   * waits there, to be run once the server is continued, long after the bot gave up on it. For the
   * freeze's seconds moves are clicked on every shard; then the server is continued. One click at a
   * time in flight on a game: a click answered once the server is back then never meets another
   * click's move. Nothing here reads the database while it is stopped (the soak's reader would wait).
   */
  async #freezeStep(): Promise<void> {
    const options = this.#options.freeze as NonNullable<SoakOptions["freeze"]>;
    await this.#gatherAll();
    const targets = await this.#freezeTargets();
    await this.#settle("before the freeze");
    const shards = [...new Set(this.#shardOfChannel.values())].sort((a, b) => a - b);
    for (const shard of shards)
      if (!targets.some((t) => t.shard === shard))
        this.#problem(
          `freeze-targets:${shard}`,
          `before the freeze, no game on shard ${shard} had a move ready to click`,
        );
    const pollers = new Map(shards.map((shard) => [shard, new HealthPoller(options.metricsPort + shard)]));
    const polled = performance.now();
    for (const poller of pollers.values()) poller.start();
    await this.#until(() => shards.every((shard) => pollers.get(shard)?.firstAfter(polled, 200)), 10_000);
    const healthBefore = new Map(
      shards.map((shard) => {
        const poller = pollers.get(shard) as HealthPoller;
        return [shard, poller.firstAfter(polled, 200)?.status ?? poller.samples.at(-1)?.status ?? null];
      }),
    );
    const movesBefore = this.#db.moveCount();
    const freeze = new ServerFreeze(options.dataFolder);
    const stopped = { at: 0, wall: 0, pids: [] as number[] };
    const stop = () => {
      this.#frozen = freeze;
      stopped.wall = Date.now();
      stopped.at = performance.now();
      stopped.pids = freeze.stop();
    };
    const clicking = new Set<number>();
    const click = (target: FreezeTarget, move: FreezeTarget["moves"][number]) => {
      clicking.add(target.game.id);
      const { user, choice } = move;
      const task = this.#send(
        "move",
        user,
        choice.message,
        choice.component,
        choice.values,
        choice.move,
        target.game,
      );
      void task.finally(() => clicking.delete(target.game.id));
      return task;
    };
    let trapped: FreezeSeen["trapped"] = null;
    try {
      // The first move's write is what the freeze catches on its way (a move that does not end its game: one statement).
      const first = targets.flatMap((target) =>
        target.moves.filter((m) => m.plain).map((m) => ({ target, m })),
      )[0];
      if (first && this.#relay) {
        const sentAt = performance.now();
        const seen = this.#relay.arm(JSON.stringify(first.m.choice.move), stop).then(() => true);
        const answered = click(first.target, first.m).then(() => false);
        const caught = await Promise.race([seen, answered]);
        this.#relay.disarm();
        trapped = { gameId: first.target.game.id, sentAt, caught };
        if (!caught)
          this.#problem(
            "freeze-uncaught",
            `the move clicked to begin the freeze (game ${first.target.game.id}, ${JSON.stringify(first.m.choice.move)}) was answered before its write was seen on its way to the database`,
          );
      }
      if (!this.#frozen) stop();
      this.#log(
        `freeze: SIGSTOP to the database server's ${stopped.pids.length} processes for ${options.seconds} s${trapped?.caught ? ", a move's write on its way" : ""}; ${targets.length} games to click in`,
      );
      const until = stopped.at + options.seconds * 1000;
      while (performance.now() < until) {
        for (const shard of shards) {
          const free = targets.filter((t) => t.shard === shard && !clicking.has(t.game.id));
          if (free.length > 0) {
            const target = pick(this.#rng, free);
            void click(target, pick(this.#rng, target.moves));
          }
        }
        await sleep(Math.max(0, Math.min(FREEZE_CLICK_EVERY_MS, until - performance.now())));
      }
      // Stopped all along (a stopped process shows T in /proc).
      const running = stopped.pids.filter((pid) => ![null, "T", "t"].includes(processState(pid)));
      if (running.length > 0)
        this.#problem(
          "freeze-running",
          `the server's processes ${running.join(", ")} were not stopped at the end of the freeze`,
        );
    } finally {
      this.#relay?.disarm();
      freeze.resume();
      this.#frozen = null;
    }
    const continuedAt = performance.now();
    const continuedAtWall = Date.now();
    this.#log(`freeze: SIGCONT after ${Math.round(continuedAt - stopped.at)} ms`);
    await Promise.all([...this.#inFlight]);
    await this.#until(
      () => shards.every((shard) => pollers.get(shard)?.firstAfter(continuedAt, 200)),
      10_000,
    );
    for (const poller of pollers.values()) await poller.stop();
    this.#freezeSeen = {
      stoppedAt: stopped.at,
      stoppedAtWall: stopped.wall,
      continuedAt,
      continuedAtWall,
      processes: stopped.pids.length,
      pollers,
      healthBefore,
      movesBefore,
      trapped,
    };
  }

  /**
   * Before the freeze: for each channel's game in play, a fresh panel with a move for one of its
   * players (opened, and selection steps made, as needed), and every move then offered to any of
   * its players on a panel of the current version or on the table, judged by the engine.
   */
  async #freezeTargets(): Promise<FreezeTarget[]> {
    const targets: FreezeTarget[] = [];
    for (const slot of this.#slots) {
      if (!(await this.#prepareMove(slot))) continue;
      const game = this.#db.openGame(slot.channel.id);
      if (game?.status !== "active" || game.state === null) continue;
      const ui = uiOf(game.gameType);
      const state = JSON.parse(game.state) as unknown;
      const table = this.#newestTable(slot.channel.id, game.gameType, game.id);
      const moves: FreezeTarget["moves"] = [];
      for (const actor of ui.engine.actors(state)) {
        const user = this.#user(actor);
        const panel = this.#panelOf(user.id, game.id);
        const current = panel && versionsIn(componentsOf(panel), game.id).includes(game.version);
        for (const message of [current ? panel : undefined, table])
          if (message)
            for (const choice of this.#choices(ui, game, state, user.id, message))
              if (choice.kind === "move") {
                const after = ui.engine.apply(state, user.id, choice.move);
                moves.push({ user, choice, plain: after.ok && ui.engine.outcome(after.state) === null });
              }
      }
      if (moves.length > 0)
        targets.push({ shard: this.#shardOfChannel.get(slot.channel.id) ?? 0, game, moves });
    }
    return targets;
  }

  /** Whether every shard printed `STALL_LINES_AFTER_FREEZE` loop-stall lines since SIGCONT. */
  #seenAfterFreeze(): boolean {
    const seen = this.#freezeSeen;
    if (!seen) return true;
    const lines = this.#bots.flatMap((bot) => stallLines(bot, seen.continuedAtWall));
    return [...seen.pollers.keys()].every(
      (shard) => lines.filter((line) => line.shard === shard).length >= STALL_LINES_AFTER_FREEZE,
    );
  }

  /** Waits until `holds` (every 50 ms, `limitMs` at most); whether it came to hold. */
  async #until(holds: () => unknown, limitMs: number): Promise<boolean> {
    const deadline = performance.now() + limitMs;
    for (;;) {
      if (holds()) return true;
      if (performance.now() > deadline) return false;
      await sleep(50);
    }
  }

  /**
   * The freeze step's figures and findings: each click sent while the server was stopped answered
   * within 3 s, made or refused as "database not answering"; `/healthz` 503 within 1 s of SIGSTOP
   * and 200 within 2 s of SIGCONT on every shard; no second of any shard stalled over 100 ms from
   * SIGSTOP to the end; moves stored after it.
   */
  #freezeResult(): FreezeResult | null {
    const seen = this.#freezeSeen;
    if (!seen) return null;
    const trapped = seen.trapped;
    // The click whose write the freeze caught, and every click sent while the server was stopped.
    const caught = trapped?.caught
      ? this.#sent.find((s) => s.click?.gameId === trapped.gameId && s.handle.dispatchedAt >= trapped.sentAt)
      : undefined;
    const frozen = this.#sent.filter(
      (s) =>
        s === caught ||
        (s.handle.dispatchedAt >= seen.stoppedAt && s.handle.dispatchedAt <= seen.continuedAt),
    );
    const stalls = this.#bots.flatMap((bot) => stallLines(bot, seen.stoppedAtWall));
    const shards: FreezeShard[] = [...seen.pollers].map(([shard, poller]) => {
      const mine = frozen.filter((s) => this.#shardOfChannel.get(s.channelId) === shard);
      const figures: FreezeShard = {
        shard,
        clicks: mine.length,
        made: 0,
        refused: 0,
        ackMaxMs: 0,
        answerMaxMs: 0,
        healthBefore: seen.healthBefore.get(shard) ?? null,
        downMs: null,
        upMs: null,
        healthNoAnswer: 0,
        stallSeconds: 0,
        stallSecondsAfter: 0,
        stallMaxMs: 0,
      };
      for (const sent of mine) {
        const label = `${sent === caught ? "the move click whose write the freeze caught, " : ""}move click ${sent.handle.id} on shard ${shard} by ${sent.userId} on game ${sent.click?.gameId} at v${sent.click?.version}, ${Math.round(sent.handle.dispatchedAt - seen.stoppedAt)} ms into the freeze`;
        const ack = this.emulator.responsesTo(sent.handle).ackLatencyMs;
        const answered = sent.settledAt === null ? null : sent.settledAt - sent.handle.dispatchedAt;
        figures.ackMaxMs = Math.max(figures.ackMaxMs, ack ?? Number.POSITIVE_INFINITY);
        figures.answerMaxMs = Math.max(figures.answerMaxMs, answered ?? Number.POSITIVE_INFINITY);
        if (ack === null) this.#problem(`freeze-unanswered:${sent.handle.id}`, `${label} was never answered`);
        else if (ack > ANSWER_WITHIN_MS)
          this.#problem(
            `freeze-late:${sent.handle.id}`,
            `${label} was first answered after ${Math.round(ack)} ms`,
          );
        if (ack !== null && answered === null)
          this.#problem(`freeze-unsettled:${sent.handle.id}`, `${label} was deferred and never filled in`);
        else if (answered !== null && answered > ANSWER_WITHIN_MS)
          this.#problem(
            `freeze-answer-late:${sent.handle.id}`,
            `${label} got its answer (made or refused) after ${Math.round(answered)} ms`,
          );
        const made = answerKind(this.emulator, sent) === "move made";
        const refused = refusedAsBusy(this.emulator, sent);
        if (made) figures.made++;
        if (refused) figures.refused++;
        if (made && refused)
          this.#problem(
            `freeze-both:${sent.handle.id}`,
            `${label} was answered with its move made and also told "${BUSY_TEXT}"`,
          );
        else if (!made && !refused && ack !== null)
          this.#problem(
            `freeze-neither:${sent.handle.id}`,
            `${label} was answered neither with its move made nor with the database's refusal: ${JSON.stringify(sent.answer?.content.slice(0, 120) ?? null)}`,
          );
      }
      const down = poller.firstAfter(seen.stoppedAt, 503);
      const up = poller.firstAfter(seen.continuedAt, 200);
      figures.downMs = down ? down.at - seen.stoppedAt : null;
      // Asked after SIGSTOP, answered before SIGCONT: no database could have answered its ping.
      const stopped = poller.samples.filter((h) => h.sentAt > seen.stoppedAt && h.at < seen.continuedAt);
      figures.healthNoAnswer = stopped.filter((h) => h.status === null).length;
      const healthy = stopped.filter((h) => h.status === 200).length;
      if (healthy > 0)
        this.#problem(
          `freeze-health-200:${shard}`,
          `shard ${shard}: /healthz answered 200 ${healthy} time(s) while the database server was stopped`,
        );
      figures.upMs = up ? up.at - seen.continuedAt : null;
      if (figures.healthBefore !== 200)
        this.#problem(
          `freeze-health-before:${shard}`,
          `shard ${shard}: /healthz answered ${figures.healthBefore} before the freeze`,
        );
      if (figures.downMs === null || figures.downMs > DOWN_WITHIN_MS)
        this.#problem(
          `freeze-health-down:${shard}`,
          `shard ${shard}: /healthz ${figures.downMs === null ? "never answered 503" : `first answered 503 ${Math.round(figures.downMs)} ms`} after SIGSTOP (within ${DOWN_WITHIN_MS} ms wanted)`,
        );
      if (figures.upMs === null || figures.upMs > UP_WITHIN_MS)
        this.#problem(
          `freeze-health-up:${shard}`,
          `shard ${shard}: /healthz ${figures.upMs === null ? "never answered 200" : `first answered 200 ${Math.round(figures.upMs)} ms`} after SIGCONT (within ${UP_WITHIN_MS} ms wanted)`,
        );
      const lines = stalls.filter((line) => line.shard === shard);
      figures.stallSeconds = lines.length;
      figures.stallSecondsAfter = lines.filter((line) => line.at >= seen.continuedAtWall).length;
      figures.stallMaxMs = Math.max(0, ...lines.map((line) => line.maxMs));
      if (lines.length === 0)
        this.#problem(
          `freeze-stall-none:${shard}`,
          `shard ${shard} printed no loop-stall line from the freeze on`,
        );
      for (const line of lines)
        if (line.maxMs > STALL_LIMIT_MS)
          this.#problem(
            `freeze-stall:${shard}:${line.at}`,
            `shard ${shard}: its event loop stalled ${line.maxMs} ms in the second before ${new Date(line.at).toISOString()} (${Math.round((line.at - seen.stoppedAtWall) / 1000)} s after SIGSTOP; at most ${STALL_LIMIT_MS} ms wanted)`,
          );
      return figures;
    });
    if (caught && !refusedAsBusy(this.emulator, caught))
      this.#problem(
        "freeze-caught",
        `the move click whose write the freeze caught on its way was not refused with "${BUSY_TEXT}": ${JSON.stringify(caught.answer?.content.slice(0, 120) ?? null)}`,
      );
    const movesAfter = this.#db.moveCount() - seen.movesBefore;
    if (movesAfter === 0)
      this.#problem("freeze-after", "no move was stored after the freeze: play did not go on");
    return {
      frozenMs: seen.continuedAt - seen.stoppedAt,
      processes: seen.processes,
      shards,
      ackMaxMs: Math.max(0, ...shards.map((s) => s.ackMaxMs)),
      answerMaxMs: Math.max(0, ...shards.map((s) => s.answerMaxMs)),
      stallMaxMs: Math.max(0, ...shards.map((s) => s.stallMaxMs)),
      stallSeconds: stalls.length,
      movesAfter,
      caughtWrite: caught
        ? {
            ackMs: this.emulator.responsesTo(caught.handle).ackLatencyMs,
            refused: refusedAsBusy(this.emulator, caught),
          }
        : null,
    };
  }

  #hostAt(n: number): Host {
    return this.#hosts[n % this.#hosts.length] as Host;
  }

  /** A cluster's own checks: no reminder twice, Discord refused nothing, the proxy printed no error. */
  #clusterChecks(): void {
    this.#reminders = checkReminders(
      this.#checks,
      this.#slots.map((slot) => slot.channel.id),
    );
    const refused = this.emulator.rateLimits.limited;
    if (refused > 0)
      this.#problem(
        "429",
        `Discord (the emulator) refused ${refused} request(s) with 429: the hosts' REST did not share one budget`,
      );
    for (const line of this.#proxy?.errorLines() ?? [])
      this.#problem(`proxy:${line.text}`, `proxy error line: ${line.text}`);
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

  async #killSomehow(host: Host, kill: number, kills: number): Promise<void> {
    const mine = this.#slots.filter((slot) => slot.host === host.index);
    const who = this.#options.cluster ? ` (${this.#name(host)})` : "";
    const first = kill === 1 ? this.#options.firstKillHeld : undefined;
    const r = first ? 0.5 : nextFloat(this.#rng);
    if (r < 0.45) {
      // Kill while clicks are in flight.
      const busy = new Set<string>();
      const wave = 1 + nextInt(this.#rng, 5);
      // Channels gathering a new game first, so some kills land in lobbies too.
      const gathering = mine.filter((slot) => this.#db.openGame(slot.channel.id)?.status !== "active");
      for (let i = 0; i < wave; i++)
        this.#step(pick(this.#rng, i === 0 && gathering.length > 0 ? gathering : mine), busy);
      const delay = pick(this.#rng, [0, 5, 15, 30, 60, 100, 150, 250, 400]);
      await sleep(delay);
      this.#log(`kill ${kill}/${kills}${who}: ${wave} click(s) in flight, ${delay} ms after sending`);
      await this.#kill(host, "in-flight");
      return;
    }
    if (r < 0.9) {
      const target = first ?? (r < 0.75 ? "table" : "answer");
      const held = await this.#killHeld(host, mine, `${kill}/${kills}${who}`, target);
      if (held) return;
    }
    this.#log(`kill ${kill}/${kills}${who}: idle`);
    await this.#kill(host, "idle");
  }

  /**
   * A kill right after a commit. `table`: a move whose table update is held by the emulator (the
   * move is stored and answered, its table post or edit never arrives). `answer`: a click whose
   * first answer to Discord is held (the move, join, start or new lobby is stored, the click is
   * never answered). Once the request is held: SIGKILL. Returns false when nothing could be set up.
   */
  async #killHeld(host: Host, mine: Slot[], kill: string, target: "table" | "answer"): Promise<boolean> {
    for (let attempt = 0; attempt < 12; attempt++) {
      // An answer held: half the time in a channel gathering a new game, when there is one.
      const gathering = mine.filter((slot) => this.#db.openGame(slot.channel.id)?.status !== "active");
      const lobby = target === "answer" && gathering.length > 0 && chance(this.#rng, 0.5);
      const slot = pick(this.#rng, lobby ? gathering : mine);
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
        if (await this.#killWhenHeld(host, holds, task, before, slot, what, kill, target)) return true;
        continue;
      }
      const prepared = await this.#prepareMove(slot);
      if (!prepared) continue;
      const { game, user, choice } = prepared;
      const what = `game ${game.id} (${game.gameType}) v${game.version}: ${JSON.stringify(choice.move)}`;
      const before = this.#channelSnapshot(slot);
      // A click's new table goes out on its token (a follow-up), else to the channel.
      const holds =
        target === "table"
          ? [
              this.emulator.holdNext("POST", /^\/webhooks\/\d+\/[^/]+$/).then(() => "table follow-up"),
              this.emulator
                .holdNext("POST", new RegExp(`^/channels/${slot.channel.id}/messages$`))
                .then(() => "table post"),
              this.emulator
                .holdNext("PATCH", new RegExp(`^/channels/${slot.channel.id}/messages/\\d+$`))
                .then(() => "table edit"),
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
      if (await this.#killWhenHeld(host, holds, task, before, slot, what, kill, target)) return true;
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
    host: Host,
    holds: Promise<string>[],
    task: Promise<void>,
    before: string,
    slot: Slot,
    what: string,
    kill: string,
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
    this.#log(`kill ${kill}: ${what}: its ${which} held${committed ? " after the commit" : ""}`);
    await this.#kill(host, `held ${which}`);
    return true;
  }

  /** One step in a slot: the lobby's next action, a player's click, or a command. Null: nothing to do. */
  #step(slot: Slot, busy: Set<string>): Promise<void> | null {
    const game = this.#db.openGame(slot.channel.id);
    if (!game) return this.#openGame(slot, busy);
    if (game.status === "lobby") return this.#lobbyStep(slot, game, busy);
    const ui = uiOf(game.gameType);
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
    const engine = uiOf(gameType).engine;
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
    slot.nextType = pick(this.#rng, ALL_GAMES);
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
    const engine = uiOf(game.gameType).engine;
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
      const open = table && componentsOf(table).find((c) => parseGameClick(c.customId)?.action === "panel");
      if (!table || !open) return this.#slash("hand", user, slot.channel, "game", {}, "hand");
      return this.#send("open-panel", user, table, open, null, null, game);
    }
    const ui = uiOf(game.gameType);
    const table = this.#newestTable(slot.channel.id, game.gameType, game.id);
    const choices: Choice[] = [];
    if (panel) choices.push(...this.#choices(ui, game, state, user.id, panel));
    if (table) {
      const actions = this.#choices(ui, game, state, user.id, table).filter(
        (c) => c.click.action !== "panel",
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

  /** Every click a message offers the player, judged at the stored state (multi-selects: 6 random subsets). */
  #choices(ui: AnyGameUi, game: GameRow, state: unknown, userId: string, message: MessageView): Choice[] {
    return choicesIn(ui, { id: game.id, version: game.version, state }, userId, message, this.#rng, 6);
  }

  /**
   * For the held-table kill: an actor of the slot's game with a fresh panel and a move in it, found
   * by opening the panel and making selection steps as needed (each answered before the next).
   */
  async #prepareMove(slot: Slot): Promise<{ game: GameRow; user: EmulatorUser; choice: Choice } | null> {
    for (let step = 0; step < 4; step++) {
      const game = this.#db.openGame(slot.channel.id);
      if (game?.status !== "active" || game.state === null) return null;
      const ui = uiOf(game.gameType);
      const state = JSON.parse(game.state) as unknown;
      const actors = ui.engine.actors(state);
      if (actors.length === 0) return null;
      const user = this.#user(actors[0]!);
      const table = this.#newestTable(slot.channel.id, game.gameType, game.id);
      const panel = this.#panelOf(user.id, game.id);
      if (!panel || !versionsIn(componentsOf(panel), game.id).includes(game.version)) {
        const open = table && componentsOf(table).find((c) => parseGameClick(c.customId)?.action === "panel");
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
    const click = parseGameClick(customId);
    const ui = game ? uiOf(game.gameType) : undefined;
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
    click: GameClick | null,
    intended: unknown,
    extra: { unversioned: boolean } | null,
    dispatch: () => Promise<EmulatedInteraction>,
  ): Promise<void> {
    const host = this.#hostOf(channelId);
    const run = host.run;
    const task = (async () => {
      if (run !== host.run || host.down || !host.runs.at(-1)?.running) return;
      let handle: EmulatedInteraction;
      try {
        handle = await dispatch();
      } catch (err) {
        // A select whose options changed meanwhile, a message gone, or the bot just killed: a
        // click a real client could not make either. Counted, not a finding about the bot.
        tally(this.#clicks, "not sendable");
        if (!host.down && /No bot is connected/.test((err as Error).message))
          this.#problem("no-session", `the bot lost its gateway session: ${(err as Error).message}`);
        return;
      }
      tally(this.#clicks, kind);
      const sent: Sent = {
        handle,
        kind,
        userId: user.id,
        channelId,
        click,
        intended,
        unversioned: extra?.unversioned ?? false,
        run,
        host: host.index,
        cutAt: null,
        settled: false,
        settledAt: null,
        answer: null,
      };
      this.#sent.push(sent);
      const deadline = performance.now() + 15_000;
      const editsBefore = handle.messageId ? (this.emulator.message(handle.messageId)?.editCount ?? 0) : 0;
      for (;;) {
        const responses = this.emulator.responsesTo(handle);
        if (responses.acked && answerSettled(responses, editsBefore)) {
          sent.settled = true;
          sent.settledAt = performance.now();
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
        if (sent.cutAt !== null || run !== host.run) return;
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

  // ---- waiting for the bot to be idle, and the checks ---------------------------------------------------

  /**
   * Waits until every click was answered and every started game's newest table shows its stored
   * version; then runs the checks that hold after every restart.
   */
  async #settle(when: string, all = false): Promise<void> {
    await Promise.all([...this.#inFlight]);
    for (const host of this.#hosts) await this.#checkAlive(host);
    const deadline = performance.now() + 20_000;
    let behind: string[] = [];
    for (;;) {
      behind = tablesBehind(this.#checks);
      if (behind.length === 0) break;
      if (performance.now() > deadline) break;
      await sleep(50);
    }
    for (const line of behind) this.#problem(`table:${line}`, `${when}: ${line}`);
    checkReplay(this.#checks, when, all);
    checkAnswered(this.#checks);
  }

  #result(kills: number, durationMs: number): SoakResult {
    // First: its findings go with the others.
    const freeze = this.#freezeResult();
    const games = this.#db.games();
    const byType: Record<string, number> = {};
    for (const g of games) if (g.state !== null) tally(byType, g.gameType);
    for (const sent of this.#sent) tally(this.#answers, answerKind(this.emulator, sent));
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
      cluster: this.#options.cluster
        ? {
            rolls: this.#rolls,
            kindsByHost: this.#hosts.map((host) => {
              const channels = new Set(
                this.#slots.filter((slot) => slot.host === host.index).map((slot) => slot.channel.id),
              );
              return [
                ...new Set(
                  games.filter((g) => g.state !== null && channels.has(g.channelId)).map((g) => g.gameType),
                ),
              ].sort();
            }),
            movesWhileDown: [...this.#movesWhileDown],
            reminders: this.#reminders,
            refused429: this.emulator.rateLimits.limited,
          }
        : null,
      freeze,
      problems: [...this.#problems.values()],
      observations: [...this.#observations.values()],
    };
  }
}
