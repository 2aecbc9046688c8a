import { RuleError } from "./errors.js";
import type { PlayerId } from "./game.js";

/**
 * A set-up agreement between players who have seen the table (Twelves: who collects twelves and
 * who starts; Sir Tommy: who is Ascending). Either player proposes terms; a new proposal, by
 * either player, replaces the old one; any other player confirms it. The proposer cannot confirm
 * their own proposal. Until confirmation both players may act, and no card moves.
 */
export interface Proposal<T> {
  by: PlayerId;
  terms: T;
}

/** Everyone may propose or confirm while the agreement is open. */
export function agreementActors(players: readonly PlayerId[]): PlayerId[] {
  return [...players];
}

export function propose<T>(by: PlayerId, terms: T): Proposal<T> {
  return { by, terms };
}

export function canConfirm<T>(proposal: Proposal<T> | null, player: PlayerId): boolean {
  return proposal !== null && proposal.by !== player;
}

/**
 * The agreed terms, or why `player` cannot confirm: `<gameId>.noProposal` when nothing was
 * proposed, `<gameId>.ownProposal` when `player` made the proposal. Each game's catalog has both keys.
 */
export function confirmProposal<T>(
  proposal: Proposal<T> | null,
  player: PlayerId,
  gameId: string,
): { terms: T } | RuleError {
  if (proposal === null) return new RuleError(`${gameId}.noProposal`);
  if (proposal.by === player) return new RuleError(`${gameId}.ownProposal`);
  return { terms: proposal.terms };
}

/**
 * Why a player who may not act now cannot make this move, in a game that starts with an
 * agreement: a proposal or a confirmation once the agreement is over is out of phase, whoever's
 * turn it is; anything else waits for the player's turn.
 */
export function agreementNotActorError(move: { type: string } | null): RuleError {
  return move?.type === "propose" || move?.type === "confirm"
    ? new RuleError("core.wrongPhase")
    : new RuleError("core.notYourTurn");
}
