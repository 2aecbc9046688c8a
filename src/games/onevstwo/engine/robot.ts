import {
  type Card,
  cardLabel,
  SUIT_SYMBOL,
  SUITS,
  type Suit,
  sameCard,
  standardDeck,
} from "../../../engine/core/cards.js";
import type { Message } from "../../../engine/core/errors.js";
import type { Robot, RobotChoice, RobotTurn } from "../../../engine/core/robot.js";
import { followSuit, trickRank, trickWinner } from "../../../engine/core/tricks.js";
import { contractScore, isBossSide, nextPlace, premiumFor, TRICKS_PER_GAME, TRUMP_CHOICES } from "./rules.js";
import type { OnevstwoMove, OnevstwoPrivateView, Place, PlayedCard } from "./types.js";

/**
 * One versus Two (docs/RULES.md §7). The boss announces the contract with the best expected score
 * after playing the deal out many times with the lice's 26 cards shuffled between them; every card is then chosen by the same rules of thumb:
 * follow cheaply, win with the cheapest card that holds, leave a trick the partner wins, draw
 * trumps with trump control, and lead winners, short suits or suits the partner holds.
 */

type View = OnevstwoPrivateView;
type Move = OnevstwoMove;

/** What the player of one place knows when it chooses a card. */
interface Table {
  place: Place;
  /** The cards this place may play now */
  legal: readonly Card[];
  /** All the cards this place holds */
  hand: readonly Card[];
  /** The hands in sight, by place: always the player's own and the dummy */
  seen: Partial<Record<Place, readonly Card[]>>;
  /** Per suit, how many cards may lie in hands out of sight (neither seen nor known to be played), and the highest */
  hidden: Record<Suit, { count: number; top: number }>;
  trick: readonly PlayedCard[];
  trump: Suit | null;
}

interface Pick {
  card: Card;
  reason: Message;
}

const SUIT_INDEX: Record<Suit, number> = { S: 0, H: 1, D: 2, C: 3 };
/**
 * Playouts per trump choice when the boss weighs the contract (fewer when time runs short): 100
 * scored no better in `npm run ai` at two and a half times the thinking, past the 2 s a decision may take.
 */
const PLAYOUTS = 40;

const cardId = (card: Card): number => SUIT_INDEX[card.suit] * 13 + trickRank(card) - 2;

const partnerOf = (place: Place): Place => nextPlace(nextPlace(place));
const isOpponent = (me: Place, other: Place): boolean => isBossSide(me) !== isBossSide(other);
const ofSuit = (cards: readonly Card[], suit: Suit): Card[] => cards.filter((c) => c.suit === suit);
const lowest = (cards: readonly Card[]): Card =>
  cards.reduce((low, c) => (trickRank(c) < trickRank(low) ? c : low));
const highest = (cards: readonly Card[]): Card =>
  cards.reduce((high, c) => (trickRank(c) > trickRank(high) ? c : high));

/** True when `card`, played on `winning` (a card of the led suit or a trump), takes over the trick. */
function beats(card: Card, winning: Card, trump: Suit | null): boolean {
  return card.suit === winning.suit ? trickRank(card) > trickRank(winning) : card.suit === trump;
}

/** The hands in sight that play against `me`. */
function opposingHands(t: Table, me: Place): (readonly Card[])[] {
  return (Object.entries(t.seen) as [Place, readonly Card[]][])
    .filter(([p]) => isOpponent(me, p))
    .map(([, h]) => h);
}

/** The highest rank of `suit` an opponent of `me` may hold (0: none). */
function opposingTop(t: Table, me: Place, suit: Suit): number {
  let top = t.hidden[suit].top;
  for (const hand of opposingHands(t, me))
    for (const c of ofSuit(hand, suit)) top = Math.max(top, trickRank(c));
  return top;
}

/** How many cards of `suit` the opponents of `me` may hold. */
function opposingCount(t: Table, me: Place, suit: Suit): number {
  return opposingHands(t, me).reduce((n, hand) => n + ofSuit(hand, suit).length, t.hidden[suit].count);
}

/** No higher card of its suit can be held by an opponent of `me`. */
function isMaster(t: Table, me: Place, card: Card): boolean {
  return trickRank(card) > opposingTop(t, me, card.suit);
}

/** The places still to play to the trick after the one playing now. */
function laterPlaces(t: Table): Place[] {
  const later: Place[] = [];
  let place = t.place;
  for (let i = t.trick.length + 1; i < 4; i++) {
    place = nextPlace(place);
    later.push(place);
  }
  return later;
}

