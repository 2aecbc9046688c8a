import { describe, expect, it } from "vitest";
import type { Payload } from "../../../src/bot/ui/types.js";
import { type Card, cardLabel, sameCard } from "../../../src/engine/core/cards.js";
import { createRng, shuffle } from "../../../src/engine/core/rng.js";
import {
  type FourKingsMove,
  type FourKingsState,
  fourKings,
  greedyMove,
} from "../../../src/games/fourkings/engine/index.js";
import { type FourKingsSelection, fourKingsUi, maskCodec } from "../../../src/games/fourkings/ui.js";
import { t, type Words, wordsFor } from "../../../src/i18n/index.js";
import { jobText } from "../../../src/render/jobs.js";
import {
  expectDiscordLimits,
  moveOf,
  type PanelPart,
  panelHarness,
  partsWith,
  partWith,
  selectionOf,
  visibleWords,
} from "../../support/panels.js";

const PLAYER = "p";
type Selection = FourKingsSelection | null;
const NAMES = { [PLAYER]: "Alice" };
const harness = panelHarness(fourKingsUi, NAMES);

const panelOf = (
  state: FourKingsState,
  selection: Selection = null,
  notice: string | null = null,
  words?: Words,
): Payload => harness.open(state, PLAYER, { selection, notice, words });

const click = (state: FourKingsState, component: Pick<PanelPart, "action" | "args">, values: string[] = []) =>
  harness.click(state, PLAYER, component.action, component.args, values);

/** Plays `move` through the panel's own selects and buttons; returns the move the UI asks for. */
function throughPanel(state: FourKingsState, move: FourKingsMove): unknown {
  let payload = panelOf(state);
  expectDiscordLimits(payload);
  if (move.type === "chooseHand") {
    // Every card a list holds in one pick, list by list, as a player picks them.
    let left = move.cards.map((c) => String(state.controlled.findIndex((k) => sameCard(k, c))));
    while (left.length > 0) {
      const list = partsWith(payload, "ha").find((p) => p.options?.some((o) => left.includes(o.value)));
      if (!list) throw new Error(`${left.join(" ")} are in no list`);
      const values = left.filter((v) => list.options?.some((o) => o.value === v));
      expect(list.max_values).toBeGreaterThanOrEqual(values.length);
      payload = panelOf(state, selectionOf(click(state, list, values)));
      for (const v of values) expect(payload.content).toContain(cardLabel(state.controlled[+v] as Card));
      expectDiscordLimits(payload);
      left = left.filter((v) => !values.includes(v));
    }
    const confirm = partWith(payload, "hand");
    expect(confirm.disabled).toBe(false);
    const intent = click(state, confirm);
    expect(intent.kind).toBe("move");
    return (intent as { move: unknown }).move;
  }
  move.stacks.forEach((stack, i) => {
    const select = partWith(payload, "as", String(i));
    const values = stack.map((c) => String(state.hand.findIndex((k) => sameCard(k, c))));
    for (const v of values) expect(select.options?.map((o) => o.value)).toContain(v);
    payload = panelOf(state, selectionOf(click(state, select, values)));
    expectDiscordLimits(payload);
  });
  const confirm = partWith(payload, "assign");
  expect(confirm.disabled).toBe(false);
  const intent = click(state, confirm);
  expect(intent.kind).toBe("move");
  return (intent as { move: unknown }).move;
}

function greedyUntil(seed: number, stop: (s: FourKingsState) => boolean): FourKingsState {
  let state = fourKings.setup([PLAYER], { peek: false }, seed);
  while (!stop(state)) {
    const r = fourKings.apply(state, PLAYER, greedyMove(state));
    if (!r.ok) throw new Error("greedy move refused");
    state = r.state;
  }
  return state;
}

const sortCards = (cards: Card[]) =>
  [...cards].sort((a, b) => a.suit.localeCompare(b.suit) || a.rank - b.rank);

