import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dailyBoard } from "../../commands/daily.js";
import { ratingBoard } from "../../src/bot/leaderboard.js";
import { GAMES } from "../../src/games/index.js";
import { gameTitle, wordsFor } from "../../src/i18n/index.js";
import { renderBoard } from "../../src/render/board.js";
import { recordLabels, TABLE_PICTURE_WIDTH } from "../../src/render/primitives.js";
import type { PlayerRating } from "../../src/store/store.js";
import { expectPhoneReadable, expectSamplesWritten, pngSize } from "../support/pictures.js";

const OUT = path.join("test", ".tmp");

const ATTEMPT_NAMES = ["Ann", "Bob", "Cy", "Di", "Eve"];

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

  for (const locale of ["en", "nl"] as const) {
    it(`a daily deal's board reads on a phone in ${locale}, each game's longest score whole`, () => {
      const words = wordsFor(locale);
      for (const manifest of GAMES.list.filter((m) => m.daily)) {
        const attempts = ATTEMPT_NAMES.map((name, i) => ({
          day: "2026-12-07",
          gameType: manifest.id,
          userId: `u${i}`,
          guildId: "g1",
          gameId: i + 1,
          result: i === 0 ? "win" : i < 3 ? "loss" : "abandoned",
          score: i < 3 ? 40 - i : null,
          finishedAt: i < 4 ? i + 1 : null,
          displayName: name,
        }));
        const title = gameTitle(manifest.id, locale);
        const board = dailyBoard(title, 341, attempts, manifest.engine.score.unitKey, words);
        let png: Buffer = Buffer.alloc(0);
        const labels = recordLabels(() => {
          png = renderBoard(board);
        });
        expectPhoneReadable(labels);
        const score = words.count(manifest.engine.score.unitKey, 38);
        expect(labels.find((label) => label.text === score)?.shown).toBe(score);
        expect(labels.find((label) => label.text === board.title)?.shown).toBe(board.title);
        fs.writeFileSync(path.join(OUT, `board-daily-${manifest.id}-${locale}.png`), png);
      }
    });
  }

  it("an empty board's picture still draws its title and headings", () => {
    const png = renderBoard(ratingBoard("onevstwo", true, [], wordsFor("en")));
    expect(pngSize(png).width).toBe(TABLE_PICTURE_WIDTH);
    expectSamplesWritten(OUT, "board-");
  });
});
