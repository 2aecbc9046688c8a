import type { CanvasRenderingContext2D } from "canvas";
import { type Card, SUIT_SYMBOL } from "../../engine/core/cards.js";
import { rankText } from "../../i18n/index.js";
import type { Locale } from "../../i18n/locale.js";
import { font } from "../fonts.js";
import { type CardPainter, cachedCard, deviceScale } from "./cache.js";
import { noteLabel } from "./labels.js";
import { roundedRect } from "./shapes.js";
import { drawCentredGlyphs, drawCentredMark, drawText, fitFontSize, measureText } from "./text.js";
import { suitColour, THEME } from "./theme.js";

export interface CardStyle {
  /** A glowing outline: true for gold, or a colour. */
  highlight?: boolean | string;
  /** Greyed out (not playable, already used). */
  dim?: boolean;
  /** Lightly shaded: a card under others in a column, readable but not takeable. */
  covered?: boolean;
  fourColour?: boolean;
  /**
   * "strip": a corner index half again as big, rank left and suit right in the top strip, for
   * dense tableaus whose covered cards show only that strip once Discord shrinks the picture.
   */
  layout?: "standard" | "strip";
  /** The reader's language, for the court cards' letters (J Q K, or B V H in Dutch); English if not given. */
  locale?: Locale;
}

export function cardRadius(w: number): number {
  return Math.max(4, Math.round(w * 0.07));
}

/** The blank card: shadow, face colour, edge. */
function cardBase(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
): void {
  const r = cardRadius(w);
  const off = Math.max(2, Math.round(w * 0.025));
  roundedRect(ctx, x + off * 0.6, y + off, w, h, r);
  ctx.fillStyle = THEME.cardShadow;
  ctx.fill();
  roundedRect(ctx, x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, w / 80);
  ctx.strokeStyle = THEME.cardEdge;
  ctx.stroke();
}

/** Applies `covered` / `dim` / `highlight` after a card's own drawing (also over a cached copy). */
export function cardFinish(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  style: CardStyle,
): void {
  const r = cardRadius(w);
  if (style.covered) {
    roundedRect(ctx, x, y, w, h, r);
    ctx.fillStyle = "rgba(10, 30, 20, 0.30)";
    ctx.fill();
  }
  if (style.dim) {
    roundedRect(ctx, x, y, w, h, r);
    ctx.fillStyle = THEME.dimOverlay;
    ctx.fill();
  }
  if (style.highlight) {
    const colour = typeof style.highlight === "string" ? style.highlight : THEME.highlight;
    const lw = Math.max(3, Math.round(w * 0.045));
    roundedRect(ctx, x - lw / 2 - 1, y - lw / 2 - 1, w + lw + 2, h + lw + 2, r + lw / 2);
    ctx.lineWidth = lw;
    ctx.strokeStyle = colour;
    ctx.stroke();
  }
}

/** The plain card back, drawn once per size at the context's scale. */
export function cachedBack(ctx: CanvasRenderingContext2D): CardPainter {
  return cachedCard("back", (c, x, y, w, h) => drawCardBack(c, x, y, w, h), deviceScale(ctx));
}

/**
 * Draws a rank as corner-index text, squeezing "10" horizontally so it is no wider than a
 * face letter and the index column keeps one width for every rank.
 */
function drawIndexText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  top: number,
  size: number,
  colour: string,
  maxW: number,
  baseline: "top" | "alphabetic" = "top",
): void {
  ctx.font = font(size, true);
  ctx.textAlign = "left";
  ctx.textBaseline = baseline;
  ctx.fillStyle = colour;
  const w = measureText(ctx, text).width;
  noteLabel(ctx, text, text, { left: x, width: Math.min(w, maxW), y: top, size });
  if (w <= maxW) {
    ctx.fillText(text, x, top);
    return;
  }
  // Squeezed glyph by glyph: node-canvas lays text out before the transform's x-scale, so a
  // squeezed string keeps its full advances (thin glyphs, wide gaps) and overflows `maxW`.
  const sx = maxW / w;
  let advance = 0;
  for (const ch of text) {
    ctx.save();
    ctx.translate(x + advance * sx, top);
    ctx.scale(sx, 1);
    ctx.fillText(ch, 0, 0);
    ctx.restore();
    advance += measureText(ctx, ch).width;
  }
}