describe("Four Kings panel", () => {
  it("carries a set of card indexes in a compact hex mask and refuses anything else", () => {
    const mask = maskCodec(52);
    expect(mask.encode([])).toBe("0");
    expect(mask.encode([0, 4, 51])).toBe("8000000000011");
    expect(mask.decode("8000000000011")).toEqual([0, 4, 51]);
    expect(maskCodec(4).decode("11")).toBeNull();
    for (const bad of ["", "G", "-1", "1x", "10000000000000", undefined]) expect(mask.decode(bad)).toBeNull();
  });

  it("plays a greedy game into round 2 with only the panel's selects and buttons, asking for the same moves", () => {
    let state = fourKings.setup([PLAYER], { peek: false }, 155);
    while (state.round === 1 && state.phase !== "over") {
      const move = greedyMove(state);
      const asked = throughPanel(state, move) as FourKingsMove;
      expect(asked.type).toBe(move.type);
      if (asked.type === "chooseHand" && move.type === "chooseHand") {
        expect(sortCards(asked.cards)).toEqual(sortCards(move.cards));
      } else if (asked.type === "assign" && move.type === "assign") {
        expect(asked.stacks.map(sortCards)).toEqual(move.stacks.map(sortCards));
      }
      const r = fourKings.apply(state, PLAYER, asked);
      if (!r.ok) throw new Error(`the panel's move was refused: ${r.error.key}`);
      state = r.state;
    }
    expect(state.round).toBe(2);
  });

  it("chooses the hand in one list, several cards a pick: the hand so far is said in words, Confirm hand appears only once the hand is complete, Take out and Start over change it", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    let payload = panelOf(state);
    expect(payload.content).toContain("**Step 1 of 2 — your hand.** Pick **5** of your controlled cards");
    expect(payload.content).toContain("Your hand so far (0 of 5): nothing yet.");
    // Round 1's 12 controlled cards fit one list; nothing to confirm, take out or start over yet.
    expect(partsWith(payload, "ha")).toHaveLength(1);
    expect(partWith(payload, "ha")).toMatchObject({
      placeholder: "Pick up to 5 cards for your hand…",
      min_values: 1,
      max_values: 5,
    });
    expect(partWith(payload, "ha").options?.[0]).toMatchObject({
      label: "3♠",
      description: "spades, worth 3",
    });
    expect(partsWith(payload, "hand")).toHaveLength(0);
    expect(partsWith(payload, "back")).toHaveLength(0);
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "ha"), ["6", "0", "3", "4"])));
    expect(payload.content).toContain("Your hand so far (4 of 5): **3♠ 3♥ 2♥ 3♦** — pick 1 more.");
    expect(partWith(payload, "ha").options?.map((o) => o.value)).not.toContain("3");
    expect(partWith(payload, "ha")).toMatchObject({
      placeholder: "Pick the last card for your hand…",
      max_values: 1,
    });
    expect(partsWith(payload, "hand")).toHaveLength(0);
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "ha"), ["9"])));
    expect(payload.content).toContain("Your hand (5 of 5): **3♠ 3♥ 2♥ 3♦ 3♣** — complete.");
    expect(partsWith(payload, "ha")).toHaveLength(0);
    expect(partWith(payload, "hand")).toMatchObject({ label: "Confirm hand: 3♠ 3♥ 2♥ 3♦ 3♣", style: 3 });
    expect(moveOf(click(state, partWith(payload, "hand")))).toEqual({
      type: "chooseHand",
      cards: [0, 3, 4, 6, 9].map((i) => state.controlled[i]),
    });
    // Each chosen card has its own Take out button.
    expect(partsWith(payload, "hr").map((p) => p.label)).toEqual([
      "Take out 3♠",
      "Take out 3♥",
      "Take out 2♥",
      "Take out 3♦",
      "Take out 3♣",
    ]);
    expect(selectionOf(click(state, partWith(payload, "hr", "4")))).toEqual({
      kind: "hand",
      chosen: [0, 3, 6, 9],
    });
    // Start over is the kit's Back (the shared handler redraws with nothing chosen); Refresh is always there.
    expect(partWith(payload, "back")).toMatchObject({ custom_id: "g:7:3:back", label: "Start over" });
    expect(partWith(panelOf(state), "refresh").custom_id).toBe("g:7:3:refresh");
    // A sixth card is refused: the list is gone, and a forged pick changes nothing.
    const full = selectionOf(click(state, partWith(payload, "hr", "4"))) as FourKingsSelection;
    const list = partWith(panelOf(state, full), "ha");
    expect(click(state, { action: "ha", args: [list.args[0] as string, "259"] }, ["1"])).toMatchObject({
      kind: "refuse",
      message: { key: "fourkings.handSize" },
    });
  });

  it("picking several cards in one list adds them all to the hand at once", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    const list = partWith(panelOf(state), "ha");
    expect(selectionOf(click(state, list, ["9", "0", "4"]))).toEqual({ kind: "hand", chosen: [0, 4, 9] });
    // Onto a hand begun: the list carries the cards chosen so far, the pick adds to them.
    const begun = partWith(panelOf(state, { kind: "hand", chosen: [1, 2] }), "ha");
    expect(selectionOf(click(state, begun, ["7", "3", "5"]))).toEqual({
      kind: "hand",
      chosen: [1, 2, 3, 5, 7],
    });
  });

  it("a pick that would make the hand larger than its size is refused with the hand's size and changes nothing", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    const begun = partWith(panelOf(state, { kind: "hand", chosen: [0, 1, 2] }), "ha");
    // Two cards still to pick: three (a stale or forged pick; the list takes two) is refused whole.
    const refused = click(state, begun, ["3", "4", "5"]);
    expect(refused).toMatchObject({
      kind: "refuse",
      message: { key: "fourkings.handSize", params: { required: 5 } },
    });
    expect(refused).not.toHaveProperty("selection");
    expect(t("fourkings.handSize", { required: 5 })).toBe("Choose exactly 5 cards for your hand.");
    const empty = partWith(panelOf(state), "ha");
    expect(click(state, empty, ["0", "1", "2", "3", "4", "5"])).toMatchObject({
      kind: "refuse",
      message: { key: "fourkings.handSize" },
    });
    // Exactly the cards still to pick are taken.
    expect(selectionOf(click(state, begun, ["3", "4"]))).toEqual({ kind: "hand", chosen: [0, 1, 2, 3, 4] });
  });

  it("refuses a pick with a card twice, a card already chosen, an index out of range or no card as malformed", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    expect(state.controlled).toHaveLength(12);
    const begun = partWith(panelOf(state, { kind: "hand", chosen: [1, 2] }), "ha");
    for (const values of [
      ["3", "3"],
      ["3", "4", "3"],
      ["1"],
      ["3", "2"],
      ["12"],
      ["3", "12"],
      ["-1"],
      ["x"],
      ["3.0"],
      [],
    ]) {
      expect(click(state, begun, values), values.join()).toMatchObject({
        kind: "refuse",
        message: { key: "core.malformedMove" },
      });
    }
  });

  it("each list's max is the number of cards still to pick, or its options when it holds fewer", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    for (const [chosen, max] of [
      [[], 5],
      [[0], 4],
      [[0, 5, 7], 2],
      [[0, 1, 2, 3], 1],
    ] as const) {
      const list = partWith(panelOf(state, { kind: "hand", chosen: [...chosen] }), "ha");
      expect(list).toMatchObject({ min_values: 1, max_values: max });
    }
    // Round 2 with 26 cards controlled: ♠ and ♥ but its King fill one list, the lone ♦ another.
    const base = fourKings.setup([PLAYER], { peek: false }, 155);
    const deck = [...base.controlled, ...base.drawPiles.flat()];
    const controlled = deck.filter(
      (c) => c.suit === "S" || (c.suit === "H" && c.rank !== 13) || (c.suit === "D" && c.rank === 1),
    );
    const wide: FourKingsState = { ...base, round: 2, controlled };
    const lists = partsWith(panelOf(wide), "ha");
    expect(lists.map((l) => [l.options?.length, l.min_values, l.max_values])).toEqual([
      [25, 1, 3],
      [1, 1, 1],
    ]);
    expect(lists.map((l) => l.placeholder)).toEqual([
      "Pick up to 3 cards for your hand: ♠ ♥…",
      "Pick up to 3 cards for your hand: ♦…",
    ]);
    // Within Discord's 150 characters for a placeholder, in either language, with every suit.
    for (const locale of ["en", "nl"] as const) {
      for (const key of ["fourkings.ui.addCard", "fourkings.ui.addCardOf"]) {
        const text = wordsFor(locale).count(key, 5, { suits: "♠ ♥ ♦ ♣" });
        expect(text.length).toBeLessThanOrEqual(150);
        expect(text).toMatch(/5/);
      }
    }
  });

  it("a player who controls no more cards than a hand holds has them all chosen already (the ruling: take them all)", () => {
    const base = fourKings.setup([PLAYER], { peek: false }, 155);
    const state: FourKingsState = { ...base, controlled: base.controlled.slice(0, 3), round: 2 };
    const payload = panelOf(state);
    expect(payload.content).toContain("You control only 3 cards, so all are your hand.");
    expect(partsWith(payload, "ha")).toHaveLength(0);
    expect(moveOf(click(state, partWith(payload, "hand")))).toEqual({
      type: "chooseHand",
      cards: base.controlled.slice(0, 3),
    });
    expect(partsWith(payload, "back")).toHaveLength(0);
  });

  it("more controlled cards than a list holds: one list per group of whole suits, each at most 25, within Discord's five rows", () => {
    const base = fourKings.setup([PLAYER], { peek: false }, 155);
    const all = [...base.controlled, ...base.drawPiles[0]!, ...base.drawPiles[1]!];
    // Round 3 with 51 cards controlled (a King still to win): the most a turn can start with.
    const kings = base.drawPiles[2]!.filter((c) => c.rank !== 13 || c.suit !== "C");
    const state: FourKingsState = {
      ...base,
      round: 3,
      controlled: [...all, ...kings].sort((a, b) => a.suit.localeCompare(b.suit) || b.rank - a.rank),
    };
    let payload = panelOf(state);
    expectDiscordLimits(payload);
    const lists = partsWith(payload, "ha");
    expect(lists.length).toBe(3);
    const values = lists.flatMap((l) => l.options?.map((o) => o.value) ?? []);
    expect(new Set(values).size).toBe(51);
    expect(lists[0]?.placeholder).toMatch(/^Pick up to 3 cards for your hand: [♠♥♦♣ ]+…$/);
    // A card from the last list, then the two still to pick from the first in one pick.
    const last = lists.at(-1) as PanelPart;
    payload = panelOf(state, selectionOf(click(state, last, [last.options?.[0]?.value ?? ""])));
    expectDiscordLimits(payload);
    const first = partsWith(payload, "ha")[0] as PanelPart;
    expect(first.placeholder).toMatch(/^Pick up to 2 cards for your hand: [♠♥♦♣ ]+…$/);
    const two = first.options?.slice(0, 2).map((o) => o.value) ?? [];
    payload = panelOf(state, selectionOf(click(state, first, two)));
    expectDiscordLimits(payload);
    expect(payload.content).toContain("Your hand (3 of 3): **");
    expect(partWith(payload, "hand").disabled).toBeFalsy();
  });

  it("shows the engine's reason for a mixed-suit stack and keeps the stacks as they were", () => {
    const state = greedyUntil(
      155,
      (s) => s.phase === "assign" && new Set(s.hand.map((c) => c.suit)).size > 1,
    );
    const a = 0;
    const b = state.hand.findIndex((c) => c.suit !== state.hand[a]?.suit);
    const c = state.hand.findIndex((_, i) => i !== a && i !== b);
    let payload = panelOf(state);
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "as", "1"), [String(c)])));
    const before = partWith(payload, "assign").args;
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "as", "0"), [String(a), String(b)])));
    expect(payload.notice).toContain(
      `The cards placed on ${cardLabel(state.drawn[0] as Card)} must all be of one suit.`,
    );
    expect(payload.notice).toContain("Nothing was changed");
    expect(partWith(payload, "assign").args).toEqual(before);
    // A notice from the shared handler comes after the refusal, both beside the controls, after
    // the panel's own lines.
    const selection = selectionOf(click(state, partWith(panelOf(state), "as", "0"), [String(a), String(b)]));
    const refused = panelOf(state, selection, "NOTICE");
    const lines = refused.notice?.split("\n") ?? [];
    expect(lines[0]).toMatch(/^⚠️ .*Nothing was changed\.$/);
    expect(lines[1]).toBe("NOTICE");
    expect(refused.content).toMatch(/^\*\*Four Kings\*\*/);
    expect(panelOf(state, null, "NOTICE").notice).toBe("NOTICE");
  });

  it("says whether each stack would be won, and offers Confirm only when every drawn card has a stack", () => {
    const state = greedyUntil(155, (s) => s.phase === "assign");
    const move = greedyMove(state) as Extract<FourKingsMove, { type: "assign" }>;
    let payload = panelOf(state);
    expect(partWith(payload, "assign").disabled).toBe(true);
    const values = (move.stacks[0] as Card[]).map((c) => String(state.hand.findIndex((k) => sameCard(k, c))));
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "as", "0"), values)));
    expect(payload.content).toMatch(/would be \*\*(won|lost)\*\*/);
    expect(partWith(payload, "assign").disabled).toBe(true);
  });

  it("speaks Dutch to a Dutch reader: the panel's lines, buttons and menus, and the table status", () => {
    const nl = wordsFor("nl");
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    let payload = panelOf(state, null, null, nl);
    expect(payload.content).toContain(
      "**4 Koningen** — ronde 1 van 3 · beurt 1 · 12/24 kaarten A–6 onder controle.",
    );
    expect(payload.content).toContain("**Stap 1 van 2 — je hand.** Kies **5** van je kaarten onder controle");
    expect(payload.content).toContain("Je hand tot nu toe (0 van 5): nog niets.");
    expect(payload.content).not.toMatch(/Choose|Chosen|Confirm|round|hand so far/);
    const list = partWith(payload, "ha");
    expect(list.placeholder).toBe("Tot 5 kaarten voor je hand kiezen…");
    expect(list.options?.[0]).toMatchObject({ description: "schoppen, waarde 3" });
    payload = panelOf(state, selectionOf(click(state, list, ["0", "1", "2", "3"])), null, nl);
    expect(partWith(payload, "ha").placeholder).toBe("De laatste kaart voor je hand kiezen…");
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "ha"), ["5"])), null, nl);
    expect(payload.content).toContain("Je hand (5 van 5): **");
    expect(payload.content).toContain("— compleet. Druk op **Hand bevestigen**");
    expect(partWith(payload, "hand").label).toMatch(/^Hand bevestigen: /);
    expect(partWith(payload, "hr", "0")).toMatchObject({ label: "3♠ eruit" });
    expect(partWith(payload, "back")).toMatchObject({ label: "Opnieuw beginnen" });
    expect(visibleWords(payload).join(" ")).not.toMatch(/Take out|Start over|Confirm|Pick/);
    expect(payload.pictures[0]?.job.args[1]).toMatchObject({ locale: "nl" });

    const table = fourKings.publicView(state);
    expect(fourKingsUi.tableStatus(table, {}, nl)).toBe(
      "ronde 1 van 3, beurt 1 — kies 5 kaarten voor de hand · 12/24 kaarten A–6 onder controle · trekstapel 12 · verloren kaarten 0.",
    );
    expect(fourKingsUi.tablePicture(table, {}, "nl").args[1]).toMatchObject({ locale: "nl" });

    const assign = greedyUntil(155, (s) => s.phase === "assign");
    const drawn = fourKings.publicView(assign);
    expect(fourKingsUi.tableStatus(drawn, {}, nl)).toMatch(
      /^ronde 1 van 3, beurt 1 — .* getrokken: leg de hand erop · /,
    );
    const assignPanel = panelOf(assign, null, null, nl);
    expect(assignPanel.content).toContain("Getrokken: **");
    expect(assignPanel.content).toContain("• Op ");
    expect(partWith(assignPanel, "assign")).toMatchObject({ label: "Bevestigen" });
  });

  it("a panel shows the very picture of the public table, whatever is chosen in it: a choice costs no picture, the controls and lines show it", () => {
    const pictureOf = (state: FourKingsState, selection: Selection = null) => {
      const [picture, ...more] = panelOf(state, selection).pictures;
      expect(more).toHaveLength(0);
      return { text: picture?.text, name: picture?.name };
    };
    const tableOf = (state: FourKingsState) =>
      jobText(fourKingsUi.tablePicture(fourKings.publicView(state), NAMES, "en"));

    // Choosing the hand: the cards chosen are the lit Take out buttons and the hand-so-far line.
    const choosing = fourKings.setup([PLAYER], { peek: false }, 155);
    const open = pictureOf(choosing);
    expect(open.text).toBe(tableOf(choosing));
    let payload = panelOf(choosing);
    for (const value of ["0", "3"]) {
      payload = panelOf(choosing, selectionOf(click(choosing, partWith(payload, "ha"), [value])));
    }
    const chosen = selectionOf(click(choosing, partWith(payload, "ha"), ["4"]));
    expect(pictureOf(choosing, chosen)).toEqual(open);
    payload = panelOf(choosing, chosen);
    expect(partsWith(payload, "hr").map((p) => [p.label, p.style])).toEqual([
      ["Take out 3♠", 1],
      ["Take out 3♥", 1],
      ["Take out 2♥", 1],
    ]);
    expect(payload.content).toContain("Your hand so far (3 of 5): **3♠ 3♥ 2♥** — pick 2 more.");

    // Placing the hand: each stack is its list's chosen options and a line with its forecast.
    const placing = greedyUntil(155, (s) => s.phase === "assign");
    const empty = pictureOf(placing);
    expect(empty.text).toBe(tableOf(placing));
    const move = greedyMove(placing) as Extract<FourKingsMove, { type: "assign" }>;
    const stack = move.stacks[0] as Card[];
    const values = stack.map((c) => String(placing.hand.findIndex((k) => sameCard(k, c))));
    const placed = selectionOf(click(placing, partWith(panelOf(placing), "as", "0"), values));
    expect(pictureOf(placing, placed)).toEqual(empty);
    payload = panelOf(placing, placed);
    const options = partWith(payload, "as", "0").options ?? [];
    const onIt = placing.hand.flatMap((c, h) => (values.includes(String(h)) ? [cardLabel(c)] : []));
    expect(options.filter((o) => o.default).map((o) => o.value)).toEqual(values.sort((x, y) => +x - +y));
    expect(payload.content).toContain(`• On ${cardLabel(placing.drawn[0] as Card)}: ${onIt.join(" ")} — `);
    // The panel's picture carries the table's view only: the player's memory stays in its lines.
    expect(open.text).not.toContain('"memory"');
  });

  it("a hand card not placed goes back to the controlled cards, and the panel says so", () => {
    const line = t("fourkings.ui.backInControl", { cards: "2♠" });
    expect(line).toBe("Back in control: 2♠ — hand cards you did not place go back to your controlled cards.");
    expect(t("fourkings.ui.backInControl", { cards: "2♠" }, "nl")).toMatch(
      /^Weer onder controle: 2♠ — handkaarten die je niet legde/,
    );
  });

  it("refuses forged or stale arguments as malformed, changing nothing: a card already chosen, not chosen, or not there", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    const forged: [string, string[], string[]][] = [
      ["ha", ["9", "0"], ["1"]],
      ["ha", ["0", "zz"], ["0"]],
      ["ha", ["0", "1"], ["0"]],
      ["ha", ["0", "0"], ["1", "1"]],
      ["ha", ["0", "0"], []],
      ["ha", ["0", "0"], ["12"]],
      ["ha", ["0"], ["1"]],
      ["hr", ["1", "1"], []],
      ["hr", ["x", "1"], []],
      ["hand", ["fffffffffffff"], []],
      ["hand", ["1f", "0"], []],
      ["hs", ["0", "0"], ["3"]],
      ["explode", [], []],
    ];
    for (const [action, args, values] of forged) {
      const intent = click(state, { action, args }, values);
      expect(intent).toMatchObject({ kind: "refuse", message: { key: "core.malformedMove" } });
    }
    expect(click(state, { action: "as", args: ["0", "0", "0"] }, ["0"])).toMatchObject({
      kind: "refuse",
      message: { key: "core.wrongPhase" },
    });
  });

  it("never tells the draw pile's order: the panel is the same whatever order the draw and lost piles are in", () => {
    let state = fourKings.setup([PLAYER], { peek: false }, 155);
    const rng = createRng(7);
    for (let step = 0; step < 12; step++) {
      const other = structuredClone(state);
      other.drawPiles = other.drawPiles.map((pile) => shuffle(rng, pile));
      other.lostPile = shuffle(rng, other.lostPile);
      expect(panelOf(other).content).toBe(panelOf(state).content);
      const r = fourKings.apply(state, PLAYER, greedyMove(state));
      if (!r.ok) throw new Error("refused");
      state = r.state;
    }
  });

  it("the player's memory (§5 Information: the advanced player remembers the lost cards) is in the private panel, never on the table, its alt text or status", () => {
    let state = fourKings.setup([PLAYER], { peek: false }, 155);
    let checked = 0;
    for (let step = 0; step < 40 && state.phase !== "over"; step++) {
      if (state.phase === "chooseHand" && state.lostPile.length > 0) {
        const memory = fourKings.privateView(state, PLAYER).memory!;
        const lost = memory.lost.map(cardLabel).join(" ");
        const left = memory.drawPile.map(cardLabel).join(" ");
        const pile = ["I", "II", "III"][state.round - 1];
        const content = panelOf(state).content;
        expect(content).toContain(
          `🧠 Only you see this — lost since the last reshuffle (${memory.lost.length} card${memory.lost.length === 1 ? "" : "s"}): ${lost}.`,
        );
        expect(content).toContain(`🧠 So still in draw pile ${pile} (`);
        expect(content).toContain(`order unknown): ${left}.`);
        // The public side: the table's status, its words (the picture's alt text), and the panel picture's alt.
        const table = fourKings.publicView(state);
        const publicText = [
          fourKingsUi.tableStatus(table, {}, wordsFor("en")),
          ...fourKingsUi.describeTable(table, {}, wordsFor("en")),
          panelOf(state).pictures[0]?.alt ?? "",
          JSON.stringify(table),
          JSON.stringify(fourKingsUi.tablePicture(table, {}, "en").args),
        ].join("\n");
        expect(publicText).not.toContain("🧠");
        // The last turn's stacks are on the table face up; what went to the lost pile before them is memory only.
        const lastTurn = state.lastTurn?.stacks.flatMap((st) => [st.drawn, ...st.placed]) ?? [];
        const remembered = memory.lost.filter((c) => !lastTurn.some((l) => sameCard(l, c)));
        for (const c of remembered) expect(publicText).not.toContain(cardLabel(c));
        if (remembered.length > 0) checked++;
        // The table picture is drawn from the public view only: the memory is not there to draw.
        expect(table).not.toHaveProperty("memory");
      }
      const r = fourKings.apply(state, PLAYER, greedyMove(state));
      if (!r.ok) throw new Error("refused");
      state = r.state;
    }
    expect(checked).toBeGreaterThan(2);
  });
});
