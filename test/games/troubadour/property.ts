import { type Card, cardCode } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { nextFloat, nextInt, type RngState, shuffle } from "../../../src/engine/core/rng.js";
import {
  allNobles,
  CASTLE_COUNT,
  castleSlotFor,
  sortTrio,
  type TroubadourMove,
  type TroubadourState,
  troubadour,
  VILLAGE_COUNT,
} from "../../../src/games/troubadour/engine/index.js";
import type { PropertySpec } from "../../support/property/spec.js";

const SUIT_INDEX: Record<string, number> = { S: 0, H: 1, D: 2, C: 3 };

/** How often each building card occurs among `cards`, as 40 digits (a noble or junk shows as "x"). */
function tally(cards: Iterable<Card>): string {
  const counts = new Array<number | string>(40).fill(0);
  for (const card of cards) {
    const i = (SUIT_INDEX[card.suit] ?? 9) * 10 + card.rank - 1;
    if (card.rank > 10 || i >= 40) return "x";
    counts[i] = (counts[i] as number) + 1;
  }
  return counts.join("");
}

/** Every player always owns each of the 40 building cards exactly once. */
const FULL_DECK = "1".repeat(40);

function* ownCards(state: TroubadourState, player: PlayerId): Generator<Card> {
  const b = state.boards[player];
  if (!b) return;
  yield* b.drawPile;
  yield* b.waste;
  for (const v of b.villages) for (const vc of v) yield vc.card;
  for (const c of b.castles) yield* c;
}

/** Every card value in a view, wherever it sits. */
function cardsIn(value: unknown, found: Card[] = []): Card[] {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, found);
  else if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    if (typeof v.rank === "number" && typeof v.suit === "string") found.push(v as unknown as Card);
    else for (const key of Object.keys(v)) cardsIn(v[key], found);
  }
  return found;
}

/** The cards a board may show: face-up village cards, castles, the waste top. Nothing else. */
function visibleCards(state: TroubadourState, player: PlayerId): string {
  const b = state.boards[player];
  if (!b) return "";
  const top = b.waste.at(-1);
  const faceUp = b.villages.flat().filter((vc) => vc.faceUp);
  return tally([...faceUp.map((vc) => vc.card), ...b.castles.flat(), ...(top ? [top] : [])]);
}

const NOBLE = /"rank":1[123]/;

/** What a view shows that it must not: hidden building cards, or any noble before the reveal. */
function viewLeak(state: TroubadourState, view: unknown, viewer: PlayerId | null): string | null {
  const v = view as { boards: { player: PlayerId; trio: Card[] | null }[]; pick?: Card[] | null };
  for (const board of v.boards) {
    const { trio, ...rest } = board;
    // Building cards shown for a board are exactly its visible ones: no face-down, draw or buried waste card.
    const shown = cardsIn(rest);
    if (tally(shown) !== visibleCards(state, board.player))
      return `the board of ${board.player} shows ${shown.map(cardCode).join(" ")}`;
    if (state.phase === "pick" && trio !== null) return `the trio of ${board.player} before the reveal`;
  }
  if (state.phase !== "pick") return null;
  // No noble at all outside the viewer's own menu and own pick: nobody else's choice leaks.
  if (NOBLE.test(JSON.stringify({ ...v, nobles: [], pick: null }))) return "a noble before the reveal";
  if (viewer !== null && JSON.stringify(v.pick ?? null) !== JSON.stringify(state.picks[viewer] ?? null))
    return `${viewer}'s own pick is missing from their view`;
  return null;
}

/** What `player`'s private view shows that it must not (a hidden card, another player's pick). */
export function privateLeak(state: TroubadourState, player: PlayerId): string | null {
  return viewLeak(state, troubadour.privateView(state, player), player);
}

/**
 * All 40 cards of each player accounted for; a village top is always face up; turn order and end
 * reason match the phase. During the pick a private view shows the viewer's own pick and no other
 * (one viewer per state, in turn as the picks come in; the play phase's private views add only the
 * viewer's own moves to the public view).
 */
function invariant(state: TroubadourState): void {
  for (const p of state.players) {
    if (tally(ownCards(state, p)) !== FULL_DECK)
      throw new Error(`the 40 cards of ${p} are not all accounted for`);
    if (state.boards[p]?.villages.some((v) => v.length > 0 && !v.at(-1)?.faceUp))
      throw new Error(`${p} has a face-down village top`);
  }
  if (state.phase === "pick") {
    const picked = state.players.filter((p) => state.picks[p] !== null).length;
    const viewer = state.players[(state.round + picked) % state.players.length] as PlayerId;
    const leak = privateLeak(state, viewer);
    if (leak) throw new Error(`private view of ${viewer}: ${leak}`);
  }
  if ((state.phase === "pick") !== (state.order.length === 0))
    throw new Error("turn order and phase disagree");
  if ((state.phase === "over") !== (state.endReason !== null))
    throw new Error("phase and end reason disagree");
}

function publicLeak(state: TroubadourState, view: unknown): string | null {
  if (JSON.stringify(view).includes('"rng"')) return "the RNG";
  return viewLeak(state, view, null);
}

function pickOne<T>(rng: RngState, list: readonly T[]): T {
  return list[nextInt(rng, list.length)] as T;
}

const pick = (nobles: Card[]): TroubadourMove => ({ type: "pickNobles", nobles });

