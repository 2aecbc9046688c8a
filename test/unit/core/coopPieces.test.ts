import { describe, expect, it } from "vitest";
import { agreementActors, canConfirm, confirmProposal, propose } from "../../../src/engine/core/agreement.js";
import { type Card, cardCode, standardDeck } from "../../../src/engine/core/cards.js";
import { RuleError } from "../../../src/engine/core/errors.js";
import {
  emptyFoundations,
  foundationCount,
  foundationsTaking,
  foundationTop,
  isFoundationIndex,
  type PlacementRule,
} from "../../../src/engine/core/foundations.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { isIndex, isRecord } from "../../../src/engine/core/shape.js";
import {
  dealTableau,
  isColumnIndex,
  TABLEAU_COLUMNS,
  TABLEAU_DEPTH,
  tableauCount,
  takeTopCard,
  topCard,
  topCards,
} from "../../../src/engine/core/tableau.js";

const c = (rank: number, suit: Card["suit"] = "S"): Card => ({ rank, suit });

describe("core tableau: 13 face-up columns of 4", () => {
  it("deals all 52 cards, 4 per column, deterministically from the RNG", () => {
    const columns = dealTableau(createRng(5));
    expect(columns).toHaveLength(TABLEAU_COLUMNS);
    for (const column of columns) expect(column).toHaveLength(TABLEAU_DEPTH);
    expect(columns.flat().map(cardCode).sort()).toEqual(standardDeck().map(cardCode).sort());
    expect(dealTableau(createRng(5))).toEqual(columns);
    expect(tableauCount(columns)).toBe(52);
  });

  it("only the last card dealt in a column is its top card; taking it exposes the one below", () => {
    const columns = [[c(1), c(2)], [], [c(3)]];
    expect(topCard(columns, 0)).toEqual(c(2));
    expect(topCard(columns, 1)).toBeNull();
    expect(topCard(columns, 7)).toBeNull();
    expect(topCards(columns)).toEqual([
      { column: 0, card: c(2) },
      { column: 2, card: c(3) },
    ]);
    expect(takeTopCard(columns, 0)).toEqual(c(2));
    expect(topCard(columns, 0)).toEqual(c(1));
    expect(takeTopCard(columns, 1)).toBeNull();
    expect(tableauCount(columns)).toBe(2);
  });

  it("checks untrusted column indices", () => {
    const columns = dealTableau(createRng(1));
    expect(isColumnIndex(columns, 0)).toBe(true);
    expect(isColumnIndex(columns, 12)).toBe(true);
    for (const bad of [13, -1, 1.5, "1", null, Number.NaN]) expect(isColumnIndex(columns, bad)).toBe(false);
  });
});

describe("core foundations: own piles with a top, placement rule passed in", () => {
  const oneHigher: PlacementRule = (f, card) =>
    f.length === 0 || card.rank === (foundationTop(f)?.rank ?? 0) + 1;

  it("lists the foundations that take a card under the given rule", () => {
    const foundations = emptyFoundations(3);
    expect(foundations).toEqual([[], [], []]);
    foundations[0]?.push(c(4));
    foundations[1]?.push(c(7));
    expect(foundationTop(foundations[0] ?? [])).toEqual(c(4));
    expect(foundationTop([])).toBeNull();
    expect(foundationsTaking(foundations, c(5), oneHigher)).toEqual([0, 2]);
    expect(foundationsTaking(foundations, c(8), oneHigher)).toEqual([1, 2]);
    expect(foundationsTaking(foundations, c(8), () => false)).toEqual([]);
    expect(foundationCount(foundations)).toBe(2);
  });

  it("checks untrusted foundation indices", () => {
    const foundations = emptyFoundations(4);
    expect(isFoundationIndex(foundations, 3)).toBe(true);
    for (const bad of [4, -1, 0.5, "0", undefined]) expect(isFoundationIndex(foundations, bad)).toBe(false);
    expect(isIndex(2, 3)).toBe(true);
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
  });
});

describe("core agreement: propose / confirm", () => {
  it("everyone may act while agreeing", () => {
    expect(agreementActors(["a", "b"])).toEqual(["a", "b"]);
  });

  it("the other player confirms a proposal; the proposer cannot", () => {
    const proposal = propose("a", { x: 1 });
    expect(canConfirm(proposal, "b")).toBe(true);
    expect(canConfirm(proposal, "a")).toBe(false);
    expect(canConfirm(null, "b")).toBe(false);
    expect(confirmProposal(proposal, "b", "g")).toEqual({ terms: { x: 1 } });
    const own = confirmProposal(proposal, "a", "g");
    expect(own).toBeInstanceOf(RuleError);
    expect((own as RuleError).key).toBe("g.ownProposal");
    expect((confirmProposal(null, "b", "g") as RuleError).key).toBe("g.noProposal");
  });
});
