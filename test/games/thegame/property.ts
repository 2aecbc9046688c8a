import { nextInt, type RngState } from "../../../src/engine/core/rng.js";
import {
  CARD_COUNT,
  canPlayOn,
  HIGHEST_CARD,
  handSizeFor,
  LOWEST_CARD,
  minimumThisTurn,
  PILE_DIRECTIONS,
  PILE_MARKER,
  pileTops,
  strandingPlays,
  type TheGameMove,
  type TheGameState,
  theGame,
} from "../../../src/games/thegame/engine/index.js";
import type { PropertySpec } from "../../support/property/spec.js";

/** Every card 2..99 exactly once over hands, draw pile and piles, and every pile built by the rules. */
export function checkCards(state: TheGameState): void {
  const seen = new Uint8Array(HIGHEST_CARD + 1);
  const all = [...state.drawPile, ...state.piles.flat(), ...Object.values(state.hands).flat()];
  if (all.length !== CARD_COUNT) throw new Error(`${all.length} cards in play`);
  for (const card of all) {
    if (!Number.isInteger(card) || card < LOWEST_CARD || card > HIGHEST_CARD || seen[card] === 1) {
      throw new Error(`card ${card} twice or invalid`);
    }
    seen[card] = 1;
  }
  state.piles.forEach((pile, i) => {
    const direction = PILE_DIRECTIONS[i] ?? "up";
    let top = PILE_MARKER[direction];
    for (const card of pile) {
      if (!canPlayOn(direction, top, card)) throw new Error(`pile ${i}: ${card} does not fit on ${top}`);
      top = card;
    }
  });
  if ((state.phase === "over") !== (state.endReason !== null))
    throw new Error("endReason and phase disagree");
}

const TOP_PATHS = new Set(PILE_DIRECTIONS.map((_, i) => `piles.${i}.top`));

/**
 * Every number in the public view must sit in a known field: a count, which must equal the count
 * computed from the state (so it cannot carry a card), or a card field (pile tops and the tracker),
 * which must hold a played card or a marker. Anything else is reported, so a new field cannot leak
 * silently. While the game runs, no hand is shown.
 */
export function publicLeak(state: TheGameState, view: unknown): string | null {
  const played = new Set(state.piles.flat());
  const counts: Record<string, number> = {
    drawPileCount: state.drawPile.length,
    handSize: handSizeFor(state.players.length, state.options),
    playedThisTurn: state.playedThisTurn,
    minimumThisTurn: minimumThisTurn(state),
    cardsLeft: CARD_COUNT - played.size,
  };
  state.players.forEach((p, i) => {
    counts[`players.${i}.handCount`] = state.hands[p]?.length ?? 0;
  });
  state.piles.forEach((pile, i) => {
    counts[`piles.${i}.count`] = pile.length;
  });
  // The card 10 back follows from the public top alone, so it must be exactly that (never a hand's card).
  pileTops(state).forEach((top, i) => {
    const back = PILE_DIRECTIONS[i] === "up" ? top - 10 : top + 10;
    if (back >= LOWEST_CARD && back <= HIGHEST_CARD) counts[`piles.${i}.back`] = back;
  });
  const over = state.phase === "over";
  const strings = new Set<string>([
    ...state.players,
    "claim",
    "play",
    "over",
    "up",
    "down",
    "allPlayed",
    "stuck",
    // The table signals: words, never numbers.
    "hold",
    "playWell",
    "bigJump",
  ]);
  const walk = (value: unknown, path: string): string | null => {
    if (typeof value === "number") {
      if (path in counts)
        return value === counts[path] ? null : `${path} is ${value}, not what the state gives`;
      if (TOP_PATHS.has(path)) return played.has(value) || value === 1 || value === 100 ? null : path;
      if (over && path.startsWith("finalHands.")) return null;
      return `unexpected number ${value} at ${path}`;
    }
    if (typeof value === "string") return strings.has(value) ? null : `${path}=${value}`;
    if (path === "playedCards" && Array.isArray(value)) {
      const unplayed = value.find((card) => !played.has(card));
      return unplayed === undefined ? null : `unplayed ${unplayed} in playedCards`;
    }
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) {
        const leak = walk(v, `${path}.${i}`);
        if (leak) return leak;
      }
      return null;
    }
    if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        const leak = walk(v, path === "" ? k : `${path}.${k}`);
        if (leak) return leak;
      }
      return null;
    }
    return typeof value === "boolean" || value === null ? null : `unexpected value at ${path}`;
  };
  const leak = walk(view, "");
  if (leak) return leak;
  const v = view as { finalHands: unknown; playedCards: unknown[] };
  if (!over && v.finalHands !== null) return "finalHands while running";
  return v.playedCards.length === played.size ? null : "the tracker misses a played card";
}

