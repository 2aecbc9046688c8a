import type { GameEvent } from "../engine/core/game.js";
import { RESTORED_TABLE_VERSION } from "../store/messages.js";
import type { GameRecord, SentWith } from "../store/store.js";
import { untallied } from "../store/tally.js";
import { now } from "./clock.js";
import type { BotContext, Tables } from "./context.js";
import { uiFor } from "./games.js";
import { InFlight } from "./inFlight.js";
import { repairLobby } from "./lobby.js";
import { ownTurnStarter } from "./loopTurns.js";
import type { RepairKind } from "./metrics.js";
import { slices, spansOfGames } from "./pages.js";
import { closePanels } from "./panels.js";
import { type Owed, pingOwed, RepairSweep } from "./repair.js";
import { robotMove } from "./seats.js";
import { adoptTable, postLog, postTable, refreshTable, showMissed, unrecordedTable } from "./table.js";
import type { ShownFile } from "./ui/types.js";

/** After a failed decision (a thread that died), the driver tries again this much later, a few times. */
const RETRY_MS = 3000;
const RETRIES = 3;

/** What the table of a game still has to show: the newest stored move, and the ones it supersedes. */
interface TableDue {
  version: number;
  events: GameEvent[];
  personNewlyActs: boolean;
  versionBefore: number;
  /** The newest click among the moves it shows: its token carries the table. */
  click: SentWith | null;
}

/**
 * The bot's per-game queues: table updates one after another, the newest move due on each table,
 * and the robot seat moving in each game. Only concurrency guards: what must survive a restart is in
 * the database (each table message's version, each game's state), and `repair` and `resumeRobots`
 * finish the job after one.
 */
export class TableService implements Tables {
  readonly #context: () => BotContext;
  /** The tail of each game's queue of table updates; quick successive moves would otherwise race. */
  readonly #updates = new Map<number, Promise<void>>();
  readonly #tablesDue = new Map<number, TableDue>();
  /** Games with a robot move under way or due, so each game has one robot thinking at a time. */
  readonly #robotsDue = new Map<number, NodeJS.Timeout | "thinking">();
  /**
   * Robot moves due at the same moment (many games, one pause) each start in their own turn of the
   * event loop: reading the game, building the seat's view and handing it to the thinker would
   * otherwise run back to back for all of them and hold the loop.
   */
  readonly #startInOwnTurn = ownTurnStarter();
  /** Robot moves under way, which a graceful stop lets finish. */
  readonly #robotMoves = new InFlight();
  /** Set by `stop`: no robot move starts any more (a restart resumes them). */
  #stopped = false;
  /** Tables and lobbies whose update failed, repaired a moment later (repair.ts). */
  readonly #sweep: RepairSweep;

