import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextInt, type RngState, shuffle } from "../../../src/engine/core/rng.js";
import {
  canPlayOn,
  handSizeFor,
  legalMoves,
  minimumThisTurn,
  PILE_DIRECTIONS,
  pileTops,
  type TheGameMove,
  type TheGameState,
  theGame,
} from "../../../src/games/thegame/engine/index.js";
import {
  FC_SEED,
  type GeneratedGame,
  generatedGame,
  nextMoveRng,
  propertyRuns,
} from "../../support/property/harness.js";
import { carefulMove, checkCards, publicLeak, randomMove, randomSignal } from "./property.js";

/** 20 configurations (1–5 players × 4 option combinations) × 100 games = 2,000 games. */
const GAMES_PER_CONFIG = 100;
const MOVE_LIMIT = 1000;

type Policy = "random" | "careful";

/** Half the games random, half careful. */
const GENERATED_GAMES = generatedGame({ policy: fc.constantFrom<Policy>("random", "careful") });

interface Coverage {
  games: number;
  /** Signals given out of turn and accepted, and signals cleared by their giver's turn beginning. */
  outOfTurnSignals: number;
  signalsClearedByTurn: number;
  drawPileEmptied: number;
  skippedSeat: number;
  perfect: number;
  stuckAtTurnStart: number;
  stuckMidTurn: number;
}

/** Plain assertions: vitest's expect is too slow to call on every field of every step of 2,000 games. */
function check(condition: boolean, message: string | (() => string)): void {
  if (!condition) expect.fail(typeof message === "string" ? message : message());
}

const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(a, b);

/** A plain reference for the stuck check: try every order, no memo, no pruning. */
function referenceReachable(hand: number[], tops: number[], needed: number): boolean {
  if (needed <= 0) return true;
  return hand.some((card, i) =>
    tops.some((top, pile) => {
      if (!canPlayOn(PILE_DIRECTIONS[pile] ?? "up", top, card)) return false;
      const nextTops = tops.slice();
      nextTops[pile] = card;
      return referenceReachable([...hand.slice(0, i), ...hand.slice(i + 1)], nextTops, needed - 1);
    }),
  );
}

/** Would this legal play leave the rest of this turn's minimum out of reach (the reference search)? */
function strandsByReference(
  state: TheGameState,
  player: string,
  move: { card: number; pile: number },
): boolean {
  const needed = minimumThisTurn(state) - state.playedThisTurn - 1;
  if (needed <= 0) return false;
  const tops = pileTops(state);
  tops[move.pile] = move.card;
  return !referenceReachable(
    (state.hands[player] ?? []).filter((c) => c !== move.card),
    tops,
    needed,
  );
}

/**
 * Random play among legalMoves (a signal one time in ten), or the careful player of the property
 * spec: random games rarely get past the first draws, careful ones reach the empty draw pile,
 * skipped seats and wins.
 */
function chooseMove(state: TheGameState, player: string, policy: Policy, rng: RngState): TheGameMove {
  const moves = legalMoves(state, player);
  if (policy === "random") return randomMove(moves, rng);
  return carefulMove(moves, state, player, rng);
}

/**
 * The ruling's signals, by reference: any seated player may give one out of turn while the cards
 * are played and others are at the table, if it changes their signal on that pile.
 */
function signalAccepted(state: TheGameState, player: string, move: TheGameMove): boolean {
  if (move.type !== "signal") return false;
  if (state.phase !== "play" || state.players.length < 2 || !state.players.includes(player)) return false;
  const current = state.signals.find((s) => s.player === player && s.pile === move.pile)?.signal ?? null;
  return current !== move.signal;
}

/** At most one signal per player and pile, ordered by seat then pile, each by a seated player. */
function checkSignals(state: TheGameState): void {
  const seat = (p: string) => state.players.indexOf(p);
  state.signals.forEach((s, i) => {
    check(seat(s.player) >= 0 && s.pile >= 0 && s.pile < 4, "signal by a stranger or on no pile");
    const prev = state.signals[i - 1];
    if (prev)
      check(
        seat(prev.player) * 4 + prev.pile < seat(s.player) * 4 + s.pile,
        "signals out of order or doubled",
      );
  });
}

