import { describe, expect, it } from "vitest";
import { cardCode } from "../../../src/engine/core/cards.js";
import {
  allNobles,
  isAttack,
  legalMoves,
  moveKey,
  nobleRole,
  nobleUses,
  POWERS,
  shieldAgainst,
  type TroubadourMove,
  type TroubadourState,
  troubadour,
} from "../../../src/games/troubadour/engine/index.js";
import { nobleRoles, offersMove } from "../../../src/games/troubadour/engine/views.js";
import { act, cards, playState } from "./fixtures.js";

function pickPhaseWithOnePick(): TroubadourState {
  return act(troubadour.setup(["a", "b"], {}, 5), "a", {
    type: "pickNobles",
    nobles: cards("JS", "QS", "KS"),
  }).state;
}

describe("Information: chosen trios are secret until the reveal", () => {
  it("the public view of the pick phase shows only who has picked", () => {
    const view = troubadour.publicView(pickPhaseWithOnePick());
    expect(view.boards.map((b) => [b.player, b.hasPicked, b.trio])).toEqual([
      ["a", true, null],
      ["b", false, null],
    ]);
    expect(JSON.stringify(view)).not.toMatch(/"rank":1[123]/);
  });

  it("a private view shows the viewer's own pick, never another player's", () => {
    const state = pickPhaseWithOnePick();
    expect(troubadour.privateView(state, "a").pick).toEqual(cards("JS", "QS", "KS"));
    const other = troubadour.privateView(state, "b");
    expect(other.pick).toBeNull();
    expect(JSON.stringify({ ...other, nobles: [] })).not.toMatch(/"rank":1[123]/);
  });

  it("after the reveal every trio is public, lowest noble first", () => {
    const state = act(pickPhaseWithOnePick(), "b", {
      type: "pickNobles",
      nobles: cards("KH", "JD", "QC"),
    }).state;
    expect(troubadour.publicView(state).boards.map((b) => b.trio)).toEqual([
      cards("JS", "QS", "KS"),
      cards("JD", "QC", "KH"),
    ]);
  });
});

describe("Information: face-down village cards, draw piles and waste cards under the top are hidden from everyone", () => {
  const state = playState({
    picks: { a: ["JS", "JD", "QD"], b: ["JD", "QD", "KD"] },
    boards: {
      a: {
        draw: ["2C", "3C"],
        waste: ["4C", "5C", "6C"],
        villages: [["_7C", "_8C", "9C"]],
        castles: [["AH"]],
      },
    },
  });
  const hidden = /"(rank)":[2-8],"suit":"C"/;

  it("the public view has counts, backs and the waste top only", () => {
    const view = troubadour.publicView(state);
    const a = view.boards[0];
    expect(a?.drawPileCount).toBe(2);
    expect(a?.wasteCount).toBe(3);
    expect(a?.wasteTop).toEqual({ rank: 6, suit: "C" });
    expect(a?.villages[0]).toEqual([
      { faceUp: false },
      { faceUp: false },
      { faceUp: true, card: { rank: 9, suit: "C" } },
    ]);
    expect(a?.castles[0]).toEqual([{ rank: 1, suit: "H" }]);
    expect(
      JSON.stringify({ ...view, boards: view.boards.map((b) => ({ ...b, wasteTop: null })) }),
    ).not.toMatch(hidden);
    expect(JSON.stringify(view)).not.toContain("rng");
  });

  it("the owner's private view hides them as well", () => {
    const view = troubadour.privateView(state, "a");
    const withoutTop = {
      ...view,
      boards: view.boards.map((b) => ({ ...b, wasteTop: null })),
      turnMoves: [],
    };
    expect(JSON.stringify({ ...withoutTop, nobleUses: [] })).not.toMatch(hidden);
  });

  it("the public view is a copy: changing it does not touch the state", () => {
    const before = structuredClone(state);
    const view = troubadour.publicView(state);
    view.boards[0]?.castles[0]?.push({ rank: 2, suit: "H" });
    expect(state).toEqual(before);
  });
});

