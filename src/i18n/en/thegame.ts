import type { Catalog } from "../index.js";

/** The Game: options, refusals, log lines and results (keys start with `thegame.`). */
export const thegame: Catalog = {
  "thegame.option.expert": "Expert: play at least 3 cards a turn while the draw pile lasts.",
  "thegame.option.smallerHands": "Smaller hands: every hand holds one card fewer (7/6/5).",
  "thegame.notInHand": "You do not hold {card}.",
  "thegame.cannotPlayThere":
    "{card} does not fit on pile {pile}: it goes {direction} and shows {top}. Play higher on an up pile, lower on a down pile, or exactly 10 back.",
  "thegame.minimumNotReached":
    "Play at least {minimum} cards this turn before ending it (played so far: {played}).",
  "thegame.alreadyClaimed": "The first turn has already been taken.",
  "thegame.startNotClaimed": "Nobody has taken the first turn yet: someone must claim it first.",
  "thegame.event.claimed": "{player} takes the first turn.",
  "thegame.event.played": "{player} played {card} on pile {pile}.",
  "thegame.event.turnEnded": "{player} ended the turn after {played} cards and drew {drew}.",
  "thegame.event.allPlayed": "All 98 cards are played!",
  "thegame.event.stuck": "{player} cannot play this turn's minimum: the game ends with {score} cards left.",
  "thegame.outcome.perfect": "Perfect: all 98 cards played!",
  "thegame.outcome.excellent": "Excellent: only {score} cards left.",
  "thegame.outcome.stuck": "The game got stuck with {score} cards left.",
  "thegame.scoreUnit": "{count} cards left",
  "thegame.scoreUnit.one": "{count} card left",
};
