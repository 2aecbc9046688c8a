import { describe, expect, it } from "vitest";
import type { Payload } from "../../../src/bot/ui/types.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import type { SirTommySource, SirTommyState } from "../../../src/games/sirtommy/engine/types.js";
import { sirTommyUi } from "../../../src/games/sirtommy/ui.js";
import { type Words, wordsFor } from "../../../src/i18n/index.js";
import { jobText } from "../../../src/render/jobs.js";
import { panelHarness, partsOf } from "../../support/panels.js";
import { ANN, BOB, cards, fresh, must, piles, playing, proposeAscending } from "./fixtures.js";

const NAMES = { [ANN]: "Ann", [BOB]: "Bob" };
const harness = panelHarness(sirTommyUi, NAMES);

const panelOf = (
  state: SirTommyState,
  userId: PlayerId,
  selection: SirTommySource | null = null,
  words?: Words,
): Payload => harness.open(state, userId, { selection, words });

/** A click on the component whose custom_id ends in `action[:args]`. */
function click(state: SirTommyState, userId: PlayerId, customArgs: string, values: string[] = []) {
  const [action = "", ...args] = customArgs.split(":");
  return harness.click(state, userId, action, args, values);
}

describe("Sir Tommy's panel", () => {
  it("agrees who is Ascending with the kit's agreement: seats in custom_ids, Confirm for the other player", () => {
    const start = panelOf(fresh(), ANN);
    expect(start.content).toMatch(/Who builds up from the Aces/);
    expect(partsOf(start).map((c) => [c.action, c.args.join(), c.label])).toEqual([
      ["prop", "0", "I'm Ascending"],
      ["prop", "1", "You're Ascending (Bob)"],
      ["refresh", "", "Refresh"],
    ]);
    expect(click(fresh(), ANN, "prop:1")).toEqual({ kind: "move", move: proposeAscending(BOB) });
    expect(click(fresh(), ANN, "prop:2").kind).toBe("refuse");

    const proposed = must(fresh(), ANN, proposeAscending(BOB));
    const mine = panelOf(proposed, ANN);
    expect(mine.content).toMatch(/You proposed: \*\*Bob\*\* is Ascending/);
    expect(partsOf(mine).find((c) => c.args[0] === "1")?.disabled).toBe(true);
    expect(partsOf(mine).some((c) => c.action === "confirm")).toBe(false);
    const theirs = panelOf(proposed, BOB);
    expect(theirs.content).toMatch(/Ann proposes: \*\*you\*\* are Ascending/);
    // The proposed outcome is offered once, as Confirm; the other way stays a proposal.
    expect(partsOf(theirs).map((c) => [c.action, c.label])).toEqual([
      ["confirm", "Confirm: I'm Ascending"],
      ["prop", "You're Ascending (Ann)"],
      ["refresh", "Refresh"],
    ]);
    expect(click(proposed, BOB, "confirm")).toEqual({ kind: "move", move: { type: "confirm" } });
  });

  it("moves a card with the two-step picker: the card, then a foundation or (drawn cards) a row", () => {
    const state = playing({ drawn: cards("AS 7H"), rows: piles("2C", "", "", "") });
    const panel = panelOf(state, ANN);
    const pick = partsOf(panel).find((c) => c.action === "pick");
    expect(pick?.options?.map((o) => [o.value, o.description])).toEqual([
      ["d0", "fits your foundation 1, 2, 3, 4"],
      ["d1", "fits none of your foundations: put it on a row"],
    ]);
    expect(partsOf(panel).map((c) => c.action)).toEqual(["pick", "end", "refresh"]);
    const chosen = click(state, ANN, "pick", ["d1"]);
    expect(chosen).toEqual({ kind: "panel", selection: { kind: "drawn", index: 1 } });

    const second = panelOf(state, ANN, { kind: "drawn", index: 1 });
    expect(second.content).toMatch(/Where does \*\*7♥ \(drawn\)\*\* go\?/);
    const targets = partsOf(second).filter((c) => c.action === "found" || c.action === "row");
    expect(targets.map((c) => [c.action, c.args.join(":"), c.disabled])).toEqual([
      ["found", "d1:0", true],
      ["found", "d1:1", true],
      ["found", "d1:2", true],
      ["found", "d1:3", true],
      ["row", "1:0", false],
      ["row", "1:1", false],
      ["row", "1:2", false],
      ["row", "1:3", false],
    ]);
    expect(partsOf(second).at(-2)?.action).toBe("back");
    expect(click(state, ANN, "row:1:2")).toEqual({
      kind: "move",
      move: { type: "toRow", drawnIndex: 1, row: 2 },
    });
    expect(click(state, ANN, "found:d0:3")).toEqual({
      kind: "move",
      move: { type: "toFoundation", from: { kind: "drawn", index: 0 }, foundation: 3 },
    });
    // A row top travels as "r<row>", a row with no card is not a source; forged indexes are refused.
    expect(click(state, ANN, "found:r0:0").kind).toBe("move");
    for (const forged of ["found:r1:0", "found:d2:0", "found:d0:4", "row:2:0", "row:0:4", "nonsense"]) {
      expect(click(state, ANN, forged).kind, forged).toBe("refuse");
    }
    expect(click(state, ANN, "pick", ["x"]).kind).toBe("refuse");
  });

  it("every panel shows the very picture of the public table, whatever is chosen in it: what fits and what is chosen live in its lines and controls", () => {
    // Ann builds up on empty foundations: only the drawn A♠ fits, not 7♥ nor the 2♣ atop row 1.
    const state = playing({ drawn: cards("AS 7H"), rows: piles("2C", "", "", ""), stock: cards("3D 4D") });
    const table = jobText(sirTommyUi.tablePicture(sirTommy.publicView(state), NAMES, "en"));
    const pictures = (payload: Payload) => payload.pictures.map((p) => p.text);
    const open = panelOf(state, ANN);
    expect(pictures(open)).toEqual([table]);
    expect(open.pictures.map((p) => [p.name.replace(/-[0-9a-f]{12}\.png$/, ".png"), p.job.painter])).toEqual([
      ["sirtommy-panel.png", "sirtommy.table"],
    ]);
    expect(open.content).toContain("Fits one of your foundations now: A♠ (drawn).");
    expect(open.content).not.toMatch(/green|gold/);
    // Choosing a card changes the lines and the controls, not the picture.
    const chosen = panelOf(state, ANN, { kind: "drawn", index: 0 });
    expect(pictures(chosen)).toEqual([table]);
    expect(chosen.content).toMatch(/Where does \*\*A♠ \(drawn\)\*\* go\?/);
    expect(
      partsOf(chosen)
        .find((c) => c.action === "pick")
        ?.options?.find((o) => o.default)?.value,
    ).toBe("d0");
    expect(
      partsOf(chosen)
        .filter((c) => c.action === "found")
        .map((c) => c.disabled),
    ).toEqual([false, false, false, false]);
    expect(partsOf(chosen).map((c) => c.custom_id)).not.toEqual(partsOf(open).map((c) => c.custom_id));
    // The waiting player and the agreement show the table's picture too.
    expect(pictures(panelOf(state, BOB))).toEqual([table]);
    const proposed = must(fresh(), ANN, proposeAscending(BOB));
    const agreeing = jobText(sirTommyUi.tablePicture(sirTommy.publicView(proposed), NAMES, "en"));
    for (const player of [ANN, BOB]) expect(pictures(panelOf(proposed, player))).toEqual([agreeing]);
    // Nothing fits: said so, in both languages.
    const stuck = playing({ drawn: cards("7H"), rows: piles("2C", "", "", ""), stock: cards("3D 4D") });
    expect(panelOf(stuck, ANN).content).toContain("No card fits any of your foundations now.");
    expect(panelOf(stuck, ANN, null, wordsFor("nl")).content).toContain(
      "Geen enkele kaart past nu op je fundamenten.",
    );
    expect(panelOf(state, ANN, null, wordsFor("nl")).content).toContain(
      "Past nu op een van je fundamenten: A♠ (getrokken).",
    );
  });

  it("the waiting player sees who is awaited and Refresh only", () => {
    const panel = panelOf(playing({ drawn: cards("AS") }), BOB);
    expect(panel.content).toMatch(/Waiting for Ann to play/);
    expect(panel.content).toMatch(/You are ▼ Descending/);
    expect(partsOf(panel).map((c) => c.action)).toEqual(["refresh"]);
  });

  it("speaks Dutch to a Dutch reader: agreement and move buttons, turn text and the table status", () => {
    const nl = wordsFor("nl");
    const start = panelOf(fresh(), ANN, null, nl);
    expect(start.content).toMatch(/Wie bouwt op vanaf de azen\?/);
    expect(partsOf(start).map((c) => c.label)).toEqual([
      "Ik ben Oplopend",
      "Jij bent Oplopend (Bob)",
      "Vernieuwen",
    ]);
    const proposed = must(fresh(), ANN, proposeAscending(BOB));
    const theirs = panelOf(proposed, BOB, null, nl);
    expect(theirs.content).toMatch(/Ann stelt voor: \*\*jij\*\* bent Oplopend/);
    expect(partsOf(theirs).find((c) => c.action === "confirm")?.label).toBe("Bevestigen: ik ben Oplopend");
    expect(sirTommyUi.tableStatus(sirTommy.publicView(proposed), NAMES, nl)).toBe(
      "Ann stelt voor dat Bob Oplopend is — Bob, bevestig of stel het omgekeerde voor.",
    );

    const state = playing({ drawn: cards("AS 7H"), rows: piles("2C", "", "", ""), stock: cards("3D 4D") });
    const turn = panelOf(state, ANN, { kind: "drawn", index: 1 }, nl);
    expect(turn.content).toMatch(/Jouw beurt — je bouwt \*\*op vanaf de azen \(A→H\)\*\*/);
    expect(turn.content).toMatch(/Waar moet \*\*7♥ \(getrokken\)\*\* heen\?/);
    const labels = partsOf(turn).map((c) => c.label ?? c.options?.map((o) => o.description).join(" | "));
    expect(labels).toEqual([
      "past op je fundament 1, 2, 3, 4 | past op geen van je fundamenten: leg hem op een rij",
      "Fundament 1 (leeg)",
      "Fundament 2 (leeg)",
      "Fundament 3 (leeg)",
      "Fundament 4 (leeg)",
      "Rij 1 op 2♣",
      "Rij 2 (leeg)",
      "Rij 3 (leeg)",
      "Rij 4 (leeg)",
      "Beurt beëindigen",
      "Terug",
      "Vernieuwen",
    ]);
    expect(panelOf(state, BOB, null, nl).content).toMatch(
      /Wachten op Ann \(aan de beurt\).*\nJij bent ▼ Aflopend\./,
    );
    expect(sirTommyUi.tableStatus(sirTommy.publicView(state), NAMES, nl)).toBe(
      "Ann is aan de beurt (▲ Oplopend): nog 2 getrokken kaarten te leggen · trekstapel 2 · op fundamenten: Ann 0, Bob 0.",
    );
    // The same moment in English reads as before.
    expect(sirTommyUi.tableStatus(sirTommy.publicView(state), NAMES, wordsFor("en"))).toBe(
      "Ann's turn (▲ Ascending): 2 drawn cards to place · stock 2 · on foundations: Ann 0, Bob 0.",
    );
  });
});