  /** `sleep`: the repair sweep's pauses (tests pass their own clock's). */
  constructor(context: () => BotContext, options: { sleep?: (ms: number) => Promise<void> } = {}) {
    this.#context = context;
    this.#sweep = new RepairSweep({
      repair: (what, gameId) =>
        what === "table" ? this.repairTable(gameId) : repairLobby(this.#context(), gameId),
      log: () => this.#context().log,
      ...options,
    });
  }

  inOrder<T>(gameId: number, task: () => Promise<T>): Promise<T> {
    const next = (this.#updates.get(gameId) ?? Promise.resolve()).then(task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.#updates.set(gameId, settled);
    void settled.then(() => {
      if (this.#updates.get(gameId) === settled) this.#updates.delete(gameId);
    });
    return next;
  }

  owe(what: Owed, gameId: number): void {
    this.#sweep.owe(what, gameId);
  }

  /** How many tables and lobbies the repair sweep owes now. */
  get owed(): number {
    return this.#sweep.owed;
  }

  /** A table update that failed is owed to the repair sweep; the caller hears of the failure as before. */
  #owing(gameId: number, update: Promise<void>): Promise<void> {
    update.catch(() => {
      this.#context().metrics.tablePostFailed();
      this.#sweep.owe("table", gameId);
    });
    return update;
  }

  /** `click`: the token of the click that brought the change (a lobby's Start), which carries the table while it lives. */
  post(game: GameRecord, click: SentWith | null = null): Promise<void> {
    return this.#owing(
      game.id,
      this.inOrder(game.id, () => postTable(this.#context(), game, [], click)),
    );
  }

  /**
   * Moves are shown in the order they were stored. A table that missed an earlier update (Discord
   * refused it) is posted anew, so the players to act are notified after all. When quick moves
   * queue up behind a table being posted, only the newest is drawn and posted, carrying the events
   * of the ones it supersedes.
   */
  showMove(
    moved: GameRecord,
    events: GameEvent[],
    personNewlyActs: boolean,
    versionBefore: number,
    answered: Promise<void>,
    click: SentWith | null = null,
    edited?: (files: readonly ShownFile[]) => void,
  ): Promise<void> {
    const ctx = this.#context();
    const waiting = this.#tablesDue.get(moved.id);
    // The newer move's update shows both, its events last, whichever answer reached this process first.
    const newer = waiting !== undefined && waiting.version > moved.version;
    this.#tablesDue.set(moved.id, {
      version: newer ? waiting.version : moved.version,
      events: newer ? [...events, ...waiting.events] : [...(waiting?.events ?? []), ...events],
      personNewlyActs: personNewlyActs || (waiting?.personNewlyActs ?? false),
      versionBefore: Math.min(waiting?.versionBefore ?? versionBefore, versionBefore),
      click: newer ? (waiting.click ?? click) : (click ?? waiting?.click ?? null),
    });
    const update = this.inOrder(moved.id, async () => {
      await answered.catch(() => undefined);
      const due = this.#tablesDue.get(moved.id);
      // A newer move is queued: its update shows this one too.
      if (due?.version !== moved.version) return;
      this.#tablesDue.delete(moved.id);
      const shown = await ctx.store.messages.getMessage(moved.id, "table");
      if (!shown || shown.version < due.versionBefore) {
        // The table missed an earlier update: caught up, the players to act told if they were not.
        await this.#caughtUp(ctx, moved, due.click);
      } else if (shown.version < moved.version) {
        const ui = uiFor(ctx, moved);
        let tableEvents = due.events;
        if (ui.eventsAsLog && due.events.length > 0) {
          await postLog(ctx, moved, due.events);
          tableEvents = [];
        }
        if (due.personNewlyActs) await postTable(ctx, moved, tableEvents, due.click);
        else {
          const files = await refreshTable(ctx, moved, tableEvents);
          edited?.(files);
        }
      }
      if (moved.status !== "active") await closePanels(ctx, moved);
    });
    return this.#owing(moved.id, update);
  }

  /**
   * After a change: the scheduler plans its timed things, and a robot seat that may act moves through
   * the same store path as a click, after the configured pause.
   */
  async scheduleRobots(game: GameRecord): Promise<void> {
    this.#scheduleRobot(game, 0);
    this.#context().scheduler.noteChange(game);
  }

  #scheduleRobot(game: GameRecord, attempt: number): void {
    const ctx = this.#context();
    if (game.status !== "active") return;
    const actors = uiFor(ctx, game).engine.actors(game.state);
    if (!game.players.some((p) => p.kind === "bot" && actors.includes(p.userId))) return;
    this.#robotTimer(game.id, attempt);
  }

  /** The game's robot moves after the pause; the move reads the game as it is then, and may find nothing to do. */
  #robotTimer(gameId: number, attempt: number): void {
    const ctx = this.#context();
    if (this.#stopped || this.#robotsDue.has(gameId)) return;
    const delay = attempt === 0 ? ctx.config.robotMoveDelayMs : RETRY_MS;
    this.#robotsDue.set(
      gameId,
      setTimeout(
        () =>
          // A robot's move is nobody's interaction: its queries are not counted on the click that led to it.
          untallied(() =>
            this.#startInOwnTurn(async () => {
              if (this.#stopped) return;
              const moved = this.#robotMove(ctx, gameId, attempt);
              this.#robotMoves.track(moved);
              await moved;
            }),
          ),
        delay,
      ),
    );
  }

  async #robotMove(ctx: BotContext, gameId: number, attempt: number): Promise<void> {
    this.#robotsDue.set(gameId, "thinking");
    let next = 0;
    try {
      await robotMove(ctx, gameId);
    } catch (err) {
      next = attempt + 1;
      ctx.log.warn(
        `game ${gameId}: a robot move failed: ${(err as Error).message}${next <= RETRIES ? "; trying again" : "; it waits for the next change or restart"}`,
      );
    }
    this.#robotsDue.delete(gameId);
    if (next > RETRIES) return;
    let now: GameRecord | undefined;
    try {
      now = await ctx.store.games.getGame(gameId);
    } catch {
      // The database did not answer: the game is looked at again later, as after a failed decision.
      this.#robotTimer(gameId, Math.max(next, 1));
      return;
    }
    if (!now) return;
    // The move's own after-change step planned its timers: only the next robot is looked for.
    if (next === 0) this.#scheduleRobot(now, 0);
    else this.#scheduleRobot(now, next);
  }

  /**
   * For a graceful stop: no robot move starts from now on (those due are dropped; a restart resumes
   * them), and resolves once the robot moves under way and every table update queued, including
   * those they queue, are done.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#sweep.stop();
    for (const due of this.#robotsDue.values()) if (due !== "thinking") clearTimeout(due);
    while (this.#updates.size > 0 || this.#robotMoves.size > 0)
      await Promise.all([this.#robotMoves.settled(), ...this.#updates.values()]);
  }

  /**
   * At start-up: every active game of this shard where a robot may act gets its move (it survived the
   * restart). The games are listed a page of ids at a time and each read when it comes to it, with
   * the event loop answering clicks in between. Returns how many games with robots were looked at.
   */
  async resumeRobots(): Promise<number> {
    const ctx = this.#context();
    const pause = slices();
    let resumed = 0;
    for (let after = 0; ; ) {
      const ids = await ctx.store.games.activeGameIdsWithRobots([...ctx.client.guilds.cache.keys()], {
        after,
        limit: ctx.config.scanPageSize,
      });
      if (ids.length === 0) return resumed;
      for (const id of ids) {
        try {
          const game = await ctx.store.games.getGame(id);
          if (game) await this.scheduleRobots(game);
          resumed++;
        } catch (err) {
          ctx.log.warn(`game ${id}: its robot could not be resumed: ${(err as Error).message}`);
        }
        await pause();
      }
      after = ids.at(-1)!;
    }
  }

  /**
   * A table that never misses a move: at start-up and after a gateway resume, every game of this
   * shard whose newest table message shows an older version than the game (the bot died between
   * storing a move and posting its table, or Discord refused the post) is brought up to date
   * (`repairTable`). The games are looked at a span of ids at a time, only the stale ones read,
   * with the event loop answering clicks in between. Returns how many tables were repaired.
   */
  async repair(): Promise<number> {
    const ctx = this.#context();
    // A game changed since is shown by its own change (its update may be about to be queued), or
    // owed to the sweep when that failed: repaired here as well, its table would be posted twice.
    const walkStarted = now();
    let repaired = 0;
    for await (const behind of spansOfGames(ctx, (guildIds, span) =>
      ctx.store.messages.gamesWithTableBehind(guildIds, span),
    ))
      for (const stale of behind) {
        if (stale.updatedAt >= walkStarted) continue;
        const done = await this.repairTable(stale.id, walkStarted).catch((err: unknown) => {
          ctx.log.warn(`game ${stale.id}: the missed table could not be posted: ${(err as Error).message}`);
          return null;
        });
        if (done) repaired++;
      }
    return repaired;
  }

  /**
   * One game's table brought up to the game's version if it is behind (read again inside its queue:
   * a change stored meanwhile may have shown it already), and, given `changedBefore`, only if the
   * game has not changed since. Returns what it took (`#caughtUp`), or null when nothing was done.
   */
  repairTable(gameId: number, changedBefore?: number): Promise<RepairKind | null> {
    return this.inOrder(gameId, async () => {
      const ctx = this.#context();
      const [game] = await ctx.store.messages.gamesWithTableBehind(undefined, {
        after: gameId - 1,
        upTo: gameId,
      });
      if (!game || (changedBefore !== undefined && game.updatedAt >= changedBefore)) return null;
      return this.#caughtUp(ctx, game, null);
    });
  }

  /**
   * A table behind its game, brought up to date without pinging anyone twice. A table whose post
   * reached Discord unheard is found in the channel and recorded (`unrecordedTable`). Then, still
   * behind, the current table is posted anew with what was missed, mentioning whoever must act, when
   * a ping is owed (`pingOwed`: someone's turn began after the table shown); else the table shown is
   * edited in place. `click`: the token of the click whose move is shown, which carries a new table.
   */
  async #caughtUp(ctx: BotContext, game: GameRecord, click: SentWith | null): Promise<RepairKind> {
    const recorded = await ctx.store.messages.getMessage(game.id, "table");
    // After a restore the channel may show tables of moves the database no longer has: posted anew.
    const restored = recorded?.version === RESTORED_TABLE_VERSION;
    const found = restored ? null : await unrecordedTable(ctx, game, recorded);
    if (found) await adoptTable(ctx, game, recorded, found);
    const shownVersion = found?.version ?? recorded?.version;
    const was = `was v${recorded?.version ?? "none"}`;
    let what: RepairKind;
    if (shownVersion !== undefined && shownVersion >= game.version) {
      what = "table";
      ctx.log.info(`game ${game.id}: table found posted at v${shownVersion} (${was})`);
    } else {
      const moves = (await ctx.store.play.moves(game.id)).filter((m) => m.seq <= game.version);
      const anew =
        restored || shownVersion === undefined || pingOwed(uiFor(ctx, game), game, moves, shownVersion);
      // A restored table shows its game's last move again, as the table it replaces did.
      const since = restored ? game.version - 1 : (shownVersion ?? 0);
      await showMissed(ctx, game, since, moves, { anew, click });
      what = anew ? "ping" : "table";
      ctx.log.info(`game ${game.id}: table ${anew ? "re-posted" : "edited"} at v${game.version} (${was})`);
    }
    ctx.metrics.tableRepaired(what);
    return what;
  }
}
