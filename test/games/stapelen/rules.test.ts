import { describe, expect, it } from "vitest";
import { cardCode, standardDeck } from "../../../src/engine/core/cards.js";
import { GAMES } from "../../../src/games/index.js";
import { nextRank, stapelen } from "../../../src/games/stapelen/engine/index.js";
import type { StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { t } from "../../../src/i18n/index.js";
import { ANN, BOB, card, must, piles, place, playing, refusal } from "./fixtures.js";

describe("Stacking: set-up", () => {
  it("the same 13×4 face-up tableau as Twelves; each player has 3 empty own foundations", () => {
    const state = stapelen.setup([ANN, BOB], {}, 3);
    expect(state.columns).toHaveLength(13);
    for (const column of state.columns) expect(column).toHaveLength(4);
    expect(state.columns.flat().map(cardCode).sort()).toEqual(standardDeck().map(cardCode).sort());
    expect(state.foundations).toEqual({ [ANN]: [[], [], []], [BOB]: [[], [], []] });
    expect(stapelen.publicView(state).columns).toEqual(state.columns);
    expect(JSON.stringify(stapelen.publicView(state))).not.toContain("rng");
  });

  it("ruling: the player who created the game (seat 0) starts, with no agreement step", () => {
    const state = stapelen.setup([BOB, ANN], {}, 3);
    expect(state.phase).toBe("play");
    expect(stapelen.actors(state)).toEqual([BOB]);
    expect(stapelen.publicView(state).active).toBe(BOB);
  });

  it("is registered under its id", () => {
    expect(GAMES.get("stapelen")?.engine).toBe(stapelen);
    expect(stapelen.id).toBe("stapelen");
  });

  it("exactly two players", () => {
    expect([stapelen.minPlayers, stapelen.maxPlayers]).toEqual([2, 2]);
    expect(() => stapelen.setup([ANN], {}, 1)).toThrow();
    expect(() => stapelen.setup([ANN, ANN], {}, 1)).toThrow();
  });
});

describe("Stacking: a turn takes exactly one top card onto one of your own foundations", () => {
  it("an empty foundation takes any card", () => {
    for (const code of ["AS", "7H", "KD"]) {
      const after = must(playing(piles(code, "2C")), ANN, place(0, 1));
      expect(after.foundations[ANN]).toEqual(piles("", code, ""));
    }
  });

  it("otherwise the card must be exactly one higher than the foundation's top", () => {
    const state = playing(piles("6H", "4C", "3D", "5S"), piles("4D", "", ""));
    expect(must(state, ANN, place(3, 0)).foundations[ANN]?.[0]).toEqual(piles("4D 5S")[0]);
    expect(refusal(state, ANN, place(0, 0))).toMatchObject({
      key: "stapelen.doesNotFit",
      params: { card: "6♥", foundation: 1, top: "4♦" },
    });
    expect(refusal(state, ANN, place(1, 0)).key).toBe("stapelen.doesNotFit");
    expect(refusal(state, ANN, place(2, 0)).key).toBe("stapelen.doesNotFit");
  });

  it("wrap-around K→A→2: an Ace goes on a King and a 2 on that Ace", () => {
    let state = playing(piles("3C 2H", "AS"), piles("QD KD", "", ""));
    state = must(state, ANN, place(1, 0));
    state = { ...state, activeSeat: 0 };
    state = must(state, ANN, place(0, 0));
    expect(state.foundations[ANN]?.[0]).toEqual(piles("QD KD AS 2H")[0]);
    expect([nextRank(13), nextRank(1), nextRank(12)]).toEqual([1, 2, 13]);
  });

  it("suits never matter", () => {
    const state = playing(piles("6S", "6H", "6D", "6C"), piles("5D", "", ""));
    for (const column of [0, 1, 2, 3])
      expect(must(state, ANN, place(column, 0)).foundations[ANN]?.[0]).toHaveLength(2);
  });

  it("a foundation may grow past 13 cards", () => {
    const thirteen = piles("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")[0] ?? [];
    const state = playing(piles("AH", "9C"), [thirteen, [], []]);
    const after = must(state, ANN, place(0, 0));
    expect(after.foundations[ANN]?.[0]).toHaveLength(14);
    expect(after.foundations[ANN]?.[0]?.[13]).toEqual(card("AH"));
  });

  it("only your own foundations: the other player's piles never change, and there are only 3", () => {
    const state = playing(piles("5H", "9C"), piles("", "", ""), piles("4S", "", ""));
    const after = must(state, ANN, place(0, 0));
    expect(after.foundations[BOB]).toEqual(state.foundations[BOB]);
    expect(refusal(state, ANN, place(0, 3)).key).toBe("stapelen.noSuchFoundation");
  });

  it("only top cards may be taken; cards never move between columns", () => {
    const state = playing(piles("5H 9C", "KD", "2C"), piles("4D", "", ""));
    expect(refusal(state, ANN, place(0, 0)).key).toBe("stapelen.doesNotFit");
    const after = must(state, ANN, place(0, 1));
    expect(after.columns).toEqual(piles("5H", "KD", "2C"));
    expect(refusal(playing(piles("", "2C")), ANN, place(0, 0))).toMatchObject({
      key: "stapelen.emptyColumn",
      params: { column: 1 },
    });
  });

  it("one card per turn, then the other player", () => {
    const state = playing(piles("5H", "9C", "2C"));
    const after = must(state, ANN, place(0, 0));
    expect(stapelen.actors(after)).toEqual([BOB]);
    expect(refusal(after, ANN, place(1, 1)).key).toBe("core.notYourTurn");
    expect(stapelen.legalMoves(after, ANN)).toEqual([]);
  });

  it("no passing: the only moves are placements, and a pass is not understood", () => {
    const state = playing(piles("5H", "9C"), piles("4D", "8S", "QC"));
    expect(stapelen.legalMoves(state, ANN)).toEqual([place(0, 0), place(1, 1)]);
    expect(refusal(state, ANN, { type: "pass" }).key).toBe("core.malformedMove");
  });

  it("moves from untrusted input are checked", () => {
    const state = playing(piles("5H", "9C"));
    expect(refusal(state, "cy", place(0, 0)).key).toBe("core.notSeated");
    expect(refusal(state, ANN, place(13, 0)).key).toBe("stapelen.noSuchColumn");
    expect(refusal(state, ANN, place(0, -1)).key).toBe("stapelen.noSuchFoundation");
    expect(refusal(state, ANN, place(0, 0.5)).key).toBe("stapelen.noSuchFoundation");
    expect(refusal(state, ANN, { type: "place", column: "0", foundation: 0 }).key).toBe("core.malformedMove");
    expect(refusal(state, ANN, undefined).key).toBe("core.malformedMove");
  });
});

describe("Stacking: end of the game", () => {
  it("all 52 taken: both players win", () => {
    const after = must(playing(piles("", "9C"), piles("8D", "", "")), ANN, place(1, 0));
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("allTaken");
    const result = stapelen.outcome(after);
    expect(result?.results[ANN]).toEqual({ result: "win", score: 2 });
    expect(result?.results[BOB]).toEqual({ result: "win", score: 0 });
    expect(result?.summary.key).toBe("stapelen.outcome.won");
    expect(stapelen.actors(after)).toEqual([]);
    expect(refusal(after, BOB, place(0, 0)).key).toBe("core.gameOver");
  });

  it("the active player cannot place any top card on an own foundation: both lose", () => {
    const bob = piles("5S", "9S", "JS");
    const after = must(playing(piles("2H", "3C", "AD"), piles("KC", "", ""), bob), ANN, place(2, 0));
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("stuck");
    const result = stapelen.outcome(after);
    expect(result?.results[ANN]?.result).toBe("loss");
    expect(result?.results[BOB]?.result).toBe("loss");
    expect(result?.summary).toEqual({ key: "stapelen.outcome.lost", params: { player: BOB, cardsLeft: 2 } });
  });

  it("strictly: the game is lost even when the other player could still place the remaining cards", () => {
    const ann = piles("AC", "", "");
    const bob = piles("5S", "9S", "JS");
    const after = must(playing(piles("2H", "3C", "7D"), ann, bob), ANN, place(2, 1));
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("stuck");
    expect(stapelen.outcome(after)?.results[BOB]?.result).toBe("loss");
  });

  it("the game goes on while the player to move can place a card", () => {
    const bob = piles("AS", "9S", "JS");
    const after = must(playing(piles("2H", "3C", "7D"), piles("", "", ""), bob), ANN, place(2, 0));
    expect(after.phase).toBe("play");
    expect(stapelen.outcome(after)).toBeNull();
  });
});

describe("Stacking on the game kit", () => {
  /** Every column with every foundation, one past each end too: accepted exactly when listed. */
  function expectComplete(state: StapelenState, player: string): void {
    const listed = new Set(stapelen.legalMoves(state, player).map((m) => JSON.stringify(m)));
    for (let column = -1; column <= 13; column++) {
      for (let foundation = -1; foundation <= 3; foundation++) {
        const move = place(column, foundation);
        const accepted = stapelen.apply(state, player, move).ok;
        expect(accepted, JSON.stringify(move)).toBe(listed.has(JSON.stringify(move)));
      }
    }
  }

  it("legalMoves lists every placement, in column then foundation order, and nothing else", () => {
    const fresh = stapelen.setup([ANN, BOB], {}, 3);
    expect(stapelen.legalMoves(fresh, ANN)).toHaveLength(39);
    expect(stapelen.legalMoves(fresh, ANN).slice(0, 4)).toEqual([
      place(0, 0),
      place(0, 1),
      place(0, 2),
      place(1, 0),
    ]);
    const mixed = playing(piles("5H 2C", "", "KS", "9D AH"), piles("KD", "", "8C"), piles("", "", ""), 0);
    expect(stapelen.legalMoves(mixed, ANN)).toEqual([place(0, 1), place(2, 1), place(3, 0), place(3, 1)]);
    for (const state of [fresh, mixed, { ...mixed, activeSeat: 1 }]) {
      for (const player of [ANN, BOB, "cy"]) expectComplete(state, player);
    }
    expect(stapelen.legalMoves(mixed, BOB)).toEqual([]);
  });

  it("parseMove takes exactly { type: 'place', column, foundation } with numbers", () => {
    expect(stapelen.parseMove({ type: "place", column: 2, foundation: 1 })).toEqual(place(2, 1));
    for (const junk of [
      null,
      undefined,
      "place",
      [0, 0],
      { type: "pass" },
      { type: "place", column: 0 },
      { type: "place", column: "0", foundation: 0 },
      { type: "place", column: 0, foundation: null },
      { type: "place", column: 0, foundation: 0, extra: 1 },
      { column: 0, foundation: 0 },
    ]) {
      expect(stapelen.parseMove(junk), JSON.stringify(junk)).toBeNull();
    }
  });

  it("the shared guard checks in order: game over, seated, may act, move shape; then the rules", () => {
    const over = must(playing(piles("", "9C"), piles("8D", "", "")), ANN, place(1, 0));
    expect(refusal(over, "cy", "junk").key).toBe("core.gameOver");
    const state = playing(piles("5H", "9C"));
    expect(refusal(state, "cy", "junk").key).toBe("core.notSeated");
    expect(refusal(state, BOB, "junk").key).toBe("core.notYourTurn");
    expect(refusal(state, ANN, { ...place(0, 0), extra: 1 }).key).toBe("core.malformedMove");
    expect(refusal(state, ANN, place(13, 0)).key).toBe("stapelen.noSuchColumn");
  });

  it("declares its score: cards on your own foundations, higher is better", () => {
    expect(stapelen.score).toEqual({ better: "higher", unitKey: "stapelen.scoreUnit" });
    expect(t(stapelen.score.unitKey, { count: 17 })).toBe("17 cards stacked");
    expect(stapelen.stateVersion).toBe(1);
  });
});

describe("Stacking: what each foundation takes next, in the view", () => {
  it("one higher than its top, an Ace after a King; an empty foundation takes any card (null)", () => {
    const state = playing(piles("2S"), piles("7S", "QS KH", ""), piles("AD", "JC", "KD"));
    const view = stapelen.publicView(state);
    expect(view.needs).toEqual({ [ANN]: [8, 1, null], [BOB]: [2, 12, 1] });
  });
});
