import type { Card } from "../../../src/engine/core/cards.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { stapelen } from "../../../src/games/stapelen/engine/index.js";
import type { StapelenMove, StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { card, piles } from "../../support/cards.js";
import { moveChecks } from "../../support/rules.js";

export const ANN = "ann";
export const BOB = "bob";

export { card, piles };

/** A game in play with the given tableau and foundations; Ann holds seat 0. */
export function playing(
  columns: Card[][],
  annFoundations: Card[][] = piles("", "", ""),
  bobFoundations: Card[][] = piles("", "", ""),
  activeSeat = 0,
): StapelenState {
  return {
    phase: "play",
    rng: createRng(1),
    players: [ANN, BOB],
    columns,
    foundations: { [ANN]: annFoundations, [BOB]: bobFoundations },
    activeSeat,
    endReason: null,
  };
}

export const place = (column: number, foundation: number): StapelenMove => ({
  type: "place",
  column,
  foundation,
});

/** A move the rules must accept, and the refusal of one they must refuse (see `moveChecks`). */
export const { must, refusal } = moveChecks(stapelen);
