import { describe, expect, it } from "vitest";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { renderTwelvesTable } from "../../../src/games/twelves/render.js";
import { twelvesUi } from "../../../src/games/twelves/ui.js";
import { en as twelvesEn } from "../../../src/games/twelves/words/en.js";
import { rules as twelvesRules } from "../../../src/games/twelves/words/rules.js";
import { type Words, wordsFor } from "../../../src/i18n/index.js";
import { jobText } from "../../../src/render/jobs.js";
import { recordLabels } from "../../../src/render/primitives.js";
import { panelHarness, partsOf } from "../../support/panels.js";
import { ANN, BOB, CONFIRM, card, columns, fresh, must, playing, proposal } from "./fixtures.js";

const NAMES = { [ANN]: "Ann", [BOB]: "Bob" };
const { open, click } = panelHarness(twelvesUi, NAMES);

function panel(state: TwelvesState, player: string, words?: Words) {
  const payload = open(state, player, { words });
  return { payload, parts: partsOf(payload) };
}

describe("Twelves panel on the kit", () => {
  it("the agreement: four proposals as seat codes, Confirm only for the other player, and clicks read back", () => {
    const proposed = must(fresh(), ANN, proposal(BOB, ANN));
    const ann = panel(proposed, ANN);
    expect(ann.payload.content).toMatch(
      /You proposed: \*\*Bob\*\* collects twelves, \*\*you\*\* collect fourteens, \*\*you\*\* start/,
    );
    expect(ann.parts.map((p) => p.custom_id)).toEqual([
      "g:7:3:prop:0-0",
      "g:7:3:prop:0-1",
      "g:7:3:prop:1-0",
      "g:7:3:prop:1-1",
      "g:7:3:refresh",
    ]);
    expect(ann.parts.filter((p) => p.disabled).map((p) => p.custom_id)).toEqual(["g:7:3:prop:1-0"]);
    const bob = panel(proposed, BOB);
    expect(bob.payload.content).toMatch(/Ann proposes/);
    expect(bob.parts[0]).toMatchObject({
      custom_id: "g:7:3:confirm",
      label: "Confirm: I collect twelves, Ann starts",
    });
    // The proposed outcome is offered once (as Confirm), not again as a proposal of Bob's own.
    expect(bob.parts.map((p) => p.label)).not.toContain("I collect twelves, Ann starts");
    expect(bob.parts.map((p) => p.custom_id)).toEqual([
      "g:7:3:confirm",
      "g:7:3:prop:1-1",
      "g:7:3:prop:0-1",
      "g:7:3:prop:0-0",
      "g:7:3:refresh",
    ]);
    expect(click(proposed, BOB, "prop", ["1-0"])).toEqual({ kind: "move", move: proposal(BOB, ANN) });
    expect(click(proposed, BOB, "confirm")).toEqual({ kind: "move", move: CONFIRM });
    for (const args of [["2-0"], ["1"], ["1", "0"], ["x-0"], []]) {
      expect(click(proposed, BOB, "prop", args).kind, JSON.stringify(args)).toBe("refuse");
    }
  });

  it("the active player's selects offer each legal pair once; the waiting player only waits", () => {
    const state = playing(columns("4H", "8S", "10D", "2C", "QH", "KC"), "twelve");
    const { parts, payload } = panel(state, ANN);
    const offered = parts.flatMap((p) => p.options?.map((o) => o.value) ?? []);
    expect(offered).toEqual(["0-1", "2-3", "4-5"]);
    expect(payload.content).toMatch(/Choose a pair of top cards \(3 possible\)/);
    expect(parts.at(-1)?.custom_id).toBe("g:7:3:refresh");
    expect(click(state, ANN, "pair", ["0"], ["2-3"])).toEqual({
      kind: "move",
      move: { type: "takePair", columns: [2, 3] },
    });
    for (const values of [["13-0"], ["2"], ["a-b"], []]) {
      expect(click(state, ANN, "pair", ["0"], values).kind, JSON.stringify(values)).toBe("refuse");
    }
    expect(click(state, ANN, "nonsense").kind).toBe("refuse");
    const waiting = panel(state, BOB);
    expect(waiting.payload.content).toMatch(
      /You collect \*\*fourteens\*\*\.\nWaiting for Ann to take a pair worth 12/,
    );
    expect(waiting.parts.map((p) => p.custom_id)).toEqual(["g:7:3:refresh"]);
  });

  it("speaks Dutch to a Dutch reader: agreement buttons, Confirm, turn text and the table status", () => {
    const nl = wordsFor("nl");
    const start = panel(fresh(), ANN, nl);
    expect(start.payload.content).toMatch(/Spreek eerst af/);
    expect(start.parts.map((p) => p.label)).toEqual([
      "Ik doe twaalven, ik begin",
      "Ik doe twaalven, Bob begint",
      "Ik doe veertienen, ik begin",
      "Ik doe veertienen, Bob begint",
      "Vernieuwen",
    ]);
    const proposed = must(fresh(), ANN, proposal(BOB, ANN));
    const bob = panel(proposed, BOB, nl);
    expect(bob.payload.content).toMatch(
      /Ann stelt voor: \*\*jij\*\* verzamelt twaalven, \*\*Ann\*\* verzamelt veertienen, \*\*Ann\*\* begint/,
    );
    expect(bob.parts[0]?.label).toBe("Bevestigen: ik doe twaalven, Ann begint");
    expect(twelvesUi.tableStatus(twelves.publicView(proposed), NAMES, nl)).toMatch(
      /^Ann stelt voor: .* — Bob, bevestig of doe een ander voorstel\.$/,
    );

    const state = playing(columns("4H", "8S", "10D", "2C", "QH", "KC"), "twelve");
    const turn = panel(state, ANN, nl);
    expect(turn.payload.content).toMatch(/Jouw beurt — je verzamelt \*\*twaalven\*\*/);
    expect(turn.parts[0]?.options?.[0]?.label).toMatch(/\(kolom 1\) \+ .* \(kolom 2\)/);
    expect(panel(state, BOB, nl).payload.content).toMatch(
      /Jij verzamelt \*\*veertienen\*\*\.\nWachten op Ann \(een paar van 12 pakken\)/,
    );
    expect(twelvesUi.tableStatus(twelves.publicView(state), NAMES, nl)).toMatch(
      /^Ann pakt een paar van 12 · paren: Ann \(twaalven\) 0, Bob \(veertienen\) 0 · nog \d+ kaart(en)?\.$/,
    );
    // The same moment in English reads as before.
    expect(twelvesUi.tableStatus(twelves.publicView(state), NAMES, wordsFor("en"))).toMatch(
      /^Ann to take a pair worth 12 · pairs: Ann \(twelves\) 0, Bob \(fourteens\) 0 · \d+ cards? left\.$/,
    );
  });

  it("every panel shows the very picture of the public table, so the two are drawn once; the columns that pair are named in the turn panel's lines", () => {
    // Column 7's 5♦ makes no twelve with any top card.
    const state = playing(columns("4H", "8S", "10D", "2C", "QH", "KC", "5D"), "twelve");
    const table = jobText(twelvesUi.tablePicture(twelves.publicView(state), NAMES, "en"));
    expect(panel(state, BOB).payload.pictures.map((p) => p.text)).toEqual([table]);
    const turn = panel(state, ANN);
    expect(turn.payload.pictures.map((p) => p.text)).toEqual([table]);
    expect(
      turn.payload.pictures.map((p) => [p.name.replace(/-[0-9a-f]{12}\.png$/, ".png"), p.job.painter]),
    ).toEqual([["twelves-panel.png", "twelves.table"]]);
    expect(turn.payload.content).toContain("Columns whose top card pairs: 1, 2, 3, 4, 5 and 6.");
    expect(turn.parts.flatMap((p) => p.options?.map((o) => o.value) ?? [])).toEqual(["0-1", "2-3", "4-5"]);
    expect(panel(state, ANN, wordsFor("nl")).payload.content).toContain(
      "Kolommen waarvan de bovenste kaart een paar vormt: 1, 2, 3, 4, 5 en 6.",
    );
    // The waiting player is told no columns.
    expect(panel(state, BOB).payload.content).not.toContain("Columns whose top card pairs");
    // While agreeing too: each player's panel is the table's picture.
    const proposed = must(fresh(), ANN, proposal(BOB, ANN));
    const agreeing = jobText(twelvesUi.tablePicture(twelves.publicView(proposed), NAMES, "en"));
    for (const player of [ANN, BOB]) {
      expect(panel(proposed, player).payload.pictures.map((p) => p.text)).toEqual([agreeing]);
    }
  });
});

