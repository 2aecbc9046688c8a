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

/** Whether a test records the texts drawn now (`recordLabels`). */
export function recordingLabels(): boolean {
  return labelLog !== null;
}

/** Notes again the texts of a look drawn once (`labels`, in its own device pixels) where a copy of it lands. */
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

/** Where a text's line box of `size` starts above `y`, for each baseline (in sizes). */
const LINE_TOP: Record<string, number> = { top: 0, middle: 0.5, alphabetic: 0.8, bottom: 1 };

export function noteLabel(
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
