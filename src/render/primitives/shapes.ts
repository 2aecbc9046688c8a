import type { CanvasRenderingContext2D } from "canvas";
import { THEME } from "./theme.js";

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
