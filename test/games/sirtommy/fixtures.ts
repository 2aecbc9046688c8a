import { type Card, SUITS } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import type {
  SirTommyMove,
  SirTommySource,
  SirTommyState,
} from "../../../src/games/sirtommy/engine/types.js";
import { cards, piles } from "../../support/cards.js";
import { moveChecks } from "../../support/rules.js";

/** Ann holds seat 0, Bob seat 1. */
export const ANN = "ann";
export const BOB = "bob";

export { cards, piles };

export interface TableSpec {
  ascending?: PlayerId;
  activeSeat?: number;
  /** The last card is drawn first. */
  stock?: Card[];
  rows?: Card[][];
  drawn?: Card[];
  ann?: Card[][];
  bob?: Card[][];
  turnKind?: SirTommyState["turnKind"];
  movedThisTurn?: number;
  passesInRow?: number;
}

/** A game in play; by default Ann is Ascending and active in a draw turn with nothing on the table. */
export function playing(spec: TableSpec = {}): SirTommyState {
  return {
    phase: "play",
    rng: createRng(1),
    players: [ANN, BOB],
    proposal: null,
    ascending: spec.ascending ?? ANN,
    stock: spec.stock ?? [],
    rows: spec.rows ?? piles("", "", "", ""),
    drawn: spec.drawn ?? [],
    foundations: { [ANN]: spec.ann ?? piles("", "", "", ""), [BOB]: spec.bob ?? piles("", "", "", "") },
    activeSeat: spec.activeSeat ?? 0,
    turnKind: spec.turnKind ?? "draw",
    movedThisTurn: spec.movedThisTurn ?? 0,
    passesInRow: spec.passesInRow ?? 0,
    endReason: null,
  };
}

/**
 * Foundations that hold a whole deck between them: for suit i, Ascending has A..k[i] and
 * Descending has K..k[i]+1, so Ascending holds the sum of k and Descending the rest.
 */
export function splitDeck(k: number[]): { ascending: Card[][]; descending: Card[][] } {
  const ascending = SUITS.map((suit, i) =>
    Array.from({ length: k[i] ?? 0 }, (_, r) => ({ rank: r + 1, suit })),
  );
  const descending = SUITS.map((suit, i) =>
    Array.from({ length: 13 - (k[i] ?? 0) }, (_, r) => ({ rank: 13 - r, suit })),
  );
  return { ascending, descending };
}

export const fresh = (seed = 5): SirTommyState => sirTommy.setup([ANN, BOB], {}, seed);

export const drawnCard = (index: number): SirTommySource => ({ kind: "drawn", index });
export const rowTop = (row: number): SirTommySource => ({ kind: "row", row });
export const toFoundation = (from: SirTommySource, foundation: number): SirTommyMove => ({
  type: "toFoundation",
  from,
  foundation,
});
export const toRow = (drawnIndex: number, row: number): SirTommyMove => ({ type: "toRow", drawnIndex, row });
export const END_TURN: SirTommyMove = { type: "endTurn" };
export const PASS: SirTommyMove = { type: "pass" };
export const CONFIRM: SirTommyMove = { type: "confirm" };
export const proposeAscending = (ascending: PlayerId): SirTommyMove => ({ type: "propose", ascending });

/** A move the rules must accept, and the refusal of one they must refuse (see `moveChecks`). */
export const { must, refusal } = moveChecks(sirTommy);
