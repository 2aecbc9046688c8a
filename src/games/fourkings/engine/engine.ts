import {
  type Card,
  cardLabel,
  compareBySuitThenRankDesc,
  indexOfCard,
  standardDeck,
} from "../../../engine/core/cards.js";
import { RuleError } from "../../../engine/core/errors.js";
import {
  type ApplyResult,
  defineGame,
  fail,
  type GameEngine,
  type GameEvent,
  type GameOptions,
  type Outcome,
  ok,
  type PlayerId,
} from "../../../engine/core/game.js";
import { createRng, shuffle } from "../../../engine/core/rng.js";
import {
  cardsLabel,
  DRAW_COUNT,
  legalAssignments,
  legalHands,
  MAX_PER_CARD,
  PILE_RANKS,
  parseMove,
  ROUND_END_TOP_RANK,
  requiredHandSize,
  requirementFor,
  TURN_LIMIT,
  validateAssignment,
  validateHand,
  winsDrawnCard,
} from "./rules.js";
import type {
  FourKingsMemory,
  FourKingsMove,
  FourKingsPrivateView,
  FourKingsProgress,
  FourKingsPublicView,
  FourKingsStackResult,
  FourKingsState,
} from "./types.js";

/**
 * A copy of the state to change: new lists and generator, the same card objects (cards are never
 * changed in place, only moved between lists) and the same record of the last turn (only replaced).
 * Much cheaper than a deep copy, and the property harness applies many moves per state.
 */
function draftOf(state: FourKingsState): FourKingsState {
  return {
    ...state,
    options: { ...state.options },
    rng: { ...state.rng },
    controlled: [...state.controlled],
    hand: [...state.hand],
    drawn: [...state.drawn],
    drawPiles: state.drawPiles.map((pile) => [...pile]),
    lostPile: [...state.lostPile],
  };
}

function sorted(cards: readonly Card[]): Card[] {
  return [...cards].sort(compareBySuitThenRankDesc);
}

function setup(players: readonly PlayerId[], options: GameOptions, seed: number): FourKingsState {
  const player = players[0];
  if (players.length !== 1 || player === undefined)
    throw new RuleError("core.playerCount", { min: 1, max: 1 });
  const rng = createRng(seed);
  const deck = standardDeck();
  return {
    phase: "chooseHand",
    options: { peek: options.peek === true },
    rng,
    player,
    round: 1,
    controlled: sorted(deck.filter((c) => c.rank <= 3)),
    hand: [],
    drawn: [],
    drawPiles: PILE_RANKS.map((ranks) =>
      shuffle(
        rng,
        deck.filter((c) => ranks.includes(c.rank)),
      ),
    ),
    lostPile: [],
    turn: 0,
    reshuffledOnDraw: false,
    lastTurn: null,
    endReason: null,
  };
}

function activePile(state: FourKingsState): Card[] {
  return state.drawPiles[state.round - 1] as Card[];
}

/** Shuffles the lost pile into a new draw pile (the active one is empty whenever this is called). */
function reshuffleLostPile(draft: FourKingsState, events: GameEvent[]): void {
  events.push({ key: "fourkings.event.reshuffled", params: { count: draft.lostPile.length } });
  draft.drawPiles[draft.round - 1] = shuffle(draft.rng, draft.lostPile);
  draft.lostPile = [];
}

/** Step 2: draw 2, refilling the draw pile from the lost pile mid-draw; with both empty, draw what there is. */
function drawCards(draft: FourKingsState, events: GameEvent[]): void {
  draft.reshuffledOnDraw = false;
  while (draft.drawn.length < DRAW_COUNT) {
    if (activePile(draft).length === 0) {
      if (draft.lostPile.length === 0) break;
      reshuffleLostPile(draft, events);
      draft.reshuffledOnDraw = true;
    }
    draft.drawn.push(activePile(draft).pop() as Card);
  }
  events.push({ key: "fourkings.event.drew", params: { cards: cardsLabel(draft.drawn) } });
}

