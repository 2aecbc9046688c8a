import { type Card, cardLabel, parseCard, SUIT_SYMBOL, sameCard } from "../../../engine/core/cards.js";
import { RuleError } from "../../../engine/core/errors.js";
import {
  type ApplyResult,
  fail,
  type GameEvent,
  type GameOptions,
  ok,
  type PlayerId,
} from "../../../engine/core/game.js";
import { createRng, shuffle } from "../../../engine/core/rng.js";
import {
  buildingCards,
  CASTLE_COUNT,
  cardList,
  castleSlotFor,
  completeCastles,
  decideOrder,
  EXCLUDES,
  fitsSomewhere,
  fitsVillage,
  hasFaceDownVillageCard,
  isBuildingCard,
  isNoble,
  MAX_PLAYERS,
  MIN_PLAYERS,
  POWER_LABEL,
  POWER_NOBLES,
  ROUND_CAP,
  runLength,
  shieldAgainst,
  sortTrio,
  TRIO_SIZE,
  trioHas,
  VILLAGE_COUNT,
} from "./rules.js";
import type {
  BuildSource,
  BuildTarget,
  NoblePower,
  TroubadourBoard,
  TroubadourMove,
  TroubadourState,
  TroubadourTurn,
  VillageCard,
} from "./types.js";

/** Extra cards per club noble. */
const CLUBS_QUEEN_EXTRA = 2;
const CLUBS_KING_EXTRA = 3;

function copyCards(cards: readonly Card[]): Card[] {
  return cards.map((c) => ({ rank: c.rank, suit: c.suit }));
}

function mapRecord<T, U>(record: Record<PlayerId, T>, f: (value: T) => U): Record<PlayerId, U> {
  const out: Record<PlayerId, U> = {};
  for (const key of Object.keys(record)) out[key] = f(record[key] as T);
  return out;
}

/**
 * The draft `apply` works on: the same deep copy as cloneState, written out field by field because
 * structuredClone costs ~60 µs on this card-heavy state and this ~4 µs (simulations, property tests).
 */
export function copyState(state: TroubadourState): TroubadourState {
  const { revealedAce } = state.turn;
  // Every field listed (no spread), so a new state field fails to compile until it is copied here.
  return {
    phase: state.phase,
    rng: { s: state.rng.s },
    players: [...state.players],
    round: state.round,
    roundCap: state.roundCap,
    boards: mapRecord(state.boards, (b) => ({
      drawPile: copyCards(b.drawPile),
      waste: copyCards(b.waste),
      villages: b.villages.map((v) =>
        v.map((vc) => ({ card: { rank: vc.card.rank, suit: vc.card.suit }, faceUp: vc.faceUp })),
      ),
      castles: b.castles.map(copyCards),
    })),
    picks: mapRecord(state.picks, (trio) => (trio ? copyCards(trio) : null)),
    order: [...state.order],
    dieRolls: mapRecord(state.dieRolls, (rolls) => [...rolls]),
    noblesUsed: mapRecord(state.noblesUsed, (used) => [...used]),
    turnIndex: state.turnIndex,
    turn: {
      standardDrawDone: state.turn.standardDrawDone,
      extraDraws: state.turn.extraDraws,
      revealedAce: revealedAce ? { village: revealedAce.village, position: revealedAce.position } : null,
    },
    winner: state.winner,
    endReason: state.endReason,
  };
}

function freshTurn(): TroubadourTurn {
  return { standardDrawDone: false, extraDraws: 0, revealedAce: null };
}

/**
 * Options: `roundCap` (a positive integer, default ROUND_CAP) — a number, so it is not offered as a
 * slash-command option; tests and simulations use it.
 */
