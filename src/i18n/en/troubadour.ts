import type { Catalog } from "../index.js";

/** Troubadour: rule errors, log lines for every noble use and attack, results. */
export const troubadour: Catalog = {
  "troubadour.badPick": "Choose exactly {count} different nobles (jacks, queens or kings).",
  "troubadour.nobleNotChosen": "You did not choose {noble} this round.",
  "troubadour.nobleAlreadyUsed": "{noble} has already been used this turn.",
  "troubadour.nobleRuledOut": "{noble} is ruled out this turn because you used {other}.",
  "troubadour.alreadyDrawn": "You have already made your standard draw this turn.",
  "troubadour.clubsNeedDraw": "{noble} can only be used after the standard draw (or ♥Q+K).",
  "troubadour.clubsKingNeedsOpponentClubs": "♣K only works when an opponent chose ♣J or ♣Q this round.",
  "troubadour.searchAfterDraw": "♥Q+K replaces the standard draw, so it cannot come after it.",
  "troubadour.searchNeedsNoFaceDown":
    "♥Q+K can only be used when none of your villages holds a face-down card.",
  "troubadour.searchCardPlaced":
    "{card} lies in a village or on a castle: name a card from your draw or waste pile.",
  "troubadour.searchCardOnTop": "{card} is already on top of your waste pile.",
  "troubadour.notBuildingCard": "Name a building card (Ace to 10).",
  "troubadour.doesNotFit": "{card} does not fit there.",
  "troubadour.sameVillage": "Choose a different village.",
  "troubadour.emptySource": "There is no card there to take.",
  "troubadour.notARun": "The top {count} cards of that village are not a run.",
  "troubadour.runToCastle": "Only one card at a time can go onto a castle.",
  "troubadour.noCardsToTurn": "Your draw pile and waste pile are both empty.",
  "troubadour.noExtraDraws": "You have no extra cards left to turn.",
  "troubadour.heartsJackTopCard": "The top card of a village can be moved without ♥J.",
  "troubadour.faceDown": "That card is face down.",
  "troubadour.alreadyFaceUp": "That card is already face up.",
  "troubadour.noRevealedAce": "Only an Ace that ♥Q just turned up can start a castle this way.",
  "troubadour.notOpponent": "Choose an opponent to attack.",
  "troubadour.protected": "{target} is protected against {noble} by {protector}.",
  "troubadour.nothingToTake": "There is nothing there to take.",

  "troubadour.power.spadesJack": "♠J: plunder one opponent village",
  "troubadour.power.spadesQueen": "♠Q: take the top card of every village of one opponent",
  "troubadour.power.spadesTrio": "♠J+Q+K: tear down one opponent castle",
  "troubadour.power.clubsJack": "♣J: keep turning with the draw until a card fits",
  "troubadour.power.clubsQueen": "♣Q: turn 2 extra cards after the draw",
  "troubadour.power.clubsKing": "♣K: turn 3 extra cards if an opponent chose ♣J or ♣Q",
  "troubadour.power.heartsJack": "♥J: move a face-up card from inside a village",
  "troubadour.power.heartsQueen": "♥Q: turn a face-down village card face up",
  "troubadour.power.heartsQueenKing": "♥Q+K: search your piles for a named card",
  /** The pick menu: a ♦ noble, and a king that is only part of a combination ({power}: its catalog text). */
  "troubadour.noble.shield": "protects you against {power}",
  "troubadour.noble.partner": "with {nobles}, {power}",

  "troubadour.event.picked": "{player} has chosen their nobles.",
  "troubadour.event.trio": "{player} chose {trio}.",
  "troubadour.event.dieRolls": "Identical trios: {player} rolled {rolls}.",
  "troubadour.event.firstPlayer": "Round {round}: {player} plays first.",
  "troubadour.event.wasteRecycled":
    "{player} turned their waste pile over as a new draw pile ({count} cards).",
  "troubadour.event.clubsJack": "{player} used ♣J: {count} cards turned until {card} fitted.",
  "troubadour.event.clubsJackNoFit":
    "{player} used ♣J: {count} cards turned without a fit; {card} is on top.",
  "troubadour.event.clubsQueen": "{player} used ♣Q: {extra} extra cards to turn.",
  "troubadour.event.clubsKing": "{player} used ♣K: {extra} extra cards to turn.",
  "troubadour.event.heartsJackToCastle": "{player} used ♥J: {card} from inside village {from} onto a castle.",
  "troubadour.event.heartsJackToVillage":
    "{player} used ♥J: {card} from inside village {from} onto village {village}.",
  "troubadour.event.heartsQueen": "{player} used ♥Q: turned up {card} in village {village}.",
  "troubadour.event.heartsQueenAce": "{player} started a castle with the {card} that ♥Q turned up.",
  "troubadour.event.heartsQueenKing": "{player} used ♥Q+K: named {card}, found after {count} cards.",
  "troubadour.event.spadesJack":
    "{player} used ♠J on {target}: village {village} ({count} cards: {cards}, and {hidden} face down) went under their draw pile.",
  "troubadour.event.spadesQueen":
    "{player} used ♠Q on {target}: the top cards of their villages ({cards}) went under their draw pile.",
  "troubadour.event.spadesTrio":
    "{player} used ♠J+Q+K on {target}: their {suit} castle ({count} cards) went under their draw pile.",
  "troubadour.event.turnEnded": "{player} ended their turn.",
  "troubadour.event.newRound": "Round {round}: choose your nobles.",
  "troubadour.event.won": "{player} completed all four castles and wins!",
  "troubadour.event.roundCap": "No winner after {rounds} rounds: the game is a draw.",

  /** Hints (`/game hint`) and bot reasons: one line naming the move as the panel does, and why. */
  "troubadour.bot.pick.search":
    "Choose {trio}: no village card is face down, so ♥Q+K can fetch the exact card a castle needs.",
  "troubadour.bot.pick.reveal":
    "Choose {trio}: ♥Q turns up a face-down village card and the rest turn more cards.",
  "troubadour.bot.pick.draws": "Choose {trio}: the clubs turn more cards, so more of them fit your castles.",
  "troubadour.bot.pick.stuck": "Choose {trio}: ♥J can lift a castle card out from inside a village.",
  "troubadour.bot.pick.attack": "Choose {trio}: an opponent's castle is big enough to tear down with ♠J+Q+K.",
  "troubadour.bot.pick.guard": "Choose {trio}: ♦K protects your castles against ♠J+Q+K.",
  "troubadour.bot.pick.raid": "Choose {trio}: ♠J and ♠Q can take cards an opponent wants soon.",
  "troubadour.bot.pick.shield": "Choose {trio}: ♦J and ♦Q protect your villages against ♠J and ♠Q.",
  "troubadour.bot.heartsQueenAce": "Start a castle with the Ace: ♥Q just turned it up.",
  "troubadour.bot.castleFromWaste":
    "{card} from the waste → castle: it is the next card of your {suit} castle.",
  "troubadour.bot.castleFromWasteAce": "{card} from the waste → castle: an Ace starts your {suit} castle.",
  "troubadour.bot.castleFromVillage":
    "{card} from village {village} → castle: it is the next card of your {suit} castle.",
  "troubadour.bot.castleFromVillageAce":
    "{card} from village {village} → castle: an Ace starts your {suit} castle.",
  "troubadour.bot.heartsJack":
    "Use ♥J: {card} from inside village {village} is the next card of your {suit} castle.",
  "troubadour.bot.spadesTrio":
    "Use ♠J+Q+K on {target}: their {suit} castle ({count} cards) goes under their draw pile.",
  "troubadour.bot.spadesJack": "Use ♠J on {target}'s village {village}: it holds cards they want soon.",
  "troubadour.bot.spadesQueen": "Use ♠Q on {target}: their village tops include cards they want soon.",
  "troubadour.bot.heartsQueen": "Use ♥Q in village {village}: each card turned up brings ♥Q+K closer.",
  "troubadour.bot.heartsQueenKing": "Use ♥Q+K and name {card}: it is the next card of your {suit} castle.",
  "troubadour.bot.draw": "Draw a card: it may fit a castle or a village.",
  "troubadour.bot.clubsJack": "Draw with ♣J: it keeps turning until a card fits.",
  "troubadour.bot.clubsQueen": "Use ♣Q: 2 extra cards to turn, each a chance for your castles.",
  "troubadour.bot.clubsKing": "Use ♣K: 3 extra cards to turn, each a chance for your castles.",
  "troubadour.bot.extraDraw": "Turn an extra card ({count} left): it may fit a castle or a village.",
  "troubadour.bot.wasteToVillage":
    "{card} from the waste → village {village}: it stays in reach and the waste shows its next card.",
  "troubadour.bot.emptyVillage":
    "Move {card} onto village {village}: its own village is left empty for any card.",
  "troubadour.bot.uncover": "Move {card} onto village {village}: the face-down card under it turns up.",
  "troubadour.bot.free": "Move {card} onto village {village}: that frees {freed} for its castle.",
  "troubadour.bot.endTurn": "End turn: nothing left helps your castles this turn.",

  "troubadour.summary.won": "{player} completed all four castles.",
  "troubadour.summary.roundCap": "Draw: no one completed four castles in {rounds} rounds.",
  "troubadour.scoreUnit": "{count} castle cards",
  "troubadour.scoreUnit.one": "{count} castle card",
};
