import type { Catalog } from "../index.js";

/** Stacking. Params named player hold player ids. */
export const stapelen: Catalog = {
  "stapelen.noSuchColumn": "There is no such column.",
  "stapelen.noSuchFoundation": "You have three foundations: choose 1, 2 or 3.",
  "stapelen.emptyColumn": "Column {column} is empty.",
  "stapelen.doesNotFit":
    "{card} does not fit on your foundation {foundation} (top {top}): it takes exactly one higher, and an Ace after a King.",
  "stapelen.event.placed": "{player} puts {card} on foundation {foundation}.",
  "stapelen.event.allTaken": "All 52 cards are stacked!",
  "stapelen.event.stuck": "{player} cannot place any top card; {cardsLeft} cards are left.",
  "stapelen.outcome.won": "All 52 cards stacked: you both win!",
  "stapelen.outcome.lost": "{player} could not place a card with {cardsLeft} cards left: you both lose.",
  "stapelen.scoreUnit": "{count} cards stacked",
  "stapelen.scoreUnit.one": "{count} card stacked",
  "stapelen.bot.wins":
    "Put {card} (column {column}) on foundation {foundation}, on {top}: it leads to a winning line.",
  "stapelen.bot.winsEmpty":
    "Put {card} (column {column}) on your empty foundation {foundation}: it leads to a winning line.",
  "stapelen.bot.lost":
    "Put {card} (column {column}) on foundation {foundation}, on {top}: no winning line is left, and this stacks the most cards.",
  "stapelen.bot.lostEmpty":
    "Put {card} (column {column}) on your empty foundation {foundation}: no winning line is left, and this stacks the most cards.",
  "stapelen.bot.searched":
    "Put {card} (column {column}) on foundation {foundation}, on {top}: no winning line found in time, and this goes furthest.",
  "stapelen.bot.searchedEmpty":
    "Put {card} (column {column}) on your empty foundation {foundation}: no winning line found in time, and this goes furthest.",
};