/**
 * A standard playing card, face up. The top-left corner holds the rank with the suit under it
 * (readable when a fan shows only the left `fanPeek(w)` px) and the top-right corner a suit
 * (so a column showing only the top `columnPeek(h)` px still tells rank and suit).
 * The centre holds a big suit (number cards) or a framed letter (J, Q, K).
 */
export function drawCardFace(
  ctx: CanvasRenderingContext2D,
  card: Card,
  x: number,
  y: number,
  w: number,
  h: number,
  style: CardStyle = {},
): void {
  cardBase(ctx, x, y, w, h, THEME.cardFace);
  const colour = suitColour(card.suit, style.fourColour);
  const symbol = SUIT_SYMBOL[card.suit];
  const label = rankText(card.rank, style.locale);
  const pad = Math.round(w * 0.06);
  if (style.layout === "strip") {
    const rankSize = Math.round(w * STRIP_INDEX_SCALE);
    drawIndexText(ctx, label, x + pad, y + pad * 0.6, rankSize, colour, w * 0.56);
    const suitSize = Math.round(w * 0.36);
    drawCentredGlyphs(
      ctx,
      symbol,
      x + w - pad - suitSize * 0.42,
      y + pad * 0.6 + rankSize * 0.4,
      suitSize,
      colour,
    );
    drawCardCentre(ctx, label, card, x + w / 2, y + h * 0.66, w, h, 0.92, colour);
  } else {
    // The index column: a big rank with its suit under it, all within the left `fanPeek(w)`.
    const rankSize = Math.round(w * INDEX_SCALE);
    const indexW = Math.round(w * INDEX_WIDTH);
    // Placed by its baseline: the rank's ink (cap height ≈ 0.73 em) starts just under the pad.
    const rankTop = y + pad * 0.8;
    const baseline = rankTop + rankSize * 0.73;
    drawIndexText(ctx, label, x + pad, baseline, rankSize, colour, indexW, "alphabetic");
    // Under the rank, clear of a Q's tail.
    const suitSize = Math.round(w * 0.3);
    const suitTop = baseline + w * 0.07;
    drawCentredGlyphs(ctx, symbol, x + pad + indexW / 2, suitTop + suitSize * 0.36, suitSize, colour);
    // A smaller suit top right, so a column showing only the top `columnPeek(h)` px tells both.
    drawCentredMark(ctx, symbol, x + w - pad - w * 0.1, (rankTop + baseline) / 2, w * 0.24, colour);
    // Lower right, clear of the index column.
    drawCardCentre(ctx, label, card, x + w * 0.69, y + h * 0.71, w, h, 0.78, colour, 0.46);
  }
  cardFinish(ctx, x, y, w, h, style);
}

/** The strip layout's rank height as a share of the card width. */
export const STRIP_INDEX_SCALE = 0.44;
/**
 * The standard layout's rank size as a share of the card width: as big as the strip layout's,
 * so a card's rank stays readable when a phone shows the picture about 400 px wide.
 */
export const INDEX_SCALE = 0.44;
/** The standard layout's index column ("10" is squeezed to it). */
const INDEX_WIDTH = 0.46;

/** The middle of a face: a big suit (number cards) or a framed letter (`label`: J, Q, K), scaled by `k`. */
function drawCardCentre(
  ctx: CanvasRenderingContext2D,
  label: string,
  card: Card,
  cx: number,
  cy: number,
  w: number,
  h: number,
  k: number,
  colour: string,
  pip = 0.5,
): void {
  const symbol = SUIT_SYMBOL[card.suit];
  if (card.rank >= 11) {
    const fw = w * 0.52 * k;
    const fh = h * 0.5 * k;
    roundedRect(ctx, cx - fw / 2, cy - fh / 2, fw, fh, w * 0.05);
    ctx.lineWidth = Math.max(1.5, w / 60);
    ctx.strokeStyle = colour;
    ctx.stroke();
    drawCentredMark(ctx, label, cx, cy - fh * 0.1, w * 0.36 * k, colour);
    drawCentredMark(ctx, symbol, cx, cy + fh * 0.3, w * 0.16 * k, colour);
  } else {
    drawCentredMark(ctx, symbol, cx, cy, w * pip, colour);
  }
}

