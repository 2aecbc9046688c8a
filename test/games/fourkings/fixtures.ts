import type { Card } from "../../../src/engine/core/cards.js";
import type { ApplyResult } from "../../../src/engine/core/game.js";
import {
  type FourKingsMove,
  type FourKingsState,
  fourKings,
} from "../../../src/games/fourkings/engine/index.js";
import { card, cards } from "../../support/cards.js";

export const PLAYER = "solo";

export { card, cards };

/** A fresh game with fields replaced, for building the situations of the rules by hand. */
export function stateWith(fields: Partial<FourKingsState>, seed = 1): FourKingsState {
  return { ...fourKings.setup([PLAYER], { peek: false }, seed), ...fields };
}

/** An assign-phase state: the hand, the drawn cards, the rest as given. */
export function assignState(
  hand: string,
  drawn: string,
  fields: Partial<FourKingsState> = {},
): FourKingsState {
  return stateWith({ phase: "assign", hand: cards(hand), drawn: cards(drawn), ...fields });
}

/** Applies a move that must be legal; returns the new state and the event keys. */
export function playWithEvents(
  state: FourKingsState,
  move: FourKingsMove,
): { state: FourKingsState; events: string[] } {
  const result = fourKings.apply(state, PLAYER, move);
  if (!result.ok) throw new Error(`move refused: ${result.error.key} ${JSON.stringify(result.error.params)}`);
  return { state: result.state, events: result.events.map((e) => e.key) };
}

export function play(state: FourKingsState, move: FourKingsMove): FourKingsState {
  return playWithEvents(state, move).state;
}

export function errorOf(
  result: ApplyResult<FourKingsState>,
): { key: string; params: Record<string, unknown> } | null {
  return result.ok ? null : { key: result.error.key, params: { ...result.error.params } };
}

/** Every card in a state, wherever it is. */
export function allCards(state: FourKingsState): Card[] {
  return [...state.controlled, ...state.hand, ...state.drawn, ...state.drawPiles.flat(), ...state.lostPile];
}

export function codes(list: readonly Card[]): string[] {
  return list.map((c) => `${c.rank}${c.suit}`).sort();
}
