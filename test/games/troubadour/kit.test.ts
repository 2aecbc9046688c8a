import { describe, expect, it } from "vitest";
import {
  CASTLE_COUNT,
  legalMoves,
  parseMove,
  type TroubadourMove,
  type TroubadourState,
  troubadour,
  VILLAGE_COUNT,
} from "../../../src/games/troubadour/engine/index.js";
import { troubadourUi } from "../../../src/games/troubadour/ui.js";
import { t, type Words, wordsFor } from "../../../src/i18n/index.js";
import { jobText } from "../../../src/render/jobs.js";
import { panelHarness, partsOf } from "../../support/panels.js";
import {
  act,
  cards,
  castle,
  castleUpTo,
  fromVillage,
  playState,
  refused,
  toVillage,
  waste,
} from "./fixtures.js";

const key = (m: unknown) => JSON.stringify(m);

/** Every move of every shape over this state's villages (one past each top), castles, targets and cards. */
function grid(state: TroubadourState, player: string): TroubadourMove[] {
  const heights = (state.boards[player]?.villages ?? []).map((v) => v.length + 1);
  const targets = [castle, ...Array.from({ length: VILLAGE_COUNT }, (_, v) => toVillage(v))];
  const moves: TroubadourMove[] = [
    { type: "draw" },
    { type: "draw", clubsJack: true },
    { type: "clubsQueen" },
    { type: "clubsKing" },
    { type: "extraDraw" },
    { type: "heartsQueenAce" },
    { type: "endTurn" },
    { type: "pickNobles", nobles: cards("JS", "QS", "KS") },
  ];
  for (const to of targets) moves.push({ type: "build", from: waste, to });
  heights.forEach((h, village) => {
    for (let i = 0; i < h; i++) {
      moves.push({ type: "heartsQueen", village, position: i });
      for (const to of targets) {
        moves.push({ type: "build", from: fromVillage(village, i + 1), to });
        moves.push({ type: "heartsJack", village, position: i, to });
      }
    }
  });
  for (const suit of ["S", "H", "D", "C"] as const)
    for (let rank = 1; rank <= 13; rank++) moves.push({ type: "heartsQueenKing", card: { rank, suit } });
  for (const target of [...state.players, "z"]) {
    moves.push({ type: "spadesQueen", target });
    for (let village = 0; village < VILLAGE_COUNT; village++)
      moves.push({ type: "spadesJack", target, village });
    for (let c = 0; c < CASTLE_COUNT; c++) moves.push({ type: "spadesTrio", target, castle: c });
  }
  return moves;
}

/** `legalMoves` lists exactly the moves of the grid that `apply` accepts, each once. */
function expectComplete(state: TroubadourState, player: string): TroubadourMove[] {
  const legal = legalMoves(state, player);
  const accepted = grid(state, player).filter((m) => troubadour.apply(state, player, m).ok);
  expect(legal.map(key).sort()).toEqual(accepted.map(key).sort());
  expect(new Set(legal.map(key)).size).toBe(legal.length);
  return legal;
}

