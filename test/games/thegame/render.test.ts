import { describe, expect, it } from "vitest";
import { createRng, nextInt, shuffle } from "../../../src/engine/core/rng.js";
import { legalMoves, theGame } from "../../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../../src/games/thegame/engine/types.js";
import { renderTheGameTable } from "../../../src/games/thegame/render.js";
import { type DrawnLabel, recordLabels, TABLE_PICTURE_WIDTH } from "../../../src/render/primitives.js";
import { pngSize } from "../../support/pictures.js";

const NAMES = { a: "Alice", b: "Bartholomew the Magnificent of Far Away", c: "Ça‮va", d: "D", e: "Eve" };

/** The pictures' width: laid out for a phone, which shows them about 400 px wide. */
const WIDTH = TABLE_PICTURE_WIDTH;
/** The least room (8 px of a phone's 400, in the picture's own pixels) from an edge and between two labels. */
const EDGE = Math.floor((8 * WIDTH) / 400);
const GAP = EDGE;

/** States from random legal play, 1–5 players, at random moments of the game. */
function sampleStates(count: number): TheGameState[] {
  const rng = createRng(99);
  const states: TheGameState[] = [];
  for (let g = 0; g < count; g++) {
    const players = Object.keys(NAMES).slice(0, 1 + (g % 5));
    let s = theGame.setup(players, { expert: g % 2 === 1, smallerHands: g % 3 === 2 }, g);
    const stopAt = nextInt(rng, 60);
    for (let step = 0; step < stopAt && !theGame.outcome(s); step++) {
      const actor = theGame.actors(s)[0]!;
      const moves = legalMoves(s, actor);
      const r = theGame.apply(s, actor, moves[nextInt(rng, moves.length)]!);
      if (!r.ok) throw new Error("legal move refused");
      s = r.state;
    }
    states.push(s);
  }
  return states;
}

/** The same game with the hidden cards (hands and draw pile) dealt differently, sizes kept. */
function reshuffleHidden(s: TheGameState, seed: number): TheGameState {
  const copy = structuredClone(s);
  const hidden = shuffle(createRng(seed), [...Object.values(copy.hands).flat(), ...copy.drawPile]);
  for (const p of copy.players) copy.hands[p] = hidden.splice(0, copy.hands[p]!.length).sort((x, y) => x - y);
  copy.drawPile = hidden;
  return copy;
}

describe("The Game pictures", () => {
  const states = sampleStates(60);

  it("the table renders a valid PNG of a phone-friendly size for every sampled state", () => {
    for (const s of states) {
      const { width, height } = pngSize(
        renderTheGameTable(theGame.publicView(s), { names: NAMES, locale: "en" }),
      );
      expect(width).toBe(WIDTH);
      expect(height).toBeGreaterThan(600);
      // No taller than 1.6 × its width: a phone shows it whole, with the buttons under it.
      expect(height).toBeLessThan(1.6 * WIDTH);
    }
  });

  it("keeps every label off the picture's edges and clear of its neighbours on the same line (the piles' \"takes > 76 or 66\" too), in both languages", () => {
    const problems = new Set<string>();
    for (const locale of ["en", "nl"] as const) {
      for (const s of states) {
        // The picture's own words (not those inside a card drawn once and copied).
        const labels = recordLabels(() =>
          renderTheGameTable(theGame.publicView(s), { names: NAMES, locale }),
        ).filter((l) => l.canvasWidth === WIDTH);
        for (const l of labels) {
          if (l.left < EDGE || l.right > l.canvasWidth - EDGE)
            problems.add(`"${l.text}" ${Math.round(l.left)}–${Math.round(l.right)} of ${l.canvasWidth}`);
        }
        // The piles' lines: everything above the first name (a signal's giver or a player's strip),
        // where words side by side belong to different piles. Lower down, a line may be drawn in
        // pieces ("Alice" + "'s turn").
        const names = new Set(Object.values(NAMES).map((n) => n.replace("\u202e", " ")));
        const pilesEnd = Math.min(...labels.filter((l) => names.has(l.text)).map((l) => l.top));
        const rows = new Map<number, DrawnLabel[]>();
        for (const l of labels.filter((l) => l.top < pilesEnd))
          rows.set(Math.round(l.top), [...(rows.get(Math.round(l.top)) ?? []), l]);
        for (const row of rows.values()) {
          const sorted = [...row].sort((a, b) => a.left - b.left);
          sorted.slice(1).forEach((l, i) => {
            const before = sorted[i] as DrawnLabel;
            if (l.left - before.right < GAP)
              problems.add(`"${before.text}" and "${l.text}" ${Math.round(l.left - before.right)} px apart`);
          });
        }
      }
    }
    expect([...problems]).toEqual([]);
  });

  it("the public table picture is the same whatever the hidden cards are (it shows no hand)", () => {
    for (const s of states.filter((x) => x.phase !== "over").slice(0, 15)) {
      const picture = renderTheGameTable(theGame.publicView(s), { names: NAMES, locale: "en" });
      const other = renderTheGameTable(theGame.publicView(reshuffleHidden(s, 7)), {
        names: NAMES,
        locale: "en",
      });
      expect(other.equals(picture)).toBe(true);
    }
  });
});
