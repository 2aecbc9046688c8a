import type { Catalog } from "../catalog.js";

/** Taking a move back (`undo.`): the panel's button, what the table says, and every refusal. */
export const undo: Catalog = {
  "undo.button": "Take back",
  "undo.event.tookBack": "{player} took back: {move}",
  "undo.event.tookBackMove": "{player} took back a move.",
  "undo.done": "↩ Your move was taken back.",
  "undo.alreadyTakenBack":
    "✅ That move was already taken back (a second click does nothing). Here are your controls as they are now.",
  "undo.refused.competitive": "Moves cannot be taken back in a competitive game.",
  "undo.refused.nothing": "You have no move of this turn to take back.",
  "undo.refused.revealed":
    "That move revealed something to the table (a card drawn, turned or shown to the others), so it stands.",
  "undo.refused.turnPassed": "The turn has passed since that move, so it stands.",
  "undo.refused.gameOver": "The game is over, so its moves stand.",
};
