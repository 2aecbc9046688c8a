import { describe, expect, it } from "vitest";
import { discordTime, formatClock, localMinutes, parseClock, quietUntil } from "../../../src/bot/time.js";

const at = (iso: string) => Date.parse(iso);

describe("times for play over days", () => {
  it("a Discord timestamp is in whole seconds with its style, so each reader sees their own local time", () => {
    expect(discordTime(at("2026-11-25T10:00:00.900Z"), "R")).toBe("<t:1795600800:R>");
    expect(discordTime(at("2026-11-25T10:00:00Z"), "f")).toBe("<t:1795600800:f>");
  });

  it("local minutes follow the zone, daylight saving included", () => {
    expect(localMinutes(at("2026-07-01T12:00:00Z"), "Europe/Amsterdam")).toBe(14 * 60);
    expect(localMinutes(at("2026-12-01T12:00:00Z"), "Europe/Amsterdam")).toBe(13 * 60);
    expect(localMinutes(at("2026-12-01T12:30:00Z"), "Asia/Kolkata")).toBe(18 * 60);
  });

  it("quiet hours across midnight hold things back until they end, in the player's zone", () => {
    const night = { from: parseClock("22:00")!, to: parseClock("07:30")! };
    // 23:00 in Amsterdam (winter, UTC+1) is 22:00 UTC: quiet until 07:30 local = 06:30 UTC.
    expect(quietUntil(at("2026-12-01T22:00:00Z"), night, "Europe/Amsterdam")).toBe(
      at("2026-12-02T06:30:00Z"),
    );
    // 03:00 local: still the same night.
    expect(quietUntil(at("2026-12-02T02:00:00Z"), night, "Europe/Amsterdam")).toBe(
      at("2026-12-02T06:30:00Z"),
    );
    // 12:00 local is outside.
    expect(quietUntil(at("2026-12-02T11:00:00Z"), night, "Europe/Amsterdam")).toBeNull();
    // No zone set: UTC.
    expect(quietUntil(at("2026-12-02T23:15:00Z"), night, null)).toBe(at("2026-12-03T07:30:00Z"));
  });

  it("quiet hours within a day end on the same day; none set or an empty span holds nothing back", () => {
    const lunch = { from: 12 * 60, to: 13 * 60 };
    expect(quietUntil(at("2026-12-02T12:20:00Z"), lunch, "UTC")).toBe(at("2026-12-02T13:00:00Z"));
    expect(quietUntil(at("2026-12-02T13:00:00Z"), lunch, "UTC")).toBeNull();
    expect(quietUntil(at("2026-12-02T12:20:00Z"), null, "UTC")).toBeNull();
    expect(quietUntil(at("2026-12-02T12:20:00Z"), { from: 600, to: 600 }, "UTC")).toBeNull();
  });

  it("the end of quiet hours lands outside them when daylight saving starts that night", () => {
    // Amsterdam skips 02:00–03:00 on 2026-03-29; quiet 01:00–02:30 ends at the jump, 03:00 local.
    const end = quietUntil(at("2026-03-29T00:30:00Z"), { from: 60, to: 150 }, "Europe/Amsterdam");
    expect(end).not.toBeNull();
    expect(localMinutes(end!, "Europe/Amsterdam")).toBe(3 * 60);
  });

  it("times of day are read as H, HH or HH:MM and written back as HH:MM", () => {
    expect(parseClock("7")).toBe(420);
    expect(parseClock("22:30")).toBe(1350);
    expect(parseClock("24:00")).toBeNull();
    expect(parseClock("7:60")).toBeNull();
    expect(parseClock("seven")).toBeNull();
    expect(formatClock(1350)).toBe("22:30");
    expect(formatClock(5)).toBe("00:05");
  });
});
