import { GAMES } from "../src/games/index.js";

/**
 * How strong the robots are: seeded all-robot games per game and player count, and robots against the
 * random-legal yardstick. Prints win rates with 95% intervals, The Game's cards left beside the
 * published figures, One versus Two's boss scores, and the slowest single decision.
 *
 * Usage: npm run ai -- [--n 2000] [--game thegame] [--players 2] [--seed 1]
 * (without --n: 2,000 games per row, solo The Game 10,000)
 */

import type { GameOptions, PlayerId } from "../src/engine/core/game.js";
import { type AnyRobot, randomLegalRobot, timeBudget } from "../src/engine/core/robot.js";
import type { Winnable } from "../src/engine/core/winnable.js";
import { type ArenaGame, playRobotGame } from "../src/engine/robots/arena.js";
import type { FourKingsState } from "../src/games/fourkings/engine/types.js";
import type { OnevstwoState } from "../src/games/onevstwo/engine/types.js";
import {
  CHECK_MS as STAPELEN_CHECK_MS,
  CHECK_NODES as STAPELEN_CHECK_NODES,
  winnable as stapelenWinnable,
} from "../src/games/stapelen/engine/solver.js";
import type { StapelenPublicView } from "../src/games/stapelen/engine/types.js";
import { troubadourBaselineRobot as troubadourToday } from "../src/games/troubadour/engine/robot.js";
import {
  CHECK_MS as TWELVES_CHECK_MS,
  CHECK_NODES as TWELVES_CHECK_NODES,
  winnable as twelvesWinnable,
} from "../src/games/twelves/engine/solver.js";
import type { TwelvesPublicView } from "../src/games/twelves/engine/types.js";
import { onevstwoToday } from "./ai/onevstwoToday.js";

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const N = Number(flag("n", "2000"));
/** Solo The Game is measured over 10,000 games unless --n says otherwise (the issue's target size). */
const THEGAME_SOLO_N = Number(flag("n", "10000"));
const ONLY_GAME = flag("game", "");
const ONLY_PLAYERS = Number(flag("players", "0"));
const FIRST_SEED = Number(flag("seed", "1"));

/** Wilson's 95% interval for `wins` of `n`, in percent. */
function interval(wins: number, n: number): string {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return `${(100 * p).toFixed(1)}% [${Math.max(0, 100 * (centre - half)).toFixed(1)}–${Math.min(100, 100 * (centre + half)).toFixed(1)}]`;
}

interface Row {
  game: string;
  players: number;
  setting: string;
  games: number;
  figures: string;
  slowestMs: number;
  unfinished: number;
}

const rows: Row[] = [];

/** Prints a row as soon as it is measured (a full run takes a while). */
function report(row: Row): void {
  rows.push(row);
  console.log(
    `${row.game.padEnd(10)} ${String(row.players)}p  ${row.setting.padEnd(24)} n=${row.games}  ${row.figures}  · slowest decision ${row.slowestMs.toFixed(0)} ms${row.unfinished ? ` · ${row.unfinished} unfinished` : ""}`,
  );
}

/** Plays `N` seeded games with the given seats; `measure` reads each finished game. */
function run(
  game: string,
  seatsFor: (i: number) => AnyRobot[],
  measure: (played: ArenaGame, i: number) => void,
  options: GameOptions = {},
  games = N,
): { slowestMs: number; unfinished: number } {
  const engine = GAMES.engines()[game];
  if (!engine) throw new Error(`no game ${game}`);
  let slowestMs = 0;
  let unfinished = 0;
  for (let i = 0; i < games; i++) {
    const played = playRobotGame(engine, seatsFor(i), options, FIRST_SEED + i, { maxMoves: 50_000 });
    slowestMs = Math.max(slowestMs, played.slowestMs);
    if (played.outcome === null) unfinished++;
    measure(played, i);
  }
  return { slowestMs, unfinished };
}

const wanted = (game: string, players: number) =>
  (!ONLY_GAME || ONLY_GAME === game) && (!ONLY_PLAYERS || ONLY_PLAYERS === players);

const robot = (game: string): AnyRobot => {
  const b = GAMES.robots().get(game);
  if (!b) throw new Error(`no robot for ${game}`);
  return b;
};

const won = (played: ArenaGame, seat: PlayerId) => played.outcome?.results[seat]?.result === "win";

