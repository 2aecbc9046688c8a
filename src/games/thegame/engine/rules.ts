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
import { hasExactKeys } from "../../../engine/core/shape.js";
import {
  PILE_DIRECTIONS,
  type PileDirection,
  SIGNALS,
  type TheGameMove,
  type TheGameOptions,
  type TheGameSignal,
  type TheGameState,
} from "./types.js";

export const LOWEST_CARD = 2;
export const HIGHEST_CARD = 99;
export const CARD_COUNT = HIGHEST_CARD - LOWEST_CARD + 1;
export const MIN_PLAYERS = 1;
export const MAX_PLAYERS = 5;
/** The value a pile shows before any card is on it. */
export const PILE_MARKER: Record<PileDirection, number> = { up: 1, down: 100 };
/** The backwards trick: exactly this far against the pile's direction. */
export const BACKWARDS_STEP = 10;

export function normaliseOptions(options: GameOptions): TheGameOptions {
  return { expert: options.expert === true, smallerHands: options.smallerHands === true };
}

export function handSizeFor(playerCount: number, options: TheGameOptions): number {
  const base = playerCount === 1 ? 8 : playerCount === 2 ? 7 : 6;
  return options.smallerHands ? base - 1 : base;
}

/** The draw pile only shrinks at the end of a turn, so the minimum is fixed for the whole turn. */
export function minimumThisTurn(state: TheGameState): number {
  if (state.drawPile.length === 0) return 1;
  return state.options.expert ? 3 : 2;
}

export function pileTop(state: TheGameState, pile: number): number {
  const cards = state.piles[pile] ?? [];
  return cards.length > 0 ? (cards[cards.length - 1] as number) : PILE_MARKER[PILE_DIRECTIONS[pile] ?? "up"];
}

/** Top of every pile, in pile order (aligned with PILE_DIRECTIONS). */
export function pileTops(state: TheGameState): number[] {
  return PILE_DIRECTIONS.map((_, pile) => pileTop(state, pile));
}

export function handOf(state: TheGameState, player: PlayerId): number[] {
  return state.hands[player] ?? [];
}

export function activePlayer(state: TheGameState): PlayerId | null {
  return state.phase === "play" ? (state.players[state.activeSeat] ?? null) : null;
}

/** Cards not played yet (every hand plus the draw pile): the score if the game ended now. */
export function cardsLeft(state: TheGameState): number {
  let left = state.drawPile.length;
  for (const player of state.players) left += handOf(state, player).length;
  return left;
}

/** Higher on an ascending pile, lower on a descending one, or exactly 10 back (the backwards trick). */
export function canPlayOn(direction: PileDirection, top: number, card: number): boolean {
  return direction === "up"
    ? card > top || card === top - BACKWARDS_STEP
    : card < top || card === top + BACKWARDS_STEP;
}

/**
 * Can `needed` more cards from `hand` be played one after another, each legally on the tops left by
 * the plays before it? `tops` holds the four pile tops aligned with PILE_DIRECTIONS. A search over
 * sequences, since one play can open another (ascending top 50, hand 60 and 50: 60, then 50 back).
 * Failed positions are memoised; the two piles of each direction are interchangeable, so positions
 * are keyed with each pair sorted.
 */
export function minimumReachable(hand: readonly number[], tops: readonly number[], needed: number): boolean {
  if (needed <= 0) return true;
  if (hand.length < needed) return false;
  if (needed === 1) return hand.some((card) => fitsAny(tops, card));
  const used = hand.map(() => false);
  const failed = new Set<string>();
  const search = (current: number[], left: number): boolean => {
    if (left === 0) return true;
    if (left === 1) return hand.some((card, i) => !used[i] && fitsAny(current, card));
    const key = positionKey(used, current);
    if (failed.has(key)) return false;
    for (let i = 0; i < hand.length; i++) {
      if (used[i]) continue;
      const card = hand[i] as number;
      for (let pile = 0; pile < current.length; pile++) {
        if (!canPlayOn(PILE_DIRECTIONS[pile] ?? "up", current[pile] as number, card)) continue;
        const next = current.slice();
        next[pile] = card;
        used[i] = true;
        const reached = search(next, left - 1);
        used[i] = false;
        if (reached) return true;
      }
    }
    failed.add(key);
    return false;
  };
  return search(tops.slice(), needed);
}

function fitsAny(tops: readonly number[], card: number): boolean {
  return tops.some((top, pile) => canPlayOn(PILE_DIRECTIONS[pile] ?? "up", top, card));
}