export function setupGame(players: readonly PlayerId[], options: GameOptions, seed: number): TroubadourState {
  if (
    players.length < MIN_PLAYERS ||
    players.length > MAX_PLAYERS ||
    new Set(players).size !== players.length
  ) {
    throw new RuleError("core.playerCount", { min: MIN_PLAYERS, max: MAX_PLAYERS });
  }
  const rng = createRng(seed);
  const boards: Record<PlayerId, TroubadourBoard> = {};
  const picks: Record<PlayerId, Card[] | null> = {};
  const noblesUsed: Record<PlayerId, NoblePower[]> = {};
  for (const player of players) {
    const drawPile = shuffle(rng, buildingCards());
    // Each village: two cards face down, then one face up on top.
    const villages = Array.from({ length: VILLAGE_COUNT }, () =>
      [false, false, true].map((faceUp) => ({ card: drawPile.pop() as Card, faceUp })),
    );
    boards[player] = {
      drawPile,
      waste: [],
      villages,
      castles: Array.from({ length: CASTLE_COUNT }, () => []),
    };
    picks[player] = null;
    noblesUsed[player] = [];
  }
  const cap = options.roundCap;
  return {
    phase: "pick",
    rng,
    players: [...players],
    round: 1,
    roundCap: typeof cap === "number" && Number.isInteger(cap) && cap >= 1 ? cap : ROUND_CAP,
    boards,
    picks,
    order: [],
    turnIndex: 0,
    dieRolls: {},
    noblesUsed,
    turn: freshTurn(),
    winner: null,
    endReason: null,
  };
}

export function activePlayer(state: TroubadourState): PlayerId | null {
  return state.phase === "play" ? (state.order[state.turnIndex] ?? null) : null;
}

// ---- Move shape (moves come from untrusted custom_ids and select values) ----

type Loose = Record<string, unknown>;

/** A plain object whose own keys are all among `keys` (required ones are checked by the caller). */
function shaped(value: unknown, ...keys: string[]): value is Loose {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((key) => keys.includes(key))
  );
}

function isIndex(value: unknown, size: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < size;
}

/** Village positions and run lengths are bounded by the deck; exact ranges are checked against the state. */
const MAX_POSITION = 40;

function parseTarget(value: unknown): BuildTarget | null {
  if (!shaped(value, "kind", "village")) return null;
  if (value.kind === "castle" && value.village === undefined) return { kind: "castle" };
  if (value.kind === "village" && isIndex(value.village, VILLAGE_COUNT))
    return { kind: "village", village: value.village };
  return null;
}

function parseSource(value: unknown): BuildSource | null {
  if (!shaped(value, "kind", "village", "count")) return null;
  if (value.kind === "waste" && value.village === undefined && value.count === undefined)
    return { kind: "waste" };
  if (
    value.kind === "village" &&
    isIndex(value.village, VILLAGE_COUNT) &&
    isIndex(value.count, MAX_POSITION + 1) &&
    value.count >= 1
  )
    return { kind: "village", village: value.village, count: value.count };
  return null;
}

/**
 * A well-formed copy of `value` in its one canonical form (a trio lowest noble first, a plain draw
 * without `clubsJack`), or null for anything else, unknown fields included. Rules are checked later,
 * against the state.
 */
