import { RuleError } from "../../engine/core/errors.js";
import type { GameEvent, PlayerId } from "../../engine/core/game.js";
import type { Words } from "../../i18n/index.js";
import type { Intent, Names } from "./types.js";

/** A seated player's display name for panel and status text. */
export function nameOf(names: Names, id: PlayerId | null | undefined, words: Words): string {
  return id ? (names[id] ?? words("kit.someone")) : words("kit.nobody");
}

/** A name short enough for a button label or a select option (cut with "…"). */
export function shortName(names: Names, id: PlayerId | null | undefined, words: Words, max = 20): string {
  const name = nameOf(names, id, words);
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

/** A click the UI refuses before it reaches the engine, with a readable reason. */
export function refuse(key: string, params: Record<string, string | number> = {}): Intent<never, never> {
  return { kind: "refuse", message: new RuleError(key, params) };
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

/** Engines name players by id in events; the channel reads display names. */
export function withNames(event: GameEvent, names: Names): GameEvent {
  const params = Object.fromEntries(
    Object.entries(event.params ?? {}).map(([k, v]) => [
      k,
      typeof v === "string" && v in names ? (names[v] as string) : v,
    ]),
  );
  return { key: event.key, params };
}
