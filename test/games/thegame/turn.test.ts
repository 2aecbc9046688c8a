import { describe, expect, it } from "vitest";
import { legalMoves, minimumThisTurn, theGame } from "../../../src/games/thegame/engine/index.js";
import { drawPileOf, END_TURN, must, playMove, refusal, table, turnMoves } from "./fixtures.js";

/** Open piles: every card in 10..90 fits on each of them. */
const OPEN: number[][] = [[5], [6], [95], [94]];

describe("The Game: a turn", () => {
  it("minimum 2 while the draw pile has cards: ending after 1 card is refused, after 2 allowed", () => {
    let state = table({
      hands: { ann: [20, 30, 40], bob: [50, 60, 70] },
      piles: OPEN,
      drawPile: drawPileOf(10),
    });
    expect(minimumThisTurn(state)).toBe(2);
    expect(refusal(state, "ann", END_TURN)).toEqual({
      key: "thegame.minimumNotReached",
      params: { minimum: 2, played: 0 },
    });
    state = must(state, "ann", playMove(20, 0));
    expect(refusal(state, "ann", END_TURN)).toEqual({
      key: "thegame.minimumNotReached",
      params: { minimum: 2, played: 1 },
    });
    expect(legalMoves(state, "ann")).not.toContainEqual(END_TURN);
    state = must(state, "ann", playMove(30, 0));
    expect(legalMoves(state, "ann")).toContainEqual(END_TURN);
    expect(theGame.publicView(must(state, "ann", END_TURN)).active).toBe("bob");
  });

  it("variant expert: minimum 3 while the draw pile has cards", () => {
    let state = table({
      hands: { ann: [20, 30, 40, 50], bob: [60, 70, 80] },
      piles: OPEN,
      drawPile: drawPileOf(10),
      expert: true,
    });
    expect(minimumThisTurn(state)).toBe(3);
    state = must(must(state, "ann", playMove(20, 0)), "ann", playMove(30, 0));
    expect(refusal(state, "ann", END_TURN)).toEqual({
      key: "thegame.minimumNotReached",
      params: { minimum: 3, played: 2 },
    });
    state = must(state, "ann", playMove(40, 0));
    expect(must(state, "ann", END_TURN).activeSeat).toBe(1);
  });

  it("minimum 1 once the draw pile is empty, in the normal game and in expert", () => {
    for (const expert of [false, true]) {
      let state = table({ hands: { ann: [20, 30], bob: [60, 70] }, piles: OPEN, expert });
      expect(minimumThisTurn(state)).toBe(1);
      expect(theGame.publicView(state).minimumThisTurn).toBe(1);
      expect(refusal(state, "ann", END_TURN).key).toBe("thegame.minimumNotReached");
      state = must(state, "ann", playMove(20, 0));
      expect(must(state, "ann", END_TURN).activeSeat).toBe(1);
    }
  });

  it("a player may play more than the minimum, up to the whole hand", () => {
    let state = table({
      hands: { ann: [20, 30, 40, 50, 60, 70], bob: [80] },
      piles: OPEN,
      drawPile: drawPileOf(10),
    });
    for (const card of [20, 30, 40, 50, 60, 70]) state = must(state, "ann", playMove(card, 0));
    expect(state.hands.ann).toEqual([]);
    expect(state.playedThisTurn).toBe(6);
    expect(theGame.publicView(state).playedThisTurn).toBe(6);
  });

  it("at the end of the turn the player draws back up to the hand size", () => {
    const drawPile = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21];
    let state = table({ hands: { ann: [20, 30, 40, 50, 60, 70, 80], bob: [81] }, piles: OPEN, drawPile });
    state = must(must(must(state, "ann", playMove(20, 0)), "ann", playMove(30, 0)), "ann", playMove(40, 0));
    const result = theGame.apply(state, "ann", END_TURN);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.hands.ann).toHaveLength(7);
    expect(result.state.hands.ann).toEqual([50, 60, 70, 80, 18, 19, 21]);
    expect(result.state.drawPile).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(result.events).toContainEqual({
      key: "thegame.event.turnEnded",
      params: { player: "ann", played: 3, drew: 3 },
    });
  });

  it("drawing when the draw pile has fewer cards than needed takes what is there, then the minimum is 1", () => {
    let state = table({
      hands: { ann: [20, 30, 40, 50, 60, 70, 80], bob: [81, 82] },
      piles: OPEN,
      drawPile: [12],
    });
    state = must(must(must(state, "ann", playMove(20, 0)), "ann", playMove(30, 0)), "ann", playMove(40, 0));
    state = must(state, "ann", END_TURN);
    expect(state.hands.ann).toEqual([50, 60, 70, 80, 12]);
    expect(state.drawPile).toEqual([]);
    expect(minimumThisTurn(state)).toBe(1);
    expect(theGame.publicView(state).drawPileCount).toBe(0);
  });

  it("then the next player in seat order takes a turn, wrapping round to the first seat", () => {
    let state = table({
      hands: { ann: [20, 21], bob: [30, 31], cy: [40, 41] },
      piles: OPEN,
      activeSeat: 1,
    });
    state = must(must(state, "bob", playMove(30, 0)), "bob", END_TURN);
    expect(theGame.actors(state)).toEqual(["cy"]);
    state = must(must(state, "cy", playMove(40, 0)), "cy", END_TURN);
    expect(theGame.actors(state)).toEqual(["ann"]);
    expect(state.playedThisTurn).toBe(0);
  });

  it("a player whose hand is empty is skipped", () => {
    let state = table({ hands: { ann: [20, 21], bob: [], cy: [40, 41], dee: [] }, piles: OPEN });
    state = must(must(state, "ann", playMove(20, 0)), "ann", END_TURN);
    expect(theGame.actors(state)).toEqual(["cy"]);
    state = must(must(state, "cy", playMove(40, 0)), "cy", END_TURN);
    expect(theGame.actors(state)).toEqual(["ann"]);
  });

  it("when every other hand is empty the same player goes again", () => {
    let state = table({ hands: { ann: [20, 21, 22], bob: [] }, piles: OPEN });
    state = must(must(state, "ann", playMove(20, 0)), "ann", END_TURN);
    expect(theGame.actors(state)).toEqual(["ann"]);
    expect(state.phase).toBe("play");
  });

  it("a hand emptied mid-turn after the minimum: the player ends the turn normally and is then skipped", () => {
    let state = table({ hands: { ann: [20], bob: [30, 31], cy: [40] }, piles: OPEN });
    state = must(state, "ann", playMove(20, 0));
    expect(state.phase).toBe("play");
    expect(turnMoves(state, "ann")).toEqual([END_TURN]);
    state = must(state, "ann", END_TURN);
    expect(theGame.actors(state)).toEqual(["bob"]);
    state = must(must(state, "bob", playMove(30, 0)), "bob", END_TURN);
    expect(theGame.actors(state)).toEqual(["cy"]);
    state = must(must(state, "cy", playMove(40, 0)), "cy", END_TURN);
    expect(theGame.actors(state)).toEqual(["bob"]);
  });

  it("a hand emptied mid-turn with the draw pile still full refills on ending the turn", () => {
    let state = table({ hands: { solo: [20, 30] }, piles: OPEN, drawPile: drawPileOf(20) });
    state = must(must(state, "solo", playMove(20, 0)), "solo", playMove(30, 0));
    state = must(state, "solo", END_TURN);
    expect(state.hands.solo).toHaveLength(8);
    expect(state.drawPile).toHaveLength(12);
  });

  it("1 player: after ending the turn the solo player plays again", () => {
    let state = table({ hands: { solo: [20, 30, 40] }, piles: OPEN, drawPile: drawPileOf(10) });
    state = must(must(must(state, "solo", playMove(20, 0)), "solo", playMove(30, 0)), "solo", END_TURN);
    expect(theGame.actors(state)).toEqual(["solo"]);
    expect(state.hands.solo).toHaveLength(8);
  });

  it("5 players: turns pass through all five seats in order", () => {
    const hands: Record<string, number[]> = {};
    ["a", "b", "c", "d", "e"].forEach((p, i) => {
      hands[p] = [20 + i * 10, 21 + i * 10, 22 + i * 10];
    });
    let state = table({ hands, piles: OPEN, drawPile: drawPileOf(20) });
    const order: string[] = [];
    for (let turn = 0; turn < 5; turn++) {
      const player = theGame.actors(state)[0] as string;
      order.push(player);
      const [first, second] = [...(state.hands[player] as number[])].sort((x, y) => x - y);
      state = must(
        must(must(state, player, playMove(first as number, 0)), player, playMove(second as number, 0)),
        player,
        END_TURN,
      );
    }
    expect(order).toEqual(["a", "b", "c", "d", "e"]);
    expect(theGame.actors(state)).toEqual(["a"]);
  });
});
