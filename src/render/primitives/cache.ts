import type { Canvas, CanvasRenderingContext2D } from "canvas";
import { newCanvas } from "./canvas.js";
import { type DrawnLabel, noteCopiedLabels, recordLabels } from "./labels.js";

/** Draws anything card-shaped at (x, y) with size w × h. Fans, columns and piles take these. */
export type CardPainter = (ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) => void;

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
    noteCopiedLabels(ctx, look.labels, dx, dy, scale);
    ctx.drawImage(look.image, dx, dy, look.image.width / scale, look.image.height / scale);
  };
}

/** How many device pixels one unit of the context's current transform covers (pictures drawn scaled). */
export function deviceScale(ctx: CanvasRenderingContext2D): number {
  const t = ctx.getTransform();
  return Math.hypot(t.a, t.b) || 1;
}
