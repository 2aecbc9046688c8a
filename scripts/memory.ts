import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gameCustomId, RESERVED_ACTIONS } from "../src/bot/ui/customId.js";
import { createRng, nextInt } from "../src/engine/core/rng.js";
import { gameTitle, t, wordsFor } from "../src/i18n/index.js";
import { Store } from "../src/store/store.js";
import { flagsOrHelp, numberList, parseMix } from "./bench/cli.js";
import { BotDatabase } from "./bench/database.js";
import { Driver, newSlot, type Slot } from "./bench/driver.js";
import { GAMES, uiOf } from "./bench/games.js";
import { botWarnings, LOOP_STALL, type LoopStats, loopStats, ProcMonitor } from "./bench/monitor.js";
import { Observer } from "./bench/observer.js";
import { pick, randomLegalMove, seatsFor } from "./bench/players.js";
import {
  machine,
  machineLine,
  printProblems,
  resultsLine,
  verdictLine,
  warningProblems,
  writeResults,
} from "./bench/report.js";
import { fmt, fmtStats, type Stats, shareLine, stats } from "./bench/stats.js";
import {
  type BotProcess,
  DiscordEmulator,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  killBotsOnSignal,
  newBot,
  shutdown,
  sleep,
  trackBot,
  untrackBot,
} from "./bench/world.js";

/**
 * `npm run bench -- memory`: the bot started on a database of 1,000 and 10,000 active games
 * (`--games 100000,1000000` for the large sizes).
 *
 * The first `--real` games (2,000 by default) are made through the store (createLobby, joinLobby,
 * startGame, then a few random legal moves from the engine's `legalMoves` with `applyMove`), in one
 * transaction, spread over 50 guilds of the emulator, one channel each. Each gets the table message
 * a running bot would have posted (its text and buttons, without the picture: drawing thousands of
 * pictures would take minutes), posted as the bot through the emulator's REST API and recorded with
 * the store's `setMessage`. The rest are copies of those rows made in SQL (the game with its state,
 * seats, moves and table message row, under a new id, channel and message id, in the same guild):
 * making a million games move by move through the store would take hours. A copy's channel and table
 * message exist only in the database, showing the game's current version, so nothing is stale and
 * the bot has no reason to touch them; only real games are clicked. Before copying, the bot runs
 * once on the real games until it has planned them (turn notices handled, reminders owed in the due
 * table), so every game is as a running bot leaves it before a restart; `--unplanned` skips that
 * run: no game is planned (the first start of a release that plans them anew), and the scheduler
 * plans every one of them after start-up.
 *
 * Measured, with RSS sampled from /proc every 100 ms from spawn on: start-up (spawn → gateway ready
 * and commands registered), then at once 200 real games are touched through the emulator (a player
 * opens their panel from the table button and clicks a few legal moves, 10 games at a time) with the
 * clicks' acknowledgement latency, then the wait until every game is planned; the RSS peak over every
 * sample (and the kernel's high-water mark), RSS at ready, after the clicks and settled, and the
 * longest event-loop stall from spawn on.
 */

/**
 * What the bot must meet at a size (issue 23): RSS at every sample, spawn → ready, the clicks'
 * acknowledgement p95 and the longest event-loop stall. A run is held to the largest size ≤ its own.
 */
export const MEMORY_TARGETS: readonly {
  games: number;
  rssMiB: number;
  readyMs?: number;
  clickP95Ms?: number;
  stallMs?: number;
}[] = [
  { games: 10_000, rssMiB: 1024, clickP95Ms: 100 },
  { games: 100_000, rssMiB: 600, readyMs: 2000, clickP95Ms: 100, stallMs: 50 },
  { games: 1_000_000, rssMiB: 1024, readyMs: 5000 },
];

interface SeededGame {
  id: number;
  gameType: string;
  version: number;
  guild: EmulatorGuild;
  channel: EmulatorChannel;
  players: EmulatorUser[];
  tableMessageId?: string;
}

