import { type Card, cardLabel, colourOf, type Suit, sameCard } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import { type RngState, rollDie } from "../../../engine/core/rng.js";
import type { NoblePower, NobleRole, TroubadourBoard, VillageCard } from "./types.js";

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
export const VILLAGE_COUNT = 5;
export const CASTLE_COUNT = 4;
export const TRIO_SIZE = 3;
/** A castle is complete with this rank on top. */
export const CASTLE_TOP = 10;
/** Random or stalling games end in a draw after this many rounds (a round = one turn each). */
export const ROUND_CAP = 200;

/** Noble rank for the turn order, low to high: suit first (♠ < ♦ < ♣ < ♥), then J < Q < K. */
export const NOBLE_SUIT_ORDER: readonly Suit[] = ["S", "D", "C", "H"];

export function isNoble(card: Card): boolean {
  return card.rank >= 11 && card.rank <= 13;
}

export function nobleValue(noble: Card): number {
  return NOBLE_SUIT_ORDER.indexOf(noble.suit) * 3 + (noble.rank - 11);
}

/** All twelve nobles, lowest first. */
export function allNobles(): Card[] {
  return NOBLE_SUIT_ORDER.flatMap((suit) => [11, 12, 13].map((rank) => ({ rank, suit })));
}

export function sortTrio(trio: readonly Card[]): Card[] {
  return [...trio].sort((a, b) => nobleValue(a) - nobleValue(b));
}