function chooseHand(state: FourKingsState, chosen: readonly Card[]): ApplyResult<FourKingsState> {
  const error = validateHand(state, chosen);
  if (error) return fail(error);
  const draft = draftOf(state);
  // The state's own cards, not the move's objects.
  draft.hand = draft.controlled.filter((c) => indexOfCard(chosen, c) >= 0);
  draft.controlled = draft.controlled.filter((c) => indexOfCard(chosen, c) < 0);
  const events: GameEvent[] = [];
  drawCards(draft, events);
  draft.phase = "assign";
  return ok(draft, events);
}

function controlledUpTo(state: FourKingsState, topRank: number): number {
  return state.controlled.filter((c) => c.rank <= topRank).length;
}

function kingsControlled(state: FourKingsState): number {
  return [...state.controlled, ...state.hand].filter((c) => c.rank === 13).length;
}

/** The round's goal: every card up to 6 (round 1), up to 10 (round 2), the four Kings (round 3). */
function progressOf(state: FourKingsState): FourKingsProgress {
  if (state.round === 3) return { have: kingsControlled(state), need: 4, top: null };
  const top = ROUND_END_TOP_RANK[state.round];
  const held = [...state.controlled, ...state.hand];
  return { have: held.filter((c) => c.rank <= top).length, need: 4 * top, top };
}

/** The checks after a turn: round end, the win, too few cards for the next turn, the turn limit. */
function endOfTurn(draft: FourKingsState, events: GameEvent[]): void {
  if (draft.round < 3) {
    const topRank = ROUND_END_TOP_RANK[draft.round as 1 | 2];
    if (controlledUpTo(draft, topRank) === 4 * topRank) {
      // Every card of this round's piles is controlled, so its draw and lost piles are empty.
      draft.round = draft.round === 1 ? 2 : 3;
      events.push({ key: "fourkings.event.roundStarted", params: { round: draft.round } });
    }
  } else if (kingsControlled(draft) === 4) {
    draft.endReason = "won";
  }
  if (!draft.endReason && draft.controlled.length < 2) draft.endReason = "tooFewCards";
  if (!draft.endReason && draft.turn >= TURN_LIMIT) draft.endReason = "turnLimit";
  if (draft.endReason) {
    draft.phase = "over";
    events.push((outcome(draft) as Outcome).summary);
  } else {
    draft.phase = "chooseHand";
  }
}

function assign(state: FourKingsState, stacks: readonly Card[][]): ApplyResult<FourKingsState> {
  const error = validateAssignment(state, stacks);
  if (error) return fail(error);
  const draft = draftOf(state);
  // The hand's own cards, not the move's objects.
  const placed = stacks.map((stack) => stack.map((c) => draft.hand[indexOfCard(draft.hand, c)] as Card));
  const events: GameEvent[] = [];
  const results: FourKingsStackResult[] = draft.drawn.map((drawn, i) => {
    const onIt = placed[i] as Card[];
    const won = winsDrawnCard(drawn, onIt);
    if (won) draft.controlled.push(drawn, ...onIt);
    else draft.lostPile.push(drawn, ...onIt);
    const params = { card: cardLabel(drawn), placed: cardsLabel(onIt) };
    events.push({ key: won ? "fourkings.event.won" : "fourkings.event.lost", params });
    return { drawn, placed: onIt, won };
  });
  const used = placed.flat();
  const returned = draft.hand.filter((c) => indexOfCard(used, c) < 0);
  draft.controlled = sorted([...draft.controlled, ...returned]);
  draft.hand = [];
  draft.drawn = [];
  draft.reshuffledOnDraw = false;
  draft.turn += 1;
  const reshuffled = activePile(draft).length === 0 && draft.lostPile.length > 0;
  if (reshuffled) reshuffleLostPile(draft, events);
  draft.lastTurn = { turn: draft.turn, round: draft.round, stacks: results, returned, reshuffled };
  endOfTurn(draft, events);
  return ok(draft, events);
}

/** A move of a known shape from the seated player of a running game (the shared guard checked that). */
function applyMove(
  state: FourKingsState,
  _player: PlayerId,
  move: FourKingsMove,
): ApplyResult<FourKingsState> {
  if (move.type !== state.phase) return fail(new RuleError("core.wrongPhase"));
  return move.type === "chooseHand" ? chooseHand(state, move.cards) : assign(state, move.stacks);
}

