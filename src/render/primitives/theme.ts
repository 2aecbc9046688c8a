import type { Canvas, CanvasRenderingContext2D } from "canvas";
import type { Suit } from "../../engine/core/cards.js";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Surface {
  canvas: Canvas;
  ctx: CanvasRenderingContext2D;
  width: number;
  height: number;
  /** Without an alpha channel (see `newCanvas`). */
  opaque: boolean;
}

/** Options every renderer accepts from the player's preferences. */
export interface RenderOptions {
  /** ♠ black, ♥ red, ♦ blue, ♣ green instead of the classic red/black. */
  fourColour?: boolean;
}

/**
 * Colours of the table: dark green felt, light text, gold for "this matters now". Every text colour
 * stands out from the felt by at least WCAG AA's 4.5:1 (the picture audit measures it), which is
 * why the felt is this dark and `bad` this light.
 */
export const THEME = {
  feltCentre: "#124f31",
  feltEdge: "#082a1a",
  panel: "rgba(0, 0, 0, 0.26)",
  panelStroke: "rgba(255, 255, 255, 0.10)",
  text: "#ffffff",
  textMuted: "#c9dfd2",
  textFaint: "#a3c4b1",
  highlight: "#ffcc33",
  highlightText: "#2a1f00",
  up: "#5cc8ff",
  down: "#ff9e4a",
  good: "#5ee38a",
  bad: "#ff9c9c",
  badgeBg: "rgba(0, 0, 0, 0.55)",
  cardFace: "#fbfaf4",
  cardEdge: "#3a3a3a",
  cardShadow: "rgba(0, 0, 0, 0.35)",
  cardBack: "#8c1c2c",
  cardBackLine: "rgba(255, 255, 255, 0.22)",
  numberInk: "#1d2a44",
  slot: "rgba(255, 255, 255, 0.35)",
  dimOverlay: "rgba(12, 40, 26, 0.55)",
} as const;

const SUIT_COLOURS_CLASSIC: Record<Suit, string> = { S: "#161616", H: "#c8102e", D: "#c8102e", C: "#161616" };
const SUIT_COLOURS_FOUR: Record<Suit, string> = { S: "#161616", H: "#c8102e", D: "#1456c8", C: "#13803a" };

export function suitColour(suit: Suit, fourColour = false): string {
  return (fourColour ? SUIT_COLOURS_FOUR : SUIT_COLOURS_CLASSIC)[suit];
}

/** Height / width of a playing card (63 × 88 mm). */
export const CARD_RATIO = 1.4;

/** Card height for a width, in whole pixels. */
export function cardHeight(width: number): number {
  return Math.round(width * CARD_RATIO);
}

/** How much of a card must show under the next one in a column so its corner index stays readable. */
export function columnPeek(cardH: number): number {
  return Math.ceil(cardH * 0.31);
}

/** How much of a card must show beside the next one in a fan so its corner index stays readable. */
export function fanPeek(cardW: number): number {
  return Math.ceil(cardW * 0.54);
}
