import { type Card, SUITS, type Suit } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import { followSuit, trickRank, trickWinner } from "../../../engine/core/tricks.js";
import {
  type Contract,
  type ContractTally,
  type ContractTerms,
  type OnevstwoMove,
  type OnevstwoRoles,
  type OnevstwoState,
  PLACES,
  type Place,
  type PlayedCard,
  type SheetLine,
  type Standing,
} from "./types.js";

/**
 * One versus Two (docs/RULES.md §7): the rules as pure functions of the state. Seats are the lobby's
 * join order, clockwise; the boss of a game is seat (roundFirstBoss + gameInRound) % players.
 */

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 4;
export const TRICKS_PER_GAME = 13;
export const CARDS_PER_STACK = 13;
/** The trump choices of a contract, in the order contracts are listed: ♠ ♥ ♦ ♣, then no-trump. */
export const TRUMP_CHOICES: readonly (Suit | null)[] = [...SUITS, null];

/** Rounds in a match: one per shuffle (3 with 3 players, 4 with 4), or one in a short match. */
export function roundsInMatch(playerCount: number, shortMatch: boolean): number {
  return shortMatch ? 1 : playerCount;
}

/** Games in a match: every player is boss once per round (9 or 16; 3 or 4 in a short match). */
export function gamesInMatch(playerCount: number, shortMatch: boolean): number {
  return roundsInMatch(playerCount, shortMatch) * playerCount;
}

/**
 * The premium of an announced contract (only the highest applies): 1000 for 13, 500 for 12, 300
 * for ≥9 no-trump, ≥10 with ♥ or ♠ trumps, ≥11 with ♣ or ♦ trumps; else 0.
 */
export function premiumFor(contract: { tricks: number; trump: Suit | null }): number {
  const { tricks, trump } = contract;
  if (tricks >= 13) return 1000;
  if (tricks >= 12) return 500;
  const threshold = trump === null ? 9 : trump === "H" || trump === "S" ? 10 : 11;
  return tricks >= threshold ? 300 : 0;
}

/**
 * The boss's score for a game: made (won ≥ announced) is 10 per trick won plus the premium of the
 * announced contract; failed is −50 per trick short, nothing else.
 */
export function contractScore(contract: { tricks: number; trump: Suit | null }, tricksWon: number): number {
  if (tricksWon >= contract.tricks) return 10 * tricksWon + premiumFor(contract);
  return -50 * (contract.tricks - tricksWon);
}

/** Tricks the lice need to beat a contract of `tricks`: one more than the boss's side may lose. */
export function tricksAgainst(tricks: number): number {
  return TRICKS_PER_GAME - tricks + 1;
}

/** A contract with what it is worth: the lice's target, its premium, its score made exactly and one short. */
export function contractTerms(contract: Contract): ContractTerms {
  return {
    tricks: contract.tricks,
    trump: contract.trump,
    against: tricksAgainst(contract.tricks),
    premium: premiumFor(contract),
    made: contractScore(contract, contract.tricks),
    short: contractScore(contract, contract.tricks - 1),
  };
}

/** The game being played against its contract: what each side needs and whether it got there. */
export function tallyOf(state: OnevstwoState): ContractTally | null {
  if (!state.contract) return null;
  const need = state.contract.tricks;
  const against = tricksAgainst(need);
  return { need, against, made: state.bossTricks >= need, beaten: state.liceTricks >= against };
}

/** The place whose card takes the current trick as it stands; null before its first card. */
export function winningPlace(state: OnevstwoState): Place | null {
  if (state.trick.length === 0) return null;
  const best = trickWinner(
    state.trick.map((p) => p.card),
    state.contract?.trump ?? null,
  );
  return (state.trick[best] as PlayedCard).place;
}

/** Of `cards`, those that would take the current trick if played to it now; [] when leading. */
export function winningCards(state: OnevstwoState, cards: readonly Card[]): Card[] {
  if (state.trick.length === 0) return [];
  const played = state.trick.map((p) => p.card);
  const trump = state.contract?.trump ?? null;
  return cards.filter((card) => trickWinner([...played, card], trump) === played.length);
}

/** The next place clockwise: boss → left → dummy → right → boss. */
export function nextPlace(place: Place): Place {
  return PLACES[(PLACES.indexOf(place) + 1) % PLACES.length] as Place;
}

/** Seat index of the current game's boss. */
export function bossSeat(state: OnevstwoState): number {
  return (state.roundFirstBoss + state.gameInRound) % state.players.length;
}

/**
 * Which of the four stacks a place holds in the current game. 4 players: the seat's own stack
 * (the dummy is the servant's, opposite the boss). 3 players: the seats' stacks, the dummy stack 3.
 */
export function stackOf(state: OnevstwoState, place: Place): number {
  const n = state.players.length;
  const boss = bossSeat(state);
  if (n === 4) return (boss + PLACES.indexOf(place)) % 4;
  switch (place) {
    case "boss":
      return boss;
    case "left":
      return (boss + 1) % 3;
    case "right":
      return (boss + 2) % 3;
    default:
      return 3;
  }
}

/** Who chooses the cards of a place: its seat; the dummy's by the boss (3 players) or the servant (4). */
export function controllerOf(state: OnevstwoState, place: Place): PlayerId {
  const seat = state.players.length === 3 && place === "dummy" ? bossSeat(state) : stackOf(state, place);
  return state.players[seat] as PlayerId;
}

export function rolesOf(state: OnevstwoState): OnevstwoRoles {
  const four = state.players.length === 4;
  const servant = four ? controllerOf(state, "dummy") : null;
  return {
    boss: controllerOf(state, "boss"),
    left: controllerOf(state, "left"),
    right: controllerOf(state, "right"),
    servant,
    dummyController: controllerOf(state, "dummy"),
  };
}

