import type { Catalog } from "../catalog.js";

/** Messages every engine may use (keys start with `core.`). */
export const core: Catalog = {
  "core.notSeated": "You are not playing in this game.",
  "core.notYourTurn": "It is not your turn.",
  "core.gameOver": "This game is already over.",
  "core.malformedMove": "That move is not understood.",
  "core.wrongPhase": "That cannot be done at this point of the game.",
  "core.playerCount": "This game needs {min} to {max, plural, one {# player} other {# players}}.",
  "core.option.hints": "Allow hints: /game hint lets a bot suggest a move privately",
  /** The court cards' letters on cards and in text (jack, queen, king); the engine writes J, Q, K. */
  "card.rank.J": "J",
  "card.rank.Q": "Q",
  "card.rank.K": "K",
  "robot.reason.random": "Any legal move will do here.",
};
