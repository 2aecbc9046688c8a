import { describe, expect, it } from "vitest";
import { cardLabel } from "../../src/engine/core/cards.js";
import { wordsFor } from "../../src/i18n/index.js";
import { higherLower } from "./engine/index.js";
import { higherLowerUi } from "./ui.js";

describe("Higher or Lower: the draw pile is hidden from everyone", () => {
  it("no public view, private view, table line or alt text of a game shows an unturned card", () => {
    const words = wordsFor("en");
    const names = { a: "Alice", b: "Bob" };
    let state = higherLower.setup(["a", "b"], {}, 42);
    for (let step = 0; step <= 10; step++) {
      const views = [
        higherLower.publicView(state),
        higherLower.privateView(state, "a"),
        higherLower.privateView(state, "b"),
      ];
      const texts = [
        ...views.map((v) => JSON.stringify(v)),
        higherLowerUi.tableStatus(views[0]!, names, words),
        ...higherLowerUi.describeTable(views[0]!, names, words),
        JSON.stringify(higherLowerUi.tablePicture(views[0]!, names, "en")),
      ];
      for (const view of views) expect(Object.keys(view)).not.toContain("drawPile");
      for (const card of state.drawPile) {
        for (const text of texts) {
          expect(text).not.toContain(JSON.stringify(card));
          expect(text).not.toContain(cardLabel(card));
        }
      }
      if (higherLower.outcome(state)) break;
      const player = higherLower.actors(state)[0]!;
      const next = higherLower.apply(state, player, { type: "guess", guess: step % 3 ? "lower" : "higher" });
      if (!next.ok) throw new Error(next.error.key);
      state = next.state;
    }
    expect(higherLower.outcome(state)).not.toBeNull();
  });
});