/**
 * Whether an opponent still to play might beat `winning`: a hand in sight is checked card by card;
 * a hidden hand may hold any unknown card, and may trump once few cards of the led suit are out.
 */
function threatened(t: Table, winning: Card, led: Suit): boolean {
  return laterPlaces(t).some((place) => {
    if (!isOpponent(t.place, place)) return false;
    const hand = t.seen[place];
    if (hand) return followSuit(hand, led).some((c) => beats(c, winning, t.trump));
    if (t.hidden[winning.suit].top > trickRank(winning)) return true;
    const mayBeVoid = t.hidden[led].count < 3;
    return mayBeVoid && t.trump !== null && winning.suit !== t.trump && t.hidden[t.trump].count > 0;
  });
}

/** The card to give away: the lowest, sparing trumps, from the shortest suit on equal rank. */
function leastUseful(t: Table, cards: readonly Card[]): Card {
  const cost = (c: Card) => trickRank(c) + (c.suit === t.trump ? 20 : 0) + ofSuit(t.hand, c.suit).length / 20;
  return cards.reduce((best, c) => (cost(c) < cost(best) ? c : best));
}

const pick = (card: Card, key: string, params: Record<string, string | number> = {}): Pick => ({
  card,
  reason: { key: `onevstwo.robot.${key}`, params: { card: cardLabel(card), ...params } },
});

function follow(t: Table): Pick {
  const led = (t.trick[0] as PlayedCard).card.suit;
  const cards = t.trick.map((p) => p.card);
  const top = t.trick[trickWinner(cards, t.trump)] as PlayedCard;
  const winsNow = (c: Card) => trickWinner([...cards, c], t.trump) === cards.length;
  const winners = t.legal.filter(winsNow).sort((a, b) => trickRank(a) - trickRank(b));
  const secure = winners.filter((c) => !threatened(t, c, led));
  // The partner's card is left alone unless it may be beaten and this place can take the trick surely.
  if (top.place === partnerOf(t.place) && (secure.length === 0 || !threatened(t, top.card, led))) {
    const calm = t.legal.filter((c) => !winsNow(c) || c.suit === led);
    return pick(leastUseful(t, calm.length > 0 ? calm : t.legal), "partnerWins", {
      winner: cardLabel(top.card),
    });
  }
  // Third to play, the cheapest card that wins for now still makes the last player spend more.
  const cheapest = secure[0] ?? (laterPlaces(t).length === 1 ? winners[0] : undefined);
  if (cheapest) {
    if (cheapest.suit !== led) return pick(cheapest, "ruff");
    return pick(cheapest, secure.length > 0 ? "winCheap" : "contest");
  }
  if (winners.length > 0) return pick(leastUseful(t, t.legal), "holdBack");
  return pick(leastUseful(t, t.legal), "cannotWin");
}

function lead(t: Table): Pick {
  const partner = t.seen[partnerOf(t.place)] ?? [];
  if (t.trump !== null && isBossSide(t.place)) {
    const trumps = ofSuit(t.hand, t.trump);
    const out = opposingCount(t, t.place, t.trump);
    if (trumps.length > 0 && out > 0) {
      const masters = trumps.filter((c) => isMaster(t, t.place, c));
      if (masters.length > 0) return pick(highest(masters), "drawTrumps");
      if (trumps.length + ofSuit(partner, t.trump).length > out)
        return pick(lowest(trumps), "drawTrumpsLength");
    }
  }
  const sideCards = t.hand.filter((c) => c.suit !== t.trump);
  const masters = sideCards.filter((c) => isMaster(t, t.place, c));
  if (masters.length > 0) {
    const card = highest(masters);
    return pick(card, "cash", { suit: SUIT_SYMBOL[card.suit] });
  }
  if (t.trump !== null && !isBossSide(t.place) && ofSuit(t.hand, t.trump).length > 0) {
    const single = sideCards.find((c) => ofSuit(t.hand, c.suit).length === 1);
    if (single) return pick(single, "singleton", { suit: SUIT_SYMBOL[single.suit] });
  }
  if (sideCards.length === 0) return pick(lowest(t.hand), "leadLow");
  const partnerMaster = (suit: Suit) => ofSuit(partner, suit).find((c) => isMaster(t, t.place, c));
  const score = (suit: Suit): number => {
    const mine = ofSuit(t.hand, suit).length;
    if (mine === 0) return Number.NEGATIVE_INFINITY;
    let value = mine + (partnerMaster(suit) ? 6 : 0);
    for (const [place, hand] of Object.entries(t.seen) as [Place, readonly Card[]][]) {
      if (!isOpponent(t.place, place)) continue;
      const theirs = ofSuit(hand, suit);
      if (theirs.some((c) => isMaster(t, place, c))) value -= 4;
      if (t.trump !== null && theirs.length === 0 && ofSuit(hand, t.trump).length > 0) value -= 6;
    }
    return value;
  };
  const suit = SUITS.filter((s) => s !== t.trump).reduce((best, s) => (score(s) > score(best) ? s : best));
  const card = lowest(ofSuit(t.hand, suit));
  const master = partnerMaster(suit);
  if (master) return pick(card, "toPartner", { winner: cardLabel(master), suit: SUIT_SYMBOL[suit] });
  return pick(card, "leadLow");
}

