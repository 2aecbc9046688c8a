import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { type Card, cardCode, isCard, SUITS } from "../../src/engine/core/cards.js";
import { createRng, nextFloat, type RngState, shuffle } from "../../src/engine/core/rng.js";
import {
  type FourKingsMove,
  type FourKingsPublicView,
  type FourKingsState,
  fourKings,
  greedyMove,
  legalAssignments,
  randomMove,
  requiredHandSize,
  TURN_LIMIT,
} from "../../src/engine/games/fourkings/index.js";
import { hasKey } from "../../src/i18n/index.js";

const PLAYER = "solo";
/** A card's place in the ordered deck, 0..51. */
const deckIndex = (c: Card): number => SUITS.indexOf(c.suit) * 13 + c.rank - 1;

/**
 * 2,000 games. A uniformly random player loses in round 1 within a dozen turns, so games mix random
 * moves with greedy ones: each move is greedy with the game's chance (by seed, out of 40 games: 16
 * at 0, 11 at 0.5, 6 at 0.7, 4 at 0.8 and one each at 0.9, 0.95 and 1). That takes about 1 game in
 * 20 to round 3 and keeps the file's run time down, as greedy games are long.
 */
const GAMES = 2000;
const GREEDINESS = [
  ...Array<number>(16).fill(0),
  ...Array<number>(11).fill(0.5),
  ...Array<number>(6).fill(0.7),
  ...Array<number>(4).fill(0.8),
  0.9,
  0.95,
  1,
];
/** Every this many steps, the costlier checks (draw pile order hidden, junk refused). */
const DEEP_CHECK_EVERY = 7;

/** Plain assertions: vitest's expect is too slow to call on every step of 2,000 games. */
function check(condition: boolean, message: string | (() => string)): void {
  if (!condition) expect.fail(typeof message === "string" ? message : message());
}

function expectWholeDeck(state: FourKingsState): void {
  const all = [
    ...state.controlled,
    ...state.hand,
    ...state.drawn,
    ...state.drawPiles.flat(),
    ...state.lostPile,
  ];
  const seen = new Array<boolean>(52).fill(false);
  for (const c of all) seen[deckIndex(c)] = true;
  check(
    all.length === 52 && seen.every(Boolean),
    () => `cards lost or duplicated: ${all.map(cardCode).join(" ")}`,
  );
}

/** Freezes a plain JSON value and everything inside it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** Every card anywhere in a value, except inside the record of the last turn (cards seen face up). */
function cardsShown(value: unknown, found: Card[] = []): Card[] {
  if (isCard(value)) found.push(value);
  else if (Array.isArray(value)) for (const item of value) cardsShown(item, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) if (key !== "lastTurn") cardsShown(item, found);
  }
  return found;
}

/** The public view holds no draw-pile card, no lost-pile card without peek, and no draw-pile field. */
function expectNothingHidden(state: FourKingsState, view: FourKingsPublicView): void {
  const hidden = new Set(
    [...state.drawPiles.flat(), ...(state.options.peek ? [] : state.lostPile)].map(cardCode),
  );
  const leaked = cardsShown(view).filter((c) => hidden.has(cardCode(c)));
  check(leaked.length === 0, () => `hidden cards in the public view: ${leaked.map(cardCode).join(" ")}`);
  check(!("drawPiles" in view), "draw piles in the public view");
  check(state.options.peek || view.lostPile === null, "lost pile shown without peek");
}

/** The public view does not change when the draw piles are put in another order. */
function expectDrawOrderHidden(state: FourKingsState, view: FourKingsPublicView, rng: RngState): void {
  const reordered = { ...state, drawPiles: state.drawPiles.map((pile) => shuffle(rng, [...pile])) };
  check(
    isDeepStrictEqual(fourKings.publicView(reordered), view),
    "the public view depends on draw pile order",
  );
}

/** Moves that must be refused in this state, without throwing. */
function junkFor(state: FourKingsState): unknown[] {
  const size = requiredHandSize(state.round, state.controlled.length + state.hand.length);
  const hiddenCard = state.drawPiles.flat()[0];
  return [
    null,
    { type: "chooseHand", cards: state.controlled.slice(0, size - 1) },
    { type: "chooseHand", cards: [...state.controlled.slice(0, size - 1), hiddenCard] },
    { type: "assign", stacks: state.drawn.map(() => []) },
    { type: "assign", stacks: [...state.drawn.map(() => state.hand.slice(0, 1)), state.hand.slice(1, 2)] },
    ...(state.drawn.length === 2
      ? [{ type: "assign", stacks: [state.hand.slice(0, 1), state.hand.slice(0, 1)] }]
      : []),
  ];
}

function expectJunkRefused(state: FourKingsState): void {
  for (const junk of junkFor(state)) {
    const result = fourKings.apply(state, PLAYER, junk as FourKingsMove);
    check(!result.ok, () => `junk accepted: ${JSON.stringify(junk)}`);
    if (!result.ok) check(hasKey(result.error.key), `no message for ${result.error.key}`);
  }
  check(!fourKings.apply(state, "stranger", greedyMove(state)).ok, "a stranger may move");
}

