import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gameCustomId } from "../src/bot/customId.js";
import { createRng, nextInt } from "../src/engine/core/rng.js";
import { gameTitle, t, wordsFor } from "../src/i18n/index.js";
import { Store } from "../src/store/store.js";
import { flagsOrHelp, numberList, parseMix } from "./bench/cli.js";
import { Driver, newSlot, type Slot } from "./bench/driver.js";
import { GAMES, uiOf } from "./bench/games.js";
import { botWarnings, type LoopStats, loopStats, ProcMonitor } from "./bench/monitor.js";
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
  shutdown,
  sleep,
  startBot,
  trackBot,
  untrackBot,
} from "./bench/world.js";

/**
 * `npm run bench -- memory`: the bot started on a database of 1,000 and 10,000 active games.
 *
 * The games are made through the store (createLobby, joinLobby, startGame, then a few random legal
 * moves from the engine's `legalMoves` with `applyMove`), in one transaction, spread over 50 guilds
 * of the emulator, one channel per game. Each game gets the table message a running bot would have
 * posted (its text and buttons, without the picture: drawing 10,000 pictures would take minutes),
 * posted as the bot through the emulator's REST API and recorded with the store's `setMessage`, so
 * the bot starts as after a restart: nothing to repair, every table button live.
 *
 * Measured: start-up (spawn → gateway ready and commands registered), RSS idle, then 200 games are
 * touched through the emulator (a player opens their panel from the table button and clicks a few
 * legal moves, 10 games at a time) and RSS after that, with the clicks' acknowledgement latency.
 */

export const MEMORY_TARGETS = { rssMiB: 1024, clickP95Ms: 100, atGames: 10_000 };

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
  guilds: number;
  seedSeconds: number;
  tablesSeconds: number;
  databaseMiB: number;
  movesStored: number;
  startupMs: number;
  loggedInMs: number | null;
  rssIdleMiB: number;
  rssAfterTouchMiB: number;
  rssPeakMiB: number;
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
  mix: Record<string, number>;
  errors: string[];
  violations: string[];
  botErrorLines: string[];
  botWarnings: { count: number; first: string[] };
  aborted: string | null;
}

interface MemoryOptions {
  games: number;
  guilds: number;
  usersPerGuild: number;
  touch: number;
  clicksPerGame: number;
  concurrency: number;
  mix: string[];
  seed: number;
  log: (line: string) => void;
}

/** The games, made through the store in one transaction. */
function seedGames(
  store: Store,
  options: MemoryOptions,
  places: { guild: EmulatorGuild; channel: EmulatorChannel; users: EmulatorUser[] }[],
): { games: SeededGame[]; moves: number } {
  const rng = createRng(options.seed);
  const games: SeededGame[] = [];
  let moves = 0;
  store.db.transaction(() => {
    for (let i = 0; i < options.games; i++) {
      const place = places[i]!;
      const gameType = options.mix[i % options.mix.length]!;
      const engine = uiOf(gameType).engine;
      const seats = seatsFor(engine, gameType);
      const pool = [...place.users];
      const players = Array.from({ length: seats }, () => pool.splice(nextInt(rng, pool.length), 1)[0]!);
      const gameOptions = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
      if ("shortMatch" in gameOptions) gameOptions.shortMatch = true;
      const lobby = store.createLobby({
        guildId: place.guild.id,
        channelId: place.channel.id,
        gameType,
        options: gameOptions,
        seed: 1000 + i,
        host: { userId: players[0]!.id, displayName: players[0]!.username },
      });
      if (!lobby.ok) throw new Error(`game ${i}: the channel is busy`);
      for (const joiner of players.slice(1)) {
        const joined = store.joinLobby(
          lobby.game.id,
          { userId: joiner.id, displayName: joiner.username },
          engine.maxPlayers,
        );
        if (!joined.ok) throw new Error(`game ${i}: join refused (${joined.reason})`);
      }
      const started = store.startGame(lobby.game.id, players[0]!.id, engine);
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
        const applied = store.applyMove(game.id, actor, game.version, move, engine);
        if (!applied.ok) throw new Error(`game ${i}: a legal move was refused (${applied.reason})`);
        game = applied.game;
        moves++;
      }
      if (game.status !== "active") throw new Error(`game ${i} is ${game.status}`);
      games.push({ id: game.id, gameType, version: game.version, ...place, players });
    }
  })();
  return { games, moves };
}

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
      const record = store.getGame(game.id)!;
      const view = ui.engine.publicView(record.state);
      const names = Object.fromEntries(record.players.map((p) => [p.userId, p.displayName]));
      const waiting = ui.waitingFor ? ui.waitingFor(view) : ui.engine.actors(record.state);
      const buttons = [
        { action: "panel", label: t(`game.${ui.gameType}.panelButton`), style: 1 },
        ...ui
          .tableActions(view, wordsFor("en"))
          .map((a) => ({ action: a.action, label: a.label, style: Number(a.style) })),
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
  store.db.transaction(() => {
    for (const game of games)
      store.setMessage(game.id, "table", game.channel.id, messageIds.get(game.id)!, game.version);
  })();
  return messageIds;
}

