import { describe, expect, it } from "vitest";
import { legalMoves, theGame } from "../../../src/games/thegame/engine/index.js";
import { CLAIM, END_TURN, must, playMove, refusal } from "./fixtures.js";

const fresh = () => theGame.setup(["ann", "bob", "cy"], {}, 11);

describe("The Game: start (who takes the first turn)", () => {
  it("after the deal, every player may claim the first turn and nobody is active yet", () => {
    const state = fresh();
    expect(state.phase).toBe("claim");
    expect(theGame.actors(state)).toEqual(["ann", "bob", "cy"]);
    expect(theGame.publicView(state).active).toBeNull();
    for (const p of state.players) expect(legalMoves(state, p)).toEqual([CLAIM]);
  });

  it("any player may claim, not only the first seat: the claimer becomes active", () => {
    const state = must(fresh(), "cy", CLAIM);
    expect(state.phase).toBe("play");
    expect(theGame.actors(state)).toEqual(["cy"]);
    expect(theGame.publicView(state).active).toBe("cy");
  });

  it("the first claim wins: a later claim is refused", () => {
    const state = must(fresh(), "bob", CLAIM);
    expect(refusal(state, "ann", CLAIM).key).toBe("thegame.alreadyClaimed");
    expect(refusal(state, "bob", CLAIM).key).toBe("thegame.alreadyClaimed");
    expect(theGame.legalMoves(state, "ann")).not.toContainEqual(CLAIM);
    expect(theGame.legalMoves(state, "bob")).not.toContainEqual(CLAIM);
    expect(theGame.actors(state)).toEqual(["bob"]);
  });

  it("no card may be played and no turn ended before someone claims", () => {
    const state = fresh();
    const card = state.hands.ann?.[0] as number;
    expect(refusal(state, "ann", playMove(card, 0)).key).toBe("thegame.startNotClaimed");
    expect(refusal(state, "ann", END_TURN).key).toBe("thegame.startNotClaimed");
  });

  it("a solo game starts at once: there is nothing to claim", () => {
    const state = theGame.setup(["solo"], {}, 3);
    expect(state.phase).toBe("play");
    expect(refusal(state, "solo", CLAIM).key).toBe("thegame.alreadyClaimed");
    const card = state.hands.solo?.[0] as number;
    expect(must(state, "solo", playMove(card, 0)).piles[0]).toEqual([card]);
  });

  it("claiming emits a public log line naming the claimer", () => {
    const result = theGame.apply(fresh(), "bob", CLAIM);
    expect(result.ok && result.events).toEqual([{ key: "thegame.event.claimed", params: { player: "bob" } }]);
  });
});
