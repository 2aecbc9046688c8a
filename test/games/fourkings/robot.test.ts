import { describe, expect, it } from "vitest";
import { robotRandom } from "../../../src/engine/core/robot.js";
import { playRobotGame } from "../../../src/engine/robots/arena.js";
import { fourKings } from "../../../src/games/fourkings/engine/index.js";
import { fourKingsRobot } from "../../../src/games/fourkings/engine/robot.js";
import type { FourKingsState } from "../../../src/games/fourkings/engine/types.js";
import { GAMES } from "../../../src/games/index.js";
import { tm } from "../../../src/i18n/index.js";
import { cards, PLAYER, play, stateWith } from "./fixtures.js";

function hint(state: FourKingsState) {
  return fourKingsRobot.choose({
    seat: PLAYER,
    view: fourKings.privateView(state, PLAYER),
    legal: fourKings.legalMoves(state, PLAYER),
    mustAct: true,
    random: robotRandom(1),
    hasTime: () => true,
  });
}

describe("Four Kings' robot (hints only)", () => {
  it("never takes a seat, and hints only legal moves through whole games, with and without peek", () => {
    expect(GAMES.robots().get("fourkings")!).toBe(fourKingsRobot);
    expect(GAMES.seatsRobots("fourkings")).toBe(false);
    for (const peek of [false, true]) {
      for (let seed = 1; seed <= 2; seed++) {
        expect(playRobotGame(fourKings, [fourKingsRobot], { peek }, seed).outcome).not.toBeNull();
      }
    }
  });

  it("decides from the player's view: the draw pile's order and a hidden lost pile change nothing", () => {
    const state = stateWith({
      controlled: cards("AS 2S 3S AH 2H 3H AD 2D 3D AC 2C 3C"),
      drawPiles: [cards("4C 5C 6C 4S 5S 6S"), cards("7S 8S"), cards("KS")],
      lostPile: cards("6D 4H"),
    });
    const other = {
      ...state,
      drawPiles: [cards("6S 5S 4S 6C 5C 4C"), cards("8S 7S"), cards("KS")],
      lostPile: cards("4H 6D"),
    };
    expect(hint(other)).toEqual(hint(state));
  });

  it("takes the hand its memory calls for: two positions that look the same apart from it get different hands", () => {
    // Round 2, two cards left in the draw pile: the two hearts or the two spades, by what was lost.
    const position = (drawPile: string, lostPile: string) =>
      stateWith({
        round: 2,
        controlled: cards("AS 2S 3S 4S 5S 6S 10S 9S AH 2H 3H 4H 5H 6H 10H 9H AD 2D 3D AC 2C 3C 4C"),
        drawPiles: [[], cards(drawPile), cards("JS QS KS")],
        lostPile: cards(lostPile),
      });
    const heartsToCome = position("7H 8H", "7S 8S 4D 5D 6D 5C 6C");
    const spadesToCome = position("7S 8S", "7H 8H 4D 5D 6D 5C 6C");
    const { memory: _, ...seen } = fourKings.privateView(heartsToCome, PLAYER);
    expect(fourKings.privateView(spadesToCome, PLAYER)).toMatchObject(seen);
    const handOf = (state: FourKingsState) => {
      const move = hint(state)?.move;
      return move?.type === "chooseHand" ? move.cards.map((c) => c.suit) : [];
    };
    // 10 and 9 of the coming suit win both drawn cards alone.
    expect(handOf(heartsToCome).filter((suit) => suit === "H")).toHaveLength(2);
    expect(handOf(spadesToCome).filter((suit) => suit === "S")).toHaveLength(2);
    expect(tm(hint(heartsToCome)!.reason)).toMatch(/^Choose (\S+ ){3}as your hand: /);
  });

  it("plays the same with peek as without: the memory holds all that peek shows", () => {
    for (const seed of [1, 2]) {
      const played = [false, true].map((peek) => {
        let state = fourKings.setup([PLAYER], { peek }, seed);
        const moves = [];
        while (state.phase !== "over" && moves.length < 60) {
          const move = hint(state)?.move;
          if (!move) throw new Error("no hint");
          moves.push(move);
          state = play(state, move);
        }
        return moves;
      });
      expect(played[1]).toEqual(played[0]);
    }
  });

  it("places the hand to win the drawn cards and says what it wins", () => {
    const state = stateWith({
      phase: "assign",
      controlled: cards("AH 2H 3H AD 2D 3D AC"),
      hand: cards("AS 2S 3S 2C 3C"),
      drawn: cards("5S 4C"),
      drawPiles: [cards("6S 6C"), cards("7S"), cards("KS")],
    });
    const choice = hint(state);
    expect(choice?.move.type).toBe("assign");
    expect(tm(choice!.reason)).toMatch(/^Place .+ → 5♠ · .+ → 4♣: that wins every drawn card\.$/);
    expect(tm(choice!.reason, "nl")).toMatch(/^Leg .+ → 5♠ · .+ → 4♣: zo win je alle getrokken kaarten\.$/);
  });
});
