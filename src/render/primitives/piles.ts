import type { CanvasRenderingContext2D } from "canvas";
import { type CardPainter, cachedCard, deviceScale } from "./cache.js";
import { cachedBack, cardRadius } from "./cards.js";
import { roundedRect } from "./shapes.js";
import { drawBadge, drawText, fitFontSize, wrapText } from "./text.js";
import { columnPeek, fanPeek, type Rect, THEME } from "./theme.js";

/** Where a card may lie but none does: a dashed outline with an optional label inside. */
export function drawEmptySlot(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  label?: string,
  opts: { colour?: string; labelSize?: number; labelBold?: boolean } = {},
): void {
  const colour = opts.colour ?? THEME.slot;
  // The default outline is faint on purpose; its words are not, so they read on a phone.
  const labelColour = opts.colour ?? THEME.textMuted;
  const bold = opts.labelBold ?? true;
  const key = `slot|${label ?? ""}|${colour}|${opts.labelSize ?? ""}|${bold}`;
  cachedCard(
    key,
    (c, sx, sy, sw, sh) =>
      paintEmptySlot(c, sx, sy, sw, sh, colour, labelColour, label, opts.labelSize, bold),
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
  labelColour: string,
  label: string | undefined,
  labelSize: number | undefined,
  bold: boolean,
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
    // Wrapped before shrunk: a longer language takes two lines rather than a smaller size.
    const start = labelSize ?? Math.round(w * 0.16);
    const lines = wrapText(ctx, label, w * 0.94, start, { bold });
    const size = Math.min(...lines.map((line) => fitFontSize(ctx, line, w * 0.94, start, bold)));
    lines.forEach((line, i) => {
      const cy = y + h / 2 + (i - (lines.length - 1) / 2) * size * 1.15;
      drawText(ctx, line, x + w / 2, cy, { size, bold, colour: labelColour, align: "center" });
    });
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
  /** The widest the count badge may be (default: 1.3 card widths); a longer label is cut. */
  badgeMaxWidth?: number;
  /** Whether it is bold (the default): a regular weight fits a longer word at the same size. */
  emptyLabelBold?: boolean;
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
    drawEmptySlot(ctx, x, y, w, h, pile.emptyLabel, {
      labelSize: pile.emptyLabelSize,
      labelBold: pile.emptyLabelBold ?? true,
    });
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
      maxWidth: pile.badgeMaxWidth ?? w * 1.3,
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
