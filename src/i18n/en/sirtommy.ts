import type { Catalog } from "../index.js";

/** Sir Tommy for two. Params named player and ascending hold player ids. */
export const sirtommy: Catalog = {
  "sirtommy.scoreUnit": "{count} cards on own foundations",
  "sirtommy.scoreUnit.one": "{count} card on own foundations",
  "sirtommy.noProposal": "Nobody has proposed who builds up from the Aces yet.",
  "sirtommy.ownProposal": "You made this proposal; the other player has to confirm it.",
  "sirtommy.notAPlayer": "Only one of the two players in this game can be Ascending.",
  "sirtommy.agreeFirst": "First agree on who builds up from the Aces (that player starts).",
  "sirtommy.noSuchDrawnCard": "There is no such drawn card in front of you.",
  "sirtommy.noSuchRow": "There are four rows: choose 1, 2, 3 or 4.",
  "sirtommy.noSuchFoundation": "You have four foundations: choose 1, 2, 3 or 4.",
  "sirtommy.emptyRow": "Row {row} is empty.",
  "sirtommy.needsAce": "Your empty foundation {foundation} must start with an Ace, not {card}.",
  "sirtommy.needsKing": "Your empty foundation {foundation} must start with a King, not {card}.",
  "sirtommy.needsOneHigher":
    "{card} does not fit on your foundation {foundation}: it needs the card one higher than {top}.",
  "sirtommy.needsOneLower":
    "{card} does not fit on your foundation {foundation}: it needs the card one lower than {top}.",
  "sirtommy.foundationFull": "Your foundation {foundation} is complete: 13 cards, nothing more goes on it.",
  "sirtommy.drawnCardsLeft":
    "Put your {count} drawn card(s) on a foundation or a row before ending your turn.",
  "sirtommy.passInstead": "You have not moved a card this turn: pass instead of ending your turn.",
  "sirtommy.noPassWhileDrawing":
    "No passing while you have drawn from the stock: place your drawn cards, then end your turn.",
  "sirtommy.endTurnInstead": "You have moved cards this turn: end your turn instead of passing.",
  "sirtommy.event.proposed": "{player} proposes that {ascending} builds up from the Aces.",
  "sirtommy.event.agreed": "Agreed: {ascending} builds up from the Aces and starts.",
  "sirtommy.event.drew": "{player} draws {count}: {cards} ({stockCount} left in the stock).",
  "sirtommy.event.drawnToFoundation": "{player} puts {card} on foundation {foundation}.",
  "sirtommy.event.rowToFoundation": "{player} puts {card} from row {row} on foundation {foundation}.",
  "sirtommy.event.toRow": "{player} puts {card} on row {row}.",
  "sirtommy.event.endedTurn": "{player} ends the turn.",
  "sirtommy.event.passed": "{player} passes.",
  "sirtommy.event.allPlaced": "All 52 cards are on the foundations!",
  "sirtommy.event.twoPasses": "Both players passed in a row; {cardsLeft} cards are left in the rows.",
  "sirtommy.event.noMoves":
    "Neither player can move a row card any more; {cardsLeft} cards are left in the rows.",
  "sirtommy.outcome.won": "All 52 cards on the foundations: you both win!",
  "sirtommy.outcome.superWinner":
    "All 52 cards on the foundations: you both win, and {player} is the super-winner with {cards} cards!",
  "sirtommy.outcome.twoPasses": "Both players passed with {cardsLeft} cards left in the rows: you both lose.",
  "sirtommy.outcome.noMoves":
    "No row card could be moved any more with {cardsLeft} cards left: you both lose.",
  "sirtommy.bot.confirm":
    "Confirm that {ascending} builds up from the Aces: either way works for the two of you.",
  "sirtommy.bot.propose":
    "Propose that {ascending} is Ascending: either way works, and someone has to start.",
  "sirtommy.bot.drawnToFoundation":
    "Put {card} (drawn) on foundation {foundation}: it fits, so it need not bury a row card.",
  "sirtommy.bot.rowToFoundation":
    "Put {card} (top of row {row}) on foundation {foundation}: it fits and uncovers {under}.",
  "sirtommy.bot.rowToFoundationEmpties":
    "Put {card} (top of row {row}) on foundation {foundation}: it fits and empties row {row}.",
  "sirtommy.bot.toEmptyRow": "Put {card} on row {row} (empty): it covers no card there.",
  "sirtommy.bot.toRowSooner":
    "Put {card} on row {row} on {top}: {card} is wanted no later than {top}, so nothing waits under it.",
  "sirtommy.bot.toRowLeastHarm":
    "Put {card} on row {row} on {top}: in games played out ahead, this leaves the fewest cards stuck.",
  "sirtommy.bot.endTurn": "End turn: none of your cards fits on your foundations any more.",
  "sirtommy.bot.pass": "Pass: no row top fits on your foundations.",
};
