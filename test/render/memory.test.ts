import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index.js";
import { paint } from "../../src/render/jobs.js";

/**
 * node-canvas keeps every canvas's pixels for good, so each picture drawn on a new canvas would
 * cost megabytes for the life of the bot. The renderers reuse canvases; this renders many
 * pictures of every game and checks that memory stays flat.
 */
describe("rendering many pictures does not grow memory", () => {
  it("draws 150 tables of every game with less than 250 MB of growth", () => {
    const players = ["100000000000000001", "100000000000000002", "100000000000000003"];
    const names = Object.fromEntries(players.map((p, i) => [p, `Player ${i + 1}`]));
    const states = GAMES.list
      .map((game) => game.ui)
      .map((ui) => {
        const seated = players.slice(0, Math.max(ui.engine.minPlayers, Math.min(2, ui.engine.maxPlayers)));
        const options = Object.fromEntries(ui.engine.options.map((o) => [o.name, o.default]));
        return { ui, view: ui.engine.publicView(ui.engine.setup(seated, options, 1)) };
      });
    for (const { ui, view } of states) paint(ui.tablePicture(view, names, "en"));
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 150; i++) {
      for (const { ui, view } of states) paint(ui.tablePicture(view, names, "en"));
    }
    const grownMb = (process.memoryUsage().rss - before) / 1e6;
    expect(grownMb).toBeLessThan(250);
  });

  it("a reused canvas draws the same picture again, byte for byte", () => {
    for (const ui of GAMES.list.map((game) => game.ui)) {
      const seated = ["100000000000000001", "100000000000000002", "100000000000000003"].slice(
        0,
        Math.max(ui.engine.minPlayers, Math.min(2, ui.engine.maxPlayers)),
      );
      const view = ui.engine.publicView(ui.engine.setup(seated, {}, 3));
      const first = paint(ui.tablePicture(view, {}, "en"));
      expect(paint(ui.tablePicture(view, {}, "en")).equals(first)).toBe(true);
    }
  });
});