describe("Twelves in words", () => {
  it("a won table's alt text says every column is cleared and each player's total, not thirteen empty columns", () => {
    const pair = [card("QS"), card("KH")] as [ReturnType<typeof card>, ReturnType<typeof card>];
    const won = {
      ...playing(columns(...Array.from({ length: 13 }, () => ""))),
      phase: "over" as const,
      endReason: "allTaken" as const,
      pairs: { [ANN]: Array.from({ length: 13 }, () => pair), [BOB]: Array.from({ length: 13 }, () => pair) },
    };
    for (const [words, cleared, total] of [
      [wordsFor("en"), "Every column is cleared.", "Ann collects twelves: 13 pairs"],
      [wordsFor("nl"), "Alle kolommen zijn leeg.", "Ann verzamelt twaalven: 13 paren"],
    ] as const) {
      const alt = twelvesUi.describeTable(twelves.publicView(won), NAMES, words);
      expect(alt).toContain(cleared);
      expect(alt).toContain(total);
      expect(alt.join("\n")).not.toContain(
        words("kit.alt.column", { column: 1, cards: words("kit.alt.empty") }),
      );
      expect(alt.join("\n").length).toBeLessThan(300);
    }
  });

  it("names the game by its title and the roles twelves and fourteens, never '12s' or '14s', in every English text a player reads", () => {
    const en = wordsFor("en");
    const texts = [...Object.entries(twelvesEn).map(([key, text]) => `${key}: ${text}`), twelvesRules.en];
    for (const text of texts) expect(text).not.toMatch(/\b1[24]s\b/);
    const title = recordLabels(() =>
      renderTwelvesTable(twelves.publicView(fresh()), { names: NAMES, locale: "en" }),
    ).map((l) => l.text);
    expect(title).toContain(en("game.twelves.title"));
  });
});