function positionKey(used: readonly boolean[], tops: readonly number[]): string {
  const [a = 0, b = 0, c = 0, d = 0] = tops;
  const ups = a < b ? `${a},${b}` : `${b},${a}`;
  const downs = c < d ? `${c},${d}` : `${d},${c}`;
  return `${used.map((u) => (u ? 1 : 0)).join("")}|${ups}|${downs}`;
}

/** Why `player` (the active player, as the shared guard checked) may not play `card` on `pile` now. */
function playError(state: TheGameState, player: PlayerId, card: number, pile: number): RuleError | null {
  if (state.phase === "claim") return new RuleError("thegame.startNotClaimed");
  if (!handOf(state, player).includes(card)) return new RuleError("thegame.notInHand", { card });
  const direction = PILE_DIRECTIONS[pile] as PileDirection;
  const top = pileTop(state, pile);
  if (!canPlayOn(direction, top, card)) {
    return new RuleError(`thegame.cannotPlayThere.${direction}`, { card, pile: pile + 1, top });
  }
  return null;
}

/**
 * True when playing `card` on `pile` is legal but leaves this turn's minimum out of reach, so the
 * game would end at once (the UI asks for confirmation first).
 */
export function wouldStrand(state: TheGameState, player: PlayerId, card: number, pile: number): boolean {
  return strandingPlays(state, player)[card]?.includes(pile) ?? false;
}

/**
 * Every move `player` may make now, in a stable order: in the claim phase the claim (for everyone);
 * in play, for the active player each fitting (card, pile) by ascending card then pile, then End
 * turn once the minimum is reached; then, for every seated player, the table signals (players may
 * talk whatever the turn). A stranger has no move, and once over nobody has.
 */
export function legalMoves(state: TheGameState, player: PlayerId): TheGameMove[] {
  if (!state.players.includes(player)) return [];
  if (state.phase === "claim") return [{ type: "claimStart" }];
  if (activePlayer(state) !== player) return signalMoves(state, player);
  const moves: TheGameMove[] = [];
  const tops = pileTops(state);
  for (const card of [...handOf(state, player)].sort((a, b) => a - b)) {
    tops.forEach((top, pile) => {
      if (canPlayOn(PILE_DIRECTIONS[pile] as PileDirection, top, card))
        moves.push({ type: "play", card, pile });
    });
  }
  if (state.playedThisTurn >= minimumThisTurn(state)) moves.push({ type: "endTurn" });
  moves.push(...signalMoves(state, player));
  return moves;
}

/** `player`'s signal on `pile`, or null. */
export function signalOf(state: TheGameState, player: PlayerId, pile: number): TheGameSignal | null {
  return state.signals.find((s) => s.player === player && s.pile === pile)?.signal ?? null;
}

/**
 * May `player` signal now? Any seated player, whatever the turn, while the cards are being played;
 * not alone at the table (nobody would read it).
 */
export function maySignal(state: TheGameState, player: PlayerId): boolean {
  return state.phase === "play" && state.players.length > 1 && state.players.includes(player);
}

/**
 * The signal moves that change something, pile by pile: each signal the player has not set there,
 * then clearing the one they have. Listed after the active player's plays, and alone for the others.
 */
export function signalMoves(state: TheGameState, player: PlayerId): TheGameMove[] {
  if (!maySignal(state, player)) return [];
  const moves: TheGameMove[] = [];
  PILE_DIRECTIONS.forEach((_, pile) => {
    const current = signalOf(state, player, pile);
    for (const signal of SIGNALS) if (signal !== current) moves.push({ type: "signal", pile, signal });
    if (current !== null) moves.push({ type: "signal", pile, signal: null });
  });
  return moves;
}

/**
 * For each card in `player`'s hand: the piles where playing it now is legal but ends the game,
 * since this turn's minimum would be out of reach (empty unless it is their turn).
 */
export function strandingPlays(state: TheGameState, player: PlayerId): Record<number, number[]> {
  const hand = handOf(state, player);
  const stranding: Record<number, number[]> = {};
  for (const card of hand) stranding[card] = [];
  const stillNeeded = minimumThisTurn(state) - state.playedThisTurn - 1;
  if (activePlayer(state) !== player || stillNeeded <= 0) return stranding;
  const tops = pileTops(state);
  for (const card of hand) {
    const rest = hand.filter((c) => c !== card);
    tops.forEach((top, pile) => {
      if (!canPlayOn(PILE_DIRECTIONS[pile] as PileDirection, top, card)) return;
      const next = tops.slice();
      next[pile] = card;
      if (!minimumReachable(rest, next, stillNeeded)) stranding[card]?.push(pile);
    });
  }
  return stranding;
}

