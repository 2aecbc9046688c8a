import { describe, expect, it } from "vitest";
import { discordRow } from "../../../src/bot/ui/components.js";
import type { Row } from "../../../src/bot/ui/controls.js";
import {
  agreementPanel,
  confirmPanel,
  decodeAll,
  enumCodec,
  indexCodec,
  navRow,
  type Picker,
  pairCodec,
  pickerRows,
  readAgreement,
  readPick,
  seatCodec,
  waitingPanel,
} from "../../../src/bot/ui/kit.js";
import { propose } from "../../../src/engine/core/agreement.js";
import { wordsFor } from "../../../src/i18n/index.js";

const ref = { gameId: 12, version: 34 };
const names = { a: "Ann", b: "Bob" };
const words = wordsFor("en");
const dutch = wordsFor("nl");

/** Every component of some rows as plain JSON: custom_id, label, disabled, options. */
function components(rows: Row[]) {
  return rows.flatMap(
    (r) =>
      (
        discordRow(r).toJSON() as {
          components: {
            custom_id: string;
            label?: string;
            disabled?: boolean;
            options?: { value: string; default?: boolean }[];
          }[];
        }
      ).components,
  );
}

describe("selection codec", () => {
  it("an index reads back only below its bound, from digits only", () => {
    const codec = indexCodec(13);
    expect(codec.decode(codec.encode(12))).toBe(12);
    for (const bad of [undefined, "", "13", "-1", "1.5", "01x", "9999"]) expect(codec.decode(bad)).toBeNull();
  });

  it("a seat reads back as the seated player; ids never travel", () => {
    const codec = seatCodec(["a", "b"]);
    expect(codec.encode("b")).toBe("1");
    expect(codec.decode("1")).toBe("b");
    expect(codec.decode("2")).toBeNull();
  });

  it("names and pairs read back only as written", () => {
    const suit = enumCodec(["up", "down"] as const);
    expect(suit.decode("down")).toBe("down");
    expect(suit.decode("sideways")).toBeNull();
    const pair = pairCodec(indexCodec(13), suit);
    expect(pair.decode(pair.encode([4, "up"]))).toEqual([4, "up"]);
    for (const bad of ["4", "4-up-1", "x-up", "4-left"]) expect(pair.decode(bad)).toBeNull();
  });

  it("a multi-select is refused whole when one value is foreign", () => {
    expect(decodeAll(indexCodec(5), ["1", "4"])).toEqual([1, 4]);
    expect(decodeAll(indexCodec(5), ["1", "5"])).toBeNull();
  });
});

describe("two-step picker", () => {
  const picker: Picker<number, number> = {
    sourceAction: "col",
    targetAction: "place",
    source: indexCodec(13),
    target: indexCodec(3),
  };
  const sources = [
    { value: 2, label: "7♠" },
    { value: 9, label: "K♥" },
  ];
  const targets = [
    { value: 0, label: "F1", enabled: true },
    { value: 1, label: "F2", enabled: false },
  ];

  it("shows the sources only until one is chosen, then one button per target carrying both", () => {
    const first = components(
      pickerRows(ref, picker, { placeholder: "Which?", sources, chosen: null, targets }),
    );
    expect(first).toHaveLength(1);
    expect(first[0]!.custom_id).toBe("g:12:34:col");
    const second = components(
      pickerRows(ref, picker, { placeholder: "Which?", sources, chosen: 9, targets }),
    );
    expect(second[0]!.options?.find((o) => o.default)?.value).toBe("9");
    expect(second.slice(1).map((c) => [c.custom_id, c.disabled])).toEqual([
      ["g:12:34:place:9:0", false],
      ["g:12:34:place:9:1", true],
    ]);
  });

  it("reads a chosen source, a whole pick, and refuses foreign values", () => {
    expect(readPick(picker, { action: "col", args: [], values: ["9"] })).toEqual({
      kind: "source",
      source: 9,
    });
    expect(readPick(picker, { action: "place", args: ["9", "2"], values: [] })).toEqual({
      kind: "pick",
      source: 9,
      target: 2,
    });
    expect(readPick(picker, { action: "place", args: ["9", "3"], values: [] })).toEqual({
      kind: "malformed",
    });
    expect(readPick(picker, { action: "col", args: [], values: ["x"] })).toEqual({ kind: "malformed" });
    expect(readPick(picker, { action: "other", args: [], values: [] })).toBeNull();
  });
});