/** A card face down: a lattice on the back colour inside a white margin. */
export function drawCardBack(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  style: CardStyle = {},
): void {
  cardBase(ctx, x, y, w, h, THEME.cardFace);
  const m = Math.max(3, Math.round(w * 0.07));
  const ix = x + m;
  const iy = y + m;
  const iw = w - 2 * m;
  const ih = h - 2 * m;
  ctx.save();
  roundedRect(ctx, ix, iy, iw, ih, cardRadius(w) * 0.6);
  ctx.fillStyle = THEME.cardBack;
  ctx.fill();
  ctx.clip();
  ctx.strokeStyle = THEME.cardBackLine;
  ctx.lineWidth = Math.max(1, w / 60);
  const step = Math.max(6, w / 8);
  ctx.beginPath();
  for (let d = -ih; d < iw + ih; d += step) {
    ctx.moveTo(ix + d, iy);
    ctx.lineTo(ix + d + ih, iy + ih);
    ctx.moveTo(ix + d, iy + ih);
    ctx.lineTo(ix + d + ih, iy);
  }
  ctx.stroke();
  ctx.restore();
  cardFinish(ctx, x, y, w, h, style);
}

export interface NumberCardStyle extends CardStyle {
  /** Colour of a band across the top (e.g. the pile's direction), if any. */
  band?: string;
}

/**
 * A numbered card (The Game's 2..99): the number big in the middle, small copies upright in
 * two corners (never rotated, so 66 and 99 cannot be confused).
 */
export function drawNumberCard(
  ctx: CanvasRenderingContext2D,
  value: number,
  x: number,
  y: number,
  w: number,
  h: number,
  style: NumberCardStyle = {},
): void {
  // The blank card (shadow, face, edge, bands) is drawn once per size and band, then copied.
  const band = style.band;
  const blank: CardPainter = (c, bx, by, bw, bh) => {
    cardBase(c, bx, by, bw, bh, THEME.cardFace);
    if (!band) return;
    c.save();
    roundedRect(c, bx, by, bw, bh, cardRadius(bw));
    c.clip();
    c.fillStyle = band;
    c.fillRect(bx, by, bw, Math.round(bh * 0.07));
    c.fillRect(bx, by + bh - Math.round(bh * 0.07), bw, Math.round(bh * 0.07));
    c.restore();
  };
  cachedCard(`number-blank|${band ?? ""}`, blank, deviceScale(ctx))(ctx, x, y, w, h);
  const text = String(value);
  const big = fitFontSize(ctx, text, w * 0.8, Math.round(w * 0.52), true);
  drawCentredGlyphs(ctx, text, x + w / 2, y + h / 2, big, THEME.numberInk);
  if (h >= 90) {
    const small = Math.round(w * 0.17);
    const pad = Math.round(w * 0.07);
    const bandH = style.band ? Math.round(h * 0.07) : 0;
    drawText(ctx, text, x + pad, y + bandH + pad, {
      size: small,
      bold: true,
      colour: THEME.numberInk,
      baseline: "top",
    });
    drawText(ctx, text, x + w - pad, y + h - bandH - pad, {
      size: small,
      bold: true,
      colour: THEME.numberInk,
      align: "right",
      baseline: "alphabetic",
    });
  }
  cardFinish(ctx, x, y, w, h, style);
}

/** Painters for common cards, to pass to piles, fans and columns. */
export const paint = {
  face:
    (card: Card, style: CardStyle = {}): CardPainter =>
    (ctx, x, y, w, h) =>
      drawCardFace(ctx, card, x, y, w, h, style),
  back:
    (style: CardStyle = {}): CardPainter =>
    (ctx, x, y, w, h) =>
      drawCardBack(ctx, x, y, w, h, style),
  number:
    (value: number, style: NumberCardStyle = {}): CardPainter =>
    (ctx, x, y, w, h) =>
      drawNumberCard(ctx, value, x, y, w, h, style),
};
