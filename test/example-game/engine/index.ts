import { type Card, cardLabel, standardDeck } from "../../../src/engine/core/cards.js";
import { RuleError } from "../../../src/engine/core/errors.js";
import {
  type ApplyResult,
  defineGame,
  fail,
  type GameEngine,
  type GameOptions,
  type Outcome,
  ok,
  type PlayerId,
} from "../../../src/engine/core/game.js";
import { createRng, shuffle } from "../../../src/engine/core/rng.js";
import { hasExactKeys } from "../../../src/engine/core/shape.js";
import type {
  Guess,
  GuessResult,
  HigherLowerMove,
  HigherLowerPrivateView,
  HigherLowerPublicView,
  HigherLowerState,
} from "./types.js";

export type * from "./types.js";

export const HIGHER_LOWER_ID = "higherlower";
/** Each player guesses this many times; the game turns twice as many cards after the first. */
export const GUESSES_PER_PLAYER = 5;
export const GUESSES: readonly Guess[] = ["higher", "lower"];
/** How a guess reads in any language. */
export const ARROW: Record<Guess, string> = { higher: "↑", lower: "↓" };

/** Aces are low, Kings high; an equal rank is neither higher nor lower. */
export function judge(guess: Guess, from: Card, turned: Card): GuessResult {
  if (turned.rank === from.rank) return "equal";
  return turned.rank > from.rank === (guess === "higher") ? "right" : "wrong";
}

function setup(players: readonly PlayerId[], _options: GameOptions, seed: number): HigherLowerState {
  if (players.length !== 2 || players[0] === players[1]) throw new Error("Higher or Lower needs two players");
  const rng = createRng(seed);
  const drawPile = shuffle(rng, standardDeck());
  const first = drawPile.pop() as Card;
  return {
    phase: "play",
    rng,
    players: [...players],
    drawPile,
    turned: [first],
    scores: Object.fromEntries(players.map((p) => [p, 0])),
    activeSeat: 0,
    last: null,
  };
}

const faceUp = (state: HigherLowerState) => state.turned.at(-1) as Card;

function guessesLeft(state: HigherLowerState, seat: number): number {
  const made = state.turned.length - 1;
  // Seat 0 makes guesses 1, 3, 5 …; seat 1 makes 2, 4, 6 ….
  return GUESSES_PER_PLAYER - Math.floor((made + 1 - seat) / 2);
}

function actors(state: HigherLowerState): PlayerId[] {
  return state.phase === "play" ? [state.players[state.activeSeat] as PlayerId] : [];
}

function legalMoves(state: HigherLowerState, player: PlayerId): HigherLowerMove[] {
  return actors(state).includes(player) ? GUESSES.map((guess) => ({ type: "guess", guess })) : [];
}

function parseMove(move: unknown): HigherLowerMove | null {
  if (!hasExactKeys(move, ["type", "guess"]) || move.type !== "guess") return null;
  return GUESSES.includes(move.guess as Guess) ? { type: "guess", guess: move.guess as Guess } : null;
}

function applyMove(
  state: HigherLowerState,
  player: PlayerId,
  move: HigherLowerMove,
): ApplyResult<HigherLowerState> {
  const drawPile = [...state.drawPile];
  const turned = drawPile.pop();
  if (!turned) return fail(new RuleError("core.gameOver"));
  const from = faceUp(state);
  const result = judge(move.guess, from, turned);
  const next: HigherLowerState = {
    ...state,
    rng: { ...state.rng },
    drawPile,
    turned: [...state.turned, turned],
    scores: { ...state.scores, [player]: (state.scores[player] ?? 0) + (result === "right" ? 1 : 0) },
    activeSeat: 1 - state.activeSeat,
    last: { player, guess: move.guess, from, turned, result },
  };
  if (next.turned.length > 2 * GUESSES_PER_PLAYER) next.phase = "over";
  const params = { player, arrow: ARROW[move.guess], from: cardLabel(from), turned: cardLabel(turned) };
  return ok(next, [{ key: `higherlower.event.${result}`, params }]);
}

/** The player with more points, or null for equal points. */
function winnerOf(scores: Record<PlayerId, number>, players: readonly PlayerId[]): PlayerId | null {
  const [a, b] = players.map((p) => scores[p] ?? 0) as [number, number];
  return a === b ? null : (players[a > b ? 0 : 1] as PlayerId);
}

function publicView(state: HigherLowerState): HigherLowerPublicView {
  const over = state.phase === "over";
  return {
    phase: state.phase,
    players: [...state.players],
    faceUp: faceUp(state),
    turned: [...state.turned],
    scores: { ...state.scores },
    guessesLeft: Object.fromEntries(state.players.map((p, seat) => [p, guessesLeft(state, seat)])),
    toTurn: 2 * GUESSES_PER_PLAYER - (state.turned.length - 1),
    drawPileCount: state.drawPile.length,
    active: over ? null : (state.players[state.activeSeat] as PlayerId),
    last: state.last,
    winner: over ? winnerOf(state.scores, state.players) : null,
  };
}

function privateView(state: HigherLowerState, viewer: PlayerId): HigherLowerPrivateView {
  return { ...publicView(state), viewer, legalMoves: legalMoves(state, viewer) };
}

function outcome(state: HigherLowerState): Outcome | null {
  if (state.phase !== "over") return null;
  const winner = winnerOf(state.scores, state.players);
  const loser = state.players.find((p) => p !== winner) as PlayerId;
  const points = (p: PlayerId) => state.scores[p] ?? 0;
  return {
    results: Object.fromEntries(
      state.players.map((p) => [
        p,
        { result: winner === null ? "draw" : p === winner ? "win" : "loss", score: points(p) },
      ]),
    ),
    summary:
      winner === null
        ? { key: "higherlower.outcome.draw", params: { points: points(loser) } }
        : {
            key: "higherlower.outcome.won",
            params: { player: winner, points: points(winner), other: points(loser) },
          },
  };
}

export type HigherLowerEngine = GameEngine<
  HigherLowerState,
  HigherLowerMove,
  HigherLowerPublicView,
  HigherLowerPrivateView
>;

export const higherLower: HigherLowerEngine = defineGame({
  id: HIGHER_LOWER_ID,
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  score: { better: "higher", unitKey: "higherlower.scoreUnit" },
  setup,
  players: (state) => state.players,
  actors,
  parseMove,
  legalMoves,
  applyMove,
  publicView,
  privateView,
  outcome,
});
