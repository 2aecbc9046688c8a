import type { Card } from "../../../engine/core/cards.js";
import { type Outcome, type PlayerId, placesByTotal, type Side } from "../../../engine/core/game.js";
import { matchSummary } from "./engine.js";
import {
  actorOf,
  allContracts,
  cardsOf,
  contractTerms,
  controllerOf,
  isBossSide,
  legalCardsOfPlace,
  pairsOf,
  placeToPlay,
  rolesOf,
  sheetLines,
  sortCards,
  stackOf,
  standingsOf,
  tallyOf,
  totalsOf,
  winningCards,
  winningPlace,
} from "./rules.js";
import {
  type CompletedTrick,
  type OnevstwoPrivateView,
  type OnevstwoPublicView,
  type OnevstwoState,
  PLACES,
  type Place,
  type PlayedCard,
  type Standing,
} from "./types.js";

function copyCard(card: Card): Card {
  return { rank: card.rank, suit: card.suit };
}

function copyPlayed(played: PlayedCard): PlayedCard {
  return { place: played.place, card: copyCard(played.card) };
}

/** 1-based number of the current game in the match (the last one once the match is over). */
export function gameNumber(state: OnevstwoState): number {
  return state.round * state.players.length + state.gameInRound + 1;
}

/** Everything public: the dummy (face up), the contract, the trick, tricks won, the sheet. No hand. */
export function publicView(state: OnevstwoState): OnevstwoPublicView {
  const cardsLeft = {} as Record<Place, number>;
  for (const place of PLACES) cardsLeft[place] = state.stacks[stackOf(state, place)]?.length ?? 0;
  const lastTrick: CompletedTrick | null = state.lastTrick
    ? { cards: state.lastTrick.cards.map(copyPlayed), winner: state.lastTrick.winner }
    : null;
  return {
    phase: state.phase,
    players: [...state.players],
    round: state.round,
    rounds: state.rounds,
    gameNumber: gameNumber(state),
    games: state.rounds * state.players.length,
    roles: rolesOf(state),
    // Built from the dummy's stack alone: no other stack's card can reach the view.
    dummy: cardsOf(state, "dummy"),
    cardsLeft,
    contract: state.contract ? { tricks: state.contract.tricks, trump: state.contract.trump } : null,
    trick: state.trick.map(copyPlayed),
    lastTrick,
    lastTrickSide: lastTrick ? (isBossSide(lastTrick.winner) ? "boss" : "lice") : null,
    bossTricks: state.bossTricks,
    liceTricks: state.liceTricks,
    tricksPlayed: state.bossTricks + state.liceTricks,
    tally: tallyOf(state),
    winning: winningPlace(state),
    toPlay: placeToPlay(state),
    actor: actorOf(state),
    sheet: sheetLines(state),
    totals: totalsOf(state),
    standings: standingsOf(state),
    pairs: pairsOf(state.players),
  };
}

/** The seat (stack) a player holds: their own 13 cards of the round's deal. */
function ownStack(state: OnevstwoState, player: PlayerId): number {
  return state.players.indexOf(player);
}

/**
 * The public view plus the viewer's own hand (never anyone else's), whether they announce now, and
 * which place they play for now with its legal cards. A stranger gets an empty hand.
 */
export function privateView(state: OnevstwoState, player: PlayerId): OnevstwoPrivateView {
  const seat = ownStack(state, player);
  const trump = state.contract?.trump ?? null;
  const own = seat >= 0 ? (state.stacks[seat] ?? []) : [];
  const hand = sortCards(own, trump);
  const place = placeToPlay(state);
  const plays = place !== null && controllerOf(state, place) === player;
  const canAnnounce = state.phase === "contract" && controllerOf(state, "boss") === player;
  const legal = plays ? legalCardsOfPlace(state) : [];
  return {
    ...publicView(state),
    viewer: player,
    hand,
    canAnnounce,
    contracts: canAnnounce ? allContracts().map(contractTerms) : [],
    play: plays && place !== null ? { from: place, legal, winning: winningCards(state, legal) } : null,
  };
}

/**
 * Once the match is over: the highest total wins (3 players per player, 4 players per pair);
 * equal totals share the place (everyone equal: a draw). Each player's score is their total (4
 * players: their pair's).
 */
export function outcome(state: OnevstwoState): Outcome | null {
  if (state.phase !== "over") return null;
  const standings = standingsOf(state);
  const allEqual = standings.every((s) => s.first);
  const results: Outcome["results"] = {};
  for (const p of state.players) {
    const { total, first } = standings.find((s) => s.members.includes(p)) as Standing;
    results[p] = { result: allEqual ? "draw" : first ? "win" : "loss", score: total };
  }
  return { results, summary: matchSummary(state), score: standings[0]?.total ?? 0 };
}

/**
 * Once the match is over, its sides for the players' ratings: each player (3 players) or each pair
 * (4 players), placed by match total, equal totals sharing the place.
 */
export function sides(state: OnevstwoState): Side[] | null {
  if (state.phase !== "over") return null;
  return placesByTotal(standingsOf(state).map((s) => ({ players: s.members, total: s.total })));
}
