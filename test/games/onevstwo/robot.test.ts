import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { type AnyRobot, randomLegalRobot, robotRandom } from "../../../src/engine/core/robot.js";
import { playRobotGame } from "../../../src/engine/robots/arena.js";
import { GAMES } from "../../../src/games/index.js";
import { type OnevstwoState, onevstwo } from "../../../src/games/onevstwo/engine/index.js";
import { onevstwoRobot } from "../../../src/games/onevstwo/engine/robot.js";
import { hasKey } from "../../../src/i18n/index.js";
import { ANN, CAT, cards, play, THREE, table } from "./fixtures.js";

function decide(state: OnevstwoState, player: PlayerId) {
  const choice = onevstwoRobot.choose({
    seat: player,
    view: onevstwo.privateView(state, player),
    legal: onevstwo.legalMoves(state, player),
    mustAct: true,
    random: robotRandom(7),
    hasTime: () => true,
  });
  if (!choice) throw new Error("the robot did not act");
  expect(hasKey(choice.reason.key), choice.reason.key).toBe(true);
  return choice;
}

/** A 3-player game about to be announced by Ann, with her hand and the dummy as given. */
function announcing(hand: string, dummy: string): OnevstwoState {
  const state = onevstwo.setup(THREE, {}, 5);
  const rest = state.deal
    .flat()
    .filter((c) => !cards(`${hand} ${dummy}`).some((d) => d.rank === c.rank && d.suit === c.suit));
  state.stacks = [cards(hand), rest.slice(0, 13), rest.slice(13), cards(dummy)];
  return state;
}

describe("One versus Two's robot", () => {
  it("is the registered robot and only ever submits legal moves, in every role, 3 and 4 players", () => {
    expect(GAMES.robots().get("onevstwo")!).toBe(onevstwoRobot);
    for (let seed = 1; seed <= 6; seed++) {
      const players = seed % 2 === 0 ? 4 : 3;
      const robots: AnyRobot[] = Array.from({ length: players }, (_, i) =>
        i === seed % players ? randomLegalRobot : (onevstwoRobot as AnyRobot),
      );
      expect(playRobotGame(onevstwo, robots, { shortMatch: true }, seed).outcome).not.toBeNull();
    }
  });

  it("decides from its own view: other hands dealt differently give the same contract and cards", () => {
    const base = onevstwo.setup(THREE, {}, 9);
    const swapped = { ...base, stacks: [base.stacks[0], base.stacks[2], base.stacks[1], base.stacks[3]] };
    expect(decide(swapped as OnevstwoState, ANN)).toEqual(decide(base, ANN));
    const hands = { boss: "AS 9S 4H 3D", left: "KS 2S QH 5D", dummy: "8S 7H 6H 2C", right: "JH 10H 9D 8D" };
    const shown = table({ contract: { tricks: 1, trump: "S" }, leader: "boss", hands });
    const hidden = table({
      contract: { tricks: 1, trump: "S" },
      leader: "boss",
      hands: { ...hands, left: "JH 10H 9D 8D", right: "KS 2S QH 5D" },
    });
    expect(decide(hidden, ANN)).toEqual(decide(shown, ANN));
  });

  it("follows suit with its lowest card when it cannot win the trick", () => {
    const state = table({
      hands: { boss: "QS 9S 3S AH", left: "KS 2H 3H", dummy: "4S 5H 6H", right: "2D 3D 4D" },
      leader: "left",
      trick: [
        ["left", "AS"],
        ["dummy", "2S"],
        ["right", "5D"],
      ],
    });
    expect(decide(state, ANN).move).toEqual(play("3S"));
  });

  it("wins with the cheapest winning card", () => {
    const state = table({
      hands: { boss: "KH 10H 2H AS", left: "3S 4S 5S", dummy: "6S 7S 8S", right: "2D 3D 4D" },
      leader: "left",
      trick: [
        ["left", "9H"],
        ["dummy", "3H"],
        ["right", "5D"],
      ],
    });
    const choice = decide(state, ANN);
    expect(choice.move).toEqual(play("10H"));
    expect(choice.reason.key).toBe("onevstwo.robot.winCheap");
  });

  it("does not overtake its partner's winning card", () => {
    const state = table({
      hands: { boss: "2C 3C 4C", left: "2S 3S 4S", dummy: "5C 6C 7C", right: "KH 2H 9S AS" },
      leader: "boss",
      trick: [
        ["boss", "5H"],
        ["left", "AH"],
        ["dummy", "7H"],
      ],
    });
    const choice = decide(state, CAT);
    expect(choice.move).toEqual(play("2H"));
    expect(choice.reason.key).toBe("onevstwo.robot.partnerWins");
  });

  it("trumps with its lowest winning trump when it cannot follow", () => {
    const state = table({
      contract: { tricks: 1, trump: "S" },
      hands: { boss: "AS 8S 3S 2D", left: "2H 3H 4H", dummy: "5H 6H 7H", right: "9C 3C 4C" },
      leader: "left",
      trick: [
        ["left", "AC"],
        ["dummy", "2C"],
        ["right", "5C"],
      ],
    });
    expect(decide(state, ANN).move).toEqual(play("3S"));
  });

  it("draws trumps with the best trump when its side holds trump control", () => {
    const state = table({
      contract: { tricks: 1, trump: "S" },
      hands: {
        boss: "AS KS 2S AH 3D",
        left: "3S 4H 5H 6H 7H",
        dummy: "QS JS 10S 8H 9H",
        right: "4S 2C 3C 4C 5C",
      },
      leader: "boss",
    });
    const choice = decide(state, ANN);
    expect(choice.move).toEqual(play("AS"));
    expect(choice.reason.key).toBe("onevstwo.robot.drawTrumps");
  });

  it("never announces a premium contract its hand cannot make on any deal: 1 trick with a weak hand and dummy", () => {
    const weak = decide(
      announcing("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C", "6S 7S 5H 6H 7H 5D 6D 7D 8D 5C 6C 7C 8C"),
      ANN,
    );
    expect(weak.move).toMatchObject({ type: "contract", tricks: 1 });
    expect(weak.reason.key).toMatch(/^onevstwo\.robot\.safe/);
  });

  it("announces a premium contract with a hand that surely makes it", () => {
    const strong = decide(
      announcing("AS KS QS JS 10S 9S 8S AH KH QH AD KD AC", "7S 6S 5S JH 10H 9H QD JD 10D KC QC JC 10C"),
      ANN,
    );
    // Every top card is the boss's side's: 13 tricks on every deal, so the 1000 premium.
    expect(strong.move).toMatchObject({ type: "contract", tricks: 13 });
    expect(strong.reason.key).toMatch(/^onevstwo\.robot\.premium/);
  });

  it("goes beyond 1 trick only for a premium: with 8 sure tricks in spades it announces 1, not 8", () => {
    const eight = decide(
      announcing("AS KS QS JS 10S 9S 8S 2H 3H 4H 2D 3D 4D", "7S 6S 5S 4S 3S 2S 5H 6H 5D 6D 2C 3C 4C"),
      ANN,
    );
    expect(eight.move).toMatchObject({ type: "contract", tricks: 1 });
  });
});
