import { describe, expect, it } from "vitest";
import type { GameOptions } from "../../../src/engine/core/game.js";
import { type AnyRobot, type RobotChoice, robotRandom } from "../../../src/engine/core/robot.js";
import { playRobotGame, robotSeatIds } from "../../../src/engine/robots/arena.js";
import { GAMES } from "../../../src/games/index.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import { theGameRobot } from "../../../src/games/thegame/engine/robot.js";
import type {
  TheGameMove,
  TheGamePrivateView,
  TheGameState,
} from "../../../src/games/thegame/engine/types.js";
import { hasKey, t, tm } from "../../../src/i18n/index.js";
import { drawPileOf, moveWithoutTime, must, table } from "./fixtures.js";

/** The published averages of cards left for the simplest strategy without talk, 1–5 players. */
const PUBLISHED = [22.0, 13.8, 17.9, 13.2, 11.2];

/** What the robot chooses for `seat` in `state`, told exactly what the driver tells it. */
function decide(state: TheGameState, seat: string, mustAct = false): RobotChoice<TheGameMove> | null {
  return theGameRobot.choose({
    seat,
    view: theGame.privateView(state, seat),
    legal: theGame.legalMoves(state, seat),
    mustAct,
    random: robotRandom(1),
    hasTime: () => true,
  });
}

/** Seeded all-robot games; the arena throws on any move not among the legal ones. */
function games(players: number, count: number, options: GameOptions = {}, firstSeed = 1) {
  const robots = Array.from({ length: players }, () => theGameRobot as AnyRobot);
  return Array.from({ length: count }, (_, i) => playRobotGame(theGame, robots, options, firstSeed + i));
}

