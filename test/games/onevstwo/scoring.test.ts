import { describe, expect, it } from "vitest";
import type { Suit } from "../../../src/engine/core/cards.js";
import type { GameEvent } from "../../../src/engine/core/game.js";
import { contractScore, onevstwo, premiumFor } from "../../../src/games/onevstwo/engine/index.js";
import { tm } from "../../../src/i18n/index.js";
import { ANN, BOB, CAT, DAN, FOUR, playCards, THREE, table } from "./fixtures.js";

const score = (tricks: number, trump: Suit | null, won: number) => contractScore({ tricks, trump }, won);

describe("Score: the rulebook's examples", () => {
  it("10 announced with ♠, 10 won → 10 × 10 + 300 = 400", () => {
    expect(score(10, "S", 10)).toBe(400);
  });

  it("10 announced, 8 won → 2 short × −50 = −100", () => {
    expect(score(10, "S", 8)).toBe(-100);
  });
});

describe("Score: contract made: 10 per trick won + a premium by the announced contract", () => {
  it("no premium below the thresholds: 10 per trick won", () => {
    expect(score(1, null, 1)).toBe(10);
    expect(score(7, "C", 7)).toBe(70);
    expect(score(5, "H", 9)).toBe(90);
  });

  it("10 per trick WON, not announced, when more are won", () => {
    expect(score(3, null, 13)).toBe(130);
    expect(score(9, null, 11)).toBe(110 + 300);
  });

  it("300 for ≥ 9 in no-trump: 8 → none, 9 → 300", () => {
    expect(premiumFor({ tricks: 8, trump: null })).toBe(0);
    expect(premiumFor({ tricks: 9, trump: null })).toBe(300);
    expect(premiumFor({ tricks: 11, trump: null })).toBe(300);
    expect(score(8, null, 8)).toBe(80);
    expect(score(9, null, 9)).toBe(390);
  });

  for (const trump of ["H", "S"] as const) {
    it(`300 for ≥ 10 with ${trump === "H" ? "♥" : "♠"} trumps: 9 → none, 10 → 300`, () => {
      expect(premiumFor({ tricks: 9, trump })).toBe(0);
      expect(premiumFor({ tricks: 10, trump })).toBe(300);
      expect(premiumFor({ tricks: 11, trump })).toBe(300);
      expect(score(9, trump, 9)).toBe(90);
      expect(score(10, trump, 10)).toBe(400);
    });
  }

  for (const trump of ["C", "D"] as const) {
    it(`300 for ≥ 11 with ${trump === "C" ? "♣" : "♦"} trumps: 10 → none, 11 → 300`, () => {
      expect(premiumFor({ tricks: 10, trump })).toBe(0);
      expect(premiumFor({ tricks: 11, trump })).toBe(300);
      expect(score(10, trump, 10)).toBe(100);
      expect(score(11, trump, 11)).toBe(410);
    });
  }

  it("the premium is by the announced contract, not by tricks won", () => {
    expect(score(8, null, 13)).toBe(130);
    expect(score(10, "C", 12)).toBe(120);
    expect(score(11, "D", 13)).toBe(130 + 300);
  });

  it("500 for announcing 12 and 1000 for 13, in every trump and no-trump", () => {
    for (const trump of ["S", "H", "D", "C", null] as (Suit | null)[]) {
      expect(premiumFor({ tricks: 12, trump })).toBe(500);
      expect(premiumFor({ tricks: 13, trump })).toBe(1000);
      expect(score(12, trump, 12)).toBe(120 + 500);
      expect(score(12, trump, 13)).toBe(130 + 500);
      expect(score(13, trump, 13)).toBe(130 + 1000);
    }
  });

  it("ruling: only the highest premium applies (12 is not 300 + 500, 13 not 300 + 500 + 1000)", () => {
    expect(score(12, null, 12)).toBe(620);
    expect(score(13, "S", 13)).toBe(1130);
  });
});

describe("Score: contract failed: −50 per trick short, and nothing else", () => {
  it("one short, several short, all short", () => {
    expect(score(1, null, 0)).toBe(-50);
    expect(score(12, "H", 11)).toBe(-50);
    expect(score(13, null, 12)).toBe(-50);
    expect(score(9, null, 5)).toBe(-200);
    expect(score(13, "C", 0)).toBe(-650);
  });

  it("no trick points and no premium when failed", () => {
    expect(score(11, "C", 10)).toBe(-50);
    expect(score(13, "S", 11)).toBe(-100);
  });
});

/** The last trick of a game: the boss has won `bossTricks` of the first 12. */
const lastTrick = (players: string[], bossTricks: number, bossWinsLast: boolean) =>
  table({
    players,
    contract: { tricks: 10, trump: "S" },
    hands: { left: "5D", dummy: "6D", right: "9D", boss: bossWinsLast ? "AD" : "7D" },
    bossTricks,
    liceTricks: 12 - bossTricks,
  });

