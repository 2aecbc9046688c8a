import { describe, expect, it } from "vitest";
import type { Payload } from "../../../src/bot/ui/types.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../../src/games/thegame/engine/types.js";
import { theGameUi } from "../../../src/games/thegame/ui.js";
import { type Words, wordsFor } from "../../../src/i18n/index.js";
import { panelHarness, partsOf, partsWith, partWith, visibleWords } from "../../support/panels.js";
import { drawPileOf, table } from "./fixtures.js";

type Sel = Parameters<typeof theGameUi.panel>[0]["selection"];
const NAMES = { ann: "Ann", bob: "Bob" };

/** Ann to play: 60 on ▲1 would strand her (55 could not follow), 55 first is safe. */
const risky = (): TheGameState =>
  table({ hands: { ann: [55, 60], bob: [70, 80] }, piles: [[50], [98], [3], [4]], drawPile: drawPileOf(5) });

const EN = wordsFor("en");

const harness = panelHarness(theGameUi, NAMES);

const panelOf = (state: TheGameState, userId: string, selection: Sel = null, words?: Words): Payload =>
  harness.open(state, userId, { selection, words });

/** Every component as [action, args, disabled], read from its custom_id. */
const controls = (payload: Payload) =>
  partsOf(payload).map((c) => ({
    action: c.action,
    args: c.args,
    disabled: c.disabled ?? false,
    values: (c.options ?? []).map((o) => o.value),
  }));

const click = (state: TheGameState, action: string, args: string[] = [], values: string[] = []) =>
  harness.click(state, "ann", action, args, values);

