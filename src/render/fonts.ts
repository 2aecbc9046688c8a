import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { registerFont } from "canvas";

/**
 * The one font family every picture uses. A name of our own, so that a system font called
 * "DejaVu Sans" (present on some hosts, absent on others) can never be picked instead of the
 * shipped files and make pictures differ between machines.
 */
export const FONT_FAMILY = "CardTableSans";

let registered = false;

/**
 * The repository root: the nearest folder upwards holding package.json. Walking up works from
 * both src/render (vitest, tsx) and dist/src/render (compiled, run by node).
 */
export function findRepoRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`render: no package.json above ${start}`);
    dir = parent;
  }
}

/**
 * Registers the shipped DejaVu Sans (regular and bold) under FONT_FAMILY, once per process.
 * node-canvas only uses fonts registered before a canvas is created, so every canvas is made
 * through `newCanvas` in primitives.ts, which calls this first.
 */
export function ensureFonts(): void {
  if (registered) return;
  const fonts = join(findRepoRoot(), "assets", "fonts");
  registerFont(join(fonts, "DejaVuSans.ttf"), { family: FONT_FAMILY });
  registerFont(join(fonts, "DejaVuSans-Bold.ttf"), { family: FONT_FAMILY, weight: "bold" });
  registered = true;
}

/** A CSS font string in the shipped family, e.g. `font(28, true)` → `bold 28px "CardTableSans"`. */
export function font(sizePx: number, bold = false): string {
  return `${bold ? "bold " : ""}${Math.round(sizePx)}px "${FONT_FAMILY}"`;
}
