import type { Card } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesMove, TwelvesRole, TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { card, piles } from "../../support/cards.js";
import { moveChecks } from "../../support/rules.js";

export const ANN = "ann";
export const BOB = "bob";

/** Columns from codes, first dealt first: "7H 5S" is a column whose top card is 5♠. */
export { card, piles as columns };

/** A game in play: Ann collects `annRole`, the active seat as given, the tableau as given. */
export function playing(cols: Card[][], annRole: TwelvesRole = "twelve", activeSeat = 0): TwelvesState {
  return {
    phase: "play",
    rng: createRng(1),
    players: [ANN, BOB],
    columns: cols,
    proposal: null,
    roles: { [ANN]: annRole, [BOB]: annRole === "twelve" ? "fourteen" : "twelve" },
    activeSeat,
    pairs: { [ANN]: [], [BOB]: [] },
    endReason: null,
  };
}

export const fresh = (seed = 7): TwelvesState => twelves.setup([ANN, BOB], {}, seed);

/** A move the rules must accept, and the refusal of one they must refuse (see `moveChecks`). */
export const { must, refusal } = moveChecks(twelves);

export const take = (a: number, b: number): TwelvesMove => ({ type: "takePair", columns: [a, b] });
export const CONFIRM: TwelvesMove = { type: "confirm" };
export const proposal = (twelvesCollector: PlayerId, starter: PlayerId): TwelvesMove => ({
  type: "propose",
  twelves: twelvesCollector,
  starter,
});
