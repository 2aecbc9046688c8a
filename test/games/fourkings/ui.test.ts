import { describe, expect, it } from "vitest";
import type { Payload } from "../../../src/bot/ui/types.js";
import { type Card, cardLabel, sameCard } from "../../../src/engine/core/cards.js";
import {
  type FourKingsMove,
  type FourKingsState,
  fourKings,
  greedyMove,
} from "../../../src/games/fourkings/engine/index.js";
import { type FourKingsSelection, fourKingsUi, maskCodec } from "../../../src/games/fourkings/ui.js";
import { t, type Words, wordsFor } from "../../../src/i18n/index.js";
import {
  expectDiscordLimits,
  type PanelPart,
  panelHarness,
  partsOf,
  partWith,
  selectionOf,
} from "../../support/panels.js";

const PLAYER = "p";
type Selection = FourKingsSelection | null;
const harness = panelHarness(fourKingsUi, { [PLAYER]: "Alice" });

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
    for (const [suitIndex, suit] of ["S", "H", "D", "C"].entries()) {
      const wanted = move.cards.filter((c) => c.suit === suit);
      if (wanted.length === 0) continue;
      const values = wanted.map((c) => String(state.controlled.findIndex((k) => sameCard(k, c))));
      // A suit with one controlled card is a button, the others a menu.
      const lone = state.controlled.filter((c) => c.suit === suit).length === 1 && handSizeOf(state) > 1;
      const control = lone ? partWith(payload, "ht", values[0]) : partWith(payload, "hs", String(suitIndex));
      payload = panelOf(state, selectionOf(click(state, control, lone ? [] : values)));
      expectDiscordLimits(payload);
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

const handSizeOf = (state: FourKingsState): number => fourKings.privateView(state, PLAYER).handSize;

/** The index of a controlled card that is the only one of its suit, if any. */
function lonely(state: FourKingsState): number | null {
  const index = state.controlled.findIndex(
    (c) => state.controlled.filter((k) => k.suit === c.suit).length === 1,
  );
  return index < 0 ? null : index;
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

  it("enables Confirm hand only at the exact hand size, and warns when too many are chosen", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    let payload = panelOf(state);
    expect(partWith(payload, "hand").disabled).toBe(true);
    // Spades: three of them, then hearts: three more = 6 of 5.
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "hs", "0"), ["0", "1", "2"])));
    expect(payload.content).toContain("Chosen so far (3 of 5)");
    expect(partWith(payload, "hand").disabled).toBe(true);
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "hs", "1"), ["3", "4", "5"])));
    expect(payload.content).toMatch(/1 too many/);
    expect(partWith(payload, "hand").disabled).toBe(true);
    payload = panelOf(state, selectionOf(click(state, partWith(payload, "hs", "1"), ["3", "4"])));
    expect(partWith(payload, "hand").disabled).toBe(false);
    // The spade select still shows its three cards as chosen.
    expect(partWith(payload, "hs", "0").options?.filter((o) => o.default)).toHaveLength(3);
    // Clear is the kit's Back (the shared handler redraws with nothing chosen); Refresh is always there.
    expect(partWith(payload, "back").custom_id).toBe("g:7:3:back");
    expect(() => partWith(panelOf(state), "back")).toThrow();
    expect(partWith(panelOf(state), "refresh").custom_id).toBe("g:7:3:refresh");
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
    expect(payload.content).toContain(
      `The cards placed on ${cardLabel(state.drawn[0] as Card)} must all be of one suit.`,
    );
    expect(payload.content).toContain("Nothing was changed");
    expect(partWith(payload, "assign").args).toEqual(before);
    // A notice from the shared handler comes after the refusal, both above the panel's own lines.
    const selection = selectionOf(click(state, partWith(panelOf(state), "as", "0"), [String(a), String(b)]));
    const lines = panelOf(state, selection, "NOTICE").content?.split("\n") ?? [];
    expect(lines[0]).toMatch(/^⚠️ .*Nothing was changed\.$/);
    expect(lines[1]).toBe("NOTICE");
    expect(lines[2]).toMatch(/^\*\*Four Kings\*\*/);
    expect(panelOf(state, null, "NOTICE").content?.split("\n")[0]).toBe("NOTICE");
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
    expect(payload.content).toContain("precies **5** kaarten voor je hand");
    expect(payload.content).toContain("Tot nu toe gekozen (0 van 5): nog niets");
    expect(payload.content).not.toMatch(/Choose|Chosen|Confirm|round/);
    const labels = partsOf(payload).map((c) => (c as { label?: string }).label);
    expect(labels).toEqual(expect.arrayContaining(["Hand bevestigen (0/5)", "Vernieuwen"]));
    const spades = partWith(payload, "hs", "0");
    expect((spades as { placeholder?: string }).placeholder).toBe("♠ schoppen: niets gekozen");
    expect(spades.options?.[0]).toMatchObject({ description: expect.stringMatching(/^waarde \d+$/) });
    payload = panelOf(state, selectionOf(click(state, spades, ["0", "1"])), null, nl);
    expect(payload.content).toContain("Tot nu toe gekozen (2 van 5): **");
    expect(partWith(payload, "back")).toMatchObject({ label: "Wissen" });
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

  it("every suit's menu waits for Choose (several cards at once); a suit with a single card is a button that puts it in and takes it out", () => {
    let seen = 0;
    for (let seed = 1; seed <= 40 && seen < 3; seed++) {
      const state = greedyUntil(
        seed,
        (s) =>
          fourKings.outcome(s) !== null ||
          (s.phase === "chooseHand" && handSizeOf(s) > 1 && lonely(s) !== null),
      );
      if (state.phase !== "chooseHand") continue;
      seen++;
      const payload = panelOf(state);
      for (const c of partsOf(payload).filter((c) => c.custom_id.split(":")[3] === "hs"))
        expect(c.max_values, c.placeholder).toBeGreaterThan(1);
      const index = lonely(state) as number;
      const card = cardLabel(state.controlled[index] as Card);
      const add = partWith(payload, "ht", String(index));
      expect(add.label).toBe(`Add ${card}`);
      const added = panelOf(state, selectionOf(click(state, add)));
      expect(added.content).toContain(card);
      const remove = partWith(added, "ht", String(index));
      expect(remove.label).toBe(`✓ ${card} (take out)`);
      expect(selectionOf(click(state, remove))).toEqual({ kind: "hand", chosen: [] });
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("a hand card not placed goes back to the controlled cards, and the panel says so", () => {
    const line = t("fourkings.ui.backInControl", { cards: "2♠" });
    expect(line).toBe("Back in control: 2♠ — hand cards you did not place go back to your controlled cards.");
    expect(t("fourkings.ui.backInControl", { cards: "2♠" }, "nl")).toMatch(
      /^Weer onder controle: 2♠ — handkaarten die je niet legde/,
    );
  });

  it("refuses forged arguments as malformed, changing nothing", () => {
    const state = fourKings.setup([PLAYER], { peek: false }, 155);
    const forged: [string, string[], string[]][] = [
      ["hs", ["4", "0"], []],
      ["hs", ["0", "zz"], ["0"]],
      ["hs", ["0", "0"], ["3"]],
      ["hand", ["fffffffffffff"], []],
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

  it("never names a draw-pile card the player has not seen", () => {
    let state = fourKings.setup([PLAYER], { peek: false }, 155);
    for (let step = 0; step < 10; step++) {
      const seen = state.lastTurn?.stacks.flatMap((s) => [s.drawn, ...s.placed]) ?? [];
      const hidden = state.drawPiles.flat().filter((c) => !seen.some((s) => sameCard(s, c)));
      const content = panelOf(state).content;
      for (const c of hidden) expect(content).not.toContain(cardLabel(c));
      const r = fourKings.apply(state, PLAYER, greedyMove(state));
      if (!r.ok) throw new Error("refused");
      state = r.state;
    }
  });
});