const SIGNAL_WORDS = ["hold", "playWell", "bigJump", null] as const;

/** A signal on a random pile: one of the three words, or clearing. */
export function randomSignal(rng: RngState): TheGameMove {
  return { type: "signal", pile: nextInt(rng, 4), signal: SIGNAL_WORDS[nextInt(rng, 4)] ?? null };
}

/**
 * Own cards on a random pile, any card 0..101 and other players' cards anywhere, End turn, the
 * claim, two random signals.
 */
function candidates(state: TheGameState, player: string, rng: RngState): unknown[] {
  const others = state.players.flatMap((p) => (p === player ? [] : (state.hands[p] ?? [])));
  const moves: unknown[] = [
    { type: "endTurn" },
    { type: "claimStart" },
    randomSignal(rng),
    randomSignal(rng),
  ];
  for (const card of state.hands[player] ?? []) moves.push({ type: "play", card, pile: nextInt(rng, 4) });
  for (let i = 0; i < 3; i++) {
    moves.push({ type: "play", card: nextInt(rng, 102), pile: nextInt(rng, 4) });
    if (others.length > 0)
      moves.push({ type: "play", card: others[nextInt(rng, others.length)], pile: nextInt(rng, 4) });
  }
  return moves;
}

/** How far a play moves a pile along its direction (negative for the backwards trick). */
function gap(state: TheGameState, move: { card: number; pile: number }): number {
  const top = pileTops(state)[move.pile] as number;
  return PILE_DIRECTIONS[move.pile] === "up" ? move.card - top : top - move.card;
}

/** Uniform among the plays and End turn; one time in ten a signal instead, when one is offered. */
export function randomMove(legal: TheGameMove[], rng: RngState): TheGameMove {
  const signals = legal.filter((m) => m.type === "signal");
  const others = legal.filter((m) => m.type !== "signal");
  const pool = signals.length > 0 && (others.length === 0 || nextInt(rng, 10) === 0) ? signals : others;
  return pool[nextInt(rng, pool.length)] as TheGameMove;
}

/**
 * A careful player: never strands, plays the smallest gap, goes past the minimum only for gaps of
 * 2 or less. Random games rarely get past the first draws; careful ones reach the empty draw pile,
 * skipped seats and perfect wins.
 */
export function carefulMove(
  legal: TheGameMove[],
  state: TheGameState,
  player: string,
  rng: RngState,
): TheGameMove {
  const stranding = strandingPlays(state, player);
  const plays = legal.flatMap((m) => (m.type === "play" && !stranding[m.card]?.includes(m.pile) ? [m] : []));
  const canEnd = legal.some((m) => m.type === "endTurn");
  if (plays.length === 0) return canEnd ? { type: "endTurn" } : (legal[0] as TheGameMove);
  const best = Math.min(...plays.map((m) => gap(state, m)));
  if (canEnd && best > 2) return { type: "endTurn" };
  const bestPlays = plays.filter((m) => gap(state, m) === best);
  return bestPlays[nextInt(rng, bestPlays.length)] as TheGameMove;
}

export const spec: PropertySpec<TheGameState, TheGameMove> = {
  engine: theGame,
  setups: [1, 2, 3, 4, 5].flatMap((players) =>
    [false, true].flatMap((expert) =>
      [false, true].map((smallerHands) => ({ players, options: { expert, smallerHands } })),
    ),
  ),
  games: 1000,
  // 98 plays, at most one End turn per play, one claim; the random games' few signals on top.
  maxSteps: 4 * CARD_COUNT,
  invariant: checkCards,
  publicLeak,
  candidates,
  tryLegal: 8,
  // Half the games (by their deal) careful, so the late game is reached too; the rest at random,
  // with a signal now and then.
  choose: (legal, state, player, rng) =>
    state.rng.s % 2 === 0 ? carefulMove(legal, state, player, rng) : randomMove(legal, rng),
};
