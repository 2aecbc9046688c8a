import { cardLabel } from "../../../engine/core/cards.js";
import type { Message } from "../../../engine/core/errors.js";
import { topCard } from "../../../engine/core/tableau.js";
import {
  firstLosingMove,
  type GameReview,
  type PlayedGame,
  replayViews,
  type SolveBudget,
} from "../../../engine/core/winnable.js";
import { twelves } from "./engine.js";
import { parseMove } from "./rules.js";
import { winnable } from "./solver.js";
import type { TwelvesPublicView } from "./types.js";

/** Positions each search of a review may visit (the thinker's clock bounds the whole review). */
export const REVIEW_NODES = 200_000;

/**
 * After a lost game: the pair (or the agreed start) after which the deal could no longer be won,
 * found by replaying the game from its seed and searching each position from what the players saw.
 */
export const twelvesReview: GameReview = (game: PlayedGame, hasTime: () => boolean): Message | null => {
  const replay = replayViews(twelves, game);
  if (!replay || replay.outcome === null) return null;
  if (replay.views.at(-1)?.endReason !== "noPair") return null;
  const { views } = replay;
  const budget: SolveBudget = { nodes: REVIEW_NODES, hasTime };
  const found = firstLosingMove(game.moves.length, (i) => winnable(views[i] as TwelvesPublicView, budget));
  if (found.kind === "fromStart") return { key: "twelves.review.lostFromStart" };
  if (found.kind === "unsure") return { key: "twelves.review.unsure" };
  const before = views[found.move - 1] as TwelvesPublicView;
  const stored = game.moves[found.move - 1];
  const move = stored && parseMove(stored.move);
  if (move?.type === "confirm" && before.proposal) {
    const { twelves: collector, starter } = before.proposal.terms;
    return { key: "twelves.review.lostByTerms", params: { twelves: collector, starter, move: found.move } };
  }
  if (move?.type !== "takePair" || !stored) return { key: "twelves.review.unsure" };
  const first = topCard(before.columns, move.columns[0]);
  const second = topCard(before.columns, move.columns[1]);
  const number = game.moves.slice(0, found.move).filter((m) => parseMove(m.move)?.type === "takePair").length;
  return {
    key: "twelves.review.lostAfter",
    params: {
      number,
      move: found.move,
      player: stored.userId,
      first: first ? cardLabel(first) : "?",
      second: second ? cardLabel(second) : "?",
    },
  };
};
