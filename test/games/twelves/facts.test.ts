import { describe, expect, it } from "vitest";
import { rankLabel } from "../../../src/engine/core/cards.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesMove, TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { ANN, BOB, CONFIRM, must, proposal } from "./fixtures.js";

/**
 * Depth-first search for a winning line. Which player moves follows from how many cards are gone,
 * so the column heights alone identify a position; dead positions are remembered.
 */
function solve(state: TwelvesState, dead: Set<string>, budget: { nodes: number }): TwelvesMove[] | null {
  if (state.phase === "over") return state.endReason === "allTaken" ? [] : null;
  const key = state.columns.map((c) => c.length).join("");
  if (dead.has(key) || budget.nodes-- <= 0) return null;
  const player = twelves.actors(state)[0] as string;
  for (const move of twelves.legalMoves(state, player)) {
    const line = solve(must(state, player, move), dead, budget);
    if (line) return [move, ...line];
  }
  dead.add(key);
  return null;
}

const pairKind = (pair: [{ rank: number }, { rank: number }]) =>
  pair
    .map((c) => c.rank)
    .sort((a, b) => a - b)
    .map(rankLabel)
    .join("+");

describe("Twelves: facts about won games (docs/RULES.md §2, facts for tests and hints)", () => {
  it("a won game leaves each player 13 pairs, two cards of every rank, 6+6 and 7+7 at most once, no pair kind more than twice", () => {
    let won = 0;
    for (let seed = 1; seed <= 40 && won < 5; seed++) {
      const start = must(must(twelves.setup([ANN, BOB], {}, seed), ANN, proposal(ANN, ANN)), BOB, CONFIRM);
      const line = solve(start, new Set(), { nodes: 20_000 });
      if (!line) continue;
      let state = start;
      for (const move of line) state = must(state, twelves.actors(state)[0] as string, move);
      expect(twelves.outcome(state)?.results[ANN]?.result).toBe("win");
      won++;
      for (const player of [ANN, BOB]) {
        const pairs = state.pairs[player] ?? [];
        expect(pairs).toHaveLength(13);
        const perRank = new Map<number, number>();
        for (const c of pairs.flat()) perRank.set(c.rank, (perRank.get(c.rank) ?? 0) + 1);
        expect([...perRank.values()]).toEqual(Array(13).fill(2));
        const kinds = new Map<string, number>();
        for (const pair of pairs) kinds.set(pairKind(pair), (kinds.get(pairKind(pair)) ?? 0) + 1);
        for (const [kind, count] of kinds)
          expect(count, kind).toBeLessThanOrEqual(kind === "6+6" || kind === "7+7" ? 1 : 2);
      }
    }
    expect(won).toBeGreaterThan(0);
  });
});
