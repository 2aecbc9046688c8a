import { describe, expect, it } from "vitest";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { hasKey, tm } from "../../../src/i18n/index.js";
import { ANN, BOB, CONFIRM, columns, fresh, must, playing, proposal, refusal, take } from "./fixtures.js";

const SEATED = [ANN, BOB];

/** Every move worth trying: every ordered pair of columns (one past the end too), every proposal, Confirm. */
function candidates(): unknown[] {
  const moves: unknown[] = [CONFIRM];
  for (let a = 0; a <= 13; a++) for (let b = 0; b <= 13; b++) moves.push(take(a, b));
  for (const t of [...SEATED, "cy"]) for (const s of [...SEATED, "cy"]) moves.push(proposal(t, s));
  return moves;
}

/** `legalMoves` is complete: a candidate is accepted exactly when it is listed, for anyone. */
function expectComplete(state: TwelvesState): void {
  for (const player of [...SEATED, "cy"]) {
    const legal = twelves.legalMoves(state, player).map((m) => JSON.stringify(m));
    expect(new Set(legal).size, "no move listed twice").toBe(legal.length);
    for (const move of candidates()) {
      const listed = legal.includes(JSON.stringify(move));
      expect(twelves.apply(state, player, move).ok, `${player} ${JSON.stringify(move)}`).toBe(listed);
    }
  }
}

describe("Twelves on the game kit: legalMoves, parseMove, the shared guard, the score", () => {
  it("legalMoves lists every move a player may make, and only those, in a stable order", () => {
    const agreeing = fresh();
    const proposed = must(agreeing, ANN, proposal(BOB, ANN));
    const tops = columns("4H", "8S", "10D", "2C", "", "QH 6S", "KC", "6D");
    const states = [
      agreeing,
      proposed,
      playing(tops, "twelve"),
      playing(tops, "fourteen", 1),
      playing(columns("6H 6S", "9D", "KC"), "twelve"),
      must(playing(columns("6H", "6S"), "twelve"), ANN, take(1, 0)),
    ];
    for (const state of states) expectComplete(state);
    expect(twelves.legalMoves(proposed, BOB)).toEqual([
      proposal(ANN, ANN),
      proposal(ANN, BOB),
      proposal(BOB, ANN),
      proposal(BOB, BOB),
      CONFIRM,
    ]);
    expect(twelves.legalMoves(playing(tops, "twelve"), ANN)).toEqual([
      take(0, 1),
      take(1, 0),
      take(2, 3),
      take(3, 2),
      take(5, 7),
      take(7, 5),
    ]);
    expect(twelves.legalMoves(playing(tops, "twelve"), BOB)).toEqual([]);
    expect(twelves.legalMoves(playing(tops, "twelve"), ANN)).toEqual(
      twelves.legalMoves(playing(tops, "twelve"), ANN),
    );
  });

  it("parseMove keeps well-formed moves and refuses junk: unknown kinds, fields and types", () => {
    expect(twelves.parseMove(take(3, 12))).toEqual(take(3, 12));
    expect(twelves.parseMove(proposal(ANN, BOB))).toEqual(proposal(ANN, BOB));
    expect(twelves.parseMove(CONFIRM)).toEqual(CONFIRM);
    const junk: unknown[] = [
      null,
      undefined,
      7,
      "confirm",
      [],
      [CONFIRM],
      {},
      { type: "pass" },
      { type: "confirm", now: true },
      { type: "takePair", columns: [1, 2], extra: 1 },
      { type: "takePair", columns: [1] },
      { type: "takePair", columns: [1, 2, 3] },
      { type: "takePair", columns: ["1", 2] },
      { type: "takePair", columns: { 0: 1, 1: 2, length: 2 } },
      { type: "takePair" },
      { type: "propose", twelves: ANN },
      { type: "propose", twelves: ANN, starter: 0 },
      { type: "propose", twelves: ANN, starter: BOB, by: ANN },
    ];
    for (const move of junk) expect(twelves.parseMove(move), JSON.stringify(move)).toBeNull();
  });

  it("the shared guard checks, in order: game over, seated, may act, move shape", () => {
    const over = must(playing(columns("6H", "6S"), "twelve"), ANN, take(0, 1));
    expect(refusal(over, "cy", "junk").key).toBe("core.gameOver");
    const state = playing(columns("4H", "8S", "9C"), "twelve");
    expect(refusal(state, "cy", "junk").key).toBe("core.notSeated");
    expect(refusal(state, BOB, "junk").key).toBe("core.notYourTurn");
    expect(refusal(state, BOB, take(0, 1)).key).toBe("core.notYourTurn");
    expect(refusal(state, BOB, CONFIRM).key).toBe("core.wrongPhase");
    expect(refusal(state, ANN, "junk").key).toBe("core.malformedMove");
    expect(refusal(fresh(), BOB, take(0, 1)).key).toBe("twelves.agreeFirst");
  });

  it("a player's score is the number of pairs they took, higher is better, shown as '{count} pairs'", () => {
    expect(twelves.score).toEqual({ better: "higher", unitKey: "twelves.scoreUnit" });
    expect(hasKey(twelves.score.unitKey)).toBe(true);
    expect(tm({ key: twelves.score.unitKey, params: { count: 13 } })).toBe("13 pairs");
    // A lost game: Ann took two pairs, Bob one, and then Bob had no pair of fourteen (9+9).
    const start = playing(columns("4H", "8S", "AS", "KD", "5C", "7C", "9C", "9D"), "twelve");
    const lost = must(must(must(start, ANN, take(0, 1)), BOB, take(2, 3)), ANN, take(4, 5));
    const outcome = twelves.outcome(lost);
    expect(outcome?.results[ANN]).toEqual({ result: "loss", score: 2 });
    expect(outcome?.results[BOB]).toEqual({ result: "loss", score: 1 });
    expect(twelves.stateVersion).toBe(1);
    expect(twelves.migrate(lost, 1)).toBe(lost);
  });
});
