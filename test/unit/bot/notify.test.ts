import { describe, expect, it } from "vitest";
import { describePrefs, findTimeZone, matchTimeZones, parseAway } from "../../../commands/notify.js";
import { tm, wordsFor } from "../../../src/i18n/index.js";
import { DEFAULT_USER_PREFS } from "../../../src/store/settings.js";

const EN = wordsFor("en");
const NL = wordsFor("nl");

const NOW = Date.UTC(2025, 0, 15, 12, 0);
const HOUR = 3_600_000;

function until(text: string, zone: string | null, at = NOW): number {
  const parsed = parseAway(text, at, zone);
  if (!parsed.ok) throw new Error(tm(parsed.error));
  return parsed.value;
}

function refusal(text: string, zone: string | null = null): string {
  const parsed = parseAway(text, NOW, zone);
  if (parsed.ok) throw new Error(`"${text}" was accepted`);
  return tm(parsed.error);
}

describe("away until", () => {
  it("a duration counts from now", () => {
    expect(until("12h", null)).toBe(NOW + 12 * HOUR);
    expect(until("3d", null)).toBe(NOW + 72 * HOUR);
    expect(until("1w", null)).toBe(NOW + 7 * 24 * HOUR);
    expect(until("2d 12H", null)).toBe(NOW + 60 * HOUR);
  });

  it("a date lasts until that day ends in UTC when no time zone is set", () => {
    expect(until("2025-01-20", null)).toBe(Date.UTC(2025, 0, 21));
  });

  it("a date lasts until that day ends in the player's own time zone", () => {
    expect(until("2025-01-20", "America/New_York")).toBe(Date.UTC(2025, 0, 21, 5));
    expect(until("2025-01-20", "Asia/Tokyo")).toBe(Date.UTC(2025, 0, 20, 15));
  });

  it("a date's end follows daylight saving time on the days the clocks change", () => {
    const july = Date.UTC(2025, 6, 1);
    const october = Date.UTC(2025, 9, 1);
    expect(until("2025-07-10", "Europe/Berlin", july)).toBe(Date.UTC(2025, 6, 10, 22));
    // Berlin's clocks go forward on 30 March and back on 26 October 2025.
    expect(until("2025-03-29", "Europe/Berlin")).toBe(Date.UTC(2025, 2, 29, 23));
    expect(until("2025-03-30", "Europe/Berlin")).toBe(Date.UTC(2025, 2, 30, 22));
    expect(until("2025-10-25", "Europe/Berlin", october)).toBe(Date.UTC(2025, 9, 25, 22));
    expect(until("2025-10-26", "Europe/Berlin", october)).toBe(Date.UTC(2025, 9, 26, 23));
  });

  it("refuses a past date or an empty duration", () => {
    expect(refusal("2025-01-14")).toContain("already past");
    expect(refusal("0h")).toContain("already past");
  });

  it("refuses more than 90 days ahead", () => {
    expect(until("90d", null)).toBe(NOW + 90 * 24 * HOUR);
    expect(refusal("91d")).toContain("at most 90 days");
    expect(refusal("2025-06-01")).toContain("at most 90 days");
  });

  it("refuses what is neither a date nor a duration, and days not in the calendar", () => {
    expect(refusal("next week")).toContain("neither a date");
    expect(refusal("3x")).toContain("neither a date");
    expect(refusal("2025-02-30")).toContain("not a day in the calendar");
  });
});

describe("time zone names", () => {
  it("autocomplete offers names containing what is typed, names starting with it first", () => {
    const zones = ["America/Argentina/Buenos_Aires", "Asia/Aden", "Europe/Berlin", "Pacific/Enderbury"];
    expect(matchTimeZones("en", zones)).toEqual([
      "Pacific/Enderbury",
      "America/Argentina/Buenos_Aires",
      "Asia/Aden",
    ]);
    expect(matchTimeZones("a", zones)[0]).toBe("America/Argentina/Buenos_Aires");
    expect(matchTimeZones("BUENOS aires", zones)).toEqual(["America/Argentina/Buenos_Aires"]);
    expect(matchTimeZones("europe/b", zones)).toEqual(["Europe/Berlin"]);
  });

  it("autocomplete offers at most 25 names from the runtime's list", () => {
    const names = matchTimeZones("");
    expect(names).toHaveLength(25);
    expect(names[0]).toBe("UTC");
    expect(matchTimeZones("berlin")).toEqual(["Europe/Berlin"]);
  });

  it("a typed name is taken in its own spelling, or refused when unknown", () => {
    expect(findTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(findTimeZone(" UTC ")).toBe("UTC");
    expect(findTimeZone("Mars/Olympus_Mons")).toBeNull();
  });
});

describe("/notify summary", () => {
  it("shows the defaults", () => {
    const text = describePrefs(DEFAULT_USER_PREFS, NOW, EN);
    expect(text).toContain("Turn DMs: off");
    expect(text).toContain("Time zone: UTC (not set");
    expect(text).toContain("Quiet hours: none of your own");
    expect(text).toContain("Away: no");
  });

  it("shows a player's own settings, the away date as Discord timestamps", () => {
    const back = NOW + 48 * HOUR;
    const text = describePrefs(
      {
        ...DEFAULT_USER_PREFS,
        dm: true,
        timeZone: "Europe/Berlin",
        quietHours: { from: 1380, to: 420 },
        awayUntil: back,
      },
      NOW,
      EN,
    );
    expect(text).toContain("Turn DMs: on");
    expect(text).toContain("Time zone: Europe/Berlin");
    expect(text).toContain("Quiet hours: 23:00–07:00 your time");
    expect(text).toContain(`Away: until <t:${back / 1000}:f> (<t:${back / 1000}:R>)`);
  });

  it("an away date that has passed shows as not away", () => {
    const text = describePrefs({ ...DEFAULT_USER_PREFS, awayUntil: NOW - HOUR }, NOW, EN);
    expect(text).toContain("Away: no");
  });
});

describe("/notify in Dutch", () => {
  it("shows the summary in Dutch, with the Dutch command names and the language by its own name", () => {
    const back = NOW + 48 * HOUR;
    const text = describePrefs(
      { ...DEFAULT_USER_PREFS, quietHours: { from: 1380, to: 420 }, awayUntil: back, language: "en" },
      NOW,
      NL,
    );
    expect(text.split("\n")).toEqual([
      "**Je meldingen** (in elke server hetzelfde)",
      "• Beurt-DM's: uit: je wordt vermeld in het kanaal van het spel (`/meldingen dm aan:True` voor een DM)",
      "• Tijdzone: UTC (niet ingesteld: `/meldingen tijdzone`)",
      "• Stille uren: 23:00–07:00 jouw tijd: beurt-DM's en herinneringen wachten tot ze voorbij zijn",
      `• Afwezig: tot <t:${back / 1000}:f> (<t:${back / 1000}:R>): er wordt niets verstuurd en je beurttimers beginnen opnieuw als je terug bent (\`/meldingen terug\` om eerder terug te zijn)`,
      "• Taal van je eigen antwoorden: English",
    ]);
  });

  it("refuses in Dutch", () => {
    const parsed = parseAway("volgende week", NOW, null);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(NL.message(parsed.error)).toBe(
        '"volgende week" is geen datum zoals 2025-08-31 en ook geen duur zoals 3d of 12h.',
      );
  });
});
