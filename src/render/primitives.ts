import { Canvas, type CanvasRenderingContext2D, createCanvas, type TextMetrics } from "canvas";
import { type Card, SUIT_SYMBOL, type Suit } from "../engine/core/cards.js";
import { rankText } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import { ensureFonts, font } from "./fonts.js";

/**
 * The shared drawing toolkit for every game's pictures. Every function draws onto a
 * CanvasRenderingContext2D at a position and size given by the caller, so a game renderer is
 * a layout (where things go) composed of these pieces (what things look like).
 */

export { FONT_FAMILY, font } from "./fonts.js";

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

/** Colours of the table: dark green felt, light text, gold for "this matters now". */
export const THEME = {
  feltCentre: "#1c6b45",
  feltEdge: "#0c3b25",
  panel: "rgba(0, 0, 0, 0.26)",
  panelStroke: "rgba(255, 255, 255, 0.10)",
  text: "#ffffff",
  textMuted: "#c9dfd2",
  textFaint: "#86ad98",
  highlight: "#ffcc33",
  highlightText: "#2a1f00",
  up: "#5cc8ff",
  down: "#ff9e4a",
  good: "#5ee38a",
  bad: "#ff6b6b",
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

// ---------------------------------------------------------------------------------------------
// Canvas, background, output

/**
 * Canvases are reused, one per size: node-canvas never frees a canvas's pixels (measured: every
 * new 1200×1000 canvas kept its 4.8 MB, even after a forced GC), so a bot that made a new one per
 * picture would run out of memory. Pictures are drawn and encoded synchronously, so one canvas per
 * size is never in use twice at once. Past POOL_LIMIT sizes, the least recently used canvas is
 * resized (which does free its old pixels) rather than a new one made: tables change height as a
 * game goes on, and a canvas per height ever seen grew a long-running bot without end.
 */
const pool = new Map<string, Surface>();
const POOL_LIMIT = 12;

function makeSurface(w: number, h: number, opaque = false): Surface {
  const canvas = createCanvas(w, h);
  const ctx = opaque ? canvas.getContext("2d", { pixelFormat: "RGB24" }) : canvas.getContext("2d");
  ctx.textDrawingMode = "glyph";
  return { canvas, ctx, width: w, height: h, opaque };
}

/** The same canvas at another size: new, cleared pixels; the context's state is reset too. */
function resize(surface: Surface, w: number, h: number): Surface {
  surface.canvas.width = w;
  surface.canvas.height = h;
  surface.ctx.textDrawingMode = "glyph";
  return { ...surface, width: w, height: h };
}

/**
 * A cleared canvas with the shipped fonts registered, valid until the next call for the same size
 * (encode it with `finishPng` before drawing another picture). `keep: true` gives a canvas of its
 * own, for images that are kept (a cache of drawn cards). `opaque: true` gives a canvas without
 * an alpha channel, for a picture whose felt covers every pixel: its PNG is RGB, not RGBA, and
 * encodes about a third faster (a 850 × 1500 table: 10 ms instead of 16).
 */
export function newCanvas(
  width: number,
  height: number,
  opts: { keep?: boolean; opaque?: boolean } = {},
): Surface {
  ensureFonts();
  const w = Math.round(width);
  const h = Math.round(height);
  const opaque = opts.opaque === true;
  if (opts.keep) return makeSurface(w, h, opaque);
  const key = `${w}x${h}${opaque ? "/rgb" : ""}`;
  let surface = pool.get(key);
  if (surface) {
    pool.delete(key);
    const { ctx } = surface;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = "source-over";
    ctx.clearRect(0, 0, w, h);
  } else {
    const [oldKey, old] =
      pool.size >= POOL_LIMIT ? ([...pool].find(([, s]) => s.opaque === opaque) ?? []) : [];
    if (oldKey !== undefined && old) pool.delete(oldKey);
    surface = old ? resize(old, w, h) : makeSurface(w, h, opaque);
  }
  pool.set(key, surface);
  return surface;
}

/**
 * Fills the whole canvas with the felt: flat green inside a darker rim. Flat colour on purpose:
 * a full-canvas gradient cost more than the rest of a table to paint and to compress.
 */
export function drawFelt(ctx: CanvasRenderingContext2D, width: number, height: number): void {
  // The rim first, only where the centre does not cover it (the edges and the four corners), so
  // most pixels are painted once, not twice; then the centre over it.
  const corner = 6 + 24;
  ctx.fillStyle = THEME.feltEdge;
  ctx.fillRect(0, 0, width, corner);
  ctx.fillRect(0, height - corner, width, corner);
  ctx.fillRect(0, corner, 6, height - 2 * corner);
  ctx.fillRect(width - 6, corner, 6, height - 2 * corner);
  roundedRect(ctx, 6, 6, width - 12, height - 12, 24);
  ctx.fillStyle = THEME.feltCentre;
  ctx.fill();
}

/**
 * Encodes the picture. No PNG row filters and a low zlib level: table pictures are large flat
 * areas, for which filtering and harder compression cost time and save little.
 */
export function finishPng(canvas: Canvas): Buffer {
  return canvas.toBuffer("image/png", { compressionLevel: 3, filters: Canvas.PNG_FILTER_NONE });
}

// ---------------------------------------------------------------------------------------------
// Shapes

/** Adds a rounded-rectangle path (does not fill or stroke). */
export function roundedRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

/** A translucent dark panel that groups things on the felt. */
export function drawPanel(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { fill?: string; stroke?: string; radius?: number; lineWidth?: number } = {},
): void {
  roundedRect(ctx, x, y, w, h, opts.radius ?? 16);
  ctx.fillStyle = opts.fill ?? THEME.panel;
  ctx.fill();
  ctx.lineWidth = opts.lineWidth ?? 2;
  ctx.strokeStyle = opts.stroke ?? THEME.panelStroke;
  ctx.stroke();
}

export type Direction = "up" | "down" | "left" | "right";

/** A solid triangular arrow head centred on (cx, cy), `size` px across. */
export function drawArrow(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  size: number,
  direction: Direction,
  colour: string,
): void {
  const s = size / 2;
  const pts: [number, number][] =
    direction === "up"
      ? [
          [0, -s],
          [s, s * 0.8],
          [-s, s * 0.8],
        ]
      : direction === "down"
        ? [
            [0, s],
            [s, -s * 0.8],
            [-s, -s * 0.8],
          ]
        : direction === "left"
          ? [
              [-s, 0],
              [s * 0.8, -s],
              [s * 0.8, s],
            ]
          : [
              [s, 0],
              [-s * 0.8, -s],
              [-s * 0.8, s],
            ];
  ctx.beginPath();
  ctx.moveTo(cx + pts[0]![0], cy + pts[0]![1]);
  ctx.lineTo(cx + pts[1]![0], cy + pts[1]![1]);
  ctx.lineTo(cx + pts[2]![0], cy + pts[2]![1]);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

/**
 * A row of round pips: `filled` solid ones, then hollow ones up to `total`. Used for "played 1
 * of at least 2" and similar progress; pips past `total` (doing more than the minimum) are solid.
 * Returns the width used.
 */
export function drawPips(
  ctx: CanvasRenderingContext2D,
  x: number,
  cy: number,
  filled: number,
  total: number,
  opts: { radius?: number; colour?: string; gap?: number } = {},
): number {
  const r = opts.radius ?? 9;
  const gap = opts.gap ?? 7;
  const colour = opts.colour ?? THEME.highlight;
  const n = Math.max(filled, total);
  for (let i = 0; i < n; i++) {
    const cx = x + r + i * (2 * r + gap);
    ctx.beginPath();
    ctx.arc(cx, cy, r - 1.5, 0, Math.PI * 2);
    if (i < filled) {
      ctx.fillStyle = colour;
      ctx.fill();
    } else {
      ctx.lineWidth = 3;
      ctx.strokeStyle = colour;
      ctx.stroke();
    }
  }
  return n === 0 ? 0 : n * 2 * r + (n - 1) * gap;
}

// ---------------------------------------------------------------------------------------------
// Text

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
/** How the store names a bot seat ("🤖 Bot 1"). */
const BOT_MARK = "🤖";

/**
 * A player's name as pictures draw it: clean, one line, without emoji — except a bot's 🤖, drawn
 * as a gear (which the font has), so a bot reads as a machine in every picture.
 */
export function drawableName(raw: string): string {
  return cleanText(
    raw
      .split(BOT_MARK)
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

/** A text as a picture drew it, in device pixels: what tests check labels against. */
export interface DrawnLabel {
  text: string;
  /** What was drawn: `text`, or `text` cut with "…" to fit. */
  shown: string;
  left: number;
  right: number;
  /** The line box: the font's size from its top to its bottom. */
  top: number;
  bottom: number;
  /** The font size. */
  size: number;
  canvasWidth: number;
  canvasHeight: number;
  /** The box it had to fit, when one was given (device pixels), and whether it still overflows it. */
  overflows: boolean;
}

let labelLog: DrawnLabel[] | null = null;

/** Every text drawn while `draw` runs (test use: do the words fit their boxes in every language?). */
export function recordLabels(draw: () => unknown): DrawnLabel[] {
  const log: DrawnLabel[] = [];
  const outer = labelLog;
  labelLog = log;
  try {
    draw();
  } finally {
    labelLog = outer;
  }
  return log;
}

/** Where a text's line box of `size` starts above `y`, for each baseline (in sizes). */
const LINE_TOP: Record<string, number> = { top: 0, middle: 0.5, alphabetic: 0.8, bottom: 1 };

function noteLabel(
  ctx: CanvasRenderingContext2D,
  text: string,
  shown: string,
  box: { left: number; width: number; y: number; size: number },
  overflows = false,
): void {
  if (!labelLog) return;
  const t = ctx.getTransform();
  const top = box.y - (LINE_TOP[ctx.textBaseline] ?? 0.5) * box.size;
  labelLog.push({
    text,
    shown,
    left: t.a * box.left + t.e,
    right: t.a * (box.left + box.width) + t.e,
    top: t.d * top + t.f,
    bottom: t.d * (top + box.size) + t.f,
    size: t.d * box.size,
    canvasWidth: ctx.canvas.width,
    canvasHeight: ctx.canvas.height,
    overflows,
  });
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
  ctx.fillText(shown, x, y);
  const width = measureText(ctx, shown).width;
  noteLabel(
    ctx,
    text,
    shown,
    { left: textLeft(ctx, x, width), width, y, size: style.size },
    style.maxWidth !== undefined && width > style.maxWidth,
  );
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
  if (labelLog && fitted === minSize && (w * minSize) / size > maxWidth) {
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
  ctx.font = font(size, bold);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  const m = measureText(ctx, text);
  const inkW = m.actualBoundingBoxRight + m.actualBoundingBoxLeft;
  const inkH = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  ctx.fillStyle = colour;
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
  ctx.textBaseline = "middle";
  noteLabel(ctx, text, shown, { left, width: w, y: cy, size });
  const top = cy - h / 2;
  if (style.cache) {
    const key = `badge|${shown}|${size}|${style.bold ?? true}|${style.bg ?? ""}|${style.fg ?? ""}|${style.stroke ?? ""}`;
    const painter: CardPainter = (c, bx, by, bw, bh) => paintBadge(c, shown, bx, by, bw, bh, size, style);
    cachedCard(key, painter, deviceScale(ctx))(ctx, left, top, w, h);
  } else {
    paintBadge(ctx, shown, left, top, w, h, size, style);
  }
  return { x: left, y: top, w, h };
}

function paintBadge(
  ctx: CanvasRenderingContext2D,
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
  ctx.fillText(shown, left + w / 2, top + h / 2 + 1);
}

// ---------------------------------------------------------------------------------------------
// Cards

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

/** Draws anything card-shaped at (x, y) with size w × h. Fans, columns and piles take these. */
export type CardPainter = (ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) => void;

function cardRadius(w: number): number {
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

/** Room around a cached card for its shadow and outline. */
const CACHE_PAD = 8;
/** A look drawn once, with the texts it drew (in its own device pixels), noted again at every copy. */
interface CachedLook {
  image: Canvas;
  labels: DrawnLabel[];
}
const cardCache = new Map<string, CachedLook>();

/**
 * A card drawn once per look and size, then copied: a table holds dozens of cards, and drawing
 * each back's lattice or face's glyphs anew costs more than encoding the whole picture. `key`
 * names the look (card and style); keep it to plain looks, so the cache stays bounded by the 52
 * faces and the back in a few sizes. `scale` draws the copy at a higher resolution for scaled pictures.
 */
export function cachedCard(key: string, paintCard: CardPainter, scale = 1): CardPainter {
  return (ctx, x, y, w, h) => {
    const id = `${key}|${w}x${h}@${scale}`;
    let look = cardCache.get(id);
    if (!look) {
      const surface = newCanvas((w + 2 * CACHE_PAD) * scale, (h + 2 * CACHE_PAD) * scale, { keep: true });
      surface.ctx.scale(scale, scale);
      const labels = recordLabels(() => paintCard(surface.ctx, CACHE_PAD, CACHE_PAD, w, h));
      look = { image: surface.canvas, labels };
      cardCache.set(id, look);
    }
    // Land on whole device pixels so the copy stays as sharp as the original.
    const dx = Math.round((x - CACHE_PAD) * scale) / scale;
    const dy = Math.round((y - CACHE_PAD) * scale) / scale;
    ctx.drawImage(look.image, dx, dy, look.image.width / scale, look.image.height / scale);
    if (labelLog) {
      // The look's texts, from its own device pixels to this picture's.
      const t = ctx.getTransform();
      const at = (v: number, origin: number) => origin + v / scale;
      for (const label of look.labels) {
        labelLog.push({
          ...label,
          left: t.a * at(label.left, dx) + t.e,
          right: t.a * at(label.right, dx) + t.e,
          top: t.d * at(label.top, dy) + t.f,
          bottom: t.d * at(label.bottom, dy) + t.f,
          size: (t.d * label.size) / scale,
          canvasWidth: ctx.canvas.width,
          canvasHeight: ctx.canvas.height,
        });
      }
    }
  };
}

/** How many device pixels one unit of the context's current transform covers (pictures drawn scaled). */
export function deviceScale(ctx: CanvasRenderingContext2D): number {
  const t = ctx.getTransform();
  return Math.hypot(t.a, t.b) || 1;
}

/** The plain card back, drawn once per size at the context's scale. */
function cachedBack(ctx: CanvasRenderingContext2D): CardPainter {
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
    drawCentredGlyphs(ctx, symbol, x + w - pad - w * 0.1, (rankTop + baseline) / 2, w * 0.24, colour);
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
    drawCentredGlyphs(ctx, label, cx, cy - fh * 0.1, w * 0.36 * k, colour);
    drawCentredGlyphs(ctx, symbol, cx, cy + fh * 0.3, w * 0.16 * k, colour);
  } else {
    drawCentredGlyphs(ctx, symbol, cx, cy, w * pip, colour);
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

/** Where a card may lie but none does: a dashed outline with an optional label inside. */
export function drawEmptySlot(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  label?: string,
  opts: { colour?: string; labelSize?: number } = {},
): void {
  const colour = opts.colour ?? THEME.slot;
  const key = `slot|${label ?? ""}|${colour}|${opts.labelSize ?? ""}`;
  cachedCard(
    key,
    (c, sx, sy, sw, sh) => paintEmptySlot(c, sx, sy, sw, sh, colour, label, opts.labelSize),
    deviceScale(ctx),
  )(ctx, x, y, w, h);
}

function paintEmptySlot(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  colour: string,
  label: string | undefined,
  labelSize: number | undefined,
): void {
  roundedRect(ctx, x, y, w, h, cardRadius(w));
  ctx.fillStyle = "rgba(0, 0, 0, 0.18)";
  ctx.fill();
  ctx.setLineDash([Math.max(4, w / 14), Math.max(4, w / 20)]);
  ctx.lineWidth = Math.max(2, w / 50);
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.setLineDash([]);
  if (label) {
    const size = fitFontSize(ctx, label, w * 0.84, labelSize ?? Math.round(w * 0.16), true);
    drawText(ctx, label, x + w / 2, y + h / 2, { size, bold: true, colour, align: "center" });
  }
}

export interface PileStyle {
  /** How many cards are in the pile; 0 draws the empty slot. */
  count: number;
  /** Draws the top card; null draws a face-down top (a draw pile). */
  top: CardPainter | null;
  /**
   * Badge text; defaults to the count (none when empty). Empty string: no badge. Counts and
   * labels such as "3/10" only: the badge is drawn once per text and copied.
   */
  countLabel?: string;
  /** Text in the empty slot. */
  emptyLabel?: string;
  /** Its text size (default: 16 % of the card width, smaller when the label is long). */
  emptyLabelSize?: number;
  /** Colour of the count badge. */
  badgeBg?: string;
  /** Text size of the count badge (default: 13 % of the card width, at least 14). */
  badgeSize?: number;
}

/**
 * A pile: card edges under the top card that thicken with the count (up to 4), the top card
 * (or a back), and a count badge centred on the bottom edge. Empty: a labelled slot.
 * The badge hangs ~0.09·h below the card; leave room for it.
 */
export function drawPile(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  pile: PileStyle,
): void {
  if (pile.count <= 0) {
    drawEmptySlot(ctx, x, y, w, h, pile.emptyLabel, { labelSize: pile.emptyLabelSize });
  } else {
    const layers = Math.min(4, Math.ceil(pile.count / 8)) - (pile.count === 1 ? 1 : 0);
    const off = Math.max(2, Math.round(w * 0.022));
    for (let i = layers; i >= 1; i--) {
      const edgeX = x + i * off;
      const edgeY = y + i * off;
      roundedRect(ctx, edgeX, edgeY, w, h, cardRadius(w));
      ctx.fillStyle = pile.top ? "#e4e1d6" : "#6e1622";
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = THEME.cardEdge;
      ctx.stroke();
    }
    (pile.top ?? cachedBack(ctx))(ctx, x, y, w, h);
  }
  const label = pile.countLabel ?? (pile.count > 0 ? String(pile.count) : "");
  if (label !== "") {
    drawBadge(ctx, label, x + w / 2, y + h + Math.round(h * 0.02), {
      size: pile.badgeSize ?? Math.max(14, Math.round(w * 0.13)),
      align: "center",
      bg: pile.badgeBg ?? "rgba(0, 0, 0, 0.72)",
      stroke: "rgba(255, 255, 255, 0.35)",
      maxWidth: w * 1.3,
      // Counts and "n/10"-style labels: a small fixed set.
      cache: true,
    });
  }
}

export interface SpreadOptions {
  /** Preferred distance between cards; shrunk when the spread would not fit. */
  step?: number;
  /** The space available along the spread (width for a fan, height for a column). */
  max: number;
  /** Smallest distance allowed (defaults to the readable peek). */
  minStep?: number;
}

/**
 * The distance between neighbours in a spread of `n` cards of length `len` to fit in `max`:
 * `step` if it fits, else squeezed, but not below `minStep` (the caller then needs more room).
 */
export function spreadStep(n: number, len: number, opts: SpreadOptions, readable: number): number {
  const preferred = opts.step ?? readable;
  if (n <= 1) return preferred;
  const fit = (opts.max - len) / (n - 1);
  return Math.max(Math.min(preferred, fit), Math.min(opts.minStep ?? readable, preferred));
}

/**
 * A fan: cards overlapping left to right, the last one fully shown. Returns the area covered.
 */
export function drawFan(
  ctx: CanvasRenderingContext2D,
  cards: readonly CardPainter[],
  x: number,
  y: number,
  w: number,
  h: number,
  opts: SpreadOptions,
): Rect {
  const step = spreadStep(cards.length, w, opts, fanPeek(w));
  for (const [i, draw] of cards.entries()) draw(ctx, x + i * step, y, w, h);
  return { x, y, w: cards.length === 0 ? 0 : w + (cards.length - 1) * step, h };
}

/**
 * An overlapped column: cards stacked downwards, each showing its top strip (rank and suit),
 * the last one (the top card) fully shown. For tableaus. Returns the area covered.
 */
export function drawColumn(
  ctx: CanvasRenderingContext2D,
  cards: readonly CardPainter[],
  x: number,
  y: number,
  w: number,
  h: number,
  opts: SpreadOptions,
): Rect {
  const step = spreadStep(cards.length, h, opts, columnPeek(h));
  for (const [i, draw] of cards.entries()) draw(ctx, x, y + i * step, w, h);
  return { x, y, w, h: cards.length === 0 ? 0 : h + (cards.length - 1) * step };
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

// ---------------------------------------------------------------------------------------------
// Players

export interface PlayerStripStyle {
  name: string;
  /** A count shown on the right beside a small card back (cards in hand); omitted when undefined. */
  count?: number;
  /** The player who must act: gold outline, lighter fill, a ▶ marker. */
  active?: boolean;
  /** A small pill after the name ("you", "out", "claimed"). */
  tag?: string;
  /** Greyed out (left the game, hand empty). */
  muted?: boolean;
  /** Width kept free at the right end for the caller's own drawing (e.g. revealed cards). */
  reserveRight?: number;
}

/**
 * One player's row: turn marker, name (cut with an ellipsis to fit), optional tag, and the
 * count of cards in hand with a card-back icon. Text size follows the row height.
 */
export function drawPlayerStrip(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  player: PlayerStripStyle,
): void {
  const active = player.active === true;
  drawPanel(ctx, x, y, w, h, {
    fill: active ? "rgba(255, 204, 51, 0.18)" : THEME.panel,
    stroke: active ? THEME.highlight : THEME.panelStroke,
    lineWidth: active ? 4 : 2,
    radius: Math.round(h * 0.3),
  });
  const cy = y + h / 2;
  const size = Math.round(h * 0.46);
  const markerW = Math.round(h * 0.55);
  if (active) drawArrow(ctx, x + markerW * 0.75, cy, h * 0.36, "right", THEME.highlight);
  let right = x + w - Math.round(h * 0.3) - (player.reserveRight ?? 0);
  if (player.count !== undefined) {
    const countText = String(player.count);
    ctx.font = font(size, true);
    const tw = measureText(ctx, countText).width;
    drawText(ctx, countText, right, cy, { size, bold: true, align: "right", colour: THEME.text });
    const iconH = Math.round(h * 0.56);
    const iconW = Math.round(iconH / CARD_RATIO);
    const iconX = right - tw - 8 - iconW;
    cachedBack(ctx)(ctx, iconX, cy - iconH / 2, iconW, iconH);
    right = iconX - Math.round(h * 0.3);
  }
  const nameX = x + markerW + Math.round(h * 0.2);
  let tagW = 0;
  if (player.tag) {
    ctx.font = font(Math.round(size * 0.7), true);
    tagW = measureText(ctx, player.tag).width + size * 0.84 + 10;
  }
  const colour = player.muted ? THEME.textFaint : THEME.text;
  const nameW = drawText(ctx, player.name, nameX, cy, {
    size,
    bold: active,
    colour,
    maxWidth: Math.max(20, right - nameX - tagW),
  });
  if (player.tag) {
    drawBadge(ctx, player.tag, nameX + nameW + 10, cy, {
      size: Math.round(size * 0.7),
      bg: active ? THEME.highlight : "rgba(255, 255, 255, 0.16)",
      fg: active ? THEME.highlightText : THEME.textMuted,
    });
  }
}
