import type { QuietHours } from "../store/settings.js";

/** A Discord timestamp: every reader sees it in their own time zone (R: "in 3 hours", f: date and time). */
export function discordTime(ms: number, style: "R" | "f" | "F" | "d" | "t" = "R"): string {
  return `<t:${Math.floor(ms / 1000)}:${style}>`;
}

const ZONES = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");

/** Every IANA time zone this runtime knows, UTC first. */
export function timeZones(): readonly string[] {
  return ["UTC", ...ZONES];
}

/** Minutes after local midnight at instant `ms` in `timeZone`. */
export function localMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(ms));
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return hour * 60 + minute;
}

function inside(minutes: number, quiet: QuietHours): boolean {
  if (quiet.from === quiet.to) return false;
  return quiet.from < quiet.to
    ? minutes >= quiet.from && minutes < quiet.to
    : minutes >= quiet.from || minutes < quiet.to;
}

/**
 * When the quiet hours around `now` end, or null when `now` is outside them: the first whole
 * minute outside them, found by bisection, so a daylight-saving jump inside the span is honoured.
 */
export function quietUntil(now: number, quiet: QuietHours | null, timeZone: string | null): number | null {
  if (!quiet) return null;
  const zone = timeZone ?? "UTC";
  const quietAt = (ms: number) => inside(localMinutes(ms, zone), quiet);
  if (!quietAt(now)) return null;
  const minute = 60_000;
  let lo = now - (now % minute);
  // Past the end by the wall clock, plus a margin for a clock that went back an hour (never as far
  // as the next quiet hours).
  const margin = Math.min(61, ((quiet.from - quiet.to + 1440) % 1440) - 1);
  let hi = lo + (((quiet.to - localMinutes(now, zone) + 1440) % 1440) + Math.max(1, margin)) * minute;
  while (hi - lo > minute) {
    const mid = lo + Math.floor((hi - lo) / (2 * minute)) * minute;
    if (quietAt(mid)) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** "22:00" → 1320; null when it is not a time of day. */
export function parseClock(text: string): number | null {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (hour > 23 || minute > 59) return null;
  return hour * 60 + minute;
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
