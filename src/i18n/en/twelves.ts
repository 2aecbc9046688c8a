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
  "twelves.bot.winningLine":
    "Take {first} (column {firstColumn}) and {second} (column {secondColumn}): it leads to a winning line.",
  "twelves.bot.longestLine":
    "Take {first} (column {firstColumn}) and {second} (column {secondColumn}): no sure win was found, and this line clears the most cards.",
  "twelves.bot.lostAnyway":
    "Take {first} (column {firstColumn}) and {second} (column {secondColumn}): no line clears the table any more, and this one clears the most cards.",
  "twelves.bot.proposeWins":
    "Propose that {twelves} collects 12s and {starter} starts: it leads to a winning line.",
  "twelves.bot.proposeBest":
    "Propose that {twelves} collects 12s and {starter} starts: no sure win was found, and this start clears the most cards.",
  "twelves.bot.confirmWins":
    "Confirm that {twelves} collects 12s and {starter} starts: it leads to a winning line.",
  "twelves.bot.confirmBest":
    "Confirm that {twelves} collects 12s and {starter} starts: no other start was found to do better.",
};
