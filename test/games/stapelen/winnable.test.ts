import { describe, expect, it } from "vitest";
import { type Card, cardLabel } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { robotRandom } from "../../../src/engine/core/robot.js";
import { stapelen } from "../../../src/games/stapelen/engine/index.js";
import { stapelenReview } from "../../../src/games/stapelen/engine/review.js";
import { stapelenRobot } from "../../../src/games/stapelen/engine/robot.js";
import { positionOf, solve, winnable } from "../../../src/games/stapelen/engine/solver.js";
import type { StapelenMove, StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { tm } from "../../../src/i18n/index.js";
import { ANN, BOB, piles, playing } from "./fixtures.js";

const ALL_THE_TIME = { nodes: 10_000_000, hasTime: () => true };
/** Ann puts 2 on her Ace, Bob 4 on his 3: all stacked. */
const WINNABLE = playing(piles("2S", "4H"), piles("AS", "10H", "10D"), piles("3C", "10S", "10C"));
/** Ann's only card is the 2; Bob then puts the 4 on his 3; Ann cannot place the 5. */
const LOST = playing(piles("4S 2S", "5H"), piles("AS", "10H", "10D"), piles("3C", "10S", "10C"));

function must(state: StapelenState, seat: PlayerId, move: StapelenMove): StapelenState {
  const result = stapelen.apply(state, seat, move);
  if (!result.ok) throw new Error(result.error.key);
  return result.state;
}

function robotMove(state: StapelenState, hasTime = () => true) {
  const seat = stapelen.actors(state)[0] as PlayerId;
  return stapelenRobot.choose({
    seat,
    view: stapelen.privateView(state, seat),
    legal: stapelen.legalMoves(state, seat),
    mustAct: true,
    random: robotRandom(1),
    hasTime,
  });
}

/** Every outcome from here by trying every legal move: true when some line stacks all cards. */
function bruteForce(state: StapelenState): boolean {
  if (state.phase === "over") return state.endReason === "allTaken";
  const seat = stapelen.actors(state)[0] as PlayerId;
  return stapelen.legalMoves(state, seat).some((move) => bruteForce(must(state, seat, move)));
}

describe("Stacking: still winnable?", () => {
  it("a table with a line that stacks every card can still be won", () => {
    expect(winnable(stapelen.publicView(WINNABLE), ALL_THE_TIME)).toBe("winnable");
  });

  it("a table where every line gets stuck can no longer be won", () => {
    expect(winnable(stapelen.publicView(LOST), ALL_THE_TIME)).toBe("lost");
  });

  it("a search whose budget runs out is not sure", () => {
    // Deal 26 needs some twenty thousand positions.
    const view = stapelen.publicView(stapelen.setup([ANN, BOB], {}, 26));
    expect(solve(positionOf(view), 0, { nodes: 100, hasTime: () => true }).verdict).toBe("unsure");
    expect(winnable(view, { nodes: 10_000_000, hasTime: () => false })).toBe("unsure");
  });

  it("the hint says whether the deal can still be won, beside its move", () => {
    expect(tm(robotMove(WINNABLE)!.reason)).toMatch(/^This deal can still be won\. Put /);
    expect(tm(robotMove(LOST)!.reason)).toMatch(/^This deal can no longer be won\. Put /);
    const slow = stapelen.setup([ANN, BOB], {}, 26);
    expect(tm(robotMove(slow, () => false)!.reason)).toMatch(/^Not sure this deal can still be won: .* Put /);
  });

  it("agrees with trying every line on small tables from robot games", () => {
    const random = robotRandom(25);
    for (let seed = 1; seed <= 10; seed++) {
      // The robot's line to 9 cards left, then random legal moves to 6 left: won and lost tables both.
      let state = stapelen.setup([ANN, BOB], {}, seed);
      while (state.phase === "play" && stapelen.publicView(state).cardsLeft > 6) {
        const seat = stapelen.actors(state)[0] as PlayerId;
        const legal = stapelen.legalMoves(state, seat);
        const move =
          stapelen.publicView(state).cardsLeft > 9
            ? (robotMove(state)?.move as StapelenMove)
            : (legal[Math.floor(random() * legal.length)] as StapelenMove);
        state = must(state, seat, move);
      }
      if (state.phase !== "play") continue;
      const expected = bruteForce(state) ? "winnable" : "lost";
      expect(winnable(stapelen.publicView(state), ALL_THE_TIME), `seed ${seed}`).toBe(expected);
    }
  });

  it("searches of one game that share the positions proved lost judge every position as a search alone does", () => {
    const random = robotRandom(7);
    for (let seed = 1; seed <= 6; seed++) {
      let state = stapelen.setup([ANN, BOB], {}, seed);
      const views = [stapelen.publicView(state)];
      while (state.phase === "play") {
        const seat = stapelen.actors(state)[0] as PlayerId;
        const legal = stapelen.legalMoves(state, seat);
        state = must(state, seat, legal[Math.floor(random() * legal.length)] as StapelenMove);
        views.push(stapelen.publicView(state));
      }
      const game = { deal: views[0]!, lost: new Set<number>() };
      // From the end backwards, as a review's later searches meet what its earlier ones proved
      // lost; the last dozen positions (a search alone of the deal itself takes long).
      for (const view of views.slice(-12).reverse()) {
        expect(winnable(view, ALL_THE_TIME, game), `seed ${seed}`).toBe(winnable(view, ALL_THE_TIME));
      }
      expect(game.lost.size, `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it("after a loss, the review names the first card after which the deal could no longer be won", () => {
    let state = stapelen.setup([ANN, BOB], {}, 5);
    const moves: { userId: PlayerId; move: StapelenMove }[] = [];
    const play = (move: StapelenMove) => {
      const seat = stapelen.actors(state)[0] as PlayerId;
      moves.push({ userId: seat, move });
      state = must(state, seat, move);
    };
    const losingMove = (): StapelenMove | undefined => {
      const seat = stapelen.actors(state)[0] as PlayerId;
      return stapelen
        .legalMoves(state, seat)
        .find((m) => winnable(stapelen.publicView(must(state, seat, m)), ALL_THE_TIME) === "lost");
    };
    // A winning line until a card would lose the deal, then that card, then anything until stuck.
    while (moves.length < 30 || !losingMove()) play(robotMove(state)?.move as StapelenMove);
    expect(winnable(stapelen.publicView(state), ALL_THE_TIME)).toBe("winnable");
    const seat = stapelen.actors(state)[0] as PlayerId;
    const losing = losingMove() as StapelenMove;
    const card = state.columns[losing.column]?.at(-1) as Card;
    play(losing);
    const blunder = moves.length;
    while (state.phase === "play")
      play(stapelen.legalMoves(state, stapelen.actors(state)[0] as PlayerId)[0]!);
    expect(state.endReason).toBe("stuck");
    const review = stapelenReview({ players: [ANN, BOB], options: {}, seed: 5, moves }, () => true);
    expect(review).toEqual({
      key: "stapelen.review.lostAfter",
      params: {
        number: blunder,
        move: blunder,
        player: seat,
        card: cardLabel(card),
        foundation: losing.foundation + 1,
      },
    });
  });
});
