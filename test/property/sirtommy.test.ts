import { describe, expect, it } from "vitest";
import { type Card, cardCode } from "../../src/engine/core/cards.js";
import type { PlayerId } from "../../src/engine/core/game.js";
import { createRng, nextInt, type RngState } from "../../src/engine/core/rng.js";
import {
  ascendingRule,
  descendingRule,
  FOUNDATION_MAX,
  foundationMoves,
  SUPER_WINNER_CARDS,
  sirTommy,
} from "../../src/engine/games/sirtommy/index.js";
import type { SirTommyMove, SirTommyState } from "../../src/engine/games/sirtommy/types.js";
import {
  expectCooperativeEnd,
  expectExactReplay,
  expectJunkRefused,
  expectWholeDeck,
  PLAYERS,
  playRandom,
} from "./coopHarness.js";

const GAMES = 2_000;
const MAX_STEPS = 2_000;

/** Throws if a view holds any stock card, as a card object or as a card code. */
function expectNoStockCard(view: object, stock: readonly Card[]): void {
  if ("stock" in view || "rng" in view) fail("a view carries the stock or the RNG");
  const json = JSON.stringify(view);
  const shown = new Set<string>();
  for (const [, rank, suit] of json.matchAll(/"rank":(\d+),"suit":"([SHDC])"/g)) {
    shown.add(cardCode({ rank: Number(rank), suit: suit as Card["suit"] }));
  }
  for (const [, code] of json.matchAll(/"((?:A|J|Q|K|10|[2-9])[SHDC])"/g)) shown.add(code as string);
  for (const card of stock) if (shown.has(cardCode(card))) fail(`a view shows stock card ${cardCode(card)}`);
}

function fail(message: string): never {
  throw new Error(message);
}

function check(state: SirTommyState): void {
  const onFoundations = Object.values(state.foundations).flatMap((fs) => fs.flat());
  expectWholeDeck([...state.stock, ...state.drawn, ...state.rows.flat(), ...onFoundations]);
  if (state.drawn.length > 3) fail("more than 3 drawn cards");
  if (state.drawn.length > 0 && state.turnKind !== "draw") fail("drawn cards outside a draw turn");
  if (state.phase === "play" && state.passesInRow > 1) fail("the game went on after two passes");
  for (const player of state.players) {
    const rule = state.ascending === player ? ascendingRule : descendingRule;
    for (const foundation of state.foundations[player] ?? []) {
      if (foundation.length > FOUNDATION_MAX) fail("a foundation holds more than 13 cards");
      foundation.forEach((card, i) => {
        if (!rule(foundation.slice(0, i), card)) fail(`foundation out of order: ${foundation.map(cardCode)}`);
      });
    }
  }
  expectNoStockCard(sirTommy.publicView(state), state.stock);
  if (sirTommy.publicView(state).stockCount !== state.stock.length) fail("wrong stock count");
}

/** The private views hold no stock card either (checked in a share of the games: they cost more). */
function checkWithPrivateViews(state: SirTommyState): void {
  check(state);
  for (const player of PLAYERS) expectNoStockCard(sirTommy.privateView(state, player), state.stock);
}

/** Prefers putting cards on foundations and never passes a playable turn: wins far more often. */
function greedy(legal: SirTommyMove[], chooser: RngState): SirTommyMove {
  const toFoundation = legal.filter((m) => m.type === "toFoundation");
  const pool = toFoundation.length > 0 ? toFoundation : legal.filter((m) => m.type !== "pass");
  const choices = pool.length > 0 ? pool : legal;
  return choices[nextInt(chooser, choices.length)] as SirTommyMove;
}

describe("Sir Tommy: random legal games", () => {
  it(`${GAMES} games end, keep all 52 cards, hide the stock, never mutate input, and replay exactly`, () => {
    const chooser = createRng(31);
    const ends = { allPlaced: 0, twoPasses: 0, noMoves: 0, superWinner: 0 };
    for (let game = 0; game < GAMES; game++) {
      const pick = game % 2 === 0 ? greedy : undefined;
      const checks = game % 5 === 0 ? checkWithPrivateViews : check;
      const played = playRandom(sirTommy, 9000 + game, chooser, checks, MAX_STEPS, pick);
      const { final } = played;
      expect(final.phase).toBe("over");
      expectCooperativeEnd(sirTommy, final);
      const outcome = sirTommy.outcome(final);
      const reason = final.endReason ?? fail("no end reason");
      ends[reason]++;
      if (reason === "allPlaced") {
        const counts = PLAYERS.map((p) => outcome?.results[p]?.score ?? 0);
        expect(counts[0] ?? 0 + (counts[1] ?? 0)).toBeLessThanOrEqual(52);
        const best = PLAYERS.find((_, i) => (counts[i] ?? 0) >= SUPER_WINNER_CARDS) ?? null;
        expect(outcome?.superWinner).toBe(best);
        if (best) ends.superWinner++;
      } else {
        expect(outcome?.superWinner).toBeNull();
        expect(final.stock).toEqual([]);
        if (reason === "noMoves") {
          for (const p of PLAYERS) expect(foundationMoves(final, p as PlayerId)).toEqual([]);
        }
      }
      expectExactReplay(sirTommy, played);
    }
    expect(ends.allPlaced + ends.twoPasses + ends.noMoves).toBe(GAMES);
    expect(ends.allPlaced).toBeGreaterThan(0);
    console.info(`Sir Tommy endings over ${GAMES} games: ${JSON.stringify(ends)}`);
  });

  it("junk moves are refused without throwing, in every state of a game", () => {
    const chooser = createRng(13);
    const junk: unknown[] = [
      null,
      "pass",
      { type: "toFoundation", from: { kind: "stock", index: 0 }, foundation: 0 },
      { type: "toFoundation", from: { kind: "drawn", index: 3 }, foundation: 0 },
      { type: "toFoundation", from: { kind: "row", row: 4 }, foundation: 0 },
      { type: "toFoundation", from: { kind: "row", row: 0 }, foundation: 4 },
      { type: "toRow", drawnIndex: 3, row: 0 },
      { type: "toRow", drawnIndex: 0, row: -1 },
      { type: "propose", ascending: "stranger" },
      { type: "draw" },
    ];
    for (let game = 0; game < 60; game++) {
      const { states } = playRandom(sirTommy, 40_000 + game, chooser, () => {}, MAX_STEPS, greedy);
      for (const state of states) expectJunkRefused(sirTommy, state, junk);
    }
  });
});
