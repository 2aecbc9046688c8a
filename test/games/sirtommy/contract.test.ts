import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import type { SirTommyState } from "../../../src/games/sirtommy/engine/types.js";
import { hasKey } from "../../../src/i18n/index.js";
import {
  ANN,
  BOB,
  CONFIRM,
  cards,
  END_TURN,
  fresh,
  must,
  PASS,
  piles,
  playing,
  proposeAscending,
  refusal,
  rowTop,
  toFoundation,
} from "./fixtures.js";

/** Every move of the right shape a panel could send, in range or one past it. */
function grid(): unknown[] {
  const moves: unknown[] = [END_TURN, PASS, CONFIRM, ...[ANN, BOB, "cy"].map(proposeAscending)];
  for (let foundation = 0; foundation <= 4; foundation++) {
    for (let index = 0; index <= 3; index++) moves.push(toFoundation({ kind: "drawn", index }, foundation));
    for (let row = 0; row <= 4; row++) moves.push(toFoundation(rowTop(row), foundation));
  }
  for (let drawnIndex = 0; drawnIndex <= 3; drawnIndex++) {
    for (let row = 0; row <= 4; row++) moves.push({ type: "toRow", drawnIndex, row });
  }
  return moves;
}

/** `legalMoves` lists exactly the moves of the grid that `apply` accepts, each once. */
function expectComplete(state: SirTommyState, player: PlayerId): void {
  const legal = sirTommy.legalMoves(state, player).map((m) => JSON.stringify(m));
  expect(new Set(legal).size).toBe(legal.length);
  const accepted = grid()
    .filter((m) => sirTommy.apply(state, player, m).ok)
    .map((m) => JSON.stringify(m));
  expect([...legal].sort()).toEqual(accepted.sort());
}

describe("Sir Tommy: the engine contract", () => {
  it("declares its score: cards on a player's own foundations, higher is better", () => {
    expect(sirTommy.score).toEqual({ better: "higher", unitKey: "sirtommy.scoreUnit" });
    expect(hasKey(sirTommy.score.unitKey)).toBe(true);
    expect(sirTommy.stateVersion).toBe(1);
  });

  it("legalMoves is complete and in a stable order, in every phase and kind of turn", () => {
    const proposed = must(fresh(), ANN, proposeAscending(BOB));
    const draw = playing({
      drawn: cards("AS 7H KD"),
      rows: piles("2C", "", "9S 5D", ""),
      ann: piles("", "", "", ""),
      bob: piles("KC", "", "", ""),
      stock: cards("4H 4D"),
    });
    const clear = playing({
      turnKind: "clear",
      rows: piles("AH", "2H", "", "QS"),
      bob: piles("KS", "", "", ""),
    });
    const moved = must(clear, ANN, toFoundation(rowTop(0), 0));
    const cases: [SirTommyState, PlayerId[]][] = [
      [fresh(), [ANN, BOB]],
      [proposed, [ANN, BOB]],
      [draw, [ANN, BOB]],
      [clear, [ANN, BOB]],
      [moved, [ANN, BOB]],
      [{ ...clear, activeSeat: 1 }, [BOB]],
    ];
    for (const [state, players] of cases) {
      for (const player of players) expectComplete(state, player);
    }
    expect(sirTommy.legalMoves(proposed, BOB)).toEqual([
      proposeAscending(ANN),
      proposeAscending(BOB),
      CONFIRM,
    ]);
    expect(sirTommy.legalMoves(draw, ANN).slice(0, 2)).toEqual([
      toFoundation({ kind: "drawn", index: 0 }, 0),
      toFoundation({ kind: "drawn", index: 0 }, 1),
    ]);
    expect(sirTommy.legalMoves(draw, BOB)).toEqual([]);
    expect(sirTommy.legalMoves(moved, ANN)).toEqual([toFoundation(rowTop(1), 0), END_TURN]);
    expect(sirTommy.legalMoves(draw, ANN)).toEqual(sirTommy.legalMoves(structuredClone(draw), ANN));
  });

  it("parseMove takes exactly the known shapes and refuses anything else", () => {
    for (const move of [
      proposeAscending(ANN),
      CONFIRM,
      END_TURN,
      PASS,
      toFoundation(rowTop(2), 1),
      toFoundation({ kind: "drawn", index: 0 }, 3),
      { type: "toRow", drawnIndex: 1, row: 2 },
    ]) {
      expect(sirTommy.parseMove(JSON.parse(JSON.stringify(move)))).toEqual(move);
    }
    for (const junk of [
      null,
      "pass",
      [PASS],
      { type: "pass", by: ANN },
      { type: "confirm", terms: {} },
      { type: "propose" },
      { type: "propose", ascending: 1 },
      { type: "toRow", drawnIndex: "0", row: 0 },
      { type: "toRow", drawnIndex: 0, row: 0, card: "AS" },
      { type: "toFoundation", from: { kind: "drawn", index: 0, row: 1 }, foundation: 0 },
      { type: "toFoundation", from: { kind: "stock", index: 0 }, foundation: 0 },
      { type: "toFoundation", from: rowTop(0) },
      { type: "draw" },
    ]) {
      expect(sirTommy.parseMove(junk), JSON.stringify(junk)).toBeNull();
    }
  });

  it("the shared guard refuses in order: game over, not seated, not your turn, malformed", () => {
    // Nobody can move the 5♠ once Ann has passed: the game ends.
    const over = must(playing({ turnKind: "clear", rows: piles("5S", "", "", "") }), ANN, PASS);
    expect(over.phase).toBe("over");
    expect(refusal(over, "cy", { type: "junk" }).key).toBe("core.gameOver");
    const state = playing({ drawn: cards("5S") });
    expect(refusal(state, "cy", { type: "junk" }).key).toBe("core.notSeated");
    expect(refusal(state, BOB, { type: "junk" }).key).toBe("core.notYourTurn");
    expect(refusal(state, ANN, { type: "junk" }).key).toBe("core.malformedMove");
    // While agreeing both may act, so a card move gets the game's own reason.
    expect(refusal(fresh(), BOB, END_TURN).key).toBe("sirtommy.agreeFirst");
  });
});
