import { Image } from "canvas";
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
  // Dimmed only so far that its words stay readable (4.5:1 on the felt): the band says it is over.
  ctx.fillStyle = "rgba(0, 0, 0, 0.2)";
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
  const cx = width / 2;
  // A long detail takes two lines rather than a size a phone cannot read (11 px at 400 px wide).
  const oneLine =
    fitFontSize(ctx, detail, textW, Math.round(bandH * 0.2), false, 1) >= Math.round(bandH * 0.2);
  const detailSize = oneLine ? Math.round(bandH * 0.2) : Math.ceil(bandH * 0.17);
  const lines = oneLine ? [detail] : wrapText(ctx, detail, textW, detailSize).slice(0, 2);
  const big = fitFontSize(ctx, headline, textW, Math.round(bandH * (oneLine ? 0.34 : 0.27)), true, 14);
  drawText(ctx, headline, cx, bandH * (oneLine ? 0.37 : 0.28), {
    size: big,
    bold: true,
    colour: THEME.highlight,
    align: "center",
  });
  lines.forEach((line, i) => {
    drawText(ctx, line, cx, bandH * (oneLine ? 0.7 : 0.56 + i * 0.2), {
      size: detailSize,
      colour: "#ffffff",
      align: "center",
      maxWidth: textW,
    });
  });
  return finishPng(canvas);
}

/** The band's height above a table `width` px wide: its words stay as big as a table's headings. */
export function endedBandHeight(width: number): number {
  return Math.round(width * 0.17);
}
