import { describe, expect, it } from "vitest";
import { en } from "../../../src/i18n/en/index.js";
import { localizeCards, t, tCount } from "../../../src/i18n/index.js";
import { nl } from "../../../src/i18n/nl/index.js";

/** A plural field, `{name, plural, one {…} other {…}}`, whose forms may hold `{name}` fields. */
const PLURAL = /\{(\w+), plural,((?:[^{}]|\{(?:[^{}]|\{\w+\})*\})*)\}/g;

/**
 * The distinct parameters a message prints, sorted: each `{name}` (in plural forms too), and each
 * count whose plural forms print it (`#`). A plural that only chooses words, printing no number,
 * is a language's own grammar and may be missing from the other language.
 */
const placeholders = (text: string): string[] => {
  const printed: string[] = [];
  const forms = text.replace(PLURAL, (_whole, name: string, cases: string) => {
    const bodies = [...cases.matchAll(/\w+\s*\{((?:[^{}]|\{\w+\})*)\}/g)].map((m) => m[1] as string);
    if (bodies.some((body) => body.includes("#"))) printed.push(name);
    return bodies.join(" ");
  });
  const plain = (forms.match(/\{\w+\}/g) ?? []).map((field) => field.slice(1, -1));
  return [...new Set([...plain, ...printed])].sort();
};

/**
 * Dutch messages that may read exactly as the English (a name such as "The Game", a card or a
 * symbol alone), each with its reason; anything else equal to the English was left untranslated.
 */
const SAME_IN_DUTCH: Record<string, string> = {
  "game.thegame.title": "the game's own name, in Dutch too",
  "game.troubadour.title": "the game's own name, in Dutch too",
  "ratings.column.rating": "Dutch players say rating too",
  "daily.column.score": "score is the Dutch word too",
  "onevstwo.pic.contract": "contract is the Dutch word too, as in the Dutch rules",
  "bot.lobby.seatHost": "Dutch Discord users say host, as the lobby's other Dutch lines do",
  "kit.alt.ended": "alt text: only placeholders and a colon",
  "kit.alt.column": "alt text: only placeholders and a colon",
  "fourkings.alt.hand": "alt text: hand is the Dutch word too",
  "troubadour.alt.trio": "alt text: trio is the Dutch catalog's word too",
};

describe("Dutch catalog", () => {
  it("has every English key and no key English lacks", () => {
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
  });

  it("uses the same placeholders as the English in every message", () => {
    const differing = Object.keys(en).filter(
      (key) => key in nl && placeholders(en[key] as string).join() !== placeholders(nl[key] as string).join(),
    );
    expect(differing).toEqual([]);
  });

  it("translates every message: none empty, none still English outside the allow-list", () => {
    expect(Object.keys(nl).filter((key) => (nl[key] as string).trim() === "")).toEqual([]);
    const untranslated = Object.keys(nl).filter((key) => nl[key] === en[key] && !(key in SAME_IN_DUTCH));
    expect(untranslated).toEqual([]);
    expect(Object.keys(SAME_IN_DUTCH).filter((key) => nl[key] !== en[key])).toEqual([]);
  });

  it("writes each Troubadour power as its noble (in Dutch letters), ': ', then what it does (the panel splits there)", () => {
    for (const key of Object.keys(en).filter((k) => k.startsWith("troubadour.power."))) {
      const [noble, ...help] = (nl[key] as string).split(": ");
      expect(noble, key).toBe(localizeCards((en[key] as string).split(": ")[0] as string, "nl"));
      expect(help, key).toHaveLength(1);
    }
  });

  it("keeps game option descriptions within Discord's 100 characters", () => {
    expect(
      Object.keys(nl).filter((key) => key.includes(".option.") && (nl[key] as string).length > 100),
    ).toEqual([]);
  });

  it("fills placeholders in a Dutch message", () => {
    expect(t("core.playerCount", { min: 2, max: 5 }, "nl")).toBe("Voor dit spel zijn 2 tot 5 spelers nodig.");
  });

  it("counts in Dutch: the one form for exactly one, the other form for 0 and 2", () => {
    expect(tCount("thegame.scoreUnit", 1, "nl")).toBe("1 kaart over");
    expect(tCount("thegame.scoreUnit", 0, "nl")).toBe("0 kaarten over");
    expect(tCount("thegame.scoreUnit", 2, "nl")).toBe("2 kaarten over");
  });

  it("falls back to English for a locale without a catalog", () => {
    expect(t("core.notYourTurn", {}, "fr")).toBe("It is not your turn.");
    expect(tCount("twelves.scoreUnit", 1, "pt-BR")).toBe("1 pair");
    expect(t("core.notYourTurn", {}, "en-GB")).toBe("It is not your turn.");
  });
});