/** The card for the place to play, by the rules of thumb above. */
function chooseCard(t: Table): Pick {
  if (t.legal.length === 1) return pick(t.legal[0] as Card, "only");
  return t.trick.length === 0 ? lead(t) : follow(t);
}

/** The place the viewer holds: their own seat, or the dummy for the servant (its cards are theirs). */
function ownPlace(view: View): Place {
  const { roles, viewer } = view;
  if (viewer === roles.boss) return "boss";
  if (viewer === roles.left) return "left";
  if (viewer === roles.right) return "right";
  return "dummy";
}

/** A table for `place`, given the hands in sight and the cards known to be out of play. */
function tableFor(
  place: Place,
  legal: readonly Card[],
  seen: Partial<Record<Place, readonly Card[]>>,
  gone: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit | null,
): Table {
  const known = new Array<boolean>(52).fill(false);
  for (const hand of Object.values(seen)) for (const c of hand) known[cardId(c)] = true;
  for (const c of gone) known[cardId(c)] = true;
  const hidden = {
    S: { count: 0, top: 0 },
    H: { count: 0, top: 0 },
    D: { count: 0, top: 0 },
    C: { count: 0, top: 0 },
  };
  for (let id = 0; id < 52; id++) {
    if (known[id]) continue;
    const suit = hidden[SUITS[Math.floor(id / 13)] as Suit];
    suit.count++;
    suit.top = Math.max(suit.top, (id % 13) + 2);
  }
  return { place, legal, hand: seen[place] ?? [], seen, hidden, trick, trump };
}

/** What the view shows: the viewer's hand, the dummy, this trick and the last one of this game. */
function tableOf(view: View, play: NonNullable<View["play"]>): Table {
  const seen: Partial<Record<Place, readonly Card[]>> = { dummy: view.dummy };
  seen[ownPlace(view)] = view.hand;
  const gone = view.trick.map((p) => p.card);
  if (view.bossTricks + view.liceTricks > 0 && view.lastTrick) {
    gone.push(...view.lastTrick.cards.map((p) => p.card));
  }
  return tableFor(play.from, play.legal, seen, gone, view.trick, view.contract?.trump ?? null);
}

/**
 * The hands the player of `place` sees in a playout, as at the table: their own and the dummy;
 * with 3 players the boss also plays the dummy, so both boss and dummy see both.
 */
function sightOf(hands: Record<Place, Card[]>, place: Place, three: boolean): Partial<Record<Place, Card[]>> {
  const seen: Partial<Record<Place, Card[]>> = { [place]: hands[place], dummy: hands.dummy };
  if (three && place === "dummy") seen.boss = hands.boss;
  return seen;
}

/** Tricks the boss's side takes when every place plays the deal out by `chooseCard`, seeing what it would see. */
function playOut(hands: Record<Place, Card[]>, trump: Suit | null, three: boolean): number {
  let leader: Place = "left";
  let last: Card[] = [];
  let bossTricks = 0;
  for (let n = 0; n < TRICKS_PER_GAME; n++) {
    const trick: PlayedCard[] = [];
    let place = leader;
    for (let i = 0; i < 4; i++) {
      const hand = hands[place];
      const legal = followSuit(hand, trick[0]?.card.suit ?? null);
      const gone = [...last, ...trick.map((p) => p.card)];
      const { card } = chooseCard(tableFor(place, legal, sightOf(hands, place, three), gone, trick, trump));
      hands[place] = hand.filter((c) => !sameCard(c, card));
      trick.push({ place, card });
      place = nextPlace(place);
    }
    last = trick.map((p) => p.card);
    leader = (trick[trickWinner(last, trump)] as PlayedCard).place;
    if (isBossSide(leader)) bossTricks++;
  }
  return bossTricks;
}