function checkAllCardsAccounted(state: TheGameState): void {
  try {
    checkCards(state);
  } catch (error) {
    expect.fail(String(error));
  }
}

function hiddenCards(state: TheGameState): Set<number> {
  return new Set([...state.drawPile, ...Object.values(state.hands).flat()]);
}

/** Every number in the public view sits in a known field and holds no hidden card (the spec's check). */
function checkPublicViewFields(state: TheGameState): void {
  const leak = publicLeak(state, theGame.publicView(state));
  check(leak === null, () => `public view: ${leak}`);
}

/** Deal the hidden cards (all hands except `keep`'s, plus the draw pile) anew in the same shapes. */
function reshuffleHidden(state: TheGameState, rng: RngState, keep: string | null): TheGameState {
  const other = structuredClone(state);
  const owners = other.players.filter((p) => p !== keep);
  const pool = shuffle(rng, [...other.drawPile, ...owners.flatMap((p) => other.hands[p] ?? [])]);
  other.drawPile = pool.splice(0, other.drawPile.length);
  for (const p of owners) other.hands[p] = pool.splice(0, other.hands[p]?.length ?? 0);
  return other;
}

/** Views must not depend on hidden values: swapping them around changes nothing anyone sees. */
function checkNonInterference(state: TheGameState, rng: RngState): void {
  check(
    same(theGame.publicView(reshuffleHidden(state, rng, null)), theGame.publicView(state)),
    "public view leaks",
  );
  const viewer = state.players[nextInt(rng, state.players.length)] as string;
  check(
    same(
      theGame.privateView(reshuffleHidden(state, rng, viewer), viewer),
      theGame.privateView(state, viewer),
    ),
    "private view leaks another player's cards",
  );
}

/** The hints in the private view match legalMoves, for whoever may act and one other player. */
function checkPrivateHints(state: TheGameState, rng: RngState): void {
  const players = new Set([
    ...theGame.actors(state),
    state.players[nextInt(rng, state.players.length)] as string,
  ]);
  for (const player of players) {
    const view = theGame.privateView(state, player);
    const moves = legalMoves(state, player);
    const fromView = Object.entries(view.playable).flatMap(([card, piles]) =>
      piles.map((pile) => ({ type: "play", card: Number(card), pile })),
    );
    check(
      same(
        fromView,
        moves.filter((m) => m.type === "play"),
      ),
      "playable differs from legalMoves",
    );
    check(view.canEndTurn === moves.some((m) => m.type === "endTurn"), "canEndTurn differs from legalMoves");
    const stranding = Object.entries(view.stranding).flatMap(([card, piles]) =>
      piles.map((pile) => ({ type: "play", card: Number(card), pile })),
    );
    check(
      same(
        stranding,
        moves.filter((m) => m.type === "play" && strandsByReference(state, player, m)),
      ),
      "stranding differs from the reference search",
    );
    check(
      same(
        view.hand,
        [...(state.hands[player] ?? [])].sort((a, b) => a - b),
      ),
      "hand differs",
    );
  }
}

/** Checks one step's effect on piles, hands, draw pile and turn order against the rules. */
function checkStep(before: TheGameState, player: string, move: TheGameMove, after: TheGameState): void {
  if (move.type === "signal") {
    check(
      same({ ...after, signals: [] }, { ...before, signals: [] }),
      "a signal changed more than the signals",
    );
    const mine = (s: TheGameState) => s.signals.filter((x) => !(x.player === player && x.pile === move.pile));
    check(same(mine(after), mine(before)), "a signal changed another signal");
    const now = after.signals.find((x) => x.player === player && x.pile === move.pile)?.signal ?? null;
    check(now === move.signal, "the signal was not set");
    return;
  }
  if (move.type === "play") {
    const top = pileTops(before)[move.pile] as number;
    check(canPlayOn(PILE_DIRECTIONS[move.pile] ?? "up", top, move.card), "card does not fit");
    after.piles.forEach((pile, i) => {
      const expected = i === move.pile ? [...(before.piles[i] ?? []), move.card] : before.piles[i];
      check(same(pile, expected), () => `pile ${i} changed wrongly`);
    });
    check(after.playedThisTurn === before.playedThisTurn + 1, "played count");
  } else {
    check(same(after.piles, before.piles), "piles changed without a play");
  }
  if (move.type === "endTurn") {
    check(before.playedThisTurn >= minimumThisTurn(before), "turn ended below the minimum");
    const handSize = handSizeFor(before.players.length, before.options);
    const had = before.hands[player]?.length ?? 0;
    const expected = Math.max(had, Math.min(handSize, had + before.drawPile.length));
    check(after.hands[player]?.length === expected, "drew the wrong number of cards");
    const n = before.players.length;
    let next = before.activeSeat;
    for (let step = 1; step < n; step++) {
      const seat = (before.activeSeat + step) % n;
      if ((after.hands[before.players[seat] as string]?.length ?? 0) > 0) {
        next = seat;
        break;
      }
    }
    check(after.activeSeat === next, "wrong next seat");
    const nextPlayer = after.players[after.activeSeat] as string;
    check(
      !after.signals.some((x) => x.player === nextPlayer),
      "a player's signals survived their turn's start",
    );
    check((after.hands[after.players[after.activeSeat] as string] ?? []).length > 0, "active hand empty");
  }
}

