import { describe, expect, it } from "vitest";
import {
  cardText,
  formatNumber,
  formatSigned,
  localizeCards,
  rankText,
  t,
  tm,
  wordsFor,
} from "../../../src/i18n/index.js";

describe("one minus sign", () => {
  it("writes a negative number with a real minus sign (−, U+2212), in text and pictures alike", () => {
    expect(formatNumber(-100)).toBe("−100");
    expect(formatNumber(-100, "nl")).toBe("−100");
    expect(formatNumber(0)).toBe("0");
    expect(formatSigned(40)).toBe("+40");
    expect(formatSigned(-50, "nl")).toBe("−50");
    expect(formatSigned(0)).toBe("0");
    expect(wordsFor("nl").signed(-300)).toBe("−300");
  });

  it("fills a negative number into a log line with the minus sign, in both languages", () => {
    const failed = {
      key: "onevstwo.event.failed.noTrump",
      params: { player: "alice", tricks: 7, won: 5, short: 2, score: -100 },
    };
    expect(tm(failed)).toContain("−100 points");
    expect(tm(failed, "nl")).toContain("−100 punten");
    expect(tm(failed)).not.toMatch(/-\d/);
  });

  it("writes numbers in the language's own way, without grouping short scores", () => {
    expect(formatNumber(1300)).toBe("1300");
    expect(formatNumber(2.5, "nl")).toBe("2,5");
  });
});

describe("Dutch card names", () => {
  it("names the court cards B, V, H (boer, vrouw, heer) for Dutch readers and J, Q, K for English ones", () => {
    expect([11, 12, 13, 1, 10].map((rank) => rankText(rank, "nl"))).toEqual(["B", "V", "H", "A", "10"]);
    expect([11, 12, 13, 1, 10].map((rank) => rankText(rank, "en"))).toEqual(["J", "Q", "K", "A", "10"]);
    expect(cardText({ rank: 12, suit: "S" }, "nl")).toBe("V♠");
    expect(cardText({ rank: 12, suit: "S" }, "en")).toBe("Q♠");
  });

  it("says V in a Dutch line naming a queen the engine wrote as Q, and leaves the English as it was", () => {
    const turnedUp = {
      key: "troubadour.event.heartsQueen",
      params: { player: "Bo", card: "Q♥", village: 2 },
    };
    expect(tm(turnedUp, "nl")).toBe("Bo gebruikte ♥V: V♥ opengedraaid in dorp 2.");
    expect(tm(turnedUp, "en")).toBe("Bo used ♥Q: turned up Q♥ in village 2.");
  });

  it("maps every card label the engine writes in a text: lists, nobles and combinations", () => {
    expect(localizeCards("K♠ 10♥ J♦ A♣ → Q♥", "nl")).toBe("H♠ 10♥ B♦ A♣ → V♥");
    expect(localizeCards("♠J, ♦K and ♠J+Q+K", "nl")).toBe("♠B, ♦H and ♠B+V+H");
    expect(localizeCards("K♠ 10♥ ♠J+Q+K", "en")).toBe("K♠ 10♥ ♠J+Q+K");
  });

  it("leaves letters that are no card alone: words, names, ranks without a suit", () => {
    expect(localizeCards("Kim, Jan en Quinten; K 7 Q", "nl")).toBe("Kim, Jan en Quinten; K 7 Q");
  });

  it("keeps a Dutch letter Dutch when a finished line is passed into another", () => {
    const inner = t("troubadour.ui.inVillage", { card: "Q♥", village: 1 }, "nl");
    expect(t("core.playerCount", { min: inner, max: 2 }, "nl")).toContain("V♥");
  });
});
