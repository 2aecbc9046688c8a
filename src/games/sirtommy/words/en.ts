import type { Catalog } from "../../../i18n/catalog.js";

/** Sir Tommy for two. Params named player and ascending hold player ids. */
export const en: Catalog = {
  "sirtommy.scoreUnit": "{count, plural, one {# card} other {# cards}} on own foundations",
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
    "{count, plural, one {Put your drawn card} other {Put your # drawn cards}} on a foundation or a row before ending your turn.",
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
  "sirtommy.event.twoPasses":
    "Both players passed in a row; {cardsLeft, plural, one {# card is} other {# cards are}} left in the rows.",
  "sirtommy.event.noMoves":
    "Neither player can move a row card any more; {cardsLeft, plural, one {# card is} other {# cards are}} left in the rows.",
  "sirtommy.outcome.won": "All 52 cards on the foundations: you both win!",
  "sirtommy.outcome.superWinner":
    "All 52 cards on the foundations: you both win, and {player} is the super-winner with {cards, plural, one {# card} other {# cards}}!",
  "sirtommy.outcome.twoPasses":
    "Both players passed with {cardsLeft, plural, one {# card} other {# cards}} left in the rows: you both lose.",
  "sirtommy.outcome.noMoves":
    "No row card could be moved any more with {cardsLeft, plural, one {# card} other {# cards}} left: you both lose.",
  "sirtommy.robot.confirm":
    "Confirm that {ascending} builds up from the Aces: either way works for the two of you.",
  "sirtommy.robot.propose":
    "Propose that {ascending} is Ascending: either way works, and someone has to start.",
  "sirtommy.robot.drawnToFoundation":
    "Put {card} (drawn) on foundation {foundation}: it fits, so it need not bury a row card.",
  "sirtommy.robot.rowToFoundation":
    "Put {card} (top of row {row}) on foundation {foundation}: it fits and uncovers {under}.",
  "sirtommy.robot.rowToFoundationEmpties":
    "Put {card} (top of row {row}) on foundation {foundation}: it fits and empties row {row}.",
  "sirtommy.robot.toEmptyRow": "Put {card} on row {row} (empty): it covers no card there.",
  "sirtommy.robot.toRowSooner":
    "Put {card} on row {row} on {top}: {card} is wanted no later than {top}, so nothing waits under it.",
  "sirtommy.robot.toRowLeastHarm":
    "Put {card} on row {row} on {top}: in games played out ahead, this leaves the fewest cards stuck.",
  "sirtommy.robot.endTurn": "End turn: none of your cards fits on your foundations any more.",
  "sirtommy.robot.pass": "Pass: no row top fits on your foundations.",

  // The panel and the table line (`sirtommy.ui.`).
  "sirtommy.ui.ascending": "▲ Ascending",
  "sirtommy.ui.descending": "▼ Descending",
  "sirtommy.ui.terms.you": "**you** are Ascending",
  "sirtommy.ui.terms.other": "**{name}** is Ascending",
  "sirtommy.ui.choice.me": "I'm Ascending",
  "sirtommy.ui.choice.other": "You're Ascending ({name})",
  "sirtommy.ui.confirm.me": "Confirm: I'm Ascending",
  "sirtommy.ui.confirm.other": "Confirm: {name} is Ascending",
  "sirtommy.ui.agreeFirst":
    "**Who builds up from the Aces?** Ascending builds A→K and takes the first turn; Descending builds K→A.",
  "sirtommy.ui.yourTurn.up": "Your turn — you build **up from the Aces (A→K)**.",
  "sirtommy.ui.yourTurn.down": "Your turn — you build **down from the Kings (K→A)**.",
  "sirtommy.ui.drawn":
    "In front of you: **{cards}** — put each on one of your foundations or on a row, then End turn.",
  "sirtommy.ui.allDrawnPlaced":
    "All drawn cards are placed. Move more row tops to your foundations if you like, then End turn.",
  "sirtommy.ui.clearMoved":
    "The stock is used up. You moved {count} this turn: move more row tops, or End turn.",
  "sirtommy.ui.clearStart":
    "The stock is used up: move row tops to your foundations and End turn, or Pass (passes in a row: {passes} of 2).",
  "sirtommy.ui.fitNow": "Fits one of your foundations now: {cards}.",
  "sirtommy.ui.nothingFits": "No card fits any of your foundations now.",
  "sirtommy.ui.whereTo": "Where does **{card}** go?",
  "sirtommy.ui.source.drawn": "{card} (drawn)",
  "sirtommy.ui.source.row": "{card} (top of row {row})",
  "sirtommy.ui.pickCard": "Move which card?",
  "sirtommy.ui.fits": "fits your foundation {foundations}",
  "sirtommy.ui.fitsNone": "fits none of your foundations: put it on a row",
  "sirtommy.ui.foundationOn": "Foundation {foundation} on {card}",
  "sirtommy.ui.foundationEmpty": "Foundation {foundation} (empty)",
  "sirtommy.ui.rowOn": "Row {row} on {card}",
  "sirtommy.ui.rowEmpty": "Row {row} (empty)",
  "sirtommy.ui.endTurn": "End turn",
  "sirtommy.ui.pass": "Pass",
  "sirtommy.ui.over": "This game is over.",
  "sirtommy.ui.resultLine":
    "• {name} ({direction}): {count, plural, one {# card} other {# cards}} on foundations — {result}",
  "sirtommy.ui.resultLineSuper":
    "• {name} ({direction}): {count, plural, one {# card} other {# cards}} on foundations — {result} ★ super-winner",
  "sirtommy.ui.resultLineLost":
    "• {name} ({direction}): {count, plural, one {# card} other {# cards}} on foundations",
  "sirtommy.ui.result.win": "win",
  "sirtommy.ui.noSuperWinner": "No super-winner: nobody reached 30 foundation cards.",
  "sirtommy.ui.waitingDoing": "to play",
  "sirtommy.ui.youAre": "You are {direction}.",
  "sirtommy.ui.status.agree":
    "who is Ascending (builds up from the Aces and starts)? Either player proposes, the other confirms.",
  "sirtommy.ui.status.proposesSelf":
    "{proposer} proposes to be Ascending — {other}, confirm or propose the other way.",
  "sirtommy.ui.status.proposesOther":
    "{proposer} proposes that {ascending} is Ascending — {other}, confirm or propose the other way.",
  "sirtommy.ui.status.draw":
    "{name}'s turn ({direction}): {count, plural, one {# drawn card} other {# drawn cards}} to place · stock {stock} · on foundations: {totals}.",
  "sirtommy.ui.status.clear":
    "{name}'s turn ({direction}): stock used up — move row tops or pass · passes in a row {passes} of 2 · on foundations: {totals}.",

  // The table and panel picture (`sirtommy.pic.`).
  "sirtommy.pic.ascending": "▲ Ascending A→K",
  "sirtommy.pic.descending": "▼ Descending K→A",
  "sirtommy.pic.nobody": "nobody",
  "sirtommy.pic.player": "Player {seat}",
  "sirtommy.pic.choosing": "Choosing who is Ascending",
  "sirtommy.pic.won": "Game over — you both win!",
  "sirtommy.pic.lost": "Game over",
  "sirtommy.pic.turn": "{name}'s turn",
  "sirtommy.pic.passes": "Passes in a row: {passes} of 2",
  "sirtommy.pic.cards": "{count, plural, one {# card} other {# cards}}",
  "sirtommy.pic.stock": "Stock",
  "sirtommy.pic.stockLeft": "{count} left",
  "sirtommy.pic.empty": "empty",
  "sirtommy.pic.stockUsedUp": "Stock used up: move row tops or pass.",
  "sirtommy.pic.lastDraw": "Next draw: the last card.",
  "sirtommy.pic.drawsThree": "Each turn draws 3 cards.",
  "sirtommy.pic.notStarted": "Not started yet",
  "sirtommy.pic.ascendingStarts": "The Ascending player takes the first turn.",
  "sirtommy.pic.overWon": "Game over: won",
  "sirtommy.pic.allPlaced": "All 52 cards are on the foundations.",
  "sirtommy.pic.superWinner": "★ Super-winner (30+ cards): {name}",
  "sirtommy.pic.nobodyReached": "Nobody reached 30 cards:",
  "sirtommy.pic.noSuperWinner": "no super-winner.",
  "sirtommy.pic.twoPasses": "Both players passed in a row",
  "sirtommy.pic.noMoves": "No row card can move any more",
  "sirtommy.pic.cardsLeft": "{count, plural, one {# card} other {# cards}} left.",
  "sirtommy.pic.drawnBy": "Drawn by {name}",
  "sirtommy.pic.allDrawnPlaced": "All placed: the turn can end.",
  "sirtommy.pic.toPlace": "{count} to place before the turn ends.",
  "sirtommy.pic.clears": "{name} clears rows",
  "sirtommy.pic.moved": "{count} moved this turn.",
  "sirtommy.pic.nothingMoved": "Nothing moved yet this turn.",
  "sirtommy.pic.twoPassesEnd": "Two passes in a row end the game.",
  "sirtommy.pic.row": "row",
  "sirtommy.pic.question": "Who builds up from the Aces?",
  "sirtommy.pic.explainUp": "Ascending builds A→K on their foundations and starts;",
  "sirtommy.pic.explainDown": "Descending builds K→A. The four rows are shared.",
  "sirtommy.pic.noProposal": "No proposal yet.",
  "sirtommy.pic.eitherProposes": "Either player proposes; the other confirms.",
  "sirtommy.pic.proposes": "{name} proposes:",
  "sirtommy.pic.proposedUp": "▲ Ascending (A→K): {name}",
  "sirtommy.pic.proposedDown": "▼ Descending (K→A): {name}",
  "sirtommy.pic.waitingConfirm": "Waiting for the other player to confirm (or propose the other way):",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.sirtommy.title": "Sir Tommy for two",
  "game.sirtommy.panelButton": "My moves",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "sirtommy.alt.ascending": "Ascending, building up from the Aces",
  "sirtommy.alt.descending": "Descending, building down from the Kings",
  "sirtommy.alt.noDirection": "direction not agreed yet",
  "sirtommy.alt.proposal": "{proposer} proposes that {ascending} is Ascending; waiting for a confirmation",
  "sirtommy.alt.superWinner": "Super-winner with 30 or more cards: {name}",
  "sirtommy.alt.drawn": "Drawn by {name}, still to place: {cards}",
  "sirtommy.alt.foundationOn": "{foundation} on {card}",
  "sirtommy.alt.foundationEmpty": "{foundation} empty",
  "sirtommy.alt.player":
    "{name}, {direction}, {count, plural, one {# card} other {# cards}} on foundations: {foundations}",
  "sirtommy.alt.stock": "Stock: {count, plural, one {# card} other {# cards}}",
  "sirtommy.alt.rows": "Rows, top card last: {columns}",
  "sirtommy.alt.youAre": "You are {direction}",
  "sirtommy.alt.fits": "{card} on your foundation {foundations}",
  "sirtommy.alt.moves": "You may move: {moves}",
};
