import type { Catalog } from "../../../src/i18n/catalog.js";

/** Higher or Lower. Params named player hold player ids; {arrow} is ↑ (higher) or ↓ (lower). */
export const en: Catalog = {
  "higherlower.event.right": "{player} guessed {arrow} on {from}: {turned} — right, 1 point.",
  "higherlower.event.wrong": "{player} guessed {arrow} on {from}: {turned} — wrong, no point.",
  "higherlower.event.equal": "{player} guessed {arrow} on {from}: {turned} — equal rank, no point.",
  "higherlower.outcome.won": "{player} wins with {points} points to {other}.",
  "higherlower.outcome.draw": "A draw: {points} points each.",
  "higherlower.scoreUnit": "{count, plural, one {# point} other {# points}}",
  "higherlower.robot.higher":
    "Say higher on {card}: of the {unseen} cards not yet seen, {higher} are higher and {lower} lower.",
  "higherlower.robot.lower":
    "Say lower on {card}: of the {unseen} cards not yet seen, {lower} are lower and {higher} higher.",
  // The table, its buttons and the panel (`higherlower.ui.`).
  "higherlower.ui.higher": "Higher",
  "higherlower.ui.lower": "Lower",
  "higherlower.ui.status":
    "{player} guesses on {card} · {count, plural, one {# card} other {# cards}} still to turn.",
  "higherlower.ui.turn": "Your turn: is the next card higher or lower than {card}? (Ace low, King high)",
  "higherlower.ui.waitingDoing": "to guess",
  "higherlower.ui.score":
    "• {player}: {points, plural, one {# point} other {# points}}, {left, plural, one {# guess} other {# guesses}} left",
  "higherlower.ui.over": "This game is over.",
  // The table picture (`higherlower.pic.`).
  "higherlower.pic.guesses": "{player} guesses",
  "higherlower.pic.won": "{player} wins",
  "higherlower.pic.draw": "A draw",
  "higherlower.pic.toTurn": "{count} to turn",
  "higherlower.pic.right": "right",
  "higherlower.pic.wrong": "wrong",
  "higherlower.pic.equal": "equal",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.higherlower.title": "Higher or Lower",
  "game.higherlower.panelButton": "My turn",
  // Alt text (`higherlower.alt.`).
  "higherlower.alt.faceUp": "Face up: {card}.",
  "higherlower.alt.last": "Last: {player} guessed {arrow} on {from}, {turned} was turned ({result}).",
};