/** Cooperative games: every seat a robot; a win is everyone's. */
function cooperative(
  game: string,
  players: number,
  extra?: (played: ArenaGame) => string,
  options: GameOptions = {},
) {
  if (!wanted(game, players)) return;
  let wins = 0;
  const notes: string[] = [];
  const timing = run(
    game,
    () => Array.from({ length: players }, () => robot(game)),
    (played) => {
      if (won(played, "bot:1")) wins++;
      if (extra) notes.push(extra(played));
    },
    options,
  );
  const setting = Object.keys(options).length === 0 ? "all robots" : `all robots, ${JSON.stringify(options)}`;
  report({ game, players, setting, games: N, figures: `won ${interval(wins, N)}`, ...timing });
  return notes;
}

const PUBLISHED_CARDS_LEFT = [22.0, 13.8, 17.9, 13.2, 11.2];
const PUBLISHED_BEST_WIN = [12, 19, 8, 11, 12];

for (let players = 1; players <= 5; players++) {
  if (!wanted("thegame", players)) continue;
  const games = players === 1 ? THEGAME_SOLO_N : N;
  let cardsLeft = 0;
  let wins = 0;
  const timing = run(
    "thegame",
    () => Array.from({ length: players }, () => robot("thegame")),
    (played) => {
      const score = played.outcome?.score ?? 98;
      cardsLeft += score;
      if (score === 0) wins++;
    },
    {},
    games,
  );
  const mean = cardsLeft / games;
  const published = PUBLISHED_CARDS_LEFT[players - 1] as number;
  report({
    game: "thegame",
    players,
    setting: "all robots",
    games,
    figures:
      `cards left ${mean.toFixed(2)} (simplest strategy ${published}: ${(100 * (1 - mean / published)).toFixed(0)}% fewer), ` +
      `won ${interval(wins, games)} (best published ~${PUBLISHED_BEST_WIN[players - 1]}%)`,
    ...timing,
  });
}

cooperative("twelves", 2);
cooperative("stapelen", 2);

/**
 * The winnable check behind Twelves' and Stacking's hints, on every position of robot games and of
 * random-legal games (which get lost, so "lost" answers are measured too): p95 time beside the
 * 50 ms limit, and how often it is not sure. Its own default size: a few minutes in all.
 */
const WINNABLE_N = process.argv.includes("--n") ? N : 200;
function winnableCheck(game: string, check: (view: unknown) => Winnable) {
  if (!wanted(game, 2)) return;
  for (const [setting, seat] of [
    ["winnable check, robot games", robot(game)],
    ["winnable check, random games", randomLegalRobot],
  ] as const) {
    const times: number[] = [];
    const verdicts = { winnable: 0, lost: 0, unsure: 0 };
    const recording: AnyRobot = {
      choose(turn) {
        const started = performance.now();
        verdicts[check(turn.view)]++;
        times.push(performance.now() - started);
        return seat.choose(turn);
      },
    };
    const engine = GAMES.engines()[game];
    if (!engine) throw new Error(`no game ${game}`);
    for (let i = 0; i < WINNABLE_N; i++)
      playRobotGame(engine, [recording, recording], {}, FIRST_SEED + i, { maxMoves: 50_000 });
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(0.95 * (times.length - 1))] ?? 0;
    report({
      game,
      players: 2,
      setting,
      games: WINNABLE_N,
      figures:
        `${times.length} checks: p95 ${p95.toFixed(1)} ms (limit 50 ms), slowest ${(times.at(-1) ?? 0).toFixed(0)} ms; ` +
        `not sure ${interval(verdicts.unsure, times.length)}, lost ${interval(verdicts.lost, times.length)}`,
      slowestMs: times.at(-1) ?? 0,
      unfinished: 0,
    });
  }
}
const checkBudget = (nodes: number, ms: number) => ({ nodes, hasTime: timeBudget(ms) });
winnableCheck("twelves", (view) =>
  twelvesWinnable(view as TwelvesPublicView, checkBudget(TWELVES_CHECK_NODES, TWELVES_CHECK_MS)),
);
winnableCheck("stapelen", (view) =>
  stapelenWinnable(view as StapelenPublicView, checkBudget(STAPELEN_CHECK_NODES, STAPELEN_CHECK_MS)),
);
{
  let superWins = 0;
  const notes = cooperative("sirtommy", 2, (played) => {
    const scores = Object.values(played.outcome?.results ?? {}).map((r) => r.score ?? 0);
    return played.outcome?.results["bot:1"]?.result === "win" && Math.max(...scores) >= 30 ? "super" : "";
  });
  if (notes) {
    superWins = notes.filter((n) => n === "super").length;
    const row = rows[rows.length - 1] as Row;
    console.log(`sirtommy   2p  a super-winner in ${interval(superWins, N)} of games`);
    row.figures += `, a super-winner in ${interval(superWins, N)}`;
  }
}

