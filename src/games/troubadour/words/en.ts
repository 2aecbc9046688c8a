import type { Catalog } from "../../../i18n/catalog.js";

/** Troubadour: rule errors, log lines for every noble use and attack, results. */
export const en: Catalog = {
  "troubadour.badPick":
    "Choose exactly {count, plural, one {# noble} other {# different nobles}} (jacks, queens or kings).",
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
  "troubadour.notARun":
    "{count, plural, one {The top card of that village is not a run.} other {The top # cards of that village are not a run.}}",
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
    "{player} turned their waste pile over as a new draw pile ({count, plural, one {# card} other {# cards}}).",
  "troubadour.event.drew": "{player} turned up {card}.",
  "troubadour.event.extraDraw": "{player} turned up {card} (an extra card).",
  "troubadour.event.build.waste.castle": "{player} built {cards} from the waste pile onto a castle.",
  "troubadour.event.build.waste.village": "{player} put {cards} from the waste pile on village {village}.",
  "troubadour.event.build.village.castle": "{player} built {cards} from village {from} onto a castle.",
  "troubadour.event.build.village.village":
    "{player} moved {cards} from village {from} to village {village}.",
  "troubadour.event.clubsJack":
    "{player} used ♣J: {count, plural, one {# card} other {# cards}} turned until {card} fitted.",
  "troubadour.event.clubsJackNoFit":
    "{player} used ♣J: {count, plural, one {# card} other {# cards}} turned without a fit; {card} is on top.",
  "troubadour.event.clubsQueen":
    "{player} used ♣Q: {extra, plural, one {# extra card} other {# extra cards}} to turn.",
  "troubadour.event.clubsKing":
    "{player} used ♣K: {extra, plural, one {# extra card} other {# extra cards}} to turn.",
  "troubadour.event.heartsJackToCastle": "{player} used ♥J: {card} from inside village {from} onto a castle.",
  "troubadour.event.heartsJackToVillage":
    "{player} used ♥J: {card} from inside village {from} onto village {village}.",
  "troubadour.event.heartsQueen": "{player} used ♥Q: turned up {card} in village {village}.",
  "troubadour.event.heartsQueenAce": "{player} started a castle with the {card} that ♥Q turned up.",
  "troubadour.event.heartsQueenKing":
    "{player} used ♥Q+K: named {card}, found after {count, plural, one {# card} other {# cards}}.",
  "troubadour.event.spadesJack":
    "{player} used ♠J on {target}: village {village} ({count, plural, one {# card} other {# cards}}: {cards}, and {hidden} face down) went under their draw pile.",
  "troubadour.event.spadesQueen":
    "{player} used ♠Q on {target}: the top cards of their villages ({cards}) went under their draw pile.",
  "troubadour.event.spadesTrio":
    "{player} used ♠J+Q+K on {target}: their {suit} castle ({count, plural, one {# card} other {# cards}}) went under their draw pile.",
  "troubadour.event.turnEnded": "{player} ended their turn.",
  "troubadour.event.newRound": "Round {round}: choose your nobles.",
  "troubadour.event.won": "{player} completed all four castles and wins!",
  "troubadour.event.roundCap":
    "No winner after {rounds, plural, one {# round} other {# rounds}}: the game is a draw.",

  /** Hints (`/game hint`) and bot reasons: one line naming the move as the panel does, and why. */
  "troubadour.robot.pick.search":
    "Choose {trio}: no village card is face down, so ♥Q+K can fetch the exact card a castle needs.",
  "troubadour.robot.pick.reveal":
    "Choose {trio}: ♥Q turns up a face-down village card and the rest turn more cards.",
  "troubadour.robot.pick.draws":
    "Choose {trio}: the clubs turn more cards, so more of them fit your castles.",
  "troubadour.robot.pick.stuck": "Choose {trio}: ♥J can lift a castle card out from inside a village.",
  "troubadour.robot.pick.attack":
    "Choose {trio}: an opponent's castle is big enough to tear down with ♠J+Q+K.",
  "troubadour.robot.pick.guard": "Choose {trio}: ♦K protects your castles against ♠J+Q+K.",
  "troubadour.robot.pick.raid": "Choose {trio}: ♠J and ♠Q can take cards an opponent wants soon.",
  "troubadour.robot.pick.shield": "Choose {trio}: ♦J and ♦Q protect your villages against ♠J and ♠Q.",
  "troubadour.robot.heartsQueenAce": "Start a castle with the Ace: ♥Q just turned it up.",
  "troubadour.robot.castleFromWaste":
    "{card} from the waste → castle: it is the next card of your {suit} castle.",
  "troubadour.robot.castleFromWasteAce": "{card} from the waste → castle: an Ace starts your {suit} castle.",
  "troubadour.robot.castleFromVillage":
    "{card} from village {village} → castle: it is the next card of your {suit} castle.",
  "troubadour.robot.castleFromVillageAce":
    "{card} from village {village} → castle: an Ace starts your {suit} castle.",
  "troubadour.robot.heartsJack":
    "Use ♥J: {card} from inside village {village} is the next card of your {suit} castle.",
  "troubadour.robot.spadesTrio":
    "Use ♠J+Q+K on {target}: their {suit} castle ({count, plural, one {# card} other {# cards}}) goes under their draw pile.",
  "troubadour.robot.spadesJack": "Use ♠J on {target}'s village {village}: it holds cards they want soon.",
  "troubadour.robot.spadesQueen": "Use ♠Q on {target}: their village tops include cards they want soon.",
  "troubadour.robot.heartsQueen": "Use ♥Q in village {village}: each card turned up brings ♥Q+K closer.",
  "troubadour.robot.heartsQueenKing": "Use ♥Q+K and name {card}: it is the next card of your {suit} castle.",
  "troubadour.robot.draw": "Draw a card: it may fit a castle or a village.",
  "troubadour.robot.clubsJack": "Draw with ♣J: it keeps turning until a card fits.",
  "troubadour.robot.clubsQueen": "Use ♣Q: 2 extra cards to turn, each a chance for your castles.",
  "troubadour.robot.clubsKing": "Use ♣K: 3 extra cards to turn, each a chance for your castles.",
  "troubadour.robot.extraDraw": "Turn an extra card ({count} left): it may fit a castle or a village.",
  "troubadour.robot.wasteToVillage":
    "{card} from the waste → village {village}: it stays in reach and the waste shows its next card.",
  "troubadour.robot.emptyVillage":
    "Move {card} onto village {village}: its own village is left empty for any card.",
  "troubadour.robot.uncover": "Move {card} onto village {village}: the face-down card under it turns up.",
  "troubadour.robot.free": "Move {card} onto village {village}: that frees {freed} for its castle.",
  "troubadour.robot.endTurn": "End turn: nothing left helps your castles this turn.",

  "troubadour.summary.won": "{player} completed all four castles.",
  "troubadour.summary.roundCap":
    "Draw: no one completed four castles in {rounds, plural, one {# round} other {# rounds}}.",
  "troubadour.scoreUnit": "{count, plural, one {# castle card} other {# castle cards}}",

  // The panel (`troubadour.ui.`): what a player reads and clicks.
  "troubadour.ui.source.waste": "{card} from the waste",
  "troubadour.ui.source.wasteTop": "the waste top",
  "troubadour.ui.source.card": "{cards} from village {village}",
  "troubadour.ui.source.run": "the run {cards} from village {village}",
  "troubadour.ui.target.castle": "Castle",
  "troubadour.ui.target.villageOn": "Village {village} on {card}",
  "troubadour.ui.target.villageEmpty": "Village {village} (empty)",
  "troubadour.ui.noble.readyAttack": "{noble}: ready — {help}",
  "troubadour.ui.noble.ready": "{noble}: ready",
  "troubadour.ui.noble.idle": "{noble}: nothing it can do right now",
  "troubadour.ui.noble.shield": "{noble}: protects you against {power} all round",
  "troubadour.ui.noble.needs": "{noble}: does nothing without {nobles}",
  "troubadour.ui.pickIntro":
    "**Round {round}: choose {count} of your {total, plural, one {# noble} other {# nobles}}.** Nobody sees your choice until everyone has chosen; until then you may change it.",
  "troubadour.ui.yourPick": "Your pick (only you see this): **{cards}**",
  "troubadour.ui.notChosen": "You have not chosen yet. Pick exactly three below.",
  "troubadour.ui.pickProgress": "Chosen: {chosen} · still choosing: {waiting}",
  "troubadour.ui.pickProgressNone": "Nobody has chosen yet · still choosing: {waiting}",
  "troubadour.ui.changePick": "Change your three nobles",
  "troubadour.ui.choosePick": "Choose three nobles",
  "troubadour.ui.over": "This game is over.",
  "troubadour.ui.waitingDoing": "to play round {round}",
  "troubadour.ui.waitingDoingThen": "to play round {round} (then {after})",
  "troubadour.ui.triosThisRound": "Trios this round — {trios}",
  "troubadour.ui.canGoTo": "can go to: {targets}",
  "troubadour.ui.buildPlaceholder": "Build: choose a card (or run) to move",
  "troubadour.ui.turn": "**Your turn** — round {round}, turn {turn} of {turns}. Your trio: **{trio}**",
  "troubadour.ui.drawMade": "Standard draw made.",
  "troubadour.ui.drawMadeExtra": "Standard draw made. Extra cards left to turn: **{count}**.",
  "troubadour.ui.drawNotMade": "Standard draw not made yet (it is optional).",
  "troubadour.ui.piles":
    "Waste: **{card}** on top, {count, plural, one {# card} other {# cards}} · draw pile {drawPile}",
  "troubadour.ui.pilesEmpty": "Waste: empty · draw pile {drawPile}",
  "troubadour.ui.revealedAce": "The Ace ♥Q turned up may start a castle — only as your very next move.",
  "troubadour.ui.draw": "Draw a card",
  "troubadour.ui.drawClubsJack": "Draw with ♣J",
  "troubadour.ui.extraDraw": "Turn an extra card ({count} left)",
  "troubadour.ui.aceCastle": "Start a castle with the Ace",
  "troubadour.ui.toCastle": "{source} → castle",
  "troubadour.ui.useNoble": "Use a noble",
  "troubadour.ui.endTurn": "End turn",
  "troubadour.ui.whereTo": "Move **{source}** — where to?",
  "troubadour.ui.protectedBy": "🛡 {player} (protected by {noble})",
  "troubadour.ui.takeTops": "Take {player}'s village tops",
  "troubadour.ui.attackVillage": "{player} village {village} ({count})",
  "troubadour.ui.attackCastle": "{player} {suit} castle ({count})",
  "troubadour.ui.attackCastleEmpty": "{player} castle {castle} (empty)",
  "troubadour.ui.attack.spadesJack":
    "Choose an opponent's village: all its cards are shuffled under their draw pile.",
  "troubadour.ui.attack.spadesQueen":
    "Take the top card of every village of one opponent; they are shuffled under their draw pile.",
  "troubadour.ui.attack.spadesTrio":
    "Choose an opponent's castle: all its cards are shuffled under their draw pile.",
  "troubadour.ui.heartsJackMove": "Move **{card}** from inside village {village} to:",
  "troubadour.ui.heartsJackChoose":
    "Choose the face-up card inside a village to move (the cards above it stay where they are).",
  "troubadour.ui.heartsJackPlaceholder": "Card to move",
  "troubadour.ui.inVillage": "{card} in village {village}",
  "troubadour.ui.under": "under {count, plural, one {# card} other {# cards}}",
  "troubadour.ui.heartsQueenChoose":
    "Choose a face-down card to turn face up where it lies. An Ace may then start a castle at once.",
  "troubadour.ui.heartsQueenSpot": "Village {village}, card {position} of {count} from the bottom",
  "troubadour.ui.heartsQueenPlaceholder": "Face-down card to turn up",
  "troubadour.ui.searchChoose":
    "Name a card from your draw or waste pile: cards are turned until it lies on top of your waste. This replaces your standard draw.",
  "troubadour.ui.searchSpadesHearts": "Name a ♠ or ♥ card",
  "troubadour.ui.searchDiamondsClubs": "Name a ♦ or ♣ card",
  "troubadour.ui.statusPick":
    "round {round}: everyone chooses {count, plural, one {# noble} other {# nobles}} in secret. {progress}. Press **{button}**.",
  "troubadour.ui.status": "round {round}: {player} to play.",
  "troubadour.ui.statusThen": "round {round}: {player} to play, then {after}.",
  "troubadour.ui.result":
    "{player}: {count, plural, one {# complete castle} other {# complete castles}}, {cards}",
  // The pictures (`troubadour.pic.`): every word drawn on the table picture (which panels show too).
  "troubadour.pic.player": "Player",
  "troubadour.pic.chosen": "✓ chosen",
  "troubadour.pic.choosing": "choosing…",
  "troubadour.pic.die": "die {rolls}",
  "troubadour.pic.winner": "winner",
  "troubadour.pic.toPlay": "to play",
  "troubadour.pic.castles": "Castles",
  "troubadour.pic.ace": "Ace",
  "troubadour.pic.waste": "Waste",
  "troubadour.pic.drawPile": "Draw",
  "troubadour.pic.won": "Winner: {player}",
  "troubadour.pic.drawn": "Draw after {round, plural, one {# round} other {# rounds}}",
  "troubadour.pic.picking": "Round {round} · choosing nobles in secret",
  "troubadour.pic.playing": "Round {round} · to play: {player}",
  "troubadour.pic.nobody": "nobody",
  "troubadour.pic.haveChosen": "{chosen} of {total} have chosen · trios are revealed together",
  "troubadour.pic.roundsPlayed": "{count, plural, one {# round} other {# rounds}} played",
  "troubadour.pic.overWon": "all four castles complete · {rounds}",
  "troubadour.pic.overDrawn": "no one completed four castles · {rounds}",
  "troubadour.pic.round": "Round {round}",
  "troubadour.pic.turnOf": "turn {turn} of {turns}",
  "troubadour.pic.drawMade": "draw made",
  "troubadour.pic.drawNotMade": "draw not made yet",
  "troubadour.pic.extraDraws": "{count, plural, one {# extra card} other {# extra cards}} to turn",
  "troubadour.pic.revealedAce": "the turned-up Ace may start a castle now",
  "troubadour.pic.used": "used {powers}",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.troubadour.title": "Troubadour",
  "game.troubadour.panelButton": "Nobles & moves",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "troubadour.alt.faceDown": "{count} face down",
  "troubadour.alt.trio": "trio {cards}; ",
  "troubadour.alt.hasPicked": "has chosen a trio; ",
  "troubadour.alt.choosing": "still choosing a trio; ",
  "troubadour.alt.castle": "{cards} ({count} of 10)",
  "troubadour.alt.waste": "waste {count, plural, one {{card}} other {{card} on top of # cards}}",
  "troubadour.alt.wasteEmpty": "waste empty",
  "troubadour.alt.board":
    "{player}: {trio}villages, bottom card first: {villages}. Castles: {castles}; {waste}; draw pile {draw}.",
  "troubadour.alt.then": "Then: {after}",
};
