import { encodeRgbPng } from "@cardtable/png-encoder";
import { Canvas, type CanvasRenderingContext2D, createCanvas } from "canvas";
import { ensureFonts } from "../fonts.js";
import { roundedRect } from "./shapes.js";
import { type Surface, THEME } from "./theme.js";

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

/** The canvases without an alpha channel (node-canvas's RGB24), whose PNG is RGB without a check. */
const opaqueCanvases = new WeakSet<Canvas>();

function makeSurface(w: number, h: number, opaque = false): Surface {
  const canvas = createCanvas(w, h);
  if (opaque) opaqueCanvases.add(canvas);
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
 * A canvas with the shipped fonts registered (cleared, unless opaque), valid until the next call for the same size
 * (encode it with `finishPng` before drawing another picture). `keep: true` gives a canvas of its
 * own, for images that are kept (a cache of drawn cards). `opaque: true` gives a canvas without
 * an alpha channel, for a picture whose felt covers every pixel: its PNG is RGB, not RGBA, and
 * encodes about a third faster (an 850 × 1500 table: 10 ms instead of 16). Its pixels are left as
 * the last picture of that size drew them: the caller paints every one (the felt first).
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
    // An opaque picture's felt covers every pixel (see `drawFelt`): clearing it first would only
    // paint the whole canvas twice.
    if (!opaque) ctx.clearRect(0, 0, w, h);
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
 * How wide every table picture is, in pixels. A painter lays its table out in units of its own
 * (a tableau is 848 wide, Sir Tommy 1000) and `tableCanvas` scales that to this width. Readability
 * does not depend on it: a phone shows any picture about 400 px wide, and every text is sized
 * against the layout's width (11 px at 400 wide, the picture audit). Pixels do cost: a table's
 * drawing and PNG encoding grow with its area. At 600 px a table is about 0.45 Mpx (a tableau at
 * 848 px was 1 Mpx and 10 ms a picture); still wider than Discord shows a picture anywhere but on
 * a high-density screen, where a phone at three device pixels per point enlarges 600 and 680 px
 * pictures alike (looked at side by side). The 5,220 pictures of a capacity run of the seven
 * games, drawn again: 6.0 ms and 77 KB a picture at 600 px, 7.0 ms and 92 KB at 680.
 */
export const TABLE_PICTURE_WIDTH = 600;

/**
 * An opaque canvas for a table laid out `layoutWidth` × `layoutHeight` units, TABLE_PICTURE_WIDTH px
 * wide: its context draws in layout units, and the felt covers it (see `newCanvas`).
 */
export function tableCanvas(layoutWidth: number, layoutHeight: number): Surface {
  const scale = TABLE_PICTURE_WIDTH / layoutWidth;
  const surface = newCanvas(TABLE_PICTURE_WIDTH, layoutHeight * scale, { opaque: true });
  // The felt in whole pixels: its pieces' edges at a fractional scale would each cover a pixel
  // only in part, and the canvas's last picture would show through (see `newCanvas`).
  drawFelt(surface.ctx, surface.width, surface.height);
  surface.ctx.scale(scale, scale);
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
 * Encodes the picture as an RGB PNG with the project's encoder (packages/png-encoder), which looks
 * for a table's repeats only where they are (the pixel to the left, the one above, one earlier place
 * the same two pixels were seen). Over 195 pictures of the seven games' tables it takes 1.5 ms and
 * 72 KB a picture where node-canvas's PNG (zlib level 2, no row filter, its best setting for these
 * pictures) took 2.3 ms and 73 KB. The raw pixels it reads are freed at once: left to the garbage
 * collector, a table's 1.7 MB made a render thread run a full collection every 18 pictures. A
 * picture with a translucent pixel, which RGB cannot show, is encoded by node-canvas as RGBA.
 */
export function finishPng(canvas: Canvas): Buffer {
  return (
    encodeRgbPng(canvas.toBuffer("raw"), canvas.width, canvas.height, opaqueCanvases.has(canvas)) ??
    canvas.toBuffer("image/png", { compressionLevel: 2, filters: Canvas.PNG_FILTER_NONE })
  );
}