describe("Contract: legalMoves is complete", () => {
  it("pick phase: all 220 trios for every seated player, also after picking (a pick may change)", () => {
    const fresh = troubadour.setup(["a", "b", "c"], {}, 4);
    const all = legalMoves(fresh, "a");
    expect(all).toHaveLength(220);
    expect(all[0]).toEqual({ type: "pickNobles", nobles: cards("JS", "QS", "KS") });
    expect(new Set(all.map(key)).size).toBe(220);
    for (const m of all) expect(troubadour.apply(fresh, "a", m).ok).toBe(true);
    const picked = act(fresh, "a", all[5] as TroubadourMove).state;
    expect(legalMoves(picked, "a")).toEqual(all);
    expect(legalMoves(picked, "z")).toEqual([]);
  });

  it("play phase: every noble, build and draw the active player may make, nothing for the others", () => {
    const state = playState({
      players: ["a", "b", "c"],
      picks: { a: ["JS", "QS", "KS"], b: ["JD", "QC", "KH"], c: ["JC", "JH", "QH"] },
      boards: {
        a: { draw: ["4S"], waste: ["9H"], villages: [["_2C", "8S", "7H"], ["10D"], []], castles: [["AC"]] },
        b: { villages: [["_4C", "6H"], [], ["7S"]], castles: [["AH", "2H"]] },
        c: { villages: [["5D"]], castles: [["AS"]] },
      },
    });
    const legal = expectComplete(state, "a");
    expect(legal.some((m) => m.type === "spadesJack" && m.target === "c")).toBe(true);
    expect(legal.some((m) => m.type === "spadesJack" && m.target === "b")).toBe(false); // ♦J
    for (const p of ["b", "c"]) expect(legalMoves(state, p)).toEqual([]);
  });

  it("play phase with the ♥ nobles, ♣ extras and a revealed Ace", () => {
    const base = playState({
      picks: { a: ["QC", "QH", "JH"], b: ["JC", "JD", "QD"] },
      boards: {
        a: {
          draw: ["3D", "2S"],
          villages: [
            ["_AD", "5C", "4H"],
            ["_9S", "6D"],
          ],
          castles: [["AC"]],
        },
      },
    });
    expectComplete(base, "a");
    const drawn = act(base, "a", { type: "draw" }).state;
    expect(expectComplete(drawn, "a")).toContainEqual({ type: "clubsQueen" });
    const revealed = act(drawn, "a", { type: "heartsQueen", village: 0, position: 0 }).state;
    expect(expectComplete(revealed, "a")).toContainEqual({ type: "heartsQueenAce" });
  });

  it("nothing once the game is over", () => {
    const state = playState({
      picks: { a: ["JH", "JD", "QD"], b: ["JD", "QD", "KD"] },
      boards: {
        a: {
          castles: [castleUpTo("S", 10), castleUpTo("H", 10), castleUpTo("D", 10), castleUpTo("C", 9)],
          waste: ["10C"],
        },
      },
    });
    const over = act(state, "a", { type: "build", from: waste, to: castle }).state;
    expect(["a", "b"].map((p) => legalMoves(over, p))).toEqual([[], []]);
  });
});

describe("Contract: parseMove and the shared guard", () => {
  it("parseMove keeps one canonical form and refuses unknown fields and wrong types", () => {
    expect(parseMove({ type: "pickNobles", nobles: cards("KH", "JD", "QC") })).toEqual({
      type: "pickNobles",
      nobles: cards("JD", "QC", "KH"),
    });
    expect(parseMove({ type: "draw", clubsJack: false })).toEqual({ type: "draw" });
    for (const junk of [
      { type: "draw", clubsJack: "yes" },
      { type: "endTurn", now: true },
      { type: "build", from: { kind: "village", village: 0 }, to: castle },
      { type: "build", from: fromVillage(0), to: castle, extra: 1 },
      { type: "build", from: { kind: "waste", count: 1 }, to: castle },
      { type: "build", from: waste, to: { kind: "castle", village: 1 } },
      { type: "heartsQueenKing", card: { rank: 5, suit: "H", faceUp: true } },
      { type: "pickNobles", nobles: [{ rank: 11, suit: "S", x: 1 }] },
      { type: "spadesQueen", target: 3 },
      { type: "spadesTrio", target: "b", castle: CASTLE_COUNT },
      { type: "heartsQueen", village: 0, position: -1 },
      [{ type: "endTurn" }],
    ])
      expect(parseMove(junk), key(junk)).toBeNull();
  });

  it("the guard checks, in order: game over, seated, may act, move shape", () => {
    const state = playState({ picks: { a: ["JH", "JD", "QD"], b: ["JD", "QD", "KD"] } });
    expect(refused(state, "z", { type: "endTurn" })).toBe("core.notSeated");
    expect(refused(state, "b", { junk: true } as never)).toBe("core.notYourTurn");
    expect(refused(state, "a", { junk: true } as never)).toBe("core.malformedMove");
    const over = { ...state, phase: "over" as const, endReason: "roundCap" as const };
    expect(refused(over, "z", { junk: true } as never)).toBe("core.gameOver");
  });

  it("the score is castle cards, higher is better", () => {
    expect(troubadour.score).toEqual({ better: "higher", unitKey: "troubadour.scoreUnit" });
    expect(t(troubadour.score.unitKey, { count: 40 })).toBe("40 castle cards");
  });
});