export function parseMove(value: unknown): TroubadourMove | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Loose;
  /** The move has no field but `type` and these. */
  const fields = (...keys: string[]) => shaped(value, "type", ...keys);
  switch (v.type) {
    case "pickNobles": {
      const nobles = Array.isArray(v.nobles) ? v.nobles.map(parseCard) : null;
      if (!fields("nobles") || !nobles || nobles.length > MAX_POSITION || nobles.includes(null)) return null;
      return { type: "pickNobles", nobles: sortTrio(nobles as Card[]) };
    }
    case "draw":
      if (!fields("clubsJack") || (v.clubsJack !== undefined && typeof v.clubsJack !== "boolean"))
        return null;
      return v.clubsJack ? { type: "draw", clubsJack: true } : { type: "draw" };
    case "clubsQueen":
    case "clubsKing":
    case "extraDraw":
    case "heartsQueenAce":
    case "endTurn":
      return fields() ? { type: v.type } : null;
    case "build": {
      const from = parseSource(v.from);
      const to = parseTarget(v.to);
      return fields("from", "to") && from && to ? { type: "build", from, to } : null;
    }
    case "heartsJack": {
      const to = parseTarget(v.to);
      if (
        !fields("village", "position", "to") ||
        !to ||
        !isIndex(v.village, VILLAGE_COUNT) ||
        !isIndex(v.position, MAX_POSITION)
      )
        return null;
      return { type: "heartsJack", village: v.village, position: v.position, to };
    }
    case "heartsQueen":
      if (
        !fields("village", "position") ||
        !isIndex(v.village, VILLAGE_COUNT) ||
        !isIndex(v.position, MAX_POSITION)
      )
        return null;
      return { type: "heartsQueen", village: v.village, position: v.position };
    case "heartsQueenKing": {
      const card = parseCard(v.card);
      return fields("card") && card ? { type: "heartsQueenKing", card } : null;
    }
    case "spadesJack":
      if (!fields("target", "village") || typeof v.target !== "string" || !isIndex(v.village, VILLAGE_COUNT))
        return null;
      return { type: "spadesJack", target: v.target, village: v.village };
    case "spadesQueen":
      if (!fields("target") || typeof v.target !== "string") return null;
      return { type: "spadesQueen", target: v.target };
    case "spadesTrio":
      if (!fields("target", "castle") || typeof v.target !== "string" || !isIndex(v.castle, CASTLE_COUNT))
        return null;
      return { type: "spadesTrio", target: v.target, castle: v.castle };
    default:
      return null;
  }
}

/**
 * One string per move, equal for equal moves whatever their field order or a `clubsJack: false`
 * (the key of its canonical form, see `parseMove`): for lookups such as "is this move legal now".
 */
export function moveKey(move: TroubadourMove): string {
  const canonical = parseMove(move);
  if (!canonical) throw new Error(`not a Troubadour move: ${JSON.stringify(move)}`);
  return JSON.stringify(canonical);
}

// ---- Rule checks (no mutation) ----

export function boardOf(state: TroubadourState, player: PlayerId): TroubadourBoard {
  return state.boards[player] as TroubadourBoard;
}

function opponentChoseClubs(state: TroubadourState, player: PlayerId): boolean {
  return state.players.some((p) => {
    const trio = p === player ? null : (state.picks[p] ?? null);
    return trioHas(trio, POWER_NOBLES.clubsJack) || trioHas(trio, POWER_NOBLES.clubsQueen);
  });
}

/** Why the active `player` cannot announce `power` now, whatever the target; null when they can. */
export function powerError(state: TroubadourState, player: PlayerId, power: NoblePower): RuleError | null {
  const noble = POWER_LABEL[power];
  if (!trioHas(state.picks[player] ?? null, POWER_NOBLES[power]))
    return new RuleError("troubadour.nobleNotChosen", { noble });
  const used = state.noblesUsed[player] ?? [];
  if (used.includes(power)) return new RuleError("troubadour.nobleAlreadyUsed", { noble });
  const excluded = EXCLUDES[power]?.find((p) => used.includes(p));
  if (excluded) return new RuleError("troubadour.nobleRuledOut", { noble, other: POWER_LABEL[excluded] });
  const turn = state.turn;
  switch (power) {
    case "clubsJack":
      return turn.standardDrawDone ? new RuleError("troubadour.alreadyDrawn") : null;
    case "clubsQueen":
    case "clubsKing":
      if (!turn.standardDrawDone) return new RuleError("troubadour.clubsNeedDraw", { noble });
      if (power === "clubsKing" && !opponentChoseClubs(state, player))
        return new RuleError("troubadour.clubsKingNeedsOpponentClubs");
      return null;
    case "heartsQueenKing":
      if (turn.standardDrawDone) return new RuleError("troubadour.searchAfterDraw");
      if (hasFaceDownVillageCard(boardOf(state, player)))
        return new RuleError("troubadour.searchNeedsNoFaceDown");
      return null;
    default:
      return null;
  }
}

function hasCardsToTurn(board: TroubadourBoard): boolean {
  return board.drawPile.length + board.waste.length > 0;
}

