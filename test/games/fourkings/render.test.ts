import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRng, shuffle } from "../../../src/engine/core/rng.js";
import {
  type FourKingsState,
  fourKings,
  greedyMove,
  randomMove,
} from "../../../src/games/fourkings/engine/index.js";
import { renderFourKingsTable } from "../../../src/games/fourkings/render.js";
import { recordLabels, TABLE_PICTURE_WIDTH } from "../../../src/render/primitives.js";
import { expectSamplesWritten, pngSize } from "../../support/pictures.js";

const OUT = join(import.meta.dirname, "..", "..", ".tmp");
const NAMES = { p: "Alice" };

/** Every state of one game, from the deal to the end (or `maxTurns`), random or greedy. */
function playGame(seed: number, opts: { peek?: boolean; greedy?: boolean; maxTurns?: number } = {}) {
  const rng = createRng(seed ^ 0x5eed);
  let state = fourKings.setup(["p"], { peek: opts.peek ?? false }, seed);
  const states: FourKingsState[] = [state];
  while (state.phase !== "over" && state.turn < (opts.maxTurns ?? 2000)) {
    const move = opts.greedy ? greedyMove(state) : randomMove(state, rng);
    const result = fourKings.apply(state, "p", move);
    if (!result.ok) throw new Error(`illegal move in seed ${seed}`);
    state = result.state;
    states.push(state);
  }
  return states;
}

describe("Four Kings table picture", () => {
  it("renders a valid PNG for every state of random and greedy games, with and without peek, in either language, as tall as its content (no empty band under the last line) and no taller than 1.45 × its width", () => {
    let count = 0;
    let widestGap = 0;
    let tallest = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const states = playGame(seed, { peek: seed % 2 === 0, greedy: seed > 4, maxTurns: 60 });
      // Every fifth state (both phases, as the step is odd) and the last keep the run short.
      for (const state of states.filter((_, i) => i % 5 === 0 || i === states.length - 1)) {
        const view = fourKings.publicView(state);
        let png: Buffer = Buffer.alloc(0);
        const labels = recordLabels(() => {
          png = renderFourKingsTable(view, { names: NAMES, locale: seed % 3 === 0 ? "nl" : "en" });
        });
        const size = pngSize(png);
        expect(size.width).toBe(TABLE_PICTURE_WIDTH);
        expect(png.length).toBeLessThan(1_000_000);
        // The last thing drawn is a line of text or a drawn card's group (its needs beside the card).
        const lowest = Math.max(...labels.map((l) => l.bottom));
        widestGap = Math.max(widestGap, size.height - lowest);
        tallest = Math.max(tallest, size.height / size.width);
        count++;
      }
    }
    expect(count).toBeGreaterThan(40);
    // Under the lowest words (or a drawn card's needs beside it): the panel's padding and the margin (about 30 px).
    expect(widestGap).toBeLessThanOrEqual(32);
    // The piles stand beside the controlled cards, not under them: the tallest moment (peek, placing the hand) is about 1.4 × the width.
    expect(tallest).toBeGreaterThan(1.3);
    expect(tallest).toBeLessThanOrEqual(1.45);
  });

  it("reads on a phone: every text at least 11 px tall when the picture (the table's, which the panel shows too) is shown 400 px wide, in either language", () => {
    let smallest = Number.POSITIVE_INFINITY;
    let texts = 0;
    for (const seed of [3, 1329]) {
      const states = playGame(seed, { peek: seed === 1329, greedy: seed === 1329, maxTurns: 80 });
      for (const state of states.filter((_, i) => i % 4 === 0 || i === states.length - 1)) {
        const view = fourKings.publicView(state);
        for (const locale of ["en", "nl"] as const) {
          const labels = recordLabels(() => {
            renderFourKingsTable(view, { names: NAMES, locale });
          });
          for (const l of labels) smallest = Math.min(smallest, (l.size * 400) / l.canvasWidth);
          texts += labels.length;
        }
      }
    }
    expect(texts).toBeGreaterThan(500);
    expect(smallest).toBeGreaterThanOrEqual(11);
  });

  it("draws only the public view: the draw piles' order and, without peek, the lost pile change nothing", () => {
    const states = playGame(7, { maxTurns: 12 });
    const state = states.find((s) => s.phase === "chooseHand" && s.lostPile.length > 1) as FourKingsState;
    expect(state).toBeDefined();
    const other = structuredClone(state);
    const rng = createRng(99);
    other.drawPiles = other.drawPiles.map((pile) => shuffle(rng, pile));
    other.lostPile = shuffle(rng, other.lostPile);
    expect(other.drawPiles).not.toEqual(state.drawPiles);
    const a = renderFourKingsTable(fourKings.publicView(state), { names: NAMES, locale: "en" });
    const b = renderFourKingsTable(fourKings.publicView(other), { names: NAMES, locale: "en" });
    expect(a.equals(b)).toBe(true);
  });

  it("draws the lost pile's contents with peek, so a different lost pile gives a different picture", () => {
    const state = playGame(7, { peek: true, maxTurns: 12 }).find(
      (s) => s.phase === "chooseHand" && s.lostPile.length > 1,
    ) as FourKingsState;
    const other = structuredClone(state);
    const [first] = other.lostPile.splice(0, 1);
    other.drawPiles[other.round - 1]?.push(first as never);
    const a = renderFourKingsTable(fourKings.publicView(state), { names: NAMES, locale: "en" });
    const b = renderFourKingsTable(fourKings.publicView(other), { names: NAMES, locale: "en" });
    expect(a.equals(b)).toBe(false);
  });

  it("writes sample pictures of each moment of a turn to test/.tmp, each a valid PNG", () => {
    mkdirSync(OUT, { recursive: true });
    const won = playGame(1329, { greedy: true, peek: true });
    const peek = playGame(155, { peek: true, maxTurns: 30 });
    const view = (s: FourKingsState | undefined) => fourKings.publicView(s as FourKingsState);
    const assign = won.find((s) => s.phase === "assign") as FourKingsState;
    const samples: [string, Buffer][] = [
      ["start", renderFourKingsTable(view(won[0]), { names: NAMES, locale: "en" })],
      ["assign", renderFourKingsTable(view(assign), { names: NAMES, locale: "en" })],
      [
        "result",
        renderFourKingsTable(view(won.find((s) => s.turn === 3 && s.phase === "chooseHand")), {
          names: NAMES,
          locale: "en",
        }),
      ],
      ["round2", renderFourKingsTable(view(won.find((s) => s.round === 2)), { names: NAMES, locale: "en" })],
      [
        "peek",
        renderFourKingsTable(view(peek.filter((s) => s.lostPile.length > 0).at(-1)), {
          names: NAMES,
          locale: "en",
        }),
      ],
      ["won", renderFourKingsTable(view(won.at(-1)), { names: NAMES, locale: "en" })],
      ["assign-nl", renderFourKingsTable(view(assign), { names: NAMES, locale: "nl" })],
      ["won-nl", renderFourKingsTable(view(won.at(-1)), { names: NAMES, locale: "nl" })],
    ];
    for (const [name, png] of samples) writeFileSync(join(OUT, `fourkings-${name}.png`), png);
    expectSamplesWritten(OUT, "fourkings-");
  });
});
