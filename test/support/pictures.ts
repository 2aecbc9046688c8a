import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { DrawnLabel } from "../../src/render/primitives.js";
import { TABLE_PICTURE_WIDTH } from "../../src/render/primitives.js";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk; throws if `buf` is not a PNG. */
export function pngSize(buf: Buffer): { width: number; height: number } {
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  if (buf.toString("ascii", 12, 16) !== "IHDR") throw new Error("PNG without IHDR first");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** A view frozen all through, so a renderer that changes what it draws from fails. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * A tableau laid out for a phone (two rows of columns): TABLE_PICTURE_WIDTH px wide, never taller than 1.6 ×
 * its width (so a desktop message area shows it whole beside the buttons), and small enough to post
 * fast.
 */
export function expectPhoneTableau(png: Buffer): void {
  const { width, height } = pngSize(png);
  expect(width).toBe(TABLE_PICTURE_WIDTH);
  expect(height).toBeGreaterThan(width / 3);
  expect(height).toBeLessThanOrEqual(1.6 * width);
  expect(png.length).toBeLessThan(200 * 1024);
}

/** Discord shows a picture about 400 px wide on a phone. */
const PHONE_WIDTH = 400;
/** The smallest text a phone's reader can read there. */
const PHONE_MIN_TEXT = 11;

/** Every text drawn is at least 11 px tall once a phone shows the picture 400 px wide, and none spills out of its box. */
export function expectPhoneReadable(labels: readonly DrawnLabel[]): void {
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    expect((label.size * PHONE_WIDTH) / label.canvasWidth, label.text).toBeGreaterThanOrEqual(PHONE_MIN_TEXT);
    expect(label.overflows, label.text).toBe(false);
  }
}

/** The sample pictures a test wrote to `folder` for review, their names starting with `prefix`: some, each a PNG. */
export function expectSamplesWritten(folder: string, prefix: string): void {
  const written = readdirSync(folder).filter((f) => f.startsWith(prefix) && f.endsWith(".png"));
  expect(written.length).toBeGreaterThan(0);
  for (const f of written) expect(pngSize(readFileSync(join(folder, f))).width).toBeGreaterThan(0);
}
