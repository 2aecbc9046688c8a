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
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { InteractionResponseType, MessageFlags } from "discord-api-types/v10";
import { afterAll, beforeAll, expect } from "vitest";
import { PostgresReader } from "../../../scripts/bench/readPostgres.js";
import type { Games } from "../../../src/bot/manifest.js";
import type { LobbyAction } from "../../../src/bot/ui/customId.js";
import { GAMES } from "../../../src/games/index.js";

/** A game as the bot's database holds it now. */
export interface GameRow {
  id: number;
  version: number;
  status: string;
  state: Record<string, unknown>;
  moves: number;
}

/** A running emulator with one guild, the real bot process, and helpers to act as players. */
/** What a referee's read needs of a database: SQL texts with `?` placeholders, on either database. */
export interface SqlReader {
  prepare(text: string): { get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
}

/** How `World.start` runs the bot (see there). */
export interface StartOptions {
  seed?: number;
  env?: Record<string, string>;
  args?: string[];
}

export class World {
  /**
   * Discord's 3 s deadline for the first answer is a matter of speed, which the soak and the load
   * bench measure (`npm run soak`, `npm run bench -- load`): here, on a machine that may be busy, a
   * late answer is still an answer, and every other rule of the emulator holds.
   */
  emulator = new DiscordEmulator({ ackDeadlineMs: 60_000 });
  /** The bot's server, there before the bot starts: a file sets up its members and channels first. */
  guild: EmulatorGuild = this.emulator.createGuild("Card Club");
  bot!: BotProcess;
  interactions: EmulatedInteraction[] = [];
  #markers = 0;
  #args: string[] | undefined;

  /** `games`: the games the bot process offers (another list when `start` runs another entry). */
  constructor(readonly games: Games = GAMES) {}

  /**
   * `seed` deals every game of this world from one seed (GAME_SEED), for scripted scenarios; `env`
   * adds to or overrides the bot process's settings; `args` runs another built entry than the bot's
   * own (an example game's, which adds its game to the list).
   */
  async start(options: StartOptions = {}): Promise<void> {
    await this.emulator.start();
    // Robots move at once: tests wait for what they do, never for a pause.
    const env: Record<string, string> = { REMINDER_HOURS: "0", ROBOT_MOVE_DELAY_MS: "0" };
    if (options.seed !== undefined) env.GAME_SEED = String(options.seed);
    this.#args = options.args;
    this.bot = new BotProcess({
      args: this.#args,
      emulator: this.emulator,
      guildId: this.guild.id,
      env: { ...env, ...options.env },
    });
    await this.bot.start();
    await this.emulator.waitForBotReady({ bot: this.bot });
  }

  /**
   * Kills the bot process (SIGKILL: nothing is flushed) and starts a new one on the same database,
   * with `env` added to the usual test settings; returns when it is ready again.
   */
  async restart(env: Record<string, string> = {}): Promise<void> {
    const t = Date.now();
    if (this.bot.running) await this.bot.kill("SIGKILL");
    this.bot = new BotProcess({
      args: this.#args,
      emulator: this.emulator,
      guildId: this.guild.id,
      databasePath: this.bot.databasePath,
      env: { REMINDER_HOURS: "0", ROBOT_MOVE_DELAY_MS: "0", ...env },
    });
    await this.bot.start();
    await this.emulator.waitForBotReady({ after: t, bot: this.bot });
  }

  async stop(): Promise<void> {
    if (this.bot?.running) await this.bot.kill();
    this.#postgres?.reader.close();
    this.#postgres = null;
    await this.emulator.stop();
  }

