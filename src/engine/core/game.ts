import type { Message, RuleError } from "./errors.js";

/** A seat is held by a Discord user id; engines treat it as an opaque string. */
export type PlayerId = string;

export type OptionValue = boolean | number | string;
export type GameOptions = Record<string, OptionValue>;

/** An option a host may set when starting a game (shown as a slash-command option). */
export interface OptionSpec {
  name: string;
  kind: "boolean";
  /** i18n key of the option's one-line description */
  descriptionKey: string;
  default: boolean;
}

/** A public happening worth a log line in the channel (a noble used, a turn's result). */
export type GameEvent = Message;

export type ApplyResult<S> = { ok: true; state: S; events: GameEvent[] } | { ok: false; error: RuleError };

export type PlayerResult = "win" | "loss" | "draw";

export interface Outcome {
  /** Per seated player. Cooperative games give everyone the same result. */
  results: Record<PlayerId, { result: PlayerResult; score?: number }>;
  /** A one-line, player-readable summary ("All 98 cards played!"). */
  summary: Message;
  /** Game-specific numbers for the results table (score, rounds...). */
  score?: number;
}

/**
 * The contract every game engine implements. All functions are pure and deterministic:
 * no clock, no Math.random, no I/O. State is plain JSON, with the RNG state inside it.
 */
export interface GameEngine<S, M, PublicV, PrivateV> {
  id: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionSpec[];
  setup(players: readonly PlayerId[], options: GameOptions, seed: number): S;
  /** Who may act now: a set, since some phases let several players act in any order. */
  actors(state: S): PlayerId[];
  /** Checks everything (actor, phase, cards, move shape) and never mutates `state`. */
  apply(state: S, player: PlayerId, move: M): ApplyResult<S>;
  /** Public view: contains no hidden value at all, not even in fields nobody draws. */
  publicView(state: S): PublicV;
  /** What `player` may see: the public view plus their own secrets. */
  privateView(state: S, player: PlayerId): PrivateV;
  outcome(state: S): Outcome | null;
}

/** Deep copy of plain JSON state, so `apply` can work on a draft and stay pure. */
export function cloneState<S>(state: S): S {
  return structuredClone(state);
}

export function ok<S>(state: S, events: GameEvent[] = []): ApplyResult<S> {
  return { ok: true, state, events };
}

export function fail<S>(error: RuleError): ApplyResult<S> {
  return { ok: false, error };
}
