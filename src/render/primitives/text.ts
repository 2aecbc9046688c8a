import type { CanvasRenderingContext2D, TextMetrics } from "canvas";
import { font } from "../fonts.js";
import { type CardPainter, cachedCard, deviceScale } from "./cache.js";
import { noteLabel, recordingLabels } from "./labels.js";
import { roundedRect } from "./shapes.js";
import { type Rect, THEME } from "./theme.js";

export interface TextStyle {
  size: number;
  bold?: boolean;
  colour?: string;
  align?: "left" | "center" | "right";
  /** Where `y` is: the top of the text box, its middle, or the alphabetic baseline. */
  baseline?: "top" | "middle" | "alphabetic";
  /** Longer text is cut with an ellipsis to fit. */
  maxWidth?: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** Control characters and bidi overrides: they can break lines or flip the rest of the picture's text. */
const UNSAFE_CHARS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A display name made safe to draw: no control or bidi-override characters, one line, trimmed. */
export function cleanText(text: string): string {
  return text.replace(UNSAFE_CHARS, " ").replace(/\s+/g, " ").trim();
}

/** Emoji, flags, skin tones and joiners: the shipped font has none and would draw empty boxes. */
const PICTOGRAPHS = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\uFE0F\u200D]/gu;
/** How the store names a robot seat ("🤖 Bot 1": a stored name, kept). */
const ROBOT_MARK = "🤖";

/**
 * A player's name as pictures draw it: clean, one line, without emoji — except a robot's 🤖, drawn
 * as a gear (which the font has), so a robot reads as a machine in every picture.
 */
export function drawableName(raw: string): string {
  return cleanText(
    raw
      .split(ROBOT_MARK)
      .map((part) => part.replace(PICTOGRAPHS, " "))
      .join("⚙"),
  );
}

/**
 * `text` cut to fit `maxWidth` in the context's current font, ending in "…" when cut.
 * Cuts between graphemes, so an emoji or an accented letter is never split.
 */
export function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (measureText(ctx, text).width <= maxWidth) return text;
  const parts = Array.from(segmenter.segment(text), (s) => s.segment);
  let lo = 0;
  let hi = parts.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measureText(ctx, parts.slice(0, mid).join("").trimEnd() + "…").width <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? "…" : parts.slice(0, lo).join("").trimEnd() + "…";
}

/** Text metrics by font, alignment, baseline and text: the same labels, counts and names recur in every picture. */
const metricsCache = new Map<string, TextMetrics>();
const METRICS_LIMIT = 8192;

/**
 * `ctx.measureText(text)` in the context's current font, alignment, baseline and scale, remembered:
 * a measurement costs about as much as drawing the text, and a picture measures most of its texts
 * twice (to fit, then to place what follows). The scale is part of the key because node-canvas
 * measures a little differently at each scale, and a picture must not depend on what was drawn
 * before it. Bounded: emptied when full.
 */
export function measureText(ctx: CanvasRenderingContext2D, text: string): TextMetrics {
  const t = ctx.getTransform();
  const key = `${ctx.font}|${ctx.textAlign}|${ctx.textBaseline}|${t.a},${t.b},${t.c},${t.d}|${text}`;
  let metrics = metricsCache.get(key);
  if (metrics === undefined) {
    metrics = ctx.measureText(text);
    if (metricsCache.size >= METRICS_LIMIT) metricsCache.clear();
    metricsCache.set(key, metrics);
  }
  return metrics;
}

/** The left edge of a text of `width` drawn at `x` with the context's alignment. */
function textLeft(ctx: CanvasRenderingContext2D, x: number, width: number): number {
  const align = ctx.textAlign;
  if (align === "center") return x - width / 2;
  if (align === "right" || align === "end") return x - width;
  return x;
}

/** Draws one line of text; returns the width drawn (after any ellipsis cut). */
export function drawText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
): number {
  ctx.font = font(style.size, style.bold);
  ctx.fillStyle = style.colour ?? THEME.text;
  ctx.textAlign = style.align ?? "left";
  ctx.textBaseline = style.baseline ?? "middle";
  const shown = style.maxWidth === undefined ? text : fitText(ctx, text, style.maxWidth);
  const width = measureText(ctx, shown).width;
  noteLabel(
    ctx,
    text,
    shown,
    { left: textLeft(ctx, x, width), width, y, size: style.size },
    style.maxWidth !== undefined && width > style.maxWidth,
  );
  ctx.fillText(shown, x, y);
  return width;
}

/**
 * `text` as lines that fit `maxWidth` at `size`, for a label that may take more than one line (a
 * longer language must wrap, never be cut). Its own line breaks are kept; each line breaks between
 * pieces — split at `separator`, a space unless given, which ends no line — and a piece still too
 * wide for a line breaks at its spaces. Only a single word wider than `maxWidth` is left to be cut.
 */
export function wrapText(
  ctx: CanvasRenderingContext2D,
  text: string,
  maxWidth: number,
  size: number,
  options: { bold?: boolean; separator?: string } = {},
): string[] {
  const separator = options.separator ?? " ";
  ctx.font = font(size, options.bold);
  const fits = (line: string) => measureText(ctx, line).width <= maxWidth;
  return text.split("\n").flatMap((paragraph) => {
    const lines: string[] = [];
    let line = "";
    for (const piece of paragraph.split(separator)) {
      const longer = line ? `${line}${separator}${piece}` : piece;
      if (line && !fits(longer)) {
        lines.push(line);
        line = piece;
      } else line = longer;
    }
    lines.push(line);
    if (separator === " ") return lines;
    return lines.flatMap((l) => (fits(l) ? [l] : wrapText(ctx, l, maxWidth, size, { bold: options.bold })));
  });
}

