import { type CanvasRenderingContext2D, Image } from "canvas";
import { drawText, finishPng, fitFontSize, newCanvas, roundedRect, THEME, wrapText } from "./primitives.js";

/**
 * The last picture of an ended game: a band that says the game is over and how it ended, above
 * its table, dimmed, so a picture seen on its own (a phone's preview, a scrolled channel) never
 * reads as a game still waiting for someone. The band sits above the table rather than over it:
 * a final table often holds what players look for last (One versus Two's score sheet), and
 * nothing of it may be hidden. Drawn over any game's table picture.
 */
export function stampEnded(tablePng: Buffer, headline: string, detail: string): Buffer {
  const table = new Image();
  table.src = tablePng;
  const { width, height: tableH } = table;
  const bandH = endedBandHeight(width);
  const { canvas, ctx } = newCanvas(width, bandH + tableH, { opaque: true });
  ctx.fillStyle = "#141418";
  ctx.fillRect(0, 0, width, bandH);
  ctx.drawImage(table, 0, bandH);
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  ctx.fillRect(0, bandH, width, tableH);
  const margin = Math.round(width * 0.03);
  const inset = Math.round(bandH * 0.08);
  roundedRect(ctx, margin, inset, width - 2 * margin, bandH - 2 * inset, 18);
  ctx.fillStyle = "rgba(32, 32, 38, 1)";
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
  const textW = width - 4 * margin;
  const big = fitFontSize(ctx, headline, textW, Math.round(bandH * 0.34), true, 14);
  const small = fitFontSize(ctx, detail, textW, Math.round(bandH * 0.2), false, 12);
  const cx = width / 2;
  // A detail that would shrink below what a phone reads (a long outcome, a long name) takes two
  // lines at that size instead, under a slightly smaller headline: the band keeps its height.
  const readable = Math.ceil((width * PHONE_TEXT) / PHONE_WIDTH);
  const lines = small >= readable ? [detail] : twoLines(ctx, detail, textW, readable);
  drawText(ctx, headline, cx, bandH * (lines.length > 1 ? 0.3 : 0.37), {
    size: lines.length > 1 ? Math.min(big, Math.round(bandH * 0.28)) : big,
    bold: true,
    colour: THEME.highlight,
    align: "center",
  });
  lines.forEach((line, i) => {
    drawText(ctx, line, cx, bandH * (lines.length > 1 ? 0.62 + 0.2 * i : 0.7), {
      size: lines.length > 1 ? readable : small,
      colour: "#ffffff",
      align: "center",
      maxWidth: textW,
    });
  });
  return finishPng(canvas);
}

/** Discord shows a picture about 400 px wide on a phone, where text under 11 px cannot be read. */
const PHONE_WIDTH = 400;
const PHONE_TEXT = 11;

/** `text` in at most two lines of `maxWidth` at `size`; what does not fit the second is cut when drawn. */
function twoLines(ctx: CanvasRenderingContext2D, text: string, maxWidth: number, size: number): string[] {
  const [first = "", ...rest] = wrapText(ctx, text, maxWidth, size);
  return rest.length > 0 ? [first, rest.join(" ")] : [first];
}

/** The band's height above a table `width` px wide: its words stay as big as a table's headings. */
export function endedBandHeight(width: number): number {
  return Math.round(width * 0.17);
}
