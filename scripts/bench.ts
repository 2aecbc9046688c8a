import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRng, nextInt } from "../src/engine/core/rng.js";
import { minimumReachable } from "../src/games/thegame/engine/index.js";
import { paint } from "../src/render/jobs.js";
import { Store } from "../src/store/store.js";
import { ENGINE_ENTRIES, GAME_UIS, GAMES, uiOf } from "./bench/games.js";
import { randomLegalMove } from "./bench/players.js";
import { machineLine } from "./bench/report.js";
import { sampleStates } from "./bench/samples.js";
import { stats } from "./bench/stats.js";
import { startPostgres } from "./throwAwayPostgres.js";

/**
 * `npm run bench`: render times, engine speed, SQLite commit latency and memory per game.
 * Figures are medians and 95th percentiles over many runs on this machine, not pass/fail tests.
 */
export interface Figure {
  name: string;
  medianMs: number;
  p95Ms: number;
}

export function summarise(name: string, samples: number[]): Figure {
  const { median, p95 } = stats(samples);
  return { name, medianMs: median, p95Ms: p95 };
}

function printFigure(f: Figure, target?: number): void {
  const verdict =
    target === undefined
      ? ""
      : f.p95Ms <= target
        ? `  (target p95 ≤ ${target} ms: met)`
        : `  (target p95 ≤ ${target} ms: MISSED)`;
  console.log(
    `${f.name.padEnd(44)} median ${f.medianMs.toFixed(3).padStart(8)} ms   p95 ${f.p95Ms.toFixed(3).padStart(8)} ms${verdict}`,
  );
}

function benchRender(): { figure: Figure; target?: number }[] {
  const figures: { figure: Figure; target?: number }[] = [];
  for (const ui of GAME_UIS) {
    const samples = sampleStates(ui.engine, 40);
    const names = (players: string[]) => Object.fromEntries(players.map((p, i) => [p, `Player ${i + 1}`]));
    paint(ui.tablePicture(ui.engine.publicView(samples[0]!.state), names(samples[0]!.players), "en"));
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { state, players } = samples[i % samples.length]!;
      const t0 = performance.now();
      paint(ui.tablePicture(ui.engine.publicView(state), names(players), "en"));
      times.push(performance.now() - t0);
    }
    figures.push({ figure: summarise(`${ui.gameType}: public table render`, times), target: 30 });
  }
  return figures;
}

/**
 * Random legal games of every engine, counting applied moves per second. The time includes
 * finding the legal moves (the engine's `legalMoves`), as a robot would.
 */
