import type { ApplyResult, PlayerId } from "../../../src/engine/core/game.js";
import { robotRandom } from "../../../src/engine/core/robot.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import { theGameRobot } from "../../../src/games/thegame/engine/robot.js";
import {
  PILE_DIRECTIONS,
  type TheGameMove,
  type TheGamePhase,
  type TheGamePrivateView,
  type TheGamePublicView,
  type TheGameSignal,
  type TheGameState,
} from "../../../src/games/thegame/engine/types.js";

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

/** A small seeded PRNG for building random views (tests only). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const NAME_POOL = [
  "Alice",
  "Bo",
  "Zoë Ångström-Núñez",
  "李小龍",
  "Владимир Красное Солнышко",
  "🃏 CardSharp 🃏",
  "Bartholomew the Extremely Long-Named Wanderer of the Northern Discord Realms",
  "x",
  "عبد الله",
  "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
  "a\u202Eevil\nname",
];

export interface BuiltGame {
  view: TheGamePublicView;
  hands: Record<PlayerId, number[]>;
  names: Record<string, string>;
}

export interface BuildSpec {
  players: number;
  phase: TheGamePhase;
  /** Cards played onto the piles. */
  played: number;
  expert?: boolean;
  smallerHands?: boolean;
  /** Seat of the active player (play phase). */
  activeSeat?: number;
  playedThisTurn?: number;
  /** Cards per hand to leave (defaults to a full hand while the draw pile lasts). */
  handCounts?: number[];
  names?: string[];
  /** Table signals: [seat, pile, signal]. */
  signals?: [number, number, TheGameSignal][];
}

/** Builds a consistent public view (and the hidden hands behind it) by hand, without the engine. */
export function buildGame(spec: BuildSpec, rand: () => number): BuiltGame {
  const deck = Array.from({ length: 98 }, (_, i) => i + 2);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const base = spec.players === 1 ? 8 : spec.players === 2 ? 7 : 6;
  const handSize = base - (spec.smallerHands ? 1 : 0);
  const playedCards = deck.slice(0, spec.played);
  const rest = deck.slice(spec.played);
  const piles: number[][] = [[], [], [], []];
  for (const c of playedCards) piles[Math.floor(rand() * 4)]!.push(c);
  for (const [i, p] of piles.entries()) p.sort((a, b) => (PILE_DIRECTIONS[i] === "up" ? a - b : b - a));
  const ids = Array.from({ length: spec.players }, (_, i) => `${100000000000000000 + i * 7919}`);
  const hands: Record<PlayerId, number[]> = {};
  ids.forEach((id, seat) => {
    const want = spec.handCounts?.[seat] ?? handSize;
    hands[id] = rest.splice(0, Math.min(want, rest.length)).sort((a, b) => a - b);
  });
  const drawPileCount = rest.length;
  const names: Record<string, string> = {};
  ids.forEach((id, seat) => {
    const name = spec.names?.[seat];
    if (name !== undefined) names[id] = name;
  });
  const active = spec.phase === "play" ? ids[spec.activeSeat ?? 0]! : null;
  const minimum = drawPileCount > 0 ? (spec.expert ? 3 : 2) : 1;
  const view: TheGamePublicView = {
    phase: spec.phase,
    options: { expert: spec.expert ?? false, smallerHands: spec.smallerHands ?? false },
    players: ids.map((id) => ({ id, handCount: hands[id]!.length })),
    active,
    piles: piles.map((p, i) => {
      const direction = PILE_DIRECTIONS[i]!;
      const top = p.at(-1) ?? (direction === "up" ? 1 : 100);
      const back = direction === "up" ? top - 10 : top + 10;
      return { direction, top, count: p.length, back: back >= 2 && back <= 99 ? back : null };
    }),
    drawPileCount,
    handSize,
    playedThisTurn: spec.phase === "play" ? (spec.playedThisTurn ?? 0) : 0,
    minimumThisTurn: minimum,
    playedCards: [...playedCards].sort((a, b) => a - b),
    cardsLeft: 98 - spec.played,
    endReason: spec.phase === "over" ? (spec.played === 98 ? "allPlayed" : "stuck") : null,
    finalHands: spec.phase === "over" ? structuredClone(hands) : null,
    signals: [0, 1, 2, 3].map((pile) =>
      (spec.phase === "play" ? (spec.signals ?? []) : [])
        .filter(([, p]) => p === pile)
        .sort(([a], [b]) => a - b)
        .map(([seat, , signal]) => ({ player: ids[seat]!, signal })),
    ),
  };
  return { view, hands, names };
}

/** The private view of `viewer`, with `playable` worked out from the pile rules (nothing strands). */
export function privateOf(game: BuiltGame, viewer: PlayerId): TheGamePrivateView {
  const { view } = game;
  const hand = [...game.hands[viewer]!];
  const myTurn = view.phase === "play" && view.active === viewer;
  const playable: Record<number, number[]> = {};
  for (const card of hand) {
    playable[card] = myTurn
      ? view.piles.flatMap((p, i) =>
          (p.direction === "up" ? card > p.top || card === p.top - 10 : card < p.top || card === p.top + 10)
            ? [i]
            : [],
        )
      : [];
  }
  return {
    ...structuredClone(view),
    viewer,
    hand,
    playable,
    stranding: Object.fromEntries(hand.map((card) => [card, []])),
    canEndTurn: myTurn && view.playedThisTurn >= view.minimumThisTurn,
  };
}

/** A random build spec covering 1–5 players, every phase, empty to full piles, odd names. */
export function randomSpec(rand: () => number): BuildSpec {
  const players = 1 + Math.floor(rand() * 5);
  const phases: TheGamePhase[] = ["claim", "play", "play", "over"];
  const phase = phases[Math.floor(rand() * phases.length)]!;
  const handTotal = players * 8;
  const played =
    phase === "claim"
      ? 0
      : phase === "over" && rand() < 0.25
        ? 98
        : Math.floor(rand() * (98 - handTotal + 1));
  const handCounts =
    phase === "claim" ? undefined : Array.from({ length: players }, () => Math.floor(rand() * 9));
  const names = Array.from({ length: players }, () =>
    rand() < 0.1 ? undefined : NAME_POOL[Math.floor(rand() * NAME_POOL.length)],
  ) as string[];
  return {
    players,
    phase,
    played,
    expert: rand() < 0.3,
    smallerHands: rand() < 0.3,
    activeSeat: Math.floor(rand() * players),
    playedThisTurn: Math.floor(rand() * 5),
    handCounts: played === 98 ? Array(players).fill(0) : handCounts,
    names,
    signals: randomSignals(players, rand),
  };
}

/** Up to one signal per player and pile, most often none. */
function randomSignals(players: number, rand: () => number): [number, number, TheGameSignal][] {
  const kinds: TheGameSignal[] = ["hold", "playWell", "bigJump"];
  const out: [number, number, TheGameSignal][] = [];
  for (let seat = 0; seat < players; seat++) {
    for (let pile = 0; pile < 4; pile++) {
      if (rand() < 0.25) out.push([seat, pile, kinds[Math.floor(rand() * kinds.length)]!]);
    }
  }
  return out;
}