/** The game is over exactly when the rules say: all played, or the active player cannot reach the minimum. */
function checkEndRule(state: TheGameState): void {
  const left = hiddenCards(state).size;
  if (state.phase === "claim") return;
  const active = state.players[state.activeSeat] as string;
  const reachable = referenceReachable(
    state.hands[active] ?? [],
    pileTops(state),
    minimumThisTurn(state) - state.playedThisTurn,
  );
  if (state.phase === "play") {
    check(left > 0 && reachable, "running although the game should have ended");
  } else if (state.endReason === "allPlayed") {
    check(left === 0, "allPlayed with cards left");
  } else {
    check(state.endReason === "stuck" && left > 0 && !reachable, "ended as stuck although not stuck");
  }
}

/**
 * A random move by a random seat, mostly illegal: apply must accept exactly what legalMoves lists,
 * and every signal the ruling lets anyone give out of turn is listed.
 */
function tryIllegal(state: TheGameState, rng: RngState): void {
  const player = state.players[nextInt(rng, state.players.length)] as string;
  const candidates: TheGameMove[] = [
    { type: "play", card: nextInt(rng, 102), pile: nextInt(rng, 4) },
    { type: "endTurn" },
    { type: "claimStart" },
    randomSignal(rng),
  ];
  const move = candidates[nextInt(rng, candidates.length)] as TheGameMove;
  const result = theGame.apply(state, player, move);
  const legal = legalMoves(state, player).some((m) => same(m, move));
  if (move.type === "signal")
    check(legal === signalAccepted(state, player, move), "signals listed off the ruling");
  check(result.ok === legal, () => `apply and legalMoves disagree on ${JSON.stringify(move)}`);
}

