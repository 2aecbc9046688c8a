import { cardLabel } from "../../../engine/core/cards.js";
import type { Message } from "../../../engine/core/errors.js";
import { topCard } from "../../../engine/core/tableau.js";
import {
  firstLosingMove,
  type GameReview,
  type PlayedGame,
  replayViews,
} from "../../../engine/core/winnable.js";
import { stapelen } from "./engine.js";
import { winnable } from "./solver.js";
import type { StapelenMove, StapelenPublicView } from "./types.js";

/** Positions each search of a review may visit (the thinker's clock bounds the whole review). */
export const REVIEW_NODES = 200_000;

/**
 * After a lost game: the card after whose placing the deal could no longer be won, found by
 * replaying the game from its seed and searching each position from what the players saw.
 */
export const stapelenReview: GameReview = (game: PlayedGame, hasTime: () => boolean): Message | null => {
  const replay = replayViews(stapelen, game);
  if (replay?.views.at(-1)?.endReason !== "stuck") return null;
  const { views } = replay;
  const shared = { deal: views[0] as StapelenPublicView, lost: new Set<number>() };
  const found = firstLosingMove(game.moves.length, (i) =>
    winnable(views[i] as StapelenPublicView, { nodes: REVIEW_NODES, hasTime }, shared),
  );
  if (found.kind === "fromStart") return { key: "stapelen.review.lostFromStart" };
  if (found.kind === "unsure") return { key: "stapelen.review.unsure" };
  const before = views[found.move - 1] as StapelenPublicView;
  const stored = game.moves[found.move - 1] as { userId: string; move: StapelenMove };
  const card = topCard(before.columns, stored.move.column);
  return {
    key: "stapelen.review.lostAfter",
    params: {
      number: found.move,
      move: found.move,
      player: stored.userId,
      card: card ? cardLabel(card) : "?",
      foundation: stored.move.foundation + 1,
    },
  };
};
