import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import {
  type GameRecordLine,
  gamesInMatch,
  type OnevstwoState,
  onevstwo,
  rolesOf,
} from "../../../src/games/onevstwo/engine/index.js";
import {
  ANN,
  BOB,
  CAT,
  contract,
  DAN,
  FOUR,
  finishGame,
  finishMatch,
  play,
  refusal,
  sortedCodes,
  THREE,
} from "./fixtures.js";

const handsOf = (state: OnevstwoState) =>
  Object.fromEntries(state.players.map((p) => [p, sortedCodes(onevstwo.privateView(state, p).hand)]));

// Played once, used by several tests (first legal move each time: fast and deterministic).
const match3 = finishMatch(onevstwo.setup(THREE, {}, 31));
const match4 = finishMatch(onevstwo.setup(FOUR, {}, 32));

describe("Match: a round plays the same deal once per player as boss", () => {
  it("3 players: every player gets back the same 13 cards; the dummy stays the dummy", () => {
    const first = onevstwo.setup(THREE, {}, 7);
    const hands = handsOf(first);
    const dummy = sortedCodes(onevstwo.publicView(first).dummy);
    let state = first;
    for (const boss of [BOB, CAT]) {
      state = finishGame(state);
      expect(state.phase).toBe("contract");
      expect(rolesOf(state).boss).toBe(boss);
      expect(handsOf(state)).toEqual(hands);
      expect(sortedCodes(onevstwo.publicView(state).dummy)).toEqual(dummy);
      expect(state.stacks).toEqual(first.deal);
      expect(state.deal).toEqual(first.deal);
      expect([state.contract, state.trick, state.bossTricks, state.liceTricks]).toEqual([null, [], 0, 0]);
    }
  });

  it("4 players: every player gets back the same 13 cards; the new servant's stack is the dummy", () => {
    const first = onevstwo.setup(FOUR, {}, 7);
    const hands = handsOf(first);
    let state = first;
    for (const [boss, servant] of [
      [BOB, DAN],
      [CAT, ANN],
      [DAN, BOB],
    ]) {
      state = finishGame(state);
      expect(rolesOf(state)).toMatchObject({ boss, servant, dummyController: servant });
      expect(handsOf(state)).toEqual(hands);
      expect(sortedCodes(onevstwo.publicView(state).dummy)).toEqual(hands[servant as PlayerId]);
    }
  });

  it("the next game starts at once in the contract phase, the new boss to announce", () => {
    const state = finishGame(onevstwo.setup(THREE, {}, 7));
    expect(onevstwo.actors(state)).toEqual([BOB]);
    expect(onevstwo.privateView(state, BOB).canAnnounce).toBe(true);
    refusal(state, ANN, contract(7, null));
    expect(onevstwo.publicView(state).gameNumber).toBe(2);
  });
});

