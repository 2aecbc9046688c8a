import type { GameClick } from "../players.js";
import type { EmulatedInteraction, EmulatorChannel, EmulatorUser } from "../world.js";

/** The kill soak's options, its result, and its record of every interaction sent. */

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
  /** The first kill lands right after a commit, with this request held (default: chosen at random, like the others). */
  firstKillHeld?: "table" | "answer";
  /** A sharded bot on several hosts instead of one bot process (issue 24). */
  cluster?: ClusterOptions;
  /** The database server frozen (SIGSTOP) once, after the first round, while the players click on. Needs `cluster`. */
  freeze?: FreezeOptions;
}

/**
 * The freeze step: after the first round, every game's players given a move to click, one move is
 * clicked and the PostgreSQL server's processes are stopped (SIGSTOP) the moment its write passes
 * on its way to the server (the hosts reach it through a relay), for `seconds`, while the players
 * click moves on every shard; then continued (SIGCONT), and play goes on. Each shard serves
 * `/healthz` (METRICS_PORT) and prints its event-loop stall every second (BENCH_LOOP_STATS=1).
 * Checked: every click of the freeze answered within 3 s, made or refused with the "database not
 * answering" text, and no click so refused ever made its move (the caught write included, which
 * the server runs once continued); no second of any shard's event loop stalled over 100 ms from
 * the freeze on; `/healthz` 503 within 1 s of SIGSTOP, never 200 while stopped, and 200 within 2 s
 * of SIGCONT; moves stored after it; and the soak's own checks (no move lost or doubled, every
 * table current).
 */
export interface FreezeOptions {
  /** The server's data folder: its `postmaster.pid` names the process to stop. */
  dataFolder: string;
  /** How long the server stays stopped. */
  seconds: number;
  /** METRICS_PORT of the hosts: shard N serves `/healthz` on this port + N. */
  metricsPort: number;
}

/**
 * Hosts of one sharded bot: each runs `dist/src/shard.js` with its own SHARDS range of
 * `shardCount`, all on one database, their REST through one proxy (`dist/src/proxy.js`) that the
 * soak starts in front of the emulator. The emulator has one guild per shard.
 */
export interface ClusterOptions {
  /** Each host's shard ids, e.g. [[0, 1], [2, 3]]. */
  hosts: readonly (readonly number[])[];
  shardCount: number;
  /** The database every host shares (DATABASE_URL, PostgreSQL). */
  databaseUrl: string;
  /** Rolling deploys (SIGTERM, then a start), taken in turns with the SIGKILLs, host after host. */
  rolls: number;
  /** Players idle this long are reminded in the channel (REMINDER_HOURS), in seconds. */
  reminderSeconds: number;
  /** Channels (one game at a time each) in every guild; default 4, so each host's first games go through all seven kinds. */
  channelsPerGuild?: number;
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
  /** Tables brought up to date after a restart: re-posted, edited, or found already posted. */
  tablesRepaired: number;
  /** The bot's SQLite file (or, for a cluster, its first host's folder); deleted after a run without problems. */
  databasePath: string;
  /** A cluster's figures; null for one bot process. */
  cluster: {
    /** SIGTERM rolls done. */
    rolls: number;
    /** The kinds of game started on each host's guilds. */
    kindsByHost: string[][];
    /** For each kill or roll, the moves stored on the other hosts' games while that host was down. */
    movesWhileDown: number[];
    /** Reminders the bot posted in the soak's channels (each checked to be the only one of its wait). */
    reminders: number;
    /** Requests Discord (the emulator) refused with 429: the hosts' REST shares one budget, so none. */
    refused429: number;
  } | null;
  /** What the freeze step measured; null without one. */
  freeze: FreezeResult | null;
  problems: string[];
  /** Findings outside the checks (lobby messages left behind by a kill); they do not fail the soak. */
  observations: string[];
}

/** The freeze step's figures (times in ms). */
export interface FreezeResult {
  /** From SIGSTOP to SIGCONT. */
  frozenMs: number;
  /** The server's processes stopped (the postmaster and those under it). */
  processes: number;
  /** The clicks sent while the server was stopped, by shard. */
  shards: FreezeShard[];
  /** Over all of them: the longest wait for the first answer (callback or deferral) and for the final answer. */
  ackMaxMs: number;
  answerMaxMs: number;
  /**
   * The longest stall of a shard's own in any second of any shard from SIGSTOP to the end (less the
   * time it waited for a CPU, which a busy machine's other work takes), the longest with that
   * time, and the number of those seconds.
   */
  stallMaxMs: number;
  stallWithWaitsMaxMs: number;
  stallSeconds: number;
  /** Moves stored after the freeze. */
  movesAfter: number;
  /**
   * The click whose move's write the freeze caught on its way to the server (run by the server
   * once continued): its first answer, and whether it was refused as "database not answering".
   * Null when no write was caught.
   */
  caughtWrite: { ackMs: number | null; refused: boolean } | null;
}

export interface FreezeShard {
  shard: number;
  clicks: number;
  /** Answered with the move made, or refused with the "database not answering" text. */
  made: number;
  refused: number;
  ackMaxMs: number;
  answerMaxMs: number;
  /** `/healthz` before the freeze, and from SIGSTOP to its first 503, from SIGCONT to its first 200 (null: never). */
  healthBefore: number | null;
  downMs: number | null;
  upMs: number | null;
  /** `/healthz` questions asked while the server was stopped that got no answer within the poller's timeout. */
  healthNoAnswer: number;
  /** `loop-stall` lines of the shard from SIGSTOP on (of which since SIGCONT), their longest stall of its own, and with its waits for a CPU. */
  stallSeconds: number;
  stallSecondsAfter: number;
  stallMaxMs: number;
  stallWithWaitsMaxMs: number;
}

export type ClickKind =
  | "play"
  | "join"
  | "start"
  | "end"
  | "end-lost-lobby"
  | "hand"
  | "open-panel"
  | "move"
  | "select-step"
  | "refused-step"
  | "nav"
  | "illegal"
  | "stale"
  | "double"
  | "stranger";

export interface Sent {
  handle: EmulatedInteraction;
  kind: ClickKind;
  userId: string;
  channelId: string;
  /** For game components: the custom_id's parts. */
  click: GameClick | null;
  /** A click classified as a move against the stored state at the version it carries: that move. */
  intended: unknown;
  unversioned: boolean;
  /** Which bot run (1 = first start, counted over all hosts) it was sent to; its kill time once that run was killed. */
  run: number;
  /** The host whose guild it went to (0 for one bot process). */
  host: number;
  cutAt: number | null;
  settled: boolean;
  /** performance.now() when the driver saw the answer settled. */
  settledAt: number | null;
  /** The bot's answer as it was when it settled: text and the versions its components carry. */
  answer: { content: string; versions: number[]; messageId: string | null } | null;
}

export interface SoakSlot {
  index: number;
  /** The host serving the slot's guild. */
  host: number;
  channel: EmulatorChannel;
  /** The type of the next game opened here. */
  nextType: string;
  /** Who should sit in the game being gathered here, host first. */
  plan: { gameType: string; players: EmulatorUser[] } | null;
}