describe("UI helpers: legal actions and noble uses for the active player", () => {
  const state = playState({
    picks: { a: ["JS", "QS", "JH"], b: ["JD", "KD", "QC"] },
    boards: {
      a: { draw: ["5D"], villages: [["_2C", "3H", "9S"], ["10H"]] },
      b: { villages: [["_4C", "6H"], [], ["7S"]] },
    },
  });

  it("every listed action is legal, and it is empty for a player whose turn it is not", () => {
    const actions = legalMoves(state, "a");
    for (const move of actions) expect(troubadour.apply(state, "a", move).ok).toBe(true);
    expect(actions).toContainEqual({ type: "draw" });
    expect(actions).toContainEqual({ type: "endTurn" });
    expect(actions).toContainEqual({
      type: "build",
      from: { kind: "village", village: 0, count: 1 },
      to: { kind: "village", village: 1 },
    });
    expect(legalMoves(state, "b")).toEqual([]);
    expect(troubadour.privateView(state, "b").turnMoves).toEqual([]);
    expect(troubadour.privateView(state, "a").turnMoves).toEqual(actions);
  });

  it("noble uses list each power of the trio with its legal targets (a ♦J-protected target gets none)", () => {
    const uses = nobleUses(state, "a");
    expect(uses.map((u) => u.power)).toEqual(["spadesJack", "spadesQueen", "heartsJack"]);
    expect(uses[0]).toEqual({ power: "spadesJack", attack: true, unavailable: null, moves: [] });
    expect(uses[1]).toEqual({
      power: "spadesQueen",
      attack: true,
      unavailable: null,
      moves: [{ type: "spadesQueen", target: "b" }],
    });
    expect(uses[2]?.moves).toEqual([
      { type: "heartsJack", village: 0, position: 1, to: { kind: "village", village: 2 } },
      { type: "heartsJack", village: 0, position: 1, to: { kind: "village", village: 3 } },
      { type: "heartsJack", village: 0, position: 1, to: { kind: "village", village: 4 } },
    ]);
  });

  it("once used, a noble shows why it is no longer available; others see 'not your turn'", () => {
    const after = act(state, "a", { type: "spadesQueen", target: "b" }).state;
    expect(nobleUses(after, "a")[1]).toEqual({
      power: "spadesQueen",
      attack: true,
      unavailable: { key: "troubadour.nobleAlreadyUsed", params: { noble: "♠Q" } },
      moves: [],
    });
    expect(nobleUses(after, "b").map((u) => u.unavailable?.key)).toEqual(["core.notYourTurn"]);
  });

  it("the public record of nobles used this round shows each announcement", () => {
    const after = act(state, "a", { type: "spadesQueen", target: "b" }).state;
    expect(troubadour.publicView(after).boards[0]?.noblesUsed).toEqual(["spadesQueen"]);
  });
});