export interface MemoryRunResult {
  games: number;
  /** Of them, made through the store (the rest are copies made in SQL). */
  realGames: number;
  guilds: number;
  seedSeconds: number;
  /** Copying the rows of the real games in SQL up to `games`. */
  cloneSeconds: number;
  tablesSeconds: number;
  databaseMiB: number;
  movesStored: number;
  startupMs: number;
  loggedInMs: number | null;
  rssReadyMiB: number;
  rssAfterTouchMiB: number;
  /** Once every game is planned and a few seconds passed. */
  rssSettledMiB: number;
  /** The highest RSS of every sample from spawn on, and when (ms after spawn). */
  rssPeakMiB: number;
  rssPeakAtMs: number;
  /** The kernel's high-water mark of RSS (VmHWM), which no sampling interval can miss. */
  rssHwmMiB: number;
  samples: number;
  /** Spawn → every active game planned by the scheduler; null when it did not finish in time. */
  plannedMs: number | null;
  touched: number;
  interactions: number;
  clickMs: Stats;
  /** Click → the answer complete (a deferred panel filled in with its picture). */
  answerMs: Stats;
  tableMs: Stats;
  tablesMissing: number;
  unanswered: number;
  /** Requests Discord's limits refused (429), start-up included. */
  rateLimited: number;
  loop: LoopStats;
  /** The event-loop stall from spawn on (start-up included). */
  loopFromSpawn: LoopStats;
  /** The seconds whose longest stall passed 50 ms: when (ms after spawn) and how long. */
  longStalls: { atMs: number; maxMs: number }[];
  mix: Record<string, number>;
  errors: string[];
  violations: string[];
  botErrorLines: string[];
  botWarnings: { count: number; first: string[] };
  aborted: string | null;
}

interface MemoryOptions {
  games: number;
  realGames: number;
  guilds: number;
  usersPerGuild: number;
  touch: number;
  clicksPerGame: number;
  concurrency: number;
  mix: string[];
  seed: number;
  /** The bench stops the bot when its RSS passes this (the machine is shared). */
  rssCapMiB: number;
  /** How long the bench waits, after the clicks, for the start-up work to be done. */
  settleSeconds: number;
  /** The games as made, never planned (the first start of a release that plans them anew). */
  unplanned: boolean;
  log: (line: string) => void;
}

/** The real games, made through the store. */
async function seedGames(
  store: Store,
  options: MemoryOptions,
  places: { guild: EmulatorGuild; channel: EmulatorChannel; users: EmulatorUser[] }[],
): Promise<{ games: SeededGame[]; moves: number }> {
  const rng = createRng(options.seed);
  const games: SeededGame[] = [];
  let moves = 0;
  for (let i = 0; i < options.realGames; i++) {
    const place = places[i]!;
    const gameType = options.mix[i % options.mix.length]!;
    const engine = uiOf(gameType).engine;
    const seats = seatsFor(engine, gameType);
    const pool = [...place.users];
    const players = Array.from({ length: seats }, () => pool.splice(nextInt(rng, pool.length), 1)[0]!);
    const gameOptions = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
    if ("shortMatch" in gameOptions) gameOptions.shortMatch = true;
    const lobby = await store.games.createLobby({
      guildId: place.guild.id,
      channelId: place.channel.id,
      gameType,
      options: gameOptions,
      seed: 1000 + i,
      host: { userId: players[0]!.id, displayName: players[0]!.username },
    });
    if (!lobby.ok) throw new Error(`game ${i}: the channel is busy`);
    for (const joiner of players.slice(1)) {
      const joined = await store.seats.joinLobby(
        lobby.game.id,
        { userId: joiner.id, displayName: joiner.username },
        engine.maxPlayers,
      );
      if (!joined.ok) throw new Error(`game ${i}: join refused (${joined.reason})`);
    }
    const started = await store.play.startGame(lobby.game.id, players[0]!.id, engine);
    if (!started.ok) throw new Error(`game ${i}: start refused (${started.reason})`);
    let game = started.game;
    // A few random legal moves, never the one that ends the game: every game stays active.
    const wanted = nextInt(rng, 25);
    for (let m = 0; m < wanted; m++) {
      const actors = engine.actors(game.state);
      if (actors.length === 0) break;
      const actor = pick(rng, actors);
      const move = randomLegalMove(engine, game.state, actor, rng);
      if (move === undefined) break;
      const trial = engine.apply(game.state, actor, move);
      if (!trial.ok || engine.outcome(trial.state)) break;
      const applied = await store.play.applyMove(game.id, actor, game.version, move, engine);
      if (!applied.ok) throw new Error(`game ${i}: a legal move was refused (${applied.reason})`);
      game = applied.game;
      moves++;
    }
    if (game.status !== "active") throw new Error(`game ${i} is ${game.status}`);
    games.push({ id: game.id, gameType, version: game.version, ...place, players });
  }
  return { games, moves };
}

