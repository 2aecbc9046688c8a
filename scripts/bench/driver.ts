import { createRng, nextInt, type RngState } from "../../src/engine/core/rng.js";
import { type ClickKind, ClickLog } from "./clicks.js";
import { BotDatabase } from "./database.js";
import { type AnyGameUi, uiOf } from "./games.js";
import type { Observer } from "./observer.js";
import {
  type Choice,
  choicesIn,
  chooseAsAPlayer,
  panelButton,
  pick,
  seatsFor,
  versionsIn,
} from "./players.js";
import { CLICKS_PER_MOVE_LIMIT, stuckReason } from "./stuck.js";
import {
  type BotProcess,
  componentsOf,
  type DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type InteractionResponses,
  type MessageView,
  sleep,
} from "./world.js";

/**
 * The load and memory benches' players: every slot (a channel with its users) runs its own loop of
 * "read the game, pick an actor, open their panel or click a legal component in it", one
 * interaction at a time per game, as fast as the answers come. A panel is opened from the table's
 * panel button (or with `/game hand` when the game has no table with buttons yet); new games start
 * with `/play`, Join and Start; a finished game is followed by a new one in the same channel.
 */

/** A game in play as the driver reads it: its state parsed. */
interface PlayedGame {
  id: number;
  gameType: string;
  status: string;
  version: number;
  state: unknown;
}

/** The version a panel belongs to, from its components' custom_ids (-1 if it has none). */
function panelVersion(message: MessageView, gameId: number): number {
  return versionsIn(componentsOf(message), gameId)[0] ?? -1;
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
  /**
   * The player acting at this version (their choices toward a move stay theirs); picked afresh
   * after each move, so where several may act (an agreement) a proposer does not propose forever.
   */
  current: string | null;
  /** The version the current player last thought about before a click (think time), or null. */
  thought: number | null;
  lastVersion: number;
  /** Date.now() when the game's version last moved, and when a click of its player was last answered. */
  movedAt: number;
  answeredAt: number;
  answeredSinceMove: number;
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
    thought: null,
    lastVersion: -1,
    movedAt: Date.now(),
    answeredAt: 0,
    answeredSinceMove: 0,
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
  /** A game with no move and no click answered for this long is ended and replaced (see stuck.ts). */
  stuckMs?: number;
  /** Hard wall-clock limit of a run. */
  deadlineMs?: number;
  /** Called after every interaction sent (the soak samples RSS from here). */
  onInteraction?: (sent: number) => void;
  /** How many slots will run: once each has its first game in play, the steady phase begins. */
  slots?: number;
  /** Seats per game the host gives to robots (at least one person stays); they move by themselves. */
  robots?: number;
  /**
   * Players act only on what the channel shows, as people do: before acting on a version of the game
   * they wait until a table shows it (false: they click as soon as the database has it).
   */
  waitTable?: boolean;
  /**
   * Where the driver reads the bot's database, when not where the bot does: with a delay proxy in
   * front of PostgreSQL, the driver reads it directly, so its own synchronous reads do not hold the
   * emulator (in this process) up for a network's round trips.
   */
  databaseUrl?: string;
  /**
   * A player thinks this long (uniform between min and max ms) before each click in a game, as
   * people do (the capacity bench); absent: they click at once.
   */
  thinkMs?: { min: number; max: number };
}

/** How long a waiting player looks at a table that does not show the game's version before looking again. */
const TABLE_PATIENCE_MS = 5000;

/** Drives the slots' games (see the top of this file) within a budget of interactions. */
export class Driver {
  readonly emulator: DiscordEmulator;
  readonly bot: BotProcess;
  readonly observer: Observer;
  readonly rng: RngState;
  readonly clicks: ClickLog;
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
  /** Moves the engine took from the players' clicks. */
  moves = 0;
  /** Times a waiting player's patience ran out before a table showed the game's version. */
  tableWaitsTimedOut = 0;
  /** When every slot had its first game in play (the end of the start-up burst of lobbies). */
  steady: { at: number; dispatched: number; moves: number } | null = null;
  #firstStarts = 0;
  readonly #options: DriverOptions;
  #db: BotDatabase | null = null;
  readonly #stateCache = new Map<number, { version: number; state: unknown }>();