describe("The Game panel on the kit", () => {
  it("picks a card, then a pile; a stranding play asks first, and only 'Play anyway' makes it", () => {
    const state = risky();
    const first = controls(panelOf(state, "ann"));
    expect(first.map((c) => c.action)).toEqual(["card", "sig", "end", "refresh"]);
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
    // Before the start nobody may have opened a hand yet: the table asks them to look, it claims nothing.
    const claimTable = theGame.publicView(claim);
    expect(theGameUi.tableStatus(claimTable, NAMES, EN)).toBe(
      "nobody has started yet. Look at your hand on your panel; whoever presses **I'll start** first begins.",
    );
    expect(theGameUi.tableStatus(claimTable, NAMES, wordsFor("nl"))).toBe(
      "nog niemand is begonnen. Bekijk je hand in je paneel; wie als eerste op **Ik begin** drukt, begint.",
    );
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

describe("The Game panel: table signals", () => {
  /** Every option of the signal menu, as [value, label]. */
  const signalOptions = (payload: Payload) =>
    partsWith(payload, "sig").flatMap((c) => (c.options ?? []).map((o) => [o.value, o.label]));

  it("any seated player may signal from the panel at any time during play, within Discord's limits", () => {
    for (const [state, user] of [
      [risky(), "ann"],
      [risky(), "bob"],
    ] as const) {
      const payload = panelOf(state, user);
      expect(payload.components.length).toBeLessThanOrEqual(5);
      const options = signalOptions(payload);
      expect(options).toHaveLength(12);
      expect(options.slice(0, 3)).toEqual([
        ["0-hold", "▲1 · Hold it for me"],
        ["0-playWell", "▲1 · I play well here"],
        ["0-bigJump", "▲1 · Big jump here"],
      ]);
      // Signals carry no numbers: no card value in any option.
      for (const [, label] of options) expect(label).not.toMatch(/\d\d/);
    }
    // With a card chosen the panel still fits five rows.
    expect(panelOf(risky(), "ann", { index: 0, confirmPile: null }).components.length).toBeLessThanOrEqual(5);
    // Nobody to signal to alone; nothing to signal before the start.
    const solo = table({ hands: { solo: [20, 30] }, drawPile: drawPileOf(3) });
    const soloPanel = panelHarness(theGameUi, { solo: "Sam" }).open(solo, "solo");
    expect(signalOptions(soloPanel)).toEqual([]);
    expect(signalOptions(panelOf({ ...risky(), phase: "claim" }, "bob"))).toEqual([]);
  });

  it("the signal menu is short and scannable: one line per option (no descriptions), pile first, in both languages", () => {
    const held = { ...risky(), signals: [{ player: "bob", pile: 2, signal: "playWell" as const }] };
    for (const words of [EN, wordsFor("nl")]) {
      const menu = partWith(panelOf(held, "bob", null, words), "sig");
      const options = menu?.options ?? [];
      expect(options).toHaveLength(12);
      for (const option of options) {
        expect(option.description, option.label).toBeUndefined();
        expect(option.label.length, option.label).toBeLessThanOrEqual(25);
        expect(option.label).toMatch(/^[▲▼][1-4] · /);
      }
    }
  });

  it("a chosen signal is a signal move; clearing is offered where the player has one; the action is unversioned", () => {
    expect(theGameUi.unversionedActions).toContain("sig");
    const bobClick = (state: TheGameState, value: string) => harness.click(state, "bob", "sig", [], [value]);
    expect(bobClick(risky(), "2-hold")).toEqual({
      kind: "move",
      move: { type: "signal", pile: 2, signal: "hold" },
    });
    const held = { ...risky(), signals: [{ player: "bob", pile: 2, signal: "hold" as const }] };
    const options = signalOptions(panelOf(held, "bob"));
    expect(options).toHaveLength(12);
    expect(options.map(([v]) => v)).not.toContain("2-hold");
    expect(options.at(-1)).toEqual(["2-clear", "▼3 · Take back my signal"]);
    expect(panelOf(held, "bob").content).toContain("Your signals on the table: ▼3 hold");
    expect(bobClick(held, "2-clear")).toEqual({
      kind: "move",
      move: { type: "signal", pile: 2, signal: null },
    });
    for (const forged of ["4-hold", "2-sing", "2", "x-hold", ""])
      expect(bobClick(held, forged).kind).toBe("refuse");
  });
});

describe("The Game in Dutch", () => {
  const NL = wordsFor("nl");

  it("a Dutch reader's panel shows Dutch words, and the table's status and buttons follow the server's language", () => {
    const claim = { ...risky(), phase: "claim" as const };
    const claimPanel = panelOf(claim, "bob", null, NL);
    expect(claimPanel.content).toContain("Je hand (alleen jij ziet dit): **70, 80**");
    expect(visibleWords(claimPanel)).toEqual(["Ik begin", "Vernieuwen"]);

    const turn = panelOf(risky(), "ann", { index: 1, confirmPile: null }, NL);
    expect(turn.content).toContain("Jouw beurt: 0 gespeeld, minstens 2 deze beurt.");
    expect(turn.content).toContain("Waar moet **60** heen?");
    const labels = visibleWords(turn);
    expect(labels).toEqual(
      expect.arrayContaining([
        "Kies een kaart om te spelen",
        "▲1 op 50",
        "Beurt beëindigen",
        "Terug",
        "Vernieuwen",
        "Geef een signaal aan de tafel (woorden, geen getallen)…",
        "▲1 · Houd vrij voor mij",
        "▲1 · Ik speel hier goed",
        "▲1 · Grote sprong hier",
      ]),
    );
    for (const english of ["End turn", "Back", "Refresh", "Choose a card to play", "Hold it for me"])
      expect(labels).not.toContain(english);
    const confirm = panelOf(risky(), "ann", { index: 1, confirmPile: 0 }, NL);
    expect(confirm.content).toContain("Speel je **60** op ▲1");
    expect(visibleWords(confirm)).toEqual(["Toch spelen", "Annuleren"]);
    expect(panelOf(risky(), "bob", null, NL).content).toContain("Wachten op Ann (aan de beurt)");

    const table = theGame.publicView(risky());
    expect(theGameUi.tableStatus(table, NAMES, NL)).toBe(
      `Ann is aan de beurt: 0 gespeeld van minstens 2 · trekstapel 5 · nog ${table.cardsLeft} kaarten.`,
    );
    const claimTable = theGame.publicView(claim);
    expect(theGameUi.tableStatus(claimTable, NAMES, NL)).toContain("**Ik begin**");
    expect(theGameUi.tableActions(claimTable, NL).map((a) => a.label)).toEqual(["Ik begin"]);
    // The pictures are drawn in the language they were described in.
    expect(theGameUi.tablePicture(table, NAMES, "nl").args[1]).toMatchObject({ locale: "nl" });
    expect(turn.pictures[0]?.job.args[1]).toMatchObject({ locale: "nl" });
  });
});