describe("Match: the boss passes to the left; each round a new shuffle, first boss one seat left of the last round's", () => {
  it("3 players: bosses ANN BOB CAT | BOB CAT ANN | CAT ANN BOB (ruling: seat 1, the host, is the first boss)", () => {
    expect(match3.sheet.map((line) => line.boss)).toEqual([ANN, BOB, CAT, BOB, CAT, ANN, CAT, ANN, BOB]);
    expect(match3.sheet.map((line) => line.round)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(match3.sheet.map((line) => line.game)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(match3.sheet.every((line) => line.servant === null)).toBe(true);
  });

  it("4 players: each player boss once per round; the first boss moves one seat left each round", () => {
    expect(match4.sheet.map((line) => line.boss)).toEqual([
      ...[ANN, BOB, CAT, DAN],
      ...[BOB, CAT, DAN, ANN],
      ...[CAT, DAN, ANN, BOB],
      ...[DAN, ANN, BOB, CAT],
    ]);
    const opposite: Record<string, string> = { [ANN]: CAT, [BOB]: DAN, [CAT]: ANN, [DAN]: BOB };
    for (const line of match4.sheet) expect(line.servant).toBe(opposite[line.boss]);
  });

  it("a new round is a new shuffle of all 52 cards", () => {
    let state = onevstwo.setup(THREE, {}, 8);
    const deals = [state.deal];
    for (let game = 0; game < 6; game++) state = finishGame(state);
    // Two rounds later: round 2, its first boss CAT (seat 3).
    expect([state.round, state.gameInRound, rolesOf(state).boss]).toEqual([2, 0, CAT]);
    expect(state.roundFirstBoss).toBe(2);
    deals.push(state.deal);
    expect(deals[1]).not.toEqual(deals[0]);
    expect(sortedCodes(state.deal.flat())).toEqual(sortedCodes((deals[0] ?? []).flat()));
    for (const stack of state.stacks) expect(stack).toHaveLength(13);
  });

  it("the round's first boss after a hand-edited last game: one seat left of the previous first boss", () => {
    const state = onevstwo.setup(FOUR, {}, 8);
    state.round = 2;
    state.roundFirstBoss = 2;
    state.gameInRound = 3; // boss BOB, the round's last game
    const next = finishGame(state);
    expect([next.round, next.gameInRound, next.roundFirstBoss, rolesOf(next).boss]).toEqual([3, 0, 3, DAN]);
    expect(next.deal).not.toEqual(state.deal);
  });
});

describe("Match length: 3 rounds (9 games) with 3 players, 4 rounds (16 games) with 4; short match one round", () => {
  it("gamesInMatch", () => {
    expect(gamesInMatch(3, false)).toBe(9);
    expect(gamesInMatch(4, false)).toBe(16);
    expect(gamesInMatch(3, true)).toBe(3);
    expect(gamesInMatch(4, true)).toBe(4);
  });

  it("the views count the games", () => {
    expect(onevstwo.publicView(onevstwo.setup(THREE, {}, 1))).toMatchObject({
      gameNumber: 1,
      games: 9,
      rounds: 3,
    });
    expect(onevstwo.publicView(onevstwo.setup(FOUR, {}, 1))).toMatchObject({
      gameNumber: 1,
      games: 16,
      rounds: 4,
    });
    const short = onevstwo.setup(FOUR, { shortMatch: true }, 1);
    expect(onevstwo.publicView(short)).toMatchObject({ games: 4, rounds: 1 });
  });

  it("full matches end after 9 and 16 games", () => {
    expect(match3.sheet).toHaveLength(9);
    expect(match4.sheet).toHaveLength(16);
    for (const state of [match3, match4]) {
      expect(state.phase).toBe("over");
      expect(onevstwo.outcome(state)).not.toBeNull();
      expect(onevstwo.actors(state)).toEqual([]);
      expect(onevstwo.publicView(state).actor).toBeNull();
      for (const p of state.players) {
        expect(onevstwo.legalMoves(state, p)).toEqual([]);
        expect(refusal(state, p, play("AS")).key).toBe("core.gameOver");
      }
    }
  });

  it("short match: one round, 3 or 4 games, then over", () => {
    for (const [players, games] of [
      [THREE, 3],
      [FOUR, 4],
    ] as const) {
      let state = onevstwo.setup([...players], { shortMatch: true }, 5);
      for (let g = 1; g < games; g++) {
        state = finishGame(state);
        expect(state.phase).toBe("contract");
        expect(onevstwo.outcome(state)).toBeNull();
      }
      state = finishGame(state);
      expect(state.phase).toBe("over");
      expect(state.sheet.map((line) => line.boss)).toEqual(players.slice(0, games));
      expect(onevstwo.outcome(state)).not.toBeNull();
    }
  });
});

const sum = (lines: GameRecordLine[], p: PlayerId) =>
  lines.reduce((total, line) => total + (line.perPlayer[p] ?? 0), 0);

describe("Match: running totals per player (3) or per pair (4, seats 1 & 3 vs 2 & 4)", () => {
  it("3 players: each player's total is the sum of their game scores, after every game", () => {
    let state = onevstwo.setup(THREE, {}, 13);
    for (let g = 0; g < 3; g++) {
      state = finishGame(state);
      const totals = onevstwo.publicView(state).totals;
      for (const p of THREE) expect(totals[p]).toBe(sum(state.sheet, p));
    }
    for (const line of match3.sheet) {
      for (const p of THREE) expect(line.perPlayer[p]).toBe(p === line.boss ? line.score : -line.score);
    }
    const totals = onevstwo.publicView(match3).totals;
    for (const p of THREE) expect(totals[p]).toBe(sum(match3.sheet, p));
  });

  it("4 players: a pair's total is the boss's scores of its games minus the other pair's, both members alike", () => {
    for (const line of match4.sheet) {
      const servant = line.servant as PlayerId;
      for (const p of FOUR) {
        expect(line.perPlayer[p]).toBe(p === line.boss || p === servant ? line.score : -line.score);
      }
    }
    const totals = onevstwo.publicView(match4).totals;
    const pairAC = match4.sheet.reduce(
      (t, line) => t + ([ANN, CAT].includes(line.boss) ? line.score : -line.score),
      0,
    );
    expect(totals[ANN]).toBe(pairAC);
    expect(totals[CAT]).toBe(pairAC);
    expect(totals[BOB]).toBe(-pairAC);
    expect(totals[DAN]).toBe(-pairAC);
  });
});

/** A finished short 3-player match whose games scored `scores` (the boss's, bosses ANN BOB CAT). */
function finished(players: PlayerId[], scores: number[]): OnevstwoState {
  const state = onevstwo.setup(players, { shortMatch: true }, 3);
  const n = players.length;
  state.sheet = scores.map((score, i) => {
    const boss = players[i % n] as PlayerId;
    const servant = n === 4 ? (players[(i + 2) % n] as PlayerId) : null;
    return {
      round: 0,
      game: i + 1,
      boss,
      servant,
      contract: { tricks: 7, trump: null },
      tricksWon: 7,
      score,
      perPlayer: Object.fromEntries(players.map((p) => [p, p === boss || p === servant ? score : -score])),
    };
  });
  state.phase = "over";
  state.gameInRound = n - 1;
  return state;
}

describe("Ruling: the match winner is the highest total; equal totals share the place", () => {
  it("3 players: the highest total wins, each player's score is their total", () => {
    // ANN 400+100-300 = 200, BOB -400-100-300 = -800, CAT -400+100+300 = 0
    const outcome = onevstwo.outcome(finished(THREE, [400, -100, 300]));
    expect(outcome?.results).toEqual({
      [ANN]: { result: "win", score: 200 },
      [BOB]: { result: "loss", score: -800 },
      [CAT]: { result: "loss", score: 0 },
    });
  });

  it("3 players: two equal highest totals share the win", () => {
    // ANN 100-100+50 = 50, BOB -100+100+50 = 50, CAT -100-100-50 = -250
    const outcome = onevstwo.outcome(finished(THREE, [100, 100, -50]));
    expect(outcome?.results[ANN]).toEqual({ result: "win", score: 50 });
    expect(outcome?.results[BOB]).toEqual({ result: "win", score: 50 });
    expect(outcome?.results[CAT]?.result).toBe("loss");
  });

  it("all totals equal: everyone shares the place", () => {
    const outcome = onevstwo.outcome(finished(THREE, [0, 0, 0]));
    const results = THREE.map((p) => outcome?.results[p]?.result);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).not.toBe("loss");
  });

  it("4 players: per pair; both members of the higher pair win with the pair's total", () => {
    // Bosses ANN 400, BOB -100, CAT 300, DAN 50: pair ANN+CAT 400 + 100 + 300 - 50 = 750
    const outcome = onevstwo.outcome(finished(FOUR, [400, -100, 300, 50]));
    expect(outcome?.results).toEqual({
      [ANN]: { result: "win", score: 750 },
      [CAT]: { result: "win", score: 750 },
      [BOB]: { result: "loss", score: -750 },
      [DAN]: { result: "loss", score: -750 },
    });
  });

  it("4 players: equal pair totals share the place", () => {
    const outcome = onevstwo.outcome(finished(FOUR, [100, 100, 0, 0]));
    const results = FOUR.map((p) => outcome?.results[p]?.result);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).not.toBe("loss");
  });

  it("rated sides: 3 players each for themselves, placed by total, equal totals sharing the place", () => {
    expect(onevstwo.sides!(finished(THREE, [400, -100, 300]))).toEqual([
      { players: [ANN], place: 1 },
      { players: [CAT], place: 2 },
      { players: [BOB], place: 3 },
    ]);
    expect(onevstwo.sides!(finished(THREE, [100, 100, -50]))?.map((s) => s.place)).toEqual([1, 1, 3]);
  });

  it("rated sides: 4 players as pairs, seats 1+3 against 2+4; equal pair totals share the place", () => {
    expect(onevstwo.sides!(finished(FOUR, [400, -100, 300, 50]))).toEqual([
      { players: [ANN, CAT], place: 1 },
      { players: [BOB, DAN], place: 2 },
    ]);
    expect(onevstwo.sides!(finished(FOUR, [100, 100, 0, 0]))?.map((s) => s.place)).toEqual([1, 1]);
    expect(onevstwo.sides!(onevstwo.setup(FOUR, {}, 1))).toBeNull();
  });

  it("the outcome is reported only when the match is over, and the real matches agree with their totals", () => {
    expect(onevstwo.outcome(onevstwo.setup(THREE, {}, 1))).toBeNull();
    for (const state of [match3, match4]) {
      const totals = onevstwo.publicView(state).totals;
      const best = Math.max(...Object.values(totals));
      const results = onevstwo.outcome(state)?.results ?? {};
      for (const p of state.players) {
        expect(results[p]?.score).toBe(totals[p]);
        if (totals[p] !== best) expect(results[p]?.result).toBe("loss");
      }
    }
  });
});
