import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/engine/core/errors.js";
import { defineGame, ok } from "../../../src/engine/core/game.js";

/** A toy game: players take turns adding 1 or 2 to a counter; whoever reaches 5 ends it. */
interface Toy {
  players: string[];
  turn: number;
  counter: number;
}
type ToyMove = { type: "add"; amount: 1 | 2 };

function toy(overrides: { notActorError?: (s: Toy, p: string) => RuleError } = {}) {
  let applied = 0;
  const engine = defineGame<Toy, ToyMove, Toy, Toy>({
    id: "toy",
    minPlayers: 2,
    maxPlayers: 2,
    options: [],
    score: { better: "higher", unitKey: "toy.unit" },
    setup: (players) => ({ players: [...players], turn: 0, counter: 0 }),
    players: (s) => s.players,
    actors: (s) => (s.counter >= 5 ? [] : [s.players[s.turn % 2] as string]),
    parseMove: (m) =>
      typeof m === "object" &&
      m !== null &&
      (m as ToyMove).type === "add" &&
      [1, 2].includes((m as ToyMove).amount)
        ? { type: "add", amount: (m as ToyMove).amount }
        : null,
    legalMoves: (s, p) =>
      s.counter < 5 && s.players[s.turn % 2] === p
        ? [
            { type: "add", amount: 1 },
            { type: "add", amount: 2 },
          ]
        : [],
    applyMove(s, _p, m) {
      applied++;
      return ok({ ...s, turn: s.turn + 1, counter: s.counter + m.amount });
    },
    publicView: (s) => s,
    privateView: (s) => s,
    outcome: (s) => (s.counter >= 5 ? { results: {}, summary: { key: "toy.over" } } : null),
    ...overrides,
  });
  return { engine, applied: () => applied };
}

const refusal = (r: { ok: boolean; error?: RuleError }) => (r.ok ? "ok" : r.error?.key);

describe("the shared guard runs before a game's own rules, in order", () => {
  const { engine, applied } = toy();
  const start = engine.setup(["a", "b"], {}, 1);
  const over = { ...start, counter: 5 };

  it("game over first: even a stranger's junk in a finished game reads 'over'", () => {
    expect(refusal(engine.apply(over, "stranger", "junk"))).toBe("core.gameOver");
  });
  it("then seated: a stranger is told they are not playing", () => {
    expect(refusal(engine.apply(start, "stranger", { type: "add", amount: 1 }))).toBe("core.notSeated");
  });
  it("then may act: a seated player out of turn", () => {
    expect(refusal(engine.apply(start, "b", { type: "add", amount: 1 }))).toBe("core.notYourTurn");
  });
  it("then the move's shape, through the game's parseMove", () => {
    expect(refusal(engine.apply(start, "a", { type: "add", amount: 3 }))).toBe("core.malformedMove");
    expect(refusal(engine.apply(start, "a", null))).toBe("core.malformedMove");
  });
  it("the game's own rules see only seated actors' well-formed moves", () => {
    expect(applied()).toBe(0);
    expect(refusal(engine.apply(start, "a", { type: "add", amount: 2 }))).toBe("ok");
    expect(applied()).toBe(1);
  });
  it("a game may word its own 'not your turn'", () => {
    const custom = toy({ notActorError: () => new RuleError("toy.waitForA") }).engine;
    expect(refusal(custom.apply(start, "b", { type: "add", amount: 1 }))).toBe("toy.waitForA");
  });
});

describe("state versions", () => {
  it("version 1 by default; the current version needs no migration; an older one without a migration is an error", () => {
    const { engine } = toy();
    expect(engine.stateVersion).toBe(1);
    const state = engine.setup(["a", "b"], {}, 1);
    expect(engine.migrate(state, 1)).toBe(state);
    expect(() => engine.migrate(state, 2)).toThrow(/cannot read state version 2/);
  });
});