/** Base of the ids a copy's channel and table message get: far above the emulator's own snowflakes. */
const COPY_CHANNEL_BASE = 4_000_000_000_000_000_000n;
const COPY_MESSAGE_BASE = 5_000_000_000_000_000_000n;

/** The columns of a table, in order, as SQLite lists them. */
function columnsOf(db: Store["db"], table: string): string[] {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
}

/**
 * Copies the rows of games 1…`real` (made through the store) until there are `total` games: each
 * copy is a game of the same type at the same point (state, seats, moves, table message row showing
 * its current version) under a new id, in the same guild, in a channel of its own. Every table with
 * a `game_id` column is copied, so rows a later release keeps per game come along.
 */
function cloneGames(store: Store, real: number, total: number): void {
  const db = store.db;
  const range = db.prepare("SELECT MIN(id) AS lo, MAX(id) AS hi, COUNT(*) AS n FROM games").get() as {
    lo: number;
    hi: number;
    n: number;
  };
  if (range.lo !== 1 || range.hi !== real || range.n !== real)
    throw new Error(`expected games 1…${real} before copying, found ${JSON.stringify(range)}`);
  const override: Record<string, Record<string, string>> = {
    games: {
      id: "id + @offset",
      channel_id: `CAST(${COPY_CHANNEL_BASE} + id + @offset AS TEXT)`,
    },
    messages: {
      game_id: "game_id + @offset",
      channel_id: `CAST(${COPY_CHANNEL_BASE} + game_id + @offset AS TEXT)`,
      message_id: `CAST(${COPY_MESSAGE_BASE} + game_id + @offset AS TEXT)`,
    },
  };
  const perGame = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'games'").all() as {
      name: string;
    }[]
  )
    .map((t) => t.name)
    .filter((name) => columnsOf(db, name).includes("game_id"));
  // Parents first: the games, then every table that refers to them.
  const copies = ["games", ...perGame].map((table) => {
    const columns = columnsOf(db, table);
    const idColumn = table === "games" ? "id" : "game_id";
    const values = columns.map((c) => override[table]?.[c] ?? (c === idColumn ? `${c} + @offset` : c));
    return db.prepare(
      `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values.join(", ")} FROM ${table}
         WHERE ${idColumn} <= @last`,
    );
  });
  for (let offset = real; offset < total; offset += real) {
    const last = Math.min(real, total - offset);
    db.transaction(() => {
      // As BigInts: better-sqlite3 binds other numbers as floats, and the ids must stay integers.
      for (const copy of copies) copy.run({ offset: BigInt(offset), last: BigInt(last) });
    })();
  }
}

/** Discord's number for each button style the UI kit names. */
const BUTTON_STYLES = { primary: 1, secondary: 2, success: 3, danger: 4 } as const;

