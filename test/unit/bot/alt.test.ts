import { describe, expect, it } from "vitest";
import { ALT_TEXT_MAX, fitAlt, numberRuns } from "../../../src/bot/ui/alt.js";
import { wordsFor } from "../../../src/i18n/index.js";

describe("alt text within Discord's limit", () => {
  it("joins sentences, each ending in a mark, without Markdown's bold stars", () => {
    expect(fitAlt(["Your turn", "**7♥** fits pile 2.", "", "Done?"])).toBe(
      "Your turn. 7♥ fits pile 2. Done?",
    );
  });

  it("keeps whole sentences while they fit, then cuts after a whole word with …", () => {
    const text = fitAlt(["Alpha beta.", "Gamma delta epsilon.", "Zeta."], 25);
    expect(text).toBe("Alpha beta. Gamma delta…");
    expect(text.length).toBeLessThanOrEqual(25);
  });

  it("never cuts a word in two, whatever the limit", () => {
    const sentences = [
      "Rising pile 1 shows 95 (3 cards): it takes a card above 95, or 85.",
      "Draw pile: 68 cards.",
    ];
    const whole = sentences.join(" ");
    const words = new Set(whole.split(" "));
    for (let max = 2; max <= whole.length + 1; max++) {
      const text = fitAlt(sentences, max);
      expect(text.length, `limit ${max}`).toBeLessThanOrEqual(max);
      if (text === whole) continue;
      expect(text.endsWith("…"), `limit ${max}: ${text}`).toBe(true);
      const kept = text.slice(0, -1).split(" ").filter(Boolean);
      for (const word of kept) expect(words.has(word), `limit ${max}: "${word}" is cut`).toBe(true);
    }
  });

  it("fits the longest possible description into 1,024 characters", () => {
    const long = Array.from({ length: 200 }, (_, i) => `Column ${i} holds 10♥, Q♠ and 3♦`);
    const text = fitAlt(long);
    expect(text.length).toBeLessThanOrEqual(ALT_TEXT_MAX);
    expect(text.length).toBeGreaterThan(ALT_TEXT_MAX - 40);
    expect(text.endsWith("…")).toBe(true);
  });

  it("writes numbers as runs in the reader's language", () => {
    expect(numberRuns([23, 2, 3, 4, 5, 8, 24], wordsFor("en"))).toBe("2 to 5, 8, 23 to 24");
    expect(numberRuns([7, 6], wordsFor("nl"))).toBe("6 t/m 7");
    expect(numberRuns([], wordsFor("en"))).toBe("");
  });
});
