import { describe, expect, it } from "vitest";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import { ANN, BOB, card, columns, must, playing, refusal, take } from "./fixtures.js";

describe("Twelves: a turn takes two top cards from two different columns", () => {
  it("the two cards must come from two different columns, even when one column holds a pair", () => {
    const state = playing(columns("6H 6S", "9D", "KC"), "twelve");
    expect(refusal(state, ANN, take(0, 0)).key).toBe("twelves.sameColumn");
    expect(twelves.legalMoves(state, ANN)).toEqual([]);
  });

  it("only top cards may be taken: a covered card is out of reach", () => {
    const state = playing(columns("5H 2S", "7D", "KC 10C"), "twelve");
    expect(refusal(state, ANN, take(0, 1)).key).toBe("twelves.notYourPair");
    const after = must(state, ANN, take(0, 2));
    expect(after.pairs[ANN]).toEqual([[card("2S"), card("10C")]]);
    expect(after.columns).toEqual(columns("5H", "7D", "KC"));
  });

  it("cards never move between columns: only the two taken cards leave the tableau", () => {
    const state = playing(columns("3S 4H", "AD 8S", "9C", "5C 2D"), "twelve");
    const after = must(state, ANN, take(0, 1));
    expect(after.columns).toEqual(columns("3S", "AD", "9C", "5C 2D"));
  });

  it("an empty column has no top card to take", () => {
    const state = playing(columns("", "6H", "6S"), "twelve");
    expect(refusal(state, ANN, take(0, 1))).toMatchObject({
      key: "twelves.emptyColumn",
      params: { column: 1 },
    });
  });

  it("then the other player takes a turn", () => {
    const state = playing(columns("4H", "8S", "AS", "KD", "9C"), "twelve");
    const after = must(state, ANN, take(0, 1));
    expect(twelves.actors(after)).toEqual([BOB]);
    expect(refusal(after, ANN, take(2, 3)).key).toBe("core.notYourTurn");
    const again = must(after, BOB, take(2, 3));
    expect(again.pairs[BOB]).toEqual([[card("AS"), card("KD")]]);
  });

  it("no passing: the only moves are pairs, and a pass is not understood", () => {
    const state = playing(columns("4H", "8S", "9C"), "twelve");
    expect(twelves.legalMoves(state, ANN)).toEqual([take(0, 1), take(1, 0)]);
    expect(refusal(state, ANN, { type: "pass" }).key).toBe("core.malformedMove");
  });

  it("each player's collected pairs are kept and public", () => {
    let state = playing(columns("4H", "8S", "AS", "KD", "5C", "7C"), "twelve");
    state = must(state, ANN, take(0, 1));
    state = must(state, BOB, take(3, 2));
    const view = twelves.publicView(state);
    expect(view.pairs).toEqual({ [ANN]: [[card("4H"), card("8S")]], [BOB]: [[card("KD"), card("AS")]] });
  });

  it("moves from untrusted input are checked: shape, columns, seat", () => {
    const state = playing(columns("4H", "8S", "9C"), "twelve");
    expect(refusal(state, ANN, take(0, 13)).key).toBe("twelves.noSuchColumn");
    expect(refusal(state, ANN, take(-1, 1)).key).toBe("twelves.noSuchColumn");
    expect(refusal(state, ANN, take(0.5, 1)).key).toBe("twelves.noSuchColumn");
    expect(refusal(state, ANN, { type: "takePair", columns: [0] }).key).toBe("core.malformedMove");
    expect(refusal(state, ANN, { type: "takePair", columns: ["0", "1"] }).key).toBe("core.malformedMove");
    expect(refusal(state, ANN, null).key).toBe("core.malformedMove");
    expect(refusal(state, ANN, "takePair").key).toBe("core.malformedMove");
    expect(refusal(state, "cy", take(0, 1)).key).toBe("core.notSeated");
  });
});