function engineThroughput(): void {
  for (const [gameType, engine] of ENGINE_ENTRIES) {
    const rng = createRng(7);
    let moves = 0;
    const started = performance.now();
    for (let g = 0; g < 200 && performance.now() - started < 3000; g++) {
      const n = engine.minPlayers + (g % (engine.maxPlayers - engine.minPlayers + 1));
      const players = Array.from({ length: n }, (_, i) => `p${i}`);
      const options = Object.fromEntries(engine.options.map((o) => [o.name, g % 2 === 0]));
      let state = engine.setup(players, options, g);
      while (!engine.outcome(state)) {
        const actors = engine.actors(state);
        const actor = actors[nextInt(rng, actors.length)]!;
        const r = engine.apply(state, actor, randomLegalMove(engine, state, actor, rng));
        if (!r.ok) throw new Error(`${gameType}: a legal move was refused (${r.error.key})`);
        state = r.state;
        moves++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${`${gameType} engine: random legal moves`.padEnd(44)} ${Math.round(moves / seconds).toLocaleString("en")} moves/s (${moves} moves)`,
    );
  }
}

/** The Game's stuck check (a search over card orders) on full 8-card hands, as `legalMoves` runs it. */
function stuckCheck(): void {
  const hands = [
    [10, 20, 30, 40, 50, 60, 70, 80],
    [11, 22, 33, 44, 55, 66, 77, 88],
    [51, 52, 53, 54, 55, 56, 57, 49],
  ];
  const samples: number[] = [];
  for (let i = 0; i < 200; i++) {
    for (const hand of hands) {
      for (const tops of [
        [1, 1, 100, 100],
        [45, 85, 30, 60],
        [50, 98, 3, 2],
      ]) {
        const t0 = performance.now();
        minimumReachable(hand, tops, 8);
        samples.push(performance.now() - t0);
      }
    }
  }
  printFigure(summarise("thegame: stuck check, full 8-card hand", samples));
}

/**
 * One move = one transaction: on SQLite (WAL, synchronous=NORMAL) in a file, or on PostgreSQL (a
 * throw-away local server with a real one's durability, the bot's session not waiting for its disk).
 */
async function storeCommits(database: "sqlite" | "postgres", location: string): Promise<void> {
  const store = await Store.open(location, GAMES.engines());
  const engine = uiOf("thegame").engine;
  const rng = createRng(11);
  const samples: number[] = [];
  const started = performance.now();
  for (let g = 0; g < 40; g++) {
    const lobby = await store.games.createLobby({
      guildId: "g",
      channelId: `c${g}`,
      gameType: "thegame",
      options: { expert: false, smallerHands: false },
      seed: g,
      host: { userId: "a", displayName: "A" },
    });
    if (!lobby.ok) throw new Error("lobby");
    await store.seats.joinLobby(lobby.game.id, { userId: "b", displayName: "B" }, 5);
    const start = await store.play.startGame(lobby.game.id, "a", engine);
    if (!start.ok) throw new Error("start");
    let game = start.game;
    while (game.status === "active") {
      const actor = engine.actors(game.state)[0]!;
      const options = engine.legalMoves(game.state, actor);
      const t0 = performance.now();
      const r = await store.play.applyMove(
        game.id,
        actor,
        game.version,
        options[nextInt(rng, options.length)],
        engine,
      );
      samples.push(performance.now() - t0);
      if (!r.ok) throw new Error(`refused: ${r.reason}`);
      game = r.game;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  printFigure(
    summarise(`${database}: one move's commit (read+apply+write)`, samples),
    database === "sqlite" ? 1 : 5,
  );
  console.log(
    `${`${database}: move commits per second`.padEnd(44)} ${Math.round(samples.length / seconds).toLocaleString("en")} commits/s (${samples.length} moves)`,
  );
  await store.close();
}

/** Memory of a game's state as stored (JSON bytes) and as held in memory while handled. */
function memoryPerGame(): void {
  for (const [id, engine] of ENGINE_ENTRIES) {
    const players = Array.from(
      { length: Math.max(engine.minPlayers, Math.min(2, engine.maxPlayers)) },
      (_, i) => `10000000000000000${i}`,
    );
    const options = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
    const state = engine.setup(players, options, 1);
    console.log(
      `${`${id}: state size per active game`.padEnd(44)} ${(JSON.stringify(state).length / 1024).toFixed(1)} KiB as JSON`,
    );
  }
}

async function main(): Promise<void> {
  console.log(`${machineLine("Benchmarks")}\n`);
  for (const { figure, target } of benchRender()) printFigure(figure, target);
  engineThroughput();
  stuckCheck();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  await storeCommits("sqlite", path.join(dir, "bench.sqlite"));
  fs.rmSync(dir, { recursive: true, force: true });
  const postgres = await startPostgres({ durable: true });
  try {
    await storeCommits("postgres", postgres.url);
  } finally {
    await postgres.stop();
  }
  memoryPerGame();
}

/**
 * `npm run bench -- load|capacity|memory|soak|drill|pictures [flags]`: the end-to-end benches through
 * the emulator and the real bot process (scripts/load.ts, scripts/bench/capacity.ts, scripts/memory.ts, the operations drill in
 * scripts/bench/drill/), the picture audit (scripts/bench/pictures.ts); no argument: the quick bench above.
 */
async function dispatch(mode: string | undefined, args: string[]): Promise<number> {
  if (mode === "load") return (await import("./load.js")).runLoadBench(args);
  if (mode === "capacity") return (await import("./bench/capacity.js")).runCapacityBench(args);
  if (mode === "soak") return (await import("./load.js")).runSoakBench(args);
  if (mode === "memory") return (await import("./memory.js")).runMemoryBench(args);
  if (mode === "drill") return (await import("./bench/drill/cli.js")).runDrillBench(args);
  if (mode === "pictures") return (await import("./bench/pictures.js")).runPictureAudit(args);
  if (mode !== undefined)
    throw new Error(`unknown bench "${mode}": use load, capacity, memory, soak, drill, pictures or nothing`);
  await main();
  return 0;
}

dispatch(process.argv[2], process.argv.slice(3)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
