import { type Message, RuleError } from "./errors.js";

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

/**
 * Competitive games offer this option: only with it may a player ask a robot for a hint (in
 * cooperative and solo games hints are always there).
 */
export const HINTS_OPTION: OptionSpec = {
  name: "hints",
  kind: "boolean",
  descriptionKey: "core.option.hints",
  default: false,
};

/**
 * Hints are on unless the game offers the `hints` option and the host left it off, or the game was
 * dealt with them off whatever the game (a daily deal: only the player's own play is scored).
 */
export function hintsAllowed(engine: { options: readonly OptionSpec[] }, options: GameOptions): boolean {
  if (options[HINTS_OPTION.name] === false) return false;
  return !engine.options.some((o) => o.name === HINTS_OPTION.name) || options[HINTS_OPTION.name] === true;
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
 * How a player's score reads: which way is better, and its unit as an i18n key whose text takes a
 * `{count}` ("{count} cards left"). `/stats` shows the best score the right way round with it.
 */
export interface ScoreSpec {
  better: "higher" | "lower";
  unitKey: string;
}

/**
 * One side of a finished competitive game: the seats that play together (one seat when each plays
 * for themselves) and the side's place, 1 for the best; sides that did equally well share a place.
 */
export interface Side {
  players: readonly PlayerId[];
  place: number;
}

/**
 * The places of sides by their totals, higher better: each side's place is one more than the
 * number of sides with a higher total, so equal totals share a place (1, 1, 3).
 */
export function placesByTotal(totals: readonly { players: readonly PlayerId[]; total: number }[]): Side[] {
  return totals.map(({ players, total }) => ({
    players,
    place: 1 + totals.filter((other) => other.total > total).length,
  }));
}

/**
 * The contract every game engine implements. All functions are pure and deterministic:
 * no clock, no Math.random, no I/O. State is plain JSON, with the RNG state inside it.
 * Build one with `defineGame`, which adds the shared checks every move needs.
 */
export interface GameEngine<S, M, PublicV, PrivateV> {
  id: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionSpec[];
  score: ScoreSpec;
  /** The shape of the state this code writes; stored with every game. */
  stateVersion: number;
  /** Brings a stored state of an older `stateVersion` up to the current one. */
  migrate(state: unknown, fromVersion: number): S;
  setup(players: readonly PlayerId[], options: GameOptions, seed: number): S;
  /** Who may act now: a set, since some phases let several players act in any order. */
  actors(state: S): PlayerId[];
  /** The move if it has a known shape, else null (moves arrive from untrusted custom_ids). */
  parseMove(move: unknown): M | null;
  /** Every move `player` may make now, in a stable order; empty when they may not act. */
  legalMoves(state: S, player: PlayerId): M[];
  /** Checks everything (actor, phase, cards, move shape) and never mutates `state`. */
  apply(state: S, player: PlayerId, move: unknown): ApplyResult<S>;
  /** Public view: contains no hidden value at all, not even in fields nobody draws. */
  publicView(state: S): PublicV;
  /** What `player` may see: the public view plus their own secrets. */
  privateView(state: S, player: PlayerId): PrivateV;
  outcome(state: S): Outcome | null;
  /**
   * Whether `player`'s `move`, which left `after` (the state it made), may be taken back: it stayed
   * within their turn and revealed nothing. Judged from the move and the state it left, so a panel
   * can tell from the game as it stands, without replaying it. Games without it (the competitive
   * ones) never allow taking a move back (see `undo.ts`).
   */
  finality?(after: S, player: PlayerId, move: unknown): Finality;
  /**
   * Rated games only (players' ratings follow their results): once the game is over, its sides
   * with their places; null while it is not.
   */
  sides?(state: S): Side[] | null;
}

/**
 * Whether a move may be taken back: "undoable"; "revealed": it showed something new (a card drawn,
 * turned or shown to the others); "turnPassed": the turn ended with it.
 */
export type Finality = "undoable" | "revealed" | "turnPassed";

/** A game's own rules, before the shared guard: `applyMove` sees a seated actor and a well-formed move. */
export interface GameRules<S, M, PublicV, PrivateV>
  extends Omit<GameEngine<S, M, PublicV, PrivateV>, "apply" | "migrate" | "stateVersion" | "finality"> {
  /** Everyone seated in the game, in seat order. */
  players(state: S): readonly PlayerId[];
  /** The game's own rules for a move that passed the shared guard. */
  applyMove(state: S, player: PlayerId, move: M): ApplyResult<S>;
  /**
   * Why a seated player who is not among the actors may not make this move (default
   * `core.notYourTurn`); `move` is null when its shape is not understood either.
   */
  notActorError?(state: S, player: PlayerId, move: M | null): RuleError;
  /**
   * True for a move a seated player may make whatever the turn (The Game's table signals); such a
   * move still goes through `applyMove`, which judges it like any other.
   */
  outOfTurn?(state: S, player: PlayerId, move: M): boolean;
  /** The game's rule for taking a move back (see `GameEngine.finality`); `move` is well-formed. */
  finality?(after: S, player: PlayerId, move: M): Finality;
  /** Default 1, with no migration. */
  stateVersion?: number;
  migrate?(state: unknown, fromVersion: number): S;
}

/**
 * Wraps a game's rules with the checks every move needs, in this order: the game is not over,
 * the player is seated, the player may act now, the move has a known shape.
 */
export function defineGame<S, M, PublicV, PrivateV>(
  rules: GameRules<S, M, PublicV, PrivateV>,
): GameEngine<S, M, PublicV, PrivateV> {
  const {
    players,
    applyMove,
    notActorError,
    outOfTurn,
    stateVersion = 1,
    migrate,
    finality,
    ...engine
  } = rules;
  return {
    ...engine,
    ...(finality && {
      finality(after: S, player: PlayerId, move: unknown): Finality {
        const parsed = rules.parseMove(move);
        // A move the game cannot read (an older release's) stands.
        return parsed === null ? "turnPassed" : finality(after, player, parsed);
      },
    }),
    stateVersion,
    migrate(state, fromVersion) {
      if (fromVersion === stateVersion) return state as S;
      if (!migrate || fromVersion > stateVersion) {
        throw new Error(
          `${rules.id}: cannot read state version ${fromVersion} (this code writes ${stateVersion})`,
        );
      }
      return migrate(state, fromVersion);
    },
    apply(state, player, move) {
      if (rules.outcome(state) !== null) return fail(new RuleError("core.gameOver"));
      if (!players(state).includes(player)) return fail(new RuleError("core.notSeated"));
      if (!rules.actors(state).includes(player)) {
        const parsed = rules.parseMove(move);
        if (parsed !== null && outOfTurn?.(state, player, parsed)) return applyMove(state, player, parsed);
        return fail(notActorError ? notActorError(state, player, parsed) : new RuleError("core.notYourTurn"));
      }
      const parsed = rules.parseMove(move);
      if (parsed === null) return fail(new RuleError("core.malformedMove"));
      return applyMove(state, player, parsed);
    },
  };
}

export function ok<S>(state: S, events: GameEvent[] = []): ApplyResult<S> {
  return { ok: true, state, events };
}

export function fail<S>(error: RuleError): ApplyResult<S> {
  return { ok: false, error };
}

/** Any game's engine, as the shared code holds them (method parameters are bivariant). */
export type AnyEngine = GameEngine<unknown, unknown, unknown, unknown>;