/** The place to play now (null in the contract phase and once the match is over). */
export function placeToPlay(state: OnevstwoState): Place | null {
  if (state.phase !== "play") return null;
  return PLACES[(PLACES.indexOf(state.leader) + state.trick.length) % PLACES.length] as Place;
}

/** The player who must act now: the boss announcing, or whoever plays for the place to play. */
export function actorOf(state: OnevstwoState): PlayerId | null {
  if (state.phase === "contract") return controllerOf(state, "boss");
  const place = placeToPlay(state);
  return place === null ? null : controllerOf(state, place);
}

/** Boss and dummy play together; their tricks are the boss's. */
export function isBossSide(place: Place): boolean {
  return place === "boss" || place === "dummy";
}

/** The suit led to the current trick, or null when the trick is new. */
export function ledSuit(state: OnevstwoState): Suit | null {
  return state.trick[0]?.card.suit ?? null;
}

/** Suit order for showing cards: trumps first once known, then ♠ ♥ ♦ ♣. */
function suitOrder(trump: Suit | null): Record<Suit, number> {
  const order = { S: 1, H: 2, D: 3, C: 4 };
  if (trump !== null) order[trump] = 0;
  return order;
}

/** A copy of `cards` sorted by suit (trumps first once known), high to low with the Ace high. */
export function sortCards(cards: readonly Card[], trump: Suit | null): Card[] {
  const order = suitOrder(trump);
  return cards
    .map((c) => ({ rank: c.rank, suit: c.suit }))
    .sort((a, b) => order[a.suit] - order[b.suit] || trickRank(b) - trickRank(a));
}

/** The cards a place still holds, sorted for showing (trumps first once the contract is known). */
export function cardsOf(state: OnevstwoState, place: Place): Card[] {
  return sortCards(state.stacks[stackOf(state, place)] ?? [], state.contract?.trump ?? null);
}

/** The cards the place to play may play now (following suit), sorted; [] outside the play phase. */
export function legalCardsOfPlace(state: OnevstwoState): Card[] {
  const place = placeToPlay(state);
  if (place === null) return [];
  return followSuit(cardsOf(state, place), ledSuit(state));
}

/**
 * The cards `player` may play now, from the hand they control now (their own, or the dummy's when
 * it is the dummy's turn and they choose for it); [] when it is not their turn.
 */
export function legalCards(state: OnevstwoState, player: PlayerId): Card[] {
  const place = placeToPlay(state);
  if (place === null || controllerOf(state, place) !== player) return [];
  return legalCardsOfPlace(state);
}

/** Every contract, in a stable order: 1..13 tricks, each with ♠ ♥ ♦ ♣ trumps then no-trump (65). */
export function allContracts(): Contract[] {
  const contracts: Contract[] = [];
  for (let tricks = 1; tricks <= TRICKS_PER_GAME; tricks++) {
    for (const trump of TRUMP_CHOICES) contracts.push({ tricks, trump });
  }
  return contracts;
}

/** Every move `player` may make now, in a stable order; [] when they may not act. */
export function legalMoves(state: OnevstwoState, player: PlayerId): OnevstwoMove[] {
  if (state.phase === "contract") {
    if (controllerOf(state, "boss") !== player) return [];
    return allContracts().map((c): OnevstwoMove => ({ type: "contract", tricks: c.tricks, trump: c.trump }));
  }
  return legalCards(state, player).map((card): OnevstwoMove => ({ type: "play", card }));
}

/** 4 players: the two pairs, seats 1 & 3 and seats 2 & 4; null with 3 players. */
export function pairsOf(players: readonly PlayerId[]): [PlayerId, PlayerId][] | null {
  if (players.length !== 4) return null;
  return [
    [players[0] as PlayerId, players[2] as PlayerId],
    [players[1] as PlayerId, players[3] as PlayerId],
  ];
}

/** Running totals per player over the sheet (with 4 players both members of a pair hold the pair's total). */
export function totalsOf(state: OnevstwoState): Record<PlayerId, number> {
  const totals: Record<PlayerId, number> = Object.fromEntries(state.players.map((p) => [p, 0]));
  for (const line of state.sheet) {
    for (const p of state.players) totals[p] = (totals[p] ?? 0) + (line.perPlayer[p] ?? 0);
  }
  return totals;
}

/** Per player (3) or per pair (4), best total first (equal totals keep seat order); the best total is first. */
export function standingsOf(state: OnevstwoState): Standing[] {
  const totals = totalsOf(state);
  const groups = pairsOf(state.players) ?? state.players.map((p) => [p]);
  const entries = groups.map((members) => ({
    members: [...members],
    total: totals[members[0] as PlayerId] ?? 0,
  }));
  const best = Math.max(...entries.map((e) => e.total));
  return entries.map((e) => ({ ...e, first: e.total === best })).sort((x, y) => y.total - x.total);
}

/** The sheet with each game's meaning: lice's tricks, made or failed and by how much, running totals. */
export function sheetLines(state: OnevstwoState): SheetLine[] {
  const running: Record<PlayerId, number> = Object.fromEntries(state.players.map((p) => [p, 0]));
  return state.sheet.map((line) => {
    for (const p of state.players) running[p] = (running[p] ?? 0) + (line.perPlayer[p] ?? 0);
    const made = line.tricksWon >= line.contract.tricks;
    return {
      ...line,
      contract: { tricks: line.contract.tricks, trump: line.contract.trump },
      perPlayer: { ...line.perPlayer },
      liceTricks: TRICKS_PER_GAME - line.tricksWon,
      made,
      margin: Math.abs(line.tricksWon - line.contract.tricks),
      totals: { ...running },
    };
  });
}
