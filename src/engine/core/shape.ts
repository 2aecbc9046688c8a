/** Checks for the shape of untrusted moves (they arrive from custom_ids and select values). */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Is `value` an integer index into a list of `length` items? */
export function isIndex(value: unknown, length: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < length;
}
