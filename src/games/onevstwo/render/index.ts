import "../words/index.js";
import { wordsFor } from "../../../i18n/index.js";
import { painting } from "../../../render/jobs.js";
import type { PaintContext } from "../../../render/painter.js";
import type { RenderOptions } from "../../../render/primitives.js";
import type { OnevstwoPublicView } from "../engine/types.js";
import { renderResult } from "./sheet.js";
import { renderPlay } from "./table.js";

/**
 * One versus Two's pictures, from views only.
 *
 * - The table (public view): the four places around the table as the boss sees them — the boss at
 *   the bottom, the left louse on the left, the dummy opposite at the top (face up), the right louse
 *   on the right — with the current trick in the middle at its players' places (or, between tricks,
 *   the finished one, marked), the contract and the tricks of both sides against it.
 * - Between games and when the match is over the table is the result picture instead: the game
 *   just finished (contract made or failed, by how much, its score) and the match's score sheet.
 */

/** Between games (a new game waiting for its contract after another finished) and after the match. */
export function showsResult(view: OnevstwoPublicView): boolean {
  return (
    view.phase === "over" || (view.phase === "contract" && view.sheet.length > 0 && view.trick.length === 0)
  );
}

/**
 * The table picture from the public view: the four places and the trick, or — between games and
 * once the match is over — the result of the game just played with the match's score sheet.
 */
export function renderOnevstwoTable(
  view: OnevstwoPublicView,
  { names, locale }: PaintContext,
  options: RenderOptions = {},
): Buffer {
  const fourColour = options?.fourColour ?? false;
  const words = wordsFor(locale);
  return showsResult(view)
    ? renderResult(view, names, fourColour, words)
    : renderPlay(view, names, fourColour, words);
}

/** The game's picture by name, for the render pool (registered when this module loads). */
export const onevstwoTable = painting("onevstwo.table", renderOnevstwoTable);