/** Plays `game` to its end (or to the end of a shrunk game's choices), checking every step. */
function playOneGame(
  playerCount: number,
  options: { expert: boolean; smallerHands: boolean },
  game: GeneratedGame<{ policy: Policy }>,
  coverage: Coverage,
): void {
  const { seed, policy } = game;
  const players = Array.from({ length: playerCount }, (_, i) => `p${i}`);
  let state = theGame.setup(players, options, seed);
  const moves: { player: string; move: TheGameMove }[] = [];
  let sawSkip = false;
  for (let n = 0; state.phase !== "over"; n++) {
    check(n < MOVE_LIMIT, "game did not end");
    const rng = nextMoveRng(game.choices);
    if (rng === null) return;
    checkAllCardsAccounted(state);
    // The view checks are the slow part: spread them over the steps (every state still gets some).
    if (n % 3 === 0) checkPublicViewFields(state);
    if (n % 7 === 1) checkNonInterference(state, rng);
    if (n % 3 === 2) checkPrivateHints(state, rng);
    checkEndRule(state);
    const snapshot = JSON.stringify(state);
    tryIllegal(state, rng);

    checkSignals(state);
    const actors = theGame.actors(state);
    // Now and then a waiting player signals out of turn (the ruling: any player, whatever the turn).
    const waiting = state.players.filter((p) => !actors.includes(p));
    const signaller = waiting[nextInt(rng, Math.max(1, waiting.length))];
    const outOfTurn = signaller !== undefined && nextInt(rng, 8) === 0;
    const player = outOfTurn ? signaller : (actors[nextInt(rng, actors.length)] as string);
    const move = outOfTurn ? randomSignal(rng) : chooseMove(state, player, policy, rng);
    if (outOfTurn && !signalAccepted(state, player, move)) {
      check(!theGame.apply(state, player, move).ok, "an out-of-turn signal the ruling refuses was accepted");
      continue;
    }
    if (outOfTurn) coverage.outOfTurnSignals++;
    const result = theGame.apply(state, player, move);
    check(JSON.stringify(state) === snapshot, "apply mutated its input (legal or illegal move)");
    if (!result.ok) expect.fail(`legal move refused: ${result.error.key}`);
    checkStep(state, player, move, result.state);
    if (move.type === "endTurn" && result.state.activeSeat !== (state.activeSeat + 1) % playerCount)
      sawSkip = true;
    if (move.type === "endTurn" && result.state.phase === "over") coverage.stuckAtTurnStart++;
    if (move.type === "play" && result.state.endReason === "stuck") coverage.stuckMidTurn++;
    if (move.type === "endTurn" || move.type === "claimStart") {
      const starter = result.state.players[result.state.activeSeat];
      if (state.signals.some((x) => x.player === starter)) coverage.signalsClearedByTurn++;
    }
    moves.push({ player, move });
    state = result.state;
  }

  checkAllCardsAccounted(state);
  checkEndRule(state);
  const outcome = theGame.outcome(state);
  const left = hiddenCards(state).size;
  expect(outcome?.score).toBe(left);
  for (const p of players)
    expect(outcome?.results[p]).toEqual({ result: left === 0 ? "win" : "loss", score: left });
  expect(theGame.publicView(state).finalHands).toEqual(
    Object.fromEntries(players.map((p) => [p, [...(state.hands[p] ?? [])].sort((a, b) => a - b)])),
  );

  let replay = theGame.setup(players, options, seed);
  for (const { player, move } of moves) {
    const result = theGame.apply(replay, player, move);
    expect(result.ok).toBe(true);
    if (result.ok) replay = result.state;
  }
  check(isDeepStrictEqual(replay, state), "replaying seed + moves gave another state");

  coverage.games++;
  if (state.drawPile.length === 0) coverage.drawPileEmptied++;
  if (sawSkip && playerCount > 1) coverage.skippedSeat++;
  if (state.endReason === "allPlayed") coverage.perfect++;
}

describe("The Game: random legal games keep every rule", () => {
  const total: Coverage = {
    games: 0,
    outOfTurnSignals: 0,
    signalsClearedByTurn: 0,
    drawPileEmptied: 0,
    skippedSeat: 0,
    perfect: 0,
    stuckAtTurnStart: 0,
    stuckMidTurn: 0,
  };
  // Each configuration draws its games from its own fast-check seed.
  let configuration = 0;
  for (let playerCount = 1; playerCount <= 5; playerCount++) {
    for (const expert of [false, true]) {
      for (const smallerHands of [false, true]) {
        const seed = FC_SEED + configuration++;
        it(`${playerCount} player(s), expert=${expert}, smallerHands=${smallerHands}: ${GAMES_PER_CONFIG} games`, () => {
          fc.assert(
            fc.property(GENERATED_GAMES, (game) =>
              playOneGame(playerCount, { expert, smallerHands }, game, total),
            ),
            propertyRuns(GAMES_PER_CONFIG, seed),
          );
        });
      }
    }
  }

  it("the games covered the late game (empty draw pile, skipped seats, both kinds of stuck, perfect wins) and signals given out of turn and cleared by a turn's start", () => {
    expect(total.games).toBe(2000);
    expect(total.drawPileEmptied).toBeGreaterThan(0);
    expect(total.skippedSeat).toBeGreaterThan(0);
    expect(total.stuckAtTurnStart).toBeGreaterThan(0);
    expect(total.stuckMidTurn).toBeGreaterThan(0);
    expect(total.perfect).toBeGreaterThan(0);
    expect(total.outOfTurnSignals).toBeGreaterThan(100);
    expect(total.signalsClearedByTurn).toBeGreaterThan(10);
  });
});