export function setupGame(players: readonly PlayerId[], options: GameOptions, seed: number): TheGameState {
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    throw new RuleError("core.playerCount", { min: MIN_PLAYERS, max: MAX_PLAYERS });
  }
  if (new Set(players).size !== players.length) throw new Error("thegame: a player holds two seats");
  const gameOptions = normaliseOptions(options);
  const rng = createRng(seed);
  const deck: number[] = [];
  for (let card = LOWEST_CARD; card <= HIGHEST_CARD; card++) deck.push(card);
  shuffle(rng, deck);
  const handSize = handSizeFor(players.length, gameOptions);
  const hands: Record<PlayerId, number[]> = {};
  for (const player of players) hands[player] = deck.splice(deck.length - handSize, handSize);
  const state: TheGameState = {
    phase: players.length === 1 ? "play" : "claim",
    options: gameOptions,
    rng,
    players: [...players],
    hands,
    drawPile: deck,
    piles: PILE_DIRECTIONS.map(() => []),
    activeSeat: 0,
    playedThisTurn: 0,
    endReason: null,
    signals: [],
  };
  if (state.phase === "play") beginTurn(state, []);
  return state;
}

function isPileIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < PILE_DIRECTIONS.length;
}

/** Moves arrive from untrusted input: rebuild a clean move, or null for anything else. */
export function parseMove(move: unknown): TheGameMove | null {
  if (typeof move !== "object" || move === null || Array.isArray(move)) return null;
  const m = move as Record<string, unknown>;
  switch (m.type) {
    case "claimStart":
    case "endTurn":
      return hasExactKeys(m, ["type"]) ? { type: m.type } : null;
    case "play":
      if (!hasExactKeys(m, ["type", "card", "pile"])) return null;
      if (typeof m.card !== "number" || !Number.isSafeInteger(m.card) || !isPileIndex(m.pile)) return null;
      return { type: "play", card: m.card, pile: m.pile };
    case "signal": {
      if (!hasExactKeys(m, ["type", "pile", "signal"]) || !isPileIndex(m.pile)) return null;
      const signal = SIGNALS.find((s) => s === m.signal) ?? null;
      if (signal === null && m.signal !== null) return null;
      return { type: "signal", pile: m.pile, signal };
    }
    default:
      return null;
  }
}

/** A seated player who may act, with a well-formed move (the shared guard checked both). */
export function applyMove(
  state: TheGameState,
  player: PlayerId,
  move: TheGameMove,
): ApplyResult<TheGameState> {
  switch (move.type) {
    case "claimStart":
      return claimStart(state, player);
    case "play":
      return play(state, player, move.card, move.pile);
    case "endTurn":
      return endTurn(state, player);
    case "signal":
      return setSignal(state, player, move.pile, move.signal);
  }
}

/** A move any seated player may make whatever the turn (the shared guard asks): the table signals. */
export function isOutOfTurnMove(move: TheGameMove): boolean {
  return move.type === "signal";
}

/** A deep copy for a draft (the state's own shape: much faster than structuredClone on every move). */
function copyState(state: TheGameState): TheGameState {
  const hands: Record<PlayerId, number[]> = {};
  for (const player of state.players) hands[player] = [...handOf(state, player)];
  return {
    ...state,
    options: { ...state.options },
    rng: { ...state.rng },
    players: [...state.players],
    hands,
    drawPile: [...state.drawPile],
    piles: state.piles.map((pile) => [...pile]),
    signals: state.signals.map((entry) => ({ ...entry })),
  };
}

/**
 * Sets or clears `player`'s signal on `pile`. A signal is a word, never a number, so it can go on
 * the public table; one per player and pile; a signal that changes nothing is refused.
 */
function setSignal(
  state: TheGameState,
  player: PlayerId,
  pile: number,
  signal: TheGameSignal | null,
): ApplyResult<TheGameState> {
  if (state.phase !== "play") return fail(new RuleError("thegame.signalNotNow"));
  if (state.players.length < 2) return fail(new RuleError("thegame.signalSolo"));
  if (signalOf(state, player, pile) === signal) {
    return fail(new RuleError(signal === null ? "thegame.noSignalToClear" : "thegame.signalAlreadySet"));
  }
  const draft = copyState(state);
  const others = draft.signals.filter((s) => !(s.player === player && s.pile === pile));
  if (signal !== null) others.push({ player, pile, signal });
  const seat = (p: PlayerId) => draft.players.indexOf(p);
  draft.signals = others.sort((a, b) => seat(a.player) - seat(b.player) || a.pile - b.pile);
  return ok(draft, [{ key: `thegame.event.signal.${signal ?? "clear"}.${pile}`, params: { player } }]);
}

