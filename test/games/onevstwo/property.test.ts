import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, cardCode, SUITS } from "../../../src/engine/core/cards.js";
import type { GameEvent, PlayerId } from "../../../src/engine/core/game.js";
import { trickWinner } from "../../../src/engine/core/tricks.js";
import {
  contractScore,
  gamesInMatch,
  legalCards,
  type OnevstwoMove,
  type OnevstwoPrivateView,
  type OnevstwoState,
  onevstwo,
  stackOf,
  totalsOf,
} from "../../../src/games/onevstwo/engine/index.js";
import { hasKey } from "../../../src/i18n/index.js";
import {
  deepFreeze,
  FC_SEED,
  type GeneratedGame,
  generatedGame,
  nextMoveRng,
  oneIn,
  propertyRuns,
} from "../../support/property/harness.js";
import { privateLeak, spec } from "./property.js";

/**
 * 1,000 random 3-player and 1,000 random 4-player matches (mostly short, one in 25 the whole match;
 * half with autoplay; half the whole matches checked after every move, the others after every 13th
 * and at each game's end), checking what the kit's harness (test/property/kit.test.ts with
 * property.ts) does not: per game, all 52 cards played once from the round's deal, 13 tricks that
 * sum to 13, the score by the contract and zero-sum (each louse the boss's negative with 3 players;
 * pair against pair with 4); the same deal for every game of a round and a new one each round; the
 * number of games; no private hand in any public view, and no other player's hand in a private
 * view; the input state never changed (it is frozen); and the exact replay of every match.
 */
const GAMES = 1000;

/** Plain checks: vitest's expect is too slow to call on every step of 2,000 matches. */
function check(condition: boolean, message: string | (() => string)): void {
  if (!condition) expect.fail(typeof message === "string" ? message : message());
}

const index = (card: Card): number => SUITS.indexOf(card.suit) * 13 + card.rank - 1;

interface GameTally {
  played: Set<number>;
  tricks: number;
  lastTrick: GameEvent | null;
}

const newTally = (): GameTally => ({ played: new Set(), tricks: 0, lastTrick: null });

/** Each private view: own hand only, announcing and playing exactly when the rules say so. */
function checkPrivateViews(state: OnevstwoState): void {
  const pub = onevstwo.publicView(state);
  for (const p of state.players) {
    const view = onevstwo.privateView(state, p) as OnevstwoPrivateView;
    const leak = privateLeak(state, p, view);
    check(leak === null, () => `private view leaks: ${leak}`);
    check(view.canAnnounce === (state.phase === "contract" && pub.roles.boss === p), "canAnnounce");
    const plays = state.phase === "play" && pub.actor === p;
    check((view.play !== null) === plays, () => `${p} play ${JSON.stringify(view.play)}`);
    if (view.play) {
      check(view.play.from === pub.toPlay, "play.from is not the place to play");
      check(
        view.play.legal.map(cardCode).join() === legalCards(state, p).map(cardCode).join(),
        "play.legal differs from legalCards",
      );
    }
  }
}

/** A generated match's settings: `checkAll` counts in a whole match only. */
type Match = GeneratedGame<{ wholeMatch: boolean; autoplay: boolean; checkAll: boolean }>;

const MATCHES = generatedGame({ wholeMatch: oneIn(25), autoplay: fc.boolean(), checkAll: fc.boolean() });

