import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Rank } from "../../../src/engine/core/cards.js";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { stapelen } from "../../../src/games/stapelen/engine/index.js";
import type { StapelenPublicView, StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { renderStapelenTable } from "../../../src/games/stapelen/render.js";
import { wordsFor } from "../../../src/i18n/index.js";
import { LOCALES } from "../../../src/i18n/locale.js";
import { recordLabels } from "../../../src/render/primitives.js";
import {
  deepFreeze,
  expectPhoneReadable,
  expectPhoneTableau,
  expectSamplesWritten,
} from "../../support/pictures.js";

const OUT = join(import.meta.dirname, "..", "..", ".tmp");
const PLAYERS = ["u-ann", "u-ben"];
const NAMES = { "u-ann": "Ann-Sophie van der Berg-Hoogeveen", "u-ben": "Ben 🎲" };

/** Every state of one random game of legal placements. */
function randomGame(seed: number): StapelenState[] {
  const rng = createRng(seed ^ 0xbeef);
  let state = stapelen.setup(PLAYERS, {}, seed);
  const states = [state];
  while (state.phase === "play") {
    const active = state.players[state.activeSeat]!;
    const moves = stapelen.legalMoves(state, active);
    const r = stapelen.apply(state, active, moves[nextInt(rng, moves.length)]!);
    if (!r.ok) throw new Error(`illegal move in a random game: ${r.error.key}`);
    state = r.state;
    states.push(state);
  }
  return states;
}

/** A won game built by hand: all 52 cards on the six foundations, some past the King. */
function wonView(): StapelenPublicView {
  const view = stapelen.publicView(randomGame(2)[0]!);
  const run = (from: number, length: number, suit: "S" | "H" | "D" | "C") =>
    Array.from({ length }, (_, i) => ({ rank: ((from - 1 + i) % 13) + 1, suit }));
  return {
    ...view,
    phase: "over",
    columns: view.columns.map(() => []),
    cardsLeft: 0,
    active: null,
    foundations: {
      "u-ann": [run(5, 15, "S"), run(1, 6, "H"), run(9, 6, "D")],
      "u-ben": [run(2, 9, "C"), run(11, 8, "H"), run(1, 8, "D")],
    },
    endReason: "allTaken",
  };
}

describe("Stacking table picture", () => {
  it("renders a phone-sized PNG whose every word reads at 400 px wide, for states of 40 random games in both languages, from the public view only", () => {
    let count = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const states = randomGame(seed);
      const locale = LOCALES[seed % LOCALES.length]!;
      for (const [i, state] of states.entries()) {
        if (i % 4 !== 0 && i !== states.length - 1) continue;
        const view = deepFreeze(stapelen.publicView(state));
        const options = i % 8 === 0 ? { fourColour: true } : {};
        let png: Buffer = Buffer.alloc(0);
        const labels = recordLabels(() => {
          png = renderStapelenTable(view, { names: NAMES, locale }, options);
        });
        expectPhoneTableau(png);
        expectPhoneReadable(labels);
        count++;
      }
    }
    expect(count).toBeGreaterThan(150);
  });

  it("says under each foundation what it takes next while the game runs, and nothing once every card is stacked", () => {
    for (const locale of LOCALES) {
      const words = wordsFor(locale);
      const start = recordLabels(() =>
        renderStapelenTable(stapelen.publicView(randomGame(5)[0]!), { names: NAMES, locale }),
      ).map((l) => l.text);
      expect(start.filter((t) => t === words("stapelen.pic.needsAny"))).toHaveLength(6);
      const won = recordLabels(() => renderStapelenTable(wonView(), { names: NAMES, locale }));
      expectPhoneReadable(won);
      const needsWords = [
        words("stapelen.pic.needsAny"),
        ...[1, 10, 12].map((r) => words("stapelen.pic.needs", { needs: words.rank(r as Rank) })),
      ];
      expect(
        won.map((l) => l.text).filter((t) => needsWords.includes(t) || t === words("stapelen.pic.empty")),
      ).toEqual([]);
    }
  });

  it("draws the same picture from a JSON copy of the view: the renderer needs nothing but public data", () => {
    const view = stapelen.publicView(randomGame(9)[10]!);
    const copy = JSON.parse(JSON.stringify(view)) as StapelenPublicView;
    expect(
      renderStapelenTable(copy, { names: NAMES, locale: "en" }).equals(
        renderStapelenTable(view, { names: NAMES, locale: "en" }),
      ),
    ).toBe(true);
  });

  it("writes sample pictures for review, each a valid PNG", () => {
    mkdirSync(OUT, { recursive: true });
    const game = randomGame(5);
    const middle = game[Math.min(12, game.length - 2)]!;
    writeFileSync(
      join(OUT, "stapelen-start.png"),
      renderStapelenTable(stapelen.publicView(game[0]!), { names: NAMES, locale: "en" }),
    );
    writeFileSync(
      join(OUT, "stapelen-play.png"),
      renderStapelenTable(stapelen.publicView(middle), { names: NAMES, locale: "en" }),
    );
    writeFileSync(
      join(OUT, "stapelen-lost.png"),
      renderStapelenTable(
        stapelen.publicView(game.at(-1)!),
        { names: NAMES, locale: "en" },
        { fourColour: true },
      ),
    );
    writeFileSync(
      join(OUT, "stapelen-won.png"),
      renderStapelenTable(wonView(), { names: NAMES, locale: "en" }),
    );
    expectSamplesWritten(OUT, "stapelen-");
  });
});
