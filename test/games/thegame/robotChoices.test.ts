import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { GameOptions } from "../../../src/engine/core/game.js";
import type { AnyRobot, RobotTurn } from "../../../src/engine/core/robot.js";
import { playRobotGame } from "../../../src/engine/robots/arena.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import { theGameRobot } from "../../../src/games/thegame/engine/robot.js";
import type {
  TheGameMove,
  TheGamePrivateView,
  TheGameState,
} from "../../../src/games/thegame/engine/types.js";

/**
 * The robot's choices pinned on seeded states: a change meant to keep its play (a refactoring of
 * its search, say) must keep every one. Each decision is asked three ways: with all the time it
 * wants, with no time (the hurried search), and with a clock that says yes, no, yes… (a "no" must
 * be kept). Seeded games never search long, so a few hand-made turns that reach the searches' limits
 * on positions are played through as well; how often the clock was asked pins how far each search
 * went. Recorded from the code; after a change meant to alter the play, record again with
 * RECORD_ROBOT_CHOICES=1 and say why in the commit.
 */
const RECORDED = new URL("./robotChoices.json", import.meta.url);

interface SeededGame {
  players: number;
  options: GameOptions;
  seed: number;
}

/** The seeded games: every player count, with and without the variants. */
const GAMES: SeededGame[] = [1, 2, 3, 4, 5].flatMap((players): SeededGame[] => [
  { players, options: {}, seed: players * 31 },
  { players, options: { expert: true, smallerHands: true }, seed: players * 31 + 1 },
]);

/** Hands of many cards ten apart on a table that takes them all: their searches hit the node limit. */
const BIG_TURNS: { hand: number[]; tops: [number, number, number, number] }[] = [
  { hand: [30, 40, 50, 60, 35, 45, 55, 65], tops: [25, 20, 70, 75] },
  { hand: [20, 30, 40, 50, 60, 70, 80, 25], tops: [10, 15, 90, 85] },
  { hand: [52, 62, 54, 64, 56, 66, 58, 68], tops: [50, 51, 70, 71] },
];

/**
 * Ann's turn at a table of `players` where only her hand and the draw pile (2 and 99) are still
 * out: every other card lies under the first pile's top, so the card tracker shows it played.
 */
function bigTurn(hand: number[], tops: [number, number, number, number], players: number): TheGameState {
  const drawPile = [2, 99];
  const gone: number[] = [];
  for (let card = 2; card <= 99; card++) {
    if (!hand.includes(card) && !tops.includes(card) && !drawPile.includes(card)) gone.push(card);
  }
  const pile = (top: number) => (top === 1 || top === 100 ? [] : [top]);
  const others = Array.from({ length: players - 1 }, (_, i) => `other${i + 1}`);
  return {
    phase: "play",
    options: { expert: false, smallerHands: false },
    rng: { s: 1 },
    players: ["ann", ...others],
    hands: { ann: [...hand], ...Object.fromEntries(others.map((seat) => [seat, []])) },
    drawPile,
    piles: [[...gone, ...pile(tops[0])], pile(tops[1]), pile(tops[2]), pile(tops[3])],
    activeSeat: 0,
    playedThisTurn: 0,
    endReason: null,
    signals: [],
  };
}

/**
 * Ann's moves, given all the time she wants, until she ends her turn; then how often her searches
 * asked the clock (every 256 positions), which pins how far they searched.
 */
function turnOf(start: TheGameState): string {
  const moves: string[] = [];
  let asked = 0;
  let state = start;
  while (state.phase === "play" && moves.length < 20) {
    const choice = theGameRobot.choose({
      seat: "ann",
      view: theGame.privateView(state, "ann"),
      legal: theGame.legalMoves(state, "ann"),
      mustAct: true,
      random: () => 0,
      hasTime: () => ++asked > 0,
    });
    moves.push(written(choice?.move));
    if (choice?.move.type !== "play") break;
    const applied = theGame.apply(state, "ann", choice.move);
    if (!applied.ok) throw new Error(`the robot's play was refused: ${applied.error.key}`);
    state = applied.state;
  }
  return `${moves.join(" ")} (asked ${asked})`;
}

function written(move: TheGameMove | undefined): string {
  if (move === undefined) return "-";
  if (move.type === "play") return `${move.card}>${move.pile}`;
  if (move.type === "signal") return `${move.signal ?? "clear"}@${move.pile}`;
  return move.type;
}

/** A clock that says yes, no, yes, no… */
function flickering(): () => boolean {
  let asked = 0;
  return () => ++asked % 2 === 1;
}

/**
 * Every decision of one seeded all-robot game (the robots move as given all the time they want),
 * then how often the unhurried searches asked the clock.
 */
function decisions(players: number, options: GameOptions, seed: number): string {
  const lines: string[] = [];
  let asked = 0;
  const recording: AnyRobot = {
    choose(turn) {
      const robotTurn = turn as RobotTurn<TheGamePrivateView, TheGameMove>;
      const ask = (hasTime: () => boolean) => theGameRobot.choose({ ...robotTurn, hasTime });
      const unhurried = ask(() => ++asked > 0);
      lines.push(
        [unhurried, ask(() => false), ask(flickering())].map((choice) => written(choice?.move)).join("/"),
      );
      return unhurried;
    },
  };
  playRobotGame(
    theGame,
    Array.from({ length: players }, () => recording),
    options,
    seed,
  );
  return `${lines.join(" ")} (asked ${asked})`;
}

describe("The Game's robot", () => {
  it("makes the recorded choices on seeded states, with time, without and with a flickering clock", () => {
    const now: Record<string, string> = {};
    for (const { players, options, seed } of GAMES) {
      now[`${players}p ${JSON.stringify(options)} seed ${seed}`] = decisions(players, options, seed);
    }
    for (const { hand, tops } of BIG_TURNS) {
      for (const players of [1, 3])
        now[`${players}p hand ${hand} on ${tops}`] = turnOf(bigTurn(hand, tops, players));
    }
    if (process.env.RECORD_ROBOT_CHOICES) writeFileSync(RECORDED, `${JSON.stringify(now, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(RECORDED, "utf8")) as Record<string, string>;
    expect(Object.values(recorded).join(" ").split(" ").length).toBeGreaterThan(300);
    for (const [game, choices] of Object.entries(recorded)) expect(now[game], game).toBe(choices);
  });
});
