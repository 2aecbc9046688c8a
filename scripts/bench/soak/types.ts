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
  /** Which bot run (1 = first start) it was sent to; its kill time once that run was killed. */
  run: number;
  cutAt: number | null;
  settled: boolean;
  /** The bot's answer as it was when it settled: text and the versions its components carry. */
  answer: { content: string; versions: number[]; messageId: string | null } | null;
}

export interface SoakSlot {
  index: number;
  channel: EmulatorChannel;
  /** The type of the next game opened here. */
  nextType: string;
  /** Who should sit in the game being gathered here, host first. */
  plan: { gameType: string; players: EmulatorUser[] } | null;
}