/** The largest size ≤ `size` (and ≥ `minSize`) at which `text` fits `maxWidth`. */
export function fitFontSize(
  ctx: CanvasRenderingContext2D,
  text: string,
  maxWidth: number,
  size: number,
  bold = false,
  minSize = 8,
): number {
  ctx.font = font(size, bold);
  const w = measureText(ctx, text).width;
  if (w <= maxWidth) return size;
  const fitted = Math.max(minSize, Math.floor((size * maxWidth) / w));
  if (recordingLabels() && fitted === minSize && (w * minSize) / size > maxWidth) {
    // Even the smallest size allowed does not fit: the text will spill out of its box.
    noteLabel(ctx, text, text, { left: 0, width: 0, y: 0, size: minSize }, true);
  }
  return fitted;
}

/**
 * Draws text whose inked glyphs (not the font's line box) are centred on (cx, cy): what big
 * numbers and symbols on cards need to look centred.
 */
export function drawCentredGlyphs(
  ctx: CanvasRenderingContext2D,
  text: string,
  cx: number,
  cy: number,
  size: number,
  colour: string,
  bold = true,
): void {
  paintCentredGlyphs(ctx, text, cx, cy, size, colour, bold, true);
}

/**
 * A glyph drawn as a picture, not as text to read: a card's pips, its framed court letter and its
 * corner suit repeat what the card's index already says. Not noted as a label (`recordLabels`).
 */
export function drawCentredMark(
  ctx: CanvasRenderingContext2D,
  text: string,
  cx: number,
  cy: number,
  size: number,
  colour: string,
): void {
  paintCentredGlyphs(ctx, text, cx, cy, size, colour, true, false);
}

function paintCentredGlyphs(
  ctx: CanvasRenderingContext2D,
  text: string,
  cx: number,
  cy: number,
  size: number,
  colour: string,
  bold: boolean,
  isText: boolean,
): void {
  ctx.font = font(size, bold);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  const m = measureText(ctx, text);
  const inkW = m.actualBoundingBoxRight + m.actualBoundingBoxLeft;
  const inkH = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  ctx.fillStyle = colour;
  if (isText)
    noteLabel(ctx, text, text, { left: cx - inkW / 2, width: inkW, y: cy, top: cy - inkH / 2, size });
  ctx.fillText(text, cx - inkW / 2 + m.actualBoundingBoxLeft, cy - inkH / 2 + m.actualBoundingBoxAscent);
}

export interface BadgeStyle {
  size?: number;
  bold?: boolean;
  bg?: string;
  fg?: string;
  /** Where `x` is on the badge. */
  align?: "left" | "center" | "right";
  /** Outline colour, if any. */
  stroke?: string;
  maxWidth?: number;
  /**
   * Draw the badge once and copy it afterwards. Only for texts from a small fixed set (counts,
   * numbers, fixed words): every cached look is kept for the life of the process.
   */
  cache?: boolean;
}

/**
 * A pill-shaped badge with text ("Your turn", "12 cards"), vertically centred on `cy`.
 * Returns its box so callers can place things beside it.
 */
export function drawBadge(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  cy: number,
  style: BadgeStyle = {},
): Rect {
  const size = style.size ?? 22;
  const padX = Math.round(size * 0.6);
  const h = Math.round(size * 1.55);
  ctx.font = font(size, style.bold ?? true);
  const shown = style.maxWidth === undefined ? text : fitText(ctx, text, style.maxWidth - 2 * padX);
  const w = Math.ceil(measureText(ctx, shown).width) + 2 * padX;
  const align = style.align ?? "left";
  const left = align === "left" ? x : align === "center" ? x - w / 2 : x - w;
  const top = cy - h / 2;
  if (style.cache) {
    const key = `badge|${shown}|${size}|${style.bold ?? true}|${style.bg ?? ""}|${style.fg ?? ""}|${style.stroke ?? ""}`;
    const painter: CardPainter = (c, bx, by, bw, bh) =>
      paintBadge(c, text, shown, bx, by, bw, bh, size, style);
    cachedCard(key, painter, deviceScale(ctx))(ctx, left, top, w, h);
  } else {
    paintBadge(ctx, text, shown, left, top, w, h, size, style);
  }
  return { x: left, y: top, w, h };
}

function paintBadge(
  ctx: CanvasRenderingContext2D,
  text: string,
  shown: string,
  left: number,
  top: number,
  w: number,
  h: number,
  size: number,
  style: BadgeStyle,
): void {
  roundedRect(ctx, left, top, w, h, h / 2);
  ctx.fillStyle = style.bg ?? THEME.badgeBg;
  ctx.fill();
  if (style.stroke) {
    ctx.lineWidth = 2;
    ctx.strokeStyle = style.stroke;
    ctx.stroke();
  }
  ctx.font = font(size, style.bold ?? true);
  ctx.fillStyle = style.fg ?? THEME.text;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  noteLabel(ctx, text, shown, { left, width: w, y: top + h / 2, size });
  ctx.fillText(shown, left + w / 2, top + h / 2 + 1);
}
