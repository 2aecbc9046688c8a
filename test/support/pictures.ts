import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

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

/** A tableau laid out for a phone (two rows of columns): narrow and tall, and small enough to post fast. */
export function expectPhoneTableau(png: Buffer): void {
  const { width, height } = pngSize(png);
  expect(width).toBeGreaterThanOrEqual(800);
  expect(width).toBeLessThanOrEqual(1000);
  expect(height).toBeGreaterThan(width);
  expect(height).toBeLessThan(2 * width);
  expect(png.length).toBeLessThan(200 * 1024);
}

/** The sample pictures a test wrote to `folder` for review, their names starting with `prefix`: some, each a PNG. */
export function expectSamplesWritten(folder: string, prefix: string): void {
  const written = readdirSync(folder).filter((f) => f.startsWith(prefix) && f.endsWith(".png"));
  expect(written.length).toBeGreaterThan(0);
  for (const f of written) expect(pngSize(readFileSync(join(folder, f))).width).toBeGreaterThan(0);
}
