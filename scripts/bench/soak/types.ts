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
  problems: string[];
  /** Findings outside the checks (lobby messages left behind by a kill); they do not fail the soak. */
  observations: string[];
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
