import { describe, expect, it } from "vitest";
import type { Payload } from "../../../src/bot/ui/types.js";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../../src/games/thegame/engine/types.js";
import { theGameUi } from "../../../src/games/thegame/ui.js";
import { type Words, wordsFor } from "../../../src/i18n/index.js";
import { jobText } from "../../../src/render/jobs.js";
import {
  expectDiscordLimits,
  panelHarness,
  partsOf,
  partsWith,
  partWith,
  visibleWords,
} from "../../support/panels.js";
import { drawPileOf, must, table } from "./fixtures.js";

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

/** Ann to play: 45 fits no pile, 55 and 60 fit ▲1 (on 50) only. */
const mixed = (): TheGameState =>
  table({
    hands: { ann: [45, 55, 60], bob: [70, 80] },
    piles: [[50], [98], [3], [4]],
    drawPile: drawPileOf(5),
  });

/** Discord's button styles, as a panel's parts carry them. */
const STYLE = { primary: 1, secondary: 2, success: 3 } as const;

/** The hand's buttons, in order: [label, style, disabled]. */
const handButtons = (payload: Payload) =>
  partsWith(payload, "card").map((c) => [c.label, c.style, c.disabled ?? false]);

/** States of random legal games, 1–5 players, at random moments (claim, play and over). */
function sampleStates(count: number): TheGameState[] {
  const rng = createRng(99);
  const states: TheGameState[] = [];
  for (let g = 0; g < count; g++) {
    const players = ["ann", "bob", "cat", "dan", "eve"].slice(0, 1 + (g % 5));
    let s = theGame.setup(players, { expert: g % 2 === 1, smallerHands: g % 3 === 2 }, g);
    const stopAt = g % 6 === 5 ? 10_000 : nextInt(rng, 60);
    for (let step = 0; step < stopAt && !theGame.outcome(s); step++) {
      const actor = theGame.actors(s)[0]!;
      const moves = theGame.legalMoves(s, actor);
      s = must(s, actor, moves[nextInt(rng, moves.length)]!);
    }
    states.push(s);
  }
  return states;
}