/**
 * Picks of every wrong size and kind, and turn moves, in every state; during the play also a random
 * sample of every move shape over every village, position (one past the top too), castle, opponent
 * (oneself and a stranger too), named card and target, so the games check that `legalMoves` misses
 * nothing `apply` would accept.
 */
function candidates(state: TroubadourState, player: PlayerId, rng: RngState): unknown[] {
  const nobles = shuffle(rng, allNobles());
  const [a, b, c, d] = nobles as [Card, Card, Card, Card];
  const moves: unknown[] = [
    pick(sortTrio([a, b, c])),
    pick(sortTrio([a, b])),
    pick(sortTrio([a, b, c, d])),
    pick([a, a, b]),
    pick(sortTrio([a, b, { rank: 10, suit: "S" }])),
    { type: "pickNobles", nobles: sortTrio([a, b, c]), extra: 1 },
    { type: "draw" },
    { type: "draw", clubsJack: true },
    { type: "clubsQueen" },
    { type: "clubsKing" },
    { type: "extraDraw" },
    { type: "heartsQueenAce" },
    { type: "endTurn" },
    { type: "endTurn", now: true },
  ];
  if (state.phase !== "play") return moves;
  const board = state.boards[player];
  const heights = Array.from({ length: VILLAGE_COUNT }, (_, v) => board?.villages[v]?.length ?? 0);
  // A village (or one past the last), a height in it (one past its top too), a target (the waste too).
  const village = () => nextInt(rng, VILLAGE_COUNT + 1);
  const upTo = (v: number) => nextInt(rng, (heights[v] ?? 0) + 2);
  const target = () => {
    const v = nextInt(rng, VILLAGE_COUNT + 2);
    return v === VILLAGE_COUNT
      ? { kind: "castle" }
      : v > VILLAGE_COUNT
        ? { kind: "waste" }
        : { kind: "village", village: v };
  };
  for (let i = 0; i < 6; i++) {
    const v = village();
    const from = nextInt(rng, 4) === 0 ? { kind: "waste" } : { kind: "village", village: v, count: upTo(v) };
    moves.push({ type: "build", from, to: target() });
  }
  for (let i = 0; i < 2; i++) {
    const v = village();
    moves.push({ type: "heartsQueen", village: v, position: upTo(v) });
    moves.push({ type: "heartsJack", village: v, position: upTo(v), to: target() });
    const card = { rank: 1 + nextInt(rng, 13), suit: pickOne(rng, ["S", "H", "D", "C"]) };
    moves.push({ type: "heartsQueenKing", card });
  }
  for (const target of [...state.players, "stranger"]) {
    moves.push({ type: "spadesQueen", target });
    moves.push({ type: "spadesJack", target, village: village() });
    moves.push({ type: "spadesTrio", target, castle: nextInt(rng, CASTLE_COUNT + 1) });
  }
  moves.push(
    { type: "build", from: { kind: "village", village: 0 }, to: { kind: "castle" } },
    { type: "build", from: { kind: "village", village: 0, count: 1 }, to: { kind: "castle" }, x: 1 },
    { type: "heartsQueenKing", card: { rank: 5, suit: "H", faceUp: true } },
  );
  return moves;
}

const DRAWS = new Set<TroubadourMove["type"]>(["draw", "clubsQueen", "clubsKing", "extraDraw"]);
const ATTACKS_AND_PEEKS = new Set<TroubadourMove["type"]>([
  "spadesJack",
  "spadesQueen",
  "spadesTrio",
  "heartsQueen",
]);

/**
 * A random but purposeful player, so games end in a win often enough: builds castles whenever it
 * can, turns every card it may (a ♥Q+K search names a card its castles need), often attacks or
 * peeks, and otherwise makes random moves or ends the turn.
 */
function choose(
  legal: TroubadourMove[],
  state: TroubadourState,
  player: PlayerId,
  rng: RngState,
): TroubadourMove {
  if (state.phase === "pick") return pickOne(rng, legal);
  const castles = state.boards[player]?.castles ?? [];
  const chance = (p: number) => nextFloat(rng) < p;
  const castleBuilds = legal.filter(
    (m) =>
      ((m.type === "build" || m.type === "heartsJack") && m.to.kind === "castle") ||
      m.type === "heartsQueenAce",
  );
  if (castleBuilds.length > 0 && chance(0.95)) return pickOne(rng, castleBuilds);
  const draws = legal.filter(
    (m) => DRAWS.has(m.type) || (m.type === "heartsQueenKing" && castleSlotFor(castles, m.card) >= 0),
  );
  if (draws.length > 0 && chance(0.9)) return pickOne(rng, draws);
  const attacks = legal.filter((m) => ATTACKS_AND_PEEKS.has(m.type));
  if (attacks.length > 0 && chance(0.5)) return pickOne(rng, attacks);
  const others = legal.filter((m) => m.type !== "endTurn");
  return others.length === 0 || chance(0.4) ? { type: "endTurn" } : pickOne(rng, others);
}

export const spec: PropertySpec<TroubadourState, TroubadourMove> = {
  engine: troubadour,
  // Short games keep 1,000 of them fast: every pick step costs the harness its 220 listed trios.
  // Long games that end in wins (castles built, attacked, completed) are property.test.ts.
  setups: [
    { players: 2, options: { roundCap: 1 } },
    { players: 3, options: { roundCap: 1 } },
    { players: 4, options: { roundCap: 1 } },
    { players: 2, options: { roundCap: 3 } },
  ],
  games: 1000,
  maxSteps: 5000,
  invariant,
  publicLeak,
  candidates,
  tryLegal: 6,
  choose,
};
