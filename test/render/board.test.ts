import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ratingBoard } from "../../src/bot/leaderboard.js";
import { wordsFor } from "../../src/i18n/index.js";
import { renderBoard } from "../../src/render/board.js";
import { recordLabels, TABLE_PICTURE_WIDTH } from "../../src/render/primitives.js";
import type { PlayerRating } from "../../src/store/store.js";
import { expectPhoneReadable, expectSamplesWritten, pngSize } from "../support/pictures.js";

const OUT = path.join("test", ".tmp");

const NAMES = [
  "Annemarie van der Berg-Oudshoorn",
  "Bob",
  "Cy 🎲",
  "Di",
  "Eve",
  "Finn",
  "Gus",
  "Hanna",
  "Ivo",
  "Jo",
];

/** Ten players, the first ones settled, the last ones provisional, trends up, down and level. */
const RATINGS: PlayerRating[] = NAMES.map((name, i) => ({
  gameType: "troubadour",
  scope: "g1",
  userId: `u${i}`,
  name,
  mu: 30 - i,
  sigma: 2 + i / 2,
  games: 40 - 4 * i,
  rating: 1900 - 90 * i,
  provisional: 40 - 4 * i < 10,
  trend: [48, -12, 0, 5, -130][i % 5]!,
}));

describe("the ranked board picture", () => {
  for (const locale of ["en", "nl"] as const) {
    it(`reads on a phone in ${locale}: every text at least 11 px tall at 400 px wide, none spilling out`, () => {
      const board = ratingBoard("troubadour", false, RATINGS, wordsFor(locale));
      let png: Buffer = Buffer.alloc(0);
      const labels = recordLabels(() => {
        png = renderBoard(board);
      });
      expectPhoneReadable(labels);
      expect(pngSize(png).width).toBe(TABLE_PICTURE_WIDTH);
      expect(pngSize(png).height).toBeLessThanOrEqual(1.6 * TABLE_PICTURE_WIDTH);
      // Every row's player is there; a name too long for its column is cut, never drawn over the next.
      for (const name of ["Bob", "Jo"]) expect(labels.some((label) => label.shown === name)).toBe(true);
      expect(labels.find((label) => label.text === NAMES[0])?.shown).toMatch(/…$/);
      expect(labels.some((label) => label.shown === "▼ 130")).toBe(true);
      fs.mkdirSync(OUT, { recursive: true });
      fs.writeFileSync(path.join(OUT, `board-${locale}.png`), png);
    });
  }

  it("an empty board's picture still draws its title and headings", () => {
    const png = renderBoard(ratingBoard("onevstwo", true, [], wordsFor("en")));
    expect(pngSize(png).width).toBe(TABLE_PICTURE_WIDTH);
    expectSamplesWritten(OUT, "board-");
  });
});