describe("The Game's robot", () => {
  it("is the registered robot, and plays only legal moves to the end in all-robot games (1–5 players, every variant)", () => {
    expect(GAMES.robots().get("thegame")!).toBe(theGameRobot);
    for (let players = 1; players <= 5; players++) {
      const variants: GameOptions[] = [
        {},
        { expert: true },
        { smallerHands: true },
        { expert: true, smallerHands: true },
      ];
      for (const options of variants) {
        for (const game of games(players, 3, options, players * 100)) {
          expect(game.outcome, `${players} players ${JSON.stringify(options)}`).not.toBeNull();
          expect(game.players).toEqual(robotSeatIds(players));
        }
      }
    }
  });

  it("is deterministic: the same seed gives the same game", () => {
    const [a] = games(3, 1, {}, 42);
    const [b] = games(3, 1, {}, 42);
    expect(a?.state).toEqual(b?.state);
  });

  it("plays well: over seeded all-robot games it leaves at least 25% fewer cards than the published simplest strategy", () => {
    const n = 20;
    for (let players = 1; players <= 5; players++) {
      const played = games(players, n, {}, 10_000 * players);
      const mean = played.reduce((sum, g) => sum + (g.outcome?.score ?? 98), 0) / n;
      const target = 0.75 * (PUBLISHED[players - 1] as number);
      expect(mean, `${players} players: ${mean.toFixed(2)} cards left on average`).toBeLessThanOrEqual(
        target,
      );
    }
  });

  it("never makes a play that strands it while another play keeps the minimum in reach", () => {
    // 60 on ▲1 first would leave 55 nowhere to go; 55 first, then 60.
    const risky = table({
      hands: { ann: [55, 60], bob: [70] },
      piles: [[50], [98], [3], [4]],
      drawPile: drawPileOf(5),
    });
    expect(decide(risky, "ann")?.move).toEqual({ type: "play", card: 55, pile: 0 });
    // And never in whole games: a wrapped robot checks every play against the view's warning.
    let checked = 0;
    const careful: AnyRobot = {
      choose(turn) {
        const choice = theGameRobot.choose(turn as Parameters<typeof theGameRobot.choose>[0]);
        const view = turn.view as TheGamePrivateView;
        const move = choice?.move;
        if (move?.type === "play" && (view.stranding[move.card] ?? []).includes(move.pile)) {
          const safe = view.hand.some((c) =>
            (view.playable[c] ?? []).some((p) => !(view.stranding[c] ?? []).includes(p)),
          );
          if (safe) throw new Error(`stranding play ${move.card} on ${move.pile} with a safe one at hand`);
        }
        checked++;
        return choice;
      },
    };
    for (let players = 1; players <= 4; players++) {
      for (let seed = 1; seed <= 5; seed++) playRobotGame(theGame, Array(players).fill(careful), {}, seed);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("once its time is up it stops searching and plays its way through to the minimum (2–5 players)", () => {
    // Eight cards just above the rising piles: tens of thousands of orders of play to weigh.
    const state = table({
      hands: { ann: [11, 12, 13, 14, 21, 22, 23, 24], bob: [50] },
      piles: [[10], [20], [90], [95]],
      drawPile: drawPileOf(40),
    });
    const { asked, move } = moveWithoutTime(state, "ann");
    expect(asked).toBeLessThanOrEqual(1);
    expect(move?.type).toBe("play");
    if (move?.type === "play")
      expect(theGame.privateView(state, "ann").stranding[move.card]).not.toContain(move.pile);
  });

  it("respects another player's 'hold': it plays elsewhere unless its play there jumps nothing", () => {
    // One more card to play: 14 on ▲1 jumps three cards, 57 on ▲2 jumps six.
    const spec = {
      hands: { ann: [14, 57], bob: [70] },
      piles: [[10], [50], [30], [25]],
      drawPile: drawPileOf(5),
      playedThisTurn: 1,
    };
    expect(decide(table(spec), "ann")?.move).toEqual({ type: "play", card: 14, pile: 0 });
    const held = table({ ...spec, signals: [{ player: "bob", pile: 0, signal: "hold" }] });
    const choice = decide(held, "ann");
    expect(choice?.move).toEqual({ type: "play", card: 57, pile: 1 });
    expect(tm(choice!.reason)).toBe("Play 57 on the second rising pile (▲2): 7 above its top.");
    // A play that jumps nothing on the held pile is still made.
    const close = table({ ...spec, hands: { ann: [11, 57], bob: [70] }, signals: held.signals });
    expect(decide(close, "ann")?.move).toEqual({ type: "play", card: 11, pile: 0 });
  });

  it("before ending its turn it signals to the table, clears what no longer holds, then ends the turn", () => {
    // The minimum is played; 64 would jump many cards on ▲2 (top 50), 91 sits just under ▼3 (top 95).
    let state = table({
      hands: { ann: [64, 91], bob: [70] },
      piles: [[30], [50], [95], [20]],
      drawPile: drawPileOf(5),
      playedThisTurn: 2,
      signals: [{ player: "ann", pile: 3, signal: "bigJump" }],
    });
    const seen: string[] = [];
    for (let step = 0; step < 6; step++) {
      const choice = decide(state, "ann");
      if (!choice) throw new Error("no choice");
      seen.push(tm({ key: choice.reason.key, params: { ...choice.reason.params } }));
      const result = theGame.apply(state, "ann", choice.move);
      if (!result.ok) throw new Error(result.error.key);
      if (choice.move.type === "endTurn") break;
      expect(choice.move.type).toBe("signal");
      state = result.state;
    }
    expect(seen.at(-1)).toBe(
      "End your turn: the minimum is played and your other cards are far from the piles.",
    );
    expect(seen).toContain(
      "Signal 'I can play well here' on the first falling pile (▼3): you have a card that fits it cheaply.",
    );
    expect(seen).toContain(
      "Clear your signal on the second falling pile (▼4): it no longer says what your hand holds.",
    );
    expect(state.signals).toEqual([{ player: "ann", pile: 2, signal: "playWell" }]);
  });

  it("waiting for another's turn (a hint while waiting) it only ever suggests a signal its hand calls for, or nothing", () => {
    const waiting = table({
      hands: { ann: [40, 60], bob: [91, 92] },
      piles: [[30], [50], [95], [20]],
      drawPile: drawPileOf(5),
    });
    const choice = decide(waiting, "bob", true);
    expect(choice?.move).toMatchObject({ type: "signal", pile: 2 });
    const said = must(waiting, "bob", choice?.move as TheGameMove);
    expect(decide(said, "bob", true)).toBeNull();
  });

  it("says 'big jump coming' where its cards are nearest when every card is far from the piles", () => {
    const state = table({
      hands: { ann: [40, 60], bob: [70] },
      piles: [[10], [12], [90], [88]],
      drawPile: drawPileOf(5),
      playedThisTurn: 2,
    });
    const choice = decide(state, "ann");
    expect(choice?.move).toMatchObject({ type: "signal", signal: "bigJump" });
  });

  it("never signals alone at the table, and reads as one English line per move", () => {
    for (const game of games(1, 3)) expect(game.outcome).not.toBeNull();
    const reasons = new Set<string>();
    const recorder: AnyRobot = {
      choose(turn) {
        const choice = theGameRobot.choose(turn as Parameters<typeof theGameRobot.choose>[0]);
        if (choice) {
          expect(hasKey(choice.reason.key), choice.reason.key).toBe(true);
          const line = tm(choice.reason);
          expect(line).not.toMatch(/[{}]/);
          const move = choice.move as TheGameMove;
          if (move.type === "play") expect(line).toContain(`Play ${move.card} on the`);
          if (move.type === "signal" && (turn.view as TheGamePrivateView).players.length === 1)
            throw new Error("a solo robot signalled");
          reasons.add(choice.reason.key.replace(/\.\d$/, ""));
        }
        return choice;
      },
    };
    for (let players = 1; players <= 5; players++)
      playRobotGame(theGame, Array(players).fill(recorder), {}, 7);
    for (const key of ["thegame.robot.play", "thegame.robot.endTurn", "thegame.robot.claim"]) {
      expect([...reasons], key).toContain(key);
    }
    expect([...reasons].some((k) => k.startsWith("thegame.robot.signal."))).toBe(true);
    expect(t("thegame.robot.trick.2", { card: 60 })).toBe(
      "Play 60 on the first falling pile (▼3): exactly 10 back, a backwards trick.",
    );
  });

  it("claims the first turn with a cheap opening or when it must, and otherwise leaves the choice to the people", () => {
    const claim = (hand: number[]) =>
      ({
        ...table({ hands: { ann: hand, bob: [50, 51, 52, 53, 54, 55] }, drawPile: drawPileOf(40) }),
        phase: "claim" as const,
      }) satisfies TheGameState;
    const good = decide(claim([2, 3, 40, 50, 60, 70]), "ann");
    expect(good?.move).toEqual({ type: "claimStart" });
    expect(tm(good!.reason)).toBe("Take the first turn: your hand has cheap opening plays.");
    expect(decide(claim([30, 40, 45, 50, 55, 60]), "ann")).toBeNull();
    const must = decide(claim([30, 40, 45, 50, 55, 60]), "ann", true);
    expect(must?.move).toEqual({ type: "claimStart" });
    expect(tm(must!.reason)).toBe("Take the first turn: somebody has to start.");
  });
});
