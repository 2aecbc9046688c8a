import { describe, expect, it } from "vitest";
import { theGameUi } from "../../../src/bot/ui/thegame.js";
import type { Payload } from "../../../src/bot/ui/types.js";
import { theGame } from "../../../src/engine/games/thegame/index.js";
import type { TheGameState } from "../../../src/engine/games/thegame/types.js";
import { drawPileOf, table } from "./fixtures.js";

type Sel = Parameters<typeof theGameUi.panel>[0]["selection"];
const REF = { gameId: 7, version: 3 };
const NAMES = { ann: "Ann", bob: "Bob" };

/** Ann to play: 60 on ▲1 would strand her (55 could not follow), 55 first is safe. */
const risky = (): TheGameState =>
  table({ hands: { ann: [55, 60], bob: [70, 80] }, piles: [[50], [98], [3], [4]], drawPile: drawPileOf(5) });

function panelOf(state: TheGameState, userId: string, selection: Sel = null): Payload {
  const view = theGame.privateView(state, userId);
  return theGameUi.panel({ ref: REF, userId, view, names: NAMES, selection, notice: null });
}

/** Every component as [action, args, disabled], read from its custom_id. */
function controls(
  payload: Payload,
): { action: string; args: string[]; disabled: boolean; values: string[] }[] {
  return payload.components.flatMap((row) =>
    (
      row.toJSON().components as unknown as {
        custom_id: string;
        disabled?: boolean;
        options?: { value: string }[];
      }[]
    ).map((c) => {
      const [, , , action = "", ...args] = c.custom_id.split(":");
      return { action, args, disabled: c.disabled ?? false, values: (c.options ?? []).map((o) => o.value) };
    }),
  );
}

function click(state: TheGameState, action: string, args: string[] = [], values: string[] = []) {
  return theGameUi.interpret({
    userId: "ann",
    view: theGame.privateView(state, "ann"),
    action,
    args,
    values,
  });
}

describe("The Game panel on the kit", () => {
  it("picks a card, then a pile; a stranding play asks first, and only 'Play anyway' makes it", () => {
    const state = risky();
    const first = controls(panelOf(state, "ann"));
    expect(first.map((c) => c.action)).toEqual(["card", "end", "refresh"]);
    expect(first[0]?.values).toEqual(["0", "1"]);
    expect(click(state, "card", [], ["1"])).toEqual({
      kind: "panel",
      selection: { index: 1, confirmPile: null },
    });

    const piles = controls(panelOf(state, "ann", { index: 1, confirmPile: null })).filter(
      (c) => c.action === "play",
    );
    expect(piles.map((c) => [c.args, c.disabled])).toEqual([
      [["1", "0"], false],
      [["1", "1"], true],
      [["1", "2"], true],
      [["1", "3"], true],
    ]);
    expect(click(state, "play", ["1", "0"])).toEqual({
      kind: "panel",
      selection: { index: 1, confirmPile: 0 },
    });
    const confirm = panelOf(state, "ann", { index: 1, confirmPile: 0 });
    expect(confirm.content).toContain(
      "Playing **60** on ▲1 leaves you unable to reach this turn's minimum of 2",
    );
    expect(controls(confirm).map((c) => [c.action, c.args])).toEqual([
      ["playc", ["1", "0"]],
      ["back", []],
    ]);
    expect(click(state, "playc", ["1", "0"])).toEqual({
      kind: "move",
      move: { type: "play", card: 60, pile: 0 },
    });
    expect(click(state, "play", ["0", "0"])).toEqual({
      kind: "move",
      move: { type: "play", card: 55, pile: 0 },
    });
  });

  it("claim, waiting and forged clicks", () => {
    const claim = { ...risky(), phase: "claim" as const };
    expect(controls(panelOf(claim, "bob")).map((c) => c.action)).toEqual(["claim", "refresh"]);
    expect(click(claim, "claim")).toEqual({ kind: "move", move: { type: "claimStart" } });
    const waiting = panelOf(risky(), "bob");
    expect(waiting.content).toContain("Your hand (only you can see this): **70, 80**");
    expect(waiting.content).toContain("Waiting for Ann to play");
    for (const [action, args, values] of [
      ["card", [], ["2"]],
      ["card", [], ["x"]],
      ["play", ["0", "4"], []],
      ["playc", ["9", "0"], []],
      ["explode", [], []],
    ] as const) {
      expect(click(risky(), action, [...args], [...values]).kind).toBe("refuse");
    }
  });
});