describe("The Game panel on the kit", () => {
  it("picks a card, then a pile; a stranding play asks first, and only 'Play anyway' makes it", () => {
    const state = risky();
    const first = controls(panelOf(state, "ann"));
    expect(first.map((c) => c.action)).toEqual(["card", "card", "sig", "end", "refresh"]);
    // A card button carries its place in the hand, never its value.
    expect(first.filter((c) => c.action === "card").map((c) => c.args)).toEqual([["0"], ["1"]]);
    expect(click(state, "card", ["1"])).toEqual({
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

  it("shows the hand as buttons at a glance: playable cards blue, the chosen one green, the rest greyed; the lines say where each fits", () => {
    const open = panelOf(mixed(), "ann");
    expect(handButtons(open)).toEqual([
      ["45", STYLE.secondary, true],
      ["55", STYLE.primary, false],
      ["60", STYLE.primary, false],
    ]);
    expect(open.content).toContain("Your hand (only you can see this): **45, 55, 60**");
    expect(open.content).toContain("Playable now: **55, 60** on ▲1");
    const chosen = panelOf(mixed(), "ann", { index: 2, confirmPile: null });
    expect(handButtons(chosen)).toEqual([
      ["45", STYLE.secondary, true],
      ["55", STYLE.primary, false],
      ["60", STYLE.success, false],
    ]);
    expect(chosen.content).toContain("Where does **60** go?");
    // Not the viewer's turn: the hand is shown greyed, and a choice left from before marks nothing.
    const waiting = panelOf(mixed(), "bob");
    expect(handButtons(waiting)).toEqual([
      ["70", STYLE.secondary, true],
      ["80", STYLE.secondary, true],
    ]);
    expect(panelOf(mixed(), "bob", { index: 0, confirmPile: null })).toEqual(waiting);
    // A choice past the end of the hand (a stale click) marks nothing either.
    expect(panelOf(mixed(), "ann", { index: 99, confirmPile: null })).toEqual(open);
    // Cards that fit the same piles share a part of the line.
    const spread = table({
      hands: { ann: [2, 55, 60], bob: [70] },
      piles: [[50], [98], [3], [4]],
      drawPile: drawPileOf(5),
    });
    expect(panelOf(spread, "ann").content).toContain("Playable now: **2** on ▼3, ▼4 · **55, 60** on ▲1");
    // Nothing fits: the line says so.
    const stuck = table({ hands: { ann: [45], bob: [70] }, piles: [[50], [98], [3], [4]], drawPile: [] });
    expect(panelOf(stuck, "ann").content).toContain("No card in your hand fits any pile now.");
  });

  it("a panel shows the very picture of the public table, whatever the hand and the choice: a choice costs no picture", () => {
    const state = mixed();
    const tableText = jobText(theGameUi.tablePicture(theGame.publicView(state), NAMES, "en"));
    for (const [user, selection] of [
      ["ann", null],
      ["ann", { index: 1, confirmPile: null }],
      ["ann", { index: 2, confirmPile: 0 }],
      ["bob", null],
    ] as const) {
      const payload = panelOf(state, user, selection);
      expect(payload.pictures.map((p) => p.text)).toEqual([tableText]);
      // The picture's name and words hold no card of the viewer's hand beyond what the table shows.
      expect(payload.pictures[0]?.name).toMatch(/^thegame-panel-[0-9a-f]{12}\.png$/);
      expect(payload.pictures[0]?.alt).not.toMatch(/\b(45|55|60|70|80)\b/);
    }
  });

  it("every seat's panel at every moment of random games keeps within Discord's limits, an empty hand too", () => {
    let empty = 0;
    for (const state of sampleStates(30)) {
      for (const player of state.players) {
        const view = theGame.privateView(state, player);
        const choice = view.hand.findIndex((c) => (view.playable[c] ?? []).length > 0);
        for (const selection of [null, ...(choice >= 0 ? [{ index: choice, confirmPile: null }] : [])]) {
          const payload = panelOf(state, player, selection);
          expectDiscordLimits(payload);
          // One button per card in hand while the game is on; none once it is over.
          expect(partsWith(payload, "card")).toHaveLength(state.phase === "over" ? 0 : view.hand.length);
        }
        if (view.hand.length === 0) {
          empty++;
          expect(panelOf(state, player).content).toContain("Your hand (only you can see this): **empty**");
        }
      }
    }
    expect(empty).toBeGreaterThan(0);
  });

  it("claim, waiting and forged clicks", () => {
    const claim = { ...risky(), phase: "claim" as const };
    // Before the start the hand shows greyed (nothing to play yet), above I'll start.
    expect(controls(panelOf(claim, "bob")).map((c) => [c.action, c.disabled])).toEqual([
      ["card", true],
      ["card", true],
      ["claim", false],
      ["refresh", false],
    ]);
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
      ["card", ["2"], []],
      ["card", ["x"], []],
      ["card", [], ["0"]],
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
    expect(visibleWords(claimPanel)).toEqual(["70", "80", "Ik begin", "Vernieuwen"]);

    const turn = panelOf(risky(), "ann", { index: 1, confirmPile: null }, NL);
    expect(turn.content).toContain("Jouw beurt: 0 gespeeld, minstens 2 deze beurt.");
    expect(turn.content).toContain("Waar moet **60** heen?");
    const labels = visibleWords(turn);
    expect(labels).toEqual(
      expect.arrayContaining([
        "55",
        "60",
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
    expect(turn.content).toContain("Je hand (alleen jij ziet dit): **55, 60**");
    expect(panelOf(risky(), "ann", null, NL).content).toContain("Nu speelbaar: **55, 60** op ▲1");
    for (const english of ["End turn", "Back", "Refresh", "Hold it for me"])
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
