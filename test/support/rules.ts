import { expect } from "vitest";
import type { RuleError } from "../../src/engine/core/errors.js";
import type { GameEngine, PlayerId } from "../../src/engine/core/game.js";
import { hasKey } from "../../src/i18n/index.js";

/**
 * A game's two checks of single moves: `must` applies a move the rules must accept (and throws
 * with the refusal otherwise); `refusal` is the refusal of a move the rules must refuse, whose key
 * must exist in the English catalog, with the state left as it was.
 */
export function moveChecks<S, M>(engine: GameEngine<S, M, unknown, unknown>) {
  return {
    must(state: S, player: PlayerId, move: M): S {
      const result = engine.apply(state, player, move);
      if (!result.ok) throw new Error(`refused: ${result.error.key} ${JSON.stringify(result.error.params)}`);
      return result.state;
    },
    refusal(state: S, player: PlayerId, move: unknown): RuleError {
      const before = structuredClone(state);
      const result = engine.apply(state, player, move as M);
      if (result.ok) throw new Error(`accepted: ${JSON.stringify(move)}`);
      expect(hasKey(result.error.key), result.error.key).toBe(true);
      expect(state).toEqual(before);
      return result.error;
    },
  };
}
