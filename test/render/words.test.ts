import { describe, expect, it } from "vitest";
import type { AnyGameUi } from "../../src/bot/ui/types.js";
import { createRng } from "../../src/engine/core/rng.js";
import { GAMES } from "../../src/games/index.js";
import type { Locale } from "../../src/i18n/locale.js";
import { paint } from "../../src/render/jobs.js";
import { recordLabels } from "../../src/render/primitives.js";
import { picturesAt, playRandomly } from "./moments.js";

/**
 * What the pictures write on cards and score sheets, read from the texts they draw (`recordLabels`):
 * a Dutch reader sees the court cards as B, V, H (boer, vrouw, heer), an English one as J, Q, K;
 * a negative number carries a real minus sign (−), never a hyphen.
 */
const PLAYERS = ["100000000000000001", "100000000000000002", "100000000000000003"];
const NAMES = Object.fromEntries(PLAYERS.map((p, i) => [p, ["Anna", "Bram", "Cor"][i] as string]));

/** Every text drawn in a game's pictures (table and panels) at a few moments of one random game. */
function drawnTexts(ui: AnyGameUi, locale: Locale): string[] {
  const engine = ui.engine;
  const seated = PLAYERS.slice(0, Math.min(engine.maxPlayers, Math.max(engine.minPlayers, 3)));
  const options = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
  const rng = createRng(11);
  let state = engine.setup(seated, options, 5);
  const texts: string[] = [];
  for (const steps of [0, 20, 2000]) {
    state = playRandomly(engine, state, rng, steps);
    for (const job of picturesAt(ui, state, seated, NAMES, locale)) {
      texts.push(...recordLabels(() => paint(job)).map((label) => label.shown));
    }
  }
  return texts;
}

/** A court card's letter as the engine writes it: alone ("Q"), or beside a suit ("Q♠", "♠Q"). */
const ENGINE_COURT = /^[JQK]$|(?<![\p{L}\p{N}])[JQK][♠♥♦♣]|[♠♥♦♣][JQK](?![\p{L}])/u;
const DUTCH_COURT = /^[BVH]$|(?<![\p{L}\p{N}])[BVH][♠♥♦♣]|[♠♥♦♣][BVH](?![\p{L}])/u;

describe("court cards in pictures", () => {
  for (const ui of GAMES.list.map((game) => game.ui)) {
    it(`${ui.gameType}: B, V, H for a Dutch reader, J, Q, K for an English one`, () => {
      const dutch = drawnTexts(ui, "nl");
      const english = drawnTexts(ui, "en");
      expect(dutch.filter((text) => ENGINE_COURT.test(text))).toEqual([]);
      expect(english.filter((text) => /^[BVH]$/.test(text))).toEqual([]);
      // The same random game in both languages: where the English pictures show a court card, the Dutch show its letter.
      expect(dutch.some((text) => DUTCH_COURT.test(text))).toBe(
        english.some((text) => ENGINE_COURT.test(text)),
      );
    });
  }
});

describe("negative numbers in pictures", () => {
  it("One versus Two's score sheet writes losses with a minus sign (−), never a hyphen", () => {
    const onevstwo = GAMES.list.map((game) => game.ui).find((ui) => ui.gameType === "onevstwo") as AnyGameUi;
    for (const locale of ["en", "nl"] as const) {
      const texts = drawnTexts(onevstwo, locale);
      expect(texts.filter((text) => /-\d/.test(text))).toEqual([]);
      expect(texts.some((text) => /−\d/.test(text))).toBe(true);
    }
  });
});
