import type { Catalog } from "../index.js";

/** Twelves and Fourteens. Params named player, twelves and starter hold player ids. */
export const twelves: Catalog = {
  "twelves.noProposal": "Nobody has proposed who collects twelves and who starts yet.",
  "twelves.ownProposal": "You made this proposal; the other player has to confirm it.",
  "twelves.notAPlayer": "Only the two players in this game can collect twelves or start.",
  "twelves.agreeFirst": "First agree on who collects twelves and who starts.",
  "twelves.noSuchColumn": "There is no such column.",
  "twelves.sameColumn": "The two cards must come from two different columns.",
  "twelves.emptyColumn": "Column {column} is empty.",
  "twelves.notYourPair": "{first} and {second} are not a pair of {target}.",
  "twelves.event.proposed": "{player} proposes: {twelves} collects twelves, {starter} starts.",
  "twelves.event.agreed": "Agreed: {twelves} collects twelves, {starter} starts.",
  "twelves.event.tookPair": "{player} takes {first} and {second}.",
  "twelves.event.allTaken": "All 52 cards are taken!",
  "twelves.event.noPair": "{player} has no pair to take; {cardsLeft} cards are left.",
  "twelves.outcome.won": "All 52 cards taken: you both win!",
  "twelves.scoreUnit": "{count} pairs",
  "twelves.scoreUnit.one": "{count} pair",
  "twelves.outcome.lost": "{player} had no pair to take with {cardsLeft} cards left: you both lose.",
};