  /**
   * The interactions the emulator delivered to the bot that have no answer: no accepted first
   * callback, or a deferred reply never filled in (the player would see "thinking…" for good).
   * Late and double acks are refused by the emulator and show among its violations.
   */
  unanswered(): string[] {
    const delivered = new Set(this.emulator.dispatches("INTERACTION_CREATE").map((d) => d.interactionId!));
    return [...delivered].flatMap((id) => {
      const r = this.emulator.responsesTo(id);
      const pending =
        !r.acked ||
        (r.callbackType === InteractionResponseType.DeferredChannelMessageWithSource &&
          r.followUps.length === 0 &&
          r.message?.loading === true);
      return pending ? [`${r.interaction.name} by ${r.interaction.userId}`] : [];
    });
  }

  /**
   * The closing check of every end-to-end file, then stop: every interaction delivered was answered
   * in time and once, the emulator saw nothing Discord would refuse, and the bot logged no error
   * (but those `ignoreErrors` names, which the file provokes on purpose).
   */
  async close(options: { ignoreErrors?: RegExp[] } = {}): Promise<void> {
    try {
      // An interaction still in flight when the last test ended gets its time to be answered.
      await this.emulator
        .waitFor(() => this.unanswered().length === 0, WAIT_LIMIT_MS, "every interaction to be answered")
        .catch(() => {
          throw new Error(`interactions never answered:\n${this.unanswered().join("\n")}`);
        });
      this.emulator.assertClean();
      this.bot.assertNoErrors({ ignore: options.ignoreErrors });
    } finally {
      await this.stop();
    }
  }

  channel(name: string): EmulatorChannel {
    return this.emulator.createChannel(this.guild, name);
  }

  user(name: string, options: { manageGuild?: boolean } = {}): EmulatorUser {
    return this.emulator.createUser(name, { ...options, guilds: [this.guild] });
  }

  /**
   * The bot's PostgreSQL database (its DATABASE_URL), when it runs on one rather than its SQLite
   * file; a test that moves the bot to another database (a restore) sets the new one.
   */
  databaseUrl: string | null = null;
  #postgres: { url: string; reader: PostgresReader } | null = null;