async function memoryRun(options: MemoryOptions): Promise<MemoryRunResult> {
  const log = options.log;
  const emulator = new DiscordEmulator({ rateLimits: {} });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
  const databasePath = path.join(dir, "bot.sqlite");
  let bot: BotProcess | null = null;
  let observer: Observer | null = null;
  let monitor: ProcMonitor | null = null;
  let driver: Driver | null = null;
  try {
    await emulator.start();
    const guilds = Array.from({ length: options.guilds }, (_, g) => emulator.createGuild(`Club ${g + 1}`));
    const users = guilds.map((guild, g) =>
      Array.from({ length: options.usersPerGuild }, (_, u) =>
        emulator.createUser(`G${g + 1}U${u + 1}`, { guilds: [guild] }),
      ),
    );
    const places = Array.from({ length: options.games }, (_, i) => {
      const g = i % guilds.length;
      const guild = guilds[g]!;
      return { guild, channel: emulator.createChannel(guild, `table-${i + 1}`), users: users[g]! };
    });

    const t0 = Date.now();
    const store = new Store(databasePath, GAMES.engines());
    let seeded: { games: SeededGame[]; moves: number };
    let tablesSeconds = 0;
    let seedSeconds = 0;
    try {
      seeded = seedGames(store, options, places);
      seedSeconds = (Date.now() - t0) / 1000;
      log(`  ${seeded.games.length} games (${seeded.moves} moves) stored in ${fmt(seedSeconds, 1)} s`);
      const t1 = Date.now();
      // The bot posted these tables over the games' lifetimes, not in one burst.
      const messageIds = await emulator.withoutRateLimits(() =>
        postTables(emulator, store, seeded.games, 16),
      );
      tablesSeconds = (Date.now() - t1) / 1000;
      log(`  ${messageIds.size} table messages posted in ${fmt(tablesSeconds, 1)} s`);
      store.db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      store.close();
    }
    const databaseMiB = fs.statSync(databasePath).size / 2 ** 20;

    // Reminders as configured by default: nothing is due for games made just now.
    const started = await startBot(emulator, {
      guildId: guilds[0]!.id,
      databasePath,
      env: { REMINDER_HOURS: undefined },
      readyTimeoutMs: 180_000,
    });
    bot = started.bot;
    trackBot(bot);
    log(`  bot ready (session + commands) ${started.readyMs} ms after spawn`);
    monitor = new ProcMonitor(bot);
    monitor.start(500);
    await sleep(5000);
    const idle = monitor.sample();
    log(`  RSS idle: ${fmt(idle?.rssMiB ?? Number.NaN, 1)} MiB`);

    const live = bot;
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
      while (nextSlot < slots.length && !driver!.aborted) {
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
    while (observer.pendingTables > 0 && Date.now() < settleUntil) await sleep(50);
    await sleep(3000);
    observer.tick();
    const after = monitor.sample();
    const ack = driver.clicks.ackFigures(touchStart);
    log(
      `  touched ${touched.length} games with ${driver.dispatched} interactions in ${fmt((touchEnd - touchStart) / 1000, 1)} s; RSS after: ${fmt(after?.rssMiB ?? Number.NaN, 1)} MiB`,
    );
    return {
      games: options.games,
      guilds: options.guilds,
      seedSeconds,
      tablesSeconds,
      databaseMiB,
      movesStored: seeded.moves,
      startupMs: started.readyMs,
      loggedInMs: started.loggedInMs,
      rssIdleMiB: idle?.rssMiB ?? Number.NaN,
      rssAfterTouchMiB: after?.rssMiB ?? Number.NaN,
      rssPeakMiB: after?.hwmMiB ?? monitor.peakRss(0),
      touched: touched.length,
      interactions: driver.dispatched,
      clickMs: ack.acks,
      answerMs: ack.answers,
      tableMs: stats(observer.tableLatencies),
      tablesMissing: observer.tablesMissing + observer.pendingTables,
      unanswered: ack.unanswered,
      rateLimited: emulator.rateLimits.limited,
      loop: loopStats(bot, lineFrom, touchStart),
      mix: { ...driver.clicks.mix },
      errors: driver.errors,
      violations: [...observer.violations, ...observer.unknownRoutes.map((r) => `unknown route ${r}`)],
      botErrorLines: bot
        .errorLines()
        .map((line) => line.text)
        .slice(0, 20),
      botWarnings: botWarnings(bot),
      aborted: driver.aborted,
    };
  } finally {
    observer?.stop();
    monitor?.stop();
    driver?.close();
    await shutdown(bot, emulator);
    if (bot) untrackBot(bot);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const HELP = `npm run bench -- memory [--games 1000,10000] [--touch 200] [--guilds 50] [--clicks 3] [--concurrency 10] [--mix …] [--seed 1]
  The bot started on a database of that many active games; start-up, RSS idle, RSS after touching --touch games.`;

export async function runMemoryBench(args: readonly string[]): Promise<number> {
  const flags = flagsOrHelp(args, HELP);
  if (!flags) return 0;
  const sizes = numberList(flags.get("games"), [1000, 10_000]);
  const touch = numberList(flags.get("touch"), [200])[0]!;
  const guilds = numberList(flags.get("guilds"), [50])[0]!;
  const clicksPerGame = numberList(flags.get("clicks"), [3])[0]!;
  const concurrency = numberList(flags.get("concurrency"), [10])[0]!;
  const mix = parseMix(flags.get("mix"));
  const seed = Number(flags.get("seed") ?? 1);
  killBotsOnSignal();
  console.log(machineLine("Memory bench"));
  console.log(`Games: ${mix.join(", ")}, over ${guilds} guilds, one channel each.`);
  const results: MemoryRunResult[] = [];
  for (const games of sizes) {
    console.log(`\n== ${games.toLocaleString("en")} active games ==`);
    const result = await memoryRun({
      games,
      guilds: Math.min(guilds, games),
      usersPerGuild: 8,
      touch,
      clicksPerGame,
      concurrency,
      mix,
      seed,
      log: (line) => console.log(line),
    });
    results.push(result);
    console.log(
      `  click → ack ${fmtStats(result.clickMs)} ms (med/p95/max, ${result.clickMs.count} clicks), click → answer complete ${fmtStats(result.answerMs)} ms, click → table ${fmtStats(result.tableMs)} ms${result.tablesMissing ? ` (${result.tablesMissing} moves never on a table)` : ""}; unanswered ${result.unanswered}; 429s ${result.rateLimited}; stall max ${fmt(result.loop.maxMs)} ms`,
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
    if (result.aborted) console.log(`  ABORTED: ${result.aborted}`);
  }
  console.log(
    `\n${"games".padStart(6)} ${"store s".padStart(7)} ${"DB MiB".padStart(6)} ${"start-up".padStart(9)} ${"RSS idle".padStart(9)} ${"RSS touched".padStart(11)} ${"peak".padStart(6)} ${"click med/p95/max ms".padStart(20)} ${"unans".padStart(5)}`,
  );
  for (const r of results) {
    console.log(
      `${String(r.games).padStart(6)} ${fmt(r.seedSeconds, 1).padStart(7)} ${fmt(r.databaseMiB, 1).padStart(6)} ${`${r.startupMs} ms`.padStart(9)} ${`${fmt(r.rssIdleMiB)} MiB`.padStart(9)} ${`${fmt(r.rssAfterTouchMiB)} MiB`.padStart(11)} ${fmt(r.rssPeakMiB).padStart(6)} ${fmtStats(r.clickMs).padStart(20)} ${String(r.unanswered).padStart(5)}`,
    );
  }
  const largest = results.reduce((a, b) => (b.games > a.games ? b : a));
  const verdicts = [
    {
      name: `RSS peak at ${largest.games.toLocaleString("en")} games`,
      value: `${fmt(largest.rssPeakMiB)} MiB`,
      target: `≤ ${MEMORY_TARGETS.rssMiB} MiB`,
      ok: largest.rssPeakMiB <= MEMORY_TARGETS.rssMiB,
    },
    {
      name: `click p95 at ${largest.games.toLocaleString("en")} games`,
      value: `${fmt(largest.clickMs.p95)} ms`,
      target: `≤ ${MEMORY_TARGETS.clickP95Ms} ms`,
      ok: largest.clickMs.p95 <= MEMORY_TARGETS.clickP95Ms,
    },
  ];
  console.log(`\nTargets (they apply at ${MEMORY_TARGETS.atGames.toLocaleString("en")} games):`);
  for (const v of verdicts) console.log(verdictLine("", v, 30));
  const file = writeResults("memory", {
    bench: "memory",
    machine: machine(),
    mix,
    seed,
    touch,
    targets: MEMORY_TARGETS,
    runs: results,
    verdicts,
  });
  console.log(`\n${resultsLine(file)}`);
  return results.some((r) => r.aborted) ? 1 : 0;
}
