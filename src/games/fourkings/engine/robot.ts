import { type Card, cardLabel, sameCard } from "../../../engine/core/cards.js";
import type { Robot, RobotChoice, RobotTurn } from "../../../engine/core/robot.js";
import { greedyAssignment, greedyHand } from "./ai.js";
import { winsDrawnCard } from "./rules.js";
import type { FourKingsMove, FourKingsPrivateView } from "./types.js";

const labels = (cards: readonly Card[]): string => cards.map(cardLabel).join(" ");

const sameCards = (a: readonly Card[], b: readonly Card[]): boolean =>
  a.length === b.length && a.every((c) => b.some((d) => sameCard(c, d)));

/** The hand: the advanced player's, as the engine lists it (the same cards, maybe in another order). */
function chooseHand(turn: RobotTurn<FourKingsPrivateView, FourKingsMove>): RobotChoice<FourKingsMove> | null {
  const cards = greedyHand(turn.view, turn.hasTime);
  const move = turn.legal.find((m) => m.type === "chooseHand" && sameCards(m.cards, cards));
  return move ? { move, reason: { key: "fourkings.robot.hand", params: { hand: labels(cards) } } } : null;
}

/** The assignment that wins the most, with a reason naming each stack and what it wins. */
function assign(turn: RobotTurn<FourKingsPrivateView, FourKingsMove>): RobotChoice<FourKingsMove> | null {
  const move = greedyAssignment(turn.view, turn.legal);
  if (move === null) return null;
  const drawn = turn.view.drawn;
  const won = drawn.filter((card, i) => winsDrawnCard(card, move.stacks[i] ?? []));
  // Cards and arrows only, so the plan reads the same in every language's sentence around it.
  const plan = move.stacks.map((stack, i) => `${labels(stack)} → ${cardLabel(drawn[i] as Card)}`).join(" · ");
  const key =
    won.length === 0
      ? "fourkings.robot.assign.none"
      : won.length === drawn.length
        ? "fourkings.robot.assign.all"
        : "fourkings.robot.assign.some";
  return { move, reason: { key, params: { plan, won: labels(won) } } };
}

/**
 * Four Kings is solo, so its robot never takes a seat: it gives hints, as the advanced player that
 * reads only the player's own view and memory (the draw piles' order is never in it).
 */
export const fourKingsRobot: Robot<FourKingsPrivateView, FourKingsMove> = {
  choose(turn) {
    if (turn.view.phase === "chooseHand") return chooseHand(turn);
    if (turn.view.phase === "assign") return assign(turn);
    return null;
  },
};
