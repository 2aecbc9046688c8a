import { describe, expect, it } from "vitest";
import { type Card, cardLabel } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { robotRandom } from "../../../src/engine/core/robot.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import { twelvesReview } from "../../../src/games/twelves/engine/review.js";
import { twelvesRobot } from "../../../src/games/twelves/engine/robot.js";
import { solve, takenKinds, winnable } from "../../../src/games/twelves/engine/solver.js";
import type { TwelvesMove, TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { tm } from "../../../src/i18n/index.js";
import { ANN, BOB, CONFIRM, columns, fresh, must, playing, proposal } from "./fixtures.js";

const ALL_THE_TIME = { nodes: 10_000_000, hasTime: () => true };
/** Ann (twelves) takes 5+7, then Bob (fourteens) takes 6+8: the table is cleared. */
const WINNABLE = columns("5S", "7H", "6D", "8C");
/** Ann's pairs are 4+8 and 5+7; after either, Bob has no fourteen. */
const LOST = columns("4S", "8H", "5D", "7C");

function hint(state: TwelvesState, seat: PlayerId, hasTime = () => true): string {
  const choice = twelvesRobot.choose({
    seat,
    view: twelves.privateView(state, seat),
    legal: twelves.legalMoves(state, seat),
    mustAct: true,
    random: robotRandom(1),
    hasTime,
  });
  return choice ? tm(choice.reason) : "";
}

/** Deal 19 with Ann collecting twelves and starting: the search needs tens of thousands of positions. */
const slowDeal = () => must(must(fresh(19), ANN, proposal(ANN, ANN)), BOB, CONFIRM);

/** Every outcome from here by trying every legal move: true when some line takes all cards. */
function bruteForce(state: TwelvesState): boolean {
  if (state.phase === "over") return state.endReason === "allTaken";
  const seat = twelves.actors(state)[0] as PlayerId;
  return twelves.legalMoves(state, seat).some((move) => bruteForce(must(state, seat, move)));
}

function randomPlay(state: TwelvesState, random: () => number, cardsLeft: number): TwelvesState | null {
  let s = state;
  while (s.phase === "play" && twelves.publicView(s).cardsLeft > cardsLeft) {
    const seat = twelves.actors(s)[0] as PlayerId;
    const legal = twelves.legalMoves(s, seat);
    s = must(s, seat, legal[Math.floor(random() * legal.length)] as TwelvesMove);
  }
  return s.phase === "play" ? s : null;
}

describe("Twelves: still winnable?", () => {
  it("a table with a line that takes every card can still be won", () => {
    expect(winnable(twelves.publicView(playing(WINNABLE)), ALL_THE_TIME)).toBe("winnable");
  });

  it("a table where every line gets stuck can no longer be won", () => {
    expect(winnable(twelves.publicView(playing(LOST)), ALL_THE_TIME)).toBe("lost");
  });

  it("a search whose budget runs out is not sure", () => {
    const view = twelves.publicView(slowDeal());
    expect(solve(view.columns, "twelve", takenKinds(view), { nodes: 100, hasTime: () => true }).verdict).toBe(
      "unsure",
    );
    expect(winnable(view, { nodes: 10_000_000, hasTime: () => false })).toBe("unsure");
  });

  it("while agreeing, the deal can be won when either start wins", () => {
    // Only a twelves start clears this table (Bob has no fourteen among its top cards).
    const agreeing: TwelvesState = {
      ...playing(columns("6D 10D 10S", "2C", "8H 6S", "", "4H 6H")),
      phase: "agree",
      roles: null,
    };
    expect(winnable(twelves.publicView(agreeing), ALL_THE_TIME)).toBe("winnable");
    expect(winnable(twelves.publicView({ ...agreeing, columns: LOST }), ALL_THE_TIME)).toBe("lost");
  });

  it("the hint says whether the deal can still be won, beside its move", () => {
    expect(hint(playing(WINNABLE), ANN)).toMatch(/^This deal can still be won\. Take /);
    expect(hint(playing(LOST), ANN)).toMatch(/^This deal can no longer be won: .* Take /);
    expect(hint(slowDeal(), ANN, () => false)).toMatch(/^Not sure this deal can still be won: .* Take /);
  });

  it("agrees with trying every line on small tables from random games", () => {
    const random = robotRandom(25);
    let compared = 0;
    for (let seed = 1; compared < 12 && seed < 400; seed++) {
      const state = randomPlay(must(must(fresh(seed), ANN, proposal(ANN, ANN)), BOB, CONFIRM), random, 12);
      if (!state) continue;
      compared++;
      const expected = bruteForce(state) ? "winnable" : "lost";
      expect(winnable(twelves.publicView(state), ALL_THE_TIME), `seed ${seed}`).toBe(expected);
    }
    expect(compared).toBe(12);
  });

  it("after a loss, the review names the first pair after which the deal could no longer be won", () => {
    const start = must(must(fresh(7), ANN, proposal(ANN, ANN)), BOB, CONFIRM);
    const moves: { userId: PlayerId; move: TwelvesMove }[] = [
      { userId: ANN, move: proposal(ANN, ANN) },
      { userId: BOB, move: CONFIRM },
    ];
    let state = start;
    const play = (move: TwelvesMove) => {
      const seat = twelves.actors(state)[0] as PlayerId;
      moves.push({ userId: seat, move });
      state = must(state, seat, move);
    };
    // A winning line until a pair would lose the deal, then that pair, then anything until stuck.
    const losingMove = (): TwelvesMove | undefined => {
      const seat = twelves.actors(state)[0] as PlayerId;
      return twelves
        .legalMoves(state, seat)
        .find((m) => winnable(twelves.publicView(must(state, seat, m)), ALL_THE_TIME) === "lost");
    };
    let pairs = 0;
    while (pairs < 3 || !losingMove()) {
      const seat = twelves.actors(state)[0] as PlayerId;
      const choice = twelvesRobot.choose({
        seat,
        view: twelves.privateView(state, seat),
        legal: twelves.legalMoves(state, seat),
        mustAct: true,
        random: robotRandom(1),
        hasTime: () => true,
      });
      play(choice?.move as TwelvesMove);
      pairs++;
    }
    expect(winnable(twelves.publicView(state), ALL_THE_TIME)).toBe("winnable");
    const seat = twelves.actors(state)[0] as PlayerId;
    const losing = losingMove();
    const view = twelves.publicView(state);
    const [a, b] = (losing as Extract<TwelvesMove, { type: "takePair" }>).columns;
    const first = view.columns[a]?.at(-1);
    const second = view.columns[b]?.at(-1);
    play(losing as TwelvesMove);
    const blunder = moves.length;
    while (state.phase === "play")
      play(twelves.legalMoves(state, twelves.actors(state)[0] as PlayerId)[0] as TwelvesMove);
    expect(state.endReason).toBe("noPair");
    const review = twelvesReview({ players: [ANN, BOB], options: {}, seed: 7, moves }, () => true);
    expect(review?.key).toBe("twelves.review.lostAfter");
    expect(review?.params).toEqual({
      number: pairs + 1,
      move: blunder,
      player: seat,
      first: cardLabel(first as Card),
      second: cardLabel(second as Card),
    });
  });

  it("an unfinished game has no review", () => {
    const moves: { userId: PlayerId; move: TwelvesMove }[] = [
      { userId: ANN, move: proposal(ANN, ANN) },
      { userId: BOB, move: CONFIRM },
    ];
    expect(twelvesReview({ players: [ANN, BOB], options: {}, seed: 7, moves }, () => true)).toBeNull();
  });
});
