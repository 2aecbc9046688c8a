import { describe, expect, it } from "vitest";
import type { GameRecordLine, Place } from "../../../src/games/onevstwo/engine/index.js";
import { onevstwo } from "../../../src/games/onevstwo/engine/index.js";
import { ANN, BOB, CAT, codes, DAN, FOUR, finishMatch, THREE, table } from "./fixtures.js";

/** A finished game of the sheet: Ann (seat 1) is boss of a 3-player match unless told otherwise. */
function line(game: number, tricks: number, won: number, perPlayer: Record<string, number>): GameRecordLine {
  return {
    round: 0,
    game,
    boss: ANN,
    servant: null,
    contract: { tricks, trump: "S" },
    tricksWon: won,
    score: perPlayer[ANN] ?? 0,
    perPlayer,
  };
}

describe("One versus Two: the finished trick's side (§7 play: boss and dummy play together)", () => {
  /** The trick left, dummy, right has come round to the boss, who finishes it with the ♠A. */
  function finished(trick: [Place, string][]) {
    const state = table({
      contract: { tricks: 7, trump: "H" },
      hands: { boss: "AS 2C", left: "3C", dummy: "4C", right: "5C" },
      trick,
    });
    const result = onevstwo.apply(state, ANN, { type: "play", card: { rank: 1, suit: "S" } });
    if (!result.ok) throw new Error("the boss's card was refused");
    return onevstwo.publicView(result.state);
  }

  it("a trick taken by the dummy or the boss goes to the boss's side, one taken by a louse to the lice", () => {
    const toDummy = finished([
      ["left", "QS"],
      ["dummy", "2H"],
      ["right", "4S"],
    ]);
    expect(toDummy.lastTrick?.winner).toBe("dummy");
    expect(toDummy.lastTrickSide).toBe("boss");
    const toBoss = finished([
      ["left", "QS"],
      ["dummy", "3S"],
      ["right", "4S"],
    ]);
    expect(toBoss.lastTrick?.winner).toBe("boss");
    expect(toBoss.lastTrickSide).toBe("boss");
    const toRight = finished([
      ["left", "QS"],
      ["dummy", "3S"],
      ["right", "2H"],
    ]);
    expect(toRight.lastTrick?.winner).toBe("right");
    expect(toRight.lastTrickSide).toBe("lice");
  });

  it("has no side before any trick is finished", () => {
    expect(onevstwo.publicView(onevstwo.setup(THREE, {}, 1)).lastTrickSide).toBeNull();
  });
});

describe("One versus Two: the trick as it stands (§7 play)", () => {
  it("goes to the highest trump, else to the highest card of the led suit; no card, no winner", () => {
    const trumped = table({
      contract: { tricks: 7, trump: "H" },
      hands: { boss: "2C", left: "3C", dummy: "4C", right: "5C" },
      trick: [
        ["left", "10S"],
        ["dummy", "KS"],
        ["right", "2H"],
      ],
    });
    expect(onevstwo.publicView(trumped).winning).toBe("right");
    const followed = table({
      contract: { tricks: 7, trump: "H" },
      hands: { boss: "2C", left: "3C", dummy: "4C", right: "5C" },
      trick: [
        ["left", "10S"],
        ["dummy", "KS"],
        ["right", "AD"],
      ],
    });
    expect(onevstwo.publicView(followed).winning).toBe("dummy");
    const fresh = table({ hands: { boss: "2C", left: "3C", dummy: "4C", right: "5C" }, leader: "boss" });
    expect(onevstwo.publicView(fresh).winning).toBeNull();
  });

  it("marks, of the reader's legal cards, those that would take the trick now: a higher card of the led suit, a trump when void", () => {
    const following = table({
      contract: { tricks: 7, trump: "H" },
      hands: { boss: "AS 2S 9H", left: "3C", dummy: "4C", right: "5C" },
      trick: [
        ["left", "QS"],
        ["dummy", "3S"],
        ["right", "4S"],
      ],
    });
    const play = onevstwo.privateView(following, ANN).play;
    expect(codes(play?.legal ?? [])).toEqual(["AS", "2S"]);
    expect(codes(play?.winning ?? [])).toEqual(["AS"]);
    const void_ = table({
      contract: { tricks: 7, trump: "H" },
      hands: { boss: "2H 3D", left: "3C", dummy: "4C", right: "5C" },
      trick: [
        ["left", "QS"],
        ["dummy", "3S"],
        ["right", "4S"],
      ],
    });
    expect(codes(onevstwo.privateView(void_, ANN).play?.winning ?? [])).toEqual(["2H"]);
  });

  it("marks no card when the reader leads: a lead takes nothing yet", () => {
    const leading = table({
      hands: { boss: "AS 2S", left: "3C 4C", dummy: "5C 6C", right: "7C 8C" },
      leader: "boss",
    });
    const play = onevstwo.privateView(leading, ANN).play;
    expect(play?.legal).toHaveLength(2);
    expect(play?.winning).toEqual([]);
  });
});

