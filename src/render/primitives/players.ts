import type { CanvasRenderingContext2D } from "canvas";
import { font } from "../fonts.js";
import { cachedBack } from "./cards.js";
import { drawArrow, drawPanel } from "./shapes.js";
import { drawBadge, drawText, measureText } from "./text.js";
import { CARD_RATIO, THEME } from "./theme.js";

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
  // The tag nearly as big as the name: it is read on a phone too.
  const tagSize = Math.round(size * 0.85);
  if (player.tag) {
    ctx.font = font(tagSize, true);
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
      size: tagSize,
      bg: active ? THEME.highlight : "rgba(255, 255, 255, 0.16)",
      fg: active ? THEME.highlightText : THEME.textMuted,
    });
  }
}
