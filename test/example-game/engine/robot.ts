import { cardLabel, standardDeck } from "../../../src/engine/core/cards.js";
import type { Robot } from "../../../src/engine/core/robot.js";
import type { Guess, HigherLowerMove, HigherLowerPrivateView } from "./types.js";

/**
 * Guesses the way more of the unseen cards lie: it counts the cards not yet turned (from its view
 * only, never the draw pile) that are higher and lower than the face-up card; a tie is a coin toss.
 */
export const higherLowerRobot: Robot<HigherLowerPrivateView, HigherLowerMove> = {
  choose({ view, legal, random }) {
    if (legal.length === 0) return null;
    const seen = new Set(view.turned.map(cardLabel));
    const unseen = standardDeck().filter((card) => !seen.has(cardLabel(card)));
    const higher = unseen.filter((card) => card.rank > view.faceUp.rank).length;
    const lower = unseen.filter((card) => card.rank < view.faceUp.rank).length;
    const guess: Guess = higher > lower || (higher === lower && random() < 0.5) ? "higher" : "lower";
    return {
      move: { type: "guess", guess },
      reason: {
        key: `higherlower.robot.${guess}`,
        params: { card: cardLabel(view.faceUp), higher, lower, unseen: unseen.length },
      },
    };
  },
};
