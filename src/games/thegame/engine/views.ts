import type { Outcome, PlayerId } from "../../../engine/core/game.js";
import {
  activePlayer,
  BACKWARDS_STEP,
  canPlayOn,
  cardsLeft,
  HIGHEST_CARD,
  handOf,
  handSizeFor,
  LOWEST_CARD,
  minimumThisTurn,
  pileTop,
  pileTops,
  strandingPlays,
} from "./rules.js";
import {
  PILE_DIRECTIONS,
  type PileDirection,
  type TheGamePrivateView,
  type TheGamePublicView,
  type TheGameState,
} from "./types.js";

const ascending = (a: number, b: number): number => a - b;

/** Built from public facts only: hand values appear solely in finalHands, once the game is over. */
/** The card exactly 10 back from `top` that a pile also takes, if there is such a card. */
function backwardsCard(direction: PileDirection, top: number): number | null {
  const back = direction === "up" ? top - BACKWARDS_STEP : top + BACKWARDS_STEP;
  return back >= LOWEST_CARD && back <= HIGHEST_CARD ? back : null;
}

export function publicView(state: TheGameState): TheGamePublicView {
  const over = state.phase === "over";
  let finalHands: Record<PlayerId, number[]> | null = null;
  if (over) {
    finalHands = {};
    for (const player of state.players) finalHands[player] = [...handOf(state, player)].sort(ascending);
  }
  return {
    phase: state.phase,
    options: { ...state.options },
    players: state.players.map((id) => ({ id, handCount: handOf(state, id).length })),
    active: activePlayer(state),
    piles: PILE_DIRECTIONS.map((direction, pile) => ({
      direction,
      top: pileTop(state, pile),
      count: state.piles[pile]?.length ?? 0,
      back: backwardsCard(direction, pileTop(state, pile)),
    })),
    drawPileCount: state.drawPile.length,
    handSize: handSizeFor(state.players.length, state.options),
    playedThisTurn: state.playedThisTurn,
    minimumThisTurn: minimumThisTurn(state),
    playedCards: state.piles.flat().sort(ascending),
    cardsLeft: cardsLeft(state),
    endReason: state.endReason,
    finalHands,
    signals: PILE_DIRECTIONS.map((_, pile) =>
      state.signals.filter((s) => s.pile === pile).map(({ player, signal }) => ({ player, signal })),
    ),
  };
}

export function privateView(state: TheGameState, player: PlayerId): TheGamePrivateView {
  const hand = [...handOf(state, player)].sort(ascending);
  const myTurn = activePlayer(state) === player;
  const tops = pileTops(state);
  const playable: Record<number, number[]> = {};
  for (const card of hand) {
    playable[card] = myTurn
      ? tops.flatMap((top, pile) =>
          canPlayOn(PILE_DIRECTIONS[pile] as PileDirection, top, card) ? [pile] : [],
        )
      : [];
  }
  return {
    ...publicView(state),
    viewer: player,
    hand,
    playable,
    stranding: strandingPlays(state, player),
    canEndTurn: myTurn && state.playedThisTurn >= minimumThisTurn(state),
  };
}

/** Cooperative: everyone shares the result; the score is the number of cards not played. */
export function outcome(state: TheGameState): Outcome | null {
  if (state.phase !== "over") return null;
  const score = cardsLeft(state);
  const result = score === 0 ? "win" : "loss";
  const results: Outcome["results"] = {};
  for (const player of state.players) results[player] = { result, score };
  const summary =
    score === 0
      ? { key: "thegame.outcome.perfect" }
      : { key: score < 10 ? "thegame.outcome.excellent" : "thegame.outcome.stuck", params: { score } };
  return { results, summary, score };
}