  /** Reads the bot's database directly, as a referee checking the bot's claims (SQLite: read-only). */
  db<T>(read: (db: SqlReader) => T): T {
    if (this.databaseUrl) {
      if (this.#postgres?.url !== this.databaseUrl) {
        this.#postgres?.reader.close();
        this.#postgres = { url: this.databaseUrl, reader: new PostgresReader(this.databaseUrl) };
      }
      const reader = this.#postgres.reader;
      return read({ prepare: (text) => reader.sql(text) });
    }
    const db = new Database(this.bot.databasePath, { readonly: true, fileMustExist: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  }

  /**
   * Returns once the bot's scheduler has finished a whole pass that began after this call, in each
   * of `guilds` (by default this world's guild), at the bot's time `at` (by default the real time):
   * whatever was due by then has been handled and sent, so a second message would show. Facts,
   * not a pause: a marker row per guild in the bot's due table (stale, so nothing is sent for it),
   * twice, the second written once the first was handled. A scheduler's passes never overlap, so
   * the pass that handles the second began after the one that handled the first had read what was due.
   */
  async schedulerPass(options: { at?: number; guilds?: EmulatorGuild[] } = {}): Promise<void> {
    const guilds = options.guilds ?? [this.guild];
    for (let round = 0; round < 2; round++) {
      const markers = guilds.map((guild) => ({ guild: guild.id, version: 1_000_000 + ++this.#markers }));
      const db = new Database(this.bot.databasePath, { fileMustExist: true });
      try {
        const insert = db.prepare(
          `INSERT INTO due (game_id, guild_id, seat_id, kind, version, due_at)
             VALUES ((SELECT MAX(id) FROM games WHERE guild_id = ?), ?, 'pass-marker', 'notice', ?, ?)`,
        );
        for (const m of markers) insert.run(m.guild, m.guild, m.version, options.at ?? Date.now());
      } finally {
        db.close();
      }
      await this.emulator.waitFor(
        () =>
          this.db((read) =>
            markers.every(
              (m) =>
                (
                  read
                    .prepare("SELECT done_at FROM due WHERE seat_id = 'pass-marker' AND version = ?")
                    .get(m.version) as { done_at: number | null }
                ).done_at !== null,
            ),
          ) || null,
        WAIT_LIMIT_MS,
        "a whole scheduler pass",
      );
    }
  }

  /** Holds the database's write lock, as another process would, until the returned function runs. */
  lockDatabase(): () => void {
    const db = new Database(this.bot.databasePath, { fileMustExist: true });
    db.exec("BEGIN EXCLUSIVE");
    return () => {
      db.exec("ROLLBACK");
      db.close();
    };
  }

  game(channelId: string): GameRow {
    return this.db((db) => {
      const row = db
        .prepare("SELECT id, version, status, state FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1")
        .get(channelId) as { id: number; version: number; status: string; state: string };
      const moves = (
        db.prepare("SELECT COUNT(*) AS n FROM moves WHERE game_id = ?").get(row.id) as { n: number }
      ).n;
      return { ...row, state: JSON.parse(row.state ?? "null"), moves };
    });
  }

  /** The state of the newest game in a channel, as the bot's database holds it. */
  state<S>(channel: EmulatorChannel): S {
    return this.game(channel.id).state as unknown as S;
  }

  /** Which of `users` is to move in a channel's game: its state's `players[activeSeat]`. */
  userToMove(channel: EmulatorChannel, users: readonly EmulatorUser[]): EmulatorUser {
    const state = this.state<{ players: string[]; activeSeat: number }>(channel);
    return userWithId(users, state.players[state.activeSeat] as string);
  }

  async slash(
    user: EmulatorUser,
    channel: EmulatorChannel,
    command: string,
    options: Record<string, string | number | boolean> = {},
    sub?: string,
  ) {
    const i = await this.emulator.slash(user, channel, command, options, sub);
    this.interactions.push(i);
    return this.emulator.waitForResponse(i);
  }

  /** Clicks and waits for the answer; returns the message the answer created or updated. */
  async click(
    user: EmulatorUser,
    message: MessageView,
    customId: string,
    options: { stale?: boolean } = {},
  ): Promise<MessageView> {
    const i = await this.emulator.click(user, message, customId, options);
    this.interactions.push(i);
    const r = await this.emulator.waitForResponse(i);
    return this.latest(r.message ?? message);
  }

  /** Chooses and waits for the answer; `stale` sends a choice the message no longer offers (a forged one). */
  async select(
    user: EmulatorUser,
    message: MessageView,
    customId: string,
    values: string[],
    options: { stale?: boolean } = {},
  ): Promise<MessageView> {
    const i = await this.emulator.select(user, message, customId, values, options);
    this.interactions.push(i);
    const r = await this.emulator.waitForResponse(i);
    return this.latest(r.message ?? message);
  }

  latest(message: MessageView): MessageView {
    return this.emulator.message(message.id) ?? message;
  }

  /**
   * Table messages of a game type in a channel, oldest first: those with the table picture, and the
   * earlier ones retired to a line (Components V2, no picture) that links to the table after them.
   */
  tables(channel: EmulatorChannel, gameType: string): MessageView[] {
    const messages = this.emulator.channelMessages(channel);
    const tables = new Set(
      messages
        .filter((m) => m.attachments.some((a) => a.filename.startsWith(`${gameType}-`)))
        .map((m) => m.id),
    );
    for (const m of [...messages].reverse()) {
      const next = /\/channels\/\d+\/\d+\/(\d+)\)/.exec(m.text)?.[1];
      if (next && tables.has(next) && m.flags & MessageFlags.IsComponentsV2 && m.attachments.length === 0)
        tables.add(m.id);
    }
    return messages.filter((m) => tables.has(m.id));
  }

  /**
   * The newest table message when it shows the database's current version (the bot has settled),
   * else null: facts, never words. Every table's picture is named after the version it shows, an
   * open table's buttons carry that version, an ended one has none, and older tables have lost theirs.
   */
  currentTable(channel: EmulatorChannel, gameType: string): MessageView | null {
    const game = this.game(channel.id);
    const tables = this.tables(channel, gameType);
    const table = tables.at(-1);
    if (!table) return null;
    // The bot strips the older table's buttons right after posting the new one.
    if (tables.slice(0, -1).some((old) => componentsOf(old).length > 0)) return null;
    if (!table.attachments.some((a) => showsVersion(a.filename, gameType, game))) return null;
    const ids = componentsOf(table).map((c) => c.customId ?? "");
    // An ended table has no game buttons; a lost one may offer its review's replay (`r:`).
    if (game.status !== "active") return ids.every((id) => id.startsWith("r:")) ? table : null;
    return ids.some((id) => id.startsWith(`g:${game.id}:${game.version}:`)) ? table : null;
  }

  /** Waits until the newest table message shows the database's current version (`currentTable`). */
  async settledTable(channel: EmulatorChannel, gameType: string): Promise<MessageView> {
    return this.emulator.waitFor(
      () => this.currentTable(channel, gameType),
      WAIT_LIMIT_MS,
      "the table message to show the current game version",
    );
  }

  /** Waits until a person must act (not only robots), or the game is over. */
  untilPeopleAct(channel: EmulatorChannel, gameType: string): Promise<GameRow> {
    return this.emulator.waitFor(
      () => {
        const game = this.game(channel.id);
        if (game.status !== "active") return game;
        return this.games
          .engines()
          [gameType]!.actors(game.state as never)
          .some((a) => !a.startsWith("bot:"))
          ? game
          : null;
      },
      WAIT_LIMIT_MS,
      "the robots to finish their moves",
    );
  }

  /** A lobby by `host` with `robots` robots added from its buttons, then started; returns the first table. */
  async openGameWithRobots(
    gameType: string,
    channel: EmulatorChannel,
    host: EmulatorUser,
    robots: number,
  ): Promise<MessageView> {
    const lobby = (await this.slash(host, channel, "play", {}, gameType)).message!;
    for (let i = 0; i < robots; i++) {
      await this.click(host, this.latest(lobby), lobbyButton(this.latest(lobby), "addBot"));
    }
    for (let i = 1; i <= robots; i++) expect(this.latest(lobby).text).toContain(`🤖 Bot ${i}`);
    await this.click(host, this.latest(lobby), lobbyButton(this.latest(lobby), "start"));
    return this.settledTable(channel, gameType);
  }

  /** Plays one card of The Game from the panel's own controls: the first card offered, on the first pile it may go on. */
  async playTheGameCard(user: EmulatorUser, panel: MessageView): Promise<MessageView> {
    const card = playableCard(panel);
    if (!card?.customId) throw new Error("no playable card on the panel");
    const chosen = await this.click(user, panel, card.customId);
    const pile = componentsOf(chosen).find((c) => c.customId?.split(":")[3] === "play" && !c.disabled);
    if (!pile?.customId) throw new Error("no pile offered for a card the panel called playable");
    let after = await this.click(user, chosen, pile.customId);
    const confirm = findComponent(after, "playc");
    if (confirm?.customId) after = await this.click(user, after, confirm.customId);
    return after;
  }

  /** `/play <game>` by the host, the others join, the host starts: returns the first table message. */
  async openGame(
    gameType: string,
    channel: EmulatorChannel,
    host: EmulatorUser,
    joiners: EmulatorUser[] = [],
    options: Record<string, boolean> = {},
  ): Promise<MessageView> {
    const lobby = (await this.slash(host, channel, "play", options, gameType)).message!;
    for (const joiner of joiners) await this.click(joiner, this.latest(lobby), lobbyButton(lobby, "join"));
    await this.click(host, this.latest(lobby), lobbyButton(lobby, "start"));
    return this.settledTable(channel, gameType);
  }

  /** Opens the clicking player's private panel from the current table message. */
  async openPanel(user: EmulatorUser, channel: EmulatorChannel, gameType: string): Promise<MessageView> {
    const table = await this.settledTable(channel, gameType);
    const panel = await this.click(user, table, button(table, "panel").customId!);
    expect(panel.ephemeral).toBe(true);
    expect(panel.audienceUserId).toBe(user.id);
    return panel;
  }
}

/** The custom_id of a lobby button (`l:<game>:join|leave|start`). */
export function lobbyButton(lobby: MessageView, action: LobbyAction): string {
  const found = componentsOf(lobby).find(
    (c) => c.customId?.startsWith("l:") && c.customId.endsWith(`:${action}`),
  );
  if (!found?.customId) throw new Error(`lobby has no ${action} button`);
  return found.customId;
}

/** The component whose custom_id has this action (`g:<game>:<version>:<action>[:args]`). */
export function button(message: MessageView, action: string, args: string[] = []): ComponentView {
  const found = findComponent(message, action, args);
  if (!found) {
    throw new Error(
      `no component "${action}" on message: ${componentsOf(message)
        .map((c) => c.customId)
        .join(", ")}`,
    );
  }
  return found;
}

/** The Game: the first card of the hand on a panel that may be played now (an enabled card button). */
export function playableCard(panel: MessageView): ComponentView | undefined {
  return componentsOf(panel).find((c) => c.customId?.split(":")[3] === "card" && !c.disabled);
}

export function findComponent(
  message: MessageView,
  action: string,
  args: string[] = [],
): ComponentView | undefined {
  return componentsOf(message).find((c) => {
    const parts = (c.customId ?? "").split(":");
    return parts[3] === action && args.every((a, i) => parts[4 + i] === a);
  });
}

/** The one of `users` with this id; throws for anyone else. */
export function userWithId(users: readonly EmulatorUser[], id: string): EmulatorUser {
  const user = users.find((u) => u.id === id);
  if (!user) throw new Error(`no player ${id}`);
  return user;
}

/** The world of a scenario file or describe (see `testWorld`). */
export interface TestWorld extends StartOptions {
  /** The games the bot offers (`new World(games)`). */
  games?: Games;
  /** Members of the server, by name. */
  users?: string[];
  /** Those of `users` who may manage the server (the Manage Server permission). */
  managers?: string[];
  /** Text channels of the server, by name. */
  channels?: string[];
}

/**
 * The usual world of a scenario file or describe: its members and channels, the bot started before its
 * tests with `start`'s options and closed with the closing checks after them.
 */
export function testWorld({ games, users = [], managers = [], channels = [], ...start }: TestWorld) {
  const world = new World(games);
  beforeAll(() => world.start(start));
  afterAll(() => world.close());
  return {
    world,
    users: users.map((name) => world.user(name, { manageGuild: managers.includes(name) })),
    channels: channels.map((name) => world.channel(name)),
  };
}

/** Every text of a message a user could read or a client could inspect. */
export function textsOf(m: MessageView): string[] {
  return [
    m.text,
    ...m.embeds.map((e) => JSON.stringify(e)),
    ...m.attachments.map((a) => a.filename),
    ...componentsOf(m).flatMap((c) => [
      c.customId ?? "",
      c.label ?? "",
      c.placeholder ?? "",
      ...c.options.map((o) => `${o.value} ${o.label} ${o.description ?? ""}`),
    ]),
  ];
}

/**
 * Whether a table's file is the picture of this game at its version: `<game>-<id>-<version>-<picture
 * key>.png` (the key lets a panel show the very same file by its address).
 */
export function showsVersion(
  filename: string,
  gameType: string,
  game: { id: number; version: number },
): boolean {
  return new RegExp(`^${gameType}-${game.id}-${game.version}-[a-z]+\\.png$`).test(filename);
}