/** A state is consistent with its phase, and an ended game with its outcome. */
function expectConsistent(state: FourKingsState): void {
  const outcome = fourKings.outcome(state);
  check(state.turn <= TURN_LIMIT, "turn limit passed");
  if (state.phase === "assign") {
    check(state.drawn.length >= 1 && state.drawn.length <= 2, "one or two drawn cards");
    check(state.hand.length >= state.drawn.length, "a hand card for every drawn card");
    check(legalAssignments(state).length > 0, "an assignment phase without a legal assignment");
  } else {
    check(state.hand.length === 0 && state.drawn.length === 0, "hand or drawn cards between turns");
  }
  if (state.phase !== "over") {
    check(outcome === null && state.endReason === null, "an outcome while running");
    check(state.controlled.length + state.hand.length >= 2, "running with fewer than 2 cards");
    return;
  }
  check(outcome !== null, "no outcome when over");
  check(fourKings.actors(state).length === 0, "someone may act after the end");
  const kings = state.controlled.filter((c) => c.rank === 13).length;
  const result = outcome?.results[PLAYER]?.result;
  const expected = {
    won: kings === 4 && state.round === 3 && result === "win",
    tooFewCards: state.controlled.length < 2 && result === "loss",
    turnLimit: state.turn === TURN_LIMIT && result === "loss",
  };
  check(state.endReason !== null && expected[state.endReason], () => `a wrong end: ${state.endReason}`);
  check(kings < 4 || state.endReason === "won", "4 Kings controlled but not won");
}

/** How often the rarer situations came up, so the test shows it exercised them. */
interface Coverage {
  reshuffledOnDraw: number;
  reshuffledAfterTurn: number;
  singleCardDraws: number;
}

interface Played {
  seed: number;
  peek: boolean;
  moves: FourKingsMove[];
  final: FourKingsState;
}

function playGame(seed: number, coverage: Coverage): Played {
  const peek = seed % 2 === 0;
  const greediness = GREEDINESS[seed % GREEDINESS.length] as number;
  const chooser = createRng(seed * 7919 + 1);
  let state = fourKings.setup([PLAYER], { peek }, seed);
  const moves: FourKingsMove[] = [];
  for (let step = 0; state.phase !== "over"; step++) {
    check(step <= 2 * TURN_LIMIT, "the game did not end");
    const move = nextFloat(chooser) < greediness ? greedyMove(state) : randomMove(state, chooser);
    // A frozen input makes any write inside apply throw (ES modules run in strict mode).
    const result = fourKings.apply(deepFreeze(state), PLAYER, move);
    check(result.ok, () => `legal move refused: ${JSON.stringify(move)}`);
    if (!result.ok) break;
    for (const event of result.events) check(hasKey(event.key), `no message for ${event.key}`);
    state = result.state;
    moves.push(move);
    if (move.type === "chooseHand") {
      if (state.reshuffledOnDraw) coverage.reshuffledOnDraw++;
      if (state.drawn.length === 1) coverage.singleCardDraws++;
    } else if (state.lastTurn?.reshuffled) coverage.reshuffledAfterTurn++;
    expectWholeDeck(state);
    expectConsistent(state);
    const view = fourKings.publicView(state);
    expectNothingHidden(state, view);
    if (step % DEEP_CHECK_EVERY === 0) {
      expectDrawOrderHidden(state, view, chooser);
      if (state.phase !== "over") expectJunkRefused(state);
    }
  }
  return { seed, peek, moves, final: state };
}

function replay(game: Played): FourKingsState {
  let state = fourKings.setup([PLAYER], { peek: game.peek }, game.seed);
  for (const move of game.moves) {
    const result = fourKings.apply(state, PLAYER, move);
    if (!result.ok) throw new Error(`replay refused: ${result.error.key}`);
    state = result.state;
  }
  return state;
}

describe("Four Kings over 2,000 random legal games", () => {
  it("keeps every invariant, ends every game, and replays exactly", () => {
    const rounds = [0, 0, 0];
    const ends: Record<string, number> = {};
    const coverage: Coverage = { reshuffledOnDraw: 0, reshuffledAfterTurn: 0, singleCardDraws: 0 };
    for (let seed = 1; seed <= GAMES; seed++) {
      const game = playGame(seed, coverage);
      check(isDeepStrictEqual(replay(game), game.final), `seed ${seed} does not replay exactly`);
      rounds[game.final.round - 1] = (rounds[game.final.round - 1] ?? 0) + 1;
      const reason = game.final.endReason ?? "none";
      ends[reason] = (ends[reason] ?? 0) + 1;
    }
    // The games reach every round, both usual ends and every reshuffle case. The turn limit has its
    // own test (test/unit/fourkings/rounds.test.ts): random games do not reach it.
    expect(rounds.every((n) => n > 0)).toBe(true);
    expect(ends.won).toBeGreaterThan(0);
    expect(ends.tooFewCards).toBeGreaterThan(0);
    expect(coverage.reshuffledOnDraw).toBeGreaterThan(0);
    expect(coverage.reshuffledAfterTurn).toBeGreaterThan(0);
    expect(coverage.singleCardDraws).toBeGreaterThan(0);
    console.log(
      `fourkings: last rounds ${JSON.stringify(rounds)}, ends ${JSON.stringify(ends)}, ${JSON.stringify(coverage)}`,
    );
  });
});