/** Plays `match` to its end (or to the end of a shrunk match's choices), checking it throughout. */
function playMatch(players: PlayerId[], match: Match): void {
  const { seed } = match;
  const checkAll = match.wholeMatch && match.checkAll;
  const options = { shortMatch: !match.wholeMatch, autoplay: match.autoplay };
  let state = deepFreeze(onevstwo.setup(players, options, seed));
  const moves: [PlayerId, OnevstwoMove][] = [];
  const n = players.length;
  let tally = newTally();
  let step = 0;
  const inspect = (s: OnevstwoState) => {
    spec.invariant(s);
    const leak = spec.publicLeak(s, onevstwo.publicView(s));
    check(leak === null, () => `public view leaks: ${leak}`);
    checkPrivateViews(s);
  };
  inspect(state);
  while (onevstwo.outcome(state) === null) {
    check(step++ < spec.maxSteps, "the match does not end");
    const rng = nextMoveRng(match.choices);
    if (rng === null) return;
    const actors = onevstwo.actors(state);
    check(actors.length === 1, "one actor at a time");
    const player = actors[0] as PlayerId;
    const legal = onevstwo.legalMoves(state, player);
    check(legal.length > 0, "no legal move");
    if (state.phase === "contract") check(legal.length === 65, `${legal.length} contracts`);
    const move = (spec.choose as NonNullable<typeof spec.choose>)(legal, state, player, rng);
    const result = onevstwo.apply(state, player, move);
    if (!result.ok) throw new Error(`legal move refused: ${result.error.key} ${JSON.stringify(move)}`);
    const next = deepFreeze(result.state);
    moves.push([player, move]);
    for (const event of result.events) {
      check(hasKey(event.key), () => `no English text for ${event.key}`);
      if (/^onevstwo\.event\.trick(Dummy)?\.[1-4]$/.test(event.key)) {
        tally.tricks++;
        tally.lastTrick = event;
        const p = event.params ?? {};
        check(p.trick === tally.tricks, "trick numbers");
        check(
          Number(p.bossTricks) + Number(p.liceTricks) === tally.tricks,
          "tricks won sum to the trick number",
        );
      }
    }
    const finished = next.sheet.length > state.sheet.length;
    // The cards that left the hands with this move: all that were left when the game finished.
    for (let i = 0; i < 4; i++) {
      const before = state.stacks[i] as Card[];
      const now = finished ? [] : (next.stacks[i] as Card[]);
      if (now === before) continue;
      for (const card of before) {
        if (now.includes(card)) continue;
        const c = index(card);
        check(!tally.played.has(c), "a card played twice");
        tally.played.add(c);
      }
    }
    if (finished) {
      check(next.sheet.length === state.sheet.length + 1, "one game at a time");
      const line = next.sheet.at(-1) as OnevstwoState["sheet"][number];
      check(tally.played.size === 52, () => `${tally.played.size} cards played in game ${line.game}`);
      check(tally.tricks === 13, () => `${tally.tricks} tricks in game ${line.game}`);
      const last = tally.lastTrick?.params ?? {};
      check(Number(last.bossTricks) + Number(last.liceTricks) === 13, "tricks do not sum to 13");
      check(last.bossTricks === line.tricksWon, "the sheet's tricks differ from the last trick's count");
      check(line.score === contractScore(line.contract, line.tricksWon), "score");
      const sum = players.reduce((acc, p) => acc + (line.perPlayer[p] ?? 0), 0);
      if (n === 3) check(sum === -line.score, "3 players: each louse scores the boss's negative");
      else check(sum === 0, "4 players: pair against pair");
      if (next.phase !== "over") {
        // The 13th trick stays on the table, each card at the new game's place of the seat that played it.
        const last = next.lastTrick;
        check(last !== null && last.cards.length === 4, "the 13th trick is kept");
        for (const { place, card } of last?.cards ?? []) {
          const dealt = state.deal[stackOf(next, place)] ?? [];
          check(
            dealt.some((c) => index(c) === index(card)),
            () => `${cardCode(card)} shown at ${place}`,
          );
        }
        const top = trickWinner(
          (last?.cards ?? []).map((p) => p.card),
          line.contract.trump,
        );
        check(last?.cards[top]?.place === last?.winner, "the kept trick's winner");
        const sameRound = next.round === state.round;
        check(sameRound ? next.deal === state.deal : next.deal !== state.deal, "the deal per round");
        check(
          next.roundFirstBoss === (sameRound ? state.roundFirstBoss : (state.roundFirstBoss + 1) % n),
          "first boss rotation",
        );
        check(JSON.stringify(next.stacks) === JSON.stringify(next.deal), "a new game starts with the deal");
      }
      tally = newTally();
    }
    state = next;
    if (checkAll || step % 13 === 0 || finished) inspect(state);
  }
  inspect(state);
  check(state.sheet.length === gamesInMatch(n, options.shortMatch), "games in the match");
  const outcome = onevstwo.outcome(state);
  const totals = totalsOf(state);
  if (n === 4) check(totals.p1 === totals.p3 && totals.p2 === totals.p4, "pair totals");
  const best = Math.max(...players.map((p) => totals[p] ?? 0));
  for (const p of players) {
    const r = outcome?.results[p];
    check(r?.score === totals[p], "outcome score is the total");
    check((r?.result === "loss") === (totals[p] !== best), "the highest total wins");
  }
  check(hasKey(outcome?.summary.key ?? ""), "summary text");
  check(onevstwo.actors(state).length === 0, "nobody acts once over");
  // Exact replay of seed + moves.
  let replay = onevstwo.setup(players, options, seed);
  for (const [player, move] of moves) {
    const result = onevstwo.apply(replay, player, structuredClone(move));
    if (!result.ok) throw new Error(`replay refused: ${result.error.key}`);
    replay = result.state;
  }
  check(JSON.stringify(replay) === JSON.stringify(state), `replay of seed ${seed} differs`);
}

describe("One versus Two property: random matches keep every invariant", () => {
  it.each([3, 4])(
    "%i players: 1,000 random matches",
    (playerCount) => {
      const players = ["p1", "p2", "p3", "p4"].slice(0, playerCount);
      fc.assert(
        fc.property(MATCHES, (match) => playMatch(players, match)),
        propertyRuns(GAMES, FC_SEED + playerCount),
      );
    },
    120_000,
  );
});
