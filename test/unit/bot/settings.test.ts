import { describe, expect, it } from "vitest";
import { describeSettings, parseQuietHours } from "../../../commands/settings.js";
import { tm, wordsFor } from "../../../src/i18n/index.js";
import { defaultGuildSettings, resolveGuildSettings } from "../../../src/store/settings.js";

const EN = wordsFor("en");
const NL = wordsFor("nl");

describe("/settings summary", () => {
  it("shows the defaults: reminders from REMINDER_HOURS, no timer, games in the channel, no quiet hours", () => {
    const text = describeSettings(defaultGuildSettings(12), EN);
    expect(text).toContain("Reminders: after 12 hours without a move");
    expect(text).toContain("Turn timer: off");
    expect(text).toContain("New games: in the channel where `/play` is used");
    expect(text).toContain("Quiet hours: none");
  });

  it("shows reminders as never when they are off", () => {
    expect(describeSettings(defaultGuildSettings(0), EN)).toContain("Reminders: never");
  });

  it("shows what was stored over the defaults: timer with its action, threads, quiet hours", () => {
    const text = describeSettings(
      resolveGuildSettings(
        { turnTimerHours: 1, timeoutAction: "botSeat", threads: true, quietHours: { from: 1320, to: 450 } },
        12,
      ),
      EN,
    );
    expect(text).toContain("Reminders: after 12 hours");
    expect(text).toContain("Turn timer: 1 hour per turn; when it runs out, a bot takes their seat");
    expect(text).toContain("New games: each in a thread of its own");
    expect(text).toContain("Quiet hours: 22:00–07:30");
  });

  it("names each timeout action in words", () => {
    const timer = (timeoutAction: "remind" | "botTurn" | "end") =>
      describeSettings(resolveGuildSettings({ turnTimerHours: 48, timeoutAction }, 0), EN);
    expect(timer("remind")).toContain("the player is reminded and the game waits");
    expect(timer("botTurn")).toContain("a bot plays that turn for them");
    expect(timer("end")).toContain("when it runs out, the game ends");
  });
});

describe("quiet hours as typed", () => {
  it("reads two 24-hour times, also across midnight", () => {
    expect(parseQuietHours("22:00", "7:30")).toEqual({ ok: true, value: { from: 1320, to: 450 } });
    expect(parseQuietHours("13", "14:15")).toEqual({ ok: true, value: { from: 780, to: 855 } });
  });

  it("refuses a time that is not a time of day, naming it", () => {
    const parsed = parseQuietHours("22:00", "25:00");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(tm(parsed.error)).toContain('"25:00" is not a time of day');
    expect(parseQuietHours("late", "07:00").ok).toBe(false);
  });

  it("refuses quiet hours that start when they end", () => {
    const parsed = parseQuietHours("08:00", "8");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(tm(parsed.error)).toBe("Quiet hours must start and end at different times.");
  });
});

describe("/settings in Dutch", () => {
  it("shows the summary in Dutch: hours, the timeout action, threads, quiet hours and the language", () => {
    const text = describeSettings(
      resolveGuildSettings(
        {
          turnTimerHours: 1,
          timeoutAction: "botSeat",
          threads: true,
          quietHours: { from: 1320, to: 450 },
          language: "nl",
          earlierPictures: true,
        },
        12,
      ),
      NL,
    );
    expect(text.split("\n")).toEqual([
      "**De spelinstellingen van deze server**",
      "• Herinneringen: na 12 uur zonder zet krijgt wie aan de beurt is een herinnering",
      "• Beurttimer: 1 uur per beurt; is die tijd om, dan neemt een bot de plaats van de speler over voor de rest van het spel",
      "• Nieuwe spellen: elk in een eigen thread",
      "• Stille uren: 22:00–07:30 in de eigen tijdzone van elke speler, voor spelers die zelf geen stille uren hebben ingesteld met `/meldingen stille-uren`",
      "• Taal van tafels en spelberichten: Nederlands",
      "• Eerdere tafels: houden hun afbeeldingen",
    ]);
  });

  it("refuses a time of day in Dutch, with clock examples", () => {
    const parsed = parseQuietHours("22:00", "25:00");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(NL.message(parsed.error)).toBe(
        '"25:00" is geen tijdstip. Gebruik de 24-uursklok, zoals 22:00 of 07:30.',
      );
  });
});