/**
 * Every move the player may make now: in "chooseHand" every hand (`legalHands`: long, up to 33,649
 * in round 1), in "assign" every way to place the hand (`legalAssignments`: 170 at most).
 */
function legalMoves(state: FourKingsState, player: PlayerId): FourKingsMove[] {
  if (player !== state.player) return [];
  if (state.phase === "chooseHand") return legalHands(state).map((cards) => ({ type: "chooseHand", cards }));
  if (state.phase === "assign") {
    const hand = state.hand.map((c) => ({ rank: c.rank, suit: c.suit }));
    return legalAssignments({ ...state, hand }).map((stacks) => ({ type: "assign", stacks }));
  }
  return [];
}

function publicView(state: FourKingsState): FourKingsPublicView {
  return {
    phase: state.phase,
    options: { ...state.options },
    player: state.player,
    round: state.round,
    turn: state.turn,
    turnLimit: TURN_LIMIT,
    controlled: sorted(state.controlled),
    hand: sorted(state.hand),
    drawn: state.drawn.map((c) => ({ ...c })),
    requirements: state.drawn.map(requirementFor),
    handSize: requiredHandSize(state.round, state.controlled.length + state.hand.length),
    maxPerCard: MAX_PER_CARD[state.round],
    drawPileCounts: state.drawPiles.map((pile) => pile.length),
    drawPileRanks: PILE_RANKS.map((ranks) => ({ lowest: Math.min(...ranks), highest: Math.max(...ranks) })),
    lostPileCount: state.lostPile.length,
    lostPile: state.options.peek ? sorted(state.lostPile) : null,
    reshuffledOnDraw: state.reshuffledOnDraw,
    lastTurn: state.lastTurn === null ? null : structuredClone(state.lastTurn),
    kingsControlled: kingsControlled(state),
    progress: progressOf(state),
    endReason: state.endReason,
  };
}

/**
 * The player's memory follows from the state without storing anything: the lost pile holds exactly
 * the stacks the player saw lost since the last reshuffle, and the draw pile exactly what the deal
 * or that reshuffle put there, less the cards drawn since (both sorted, so no order shows).
 */
function memoryOf(state: FourKingsState): FourKingsMemory {
  const copies = (cards: readonly Card[]): Card[] => sorted(cards).map((c) => ({ ...c }));
  return { lost: copies(state.lostPile), drawPile: copies(activePile(state)) };
}

function privateView(state: FourKingsState, player: PlayerId): FourKingsPrivateView {
  const own = player === state.player;
  return {
    ...publicView(state),
    viewer: player,
    canAct: own && state.phase !== "over",
    memory: own ? memoryOf(state) : null,
  };
}

function actors(state: FourKingsState): PlayerId[] {
  return state.phase === "over" ? [] : [state.player];
}

function outcome(state: FourKingsState): Outcome | null {
  if (state.phase !== "over" || state.endReason === null) return null;
  const controlled = state.controlled.length;
  const result = state.endReason === "won" ? "win" : "loss";
  return {
    results: { [state.player]: { result, score: controlled } },
    summary: {
      key: `fourkings.outcome.${state.endReason}`,
      params: { round: state.round, controlled, turns: state.turn },
    },
    score: controlled,
  };
}

export const fourKings: GameEngine<FourKingsState, FourKingsMove, FourKingsPublicView, FourKingsPrivateView> =
  defineGame({
    id: "fourkings",
    minPlayers: 1,
    maxPlayers: 1,
    options: [{ name: "peek", kind: "boolean", descriptionKey: "fourkings.option.peek", default: false }],
    score: { better: "higher", unitKey: "fourkings.scoreUnit" },
    setup,
    players: (state) => [state.player],
    actors,
    parseMove,
    legalMoves,
    applyMove,
    // The hand is chosen before the draw, which follows at once; placing the hand resolves the turn.
    // Until then the placement is a choice in the panel, not a move.
    finality: (_state, _player, move) => (move.type === "chooseHand" ? "revealed" : "turnPassed"),
    publicView,
    privateView,
    outcome,
  });
