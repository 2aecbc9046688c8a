import { createRng, type RngState } from "../../../src/engine/core/rng.js";
import { BotDatabase, type GameRow } from "../database.js";
import { ALL_GAMES, type AnyGameUi } from "../games.js";
import { type Choice, choicesIn, TABLE_FILE } from "../players.js";
import {
  type BotProcess,
  DiscordEmulator,
  type EmulatorGuild,
  type EmulatorUser,
  type MessageView,
} from "../world.js";
import type { SoakContext } from "./checks.js";
import type { HealthPoller, PostgresRelay, ServerFreeze } from "./freeze.js";
import type { Sent, SoakSlot as Slot, SoakOptions } from "./types.js";

/**
 * A host: one bot process, or (for a cluster) a sharding manager running a range of shards. Each
 * start is a new process; the runs are numbered over all hosts.
 */
export interface Host {
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

/** What the freeze step saw while it ran; its figures and findings are made at the end (`freezeResult`). */
export interface FreezeSeen {
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

/**
 * What the kill soak's parts share: its options and random schedule, the emulated world (hosts,
 * players, channels), every bot run, every interaction sent, the tallies and the findings. The
 * parts (steps.ts, interactions.ts, hosts.ts, kills.ts, freezeStep.ts, result.ts) are functions of
 * it; it is also what the checks read (checks.ts).
 */
export class SoakState implements SoakContext {
  readonly options: SoakOptions;
  readonly seed: number;
  /** Every random choice of the driver comes from here, in the order the soak makes them. */
  readonly rng: RngState;
  readonly log: (line: string) => void;
  readonly emulator: DiscordEmulator;
  readonly users: EmulatorUser[] = [];
  stranger!: EmulatorUser;
  readonly slots: Slot[] = [];
  hosts: Host[] = [];
  /** Channel id → the host serving its guild. */
  readonly hostOfChannel = new Map<string, Host>();
  /** Channel id → the shard its guild is on (0 for one bot process). */
  readonly shardOfChannel = new Map<string, number>();
  /** The database server while the freeze step has it stopped. */
  frozen: ServerFreeze | null = null;
  /** For the freeze step, the hosts reach the database through this relay. */
  relay: PostgresRelay | null = null;
  /** What the freeze step saw, for the result; null before it. */
  freezeSeen: FreezeSeen | null = null;
  /** One BotProcess per run, all on the same database (each run its own GAME_SEED), over all hosts. */
  readonly bots: BotProcess[] = [];
  /** A cluster's REST proxy, in front of the emulator. */
  proxy: BotProcess | null = null;
  proxyBase = "";
  reminders = 0;
  databasePath = "";
  #database: BotDatabase | null = null;
  /** The number of the newest run, over all hosts. */
  run = 0;
  rolls = 0;
  readonly movesWhileDown: number[] = [];
  readonly sent: Sent[] = [];
  readonly inFlight = new Set<Promise<void>>();
  /** `${userId}:${gameId}` → the player's newest panel message. */
  readonly panels = new Map<string, string>();
  readonly problems = new Map<string, string>();
  /** Findings outside the checks (lobby messages), reported without failing the soak. */
  readonly observations = new Map<string, string>();
  /** Game id → its lobby message. */
  readonly lobbies = new Map<number, string>();
  readonly clicks: Record<string, number> = {};
  readonly answers: Record<string, number> = {};
  readonly killModes: Record<string, number> = {};
  killsAfterCommit = 0;
  readonly restartMs: number[] = [];
  claims = { made: 0, verified: 0, alreadyMade: 0 };
  /** Game id → the version at which it was last replayed. */
  readonly replayed = new Map<number, number>();

  constructor(options: SoakOptions) {
    this.options = options;
    this.seed = (options.seed ?? Date.now() % 1_000_000_000) >>> 0;
    this.rng = createRng(this.seed);
    this.log = options.log ?? (() => undefined);
    // Every shard of a cluster may identify at once (a bucket each), so restarts are not paced by
    // Discord's 5 s per identify, which the drill (scripts/bench/drill) measures instead.
    this.emulator = new DiscordEmulator(
      options.cluster
        ? { recommendedShards: options.cluster.shardCount, maxConcurrency: options.cluster.shardCount }
        : {},
    );
  }