describe("Score of one game: the boss's; every louse scores the negative", () => {
  it("3 players: 10♠ made with 10 → boss 400, each louse −400 (the sheet's line)", () => {
    const state = playCards(lastTrick(THREE, 9, true), "5D", "6D", "9D", "AD").state;
    expect(state.sheet).toHaveLength(1);
    expect(state.sheet[0]).toMatchObject({
      round: 0,
      game: 1,
      boss: ANN,
      servant: null,
      contract: { tricks: 10, trump: "S" },
      tricksWon: 10,
      score: 400,
      perPlayer: { [ANN]: 400, [BOB]: -400, [CAT]: -400 },
    });
  });

  it("3 players: 10♠ with 8 → boss −100, each louse +100", () => {
    const state = playCards(lastTrick(THREE, 8, false), "5D", "6D", "9D", "7D").state;
    expect(state.sheet[0]).toMatchObject({
      tricksWon: 8,
      score: -100,
      perPlayer: { [ANN]: -100, [BOB]: 100, [CAT]: 100 },
    });
  });

  it("tricks won by the dummy count for the boss in the score", () => {
    const state = table({
      contract: { tricks: 10, trump: "S" },
      hands: { left: "5D", dummy: "AD", right: "9D", boss: "7D" },
      bossTricks: 9,
      liceTricks: 3,
    });
    const after = playCards(state, "5D", "AD", "9D", "7D").state;
    expect(after.sheet[0]).toMatchObject({ tricksWon: 10, score: 400 });
  });

  it("4 players: the servant scores what the boss scores; the other pair the negative", () => {
    const state = playCards(lastTrick(FOUR, 9, true), "5D", "6D", "9D", "AD").state;
    expect(state.sheet[0]).toMatchObject({
      boss: ANN,
      servant: CAT,
      score: 400,
      perPlayer: { [ANN]: 400, [CAT]: 400, [BOB]: -400, [DAN]: -400 },
    });
  });

  it("the game's result is an event", () => {
    const { events } = playCards(lastTrick(THREE, 9, true), "5D", "6D", "9D", "AD");
    expect(JSON.stringify(events)).toContain("400");
    expect(onevstwo.outcome(playCards(lastTrick(THREE, 9, true), "5D", "6D", "9D", "AD").state)).toBeNull();
  });

  it("the result names the contract by tricks and trump symbol, and each catalog words it", () => {
    const { events } = playCards(lastTrick(THREE, 9, true), "5D", "6D", "9D", "AD");
    const made = events.find((e) => e.key.startsWith("onevstwo.event.made"));
    expect(made).toMatchObject({ key: "onevstwo.event.made.trump", params: { tricks: 10, trump: "♠" } });
    expect(tm(made as GameEvent)).toBe(
      "ann made the contract (10 tricks, ♠ trumps): 10 of 13 tricks, 400 points.",
    );
    expect(tm(made as GameEvent, "nl")).toBe(
      "ann haalt het contract (10 slagen, ♠ troef): 10 van de 13 slagen, 400 punten.",
    );
  });

  it("a trick's log line says who played which card, in play order, and who took it", () => {
    const three = playCards(lastTrick(THREE, 9, true), "5D", "6D", "9D", "AD").events[0] as GameEvent;
    expect(three.key).toBe("onevstwo.event.trick.2");
    expect(tm(three)).toBe(
      "Trick 13: bob 5♦, the dummy 6♦, cat 9♦, ann A♦. ann takes it with A♦ (boss side 10, lice 3).",
    );
    expect(tm(three, "nl")).toBe(
      "Slag 13: bob 5♦, de blinde 6♦, cat 9♦, ann A♦. ann wint hem met A♦ (kant van de baas 10, luizen 3).",
    );
    const four = table({
      players: FOUR,
      contract: { tricks: 10, trump: "S" },
      hands: { left: "5D", dummy: "AD", right: "9D", boss: "7D" },
      bossTricks: 9,
      liceTricks: 3,
    });
    const dummyWins = playCards(four, "5D", "AD", "9D", "7D").events[0] as GameEvent;
    expect(tm(dummyWins)).toBe(
      "Trick 13: bob 5♦, the dummy A♦, dan 9♦, ann 7♦. The dummy takes it with A♦, for ann (boss side 10, lice 3).",
    );
  });

  it("a failed 1-trick no-trump contract reads '1 trick, no-trump'", () => {
    const state = table({
      contract: { tricks: 1, trump: null },
      hands: { left: "5D", dummy: "6D", right: "9D", boss: "7D" },
      bossTricks: 0,
      liceTricks: 12,
    });
    const failed = playCards(state, "5D", "6D", "9D", "7D").events.find((e) =>
      e.key.startsWith("onevstwo.event.failed"),
    );
    expect(failed?.key).toBe("onevstwo.event.failed.noTrump");
    expect(tm(failed as GameEvent)).toBe(
      "ann failed the contract (1 trick, no-trump): 0 of 13 tricks, 1 short, −50 points.",
    );
    expect(tm(failed as GameEvent, "nl")).toBe(
      "ann haalt het contract (1 slag, zonder troef) niet: 0 van de 13 slagen, 1 te weinig, −50 punten.",
    );
  });
});
