import { describe, expect, it } from "vitest";
import { ascendingRule, descendingRule, sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import {
  ANN,
  BOB,
  cards,
  drawnCard,
  must,
  piles,
  playing,
  refusal,
  rowTop,
  toFoundation,
} from "./fixtures.js";

describe("Sir Tommy: own foundations", () => {
  it("Ascending starts a foundation with an Ace and builds up one at a time", () => {
    let state = playing({ drawn: cards("AS 2H 4D") });
    expect(refusal(state, ANN, toFoundation(drawnCard(1), 0))).toMatchObject({
      key: "sirtommy.needsAce",
      params: { card: "2♥", foundation: 1 },
    });
    state = must(state, ANN, toFoundation(drawnCard(0), 0));
    expect(refusal(state, ANN, toFoundation(drawnCard(1), 0))).toMatchObject({
      key: "sirtommy.needsOneHigher",
    });
    state = must(state, ANN, toFoundation(drawnCard(0), 0));
    expect(state.foundations[ANN]?.[0]).toEqual(cards("AS 2H"));
  });

  it("Descending starts a foundation with a King and builds down one at a time", () => {
    let state = playing({ activeSeat: 1, drawn: cards("KC QC AH") });
    expect(refusal(state, BOB, toFoundation(drawnCard(2), 0)).key).toBe("sirtommy.needsKing");
    expect(refusal(state, BOB, toFoundation(drawnCard(1), 0)).key).toBe("sirtommy.needsKing");
    state = must(state, BOB, toFoundation(drawnCard(0), 0));
    state = must(state, BOB, toFoundation(drawnCard(0), 0));
    expect(state.foundations[BOB]?.[0]).toEqual(cards("KC QC"));
    expect(refusal(state, BOB, toFoundation(drawnCard(0), 0)).key).toBe("sirtommy.needsOneLower");
  });

  it("suits never matter", () => {
    const state = playing({ drawn: cards("3H 3D 3C"), ann: piles("AS 2S", "", "", "") });
    for (const index of [0, 1, 2]) {
      expect(must(state, ANN, toFoundation(drawnCard(index), 0)).foundations[ANN]?.[0]).toHaveLength(3);
    }
  });

  it("at most 13 cards per foundation: nothing goes on a complete A..K or K..A, no wrap-around", () => {
    const full = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS");
    expect(ascendingRule(full, { rank: 1, suit: "H" })).toBe(false);
    expect(descendingRule([...full].reverse(), { rank: 13, suit: "H" })).toBe(false);
    expect(ascendingRule(full.slice(0, 12), { rank: 13, suit: "H" })).toBe(true);
    const state = playing({ drawn: cards("AH"), ann: [full, [], [], []] });
    expect(refusal(state, ANN, toFoundation(drawnCard(0), 0))).toMatchObject({
      key: "sirtommy.foundationFull",
      params: { foundation: 1 },
    });
    const bob = playing({ activeSeat: 1, drawn: cards("KH"), bob: [[...full].reverse(), [], [], []] });
    expect(refusal(bob, BOB, toFoundation(drawnCard(0), 0)).key).toBe("sirtommy.foundationFull");
  });

  it("only your own foundations: the other player's never change", () => {
    const state = playing({ drawn: cards("AS"), bob: piles("KS", "", "", "") });
    const after = must(state, ANN, toFoundation(drawnCard(0), 2));
    expect(after.foundations[BOB]).toEqual(state.foundations[BOB]);
    expect(after.foundations[ANN]).toEqual(piles("", "", "AS", ""));
    expect(refusal(state, ANN, toFoundation(drawnCard(0), 4)).key).toBe("sirtommy.noSuchFoundation");
  });

  it("foundation cards never move again: no move takes a card off a foundation", () => {
    const state = playing({ rows: piles("", "", "", ""), ann: piles("AS", "", "", ""), drawn: cards("5C") });
    const sources = sirTommy
      .legalMoves(state, ANN)
      .flatMap((m) => (m.type === "toFoundation" ? [m.from.kind] : []));
    expect(sources.every((kind) => kind === "drawn" || kind === "row")).toBe(true);
    expect(refusal(state, ANN, toFoundation({ kind: "foundation", foundation: 0 } as never, 1)).key).toBe(
      "core.malformedMove",
    );
    expect(refusal(state, ANN, toFoundation(rowTop(0), 1)).key).toBe("sirtommy.emptyRow");
  });
});