describe("Panel on the kit", () => {
  const NAMES = { a: "Ann", b: "Bob" };
  const EN = wordsFor("en");
  const harness = panelHarness(troubadourUi, NAMES);
  const panel = (state: TroubadourState, player: string, words?: Words) => {
    const payload = harness.open(state, player, { words });
    return { payload, parts: partsOf(payload) };
  };

  it("a noble's reason comes from the private view; secret picks travel only as own select values", () => {
    const fresh = troubadour.setup(["a", "b"], {}, 3);
    const picked = act(fresh, "a", { type: "pickNobles", nobles: cards("JS", "QS", "KS") }).state;
    const bob = panel(picked, "b");
    expect(bob.parts.map((p) => p.custom_id)).toEqual(["g:7:3:pick", "g:7:3:refresh"]);
    expect(bob.payload.content).not.toMatch(/[JQK]♠/);

    const state = playState({
      picks: { a: ["JS", "QS", "JH"], b: ["JD", "KD", "QC"] },
      boards: { a: { draw: ["5D"] }, b: { villages: [["6H"]] } },
    });
    const used = act(state, "a", { type: "spadesQueen", target: "b" }).state;
    expect(panel(used, "a").payload.content).toContain("• ♠Q has already been used this turn.");
  });

  it("a panel shows the very picture of the public table, whatever the viewer's pick and step: a choice costs no picture", () => {
    const fresh = troubadour.setup(["a", "b"], {}, 3);
    const picked = act(fresh, "a", { type: "pickNobles", nobles: cards("JS", "QS", "KH") }).state;
    const play = playState({
      picks: { a: ["JS", "QS", "JH"], b: ["JD", "KD", "QC"] },
      boards: { a: { draw: ["5D"], waste: ["9H"], villages: [["AC"]] }, b: { villages: [["6H"]] } },
    });
    const steps = [
      [fresh, "a", null],
      [picked, "a", null],
      [picked, "b", null],
      [play, "a", null],
      [play, "a", { kind: "build", from: waste }],
      [play, "a", { kind: "noble", power: "spadesJack", spot: null }],
      [play, "b", null],
    ] as const;
    for (const [state, player, selection] of steps) {
      for (const words of [EN, wordsFor("nl")]) {
        const payload = harness.open(state, player, { selection, words });
        const table = troubadourUi.tablePicture(troubadour.publicView(state), NAMES, words.locale);
        expect(payload.pictures.map((p) => p.text)).toEqual([jobText(table)]);
        expect(payload.pictures[0]?.name).toMatch(/^troubadour-panel-[0-9a-f]{12}\.png$/);
        // Before the reveal the picture's words name no noble, not even the viewer's own pick.
        if (state.phase === "pick")
          expect(payload.pictures[0]?.alt).not.toMatch(/[JQKBVH]\s?[♠♥♦♣]|[♠♥♦♣]\s?[JQKBVH]/u);
      }
    }
  });

  it("a player's own pick shows only in their lines and as the chosen options of their menu; another's pick changes nothing on a panel", () => {
    const fresh = troubadour.setup(["a", "b"], {}, 5);
    const pickOf = (...codes: string[]) =>
      act(fresh, "a", { type: "pickNobles", nobles: cards(...codes) }).state;
    const ann = panel(pickOf("JS", "QS", "KH"), "a");
    expect(ann.payload.content).toContain("Your pick (only you see this): **J♠ Q♠ K♥**");
    const menu = ann.parts[0];
    expect([menu?.action, menu?.min_values, menu?.max_values]).toEqual(["pick", 3, 3]);
    // All twelve nobles by rank and suit, the pick among them as the menu's chosen options.
    expect(menu?.options?.map((o) => o.label)).toEqual(
      ["♠", "♦", "♣", "♥"].flatMap((suit) => ["J", "Q", "K"].map((rank) => `${rank}${suit}`)),
    );
    expect(menu?.options?.filter((o) => o.default).map((o) => o.label)).toEqual(["J♠", "Q♠", "K♥"]);
    for (const words of [EN, wordsFor("nl")])
      expect(harness.open(pickOf("JS", "QS", "KS"), "b", { words })).toEqual(
        harness.open(pickOf("JD", "QH", "KC"), "b", { words }),
      );
  });

  it("the pick menu describes each noble with the catalog's power texts", () => {
    const { payload } = panel(troubadour.setup(["a", "b"], {}, 3), "a");
    const select = partsOf(payload)[0];
    const help = Object.fromEntries(select?.options?.map((o) => [o.value, o.description]) ?? []);
    const power = (p: string) => t(`troubadour.power.${p}`).split(": ")[1];
    expect(help).toEqual({
      JS: power("spadesJack"),
      QS: power("spadesQueen"),
      KS: `with ♠J and ♠Q, ${power("spadesTrio")}`,
      JD: "protects you against ♠J",
      QD: "protects you against ♠Q",
      KD: "protects you against ♠J+Q+K",
      JC: "keep turning with the draw until a card fits",
      QC: "turn 2 extra cards after the draw",
      KC: "turn 3 extra cards if an opponent chose ♣J or ♣Q",
      JH: "move a face-up card from inside a village",
      QH: "turn a face-down village card face up",
      KH: "with ♥Q, search your piles for a named card",
    });
  });

  it("the turn panel shows the engine's shields and idle kings, and offers only legal simple moves", () => {
    const state = playState({
      picks: { a: ["KS", "JD", "KH"], b: ["JS", "JD", "QC"] },
      boards: { a: { draw: ["5D"] } },
    });
    const { payload, parts } = panel(state, "a");
    expect(payload.content).toContain("• J♦: protects you against ♠J all round");
    expect(payload.content).toContain("• K♠: does nothing without J♠ and Q♠");
    expect(payload.content).toContain("• K♥: does nothing without Q♥");
    const ids = parts.map((p) => p.custom_id);
    expect(ids).toContain("g:7:3:draw");
    expect(ids).toContain("g:7:3:end");
    for (const action of ["drawcj", "extra", "ace"]) expect(ids).not.toContain(`g:7:3:${action}`);
    const drawn = panel(act(state, "a", { type: "draw" }).state, "a");
    expect(drawn.parts.map((p) => p.custom_id)).not.toContain("g:7:3:draw");
  });

  it("an attack step shows a protected opponent as one 🛡 button, from the engine's shields", () => {
    const state = playState({
      picks: { a: ["JS", "QS", "JH"], b: ["JD", "KD", "QC"] },
      boards: { b: { villages: [["6H"]] } },
    });
    const labels = (power: "spadesJack" | "spadesQueen") =>
      partsOf(harness.open(state, "a", { selection: { kind: "noble", power, spot: null } }));
    // The attack cannot be made: the button says why and cannot be clicked.
    expect(labels("spadesJack")[0]).toMatchObject({ label: "🛡 Bob (protected by J♦)", disabled: true });
    expect(labels("spadesQueen")[0]?.label).toBe("Take Bob's village tops");
  });

  it("speaks Dutch to a Dutch reader: the panel's words and pictures, and the table status", () => {
    const NL = wordsFor("nl");
    const labelsOf = (parts: { label?: string; placeholder?: string }[]) =>
      parts.map((p) => p.label ?? p.placeholder ?? "");
    const fresh = troubadour.setup(["a", "b"], {}, 3);
    const pick = panel(fresh, "a", NL);
    expect(pick.payload.content).toContain("**Ronde 1: kies 3 van je 12 edelen.**");
    expect(pick.payload.content).toContain("Nog niemand heeft gekozen · kiest nog: Ann en Bob");
    expect(labelsOf(pick.parts)).toEqual(["Kies drie edelen", "Vernieuwen"]);
    const help = Object.fromEntries(pick.parts[0]?.options?.map((o) => [o.value, o.description]) ?? []);
    expect(help.JD).toBe("beschermt je tegen ♠B");
    expect(help.KS).toBe("samen met ♠B en ♠V: breek één kasteel van een tegenstander af");
    expect(pick.payload.pictures[0]?.job.args[1]).toMatchObject({ locale: "nl" });
    expect(troubadourUi.tableStatus(troubadour.publicView(fresh), NAMES, NL)).toBe(
      "ronde 1: iedereen kiest in het geheim 3 edelen. Nog niemand heeft gekozen · kiest nog: Ann en Bob. Druk op **Edelen & zetten**.",
    );

    const state = playState({
      picks: { a: ["KS", "JD", "KH"], b: ["JS", "JD", "QC"] },
      boards: { a: { draw: ["5D"], waste: ["9H"] } },
    });
    const turn = panel(state, "a", NL);
    expect(turn.payload.content).toContain("**Jij bent aan de beurt** — ronde 1, beurt 1 van 2.");
    expect(turn.payload.content).toContain("Aflegstapel: **9♥** bovenop, 1 kaart · trekstapel 1");
    expect(turn.payload.content).toContain("• B♦: beschermt je de hele ronde tegen ♠B");
    expect(turn.payload.content).toContain("• H♠: doet niets zonder B♠ en V♠");
    expect(labelsOf(turn.parts)).toEqual(
      expect.arrayContaining(["Trek een kaart", "Beurt beëindigen", "Vernieuwen"]),
    );
    expect(troubadourUi.tableStatus(troubadour.publicView(state), NAMES, NL)).toBe(
      "ronde 1: Ann is aan de beurt, daarna Bob.",
    );
    expect(troubadourUi.tableStatus(troubadour.publicView(state), NAMES, EN)).toBe(
      "round 1: Ann to play, then Bob.",
    );
  });

  it("clicks read back through the codecs; forged values are refused", () => {
    const fresh = troubadour.setup(["a", "b"], {}, 3);
    const click = (action: string, args: string[] = [], values: string[] = []) =>
      harness.click(fresh, "a", action, args, values);
    expect(click("pick", [], ["KH", "JS", "QD"])).toEqual({
      kind: "move",
      move: { type: "pickNobles", nobles: cards("KH", "JS", "QD") },
    });
    expect(click("build", ["v2n3", "c"])).toEqual({
      kind: "move",
      move: { type: "build", from: fromVillage(2, 3), to: castle },
    });
    expect(click("src", [], ["w"])).toEqual({ kind: "panel", selection: { kind: "build", from: waste } });
    expect(click("sj", ["1", "4"])).toEqual({
      kind: "move",
      move: { type: "spadesJack", target: "b", village: 4 },
    });
    for (const [action, args, values] of [
      ["pick", [], ["KH", "JS"]],
      ["pick", [], ["KH", "JS", "ZZ"]],
      ["build", ["v5n1", "c"], []],
      ["build", ["v0n0", "c"], []],
      ["sj", ["2", "0"], []],
      ["hq", [], ["v9p0"]],
      ["constructor", [], []],
    ] as const)
      expect(click(action, [...args], [...values]).kind, action).toBe("refuse");
  });
});
