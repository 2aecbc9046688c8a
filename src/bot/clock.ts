import fs from "node:fs";

/**
 * The bot's one clock for everything timed (store timestamps, reminders, turn timers, quiet hours).
 * End-to-end tests run the real bot process with TEST_CLOCK_FILE: a file holding milliseconds to add
 * to the real time, so hours of waiting pass by writing a number. Re-read at most every 50 ms; a
 * blank or unreadable file keeps the shift last read.
 */
const file = process.env.TEST_CLOCK_FILE?.trim() || null;
let offset = 0;
let readAt = 0;

export function now(): number {
  const real = Date.now();
  if (file && real - readAt >= 50) {
    readAt = real;
    try {
      const text = fs.readFileSync(file, "utf8").trim();
      const value = Number(text);
      // Blank is a file caught between being emptied and rewritten, not a shift of 0 (Number("") is 0):
      // taken as 0, the clock would jump back by the whole shift for a moment.
      if (text !== "" && Number.isFinite(value)) offset = value;
    } catch {
      // No file yet: no shift.
    }
  }
  return real + offset;
}
