import { describe, expect, it } from "vitest";
import type { TheGameMove, TheGameState } from "../../../src/games/thegame/engine/index.js";
import { parseMove, theGame } from "../../../src/games/thegame/engine/index.js";
import { t } from "../../../src/i18n/index.js";
import {
  CLAIM,
  drawPileOf,
  END_TURN,
  EVERY_SIGNAL,
  FRESH_SIGNALS,
  must,
  playMove,
  refusal,
  table,
} from "./fixtures.js";

/** Every move anyone could try here: each card 0..101 on each pile, End turn, the claim, every signal. */
function everyMove(): TheGameMove[] {
  const moves: TheGameMove[] = [END_TURN, CLAIM, ...EVERY_SIGNAL];
  for (let card = 0; card <= 101; card++)
    for (let pile = 0; pile < 4; pile++) moves.push(playMove(card, pile));
  return moves;
}

/**
 * legalMoves is complete: apply accepts exactly the listed moves, for every seat (the table signals
 * of a player who is not to move included) and a stranger.
 */
function expectComplete(state: TheGameState): void {
  for (const player of [...state.players, "zed"]) {
    const legal = theGame.legalMoves(state, player);
    const key = (m: TheGameMove) => JSON.stringify(m);
    const listed = new Set(legal.map(key));
    expect(listed.size).toBe(legal.length);
    for (const move of everyMove()) {
      expect(theGame.apply(state, player, move).ok, `${player} ${key(move)}`).toBe(listed.has(key(move)));
    }
  }
}

describe("The Game on the kit: legalMoves, parseMove, the guard, the score", () => {
  it("legalMoves is complete and ordered (card, then pile, then End turn, then signals) in hand-built states", () => {
    const mid = table({
      hands: { ann: [60, 45, 55], bob: [70] },
      piles: [[50], [98], [35], [4]],
      drawPile: drawPileOf(5),
      playedThisTurn: 2,
    });
    expect(theGame.legalMoves(mid, "ann")).toEqual([
      playMove(45, 2),
      playMove(55, 0),
      playMove(60, 0),
      END_TURN,
      ...FRESH_SIGNALS,
    ]);
    expect(theGame.legalMoves(mid, "bob")).toEqual(FRESH_SIGNALS);
    const signalled = { ...mid, signals: [{ player: "bob", pile: 2, signal: "hold" as const }] };
    const states = [
      mid,
      signalled,
      { ...signalled, activeSeat: 1 },
      table({ phase: "claim", hands: { ann: [20], bob: [30], cy: [40] }, drawPile: drawPileOf(5) }),
      table({ hands: { solo: [20, 30, 40] }, piles: [[5], [6], [95], [94]] }),
      { ...mid, phase: "over" as const, endReason: "stuck" as const },
    ];
    for (const state of states) expectComplete(state);
    expect(theGame.legalMoves(states[5] as TheGameState, "ann")).toEqual([]);
  });

  it("parseMove rebuilds the three shapes and refuses anything else, extra fields included", () => {
    expect(parseMove({ type: "play", card: 20, pile: 3 })).toEqual(playMove(20, 3));
    expect(parseMove({ type: "endTurn" })).toEqual(END_TURN);
    expect(parseMove({ type: "claimStart" })).toEqual(CLAIM);
    const junk: unknown[] = [
      undefined,
      42,
      [],
      ["play", 20, 1],
      { type: "endTurn", card: 20 },
      { type: "claimStart", by: "ann" },
      { type: "play", card: 20, pile: 1, extra: true },
      { type: "play", card: 20 },
      { type: "play", card: Number.NaN, pile: 1 },
      { type: "play", card: 1e20, pile: 1 },
      { type: "play", card: 20, pile: 1.5 },
      { type: "PLAY", card: 20, pile: 1 },
    ];
    for (const move of junk) expect(parseMove(move), JSON.stringify(move)).toBeNull();
  });

  it("the guard's order: game over, then seated, then may act, then the move's shape", () => {
    const state = table({ hands: { ann: [20], bob: [30] }, drawPile: drawPileOf(3) });
    const over = { ...state, phase: "over" as const, endReason: "stuck" as const };
    expect(refusal(over, "zed", "junk").key).toBe("core.gameOver");
    expect(refusal(state, "zed", "junk").key).toBe("core.notSeated");
    expect(refusal(state, "bob", "junk").key).toBe("core.notYourTurn");
    expect(refusal(state, "ann", "junk").key).toBe("core.malformedMove");
    expect(refusal(state, "ann", playMove(30, 0)).key).toBe("thegame.notInHand");
  });

  it("the claim phase lets every player act: several may try, the first one counts", () => {
    const claim = table({
      phase: "claim",
      hands: { ann: [20, 21], bob: [30, 31], cy: [40, 41] },
      drawPile: drawPileOf(5),
    });
    expect(theGame.actors(claim)).toEqual(["ann", "bob", "cy"]);
    const claimed = must(claim, "cy", CLAIM);
    expect(theGame.actors(claimed)).toEqual(["cy"]);
    expect(refusal(claimed, "ann", CLAIM).key).toBe("thegame.alreadyClaimed");
  });

  it("the private view lists the plays that would strand the viewer, for the active viewer only", () => {
    const state = table({
      hands: { ann: [55, 60], bob: [70] },
      piles: [[50], [98], [3], [4]],
      drawPile: drawPileOf(5),
    });
    expect(theGame.privateView(state, "ann").stranding).toEqual({ 55: [], 60: [0] });
    expect(theGame.privateView(state, "bob").stranding).toEqual({ 70: [] });
    const result = theGame.apply(state, "ann", playMove(60, 0));
    expect(result.ok && result.state.endReason).toBe("stuck");
  });

  it("declares its score: cards left, lower is better, with an English unit", () => {
    expect(theGame.score).toEqual({ better: "lower", unitKey: "thegame.scoreUnit" });
    expect(t(theGame.score.unitKey, { count: 7 })).toBe("7 cards left");
    expect(theGame.stateVersion).toBe(2);
  });
});
