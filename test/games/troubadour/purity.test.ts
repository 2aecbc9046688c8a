import { describe, expect, it } from "vitest";
import { copyState } from "../../../src/games/troubadour/engine/engine.js";
import { troubadour } from "../../../src/games/troubadour/engine/index.js";
import { act, cards, playState } from "./fixtures.js";

describe("apply is pure: it never changes its input and returns a fresh state", () => {
  it("the draft copy is a deep copy equal to the state, sharing nothing with it", () => {
    const state = playState({
      picks: { a: ["JS", "QS", "KS"], b: ["JD", "QD", "KD"] },
      boards: { a: { draw: ["2C"], waste: ["3C"], villages: [["_4C", "5H"]], castles: [["AH"]] } },
      turn: { revealedAce: { village: 0, position: 0 } },
    });
    state.dieRolls = { a: [3], b: [5] };
    state.noblesUsed.a = ["spadesJack"];
    const copy = copyState(state);
    expect(copy).toEqual(state);
    const before = structuredClone(state);
    // Change every nested part of the copy: the original must not move.
    copy.rng.s++;
    copy.players.push("z");
    copy.boards.a?.drawPile.push(...cards("9S"));
    copy.boards.a?.waste.pop();
    copy.boards.a?.villages[0]?.forEach((vc) => {
      vc.faceUp = !vc.faceUp;
      vc.card.rank = 9;
    });
    copy.boards.a?.castles[0]?.push(...cards("2H"));
    copy.picks.a?.pop();
    copy.order.pop();
    copy.dieRolls.a?.push(1);
    copy.noblesUsed.a?.push("spadesQueen");
    if (copy.turn.revealedAce) copy.turn.revealedAce.village = 4;
    copy.turn.extraDraws = 9;
    expect(state).toEqual(before);
  });

  it("a refused move and an accepted move both leave the input untouched", () => {
    const state = troubadour.setup(["a", "b"], {}, 3);
    const before = structuredClone(state);
    expect(troubadour.apply(state, "a", { type: "draw" }).ok).toBe(false);
    const { state: after } = act(state, "a", { type: "pickNobles", nobles: cards("JS", "QS", "KS") });
    expect(state).toEqual(before);
    expect(after).not.toBe(state);
  });
});
