import { describe, expect, it } from "vitest";
import { en } from "../../../src/i18n/en/index.js";
import { t, tCount } from "../../../src/i18n/index.js";
import { nl } from "../../../src/i18n/nl/index.js";

/**
 * Every line with a count reads right for 0, 1 and 2 in both languages: "1 card", "2 cards",
 * "0 kaarten", never "1 cards", "2 kaart" or "card(s)". A message is filled with 0, 1 or 2 for
 * every parameter (a count the catalog forgot to give plural forms shows up as "1 cards").
 */
const CATALOGS = { en, nl } as const;

/** The nouns the catalogs count, singular and plural, and the words that may stand between number and noun. */
const COUNTED = {
  en: {
    nouns: [
      ["card", "cards"],
      ["trick", "tricks"],
      ["turn", "turns"],
      ["round", "rounds"],
      ["point", "points"],
      ["pair", "pairs"],
      ["game", "games"],
      ["hour", "hours"],
      ["day", "days"],
      ["castle", "castles"],
      ["noble", "nobles"],
      ["player", "players"],
      ["king", "kings"],
      ["foundation", "foundations"],
    ],
    between: "(?:drawn|extra|complete|castle|hand|more|different)",
  },
  nl: {
    nouns: [
      ["kaart", "kaarten"],
      ["slag", "slagen"],
      ["beurt", "beurten"],
      ["ronde", "rondes"],
      ["punt", "punten"],
      ["paar", "paren"],
      ["spel", "spellen"],
      ["dag", "dagen"],
      ["kasteel", "kastelen"],
      ["edele", "edelen"],
      ["speler", "spelers"],
      ["koning", "koningen"],
      ["fundament", "fundamenten"],
    ],
    between: "(?:getrokken|extra|verschillende)",
  },
} as const;

/** "1 cards" (n = 1 with a plural noun) or "2 card" / "0 card" (other counts with a singular one). */
function wrongNumber(language: keyof typeof COUNTED, n: number): RegExp {
  const { nouns, between } = COUNTED[language];
  const wrong = nouns.map(([one, other]) => (n === 1 ? other : one)).join("|");
  const any = nouns.flat().join("|");
  // Compounds count too ("1 kasteelkaarten", "2 handkaart"); a noun before another ("castle cards") is no count.
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${n}\\**\\s+(?:${between}\\s+)?\\p{L}*(?:${wrong})(?![\\p{L}])(?!\\s+(?:${any})\\b)`,
    "iu",
  );
}

/** Parameters that hold words, never a number: filled with a word, so "{player} castle" is no count. */
const WORDS = new Set([
  "player",
  "name",
  "target",
  "card",
  "cards",
  "suit",
  "trump",
  "noble",
  "nobles",
  "winner",
]);

/** Every parameter a message names: `n`, or a word for those in WORDS that no plural counts by. */
function allParams(template: string, n: number): Record<string, number | string> {
  const counts = new Set([...template.matchAll(/\{(\w+), plural,/g)].map((m) => m[1] as string));
  return Object.fromEntries(
    [...template.matchAll(/\{(\w+)/g)].map(([, name = ""]) => [
      name,
      WORDS.has(name) && !counts.has(name) ? "Xy" : n,
    ]),
  );
}

describe("counts in every catalog line", () => {
  for (const language of ["en", "nl"] as const) {
    it(`reads right with 0, 1 and 2 of everything (${language})`, () => {
      const catalog = CATALOGS[language];
      const problems: string[] = [];
      for (const key of Object.keys(catalog)) {
        const template = catalog[key] as string;
        if (/\((?:s|en)\)/.test(template))
          problems.push(`${key}: "${template}" leaves the plural to the reader`);
        for (const n of [0, 1, 2]) {
          const text = t(key, allParams(template, n), language);
          if (wrongNumber(language, n).test(text)) problems.push(`${key} with ${n}: "${text}"`);
          if (/\{\w+, plural,/.test(text))
            problems.push(`${key} with ${n}: a plural left unfilled in "${text}"`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("catches the lines players reported, as they were written", () => {
    const written = (template: string, params: Record<string, number>) =>
      template.replace(/\{(\w+)\}/g, (_whole, name: string) => String(params[name] ?? name));
    expect(wrongNumber("en", 1).test(written("carol announces {tricks} tricks", { tricks: 1 }))).toBe(true);
    expect(wrongNumber("en", 1).test(written("{count} cards turned until A♣ fitted", { count: 1 }))).toBe(
      true,
    );
    expect(wrongNumber("nl", 1).test(written("dorp 2 ({count} kaarten: …)", { count: 1 }))).toBe(true);
    expect(wrongNumber("en", 2).test(written("Turn 1: choose {count} card", { count: 2 }))).toBe(true);
    expect(wrongNumber("en", 1).test("Round 1 of 3 · 0/1 Kings")).toBe(true);
    expect(wrongNumber("en", 1).test("Round 1 of 3 · 1/4 Kings")).toBe(false);
    expect(wrongNumber("en", 1).test("Turn 1: choose 5 cards")).toBe(false);
  });

  it("fills those lines with proper plural forms now", () => {
    expect(t("onevstwo.event.contractNoTrump", { player: "carol", tricks: 1 })).toBe(
      "carol announces 1 trick without trumps.",
    );
    expect(t("troubadour.event.clubsJack", { player: "Bo", count: 1, card: "A♣" })).toBe(
      "Bo used ♣J: 1 card turned until A♣ fitted.",
    );
    expect(t("troubadour.event.clubsJack", { player: "Bo", count: 1, card: "A♣" }, "nl")).toBe(
      "Bo gebruikte ♣B: 1 kaart omgedraaid tot A♣ paste.",
    );
    expect(
      t("sirtommy.ui.status.draw", { name: "Ann", direction: "▲", count: 3, stock: 20, totals: "—" }),
    ).toContain("3 drawn cards to place");
    expect(t("sirtommy.drawnCardsLeft", { count: 1 }, "nl")).toBe(
      "Leg je getrokken kaart op een fundament of een rij voordat je je beurt beëindigt.",
    );
  });
});

describe("plural fields", () => {
  it("choose the form by the language's plural rules, 0 taking the plural in both languages", () => {
    expect([0, 1, 2].map((n) => tCount("thegame.scoreUnit", n))).toEqual([
      "0 cards left",
      "1 card left",
      "2 cards left",
    ]);
    expect([0, 1, 2].map((n) => tCount("thegame.scoreUnit", n, "nl"))).toEqual([
      "0 kaarten over",
      "1 kaart over",
      "2 kaarten over",
    ]);
  });

  it("fill more than one count in a line, each by its own number", () => {
    expect(t("thegame.event.turnEnded", { player: "Ann", played: 1, drew: 2 })).toBe(
      "Ann ended the turn after 1 card and drew 2.",
    );
    expect(t("fourkings.outcome.won", { turns: 1, controlled: 2 }, "nl")).toBe(
      "Alle vier de koningen veroverd in 1 beurt, met 2 kaarten onder controle!",
    );
  });

  it("leave a plural field as written when its count is missing, so the gap shows in review", () => {
    expect(t("thegame.scoreUnit")).toBe("{count, plural, one {# card} other {# cards}} left");
  });
});