  constructor(options: DriverOptions) {
    this.#options = options;
    this.emulator = options.emulator;
    this.bot = options.bot;
    this.observer = options.observer;
    this.rng = createRng(options.seed);
    this.budget = options.budget;
    this.clicks = new ClickLog(options.observer);
  }

  get done(): boolean {
    return this.aborted !== null || this.used >= this.budget;
  }

  close(): void {
    this.#db?.close();
    this.#db = null;
  }

  // ---- the bot's database, read-only ----

  get #database(): BotDatabase {
    this.#db ??= new BotDatabase(
      this.#options.databaseUrl ?? this.bot.env.DATABASE_URL ?? this.bot.databasePath,
    );
    return this.#db;
  }

  /** The game as stored; its state is read (and parsed) only when its version is new to the driver. */
  readGame(gameId: number): PlayedGame | null {
    const cached = this.#stateCache.get(gameId);
    const row = this.#database.gameAt(gameId, cached?.version ?? -1);
    if (!row) return null;
    let state: unknown = null;
    if (cached && cached.version === row.version) state = cached.state;
    else if (row.state !== null) {
      state = JSON.parse(row.state);
      this.#stateCache.set(gameId, { version: row.version, state });
    }
    return { id: row.id, gameType: row.gameType, status: row.status, version: row.version, state };
  }

  openGameIn(channelId: string): { id: number; status: string } | null {
    return this.#database.openGame(channelId) ?? null;
  }

  // ---- sending ----

  #type(gameType: string) {
    this.byType[gameType] ??= { started: 0, finished: 0, moves: 0, stuck: 0 };
    return this.byType[gameType];
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
    this.clicks.sent(handle, kind, at, gameType);
    // Counted here, with no await since, so every number is reported once.
    this.dispatched++;
    this.#options.onInteraction?.(this.dispatched);
    const response = await this.observer.response(handle, editsBefore, 15_000);
    if (response) this.clicks.answered(handle.id, Date.now() - at);
    if (!response) this.clicks.count(this.observer.acks.has(handle.id) ? "failed" : "unanswered");
    else if (kind === "lobby" || kind === "end") this.clicks.count(kind);
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
    const waiting = this.#options.waitTable && (this.observer.shown.get(game.id) ?? -1) < game.version;
    if (game.version !== slot.lastVersion) {
      slot.lastVersion = game.version;
      slot.movedAt = now;
      slot.answeredSinceMove = 0;
      slot.blocked.clear();
      slot.current = null;
    } else {
      const reason = stuckReason(
        {
          version: game.version,
          tableShown: !waiting,
          movedAt: slot.movedAt,
          answeredAt: slot.answeredAt,
          answeredSinceMove: slot.answeredSinceMove,
        },
        now,
        { ms: this.#options.stuckMs ?? 30_000, clicks: CLICKS_PER_MOVE_LIMIT },
      );
      if (reason) {
        await this.replace(slot, game, reason);
        return "acted";
      }
    }
    if (waiting) {
      if (!(await this.observer.untilShown(game.id, game.version, TABLE_PATIENCE_MS)))
        this.tableWaitsTimedOut++;
      return "idle";
    }
    const ui = uiOf(game.gameType);
    const actors = ui.engine.actors(game.state).filter((id) => slot.users.some((u) => u.id === id));
    const free = actors.filter((id) => slot.blocked.get(id) !== game.version);
    if (free.length === 0) {
      // Nobody here can act: a waiting player looks at the table until it changes.
      if (this.#options.waitTable)
        await this.observer.untilShown(game.id, game.version + 1, TABLE_PATIENCE_MS);
      else await sleep(50);
      return "idle";
    }
    const player = slot.current && free.includes(slot.current) ? slot.current : pick(this.rng, free);
    slot.current = player;
    const think = this.#options.thinkMs;
    if (think && slot.thought !== game.version) {
      await sleep(think.min + nextInt(this.rng, think.max - think.min + 1));
      slot.thought = game.version;
      // The game may have moved meanwhile: the next step reads it again.
      return "idle";
    }
    const panelId = slot.panels.get(player);
    const panel = panelId ? this.emulator.message(panelId) : undefined;
    if (!panel || panel.deleted || panelVersion(panel, game.id) !== game.version) {
      slot.thought = null;
      await this.openPanel(slot, player, game);
      return "acted";
    }
    const choice = this.choose(slot, ui, player, game, panel);
    if (!choice) {
      slot.blocked.set(player, game.version);
      return "idle";
    }
    slot.thought = null;
    const customId = choice.component.customId!;
    const kind: ClickKind = choice.kind === "move" ? "move" : choice.kind === "nav" ? "nav" : "select";
    const sent = await this.send(
      kind,
      () =>
        choice.values === null
          ? this.emulator.click(player, choice.message.id, customId)
          : this.emulator.select(player, choice.message.id, customId, choice.values),
      choice.message.id,
      game.gameType,
    );
    if (!sent) return "idle";
    const message = sent.response?.message;
    if (message?.ephemeral && message.audienceUserId === player) slot.panels.set(player, message.id);
    if (!sent.response) return "acted";
    this.#answered(slot);
    const after = this.readGame(game.id);
    if (after && after.version > game.version) {
      this.clicks.count("move");
      this.moves++;
      slot.moves++;
      this.#type(game.gameType).moves++;
      this.observer.expectTable(game.id, after.version, sent.at);
    } else if (kind === "move")
      this.clicks.count(/already|earlier moment|out of date/.test(message?.text ?? "") ? "stale" : "refused");
    else this.clicks.count(kind);
    return "acted";
  }

  /** A click of the slot's player got its complete answer: the game is alive, even without a move. */
  #answered(slot: Slot): void {
    slot.answeredAt = Date.now();
    slot.answeredSinceMove++;
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
        const panel = message ? panelButton(message) : undefined;
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
  async openPanel(slot: Slot, player: string, game: PlayedGame): Promise<void> {
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
    this.#answered(slot);
    this.clicks.count(table ? "panel" : "hand");
    const message = sent.response.message;
    if (message?.ephemeral && message.audienceUserId === player) slot.panels.set(player, message.id);
  }

  /** A component of the player's panel (or a table action) at the game's version, as `chooseAsAPlayer` picks. */
  choose(slot: Slot, ui: AnyGameUi, player: string, game: PlayedGame, panel: MessageView): Choice | null {
    const choices = choicesIn(ui, game, player, panel, this.rng, 8);
    const table = this.observer.currentTable.get(slot.channel.id);
    if (table && table.gameId === game.id) {
      const message = this.emulator.message(table.messageId);
      if (message) choices.push(...choicesIn(ui, game, player, message, this.rng, 8));
    }
    return chooseAsAPlayer(
      this.rng,
      choices.filter((c) => c.click.version === game.version),
    );
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
    const ui = uiOf(gameType);
    const seats = seatsFor(ui.engine, gameType);
    const robots = ui.engine.maxPlayers > 1 ? Math.min(this.#options.robots ?? 0, seats - 1) : 0;
    const players = slot.users.slice(0, seats - robots);
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
    if (!created) return failed(`/play was refused: ${play.response.message?.text ?? "?"}`);
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
      for (let b = 0; b < robots; b++) {
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
    slot.thought = null;
    slot.lastVersion = game.version;
    slot.movedAt = Date.now();
    slot.answeredAt = 0;
    slot.answeredSinceMove = 0;
    slot.gamesStarted++;
    if (slot.gamesStarted === 1 && ++this.#firstStarts === this.#options.slots) {
      this.steady = { at: Date.now(), dispatched: this.dispatched, moves: this.moves };
    }
    this.#type(gameType).started++;
    this.observer.watch(slot.channel.id, game.id, gameType);
  }

  /** `/game end` by the host; the slot moves to a fresh channel if the game stays open. */
  async endGame(slot: Slot, gameId: number): Promise<void> {
    const game = this.readGame(gameId);
    const host = slot.users.find((u) => u.id === this.#database.players(gameId)[0]) ?? slot.users[0]!;
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

  async replace(slot: Slot, game: PlayedGame, reason: string): Promise<void> {
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
}
