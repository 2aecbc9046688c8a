import { describe, expect, it } from "vitest";
import { tookBackEvents } from "../../../src/engine/core/undo.js";
import { tm } from "../../../src/i18n/index.js";

describe("a message inside a message", () => {
  it("a take-back's line tells the move taken back in the reader's language", () => {
    const [line] = tookBackEvents("Ann", [
      { key: "thegame.event.played", params: { player: "Ann", card: 45, pile: 1 } },
    ]);
    expect(tm(line!, "en")).toBe("Ann took back: Ann played 45 on pile 1.");
    expect(tm(line!, "nl")).toMatch(/^Ann nam terug: Ann .*45.*1/);
  });

  it("a take-back of a move that told nothing still says who took back", () => {
    expect(tookBackEvents("Ann", []).map((e) => tm(e, "en"))).toEqual(["Ann took back a move."]);
  });
});