describe("One versus Two: the contract against the tricks (§7 scoring)", () => {
  const hands = { boss: "2C", left: "3C", dummy: "4C", right: "5C" };

  it("the boss's side needs the contract's number, the lice 14 minus it to beat it", () => {
    const view = onevstwo.publicView(table({ contract: { tricks: 9, trump: null }, hands, bossTricks: 6 }));
    expect(view.tricksPlayed).toBe(12);
    expect(view.tally).toEqual({ need: 9, against: 5, made: false, beaten: true });
  });

  it("is made once the boss's side has its number, and not beaten while the lice are short of theirs", () => {
    const view = onevstwo.publicView(table({ contract: { tricks: 9, trump: null }, hands, bossTricks: 9 }));
    expect(view.tally).toEqual({ need: 9, against: 5, made: true, beaten: false });
  });

  it("has no tally before the contract is announced", () => {
    const view = onevstwo.publicView(onevstwo.setup(THREE, {}, 1));
    expect(view.tally).toBeNull();
    expect(view.tricksPlayed).toBe(0);
  });

  it("offers the announcing boss every contract with its stakes: premium, made exactly, one short", () => {
    const state = onevstwo.setup(THREE, {}, 1);
    const boss = onevstwo.publicView(state).roles.boss;
    const contracts = onevstwo.privateView(state, boss).contracts;
    expect(contracts).toHaveLength(65);
    expect(contracts.find((c) => c.tricks === 10 && c.trump === "H")).toEqual({
      tricks: 10,
      trump: "H",
      against: 4,
      premium: 300,
      made: 400,
      short: -50,
    });
    expect(contracts.find((c) => c.tricks === 10 && c.trump === "D")).toMatchObject({
      premium: 0,
      made: 100,
    });
    expect(contracts.find((c) => c.tricks === 13 && c.trump === null)).toMatchObject({
      against: 1,
      premium: 1000,
      made: 1130,
    });
    const other = THREE.find((p) => p !== boss) as string;
    expect(onevstwo.privateView(state, other).contracts).toEqual([]);
  });
});

describe("One versus Two: the sheet and the standings (§7 match)", () => {
  it("each game line says the lice's tricks, made or failed by how much, and the running totals", () => {
    const state = onevstwo.setup(THREE, {}, 1);
    state.sheet = [
      line(1, 8, 10, { [ANN]: 100, [BOB]: -100, [CAT]: -100 }),
      line(2, 9, 6, { [ANN]: -150, [BOB]: 150, [CAT]: 150 }),
      line(3, 7, 7, { [ANN]: 70, [BOB]: -70, [CAT]: -70 }),
    ];
    const sheet = onevstwo.publicView(state).sheet;
    expect(sheet.map((l) => [l.liceTricks, l.made, l.margin])).toEqual([
      [3, true, 2],
      [7, false, 3],
      [6, true, 0],
    ]);
    expect(sheet.map((l) => l.totals)).toEqual([
      { [ANN]: 100, [BOB]: -100, [CAT]: -100 },
      { [ANN]: -50, [BOB]: 50, [CAT]: 50 },
      { [ANN]: 20, [BOB]: -20, [CAT]: -20 },
    ]);
  });

  it("ranks players best first; equal totals share first place in seat order, and the outcome agrees", () => {
    const state = onevstwo.setup(THREE, { shortMatch: true }, 1);
    state.sheet = [line(1, 8, 5, { [ANN]: -150, [BOB]: 150, [CAT]: 150 })];
    state.phase = "over";
    const view = onevstwo.publicView(state);
    expect(view.standings).toEqual([
      { members: [BOB], total: 150, first: true },
      { members: [CAT], total: 150, first: true },
      { members: [ANN], total: -150, first: false },
    ]);
    const results = onevstwo.outcome(state)?.results;
    expect(results).toEqual({
      [ANN]: { result: "loss", score: -150 },
      [BOB]: { result: "win", score: 150 },
      [CAT]: { result: "win", score: 150 },
    });
  });

  it("ranks pairs with 4 players (seats 1 & 3 against 2 & 4), and a played match's winners are the outcome's", () => {
    const over = finishMatch(onevstwo.setup(FOUR, { shortMatch: true }, 5));
    const view = onevstwo.publicView(over);
    expect(view.standings.map((s) => s.members)).toContainEqual([ANN, CAT]);
    expect(view.standings.map((s) => s.members)).toContainEqual([BOB, DAN]);
    expect(view.standings[0]?.total).toBeGreaterThanOrEqual(view.standings[1]?.total ?? 0);
    const outcome = onevstwo.outcome(over);
    for (const s of view.standings) {
      for (const p of s.members) {
        expect(outcome?.results[p]?.score).toBe(s.total);
        if (!view.standings.every((x) => x.first))
          expect(outcome?.results[p]?.result).toBe(s.first ? "win" : "loss");
      }
    }
  });
});
