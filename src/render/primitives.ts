/**
 * The shared drawing toolkit for every game's pictures, in one import. Every function draws onto a
 * CanvasRenderingContext2D at a position and size given by the caller, so a game renderer is
 * a layout (where things go) composed of these pieces (what things look like). The pieces live in
 * primitives/ by concern: the theme and card sizes, shapes, the canvas, texts and badges, the card
 * cache, cards, piles and spreads, player strips; the recording of drawn texts that tests read.
 */

export { FONT_FAMILY, font } from "./fonts.js";
export { type CardPainter, cachedCard, deviceScale } from "./primitives/cache.js";
export { drawFelt, finishPng, newCanvas, TABLE_PICTURE_WIDTH, tableCanvas } from "./primitives/canvas.js";
export {
  type CardStyle,
  cardFinish,
  drawCardBack,
  drawCardFace,
  drawNumberCard,
  INDEX_SCALE,
  type NumberCardStyle,
  paint,
  STRIP_INDEX_SCALE,
} from "./primitives/cards.js";
export { type DrawnLabel, recordLabels } from "./primitives/labels.js";
export {
  drawColumn,
  drawEmptySlot,
  drawFan,
  drawPile,
  type PileStyle,
  type SpreadOptions,
  spreadStep,
} from "./primitives/piles.js";
export { drawPlayerStrip, type PlayerStripStyle } from "./primitives/players.js";
export { type Direction, drawArrow, drawPanel, drawPips, roundedRect } from "./primitives/shapes.js";
export {
  type BadgeStyle,
  cleanText,
  drawableName,
  drawBadge,
  drawCentredGlyphs,
  drawText,
  fitFontSize,
  fitText,
  measureText,
  type TextStyle,
  wrapText,
} from "./primitives/text.js";
export {
  CARD_RATIO,
  cardHeight,
  columnPeek,
  fanPeek,
  type Rect,
  type RenderOptions,
  type Surface,
  suitColour,
  THEME,
} from "./primitives/theme.js";
