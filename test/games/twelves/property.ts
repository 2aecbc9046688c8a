import { cardCode, SUITS } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { nextInt, type RngState } from "../../../src/engine/core/rng.js";
import { TABLEAU_COLUMNS, topCards } from "../../../src/engine/core/tableau.js";
import { isRolePair, twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesMove, TwelvesState } from "../../../src/games/twelves/engine/types.js";
import type { PropertySpec } from "../../support/property/spec.js";

const PUBLIC_KEYS = [
  "active",
  "cardsLeft",
  "columns",
  "endReason",
  "pairs",
  "phase",
  "players",
  "proposal",
  "roles",
];

/**
 * Every card of the deck exactly once, on the tableau or in a player's pairs; every pair taken is
 * one of its taker's pairs; roles exist exactly once agreed, and the end reason exactly at the end.
 */
function invariant(state: TwelvesState): void {
  const taken = Object.values(state.pairs).flat(2);
  const cards = [...state.columns.flat(), ...taken];
  const seen = new Uint8Array(52);
  for (const card of cards) seen[SUITS.indexOf(card.suit) * 13 + card.rank - 1]++;
  if (cards.length !== 52 || seen.some((n) => n !== 1)) {
    throw new Error(`cards lost or duplicated: ${cards.map(cardCode).sort().join(" ")}`);
  }
  for (const [player, pairs] of Object.entries(state.pairs)) {
    const role = state.roles?.[player];
    for (const [a, b] of pairs) {
      if (!role || !isRolePair(role, a, b)) throw new Error(`${player} holds ${cardCode(a)}+${cardCode(b)}`);
    }
  }
  if ((state.phase === "agree") !== (state.roles === null)) throw new Error("roles and phase disagree");
  if (state.phase !== "agree" && state.proposal !== null)
    throw new Error("a proposal outlived the agreement");
  if ((state.phase === "over") !== (state.endReason !== null))
    throw new Error("phase and end reason disagree");
  if (state.endReason === "allTaken" && state.columns.flat().length > 0)
    throw new Error("won with cards left");
}

/** Everything in Twelves is public but the RNG: the view has exactly its own fields. */
function publicLeak(_state: TwelvesState, view: unknown): string | null {
  const keys = Object.keys(view as object).sort();
  return keys.join() === PUBLIC_KEYS.join() ? null : `public view fields ${keys.join()}`;
}

/**
 * Plausible moves, legal or not: every two top cards that make a pair of either role, taken
 * either way round (so the other role's pairs too), a dozen random column pairs (the same column,
 * an empty one, one past the end), every proposal (a stranger too), Confirm, and malformed shapes.
 */
function candidates(state: TwelvesState, _player: PlayerId, rng: RngState): unknown[] {
  const take = (a: unknown, b: unknown) => ({ type: "takePair", columns: [a, b] });
  const moves: unknown[] = [{ type: "confirm" }];
  const tops = topCards(state.columns);
  for (const a of tops) {
    for (const b of tops) {
      if (a !== b && (isRolePair("twelve", a.card, b.card) || isRolePair("fourteen", a.card, b.card))) {
        moves.push(take(a.column, b.column));
      }
    }
  }
  for (let i = 0; i < 12; i++)
    moves.push(take(nextInt(rng, TABLEAU_COLUMNS + 1), nextInt(rng, TABLEAU_COLUMNS + 1)));
  const names = [...state.players, "stranger"];
  for (const t of names) for (const s of names) moves.push({ type: "propose", twelves: t, starter: s });
  const column = nextInt(rng, TABLEAU_COLUMNS);
  moves.push(
    take(column, column),
    take(-1, column),
    take(column, 0.5),
    take(String(column), 0),
    { type: "takePair", columns: [column] },
    { type: "takePair", columns: [column, (column + 1) % TABLEAU_COLUMNS], extra: true },
    { type: "confirm", by: state.players[0] },
    { type: "propose", twelves: 0, starter: 1 },
    { type: "pass" },
    null,
  );
  return moves;
}

/** Random moves, but Confirm half of the time it is offered, so the agreement does not drag on. */
function choose(legal: TwelvesMove[], _state: TwelvesState, _player: PlayerId, rng: RngState): TwelvesMove {
  const confirm = legal.find((m) => m.type === "confirm");
  if (confirm && nextInt(rng, 2) === 0) return confirm;
  return legal[nextInt(rng, legal.length)] as TwelvesMove;
}

export const spec: PropertySpec<TwelvesState, TwelvesMove> = {
  engine: twelves,
  setups: [{ players: 2 }],
  games: 1000,
  maxSteps: 200,
  invariant,
  publicLeak,
  candidates,
  choose,
};
