import { Image } from "canvas";
import { drawText, finishPng, fitFontSize, newCanvas, roundedRect, THEME } from "./primitives.js";

/**
 * The last picture of an ended game: its table, dimmed, under a band that says the game is over
 * and how it ended, so a picture seen on its own (a phone's preview, a scrolled channel) never
 * reads as a game still waiting for someone. Drawn over any game's table picture.
 */
export function stampEnded(tablePng: Buffer, headline: string, detail: string): Buffer {
  const table = new Image();
  table.src = tablePng;
  const { width, height } = table;
  const { canvas, ctx } = newCanvas(width, height);
  ctx.drawImage(table, 0, 0);
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  ctx.fillRect(0, 0, width, height);
  const bandH = Math.round(Math.max(90, Math.min(height * 0.34, width * 0.2)));
  const bandY = Math.round((height - bandH) / 2);
  const margin = Math.round(width * 0.05);
  roundedRect(ctx, margin, bandY, width - 2 * margin, bandH, 18);
  ctx.fillStyle = "rgba(20, 20, 24, 0.92)";
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
  const textW = width - 4 * margin;
  const big = fitFontSize(ctx, headline, textW, Math.round(bandH * 0.42), true, 14);
  const small = fitFontSize(ctx, detail, textW, Math.round(bandH * 0.24), false, 12);
  const cx = width / 2;
  drawText(ctx, headline, cx, bandY + bandH * 0.38, {
    size: big,
    bold: true,
    colour: THEME.highlight,
    align: "center",
  });
  drawText(ctx, detail, cx, bandY + bandH * 0.74, {
    size: small,
    colour: "#ffffff",
    align: "center",
    maxWidth: textW,
  });
  return finishPng(canvas);
}
