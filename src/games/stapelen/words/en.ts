import type { Catalog } from "../../../i18n/catalog.js";

/** Stacking. Params named player hold player ids. */
export const en: Catalog = {
  "stapelen.noSuchColumn": "There is no such column.",
  "stapelen.noSuchFoundation": "You have three foundations: choose 1, 2 or 3.",
  "stapelen.emptyColumn": "Column {column} is empty.",
  "stapelen.doesNotFit":
    "{card} does not fit on your foundation {foundation} (top {top}): it takes exactly one higher, and an Ace after a King.",
  "stapelen.event.placed": "{player} puts {card} on foundation {foundation}.",
  "stapelen.event.allTaken": "All 52 cards are stacked!",
  "stapelen.event.stuck":
    "{player} cannot place any top card; {cardsLeft, plural, one {# card is} other {# cards are}} left.",
  "stapelen.outcome.won": "All 52 cards stacked: you both win!",
  "stapelen.outcome.lost":
    "{player} could not place a card with {cardsLeft, plural, one {# card} other {# cards}} left: you both lose.",
  "stapelen.scoreUnit": "{count, plural, one {# card} other {# cards}} stacked",
  "stapelen.robot.wins":
    "This deal can still be won. Put {card} (column {column}) on foundation {foundation}, on {top}: it leads to a winning line.",
  "stapelen.robot.winsEmpty":
    "This deal can still be won. Put {card} (column {column}) on your empty foundation {foundation}: it leads to a winning line.",
  "stapelen.robot.lost":
    "This deal can no longer be won. Put {card} (column {column}) on foundation {foundation}, on {top}: this stacks the most cards.",
  "stapelen.robot.lostEmpty":
    "This deal can no longer be won. Put {card} (column {column}) on your empty foundation {foundation}: this stacks the most cards.",
  "stapelen.robot.searched":
    "Not sure this deal can still be won: the search ran out of time. Put {card} (column {column}) on foundation {foundation}, on {top}: of the lines tried, this goes furthest.",
  "stapelen.robot.searchedEmpty":
    "Not sure this deal can still be won: the search ran out of time. Put {card} (column {column}) on your empty foundation {foundation}: of the lines tried, this goes furthest.",
  "stapelen.review.lostAfter":
    "The deal could no longer be won after card {number}: {player} put {card} on foundation {foundation}.",
  "stapelen.review.lostFromStart": "This deal could not be won from the start.",
  "stapelen.review.unsure":
    "Not sure after which card the deal could no longer be won: the search ran out of time.",
  // The panel and the table line (`stapelen.ui.`).
  "stapelen.ui.column": "{card} (column {column})",
  "stapelen.ui.foundationOn": "{foundation} shows {top}, takes {needs} next",
  "stapelen.ui.foundationEmpty": "{foundation} is empty, takes any card",
  "stapelen.ui.foundationDone": "{foundation} is complete with {top} on top",
  "stapelen.ui.turn":
    "Your turn: take one top card and put it on one of your foundations — one higher than its top (an Ace after a King), any card on an empty one.",
  "stapelen.ui.yourFoundations": "Your foundations: {foundations}",
  "stapelen.ui.whereTo": "Where does **{card}** go?",
  "stapelen.ui.columnPlaceholder": "Take the top card of which column?",
  "stapelen.ui.fits": "fits your {count, plural, one {foundation} other {foundations}} {foundations}",
  "stapelen.ui.targetOn": "Foundation {foundation} on {top}",
  "stapelen.ui.targetEmpty": "Foundation {foundation} (empty)",
  "stapelen.ui.resultWin": "• {player}: {count, plural, one {# card} other {# cards}} stacked — win",
  "stapelen.ui.resultLoss": "• {player}: {count, plural, one {# card} other {# cards}} stacked — loss",
  "stapelen.ui.status":
    "{player} to place a top card · stacked: {totals} · {count, plural, one {# card} other {# cards}} left.",
  "stapelen.ui.over": "This game is over.",
  "stapelen.ui.waitingDoing": "to place a card",
  // The table picture (`stapelen.pic.`).
  "stapelen.pic.places": "{player} places a card",
  "stapelen.pic.won": "All 52 cards stacked: you both win!",
  "stapelen.pic.lost": "A player could not place a card: you both lose",
  "stapelen.pic.needs": "needs {needs}",
  "stapelen.pic.needsAny": "any card",
  "stapelen.pic.cardsLeft": "{count, plural, one {# card} other {# cards}} left",
  "stapelen.pic.empty": "empty",
  "stapelen.pic.started": "started",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.stapelen.title": "Stacking",
  "game.stapelen.panelButton": "My move",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "stapelen.alt.foundations":
    "{player}, {count, plural, one {# card} other {# cards}} stacked, foundations {foundations}",
  "stapelen.alt.move": "{column} on foundation {foundations}",
  "stapelen.alt.moves": "You may place: {moves}",
  "stapelen.alt.cleared": "Every column is cleared.",
};