function targetError(
  board: TroubadourBoard,
  card: Card,
  to: BuildTarget,
  fromVillage: number | null,
): RuleError | null {
  if (to.kind === "village" && to.village === fromVillage) return new RuleError("troubadour.sameVillage");
  const fits =
    to.kind === "castle"
      ? castleSlotFor(board.castles, card) >= 0
      : fitsVillage(card, board.villages[to.village] ?? []);
  return fits ? null : new RuleError("troubadour.doesNotFit", { card: cardLabel(card) });
}

function buildError(board: TroubadourBoard, from: BuildSource, to: BuildTarget): RuleError | null {
  if (from.kind === "waste") {
    const top = board.waste.at(-1);
    return top ? targetError(board, top, to, null) : new RuleError("troubadour.emptySource");
  }
  const village = board.villages[from.village] ?? [];
  if (village.length === 0) return new RuleError("troubadour.emptySource");
  if (from.count > runLength(village)) return new RuleError("troubadour.notARun", { count: from.count });
  if (to.kind === "castle" && from.count > 1) return new RuleError("troubadour.runToCastle");
  const highest = village[village.length - from.count] as VillageCard;
  return targetError(board, highest.card, to, from.village);
}

function attackError(
  state: TroubadourState,
  player: PlayerId,
  power: NoblePower,
  target: PlayerId,
): RuleError | null {
  const err = powerError(state, player, power);
  if (err) return err;
  if (target === player || !state.players.includes(target)) return new RuleError("troubadour.notOpponent");
  const shield = shieldAgainst(state.picks[target] ?? null, power);
  if (shield)
    return new RuleError("troubadour.protected", {
      target,
      noble: POWER_LABEL[power],
      protector: cardLabel(shield),
    });
  return null;
}

/** Why the active `player` may not make this turn move now, or null when it is legal. */
export function turnMoveError(
  state: TroubadourState,
  player: PlayerId,
  move: TroubadourMove,
): RuleError | null {
  const board = boardOf(state, player);
  const turn = state.turn;
  switch (move.type) {
    case "pickNobles":
      return new RuleError("core.wrongPhase");
    case "draw":
      if (turn.standardDrawDone) return new RuleError("troubadour.alreadyDrawn");
      if (move.clubsJack) {
        const err = powerError(state, player, "clubsJack");
        if (err) return err;
      }
      return hasCardsToTurn(board) ? null : new RuleError("troubadour.noCardsToTurn");
    case "clubsQueen":
    case "clubsKing":
      return powerError(state, player, move.type);
    case "extraDraw":
      if (turn.extraDraws === 0) return new RuleError("troubadour.noExtraDraws");
      return hasCardsToTurn(board) ? null : new RuleError("troubadour.noCardsToTurn");
    case "build":
      return buildError(board, move.from, move.to);
    case "heartsJack": {
      const err = powerError(state, player, "heartsJack");
      if (err) return err;
      const village = board.villages[move.village] ?? [];
      const vc = village[move.position];
      if (!vc) return new RuleError("core.malformedMove");
      if (move.position === village.length - 1) return new RuleError("troubadour.heartsJackTopCard");
      if (!vc.faceUp) return new RuleError("troubadour.faceDown");
      return targetError(board, vc.card, move.to, move.village);
    }
    case "heartsQueen": {
      const err = powerError(state, player, "heartsQueen");
      if (err) return err;
      const vc = board.villages[move.village]?.[move.position];
      if (!vc) return new RuleError("core.malformedMove");
      return vc.faceUp ? new RuleError("troubadour.alreadyFaceUp") : null;
    }
    case "heartsQueenAce":
      return turn.revealedAce ? null : new RuleError("troubadour.noRevealedAce");
    case "heartsQueenKing": {
      const err = powerError(state, player, "heartsQueenKing");
      if (err) return err;
      const card = move.card;
      if (!isBuildingCard(card)) return new RuleError("troubadour.notBuildingCard");
      const label = cardLabel(card);
      const placed =
        board.villages.some((v) => v.some((vc) => sameCard(vc.card, card))) ||
        board.castles.some((c) => c.some((x) => sameCard(x, card)));
      if (placed) return new RuleError("troubadour.searchCardPlaced", { card: label });
      const top = board.waste.at(-1);
      return top && sameCard(top, card) ? new RuleError("troubadour.searchCardOnTop", { card: label }) : null;
    }
    case "spadesJack":
      return (
        attackError(state, player, move.type, move.target) ??
        (boardOf(state, move.target).villages[move.village]?.length
          ? null
          : new RuleError("troubadour.nothingToTake"))
      );
    case "spadesQueen":
      return (
        attackError(state, player, move.type, move.target) ??
        (boardOf(state, move.target).villages.some((v) => v.length > 0)
          ? null
          : new RuleError("troubadour.nothingToTake"))
      );
    case "spadesTrio":
      return (
        attackError(state, player, move.type, move.target) ??
        (boardOf(state, move.target).castles[move.castle]?.length
          ? null
          : new RuleError("troubadour.nothingToTake"))
      );
    case "endTurn":
      return null;
  }
}

