import { describe, expect, it } from "vitest";
import { possibleDraws } from "../../../src/games/fourkings/engine/ai.js";
import { fourKings } from "../../../src/games/fourkings/engine/index.js";
import type { FourKingsState } from "../../../src/games/fourkings/engine/types.js";
import { assignState, cards, codes, PLAYER, play, stateWith } from "./fixtures.js";

const memoryOf = (state: FourKingsState) => fourKings.privateView(state, PLAYER).memory;

describe("the player's memory (§5 Information: the advanced player remembers the lost cards)", () => {
  it("holds every card the player saw go to the lost pile: the drawn card and the cards placed on it", () => {
    const before = assignState("AS 2S 3S AH 2H", "6D 4S", {
      drawPiles: [cards("5C 6C 4C"), cards("7S"), cards("KS")],
      lostPile: cards("5H 3D"),
    });
    const after = play(before, { type: "assign", stacks: [cards("AH"), cards("AS 2S 3S")] });
    expect(memoryOf(after)).toEqual({
      lost: cards("5H AH 6D 3D"),
      drawPile: cards("6C 5C 4C"),
    });
  });

  it("knows as a set what a reshuffle after the turn put back into the draw pile", () => {
    const before = assignState("AS 2S 3S AH 2H", "6D 4S", {
      drawPiles: [[], cards("7S"), cards("KS")],
      lostPile: cards("5H 3D"),
    });
    const after = play(before, { type: "assign", stacks: [cards("AH"), cards("AS 2S 3S")] });
    expect(after.lastTurn?.reshuffled).toBe(true);
    expect(memoryOf(after)).toEqual({ lost: [], drawPile: cards("5H AH 6D 3D") });
  });

  it("knows as a set what a reshuffle in the middle of a draw put back, less the card drawn from it", () => {
    const before = stateWith({
      controlled: cards("AS 2S 3S AH 2H 3H"),
      drawPiles: [cards("4C"), cards("7S"), cards("KS")],
      lostPile: cards("5D 6D 2C"),
    });
    const after = play(before, { type: "chooseHand", cards: cards("AS 2S 3S AH 2H") });
    expect(after.reshuffledOnDraw).toBe(true);
    const memory = memoryOf(after);
    expect(memory?.lost).toEqual([]);
    expect(codes([...(memory?.drawPile ?? []), ...after.drawn])).toEqual(codes(cards("4C 5D 6D 2C")));
    expect(memory?.drawPile).toHaveLength(2);
  });

  it("shows nothing the player was not shown: not the draw pile's order, not to anyone else, not in public", () => {
    const state = stateWith({
      controlled: cards("AS 2S 3S AH 2H 3H"),
      drawPiles: [cards("4C 5C 6C 4S"), cards("7S 8S"), cards("KS")],
      lostPile: cards("6D 3D 4H"),
    });
    const reordered = {
      ...state,
      drawPiles: [cards("6C 4S 4C 5C"), cards("8S 7S"), cards("KS")],
      lostPile: cards("4H 3D 6D"),
    };
    expect(fourKings.privateView(reordered, PLAYER)).toEqual(fourKings.privateView(state, PLAYER));
    // Only the active round's draw pile: piles II and III have never been part of a draw.
    expect(memoryOf(state)?.drawPile).toEqual(cards("4S 6C 5C 4C"));
    expect(fourKings.publicView(state)).not.toHaveProperty("memory");
    expect(JSON.stringify(fourKings.publicView(state))).not.toMatch(/"suit":"D"|"rank":4,"suit":"S"/);
    expect(fourKings.privateView(state, "someone").memory).toBeNull();
  });
});

describe("the next draw, as the memory tells it (§3 step 2 and step 7)", () => {
  const drawsOf = (pile: string, lost: string) =>
    possibleDraws(
      fourKings.privateView(
        stateWith({ drawPiles: [cards(pile), cards("7S"), cards("KS")], lostPile: cards(lost) }),
        PLAYER,
      ),
    ).map((draw) => ({ cards: codes(draw.cards), chance: draw.chance }));

  it("is any two of the draw pile, equally likely, while it holds two or more", () => {
    expect(drawsOf("4C 5C 6C", "6D")).toEqual([
      { cards: codes(cards("6C 5C")), chance: 1 / 3 },
      { cards: codes(cards("6C 4C")), chance: 1 / 3 },
      { cards: codes(cards("5C 4C")), chance: 1 / 3 },
    ]);
  });

  it("is the draw pile's last card and one of the lost pile when one card is left", () => {
    expect(drawsOf("4C", "6D 2H")).toEqual([
      { cards: codes(cards("4C 2H")), chance: 1 / 2 },
      { cards: codes(cards("4C 6D")), chance: 1 / 2 },
    ]);
    expect(drawsOf("4C", "")).toEqual([{ cards: codes(cards("4C")), chance: 1 }]);
  });
});
