import { cardLabel } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import { type Robot, type RobotChoice, type RobotTurn, timeBudget } from "../../../engine/core/robot.js";
import { topCard } from "../../../engine/core/tableau.js";
import type { Winnable } from "../../../engine/core/winnable.js";
import {
  CHECK_MS,
  CHECK_NODES,
  otherRole,
  type Pair,
  type Solution,
  solve,
  startingRole,
  takenKinds,
} from "./solver.js";
import type { TwelvesMove, TwelvesPrivateView, TwelvesRole, TwelvesTerms } from "./types.js";

type Turn = RobotTurn<TwelvesPrivateView, TwelvesMove>;
type Choice = RobotChoice<TwelvesMove> | null;

/** Positions one search may visit: enough for nearly every deal, and the same choice every time. */
export const NODE_BUDGET = 200_000;

/**
 * The winnable check first (a hint answers within its 50 ms); only when it is unsure, the long
 * search the robot may spend its whole turn on. Either way the verdict is what the search proved.
 */
function search(view: TwelvesPrivateView, mover: TwelvesRole, hasTime: () => boolean): Solution {
  const taken = takenKinds(view);
  const check = timeBudget(CHECK_MS);
  const quick = solve(view.columns, mover, taken, {
    nodes: CHECK_NODES,
    hasTime: () => check() && hasTime(),
  });
  return quick.verdict !== "unsure"
    ? quick
    : solve(view.columns, mover, taken, { nodes: NODE_BUDGET, hasTime });
}

/** Higher is better: a found win, then an open question, then the fewest cards left. */
function worth(solution: Solution): number {
  return (solution.verdict === "winnable" ? 200 : solution.verdict === "unsure" ? 100 : 0) - solution.left;
}

/** The reason's word for each verdict: the hint says whether the deal can still be won. */
const LINE_KEY: Record<Winnable, string> = {
  winnable: "winningLine",
  lost: "lostAnyway",
  unsure: "longestLine",
};
const TERMS_KEY: Record<Winnable, string> = { winnable: "Wins", lost: "Lost", unsure: "Unsure" };

function pairChoice(view: TwelvesPrivateView, verdict: Winnable, pair: Pair): RobotChoice<TwelvesMove> {
  const [a, b] = pair;
  const first = topCard(view.columns, a);
  const second = topCard(view.columns, b);
  const key = LINE_KEY[verdict];
  return {
    move: { type: "takePair", columns: pair },
    reason: {
      key: `twelves.robot.${key}`,
      params: {
        first: first ? cardLabel(first) : "",
        firstColumn: a + 1,
        second: second ? cardLabel(second) : "",
        secondColumn: b + 1,
      },
    },
  };
}

function takePair(turn: Turn): Choice {
  const { view } = turn;
  if (!view.role) return null;
  const solution = search(view, view.role, turn.hasTime);
  const fallback = turn.legal.find((m) => m.type === "takePair");
  const pair = solution.pair ?? (fallback?.type === "takePair" ? fallback.columns : null);
  return pair && pairChoice(view, solution.verdict, pair);
}

/** Terms as a message: who collects twelves, who starts, and whether a winning line was found. */
function termsChoice(
  move: TwelvesMove,
  terms: TwelvesTerms,
  verdict: Winnable,
  action: string,
): RobotChoice<TwelvesMove> {
  const why = TERMS_KEY[verdict];
  return {
    move,
    reason: {
      key: `twelves.robot.${action}${why}`,
      params: { twelves: terms.twelves, starter: terms.starter },
    },
  };
}

/**
 * Agreeing: a proposal by the other player is confirmed when its start leads to a winning line,
 * or when the other start does no better; otherwise the better start is proposed. With no
 * proposal (or only its own) a robot waits while a person may still choose.
 */
function agree(turn: Turn): Choice {
  const { view } = turn;
  const proposal = view.proposal;
  const offered = proposal && view.canConfirm ? proposal.terms : null;
  if (!offered && !turn.mustAct) return null;
  const solutions = new Map<TwelvesRole, Solution>();
  const solution = (role: TwelvesRole): Solution => {
    const known = solutions.get(role) ?? search(view, role, turn.hasTime);
    solutions.set(role, known);
    return known;
  };
  // A start that is not chosen is no worse than the chosen one, so the chosen start's verdict is the deal's.
  if (offered) {
    // A winning offer is confirmed without searching the other start.
    const role = startingRole(offered);
    const mine = solution(role);
    if (mine.verdict === "winnable" || worth(mine) >= worth(solution(otherRole(role)))) {
      return termsChoice({ type: "confirm" }, offered, mine.verdict, "confirm");
    }
  }
  const best =
    solution("twelve").verdict === "winnable" || worth(solution("twelve")) >= worth(solution("fourteen"))
      ? "twelve"
      : "fourteen";
  const twelves: PlayerId = proposal?.terms.twelves ?? view.viewer;
  const fourteens = view.players.find((p) => p !== twelves) ?? twelves;
  const terms = { twelves, starter: best === "twelve" ? twelves : fourteens };
  return termsChoice({ type: "propose", ...terms }, terms, solution(best).verdict, "propose");
}

/**
 * Plays for a winning line: everything in Twelves is public, so a search over the view finds one
 * in nearly every deal; when the budget runs out it takes the line that cleared the most cards.
 * Both seats search the same way, so the partner keeps to the line.
 */
export const twelvesRobot: Robot<TwelvesPrivateView, TwelvesMove> = {
  choose(turn) {
    if (turn.legal.length === 0) return null;
    return turn.view.phase === "agree" ? agree(turn) : takePair(turn);
  },
};