// ---- Performing moves on a draft ----

/** Turns one card onto the waste, first turning the waste over (unshuffled) if the draw pile is empty. */
function turnOne(board: TroubadourBoard, player: PlayerId, events: GameEvent[]): Card {
  if (board.drawPile.length === 0) {
    events.push({ key: "troubadour.event.wasteRecycled", params: { player, count: board.waste.length } });
    // Turning the face-up pile over puts its bottom card on top of the new draw pile.
    board.drawPile = board.waste.reverse();
    board.waste = [];
  }
  const card = board.drawPile.pop() as Card;
  board.waste.push(card);
  return card;
}

/**
 * The log line of a build: which face-up card(s), from where, to where (one key per source and
 * target: `troubadour.event.build.<waste|village>.<castle|village>`).
 */
function buildEvent(player: PlayerId, cards: Card[], from: BuildSource, to: BuildTarget): GameEvent {
  return {
    key: `troubadour.event.build.${from.kind}.${to.kind}`,
    params: {
      player,
      cards: cardList(cards),
      ...(from.kind === "village" ? { from: from.village + 1 } : {}),
      ...(to.kind === "village" ? { village: to.village + 1 } : {}),
    },
  };
}

function place(board: TroubadourBoard, cards: Card[], to: BuildTarget): void {
  if (to.kind === "castle") {
    const card = cards[0] as Card;
    board.castles[castleSlotFor(board.castles, card)]?.push(card);
  } else {
    board.villages[to.village]?.push(...cards.map((card) => ({ card, faceUp: true })));
  }
}

/** Takes the card at `position` out of a village; the cards above it stay in order. */
function takeFromVillage(board: TroubadourBoard, village: number, position: number): Card {
  return ((board.villages[village] as VillageCard[]).splice(position, 1)[0] as VillageCard).card;
}

/** ♠ attacks: the taken cards are shuffled and put face down under the target's draw pile. */
function bury(state: TroubadourState, target: PlayerId, cards: Card[]): void {
  const board = boardOf(state, target);
  board.drawPile = [...shuffle(state.rng, cards), ...board.drawPile];
}

function turnUpTops(state: TroubadourState): void {
  for (const player of state.players)
    for (const village of boardOf(state, player).villages) {
      const top = village.at(-1);
      if (top) top.faceUp = true;
    }
}

