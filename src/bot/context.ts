import type { Client, REST } from "discord.js";
import type { GameEvent } from "../engine/core/game.js";
import type { Painter } from "../render/pool.js";
import type { UserPrefs } from "../store/settings.js";
import type { GameRecord, SentWith, Store } from "../store/store.js";
import type { CommandIds } from "./commandIds.js";
import type { Config } from "./config.js";
import type { Logger } from "./log.js";
import type { Games } from "./manifest.js";
import type { Metrics } from "./metrics.js";
import type { Thinker } from "./thinker.js";
import type { AnyGameUi, ShownFile } from "./ui/types.js";

export interface BotContext {
  client: Client;
  store: Store;
  config: Config;
  log: Logger;
  /** The games the bot offers (from their manifests). */
  games: Games;
  /** Each game's UI by its id (from `games`). */
  uis: ReadonlyMap<string, AnyGameUi>;
  /** Draws every picture off the event loop. */
  painter: Painter;
  /** Fills in deferred answers (interaction webhooks), outside the global rate limit's queue. */
  webhookRest: REST;
  /** Where robots decide, off the event loop. */
  thinker: Thinker;
  /** Each game's table updates in order, and its robot seats' moves. */
  tables: Tables;
  /** Turn notices, reminders and turn timers over days. */
  scheduler: Scheduler;
  /** What the operator's metrics count and time (`NO_METRICS` when they are not served). */
  metrics: Metrics;
  /** The slash commands' ids, for command mentions in public text. */
  commandIds: CommandIds;
}

/**
 * Each game's table updates run one after another, and each game has one robot thinking at a time:
 * the queues behind both are one per bot, in here.
 */
export interface Tables {
  /** Runs `task` after the game's table updates queued before it. */
  inOrder(gameId: number, task: () => Promise<void>): Promise<void>;
  /** Posts the game's current table anew (mentioning whoever must act), after the updates queued before it. */
  post(game: GameRecord, click?: SentWith | null): Promise<void>;
  /**
   * Shows a stored move: its log lines, then a new table when a person newly must act, else the
   * current table edited in place, after `answered` (the mover's own answer) is sent. `click`: the
   * token of the click that made the move, which carries a new table while it lives. `edited`
   * hears the files of a table this update edited in place to show the move.
   */
  showMove(
    moved: GameRecord,
    events: GameEvent[],
    personNewlyActs: boolean,
    versionBefore: number,
    answered: Promise<void>,
    click?: SentWith | null,
    edited?: (files: readonly ShownFile[]) => void,
  ): Promise<void>;
  /** After every stored change of a game: plans its timers, and a robot seat that may act moves after the pause. */
  scheduleRobots(game: GameRecord): Promise<void>;
  /** A game's table or lobby message that could not be brought up to date: a repair sweep sees to it soon. */
  owe(what: "table" | "lobby", gameId: number): void;
}

export interface Scheduler {
  /** After a stored change: the game's timed things are planned soon, and what falls due at once is handled. */
  noteChange(game: GameRecord): void;
  /** Resolves once the changes noted so far are planned (their timers and reminders stored). */
  planned(): Promise<void>;
  /** A server changed its settings: what its games owe is planned again. */
  replanGuild(guildId: string): Promise<void>;
  /** A person changed their own settings: what was held back for them comes as the new ones say. */
  prefsChanged(userId: string, before: UserPrefs): Promise<void>;
}
