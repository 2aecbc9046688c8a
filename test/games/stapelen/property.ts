import { cardCode, SUITS } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { nextInt, type RngState } from "../../../src/engine/core/rng.js";
import { TABLEAU_COLUMNS } from "../../../src/engine/core/tableau.js";
import {
  FOUNDATIONS_PER_PLAYER,
  nextRank,
  placements,
  stapelen,
} from "../../../src/games/stapelen/engine/index.js";
import type { StapelenMove, StapelenState } from "../../../src/games/stapelen/engine/types.js";
import type { PropertySpec } from "../../support/property/spec.js";

const PUBLIC_KEYS = [
  "active",
  "cardsLeft",
  "columns",
  "endReason",
  "foundations",
  "needs",
  "phase",
  "players",
].join();

/**
 * Every card of the deck exactly once, on the tableau or a foundation; each foundation climbs one
 * rank at a time; the game ends exactly when it must.
 */
function invariant(state: StapelenState): void {
  const piles = [...state.columns, ...Object.values(state.foundations).flat()];
  const seen = new Uint8Array(52);
  let count = 0;
  for (const pile of piles) {
    for (const card of pile) seen[SUITS.indexOf(card.suit) * 13 + card.rank - 1]++;
    count += pile.length;
  }
  if (count !== 52 || seen.some((n) => n !== 1)) {
    throw new Error(`cards lost or duplicated: ${piles.flat().map(cardCode).sort().join(" ")}`);
  }
  for (const pile of Object.values(state.foundations).flat()) {
    for (let i = 1; i < pile.length; i++) {
      if (pile[i]?.rank !== nextRank(pile[i - 1]?.rank ?? 0)) {
        throw new Error(`foundation out of order: ${pile.map(cardCode).join(" ")}`);
      }
    }
  }
  endInvariant(state);
}

/** The game runs exactly while the player to move can place; at the end both share the result. */
function endInvariant(state: StapelenState): void {
  const mover = state.players[state.activeSeat] as PlayerId;
  const left = state.columns.some((column) => column.length > 0);
  const expected = !left ? "allTaken" : placements(state, mover).length === 0 ? "stuck" : null;
  if (state.endReason !== expected || (state.phase === "over") !== (expected !== null)) {
    throw new Error(`phase ${state.phase}, end ${state.endReason}, expected ${expected}`);
  }
  const results = state.players.map((p) => stapelen.outcome(state)?.results[p]?.result);
  if (results[0] !== results[1]) throw new Error(`the players' results differ: ${results.join(", ")}`);
}

/** Everything in Stacking is public but the RNG: the view has exactly its own fields. */
function publicLeak(_state: StapelenState, view: unknown): string | null {
  const keys = Object.keys(view as object)
    .sort()
    .join();
  return keys === PUBLIC_KEYS ? null : `public view fields ${keys}`;
}

/**
 * Every column with every foundation, so every state checks that `legalMoves` is complete; then
 * one placement just out of range and one malformed shape.
 */
function candidates(_state: StapelenState, _player: PlayerId, rng: RngState): unknown[] {
  const moves: unknown[] = [];
  for (let column = 0; column < TABLEAU_COLUMNS; column++) {
    for (let foundation = 0; foundation < FOUNDATIONS_PER_PLAYER; foundation++) {
      moves.push({ type: "place", column, foundation });
    }
  }
  const column = nextInt(rng, TABLEAU_COLUMNS);
  const outside = [
    { type: "place", column: TABLEAU_COLUMNS, foundation: 0 },
    { type: "place", column, foundation: FOUNDATIONS_PER_PLAYER },
    { type: "place", column: -1, foundation: 0 },
    { type: "place", column, foundation: 0.5 },
    { type: "place", column: Number.POSITIVE_INFINITY, foundation: 0 },
  ];
  const junk = [
    { type: "place", column: String(column), foundation: 0 },
    { type: "place", column, foundation: 0, extra: true },
    { type: "place", column },
    { type: "pass" },
    "place",
    null,
  ];
  return [...moves, outside[nextInt(rng, outside.length)], junk[nextInt(rng, junk.length)]];
}

export const spec: PropertySpec<StapelenState, StapelenMove> = {
  engine: stapelen,
  setups: [{ players: 2 }],
  games: 1000,
  maxSteps: 60,
  invariant,
  publicLeak,
  candidates,
};