describe("UI helpers: what each noble does, shields and idle kings, from the engine", () => {
  it("nobleRole: a power of its own, a ♦ shield, or a king that is part of a combination only", () => {
    const roles = Object.fromEntries(allNobles().map((n) => [`${n.rank}${n.suit}`, nobleRole(n)]));
    expect(roles).toEqual({
      "11S": { kind: "power", power: "spadesJack" },
      "12S": { kind: "power", power: "spadesQueen" },
      "13S": { kind: "partner", power: "spadesTrio", needs: cards("JS", "QS") },
      "11D": { kind: "shield", against: "spadesJack" },
      "12D": { kind: "shield", against: "spadesQueen" },
      "13D": { kind: "shield", against: "spadesTrio" },
      "11C": { kind: "power", power: "clubsJack" },
      "12C": { kind: "power", power: "clubsQueen" },
      "13C": { kind: "power", power: "clubsKing" },
      "11H": { kind: "power", power: "heartsJack" },
      "12H": { kind: "power", power: "heartsQueen" },
      "13H": { kind: "partner", power: "heartsQueenKing", needs: cards("QH") },
    });
    expect(nobleRole({ rank: 5, suit: "S" })).toBeNull();
  });

  it("isAttack and shieldAgainst: the ♠ attacks, each blocked by its ♦ noble in the target's trio", () => {
    expect(POWERS.filter(isAttack)).toEqual(["spadesJack", "spadesQueen", "spadesTrio"]);
    const trio = cards("JD", "KD", "QC");
    expect(shieldAgainst(trio, "spadesJack")).toEqual(cards("JD")[0]);
    expect(shieldAgainst(trio, "spadesQueen")).toBeNull();
    expect(shieldAgainst(trio, "spadesTrio")).toEqual(cards("KD")[0]);
    expect(shieldAgainst(trio, "heartsJack")).toBeNull();
    expect(shieldAgainst(null, "spadesJack")).toBeNull();
  });

  it("the private view lists every revealed ♦ shield by seat, none before the reveal", () => {
    const state = playState({
      players: ["a", "b", "c"],
      picks: { a: ["JS", "QD", "JH"], b: ["JD", "KD", "QC"], c: ["JC", "QC", "KC"] },
    });
    const expected = [
      { player: "a", noble: cards("QD")[0], against: "spadesQueen" },
      { player: "b", noble: cards("JD")[0], against: "spadesJack" },
      { player: "b", noble: cards("KD")[0], against: "spadesTrio" },
    ];
    expect(troubadour.privateView(state, "a").shields).toEqual(expected);
    expect(troubadour.privateView(state, "c").shields).toEqual(expected);
    const picking = act(troubadour.setup(["a", "b"], {}, 5), "a", {
      type: "pickNobles",
      nobles: cards("JD", "QD", "KD"),
    }).state;
    expect(troubadour.privateView(picking, "a").shields).toEqual([]);
  });

  it("the private view lists the viewer's kings that do nothing without the rest of their combination", () => {
    const state = playState({ picks: { a: ["KS", "JS", "KH"], b: ["JS", "QS", "KS"] } });
    expect(troubadour.privateView(state, "a").idleNobles).toEqual([
      { noble: cards("KS")[0], needs: cards("JS", "QS") },
      { noble: cards("KH")[0], needs: cards("QH") },
    ]);
    // A complete combination, and another player's idle king, are not listed.
    expect(troubadour.privateView(state, "b").idleNobles).toEqual([]);
    const hearts = playState({ picks: { a: ["QH", "KH", "JD"], b: ["KS", "JC", "QC"] } });
    expect(troubadour.privateView(hearts, "a").idleNobles).toEqual([]);
    expect(troubadour.privateView(hearts, "b").idleNobles).toEqual([
      { noble: cards("KS")[0], needs: cards("JS", "QS") },
    ]);
  });

  it("moveKey: one key per move, whatever the field order, for lookups among the legal moves", () => {
    expect(moveKey({ type: "draw", clubsJack: false })).toBe(moveKey({ type: "draw" }));
    expect(moveKey({ type: "draw", clubsJack: true })).not.toBe(moveKey({ type: "draw" }));
    const build: TroubadourMove = {
      type: "build",
      from: { kind: "village", village: 1, count: 2 },
      to: { kind: "castle" },
    };
    const shuffled = {
      to: { kind: "castle" },
      from: { count: 2, village: 1, kind: "village" },
      type: "build",
    };
    expect(moveKey(shuffled as TroubadourMove)).toBe(moveKey(build));
    const state = playState({ picks: { a: ["JS", "QS", "JH"], b: ["JD", "KD", "QC"] } });
    const keys = legalMoves(state, "a").map(moveKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(() => moveKey({ type: "nonsense" } as never)).toThrow();
  });
});

describe("Rule facts the view states: attacks, offered moves, what each noble does", () => {
  const state = playState({
    picks: { a: ["JS", "QS", "JH"], b: ["JD", "KD", "QC"] },
    boards: {
      a: { draw: ["5D"], villages: [["_2C", "3H", "9S"], ["10H"]] },
      b: { villages: [["_4C", "6H"], [], ["7S"]] },
    },
  });

  it("the view says which noble uses are attacks: the ♠ powers, which a ♦ noble can block", () => {
    const uses = troubadour.privateView(state, "a").nobleUses;
    expect(uses.map((u) => [u.power, u.attack])).toEqual([
      ["spadesJack", true],
      ["spadesQueen", true],
      ["heartsJack", false],
    ]);
  });

  it("offersMove: a move is offered when it is among the viewer's legal turn moves, whatever its field order", () => {
    const view = troubadour.privateView(state, "a");
    expect(offersMove(view, { type: "draw" })).toBe(true);
    expect(offersMove(view, { type: "heartsQueenAce" })).toBe(false);
    expect(offersMove(troubadour.privateView(state, "b"), { type: "draw" })).toBe(false);
  });

  it("nobleRoles: each of the viewer's nobles, in order, does what the rules give it by itself", () => {
    const view = troubadour.privateView(state, "a");
    expect(nobleRoles(view)).toEqual(view.nobles.map(nobleRole));
    const at = (code: string) => nobleRoles(view)[view.nobles.findIndex((n) => cardCode(n) === code)];
    expect(at("JS")).toEqual({ kind: "power", power: "spadesJack" });
    expect(at("JD")).toEqual({ kind: "shield", against: "spadesJack" });
    expect(at("KS")).toMatchObject({ kind: "partner", power: "spadesTrio" });
  });
});
