import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ComponentType } from "discord.js";
import { createRng, nextFloat, nextInt, type RngState, shuffle } from "../../../src/engine/core/rng.js";
import { playOptionName } from "../../../src/i18n/commands.js";
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
  checkReplay,
  finalChecks,
  type SoakContext,
  tablesBehind,
} from "./checks.js";
import type { ClickKind, Sent, SoakSlot as Slot, SoakOptions, SoakResult } from "./types.js";

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

export class KillSoak {
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
  #database: BotDatabase | null = null;
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

  get #db(): BotDatabase {
    this.#database ??= new BotDatabase(this.#databasePath);
    return this.#database;
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
    this.#database?.close();
    this.#database = null;
    for (const bot of this.#bots) if (bot.running) await bot.kill("SIGKILL");
    await this.emulator.stop();
  }

  // ---- lifecycle --------------------------------------------------------------------------------------------

  async #startBot(after: number): Promise<number> {
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      this.#run++;
      const bot = newBot(this.emulator, {
        guildId: this.#guild.id,
        ...(this.#databasePath ? { databasePath: this.#databasePath } : {}),
        env: { GAME_SEED: String((this.#seed * 31 + this.#run) >>> 0) },
        loopStats: false,
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
        const tail = lastLines(bot);
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
    const tail = lastLines(bot);
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
    tally(this.#killModes, mode);
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
        nextType: ALL_GAMES[index % ALL_GAMES.length] as string,
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
    this.#claims = finalChecks(this.#checks);
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
    const run = this.#run;
    const task = (async () => {
      if (run !== this.#run || this.#down || !this.#bot.running) return;
      let handle: EmulatedInteraction;
      try {
        handle = await dispatch();
      } catch (err) {
        // A select whose options changed meanwhile, a message gone, or the bot just killed: a
        // click a real client could not make either. Counted, not a finding about the bot.
        tally(this.#clicks, "not sendable");
        if (!this.#down && /No bot is connected/.test((err as Error).message))
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
        cutAt: null,
        settled: false,
        answer: null,
      };
      this.#sent.push(sent);
      const deadline = performance.now() + 15_000;
      const editsBefore = handle.messageId ? (this.emulator.message(handle.messageId)?.editCount ?? 0) : 0;
      for (;;) {
        const responses = this.emulator.responsesTo(handle);
        if (responses.acked && answerSettled(responses, editsBefore)) {
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
      problems: [...this.#problems.values()],
      observations: [...this.#observations.values()],
    };
  }
}
