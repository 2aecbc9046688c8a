import { describe, expect, it } from "vitest";
import { RANKS, SUITS } from "../../../src/engine/core/cards.js";
import { isRolePair, legalPairs, twelves } from "../../../src/games/twelves/engine/index.js";
import { ANN, card, columns, must, playing, refusal, take } from "./fixtures.js";

/** The pair tables of docs/RULES.md §2, by rank label. */
const TWELVE_PAIRS = ["Q K", "A J", "2 10", "3 9", "4 8", "5 7", "6 6"];
const FOURTEEN_PAIRS = ["A K", "2 Q", "3 J", "4 10", "5 9", "6 8", "7 7"];

const inTable = (table: string[], a: string, b: string) =>
  table.some((pair) => {
    const [x, y] = pair.split(" ");
    return (x === a && y === b) || (x === b && y === a);
  });

const LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

describe("Twelves: the pairs of each role", () => {
  it("the twelve-collector's pairs are exactly Q+K, A+J, 2+10, 3+9, 4+8, 5+7, 6+6", () => {
    for (const a of LABELS) {
      for (const b of LABELS) {
        expect(isRolePair("twelve", card(`${a}S`), card(`${b}H`)), `${a}+${b}`).toBe(
          inTable(TWELVE_PAIRS, a, b),
        );
      }
    }
  });

  it("the fourteen-collector's pairs are exactly A+K, 2+Q, 3+J, 4+10, 5+9, 6+8, 7+7", () => {
    for (const a of LABELS) {
      for (const b of LABELS) {
        expect(isRolePair("fourteen", card(`${a}S`), card(`${b}H`)), `${a}+${b}`).toBe(
          inTable(FOURTEEN_PAIRS, a, b),
        );
      }
    }
  });

  it("Q+K counts as a twelve (in either order), not as a fourteen", () => {
    const state = playing(columns("QH", "KC", "5D"), "twelve");
    const after = must(state, ANN, take(1, 0));
    expect(after.pairs[ANN]).toEqual([[card("KC"), card("QH")]]);
    expect(refusal(playing(columns("QH", "KC", "5D"), "fourteen"), ANN, take(0, 1)).key).toBe(
      "twelves.notYourPair",
    );
  });

  it("J always counts 11: A+J is a twelve and 3+J a fourteen", () => {
    expect(isRolePair("twelve", card("AS"), card("JD"))).toBe(true);
    expect(isRolePair("fourteen", card("3S"), card("JD"))).toBe(true);
    expect(isRolePair("twelve", card("JS"), card("JD"))).toBe(false);
    expect(isRolePair("fourteen", card("JS"), card("JD"))).toBe(false);
  });

  it("suit and colour never matter", () => {
    for (const s of SUITS) {
      for (const t of SUITS) {
        expect(isRolePair("twelve", { rank: 5, suit: s }, { rank: 7, suit: t })).toBe(true);
        expect(isRolePair("fourteen", { rank: 6, suit: s }, { rank: 8, suit: t })).toBe(true);
      }
    }
    expect(RANKS).toHaveLength(13);
  });

  it("a player may only take their own role's pairs", () => {
    const tops = columns("4H", "8S", "10D", "2C");
    expect(must(playing(tops, "twelve"), ANN, take(0, 1)).pairs[ANN]).toHaveLength(1);
    expect(refusal(playing(tops, "twelve"), ANN, take(0, 2)).key).toBe("twelves.notYourPair");
    expect(must(playing(tops, "fourteen"), ANN, take(0, 2)).pairs[ANN]).toHaveLength(1);
    expect(refusal(playing(tops, "fourteen"), ANN, take(0, 1)).key).toBe("twelves.notYourPair");
    expect(legalPairs(playing(tops, "twelve"), "twelve")).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(legalPairs(playing(tops, "fourteen"), "fourteen")).toEqual([[0, 2]]);
    // Each pair may be taken either way round; the engine lists both, lower column first.
    expect(twelves.legalMoves(playing(tops, "twelve"), ANN)).toEqual([
      take(0, 1),
      take(1, 0),
      take(2, 3),
      take(3, 2),
    ]);
    expect(twelves.legalMoves(playing(tops, "fourteen"), ANN)).toEqual([take(0, 2), take(2, 0)]);
  });

  it("the refusal names the two top cards and the role's target", () => {
    const error = refusal(playing(columns("4H", "10D"), "twelve"), ANN, take(0, 1));
    expect(error.params).toEqual({ first: "4♥", second: "10♦", target: 12 });
  });
});