function performTurnMove(state: TroubadourState, player: PlayerId, move: TroubadourMove): GameEvent[] {
  const board = boardOf(state, player);
  const turn = state.turn;
  const events: GameEvent[] = [];
  const revealedAce = turn.revealedAce;
  turn.revealedAce = null;
  const announce = (power: NoblePower) => (state.noblesUsed[player] as NoblePower[]).push(power);
  switch (move.type) {
    case "draw": {
      turn.standardDrawDone = true;
      if (!move.clubsJack) {
        const card = turnOne(board, player, events);
        events.push({ key: "troubadour.event.drew", params: { player, card: cardLabel(card) } });
        break;
      }
      announce("clubsJack");
      // One full pass: after as many turns as there are cards, every card has been on top once.
      const total = board.drawPile.length + board.waste.length;
      let count = 0;
      let fit = false;
      while (count < total && !fit) {
        fit = fitsSomewhere(board, turnOne(board, player, events));
        count++;
      }
      events.push({
        key: fit ? "troubadour.event.clubsJack" : "troubadour.event.clubsJackNoFit",
        params: { player, count, card: cardLabel(board.waste.at(-1) as Card) },
      });
      break;
    }
    case "clubsQueen":
    case "clubsKing": {
      announce(move.type);
      const extra = move.type === "clubsQueen" ? CLUBS_QUEEN_EXTRA : CLUBS_KING_EXTRA;
      turn.extraDraws += extra;
      events.push({ key: `troubadour.event.${move.type}`, params: { player, extra } });
      break;
    }
    case "extraDraw": {
      turn.extraDraws--;
      const card = turnOne(board, player, events);
      events.push({ key: "troubadour.event.extraDraw", params: { player, card: cardLabel(card) } });
      break;
    }
    case "build": {
      const from = move.from;
      const cards =
        from.kind === "waste"
          ? [board.waste.pop() as Card]
          : (board.villages[from.village] as VillageCard[]).splice(-from.count).map((vc) => vc.card);
      place(board, cards, move.to);
      events.push(buildEvent(player, cards, from, move.to));
      break;
    }
    case "heartsJack": {
      announce("heartsJack");
      const card = takeFromVillage(board, move.village, move.position);
      place(board, [card], move.to);
      const params = { player, card: cardLabel(card), from: move.village + 1 };
      events.push(
        move.to.kind === "castle"
          ? { key: "troubadour.event.heartsJackToCastle", params }
          : {
              key: "troubadour.event.heartsJackToVillage",
              params: { ...params, village: move.to.village + 1 },
            },
      );
      break;
    }
    case "heartsQueen": {
      announce("heartsQueen");
      const vc = board.villages[move.village]?.[move.position] as VillageCard;
      vc.faceUp = true;
      if (vc.card.rank === 1) turn.revealedAce = { village: move.village, position: move.position };
      events.push({
        key: "troubadour.event.heartsQueen",
        params: { player, village: move.village + 1, card: cardLabel(vc.card) },
      });
      break;
    }
    case "heartsQueenAce": {
      const ace = revealedAce as { village: number; position: number };
      const card = takeFromVillage(board, ace.village, ace.position);
      place(board, [card], { kind: "castle" });
      events.push({ key: "troubadour.event.heartsQueenAce", params: { player, card: cardLabel(card) } });
      break;
    }
    case "heartsQueenKing": {
      announce("heartsQueenKing");
      turn.standardDrawDone = true;
      let count = 0;
      do {
        turnOne(board, player, events);
        count++;
      } while (!sameCard(board.waste.at(-1) as Card, move.card));
      events.push({
        key: "troubadour.event.heartsQueenKing",
        params: { player, card: cardLabel(move.card), count },
      });
      break;
    }
    case "spadesJack": {
      announce("spadesJack");
      const taken = boardOf(state, move.target).villages[move.village]?.splice(0) ?? [];
      // Face-down cards stay secret: the log names only the face-up ones and counts the others.
      const shown = taken.filter((vc) => vc.faceUp).map((vc) => vc.card);
      events.push({
        key: "troubadour.event.spadesJack",
        params: {
          player,
          target: move.target,
          village: move.village + 1,
          count: taken.length,
          cards: cardList(shown),
          hidden: taken.length - shown.length,
        },
      });
      bury(
        state,
        move.target,
        taken.map((vc) => vc.card),
      );
      break;
    }
    case "spadesQueen": {
      announce("spadesQueen");
      const taken = boardOf(state, move.target)
        .villages.filter((v) => v.length > 0)
        .map((v) => (v.pop() as VillageCard).card);
      events.push({
        key: "troubadour.event.spadesQueen",
        params: { player, target: move.target, count: taken.length, cards: cardList(taken) },
      });
      bury(state, move.target, taken);
      break;
    }
    case "spadesTrio": {
      announce("spadesTrio");
      const taken = boardOf(state, move.target).castles[move.castle]?.splice(0) ?? [];
      events.push({
        key: "troubadour.event.spadesTrio",
        params: {
          player,
          target: move.target,
          suit: SUIT_SYMBOL[(taken[0] as Card).suit],
          count: taken.length,
          cards: cardList(taken),
        },
      });
      bury(state, move.target, taken);
      break;
    }
    case "pickNobles":
    case "endTurn":
      break;
  }
  turnUpTops(state);
  if (completeCastles(board) === CASTLE_COUNT) {
    state.phase = "over";
    state.winner = player;
    state.endReason = "castles";
    events.push({ key: "troubadour.event.won", params: { player } });
  }
  return events;
}