  /** The bot's database, read from outside (opened on first use, once the first run made it). */
  get db(): BotDatabase {
    this.#database ??= new BotDatabase(this.options.cluster?.databaseUrl ?? this.databasePath);
    return this.#database;
  }

  closeDatabase(): void {
    this.#database?.close();
    this.#database = null;
  }

  problem(key: string, text: string): void {
    if (!this.problems.has(key)) {
      this.problems.set(key, text);
      this.log(`PROBLEM: ${text}`);
    }
  }

  observe(key: string, text: string): void {
    if (!this.observations.has(key)) {
      this.observations.set(key, text);
      this.log(`observation: ${text}`);
    }
  }

  /**
   * Guilds (one per shard for a cluster), the hosts, five players and a stranger in every guild,
   * and the channels: ten for one bot; four per guild for a cluster, so that each host's first
   * games go through all seven kinds.
   */
  setUpWorld(): void {
    const cluster = this.options.cluster;
    const guilds = cluster
      ? Array.from({ length: cluster.shardCount }, (_, id) =>
          this.emulator.createGuild(`Soak Club ${id}`, { shard: { id, count: cluster.shardCount } }),
        )
      : [this.emulator.createGuild("Soak Club")];
    this.hosts = (cluster?.hosts ?? [[]]).map((shards, index) => ({
      index,
      shards,
      guilds: cluster ? shards.map((id) => guilds[id] as EmulatorGuild) : guilds,
      runs: [],
      run: 0,
      down: false,
    }));
    for (const name of ["Alice", "Bob", "Carol", "Dave", "Erin"])
      this.users.push(this.emulator.createUser(name, { guilds }));
    this.stranger = this.emulator.createUser("Mallory", { guilds });
    const perGuild = cluster ? (cluster.channelsPerGuild ?? 4) : 10;
    for (const host of this.hosts) {
      let mine = 0;
      for (const [g, guild] of host.guilds.entries()) {
        for (let c = 0; c < perGuild; c++) {
          const index = this.slots.length;
          const channel = this.emulator.createChannel(guild, `soak-${index}`);
          const nextType = ALL_GAMES[mine++ % ALL_GAMES.length] as string;
          this.slots.push({ index, host: host.index, channel, nextType, plan: null });
          this.hostOfChannel.set(channel.id, host);
          this.shardOfChannel.set(channel.id, host.shards[g] ?? 0);
        }
      }
    }
  }

  hostOf(channelId: string): Host {
    const host = this.hostOfChannel.get(channelId);
    if (!host) throw new Error(`no host serves channel ${channelId}`);
    return host;
  }

  /** The host whose turn is the n-th (kills and rolls go round them). */
  hostAt(n: number): Host {
    return this.hosts[n % this.hosts.length] as Host;
  }

  /** How problems name a host: "the bot" for one bot process. */
  name(host: Host): string {
    return this.options.cluster ? `host ${host.index + 1}` : "the bot";
  }

  user(id: string): EmulatorUser {
    const user = [...this.users, this.stranger].find((u) => u.id === id);
    if (!user) throw new Error(`unknown user ${id}`);
    return user;
  }

  /** The newest public table message of a game in its channel. */
  newestTable(channelId: string, gameType: string, gameId: number): MessageView | undefined {
    return this.emulator.channelMessages(channelId).findLast((m) =>
      m.attachments.some((a) => {
        const match = TABLE_FILE.exec(a.filename);
        return match?.[1] === gameType && Number(match[2]) === gameId;
      }),
    );
  }

  panelOf(userId: string, gameId: number): MessageView | undefined {
    const id = this.panels.get(`${userId}:${gameId}`);
    const message = id ? this.emulator.message(id) : undefined;
    return message && !message.deleted ? message : undefined;
  }

  /** Every click a message offers the player, judged at the stored state (multi-selects: 6 random subsets). */
  choices(ui: AnyGameUi, game: GameRow, state: unknown, userId: string, message: MessageView): Choice[] {
    return choicesIn(ui, { id: game.id, version: game.version, state }, userId, message, this.rng, 6);
  }
}