/**
 * Tricks the boss's side took in each playout of this deal, per trump choice (no-trump: null): the
 * lice's 26 cards, which the boss cannot see, are shuffled anew for each playout, and every place
 * plays by `chooseCard` from what it would see. At least one playout each, more while time lasts.
 */
export function bossTricksByTrump(
  view: View,
  random: () => number,
  hasTime: () => boolean,
  playouts: number,
): Map<Suit | null, number[]> {
  const ours = new Set([...view.hand, ...view.dummy].map(cardId));
  const theirs = standardDeck().filter((c) => !ours.has(cardId(c)));
  const results = new Map<Suit | null, number[]>(TRUMP_CHOICES.map((t) => [t, []]));
  for (let i = 0; i < playouts && (i === 0 || hasTime()); i++) {
    const deck = [...theirs];
    for (let j = deck.length - 1; j > 0; j--) {
      const k = Math.floor(random() * (j + 1));
      [deck[j], deck[k]] = [deck[k] as Card, deck[j] as Card];
    }
    for (const trump of TRUMP_CHOICES) {
      const hands = {
        boss: [...view.hand],
        dummy: [...view.dummy],
        left: deck.slice(0, 13),
        right: deck.slice(13),
      };
      results.get(trump)?.push(playOut(hands, trump, view.players.length === 3));
    }
  }
  return results;
}

/** A contract's average score over the playouts' trick counts. */
export function expectedScore(
  contract: { tricks: number; trump: Suit | null },
  taken: readonly number[],
): number {
  return taken.reduce((sum, won) => sum + contractScore(contract, won), 0) / taken.length;
}

/**
 * The contracts worth weighing for one trump choice. Beyond 1 trick only a premium pays for the
 * risk (a made contract scores 10 per trick won, whatever was announced), so the rest are each
 * premium's lowest contract: the trump's 300 threshold, 12 and 13.
 */
function candidateTricks(trump: Suit | null): number[] {
  const threshold = [...Array(TRICKS_PER_GAME).keys()]
    .map((i) => i + 1)
    .find((tricks) => premiumFor({ tricks, trump }) > 0) as number;
  return [1, threshold, 12, 13];
}

/** The announcement: its contract, with the tricks the playouts took on average. */
export interface Announcement {
  tricks: number;
  trump: Suit | null;
  expected: number;
}

/** The announce move and its reason for the chosen contract. */
export function announce(turn: RobotTurn<View, Move>, chosen: Announcement): RobotChoice<Move> {
  const { tricks, trump, expected } = chosen;
  const premium = premiumFor({ tricks, trump });
  const key = `onevstwo.robot.${premium > 0 ? "premium" : "safe"}${trump === null ? "NoTrump" : ""}`;
  const move = turn.legal.find((m) => m.type === "contract" && m.tricks === tricks && m.trump === trump);
  return {
    move: move as Move,
    reason: {
      key,
      params: { tricks, expected, premium, ...(trump === null ? {} : { trump: SUIT_SYMBOL[trump] }) },
    },
  };
}

/**
 * The contract with the best expected score over many playouts of this deal: 1 trick in the trump
 * that takes the most, unless a premium contract pays more on average. Enough playouts that a
 * lucky handful cannot talk the boss into a premium the hand rarely makes.
 */
function chooseContract(turn: RobotTurn<View, Move>): RobotChoice<Move> {
  const results = bossTricksByTrump(turn.view, turn.random, turn.hasTime, PLAYOUTS);
  let best: Announcement & { value: number } = {
    tricks: 1,
    trump: null,
    expected: 0,
    value: Number.NEGATIVE_INFINITY,
  };
  for (const [trump, taken] of results) {
    const expected = Math.round(taken.reduce((a, b) => a + b, 0) / taken.length);
    for (const tricks of candidateTricks(trump)) {
      const value = expectedScore({ tricks, trump }, taken);
      if (value > best.value) best = { tricks, trump, expected, value };
    }
  }
  return announce(turn, best);
}

export const onevstwoRobot: Robot<View, Move> = {
  choose(turn) {
    const { view } = turn;
    if (view.canAnnounce) return chooseContract(turn);
    if (!view.play || turn.legal.length === 0) return null;
    const { card, reason } = chooseCard(tableOf(view, view.play));
    const move = turn.legal.find((m) => m.type === "play" && sameCard(m.card, card));
    return move ? { move, reason } : null;
  },
};
