import { describe, expect, it } from "vitest";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import type { TheGameMove } from "../../../src/games/thegame/engine/types.js";
import { hasKey, t } from "../../../src/i18n/index.js";
import { CLAIM, END_TURN, must, playMove, refusal, table } from "./fixtures.js";

const state = () =>
  table({
    hands: { ann: [20, 30], bob: [40, 50] },
    piles: [[25], [1], [100], [100]],
    drawPile: [60, 61, 62, 63, 64],
  });

describe("The Game: refusals", () => {
  it("a player not seated is refused", () => {
    expect(refusal(state(), "zed", playMove(20, 1)).key).toBe("core.notSeated");
  });

  it("a seated player out of turn is refused", () => {
    expect(refusal(state(), "bob", playMove(40, 1)).key).toBe("core.notYourTurn");
    expect(refusal(state(), "bob", END_TURN).key).toBe("core.notYourTurn");
  });

  it("malformed moves are refused, never thrown", () => {
    const bad: unknown[] = [
      null,
      "play",
      {},
      { type: "discard" },
      { type: "play" },
      { type: "play", card: "20", pile: 1 },
      { type: "play", card: 20.5, pile: 1 },
      { type: "play", card: 20, pile: 4 },
      { type: "play", card: 20, pile: -1 },
      { type: "play", card: 20, pile: "0" },
    ];
    for (const move of bad) expect(refusal(state(), "ann", move).key).toBe("core.malformedMove");
  });

  it("a card not in the player's hand is refused without telling where it is", () => {
    expect(refusal(state(), "ann", playMove(40, 1))).toEqual({
      key: "thegame.notInHand",
      params: { card: 40 },
    });
    expect(refusal(state(), "ann", playMove(25, 1))).toEqual({
      key: "thegame.notInHand",
      params: { card: 25 },
    });
    expect(refusal(state(), "ann", playMove(200, 1))).toEqual({
      key: "thegame.notInHand",
      params: { card: 200 },
    });
  });

  it("a card that does not fit names only the pile's public direction and top", () => {
    expect(refusal(state(), "ann", playMove(20, 0))).toEqual({
      key: "thegame.cannotPlayThere.up",
      params: { card: 20, pile: 1, top: 25 },
    });
  });

  it("a finished game refuses every move", () => {
    const over = state();
    over.phase = "over";
    for (const move of [CLAIM, END_TURN, playMove(20, 1)] as TheGameMove[]) {
      expect(refusal(over, "ann", move).key).toBe("core.gameOver");
    }
  });

  it("a refusal never mutates the state, and refusal params never hold another player's card", () => {
    const s = state();
    const before = JSON.stringify(s);
    const others = new Set([40, 50, ...s.drawPile]);
    for (const move of [playMove(20, 0), playMove(40, 1), END_TURN, CLAIM, playMove(30, 2)]) {
      const result = theGame.apply(s, "ann", move);
      if (result.ok) continue;
      for (const value of Object.values(result.error.params)) {
        if (typeof value === "number" && value !== (move as { card?: number }).card && value !== 25) {
          expect(others.has(value)).toBe(false);
        }
      }
    }
    expect(JSON.stringify(s)).toBe(before);
    expect(must(s, "ann", playMove(30, 0)).piles[0]).toEqual([25, 30]);
  });

  it("every key the engine uses has English text", () => {
    const keys = [
      "thegame.option.expert",
      "thegame.option.smallerHands",
      "thegame.notInHand",
      "thegame.cannotPlayThere.up",
      "thegame.cannotPlayThere.down",
      "thegame.minimumNotReached",
      "thegame.alreadyClaimed",
      "thegame.startNotClaimed",
      "thegame.event.claimed",
      "thegame.event.played",
      "thegame.event.turnEnded",
      "thegame.event.allPlayed",
      "thegame.event.stuck",
      "thegame.outcome.perfect",
      "thegame.outcome.excellent",
      "thegame.outcome.stuck",
    ];
    for (const key of keys) expect(hasKey(key), key).toBe(true);
    expect(t("thegame.minimumNotReached", { minimum: 2, played: 1 })).toBe(
      "Play at least 2 cards this turn before ending it (played so far: 1).",
    );
  });
});
