import type { ApplyResult } from "../../../src/engine/core/game.js";
import { robotRandom } from "../../../src/engine/core/robot.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import { theGameRobot } from "../../../src/games/thegame/engine/robot.js";
import type { TheGameMove, TheGameSignal, TheGameState } from "../../../src/games/thegame/engine/types.js";

export interface TableSpec {
  hands: Record<string, number[]>;
  /** Top of the draw pile is the last element. */
  drawPile?: number[];
  /** Cards on each pile, bottom first; pile 0 and 1 ascend, 2 and 3 descend. */
  piles?: number[][];
  activeSeat?: number;
  playedThisTurn?: number;
  expert?: boolean;
  smallerHands?: boolean;
  phase?: TheGameState["phase"];
  signals?: TheGameState["signals"];
}

/** A hand-built state in phase "play" (states are plain JSON, so rule examples are set up directly). */
export function table(spec: TableSpec): TheGameState {
  return {
    phase: spec.phase ?? "play",
    options: { expert: spec.expert ?? false, smallerHands: spec.smallerHands ?? false },
    rng: { s: 1 },
    players: Object.keys(spec.hands),
    hands: structuredClone(spec.hands),
    drawPile: [...(spec.drawPile ?? [])],
    piles: structuredClone(spec.piles ?? [[], [], [], []]),
    activeSeat: spec.activeSeat ?? 0,
    playedThisTurn: spec.playedThisTurn ?? 0,
    endReason: null,
    signals: structuredClone(spec.signals ?? []),
  };
}

/** Piles that accept nothing in 5..94 except via the trick: ups at 98/97, downs at 3/4. */
export const BLOCKED_PILES: number[][] = [[98], [97], [3], [4]];

/** A draw pile of `n` cards nobody looks at in these tests. */
export function drawPileOf(n: number): number[] {
  return Array.from({ length: n }, (_, i) => 2 + (i % 98));
}

/** Applies a move that must be legal; fails the test with the refusal key otherwise. */
export function must(state: TheGameState, player: string, move: TheGameMove): TheGameState {
  const result: ApplyResult<TheGameState> = theGame.apply(state, player, move);
  if (!result.ok) throw new Error(`move refused: ${result.error.key} ${JSON.stringify(result.error.params)}`);
  return result.state;
}

/** The refusal key and params of a move that must be illegal. */
export function refusal(state: TheGameState, player: string, move: unknown): { key: string; params: object } {
  const result = theGame.apply(state, player, move as TheGameMove);
  if (result.ok) throw new Error(`move accepted: ${JSON.stringify(move)}`);
  return { key: result.error.key, params: result.error.params };
}

export function playMove(card: number, pile: number): TheGameMove {
  return { type: "play", card, pile };
}

export const END_TURN: TheGameMove = { type: "endTurn" };
export const CLAIM: TheGameMove = { type: "claimStart" };

export function signalMove(pile: number, signal: TheGameSignal | null): TheGameMove {
  return { type: "signal", pile, signal };
}

/** Every signal move on every pile: the three words, then clearing. */
export const EVERY_SIGNAL: TheGameMove[] = [0, 1, 2, 3].flatMap((pile) =>
  (["hold", "playWell", "bigJump", null] as const).map((signal) => signalMove(pile, signal)),
);

/** The signal moves a player without signals is offered, pile by pile (after plays and End turn). */
export const FRESH_SIGNALS: TheGameMove[] = EVERY_SIGNAL.filter(
  (m) => m.type === "signal" && m.signal !== null,
);

/** legalMoves without the table signals: the plays and End turn. */
export function turnMoves(state: TheGameState, player: string): TheGameMove[] {
  return theGame.legalMoves(state, player).filter((m) => m.type !== "signal");
}

/** The robot's move for `seat` when its clock says "no time" at every ask, and how often it asked. */
export function moveWithoutTime(state: TheGameState, seat: string): { asked: number; move?: TheGameMove } {
  let asked = 0;
  const choice = theGameRobot.choose({
    seat,
    view: theGame.privateView(state, seat),
    legal: theGame.legalMoves(state, seat),
    mustAct: false,
    random: robotRandom(1),
    hasTime: () => {
      asked++;
      return false;
    },
  });
  return { asked, move: choice?.move };
}
