import { cardLabel } from "../../../engine/core/cards.js";
import { foundationTop } from "../../../engine/core/foundations.js";
import { type Robot, type RobotChoice, type RobotTurn, timeBudget } from "../../../engine/core/robot.js";
import { topCard } from "../../../engine/core/tableau.js";
import type { Winnable } from "../../../engine/core/winnable.js";
import { FOUNDATIONS_PER_PLAYER } from "./rules.js";
import { CHECK_MS, CHECK_NODES, positionOf, type Solution, solve } from "./solver.js";
import type { StapelenMove, StapelenPrivateView } from "./types.js";

type Turn = RobotTurn<StapelenPrivateView, StapelenMove>;

/** Positions one search may visit over all its rounds: enough for nearly every deal, and the same choice every time. */
export const NODE_BUDGET = 200_000;

/**
 * The winnable check first (a hint answers within its 50 ms); only when it is unsure, the long
 * search the robot may spend its whole turn on. Either way the verdict is what the search proved.
 * The check shuffles with its own fixed numbers, so the turn's seeded ones (and so the move) do
 * not depend on how far the check got before its clock ran out.
 */
function search(view: StapelenPrivateView, mover: number, turn: Turn): Solution {
  const check = timeBudget(CHECK_MS);
  const quick = solve(positionOf(view), mover, {
    nodes: CHECK_NODES,
    hasTime: () => check() && turn.hasTime(),
  });
  if (quick.verdict !== "unsure") return quick;
  return solve(positionOf(view), mover, { nodes: NODE_BUDGET, hasTime: turn.hasTime, random: turn.random });
}

/** The reason's word for each verdict: the hint says whether the deal can still be won. */
const REASON_KEY: Record<Winnable, string> = { winnable: "wins", lost: "lost", unsure: "searched" };

/**
 * Searches for a line that stacks all 52 cards and plays its first move; when none is found it
 * plays towards the longest line seen. Everything in Stacking is public, so the view is the deal.
 */
export const stapelenRobot: Robot<StapelenPrivateView, StapelenMove> = {
  choose(turn) {
    const { view, legal } = turn;
    const mover = view.players.indexOf(view.viewer);
    if (legal.length === 0) return null;
    const { step, verdict } = search(view, mover, turn);
    if (!step) return null;
    const foundation = step.slot - mover * FOUNDATIONS_PER_PLAYER;
    const move: StapelenMove = { type: "place", column: step.column, foundation };
    return { move, reason: reasonFor(view, move, verdict) };
  },
};

function reasonFor(
  view: StapelenPrivateView,
  move: StapelenMove,
  verdict: Winnable,
): RobotChoice<StapelenMove>["reason"] {
  const card = topCard(view.columns, move.column);
  const top = foundationTop(view.foundations[view.viewer]?.[move.foundation] ?? []);
  const params = {
    card: card ? cardLabel(card) : "?",
    column: move.column + 1,
    foundation: move.foundation + 1,
    ...(top ? { top: cardLabel(top) } : {}),
  };
  return { key: `stapelen.robot.${REASON_KEY[verdict]}${top ? "" : "Empty"}`, params };
}
