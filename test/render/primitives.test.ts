import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Card, SUITS } from "../../src/engine/core/cards.js";
import {
  cardHeight,
  cleanText,
  drawableName,
  drawBadge,
  drawCardBack,
  drawCardFace,
  drawColumn,
  drawEmptySlot,
  drawFan,
  drawFelt,
  drawNumberCard,
  drawPile,
  drawPlayerStrip,
  finishPng,
  fitText,
  font,
  newCanvas,
  paint,
} from "../../src/render/primitives.js";
import { pngSize } from "../support/pictures.js";

const OUT = join(import.meta.dirname, "..", ".tmp");

function gallery(fourColour: boolean): Buffer {
  const { canvas, ctx, width, height } = newCanvas(1200, 1100);
  drawFelt(ctx, width, height);
  const w = 110;
  const h = cardHeight(w);
  SUITS.forEach((suit, row) => {
    for (const [i, rank] of [1, 7, 10, 11, 12, 13].entries()) {
      drawCardFace(ctx, { rank, suit }, 30 + i * (w + 16), 30 + row * (h + 20), w, h, { fourColour });
    }
  });
  const col: Card[] = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((rank, i) => ({
    rank,
    suit: SUITS[i % 4]!,
  }));
  drawColumn(
    ctx,
    col.map((c) => paint.face(c, { fourColour })),
    830,
    30,
    w,
    h,
    { max: 640 },
  );
  drawColumn(
    ctx,
    [paint.back(), paint.back(), paint.face({ rank: 10, suit: "D" }, { fourColour })],
    970,
    30,
    w,
    h,
    { max: 640 },
  );
  drawFan(
    ctx,
    col.slice(0, 8).map((c, i) => paint.face(c, { fourColour, highlight: i === 7, dim: i < 2 })),
    30,
    730,
    w,
    h,
    { max: 500 },
  );
  drawPile(ctx, 600, 730, w, h, { count: 0, top: null, emptyLabel: "Empty" });
  drawPile(ctx, 740, 730, w, h, { count: 40, top: null });
  drawPile(ctx, 880, 730, w, h, { count: 12, top: paint.number(57, { band: "#5cc8ff" }) });
  drawNumberCard(ctx, 99, 1030, 730, w, h, { highlight: true });
  drawCardBack(ctx, 1030, 930, 60, cardHeight(60));
  drawEmptySlot(ctx, 1100, 930, 60, cardHeight(60), "1");
  drawBadge(ctx, "Your turn", 30, 960, { bg: "#ffcc33", fg: "#2a1f00" });
  drawPlayerStrip(ctx, 30, 1000, 480, 60, { name: "Alice", count: 6, active: true, tag: "playing" });
  drawPlayerStrip(ctx, 530, 1000, 480, 60, {
    name: "Bartholomew the Extremely Long-Named Wanderer of Discord",
    count: 0,
    muted: true,
    tag: "done",
  });
  return finishPng(canvas);
}

describe("primitives", () => {
  it("draws a gallery of every primitive as a valid PNG, in both colour schemes", () => {
    mkdirSync(OUT, { recursive: true });
    for (const four of [false, true]) {
      const png = gallery(four);
      expect(pngSize(png)).toEqual({ width: 1200, height: 1100 });
      writeFileSync(join(OUT, `primitives-${four ? "four" : "classic"}.png`), png);
    }
  });

  it("cuts long text with an ellipsis to fit, never splitting a grapheme", () => {
    const { ctx } = newCanvas(10, 10);
    ctx.font = font(24);
    const long = "Zoë the 👩‍👩‍👧 family and a very long display name indeed";
    const cut = fitText(ctx, long, 200);
    expect(cut.endsWith("…")).toBe(true);
    expect(ctx.measureText(cut).width).toBeLessThanOrEqual(200);
    expect(fitText(ctx, "Bo", 200)).toBe("Bo");
    expect(fitText(ctx, "👩‍👩‍👧👩‍👩‍👧", 1)).toBe("…");
  });

  it("strips control and bidi-override characters from names", () => {
    expect(cleanText("a\u202Eb\nc\td  e ")).toBe("a b c d e");
  });

  it("draws names without emoji the font lacks, but a robot's 🤖 as a gear, so robots show as machines", () => {
    expect(drawableName("Ann 🎉👩‍👩‍👧")).toBe("Ann");
    expect(drawableName("🤖 Bot 2")).toBe("⚙ Bot 2");
  });
});
