import { describe, expect, it } from "vitest";
import { legalCards, onevstwo } from "../../../src/games/onevstwo/engine/index.js";
import {
  ANN,
  actor,
  BOB,
  CAT,
  codes,
  DAN,
  FOUR,
  handOf,
  must,
  play,
  refusal,
  sortedCodes,
  table,
} from "./fixtures.js";

const hands = { boss: "7D 6H", left: "JH", dummy: "9D 2D AS", right: "KS 4H" };

describe("3 players: the boss chooses the dummy's card (ruling: the dummy lies opposite the boss)", () => {
  const dummyTurn = () => table({ hands, trick: [["left", "5D"]] });

  it("on the dummy's turn the boss acts, with the dummy's legal cards", () => {
    const state = dummyTurn();
    expect(onevstwo.publicView(state).toPlay).toBe("dummy");
    expect(onevstwo.publicView(state).actor).toBe(ANN);
    expect(actor(state)).toBe(ANN);
    const view = onevstwo.privateView(state, ANN);
    expect(view.play?.from).toBe("dummy");
    expect(sortedCodes(view.play?.legal ?? [])).toEqual(["2D", "9D"]);
    expect(sortedCodes(view.hand)).toEqual(["6H", "7D"]);
    expect(
      sortedCodes(onevstwo.legalMoves(state, ANN).flatMap((m) => (m.type === "play" ? [m.card] : []))),
    ).toEqual(["2D", "9D"]);
  });

  it("the dummy's card leaves the dummy; the boss's own hand is untouched", () => {
    const after = must(dummyTurn(), ANN, play("9D")).state;
    expect(codes(handOf(after, "dummy")).sort()).toEqual(["2D", "AS"]);
    expect(codes(handOf(after, "boss")).sort()).toEqual(["6H", "7D"]);
    expect(after.trick.at(-1)).toEqual({ place: "dummy", card: { rank: 9, suit: "D" } });
    expect(onevstwo.publicView(after).dummy).toHaveLength(2);
  });

  it("refused to the lice, and the boss may not play an own card for the dummy", () => {
    const state = dummyTurn();
    for (const louse of [BOB, CAT]) {
      expect(onevstwo.legalMoves(state, louse)).toEqual([]);
      expect(legalCards(state, louse)).toEqual([]);
      expect(onevstwo.privateView(state, louse).play).toBeNull();
      refusal(state, louse, play("9D"));
    }
    refusal(state, ANN, play("7D"));
  });

  it("on the boss's own turn the boss plays from own hand, not the dummy", () => {
    const state = table({
      hands: { boss: "7D 6H", left: "JH", dummy: "2D AS", right: "4H" },
      trick: [
        ["left", "5D"],
        ["dummy", "9D"],
        ["right", "KS"],
      ],
    });
    expect(onevstwo.privateView(state, ANN).play).toEqual({
      from: "boss",
      legal: [{ rank: 7, suit: "D" }],
      winning: [],
    });
    refusal(state, ANN, play("2D"));
    must(state, ANN, play("7D"));
  });
});

describe("4 players: the servant chooses the dummy's cards (their own stack), the boss may not", () => {
  const dummyTurn = () => table({ players: FOUR, hands, trick: [["left", "5D"]] });

  it("on the dummy's turn the servant acts, with the dummy's legal cards", () => {
    const state = dummyTurn();
    expect(onevstwo.publicView(state).roles.dummyController).toBe(CAT);
    expect(onevstwo.publicView(state).actor).toBe(CAT);
    expect(actor(state)).toBe(CAT);
    const view = onevstwo.privateView(state, CAT);
    expect(view.play?.from).toBe("dummy");
    expect(sortedCodes(view.play?.legal ?? [])).toEqual(["2D", "9D"]);
    expect(sortedCodes(legalCards(state, CAT))).toEqual(["2D", "9D"]);
    const after = must(state, CAT, play("2D")).state;
    expect(codes(handOf(after, "dummy")).sort()).toEqual(["9D", "AS"]);
    expect(after.stacks[2]).toEqual(handOf(after, "dummy"));
  });

  it("refused to the boss (the servant plays without the boss's advice) and to the lice", () => {
    const state = dummyTurn();
    for (const other of [ANN, BOB, DAN]) {
      expect(onevstwo.legalMoves(state, other)).toEqual([]);
      expect(legalCards(state, other)).toEqual([]);
      expect(onevstwo.privateView(state, other).play).toBeNull();
      refusal(state, other, play("9D"));
    }
  });

  it("the servant plays nothing else: the boss plays own hand on the boss's turn", () => {
    const state = table({
      players: FOUR,
      hands: { boss: "7D 6H", left: "JH", dummy: "2D AS", right: "4H" },
      trick: [
        ["left", "5D"],
        ["dummy", "9D"],
        ["right", "KS"],
      ],
    });
    expect(actor(state)).toBe(ANN);
    expect(onevstwo.legalMoves(state, CAT)).toEqual([]);
    refusal(state, CAT, play("7D"));
    refusal(state, CAT, play("2D"));
    refusal(state, ANN, play("2D"));
    must(state, ANN, play("7D"));
  });
});