function claimStart(state: TheGameState, player: PlayerId): ApplyResult<TheGameState> {
  if (state.phase !== "claim") return fail(new RuleError("thegame.alreadyClaimed"));
  const draft = copyState(state);
  draft.phase = "play";
  draft.activeSeat = draft.players.indexOf(player);
  draft.playedThisTurn = 0;
  const events: GameEvent[] = [{ key: "thegame.event.claimed", params: { player } }];
  beginTurn(draft, events);
  return ok(draft, events);
}

function play(state: TheGameState, player: PlayerId, card: number, pile: number): ApplyResult<TheGameState> {
  const error = playError(state, player, card, pile);
  if (error !== null) return fail(error);
  const draft = copyState(state);
  const hand = handOf(draft, player);
  hand.splice(hand.indexOf(card), 1);
  (draft.piles[pile] as number[]).push(card);
  draft.playedThisTurn += 1;
  const events: GameEvent[] = [{ key: "thegame.event.played", params: { player, card, pile: pile + 1 } }];
  if (cardsLeft(draft) === 0) {
    endGame(draft, "allPlayed", events);
  } else {
    const stillNeeded = minimumThisTurn(draft) - draft.playedThisTurn;
    if (!minimumReachable(hand, pileTops(draft), stillNeeded)) endGame(draft, "stuck", events);
  }
  return ok(draft, events);
}

function endTurn(state: TheGameState, player: PlayerId): ApplyResult<TheGameState> {
  if (state.phase === "claim") return fail(new RuleError("thegame.startNotClaimed"));
  const minimum = minimumThisTurn(state);
  if (state.playedThisTurn < minimum) {
    return fail(new RuleError("thegame.minimumNotReached", { minimum, played: state.playedThisTurn }));
  }
  const draft = copyState(state);
  const hand = handOf(draft, player);
  const wanted = Math.max(0, handSizeFor(draft.players.length, draft.options) - hand.length);
  const drawn = draft.drawPile.splice(Math.max(0, draft.drawPile.length - wanted), wanted);
  hand.push(...drawn);
  const events: GameEvent[] = [
    { key: "thegame.event.turnEnded", params: { player, played: draft.playedThisTurn, drew: drawn.length } },
  ];
  draft.activeSeat = nextSeat(draft);
  draft.playedThisTurn = 0;
  beginTurn(draft, events);
  return ok(draft, events);
}

/** The next seat in order whose hand is not empty (the active seat itself if everyone else is out). */
function nextSeat(state: TheGameState): number {
  const count = state.players.length;
  for (let step = 1; step < count; step++) {
    const seat = (state.activeSeat + step) % count;
    if (handOf(state, state.players[seat] as PlayerId).length > 0) return seat;
  }
  return state.activeSeat;
}

/** A turn begins: the player's own signals go; a turn that cannot reach its minimum ends the game at once. */
function beginTurn(draft: TheGameState, events: GameEvent[]): void {
  const player = draft.players[draft.activeSeat] as PlayerId;
  // A player's signals were meant for the others' turns: their own turn clears them.
  draft.signals = draft.signals.filter((s) => s.player !== player);
  if (!minimumReachable(handOf(draft, player), pileTops(draft), minimumThisTurn(draft))) {
    endGame(draft, "stuck", events);
  }
}

function endGame(draft: TheGameState, reason: "allPlayed" | "stuck", events: GameEvent[]): void {
  draft.phase = "over";
  draft.endReason = reason;
  const player = draft.players[draft.activeSeat] as PlayerId;
  events.push(
    reason === "allPlayed"
      ? { key: "thegame.event.allPlayed" }
      : { key: "thegame.event.stuck", params: { player, score: cardsLeft(draft) } },
  );
}

/** The state as this code writes it (version 2) from a stored one of an older version. */
export function migrateState(state: unknown, fromVersion: number): TheGameState {
  if (fromVersion !== 1) throw new Error(`thegame: no migration from state version ${fromVersion}`);
  // Version 1 had no table signals.
  return { ...(state as Omit<TheGameState, "signals">), signals: [] };
}