/** The issue asks for 1,000 two-player duels against today's robot; --n overrides. */
const TROUBADOUR_DUELS = process.argv.includes("--n") ? N : 1000;
if (wanted("troubadour", 2)) {
  let wins = 0;
  let draws = 0;
  let unfinished = 0;
  let slowestMs = 0;
  const engine = GAMES.engines().troubadour;
  if (!engine) throw new Error("no game troubadour");
  for (let i = 0; i < TROUBADOUR_DUELS; i++) {
    // Seats alternate: the robot sits first in even games, second in odd ones.
    const seat = i % 2;
    const seats =
      seat === 0 ? [robot("troubadour"), troubadourToday] : [troubadourToday, robot("troubadour")];
    const played = playRobotGame(engine, seats, {}, FIRST_SEED + i, { maxMoves: 50_000 });
    slowestMs = Math.max(slowestMs, played.slowestMs);
    if (played.outcome === null) unfinished++;
    const result = played.outcome?.results[`bot:${seat + 1}`]?.result;
    if (result === "win") wins++;
    if (result === "draw") draws++;
  }
  report({
    game: "troubadour",
    players: 2,
    setting: "robot vs today's robot",
    games: TROUBADOUR_DUELS,
    figures: `robot won ${interval(wins, TROUBADOUR_DUELS)} (today's robot against itself: 50%), ${draws} drawn`,
    slowestMs,
    unfinished,
  });
}

/** Competitive: one robot against random-legal players, the robot's seat going round. */
for (const players of [2, 3, 4]) {
  if (!wanted("troubadour", players)) continue;
  let wins = 0;
  const timing = run(
    "troubadour",
    (i) =>
      Array.from({ length: players }, (_, s) => (s === i % players ? robot("troubadour") : randomLegalRobot)),
    (played, i) => {
      if (won(played, `bot:${(i % players) + 1}`)) wins++;
    },
  );
  report({
    game: "troubadour",
    players,
    setting: "1 robot vs random-legal",
    games: N,
    figures: `robot won ${interval(wins, N)}`,
    ...timing,
  });
}
/** Searching robots guard and attack each other for ~26 rounds a game: 100 games unless --n says. */
const TROUBADOUR_SELF_PLAY = process.argv.includes("--n") ? N : 100;
if (wanted("troubadour", 2)) {
  let rounds = 0;
  let slowestMs = 0;
  let unfinished = 0;
  const engine = GAMES.engines().troubadour;
  if (!engine) throw new Error("no game troubadour");
  for (let i = 0; i < TROUBADOUR_SELF_PLAY; i++) {
    const played = playRobotGame(engine, [robot("troubadour"), robot("troubadour")], {}, FIRST_SEED + i, {
      maxMoves: 50_000,
    });
    slowestMs = Math.max(slowestMs, played.slowestMs);
    if (played.outcome === null) unfinished++;
    rounds += played.outcome?.score ?? 0;
  }
  report({
    game: "troubadour",
    players: 2,
    setting: "robot vs robot",
    games: TROUBADOUR_SELF_PLAY,
    figures: `rounds per game ${(rounds / TROUBADOUR_SELF_PLAY).toFixed(1)}`,
    slowestMs,
    unfinished,
  });
}

/** One versus Two: average boss score per game, split by who was boss. */
function bossScores(
  played: ArenaGame,
  isRobot: (seat: PlayerId) => boolean,
  into: { robot: number[]; random: number[] },
) {
  for (const line of (played.state as OnevstwoState).sheet)
    (isRobot(line.boss) ? into.robot : into.random).push(line.score);
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

if (wanted("onevstwo", 4)) {
  let wins = 0;
  const scores = { robot: [] as number[], random: [] as number[] };
  const timing = run(
    "onevstwo",
    (i) => [0, 1, 2, 3].map((s) => (s % 2 === i % 2 ? robot("onevstwo") : randomLegalRobot)),
    (played, i) => {
      const robotSeat = `bot:${(i % 2) + 1}`;
      if (won(played, robotSeat)) wins++;
      bossScores(played, (seat) => (Number(seat.slice(4)) - 1) % 2 === i % 2, scores);
    },
  );
  report({
    game: "onevstwo",
    players: 4,
    setting: "robot pair vs random pair",
    games: N,
    figures: `robot pair won ${interval(wins, N)} of matches; boss score per game: robot ${mean(scores.robot).toFixed(0)}, random ${mean(scores.random).toFixed(0)}`,
    ...timing,
  });
}
if (wanted("onevstwo", 3)) {
  for (const robots of [1, 2]) {
    let wins = 0;
    const scores = { robot: [] as number[], random: [] as number[] };
    const timing = run(
      "onevstwo",
      (i) => [0, 1, 2].map((s) => ((s - i + 3) % 3 < robots ? robot("onevstwo") : randomLegalRobot)),
      (played, i) => {
        const isRobot = (seat: PlayerId) => (Number(seat.slice(4)) - 1 - i + 3) % 3 < robots;
        if (played.players.some((seat) => isRobot(seat) && won(played, seat))) wins++;
        bossScores(played, isRobot, scores);
      },
    );
    report({
      game: "onevstwo",
      players: 3,
      setting: `${robots} robot(s) vs ${3 - robots} random`,
      games: N,
      figures: `a robot won ${interval(wins, N)} of matches; boss score per game: robot ${mean(scores.robot).toFixed(0)}, random ${mean(scores.random).toFixed(0)}`,
      ...timing,
    });
  }
}

/** Mean of `xs` with its 95% interval (normal approximation: 1.96 standard errors). */
function meanInterval(xs: readonly number[]): string {
  const m = mean([...xs]);
  const se = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1) / xs.length);
  return `${m.toFixed(1)} [${(m - 1.96 * se).toFixed(1)}–${(m + 1.96 * se).toFixed(1)}]`;
}

