import { encodeRgbPng } from "@cardtable/png-encoder";
import { type Canvas, createCanvas, loadImage } from "canvas";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finishPng, newCanvas, tableCanvas } from "../../src/render/primitives.js";

/** The picture's pixels as node-canvas decodes its PNG (zlib checks the Adler-32, libpng the CRCs). */
async function decoded(png: Buffer, width: number, height: number): Promise<Buffer> {
  const image = await loadImage(png);
  expect([image.width, image.height]).toEqual([width, height]);
  const canvas = createCanvas(width, height);
  canvas.getContext("2d").drawImage(image, 0, 0);
  return canvas.getContext("2d").getImageData(0, 0, width, height).data as unknown as Buffer;
}

function pixelsOf(canvas: Canvas): Uint8ClampedArray {
  return canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
}

/** Whether a PNG decodes to exactly the canvas's pixels. */
async function showsExactly(png: Buffer, canvas: Canvas): Promise<boolean> {
  const back = await decoded(png, canvas.width, canvas.height);
  return Buffer.from(back).equals(Buffer.from(pixelsOf(canvas)));
}

/** A picture like a table: flat areas, repeated shapes, text, and a patch of noise no repeat covers. */
function drawPicture(canvas: Canvas, seed: number): void {
  const ctx = canvas.getContext("2d");
  let state = seed >>> 0 || 1;
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  ctx.fillStyle = "#1f5f3f";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < 12; i++) {
    ctx.fillStyle = `rgb(${next(256)}, ${next(256)}, ${next(256)})`;
    ctx.fillRect(next(canvas.width), next(canvas.height), 1 + next(40), 1 + next(40));
    ctx.font = `${8 + next(20)}px sans-serif`;
    ctx.fillText("A♠ 10♥", next(canvas.width), next(canvas.height));
  }
  const noise = ctx.getImageData(0, 0, Math.min(20, canvas.width), Math.min(7, canvas.height));
  for (let i = 0; i < noise.data.length; i += 4) {
    noise.data[i] = next(256);
    noise.data[i + 1] = next(256);
    noise.data[i + 2] = next(256);
    noise.data[i + 3] = 255;
  }
  ctx.putImageData(noise, next(canvas.width), next(canvas.height));
}

describe("the PNG encoder (packages/png-encoder)", () => {
  it("a table's PNG decodes to exactly the pixels drawn, over random pictures of many sizes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 260 }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer(),
        fc.boolean(),
        async (width, height, seed, opaque) => {
          const canvas = createCanvas(width, height);
          if (opaque) canvas.getContext("2d", { pixelFormat: "RGB24" });
          drawPicture(canvas, seed);
          const png = encodeRgbPng(canvas.toBuffer("raw"), width, height, opaque);
          expect(png).not.toBeNull();
          expect(await showsExactly(png as Buffer, canvas)).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("rows longer than deflate's window (no match with the row above) still decode exactly", async () => {
    const canvas = createCanvas(11_000, 3);
    drawPicture(canvas, 7);
    const png = encodeRgbPng(canvas.toBuffer("raw"), 11_000, 3, false) as Buffer;
    expect(await showsExactly(png, canvas)).toBe(true);
  });

  it("the raw pixels are freed once encoded, not left to the garbage collector", () => {
    const canvas = createCanvas(300, 200);
    drawPicture(canvas, 3);
    const raw = canvas.toBuffer("raw");
    expect(raw.length).toBe(300 * 200 * 4);
    encodeRgbPng(raw, 300, 200, false);
    expect(raw.buffer.byteLength).toBe(0);
  });

  it("a Buffer that shares its memory (as a slice of Node's pool does) is read but not freed", () => {
    const shared = Buffer.allocUnsafe(24);
    const pixels = shared.subarray(0, 16).fill(0xff);
    const neighbour = shared.subarray(16).fill(7);
    expect(encodeRgbPng(pixels, 2, 2, true)).not.toBeNull();
    expect(pixels.length).toBe(16);
    expect([...neighbour]).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
  });

  it("a picture with a translucent pixel is not encoded as RGB", () => {
    const canvas = createCanvas(10, 10);
    canvas.getContext("2d").fillStyle = "rgba(0, 0, 0, 0.5)";
    canvas.getContext("2d").fillRect(0, 0, 10, 10);
    const raw = canvas.toBuffer("raw");
    expect(encodeRgbPng(raw, 10, 10, false)).toBeNull();
    expect(raw.buffer.byteLength).toBe(0);
  });

  it("raw pixels that are not width × height refuse with a clear error", () => {
    expect(() => encodeRgbPng(Buffer.alloc(12), 2, 2, true)).toThrow(/not width × height/);
  });

  it("finishPng: a table is RGB; a translucent picture keeps its alpha (RGBA), both exactly as drawn", async () => {
    const table = tableCanvas(848, 300);
    table.ctx.fillStyle = "#ffffff";
    table.ctx.fillRect(100, 100, 200, 50);
    const tablePng = finishPng(table.canvas);
    expect(tablePng[25]).toBe(2);
    expect(await showsExactly(tablePng, table.canvas)).toBe(true);

    const badge = newCanvas(40, 20);
    badge.ctx.fillStyle = "rgba(255, 0, 0, 0.5)";
    badge.ctx.fillRect(0, 0, 20, 20);
    const badgePng = finishPng(badge.canvas);
    expect(badgePng[25]).toBe(6);
    const image = await loadImage(badgePng);
    const back = createCanvas(40, 20);
    back.getContext("2d").drawImage(image, 0, 0);
    expect(back.getContext("2d").getImageData(5, 5, 1, 1).data[3]).toBeGreaterThan(100);
    expect(back.getContext("2d").getImageData(30, 5, 1, 1).data[3]).toBe(0);
  });
});