/** The table message the bot would show for a game (text and buttons), posted as the bot. */
async function postTables(
  emulator: DiscordEmulator,
  store: Store,
  games: SeededGame[],
  concurrency: number,
): Promise<Map<number, string>> {
  const messageIds = new Map<number, string>();
  let next = 0;
  const worker = async () => {
    while (next < games.length) {
      const game = games[next++]!;
      const ui = uiOf(game.gameType);
      const record = (await store.games.getGame(game.id))!;
      const view = ui.engine.publicView(record.state);
      const names = Object.fromEntries(record.players.map((p) => [p.userId, p.displayName]));
      const waiting = ui.waitingFor ? ui.waitingFor(view) : ui.engine.actors(record.state);
      const buttons = [
        { action: RESERVED_ACTIONS.panel, label: t(`game.${ui.gameType}.panelButton`), style: 1 },
        ...ui
          .tableActions(view, wordsFor("en"))
          .map((a) => ({ action: a.action, label: a.label, style: BUTTON_STYLES[a.style] })),
      ].map((b) => ({
        type: 2,
        style: b.style,
        label: b.label,
        custom_id: gameCustomId(game.id, record.version, b.action),
      }));
      const body = {
        content: [
          `**${gameTitle(ui.gameType, "en")}** — ${ui.tableStatus(view, names, wordsFor("en"))}`,
          `${waiting.map((id) => `<@${id}>`).join(" ")} — your move.`,
        ].join("\n"),
        components: [{ type: 1, components: buttons }],
        allowed_mentions: { parse: [] },
      };
      const response = await fetch(`${emulator.apiBase}/v10/channels/${game.channel.id}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${emulator.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(
          `posting game ${game.id}'s table failed: ${response.status} ${await response.text()}`,
        );
      game.tableMessageId = ((await response.json()) as { id: string }).id;
      messageIds.set(game.id, game.tableMessageId);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const record = store.db.prepare(
    "INSERT INTO messages (game_id, kind, channel_id, message_id, version) VALUES (?, 'table', ?, ?, ?)",
  );
  store.db.transaction(() => {
    for (const game of games) record.run(game.id, game.channel.id, messageIds.get(game.id)!, game.version);
  })();
  return messageIds;
}

/**
 * The bot run once on the real games until it has planned them all and handled what fell due,
 * then stopped: the games' timed things (turn notices handled, reminders owed) are then as a bot
 * that ran before a restart left them, and the copies carry them.
 */
async function planAsARunningBot(
  emulator: DiscordEmulator,
  guildId: string,
  databasePath: string,
): Promise<void> {
  const bot = newBot(emulator, {
    guildId,
    databasePath,
    env: { REMINDER_HOURS: undefined },
    loopStats: false,
  });
  trackBot(bot);
  const database = new BotDatabase(databasePath);
  try {
    const after = Date.now();
    await bot.start();
    await emulator.waitForBotReady({ bot, after, timeoutMs: 120_000 });
    await emulator.waitFor(
      () => database.startupWorkLeft(Date.now()) === 0 || null,
      300_000,
      "the real games planned",
    );
  } finally {
    database.close();
    await bot.kill("SIGTERM", 10_000).catch(() => bot.kill("SIGKILL"));
    untrackBot(bot);
  }
}

/**
 * The commands the bot registered in its development server, registered globally too, as a bot in
 * production has them: the games are spread over many servers, and a player's `/game hand` or
 * `/game end` works in each.
 */
async function commandsEverywhere(emulator: DiscordEmulator, guildId: string): Promise<void> {
  const headers = { authorization: `Bot ${emulator.token}`, "content-type": "application/json" };
  const app = `${emulator.apiBase}/v10/applications/${emulator.applicationId}`;
  const registered = (await (await fetch(`${app}/guilds/${guildId}/commands`, { headers })).json()) as Record<
    string,
    unknown
  >[];
  const bodies = registered.map(({ id, application_id, guild_id, version, ...body }) => body);
  const response = await fetch(`${app}/commands`, { method: "PUT", headers, body: JSON.stringify(bodies) });
  if (!response.ok)
    throw new Error(`registering the commands globally failed: ${response.status} ${await response.text()}`);
}

async function memoryRun(options: MemoryOptions): Promise<MemoryRunResult> {
  const log = options.log;
  const emulator = new DiscordEmulator({ rateLimits: {} });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
  const databasePath = path.join(dir, "bot.sqlite");
  let bot: BotProcess | null = null;
  let observer: Observer | null = null;
  let monitor: ProcMonitor | null = null;
  let capWatch: NodeJS.Timeout | null = null;
  let database: BotDatabase | null = null;
  let driver: Driver | null = null;
  try {
    await emulator.start();
    const guilds = Array.from({ length: options.guilds }, (_, g) => emulator.createGuild(`Club ${g + 1}`));
    const users = guilds.map((guild, g) =>
      Array.from({ length: options.usersPerGuild }, (_, u) =>
        emulator.createUser(`G${g + 1}U${u + 1}`, { guilds: [guild] }),
      ),
    );
    // Channels for the real games only: a copy's channel lives in the database alone.
    const places = Array.from({ length: options.realGames }, (_, i) => {
      const g = i % guilds.length;
      const guild = guilds[g]!;
      return { guild, channel: emulator.createChannel(guild, `table-${i + 1}`), users: users[g]! };
    });

    const t0 = Date.now();
    const store = await Store.open(databasePath, GAMES.engines());
    let seeded: { games: SeededGame[]; moves: number };
    let tablesSeconds = 0;
    let seedSeconds = 0;
    let cloneSeconds = 0;
    let plannedSeconds = 0;
    let movesStored = 0;
    try {
      seeded = await seedGames(store, options, places);
      seedSeconds = (Date.now() - t0) / 1000;
      log(`  ${seeded.games.length} games (${seeded.moves} moves) stored in ${fmt(seedSeconds, 1)} s`);
      const t1 = Date.now();
      // The bot posted these tables over the games' lifetimes, not in one burst.
      const messageIds = await emulator.withoutRateLimits(() =>
        postTables(emulator, store, seeded.games, 16),
      );
      tablesSeconds = (Date.now() - t1) / 1000;
      log(`  ${messageIds.size} table messages posted in ${fmt(tablesSeconds, 1)} s`);
      if (!options.unplanned) {
        const t3 = Date.now();
        await planAsARunningBot(emulator, guilds[0]!.id, databasePath);
        plannedSeconds = (Date.now() - t3) / 1000;
        log(`  the real games planned by a first run of the bot in ${fmt(plannedSeconds, 1)} s`);
      }
      if (options.games > options.realGames) {
        const t2 = Date.now();
        cloneGames(store, options.realGames, options.games);
        cloneSeconds = (Date.now() - t2) / 1000;
        log(`  copied in SQL up to ${options.games.toLocaleString("en")} games in ${fmt(cloneSeconds, 1)} s`);
      }
      movesStored = (store.db.prepare("SELECT COUNT(*) AS n FROM moves").get() as { n: number }).n;
      store.db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      await store.close();
    }
    const databaseMiB = fs.statSync(databasePath).size / 2 ** 20;
    log(`  database ${fmt(databaseMiB)} MiB, ${movesStored.toLocaleString("en")} moves`);

    // Reminders as configured by default: nothing is due for games made just now.
    bot = newBot(emulator, { guildId: guilds[0]!.id, databasePath, env: { REMINDER_HOURS: undefined } });
    trackBot(bot);
    const spawned = Date.now();
    await bot.start();
    monitor = new ProcMonitor(bot);
    monitor.start(100);
    const live = bot;
    let aborted: string | null = null;
    capWatch = setInterval(() => {
      const last = monitor!.samples.at(-1);
      if (!aborted && last && last.rssMiB > options.rssCapMiB) {
        aborted = `RSS ${fmt(last.rssMiB)} MiB passed the cap of ${options.rssCapMiB} MiB ${last.at - spawned} ms after spawn; bot stopped`;
        if (live.pid) process.kill(live.pid, "SIGKILL");
      }
    }, 100);
    try {
      await emulator.waitForBotReady({ bot, after: spawned, timeoutMs: 600_000 });
    } catch (err) {
      throw new Error(aborted ?? (err as Error).message);
    }
    const readyMs = Date.now() - spawned;
    await commandsEverywhere(emulator, guilds[0]!.id);
    const ready = monitor.sample();
    log(
      `  bot ready (session + commands) ${readyMs} ms after spawn; RSS ${fmt(ready?.rssMiB ?? Number.NaN)} MiB`,
    );
    database = new BotDatabase(databasePath);
    // Clicks are answered from the first second: the touching starts while start-up work goes on.
    await sleep(1000);

    observer = new Observer(emulator, () => live.running);
    observer.start();
    driver = new Driver({
      emulator,
      bot,
      observer,
      seed: options.seed,
      mix: options.mix,
      budget: Number.POSITIVE_INFINITY,
    });
    const rng = createRng(options.seed + 7);
    const chosen = [...seeded.games];
    for (let i = chosen.length - 1; i > 0; i--) {
      const j = nextInt(rng, i + 1);
      [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
    }
    const touched = chosen.slice(0, Math.min(options.touch, chosen.length));
    const slots: Slot[] = touched.map((game, i) => {
      const slot = newSlot(i, game.guild, game.channel, game.players);
      slot.gameId = game.id;
      slot.gameType = game.gameType;
      slot.lastVersion = game.version;
      observer!.watch(game.channel.id, game.id);
      return slot;
    });
    // The seeded table messages carry no picture, so the observer is told where they are.
    for (const game of touched) {
      const messageId = game.tableMessageId;
      if (messageId) {
        observer.currentTable.set(game.channel.id, { gameId: game.id, messageId, version: game.version });
        observer.tableMessages.set(messageId, game.id);
        observer.shown.set(game.id, game.version);
      }
    }
    const lineFrom = bot.lines.length;
    const touchStart = Date.now();
    let nextSlot = 0;
    const worker = async () => {
      while (nextSlot < slots.length && !driver!.aborted && live.running) {
        const slot = slots[nextSlot++]!;
        // The panel, then a few clicks (moves or the choices toward one).
        for (
          let step = 0, acted = 0;
          step < options.clicksPerGame * 3 && acted < options.clicksPerGame;
          step++
        ) {
          const what = await driver!.step(slot, { allowStart: false });
          if (what === "ended") break;
          if (what === "acted") acted++;
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const touchEnd = Date.now();
    const settleUntil = Date.now() + 20_000;
    while (observer.pendingTables > 0 && Date.now() < settleUntil && live.running) await sleep(50);
    observer.tick();
    const after = monitor.sample();
    const ack = driver.clicks.ackFigures(touchStart);
    log(
      `  touched ${touched.length} games with ${driver.dispatched} interactions in ${fmt((touchEnd - touchStart) / 1000, 1)} s; RSS after: ${fmt(after?.rssMiB ?? Number.NaN, 1)} MiB`,
    );
    // The start-up work done: every game planned and what fell due handled.
    let plannedMs: number | null = null;
    const planUntil = Date.now() + options.settleSeconds * 1000;
    while (live.running && Date.now() < planUntil) {
      if (database.startupWorkLeft(Date.now()) === 0) {
        plannedMs = Date.now() - spawned;
        break;
      }
      await sleep(1000);
    }
    log(
      plannedMs === null
        ? `  start-up work not done within ${options.settleSeconds} s`
        : `  every game planned and what fell due handled ${fmt(plannedMs / 1000, 1)} s after spawn`,
    );
    await sleep(3000);
    const settled = monitor.sample();
    const loggedInAt = bot.lines.find((line) => /logged in as/.test(line.text))?.at;
    const peak = monitor.samples.reduce((a, b) => (b.rssMiB > a.rssMiB ? b : a), monitor.samples[0]!);
    const hwm = Math.max(...monitor.samples.map((s) => s.hwmMiB));
    log(
      `  RSS settled ${fmt(settled?.rssMiB ?? Number.NaN)} MiB; peak ${fmt(peak.rssMiB)} MiB at ${peak.at - spawned} ms over ${monitor.samples.length} samples (high-water mark ${fmt(hwm)} MiB)`,
    );
    return {
      games: options.games,
      realGames: options.realGames,
      guilds: options.guilds,
      seedSeconds: seedSeconds + plannedSeconds,
      cloneSeconds,
      tablesSeconds,
      databaseMiB,
      movesStored,
      startupMs: readyMs,
      loggedInMs: loggedInAt === undefined ? null : loggedInAt - spawned,
      rssReadyMiB: ready?.rssMiB ?? Number.NaN,
      rssAfterTouchMiB: after?.rssMiB ?? Number.NaN,
      rssSettledMiB: settled?.rssMiB ?? Number.NaN,
      rssPeakMiB: peak.rssMiB,
      rssPeakAtMs: peak.at - spawned,
      rssHwmMiB: hwm,
      samples: monitor.samples.length,
      plannedMs,
      touched: touched.length,
      interactions: driver.dispatched,
      clickMs: ack.acks,
      answerMs: ack.answers,
      tableMs: stats(observer.tableLatencies),
      tablesMissing: observer.tablesMissing + observer.pendingTables,
      unanswered: ack.unanswered,
      rateLimited: emulator.rateLimits.limited,
      loop: loopStats(bot, lineFrom, touchStart),
      loopFromSpawn: loopStats(bot, 0),
      longStalls: bot.lines.flatMap((line) => {
        const max = Number(LOOP_STALL.exec(line.text)?.[1] ?? 0);
        return max > 50 ? [{ atMs: line.at - spawned, maxMs: max }] : [];
      }),
      mix: { ...driver.clicks.mix },
      errors: driver.errors,
      violations: [...observer.violations, ...observer.unknownRoutes.map((r) => `unknown route ${r}`)],
      botErrorLines: bot
        .errorLines()
        .map((line) => line.text)
        .slice(0, 20),
      botWarnings: botWarnings(bot),
      aborted: aborted ?? driver.aborted ?? (live.running ? null : "the bot exited"),
    };
  } finally {
    if (capWatch) clearInterval(capWatch);
    observer?.stop();
    monitor?.stop();
    driver?.close();
    database?.close();
    await shutdown(bot, emulator);
    if (bot) untrackBot(bot);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const HELP = `npm run bench -- memory [--games 1000,10000] [--real 2000] [--touch 200] [--guilds 50] [--clicks 3] [--concurrency 10] [--mix …] [--seed 1] [--rss-cap 3072] [--settle 900] [--unplanned]
  The bot started on a database of that many active games (--real of them made through the store and
  planned by a first run of the bot, the rest copied in SQL); RSS sampled every 100 ms from spawn on,
  start-up, clicks on --touch games right after ready, then the wait (at most --settle s) until every
  game is planned. --unplanned: no game planned before the start. The bot is stopped when its RSS
  passes --rss-cap MiB.`;

/** The targets a run of this size is held to: those of the largest size ≤ its own. */
function targetsFor(games: number): (typeof MEMORY_TARGETS)[number] | undefined {
  return MEMORY_TARGETS.filter((t) => t.games <= games).at(-1);
}

export async function runMemoryBench(args: readonly string[]): Promise<number> {
  const flags = flagsOrHelp(args, HELP);
  if (!flags) return 0;
  const sizes = numberList(flags.get("games"), [1000, 10_000]);
  const real = numberList(flags.get("real"), [2000])[0]!;
  const touch = numberList(flags.get("touch"), [200])[0]!;
  const guilds = numberList(flags.get("guilds"), [50])[0]!;
  const clicksPerGame = numberList(flags.get("clicks"), [3])[0]!;
  const concurrency = numberList(flags.get("concurrency"), [10])[0]!;
  const rssCapMiB = numberList(flags.get("rss-cap"), [3072])[0]!;
  const settleSeconds = numberList(flags.get("settle"), [900])[0]!;
  const unplanned = flags.get("unplanned") === "true";
  const mix = parseMix(flags.get("mix"));
  const seed = Number(flags.get("seed") ?? 1);
  killBotsOnSignal();
  console.log(machineLine("Memory bench"));
  console.log(`Games: ${mix.join(", ")}, over ${guilds} guilds, one channel each.`);
  const results: MemoryRunResult[] = [];
  const failed: { games: number; why: string }[] = [];
  for (const games of sizes) {
    console.log(`\n== ${games.toLocaleString("en")} active games ==`);
    let result: MemoryRunResult;
    try {
      result = await memoryRun({
        games,
        realGames: Math.min(real, games),
        guilds: Math.min(guilds, games),
        usersPerGuild: 8,
        touch,
        clicksPerGame,
        concurrency,
        mix,
        seed,
        rssCapMiB,
        settleSeconds,
        unplanned,
        log: (line) => console.log(line),
      });
    } catch (err) {
      console.log(`  FAILED: ${(err as Error).message.split("\n")[0]}`);
      failed.push({ games, why: (err as Error).message });
      continue;
    }
    results.push(result);
    console.log(
      `  click → ack ${fmtStats(result.clickMs)} ms (med/p95/max, ${result.clickMs.count} clicks), click → answer complete ${fmtStats(result.answerMs)} ms, click → table ${fmtStats(result.tableMs)} ms${result.tablesMissing ? ` (${result.tablesMissing} moves never on a table)` : ""}; unanswered ${result.unanswered}; 429s ${result.rateLimited}; stall max ${fmt(result.loop.maxMs)} ms while clicking, ${fmt(result.loopFromSpawn.maxMs)} ms from spawn on`,
    );
    console.log(`  click mix: ${shareLine(result.mix)}`);
    printProblems(
      [
        ...result.errors,
        ...result.violations,
        ...result.botErrorLines,
        ...warningProblems(result.botWarnings),
      ],
      5,
    );
    if (result.longStalls.length > 0)
      console.log(
        `  seconds with a stall over 50 ms (ms after spawn: stall): ${result.longStalls.map((s) => `${s.atMs}: ${fmt(s.maxMs)}`).join(", ")}`,
      );
    if (result.aborted) console.log(`  ABORTED: ${result.aborted}`);
  }
  console.log(
    `\n${"games".padStart(8)} ${"seed s".padStart(6)} ${"DB MiB".padStart(7)} ${"ready".padStart(8)} ${"RSS ready".padStart(9)} ${"touched".padStart(7)} ${"settled".padStart(7)} ${"peak".padStart(5)} ${"HWM".padStart(5)} ${"planned".padStart(8)} ${"ack med/p95/max".padStart(15)} ${"stall".padStart(5)} ${"unans".padStart(5)}`,
  );
  for (const r of results) {
    console.log(
      `${String(r.games).padStart(8)} ${fmt(r.seedSeconds + r.tablesSeconds + r.cloneSeconds, 0).padStart(6)} ${fmt(r.databaseMiB).padStart(7)} ${`${r.startupMs} ms`.padStart(8)} ${fmt(r.rssReadyMiB).padStart(9)} ${fmt(r.rssAfterTouchMiB).padStart(7)} ${fmt(r.rssSettledMiB).padStart(7)} ${fmt(r.rssPeakMiB).padStart(5)} ${fmt(r.rssHwmMiB).padStart(5)} ${(r.plannedMs === null ? "–" : `${fmt(r.plannedMs / 1000)} s`).padStart(8)} ${fmtStats(r.clickMs).padStart(15)} ${fmt(r.loopFromSpawn.maxMs).padStart(5)} ${String(r.unanswered).padStart(5)}`,
    );
  }
  const verdicts = results.flatMap((r) => {
    const target = targetsFor(r.games);
    if (!target) return [];
    const at = `at ${r.games.toLocaleString("en")} games`;
    // The high-water mark counts too: no sampling interval can miss it.
    const rss = Math.max(r.rssPeakMiB, r.rssHwmMiB);
    return [
      {
        name: `RSS peak ${at}`,
        value: `${fmt(rss)} MiB`,
        target: `≤ ${target.rssMiB} MiB`,
        ok: rss <= target.rssMiB,
      },
      ...(target.readyMs === undefined
        ? []
        : [
            {
              name: `ready ${at}`,
              value: `${r.startupMs} ms`,
              target: `≤ ${target.readyMs} ms`,
              ok: r.startupMs <= target.readyMs,
            },
          ]),
      ...(target.clickP95Ms === undefined
        ? []
        : [
            {
              name: `click p95 ${at}`,
              value: `${fmt(r.clickMs.p95)} ms`,
              target: `≤ ${target.clickP95Ms} ms`,
              ok: r.clickMs.p95 <= target.clickP95Ms,
            },
          ]),
      ...(target.stallMs === undefined
        ? []
        : [
            {
              name: `loop stall ${at}`,
              value: `${fmt(r.loopFromSpawn.maxMs)} ms`,
              target: `≤ ${target.stallMs} ms`,
              ok: r.loopFromSpawn.maxMs <= target.stallMs,
            },
          ]),
    ];
  });
  if (verdicts.length > 0) console.log("\nTargets:");
  for (const v of verdicts) console.log(verdictLine("", v, 32));
  for (const f of failed)
    console.log(`  ${f.games.toLocaleString("en")} games: FAILED (${f.why.split("\n")[0]})`);
  const file = writeResults("memory", {
    bench: "memory",
    machine: machine(),
    mix,
    seed,
    touch,
    targets: MEMORY_TARGETS,
    runs: results,
    failed,
    verdicts,
  });
  console.log(`\n${resultsLine(file)}`);
  return failed.length > 0 || results.some((r) => r.aborted) ? 1 : 0;
}