/**
 * One versus Two's contracts against today's robot: the same matches twice, one seat (going round) the
 * robot in one run and today's robot in the other, the other seats today's robot; the boss scores of that
 * seat compared game by game (same deal, same hands), 3 players, full matches.
 */
if (wanted("onevstwo", 3)) {
  const ours: number[] = [];
  const today: number[] = [];
  let slowestMs = 0;
  const engine = GAMES.engines().onevstwo;
  if (!engine) throw new Error("no game onevstwo");
  for (let i = 0; i < N; i++) {
    const seat = i % 3;
    for (const [boss, into] of [
      [robot("onevstwo"), ours],
      [onevstwoToday as AnyRobot, today],
    ] as const) {
      const seats = [0, 1, 2].map((s) => (s === seat ? boss : (onevstwoToday as AnyRobot)));
      const played = playRobotGame(engine, seats, {}, FIRST_SEED + i, { maxMoves: 50_000 });
      slowestMs = Math.max(slowestMs, played.slowestMs);
      for (const line of (played.state as OnevstwoState).sheet)
        if (line.boss === `bot:${seat + 1}`) into.push(line.score);
    }
  }
  const differences = ours.map((score, k) => score - (today[k] as number));
  report({
    game: "onevstwo",
    players: 3,
    setting: "boss: robot vs today's robot",
    games: ours.length,
    figures: `boss score per game: robot ${meanInterval(ours)}, today's robot ${meanInterval(today)}; difference on the same deals ${meanInterval(differences)}`,
    slowestMs,
    unfinished: 0,
  });
}

/**
 * Four Kings: the hint player (the robot gives hints only) over seeded games, beside the rulebook's
 * figures and today's robot before it remembered (issue 25: 0.2% without peek, 82% with, 500 games).
 * The memory holds all that `peek` shows, so the peek variant plays the same games the same way
 * (test/games/fourkings/robot.test.ts checks it) and is not measured apart. Its own default n: 2,000.
 */
if (wanted("fourkings", 1)) {
  const games = Number(flag("n", "2000"));
  const engine = GAMES.engines().fourkings;
  if (!engine) throw new Error("no game fourkings");
  let wins = 0;
  let slowestMs = 0;
  let unfinished = 0;
  let turns = 0;
  const lostInRound = [0, 0, 0];
  for (let i = 0; i < games; i++) {
    const played = playRobotGame(engine, [robot("fourkings")], {}, FIRST_SEED + i, { maxMoves: 50_000 });
    const state = played.state as FourKingsState;
    slowestMs = Math.max(slowestMs, played.slowestMs);
    if (played.outcome === null) unfinished++;
    if (won(played, "bot:1")) wins++;
    else lostInRound[state.round - 1] = (lostInRound[state.round - 1] ?? 0) + 1;
    turns += state.turn;
  }
  report({
    game: "fourkings",
    players: 1,
    setting: "hints, no peek",
    games,
    figures:
      `won ${interval(wins, games)} (rulebook: beginner ~50%, advanced >75%; peek variant: the same; ` +
      `today's robot 0.2% without peek, 82% with; lost in rounds I/II/III ${lostInRound.join("/")}, ` +
      `${(turns / games).toFixed(0)} turns a game)`,
    slowestMs,
    unfinished,
  });
}
