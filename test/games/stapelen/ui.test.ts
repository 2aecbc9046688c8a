import { describe, expect, it } from "vitest";
import { stapelen } from "../../../src/games/stapelen/engine/index.js";
import type { StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { stapelenUi } from "../../../src/games/stapelen/ui.js";
import { type Words, wordsFor } from "../../../src/i18n/index.js";
import { jobText } from "../../../src/render/jobs.js";
import { panelHarness, partsOf } from "../../support/panels.js";
import { ANN, BOB, piles, place, playing } from "./fixtures.js";

const NAMES = { [ANN]: "Ann", [BOB]: "Bob" };
const harness = panelHarness(stapelenUi, NAMES);

function panel(state: StapelenState, player: string, selection: number | null = null, words?: Words) {
  const payload = harness.open(state, player, { selection, words });
  return { payload, parts: partsOf(payload) };
}

const click = (state: StapelenState, action: string, args: string[] = [], values: string[] = []) =>
  harness.click(state, ANN, action, args, values);

// Ann to move: 2C fits her empty foundation 2; KS too; AH fits foundation 1 (on KD) and 2.
const STATE = playing(piles("5H 2C", "", "KS", "9D AH"), piles("KD", "", "8C"));

describe("Stacking panel on the kit", () => {
  it("the picker: a select of the columns that fit, then one button per foundation once a column is chosen", () => {
    const first = panel(STATE, ANN);
    // Each foundation in plain words: what it shows and what it takes next.
    expect(first.payload.content).toContain(
      "Your foundations: 1 shows K♦, takes A next · 2 is empty, takes any card",
    );
    expect(first.parts.map((p) => p.custom_id)).toEqual(["g:7:3:col", "g:7:3:refresh"]);
    expect(first.parts[0]?.options?.map((o) => [o.value, o.label, o.description])).toEqual([
      ["0", "2♣ (column 1)", "fits your foundation 2"],
      ["2", "K♠ (column 3)", "fits your foundation 2"],
      ["3", "A♥ (column 4)", "fits your foundations 1, 2"],
    ]);
    expect(
      first.payload.pictures.map((p) => [p.name.replace(/-[0-9a-f]{12}\.png$/, ".png"), p.job.painter]),
    ).toEqual([["stapelen-panel.png", "stapelen.table"]]);

    const chosen = panel(STATE, ANN, 3);
    expect(chosen.payload.content).toMatch(/Where does \*\*A♥ \(column 4\)\*\* go\?/);
    expect(chosen.parts[0]?.options?.find((o) => o.default)?.value).toBe("3");
    expect(chosen.parts.slice(1).map((p) => [p.custom_id, p.label, p.disabled])).toEqual([
      ["g:7:3:place:3:0", "Foundation 1 on K♦", false],
      ["g:7:3:place:3:1", "Foundation 2 (empty)", false],
      ["g:7:3:place:3:2", "Foundation 3 on 8♣", true],
      ["g:7:3:back", "Back", false],
      ["g:7:3:refresh", "Refresh", false],
    ]);
    // A chosen column that no longer fits (the panel is older than the move) shows no targets.
    expect(panel(STATE, ANN, 1).parts.map((p) => p.custom_id)).toEqual(["g:7:3:col", "g:7:3:refresh"]);
  });

  it("clicks read back through the codecs: a column is a selection, a target is the whole move", () => {
    expect(click(STATE, "col", [], ["3"])).toEqual({ kind: "panel", selection: 3 });
    expect(click(STATE, "place", ["3", "1"])).toEqual({ kind: "move", move: place(3, 1) });
    for (const [action, args, values] of [
      ["col", [], ["13"]],
      ["col", [], ["x"]],
      ["col", [], []],
      ["place", ["3", "3"], []],
      ["place", ["13", "0"], []],
      ["place", ["3"], []],
      ["pass", [], []],
    ] as const) {
      expect(click(STATE, action, [...args], [...values]).kind, `${action} ${args} ${values}`).toBe("refuse");
    }
  });

  it("a panel shows the very picture of the public table, whatever is chosen in it: a choice costs no picture", () => {
    const table = jobText(stapelenUi.tablePicture(stapelen.publicView(STATE), NAMES, "en"));
    // Bob waits: his panel shows the table as everyone sees it.
    expect(panel(STATE, BOB).payload.pictures.map((p) => p.text)).toEqual([table]);
    // Ann's turn, before and after she chooses a column: the same picture, only the controls change.
    const open = panel(STATE, ANN);
    expect(open.payload.pictures.map((p) => p.text)).toEqual([table]);
    const column = stapelen.legalMoves(STATE, ANN)[0]!.column;
    const chosen = panel(STATE, ANN, column);
    expect(chosen.payload.pictures.map((p) => p.text)).toEqual([table]);
    expect(chosen.parts.map((p) => p.custom_id)).not.toEqual(open.parts.map((p) => p.custom_id));
  });

  it("the waiting player waits, and the finished game shows the result", () => {
    const bob = panel(STATE, BOB);
    expect(bob.payload.content).toMatch(/^Waiting for Ann to place a card; you will be mentioned/);
    expect(bob.payload.content).toMatch(/Your foundations: 1 is empty, takes any card/);
    expect(bob.parts.map((p) => p.custom_id)).toEqual(["g:7:3:refresh"]);
    const over = { ...STATE, phase: "over" as const, endReason: "stuck" as const };
    const done = panel(over, ANN);
    expect(done.payload.content).toBe(
      "This game is over.\n• Ann: 2 cards stacked — loss\n• Bob: 0 cards stacked — loss",
    );
    expect(done.parts).toEqual([]);
  });
});

describe("Stacking in Dutch", () => {
  const NL = wordsFor("nl");

  it("a Dutch reader's panel shows Dutch words, and the table's status follows the server's language", () => {
    const first = panel(STATE, ANN, null, NL);
    expect(first.payload.content).toMatch(/^Jouw beurt: pak een bovenste kaart/);
    expect(first.payload.content).toContain(
      "Je fundamenten: 1 toont H♦, hierna past A · 2 is leeg, elke kaart past",
    );
    expect(first.parts[0]?.options?.map((o) => [o.label, o.description])).toEqual([
      ["2♣ (kolom 1)", "past op je fundament 2"],
      ["H♠ (kolom 3)", "past op je fundament 2"],
      ["A♥ (kolom 4)", "past op je fundamenten 1, 2"],
    ]);
    expect(first.payload.pictures[0]?.job.args[1]).toMatchObject({ locale: "nl" });

    const chosen = panel(STATE, ANN, 3, NL);
    expect(chosen.payload.content).toContain("Waar moet **A♥ (kolom 4)** heen?");
    expect(chosen.parts.slice(1).map((p) => p.label)).toEqual([
      "Fundament 1 op H♦",
      "Fundament 2 (leeg)",
      "Fundament 3 op 8♣",
      "Terug",
      "Vernieuwen",
    ]);
    expect(panel(STATE, BOB, null, NL).payload.content).toMatch(/^Wachten op Ann \(een kaart leggen\)/);
    const over = { ...STATE, phase: "over" as const, endReason: "stuck" as const };
    expect(panel(over, ANN, null, NL).payload.content).toBe(
      "Dit spel is afgelopen.\n• Ann: 2 kaarten gestapeld — verloren\n• Bob: 0 kaarten gestapeld — verloren",
    );

    const table = stapelen.publicView(STATE);
    expect(stapelenUi.tableStatus(table, NAMES, NL)).toBe(
      `Ann legt een bovenste kaart · gestapeld: Ann 2, Bob 0 · nog ${table.cardsLeft} kaarten.`,
    );
    expect(stapelenUi.tablePicture(table, NAMES, "nl").args[1]).toMatchObject({ locale: "nl" });
  });
});

describe("A won Stacking table in words", () => {
  const won = {
    ...playing(piles(...Array.from({ length: 13 }, () => "")), piles("QH KS", "2D", ""), piles("9C", "", "")),
    phase: "over" as const,
    endReason: "allTaken" as const,
  };

  it("calls every finished foundation complete and the cleared tableau cleared, never 'takes … next' or thirteen empty columns", () => {
    for (const [words, complete, cleared, next] of [
      [wordsFor("en"), "1 is complete with K♠ on top", "Every column is cleared.", /takes \S+ next/],
      [wordsFor("nl"), "1 is af, met H♠ bovenop", "Alle kolommen zijn leeg.", /hierna past/],
    ] as const) {
      const alt = stapelenUi.describeTable(stapelen.publicView(won), NAMES, words).join("\n");
      expect(alt).toContain(complete);
      expect(alt).toContain(cleared);
      expect(alt).not.toMatch(next);
      expect(alt).not.toContain(words("kit.alt.column", { column: 13, cards: words("kit.alt.empty") }));
    }
  });
});