describe("agreement panel", () => {
  const codec = seatCodec(["a", "b"]);
  const spec = {
    players: ["a", "b"],
    names,
    describe: (who: string) => `${names[who as "a" | "b"]} leads`,
    choices: [
      { terms: "a", label: "I lead" },
      { terms: "b", label: "You lead" },
    ],
    codec,
    confirmLabel: (who: string) => `Confirm: ${who} leads`,
  };

  it("before any proposal: proposals and Refresh, no Confirm", () => {
    const parts = agreementPanel(ref, words, { ...spec, viewer: "a", proposal: null });
    expect(parts.lines[0]).toContain("Nobody has proposed yet");
    expect(components(parts.rows).map((c) => c.custom_id)).toEqual([
      "g:12:34:prop:0",
      "g:12:34:prop:1",
      "g:12:34:refresh",
    ]);
  });

  it("the proposer cannot confirm their own proposal, and their standing proposal is greyed out", () => {
    const parts = agreementPanel(ref, words, { ...spec, viewer: "a", proposal: propose("a", "b") });
    expect(parts.lines[0]).toContain("Waiting for Bob to confirm");
    const shown = components(parts.rows);
    expect(shown.some((c) => c.custom_id.includes(":confirm"))).toBe(false);
    expect(shown.find((c) => c.custom_id === "g:12:34:prop:1")?.disabled).toBe(true);
  });

  it("the other player may confirm, or propose something else: the proposed outcome is offered once, as Confirm", () => {
    const parts = agreementPanel(ref, words, { ...spec, viewer: "b", proposal: propose("a", "b") });
    expect(parts.lines[0]).toContain("Ann proposes: Bob leads");
    expect(components(parts.rows).map((c) => [c.custom_id, c.label])).toEqual([
      ["g:12:34:confirm", "Confirm: b leads"],
      ["g:12:34:prop:0", "I lead"],
      ["g:12:34:refresh", "Refresh"],
    ]);
  });

  it("clicks read back as propose or confirm; forged terms are refused", () => {
    expect(readAgreement(codec, { action: "prop", args: ["1"] })).toEqual({ kind: "propose", terms: "b" });
    expect(readAgreement(codec, { action: "confirm", args: [] })).toEqual({ kind: "confirm" });
    expect(readAgreement(codec, { action: "prop", args: ["7"] })).toEqual({ kind: "malformed" });
    expect(readAgreement(codec, { action: "play", args: [] })).toBeNull();
  });
});

describe("waiting and confirm panels", () => {
  it("the waiting panel names who is awaited and offers Refresh only", () => {
    const parts = waitingPanel(ref, words, names, ["b"], "to play");
    expect(parts.lines[0]).toBe("Waiting for Bob to play; you will be mentioned when it is your turn.");
    expect(components(parts.rows).map((c) => c.custom_id)).toEqual(["g:12:34:refresh"]);
  });

  it("a risky move is confirmed or cancelled", () => {
    const parts = confirmPanel(ref, words, "This ends the game.", {
      action: "playc",
      args: [1, 2],
      label: "Play anyway",
    });
    expect(parts.lines).toEqual(["⚠️ This ends the game."]);
    expect(components(parts.rows).map((c) => c.custom_id)).toEqual(["g:12:34:playc:1:2", "g:12:34:back"]);
  });
});

describe("the kit's own words follow the panel's reader", () => {
  const labels = (rows: Row[]) => components(rows).map((c) => c.label);

  it("Back, Refresh and Cancel in English and in Dutch", () => {
    expect(labels([navRow(ref, words, { back: true })])).toEqual(["Back", "Refresh"]);
    expect(labels([navRow(ref, dutch, { back: true })])).toEqual(["Terug", "Vernieuwen"]);
    const confirm = { action: "playc", label: "Toch spelen" };
    expect(labels(confirmPanel(ref, dutch, "Dit beëindigt het spel.", confirm).rows)).toEqual([
      "Toch spelen",
      "Annuleren",
    ]);
  });

  it("the waiting panel in Dutch: its sentence, its list of names and its Refresh", () => {
    const three = { ...names, c: "Cas" };
    const parts = waitingPanel(ref, dutch, three, ["a", "b", "c"], "aan de beurt");
    expect(parts.lines[0]).toBe(
      "Wachten op Ann, Bob en Cas (aan de beurt); je wordt vermeld zodra je aan de beurt bent.",
    );
    expect(labels(parts.rows)).toEqual(["Vernieuwen"]);
    expect(waitingPanel(ref, dutch, names, [], "om te spelen").lines[0]).toContain("Wachten op de anderen");
    expect(waitingPanel(ref, dutch, {}, ["x"], "om te spelen").lines[0]).toContain("Wachten op iemand");
  });

  it("the agreement panel in Dutch, whoever proposed", () => {
    const spec = {
      players: ["a", "b"],
      names,
      describe: (who: string) => `${names[who as "a" | "b"]} begint`,
      choices: [{ terms: "a", label: "Ik begin" }],
      codec: seatCodec(["a", "b"]),
      confirmLabel: () => "Bevestigen",
    };
    const none = agreementPanel(ref, dutch, { ...spec, viewer: "a", proposal: null });
    expect(none.lines[0]).toBe("Nog niemand heeft iets voorgesteld: doe een voorstel, dan bevestigt Bob.");
    expect(labels(none.rows).at(-1)).toBe("Vernieuwen");
    const mine = agreementPanel(ref, dutch, { ...spec, viewer: "a", proposal: propose("a", "a") });
    expect(mine.lines[0]).toContain("Jij stelde voor: Ann begint. Wachten tot Bob bevestigt");
    const theirs = agreementPanel(ref, dutch, { ...spec, viewer: "b", proposal: propose("a", "a") });
    expect(theirs.lines[0]).toContain("Ann stelt voor: Ann begint.");
    const alone = agreementPanel(ref, dutch, { ...spec, players: ["a"], viewer: "a", proposal: null });
    expect(alone.lines[0]).toContain("dan bevestigt de andere speler");
  });
});