function endTurn(state: TroubadourState, player: PlayerId): GameEvent[] {
  const events: GameEvent[] = [{ key: "troubadour.event.turnEnded", params: { player } }];
  state.turn = freshTurn();
  state.turnIndex++;
  if (state.turnIndex < state.order.length) return events;
  if (state.round >= state.roundCap) {
    state.phase = "over";
    state.endReason = "roundCap";
    events.push({ key: "troubadour.event.roundCap", params: { rounds: state.round } });
    return events;
  }
  state.round++;
  state.phase = "pick";
  state.order = [];
  state.turnIndex = 0;
  state.dieRolls = {};
  for (const p of state.players) {
    state.picks[p] = null;
    state.noblesUsed[p] = [];
  }
  events.push({ key: "troubadour.event.newRound", params: { round: state.round } });
  return events;
}

function pickError(nobles: readonly Card[]): RuleError | null {
  const distinct = new Set(nobles.map(cardLabel)).size;
  return nobles.length === TRIO_SIZE && distinct === TRIO_SIZE && nobles.every(isNoble)
    ? null
    : new RuleError("troubadour.badPick", { count: TRIO_SIZE });
}

/** Records a (possibly changed) pick; once everyone has one, reveals all trios and orders the round. */
function pick(state: TroubadourState, player: PlayerId, nobles: Card[]): GameEvent[] {
  // Only the first pick is announced: a log line per change would tell the table that a player
  // is hesitating between trios.
  const firstPick = state.picks[player] === null;
  state.picks[player] = sortTrio(nobles);
  const events: GameEvent[] = firstPick ? [{ key: "troubadour.event.picked", params: { player } }] : [];
  if (state.players.some((p) => state.picks[p] === null)) return events;
  const trios = state.picks as Record<PlayerId, Card[]>;
  const { order, dieRolls } = decideOrder(state.players, trios, state.rng);
  state.phase = "play";
  state.order = order;
  state.turnIndex = 0;
  state.dieRolls = dieRolls;
  state.turn = freshTurn();
  for (const p of state.players) {
    events.push({ key: "troubadour.event.trio", params: { player: p, trio: cardList(trios[p] as Card[]) } });
  }
  for (const p of order) {
    const rolls = dieRolls[p];
    if (rolls)
      events.push({ key: "troubadour.event.dieRolls", params: { player: p, rolls: rolls.join(", ") } });
  }
  events.push({
    key: "troubadour.event.firstPlayer",
    params: { round: state.round, player: order[0] as PlayerId },
  });
  return events;
}

/** A move that passed the shared guard: the game is on, `player` is seated and may act, `move` is well formed. */
export function applyMove(
  state: TroubadourState,
  player: PlayerId,
  move: TroubadourMove,
): ApplyResult<TroubadourState> {
  if (state.phase === "pick") {
    if (move.type !== "pickNobles") return fail(new RuleError("core.wrongPhase"));
    const err = pickError(move.nobles);
    if (err) return fail(err);
    const draft = copyState(state);
    return ok(draft, pick(draft, player, move.nobles));
  }
  const err = turnMoveError(state, player, move);
  if (err) return fail(err);
  const draft = copyState(state);
  const events = move.type === "endTurn" ? endTurn(draft, player) : performTurnMove(draft, player, move);
  return ok(draft, events);
}
