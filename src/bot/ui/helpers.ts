import { RuleError } from "../../engine/core/errors.js";
import type { PlayerId } from "../../engine/core/game.js";
import type { Intent, Names } from "./types.js";

/** A seated player's display name for panel and status text. */
export function nameOf(names: Names, id: PlayerId | null | undefined): string {
  return id ? (names[id] ?? "someone") : "nobody";
}

/** A click the UI refuses before it reaches the engine, with a readable reason. */
export function refuse(key: string, params: Record<string, string | number> = {}): Intent<never, never> {
  return { kind: "refuse", message: new RuleError(key, params) };
}

/** A small index (a hand position, a pile, a column) from a custom_id argument or select value. */
export function indexArg(arg: string | undefined, length: number): number | null {
  if (arg === undefined || !/^\d{1,2}$/.test(arg)) return null;
  const n = Number(arg);
  return n < length ? n : null;
}

/**
 * Whom a propose/confirm agreement waits for: both players until someone proposes, then only the
 * other player (the proposer cannot confirm their own proposal).
 */
export function agreementWaitingFor(
  players: readonly PlayerId[],
  proposal: { by: PlayerId } | null,
): PlayerId[] {
  return proposal ? players.filter((p) => p !== proposal.by) : [...players];
}
