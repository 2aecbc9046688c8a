import type { Catalog } from "../index.js";

/** Messages every engine may use (keys start with `core.`). */
export const core: Catalog = {
  "core.notSeated": "You are not playing in this game.",
  "core.notYourTurn": "It is not your turn.",
  "core.gameOver": "This game is already over.",
  "core.malformedMove": "That move is not understood.",
  "core.wrongPhase": "That cannot be done at this point of the game.",
  "core.playerCount": "This game needs {min} to {max} players.",
  "core.option.hints": "Allow hints: /game hint lets a bot suggest a move privately",
  "bot.reason.random": "Any legal move will do here.",
};
