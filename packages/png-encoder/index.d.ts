/**
 * Encodes a node-canvas picture's raw pixels (`canvas.toBuffer("raw")`: 32-bit native-endian
 * ARGB, premultiplied) as an RGB PNG. `opaque` says the surface has no alpha channel (node-canvas's
 * RGB24), so the alpha byte is ignored; otherwise the picture must have no translucent pixel, and
 * null is returned if it has one (RGB cannot show it). Once read, `raw` is released (its memory freed
 * and the Buffer left empty), so the collector has nothing to find: do not use it afterwards.
 */
export function encodeRgbPng(raw: Buffer, width: number, height: number, opaque: boolean): Buffer | null;
