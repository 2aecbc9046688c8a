import { describe, expect, it } from "vitest";
import {
  contrastOf,
  type DrawnPicture,
  drawSamples,
  MIN_CONTRAST,
  MIN_PHONE_PX,
  phoneProblems,
} from "../../scripts/bench/pictures.js";
import type { AnyGameUi } from "../../src/bot/ui/types.js";
import { GAMES } from "../../src/games/index.js";
import { drawFelt, drawText, newCanvas, recordLabels, THEME } from "../../src/render/primitives.js";

/**
 * The picture audit as a check (issue 37): in every painter of a game, every text stays at least
 * 11 px tall when a phone shows the picture 400 px wide, and stands out from what lies under it by
 * WCAG AA's 4.5:1. Lean: the fewest and the most players a game allows, the deal, the middle and the
 * end of one random game, both languages (`npm run bench -- pictures` draws every player count).
 */

/** The games whose painters were laid out for a phone; the others' helpers add theirs as they fix them. */
const PHONE_READY = new Set<string>([
  "thegame",
  "sirtommy",
  "twelves",
  "stapelen",
  "troubadour",
  "onevstwo",
  "fourkings",
]);

const fewestAndMost = (ui: AnyGameUi) => [
  ...new Set([ui.engine.minPlayers, Math.min(ui.engine.maxPlayers, 5)]),
];

describe("every text of every picture reads on a phone", () => {
  for (const ui of GAMES.list.map((game) => game.ui)) {
    it.skipIf(!PHONE_READY.has(ui.gameType))(
      `${ui.gameType}: ≥ ${MIN_PHONE_PX} px at 400 px wide, contrast ≥ ${MIN_CONTRAST}:1`,
      () => {
        const pictures = drawSamples({ games: [ui.gameType], counts: fewestAndMost });
        expect(phoneProblems(pictures)).toEqual([]);
        // The audit saw the pictures' words: every painter drew some, and most are rated for contrast.
        const texts = pictures.flatMap((p) => p.texts);
        expect(pictures.every((p) => p.texts.length > 0)).toBe(true);
        expect(texts.filter((t) => t.contrast !== null).length).toBeGreaterThan(texts.length / 2);
      },
    );
  }
});

describe("the audit itself", () => {
  const picture = (texts: DrawnPicture["texts"]): DrawnPicture => ({
    game: "g",
    painter: "g.table",
    locale: "en",
    moment: "2p start",
    width: 800,
    height: 800,
    texts,
  });

  it("names the painter, game, language and moment of a text too small or too faint, and passes one that is neither", () => {
    expect(
      phoneProblems([
        picture([
          { text: "tiny", px: 10.9, contrast: 9 },
          { text: "faint", px: 14, contrast: 4.4 },
          { text: "fine", px: 11, contrast: 4.5 },
        ]),
      ]),
    ).toEqual([
      'g.table (g, en, 2p start): "tiny" is 10.9 px at 400 px wide',
      'g.table (g, en, 2p start): "faint" has contrast 4.40:1',
    ]);
  });

  it("rates a drawn text's contrast against what lies under it: white, the faint colour and the faint colour of old on the felt", () => {
    const { ctx } = newCanvas(200, 160, { opaque: true });
    const labels = recordLabels(() => {
      drawFelt(ctx, 200, 160);
      drawText(ctx, "white", 40, 50, { size: 20, colour: THEME.text });
      drawText(ctx, "faint", 40, 80, { size: 20, colour: THEME.textFaint });
      drawText(ctx, "too faint", 40, 110, { size: 20, colour: "#86ad98" });
    });
    const [white, faint, tooFaint] = labels.map((l) => contrastOf(l)!);
    // #ffffff, #a3c4b1 and the faint colour of old, #86ad98, on the felt's #124f31, by WCAG's formula.
    expect(white).toBeCloseTo(9.6, 1);
    expect(faint).toBeCloseTo(5.07, 1);
    expect(tooFaint).toBeCloseTo(3.86, 1);
  });
});