/** Lowest nobles first, then the second lowest, then the third: negative when `a` plays before `b`. */
export function compareTrios(a: readonly Card[], b: readonly Card[]): number {
  const sa = sortTrio(a);
  const sb = sortTrio(b);
  for (let i = 0; i < sa.length; i++) {
    const diff = nobleValue(sa[i] as Card) - nobleValue(sb[i] as Card);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * This round's turn order: by trio, lowest first. Players with identical trios each roll a fair
 * die, lowest first; if any two in such a group roll the same, the whole group rolls again.
 */
export function decideOrder(
  players: readonly PlayerId[],
  trios: Record<PlayerId, Card[]>,
  rng: RngState,
): { order: PlayerId[]; dieRolls: Record<PlayerId, number[]> } {
  const sorted = [...players].sort((a, b) => compareTrios(trios[a] ?? [], trios[b] ?? []));
  const order: PlayerId[] = [];
  const dieRolls: Record<PlayerId, number[]> = {};
  let i = 0;
  while (i < sorted.length) {
    let j = i + 1;
    while (
      j < sorted.length &&
      compareTrios(trios[sorted[i] as PlayerId] ?? [], trios[sorted[j] as PlayerId] ?? []) === 0
    )
      j++;
    const group = sorted.slice(i, j);
    if (group.length > 1) {
      for (const p of group) dieRolls[p] = [];
      const last = (p: PlayerId) => (dieRolls[p] as number[]).at(-1) as number;
      do {
        for (const p of group) (dieRolls[p] as number[]).push(rollDie(rng));
      } while (new Set(group.map(last)).size < group.length);
      group.sort((a, b) => last(a) - last(b));
    }
    order.push(...group);
    i = j;
  }
  return { order, dieRolls };
}

/** The nobles a power needs in the trio. */
export const POWER_NOBLES: Record<NoblePower, readonly Card[]> = {
  spadesJack: [{ rank: 11, suit: "S" }],
  spadesQueen: [{ rank: 12, suit: "S" }],
  spadesTrio: [
    { rank: 11, suit: "S" },
    { rank: 12, suit: "S" },
    { rank: 13, suit: "S" },
  ],
  clubsJack: [{ rank: 11, suit: "C" }],
  clubsQueen: [{ rank: 12, suit: "C" }],
  clubsKing: [{ rank: 13, suit: "C" }],
  heartsJack: [{ rank: 11, suit: "H" }],
  heartsQueen: [{ rank: 12, suit: "H" }],
  heartsQueenKing: [
    { rank: 12, suit: "H" },
    { rank: 13, suit: "H" },
  ],
};

/** Every power in the order a UI lists them. */
export const POWERS: readonly NoblePower[] = Object.keys(POWER_NOBLES) as NoblePower[];

/** How a power is written in messages. */
export const POWER_LABEL: Record<NoblePower, string> = {
  spadesJack: "♠J",
  spadesQueen: "♠Q",
  spadesTrio: "♠J+Q+K",
  clubsJack: "♣J",
  clubsQueen: "♣Q",
  clubsKing: "♣K",
  heartsJack: "♥J",
  heartsQueen: "♥Q",
  heartsQueenKing: "♥Q+K",
};

/** The ♦ noble in the target's trio that blocks each attack. */
export const ATTACK_BLOCKER: Partial<Record<NoblePower, Card>> = {
  spadesJack: { rank: 11, suit: "D" },
  spadesQueen: { rank: 12, suit: "D" },
  spadesTrio: { rank: 13, suit: "D" },
};

/** Is `power` an attack (♠J, ♠Q, ♠J+Q+K): aimed at one opponent, and blocked by a ♦ noble? */
export function isAttack(power: NoblePower): boolean {
  return ATTACK_BLOCKER[power] !== undefined;
}

/** The ♦ noble in `trio` that blocks the attack `power`, or null (also when `power` is no attack). */
export function shieldAgainst(trio: readonly Card[] | null, power: NoblePower): Card | null {
  const blocker = ATTACK_BLOCKER[power];
  return blocker && trioHas(trio, [blocker]) ? { rank: blocker.rank, suit: blocker.suit } : null;
}

/** What `noble` does by itself (see `NobleRole`); null for a card that is no noble. */
export function nobleRole(noble: Card): NobleRole | null {
  const is = (c: Card) => sameCard(c, noble);
  const own = POWERS.find((p) => POWER_NOBLES[p].length === 1 && POWER_NOBLES[p].some(is));
  if (own) return { kind: "power", power: own };
  const against = POWERS.find((p) => ATTACK_BLOCKER[p] && is(ATTACK_BLOCKER[p]));
  if (against) return { kind: "shield", against };
  const combination = POWERS.find((p) => POWER_NOBLES[p].some(is));
  if (!combination) return null;
  const needs = POWER_NOBLES[combination].filter((c) => !is(c)).map((c) => ({ rank: c.rank, suit: c.suit }));
  return { kind: "partner", power: combination, needs };
}

/** Powers that rule each other out within one turn (alone vs combination). */
export const EXCLUDES: Partial<Record<NoblePower, readonly NoblePower[]>> = {
  spadesJack: ["spadesTrio"],
  spadesQueen: ["spadesTrio"],
  spadesTrio: ["spadesJack", "spadesQueen"],
  heartsQueen: ["heartsQueenKing"],
  heartsQueenKing: ["heartsQueen"],
};

export function trioHas(trio: readonly Card[] | null, nobles: readonly Card[]): boolean {
  return trio !== null && nobles.every((n) => trio.some((c) => sameCard(c, n)));
}

/** The 40 building cards A–10 of one deck. */
export function buildingCards(): Card[] {
  const suits: Suit[] = ["S", "H", "D", "C"];
  return suits.flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((rank) => ({ rank, suit })));
}

export function isBuildingCard(card: Card): boolean {
  return card.rank >= 1 && card.rank <= CASTLE_TOP;
}

/** One lower and the opposite colour: the village building step (also between cards of a run). */
export function stacksOn(card: Card, below: Card): boolean {
  return card.rank === below.rank - 1 && colourOf(card.suit) !== colourOf(below.suit);
}

export function villageTop(village: readonly VillageCard[]): VillageCard | null {
  return village.at(-1) ?? null;
}

/** Does `card` (for a run: its highest card) go onto this village? An empty village takes any card. */
export function fitsVillage(card: Card, village: readonly VillageCard[]): boolean {
  const top = villageTop(village);
  return top === null || stacksOn(card, top.card);
}

/** The castle slot `card` goes on (an Ace takes the first empty slot), or -1. */
export function castleSlotFor(castles: readonly Card[][], card: Card): number {
  const own = castles.findIndex((c) => c.length > 0 && (c[0] as Card).suit === card.suit);
  if (own >= 0) {
    const top = castles[own]?.at(-1) as Card;
    return top.rank === card.rank - 1 && top.rank < CASTLE_TOP ? own : -1;
  }
  return card.rank === 1 ? castles.findIndex((c) => c.length === 0) : -1;
}

/** Length of the run on top of a village: face up, each card one lower and the other colour. */
export function runLength(village: readonly VillageCard[]): number {
  let n = 0;
  for (let i = village.length - 1; i >= 0; i--) {
    const vc = village[i] as VillageCard;
    if (!vc.faceUp) break;
    if (n > 0 && !stacksOn((village[i + 1] as VillageCard).card, vc.card)) break;
    n++;
  }
  return n;
}

/** Does `card` fit any own village top (an empty village takes any card) or castle? (♣J's stop.) */
export function fitsSomewhere(board: TroubadourBoard, card: Card): boolean {
  return castleSlotFor(board.castles, card) >= 0 || board.villages.some((v) => fitsVillage(card, v));
}

export function completeCastles(board: TroubadourBoard): number {
  return board.castles.filter((c) => c.at(-1)?.rank === CASTLE_TOP).length;
}

export function hasFaceDownVillageCard(board: TroubadourBoard): boolean {
  return board.villages.some((v) => v.some((vc) => !vc.faceUp));
}

/** "5♥ 4♠" for a log line. */
export function cardList(cards: readonly Card[]): string {
  return cards.map(cardLabel).join(" ");
}
