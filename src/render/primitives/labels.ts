import type { CanvasRenderingContext2D } from "canvas";

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
  /** The text's colour, as the canvas names it ("#rrggbb" or "rgba(…)"); absent for a pattern. */
  colour?: string;
  /**
   * The mean colour of what lay under the text's box before it was drawn, [r, g, b, a] (0–255;
   * a < 255 on a look drawn on its own, transparent canvas, until a copy lands on a picture).
   */
  under?: Rgba;
}

export type Rgba = readonly [number, number, number, number];

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

/** Whether a test records the texts drawn now (`recordLabels`). */
export function recordingLabels(): boolean {
  return labelLog !== null;
}

/**
 * Notes again the texts of a look drawn once (`labels`, in its own device pixels) where a copy of it
 * lands: call it before the copy is drawn, so what the look leaves uncovered is seen under its texts.
 */
export function noteCopiedLabels(
  ctx: CanvasRenderingContext2D,
  labels: readonly DrawnLabel[],
  dx: number,
  dy: number,
  scale: number,
): void {
  if (!labelLog) return;
  // The look's texts, from its own device pixels to this picture's.
  const t = ctx.getTransform();
  const at = (v: number, origin: number) => origin + v / scale;
  for (const label of labels) {
    const left = t.a * at(label.left, dx) + t.e;
    const right = t.a * at(label.right, dx) + t.e;
    const top = t.d * at(label.top, dy) + t.f;
    const bottom = t.d * at(label.bottom, dy) + t.f;
    labelLog.push({
      ...label,
      left,
      right,
      top,
      bottom,
      size: (t.d * label.size) / scale,
      canvasWidth: ctx.canvas.width,
      canvasHeight: ctx.canvas.height,
      // What the look left uncovered under the text shows what the picture has there.
      under: label.under && over(label.under, colourUnder(ctx, left, top, right, bottom)),
    });
  }
}

/** Where a text's line box of `size` starts above `y`, for each baseline (in sizes). */
const LINE_TOP: Record<string, number> = { top: 0, middle: 0.5, alphabetic: 0.8, bottom: 1 };

/**
 * Notes a text about to be drawn in the context's current fill colour (or `box.colour`), with what
 * lies under its box: call it before the text is drawn. `box.top` places a box whose top is known
 * (inked glyphs); otherwise it is found from `y` and the context's baseline.
 */
export function noteLabel(
  ctx: CanvasRenderingContext2D,
  text: string,
  shown: string,
  box: { left: number; width: number; y: number; size: number; top?: number; colour?: string },
  overflows = false,
): void {
  if (!labelLog) return;
  const t = ctx.getTransform();
  const boxTop = box.top ?? box.y - (LINE_TOP[ctx.textBaseline] ?? 0.5) * box.size;
  const left = t.a * box.left + t.e;
  const right = t.a * (box.left + box.width) + t.e;
  const top = t.d * boxTop + t.f;
  const bottom = t.d * (boxTop + box.size) + t.f;
  const fill = box.colour ?? ctx.fillStyle;
  labelLog.push({
    text,
    shown,
    left,
    right,
    top,
    bottom,
    size: t.d * box.size,
    canvasWidth: ctx.canvas.width,
    canvasHeight: ctx.canvas.height,
    overflows,
    ...(typeof fill === "string" ? { colour: fill } : {}),
    under: colourUnder(ctx, left, top, right, bottom),
  });
}

/** The mean colour of the canvas's pixels in a box (device pixels), weighted by their opacity. */
function colourUnder(
  ctx: CanvasRenderingContext2D,
  left: number,
  top: number,
  right: number,
  bottom: number,
): Rgba {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(ctx.canvas.width, Math.ceil(right));
  const y1 = Math.min(ctx.canvas.height, Math.ceil(bottom));
  if (x1 <= x0 || y1 <= y0) return [0, 0, 0, 0];
  const { data } = ctx.getImageData(x0, y0, x1 - x0, y1 - y0);
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    r += data[i]! * alpha;
    g += data[i + 1]! * alpha;
    b += data[i + 2]! * alpha;
    a += alpha;
  }
  const pixels = data.length / 4;
  return a === 0 ? [0, 0, 0, 0] : [r / a, g / a, b / a, a / pixels];
}

/** `top` (straight alpha, 0–255) laid over `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const ta = top[3] / 255;
  const ba = bottom[3] / 255;
  const a = ta + ba * (1 - ta);
  if (a === 0) return [0, 0, 0, 0];
  const mix = (i: 0 | 1 | 2) => (top[i] * ta + bottom[i] * ba * (1 - ta)) / a;
  return [mix(0), mix(1), mix(2), a * 255];
}
