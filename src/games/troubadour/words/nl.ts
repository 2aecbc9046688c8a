import type { Catalog } from "../../../i18n/catalog.js";

/** Troubadour: rule errors, log lines for every noble use and attack, results. */
export const nl: Catalog = {
  "troubadour.badPick":
    "Kies precies {count, plural, one {# edele} other {# verschillende edelen}} (boeren, vrouwen of heren).",
  "troubadour.nobleNotChosen": "Je hebt {noble} deze ronde niet gekozen.",
  "troubadour.nobleAlreadyUsed": "{noble} is deze beurt al gebruikt.",
  "troubadour.nobleRuledOut": "{noble} valt deze beurt af, omdat je {other} hebt gebruikt.",
  "troubadour.alreadyDrawn": "Je hebt deze beurt je standaardtrek al gedaan.",
  "troubadour.clubsNeedDraw": "{noble} kan pas na de standaardtrek (of na ♥V+H).",
  "troubadour.clubsKingNeedsOpponentClubs":
    "♣H werkt alleen als een tegenstander deze ronde ♣B of ♣V heeft gekozen.",
  "troubadour.searchAfterDraw": "♥V+H vervangt de standaardtrek en kan er dus niet na komen.",
  "troubadour.searchNeedsNoFaceDown":
    "♥V+H kan alleen als er in geen van je dorpen nog een dichte kaart ligt.",
  "troubadour.searchCardPlaced":
    "{card} ligt in een dorp of op een kasteel: noem een kaart uit je trekstapel of aflegstapel.",
  "troubadour.searchCardOnTop": "{card} ligt al bovenop je aflegstapel.",
  "troubadour.notBuildingCard": "Noem een bouwkaart (aas tot en met 10).",
  "troubadour.doesNotFit": "{card} past daar niet.",
  "troubadour.sameVillage": "Kies een ander dorp.",
  "troubadour.emptySource": "Daar ligt geen kaart om te pakken.",
  "troubadour.notARun":
    "{count, plural, one {De bovenste kaart van dat dorp vormt geen reeks.} other {De bovenste # kaarten van dat dorp vormen geen reeks.}}",
  "troubadour.runToCastle": "Er kan maar één kaart tegelijk naar een kasteel.",
  "troubadour.noCardsToTurn": "Je trekstapel en je aflegstapel zijn allebei leeg.",
  "troubadour.noExtraDraws": "Je mag geen extra kaarten meer omdraaien.",
  "troubadour.heartsJackTopCard": "De bovenste kaart van een dorp kun je ook zonder ♥B verplaatsen.",
  "troubadour.faceDown": "Die kaart ligt dicht.",
  "troubadour.alreadyFaceUp": "Die kaart ligt al open.",
  "troubadour.noRevealedAce": "Alleen een aas die ♥V net heeft opengedraaid, mag zo een kasteel beginnen.",
  "troubadour.notOpponent": "Kies een tegenstander om aan te vallen.",
  "troubadour.protected": "{target} is tegen {noble} beschermd door {protector}.",
  "troubadour.nothingToTake": "Daar valt niets te pakken.",

  "troubadour.power.spadesJack": "♠B: plunder één dorp van een tegenstander",
  "troubadour.power.spadesQueen": "♠V: pak de bovenste kaart van elk dorp van één tegenstander",
  "troubadour.power.spadesTrio": "♠B+V+H: breek één kasteel van een tegenstander af",
  "troubadour.power.clubsJack": "♣B: blijf bij het trekken omdraaien tot er een kaart past",
  "troubadour.power.clubsQueen": "♣V: draai na het trekken 2 extra kaarten om",
  "troubadour.power.clubsKing": "♣H: draai 3 extra kaarten om als een tegenstander ♣B of ♣V koos",
  "troubadour.power.heartsJack": "♥B: verplaats een open kaart van binnenin een dorp",
  "troubadour.power.heartsQueen": "♥V: draai een dichte kaart in een dorp open",
  "troubadour.power.heartsQueenKing": "♥V+H: zoek in je stapels naar een kaart die je noemt",
  /** The pick menu: a ♦ noble, and a king that is only part of a combination ({power}: its catalog text). */
  "troubadour.noble.shield": "beschermt je tegen {power}",
  "troubadour.noble.partner": "samen met {nobles}: {power}",

  "troubadour.event.picked": "{player} heeft edelen gekozen.",
  "troubadour.event.trio": "{player} koos {trio}.",
  "troubadour.event.dieRolls": "Gelijke drietallen: {player} gooide {rolls}.",
  "troubadour.event.firstPlayer": "Ronde {round}: {player} begint.",
  "troubadour.event.wasteRecycled":
    "{player} draaide de aflegstapel om als nieuwe trekstapel ({count, plural, one {# kaart} other {# kaarten}}).",
  "troubadour.event.drew": "{player} draaide {card} om.",
  "troubadour.event.extraDraw": "{player} draaide {card} om (een extra kaart).",
  "troubadour.event.build.waste.castle": "{player} bouwde {cards} van de aflegstapel op een kasteel.",
  "troubadour.event.build.waste.village": "{player} legde {cards} van de aflegstapel op dorp {village}.",
  "troubadour.event.build.village.castle": "{player} bouwde {cards} uit dorp {from} op een kasteel.",
  "troubadour.event.build.village.village":
    "{player} verplaatste {cards} van dorp {from} naar dorp {village}.",
  "troubadour.event.clubsJack":
    "{player} gebruikte ♣B: {count, plural, one {# kaart} other {# kaarten}} omgedraaid tot {card} paste.",
  "troubadour.event.clubsJackNoFit":
    "{player} gebruikte ♣B: {count, plural, one {# kaart} other {# kaarten}} omgedraaid zonder dat er een paste; {card} ligt bovenop.",
  "troubadour.event.clubsQueen":
    "{player} gebruikte ♣V: {extra, plural, one {# extra kaart} other {# extra kaarten}} om te draaien.",
  "troubadour.event.clubsKing":
    "{player} gebruikte ♣H: {extra, plural, one {# extra kaart} other {# extra kaarten}} om te draaien.",
  "troubadour.event.heartsJackToCastle":
    "{player} gebruikte ♥B: {card} van binnenin dorp {from} naar een kasteel.",
  "troubadour.event.heartsJackToVillage":
    "{player} gebruikte ♥B: {card} van binnenin dorp {from} naar dorp {village}.",
  "troubadour.event.heartsQueen": "{player} gebruikte ♥V: {card} opengedraaid in dorp {village}.",
  "troubadour.event.heartsQueenAce": "{player} begon een kasteel met de {card} die ♥V opendraaide.",
  "troubadour.event.heartsQueenKing":
    "{player} gebruikte ♥V+H: noemde {card}, gevonden na {count, plural, one {# kaart} other {# kaarten}}.",
  "troubadour.event.spadesJack":
    "{player} gebruikte ♠B op {target}: dorp {village} ({count, plural, one {# kaart} other {# kaarten}}: {cards}, en {hidden} dicht) ging onder de trekstapel van {target}.",
  "troubadour.event.spadesQueen":
    "{player} gebruikte ♠V op {target}: de bovenste dorpskaarten ({cards}) gingen onder de trekstapel van {target}.",
  "troubadour.event.spadesTrio":
    "{player} gebruikte ♠B+V+H op {target}: het {suit}-kasteel ({count, plural, one {# kaart} other {# kaarten}}) ging onder de trekstapel van {target}.",
  "troubadour.event.turnEnded": "{player} beëindigde de beurt.",
  "troubadour.event.newRound": "Ronde {round}: kies je edelen.",
  "troubadour.event.won": "{player} heeft alle vier de kastelen af en wint!",
  "troubadour.event.roundCap":
    "Geen winnaar na {rounds, plural, one {# ronde} other {# rondes}}: het spel eindigt gelijk.",

  /** Hints (`/game hint`) and bot reasons: one line naming the move as the panel does, and why. */
  "troubadour.robot.pick.search":
    "Kies {trio}: er ligt geen dichte kaart in je dorpen, dus ♥V+H kan precies de kaart halen die een kasteel nodig heeft.",
  "troubadour.robot.pick.reveal":
    "Kies {trio}: ♥V draait een dichte dorpskaart open en de andere draaien meer kaarten om.",
  "troubadour.robot.pick.draws":
    "Kies {trio}: de klaveren draaien meer kaarten om, dus meer kans op kaarten voor je kastelen.",
  "troubadour.robot.pick.stuck": "Kies {trio}: ♥B kan een kasteelkaart van binnenin een dorp halen.",
  "troubadour.robot.pick.attack":
    "Kies {trio}: een kasteel van een tegenstander is groot genoeg om af te breken met ♠B+V+H.",
  "troubadour.robot.pick.guard": "Kies {trio}: ♦H beschermt je kastelen tegen ♠B+V+H.",
  "troubadour.robot.pick.raid":
    "Kies {trio}: met ♠B en ♠V pak je kaarten af die een tegenstander binnenkort nodig heeft.",
  "troubadour.robot.pick.shield": "Kies {trio}: ♦B en ♦V beschermen je dorpen tegen ♠B en ♠V.",
  "troubadour.robot.heartsQueenAce": "Begin een kasteel met de aas: ♥V heeft hem net opengedraaid.",
  "troubadour.robot.castleFromWaste":
    "{card} van de aflegstapel → kasteel: het is de volgende kaart van je {suit}-kasteel.",
  "troubadour.robot.castleFromWasteAce":
    "{card} van de aflegstapel → kasteel: een aas begint je {suit}-kasteel.",
  "troubadour.robot.castleFromVillage":
    "{card} uit dorp {village} → kasteel: het is de volgende kaart van je {suit}-kasteel.",
  "troubadour.robot.castleFromVillageAce":
    "{card} uit dorp {village} → kasteel: een aas begint je {suit}-kasteel.",
  "troubadour.robot.heartsJack":
    "Gebruik ♥B: {card} van binnenin dorp {village} is de volgende kaart van je {suit}-kasteel.",
  "troubadour.robot.spadesTrio":
    "Gebruik ♠B+V+H op {target}: het {suit}-kasteel ({count, plural, one {# kaart} other {# kaarten}}) gaat onder de trekstapel van {target}.",
  "troubadour.robot.spadesJack":
    "Gebruik ♠B op dorp {village} van {target}: daar liggen kaarten die deze speler binnenkort nodig heeft.",
  "troubadour.robot.spadesQueen":
    "Gebruik ♠V op {target}: bovenop de dorpen liggen kaarten die deze speler binnenkort nodig heeft.",
  "troubadour.robot.heartsQueen":
    "Gebruik ♥V in dorp {village}: elke opengedraaide kaart brengt ♥V+H dichterbij.",
  "troubadour.robot.heartsQueenKing":
    "Gebruik ♥V+H en noem {card}: het is de volgende kaart van je {suit}-kasteel.",
  "troubadour.robot.draw": "Trek een kaart: misschien past hij op een kasteel of een dorp.",
  "troubadour.robot.clubsJack": "Trek met ♣B: je blijft omdraaien tot er een kaart past.",
  "troubadour.robot.clubsQueen": "Gebruik ♣V: 2 extra kaarten om te draaien, elk een kans voor je kastelen.",
  "troubadour.robot.clubsKing": "Gebruik ♣H: 3 extra kaarten om te draaien, elk een kans voor je kastelen.",
  "troubadour.robot.extraDraw":
    "Draai een extra kaart om (nog {count}): misschien past hij op een kasteel of een dorp.",
  "troubadour.robot.wasteToVillage":
    "{card} van de aflegstapel → dorp {village}: zo blijft hij binnen bereik en komt de volgende kaart van de aflegstapel vrij.",
  "troubadour.robot.emptyVillage":
    "Verplaats {card} naar dorp {village}: het dorp waar hij lag wordt leeg, en daar kan daarna elke kaart op.",
  "troubadour.robot.uncover": "Verplaats {card} naar dorp {village}: de dichte kaart eronder gaat open.",
  "troubadour.robot.free": "Verplaats {card} naar dorp {village}: dan komt {freed} vrij voor het kasteel.",
  "troubadour.robot.endTurn": "Beëindig je beurt: niets helpt je kastelen deze beurt nog verder.",

  "troubadour.summary.won": "{player} heeft alle vier de kastelen af.",
  "troubadour.summary.roundCap":
    "Gelijkspel: niemand had na {rounds, plural, one {# ronde} other {# rondes}} vier kastelen af.",
  "troubadour.scoreUnit": "{count, plural, one {# kasteelkaart} other {# kasteelkaarten}}",

  // The panel (`troubadour.ui.`): what a player reads and clicks.
  "troubadour.ui.source.waste": "{card} van de aflegstapel",
  "troubadour.ui.source.wasteTop": "de bovenste kaart van de aflegstapel",
  "troubadour.ui.source.card": "{cards} uit dorp {village}",
  "troubadour.ui.source.run": "de reeks {cards} uit dorp {village}",
  "troubadour.ui.target.castle": "Kasteel",
  "troubadour.ui.target.villageOn": "Dorp {village} op {card}",
  "troubadour.ui.target.villageEmpty": "Dorp {village} (leeg)",
  "troubadour.ui.noble.readyAttack": "{noble}: inzetbaar — {help}",
  "troubadour.ui.noble.ready": "{noble}: inzetbaar",
  "troubadour.ui.noble.idle": "{noble}: kan nu niets doen",
  "troubadour.ui.noble.shield": "{noble}: beschermt je de hele ronde tegen {power}",
  "troubadour.ui.noble.needs": "{noble}: doet niets zonder {nobles}",
  "troubadour.ui.pickIntro":
    "**Ronde {round}: kies {count} van je {total, plural, one {# edele} other {# edelen}}.** Niemand ziet je keuze voordat iedereen gekozen heeft; tot dan kun je die nog wijzigen.",
  "troubadour.ui.yourPick": "Jouw keuze (alleen jij ziet dit): **{cards}**",
  "troubadour.ui.notChosen": "Je hebt nog niet gekozen. Kies hieronder precies drie edelen.",
  "troubadour.ui.pickProgress": "Gekozen: {chosen} · kiest nog: {waiting}",
  "troubadour.ui.pickProgressNone": "Nog niemand heeft gekozen · kiest nog: {waiting}",
  "troubadour.ui.changePick": "Wijzig je drie edelen",
  "troubadour.ui.choosePick": "Kies drie edelen",
  "troubadour.ui.over": "Dit spel is afgelopen.",
  "troubadour.ui.waitingDoing": "ronde {round} spelen",
  "troubadour.ui.waitingDoingThen": "ronde {round} spelen, daarna {after}",
  "troubadour.ui.triosThisRound": "Drietallen deze ronde — {trios}",
  "troubadour.ui.canGoTo": "kan naar: {targets}",
  "troubadour.ui.buildPlaceholder": "Bouwen: kies een kaart (of reeks) om te verplaatsen",
  "troubadour.ui.turn":
    "**Jij bent aan de beurt** — ronde {round}, beurt {turn} van {turns}. Jouw drietal: **{trio}**",
  "troubadour.ui.drawMade": "Standaardtrek gedaan.",
  "troubadour.ui.drawMadeExtra": "Standaardtrek gedaan. Nog extra kaarten om te draaien: **{count}**.",
  "troubadour.ui.drawNotMade": "Standaardtrek nog niet gedaan (die is niet verplicht).",
  "troubadour.ui.piles":
    "Aflegstapel: **{card}** bovenop, {count, plural, one {# kaart} other {# kaarten}} · trekstapel {drawPile}",
  "troubadour.ui.pilesEmpty": "Aflegstapel: leeg · trekstapel {drawPile}",
  "troubadour.ui.revealedAce":
    "De aas die ♥V opendraaide, mag een kasteel beginnen — maar alleen als je eerstvolgende zet.",
  "troubadour.ui.draw": "Trek een kaart",
  "troubadour.ui.drawClubsJack": "Trek met ♣B",
  "troubadour.ui.extraDraw": "Draai een extra kaart om (nog {count})",
  "troubadour.ui.aceCastle": "Begin een kasteel met de aas",
  "troubadour.ui.toCastle": "{source} → kasteel",
  "troubadour.ui.useNoble": "Gebruik een edele",
  "troubadour.ui.endTurn": "Beurt beëindigen",
  "troubadour.ui.whereTo": "Waar moet **{source}** heen?",
  "troubadour.ui.protectedBy": "🛡 {player} (beschermd door {noble})",
  "troubadour.ui.takeTops": "Pak de bovenste dorpskaarten van {player}",
  "troubadour.ui.attackVillage": "{player} dorp {village} ({count})",
  "troubadour.ui.attackCastle": "{player} {suit}-kasteel ({count})",
  "troubadour.ui.attackCastleEmpty": "{player} kasteel {castle} (leeg)",
  "troubadour.ui.attack.spadesJack":
    "Kies een dorp van een tegenstander: alle kaarten ervan gaan geschud onder de trekstapel van die speler.",
  "troubadour.ui.attack.spadesQueen":
    "Pak de bovenste kaart van elk dorp van één tegenstander; ze gaan geschud onder de trekstapel van die speler.",
  "troubadour.ui.attack.spadesTrio":
    "Kies een kasteel van een tegenstander: alle kaarten ervan gaan geschud onder de trekstapel van die speler.",
  "troubadour.ui.heartsJackMove": "Verplaats **{card}** van binnenin dorp {village} naar:",
  "troubadour.ui.heartsJackChoose":
    "Kies de open kaart binnenin een dorp die je wilt verplaatsen (de kaarten erboven blijven liggen).",
  "troubadour.ui.heartsJackPlaceholder": "Kaart om te verplaatsen",
  "troubadour.ui.inVillage": "{card} in dorp {village}",
  "troubadour.ui.under": "onder {count, plural, one {# kaart} other {# kaarten}}",
  "troubadour.ui.heartsQueenChoose":
    "Kies een dichte kaart om open te draaien waar hij ligt. Een aas mag daarna meteen een kasteel beginnen.",
  "troubadour.ui.heartsQueenSpot": "Dorp {village}, kaart {position} van {count} van onderen",
  "troubadour.ui.heartsQueenPlaceholder": "Dichte kaart om open te draaien",
  "troubadour.ui.searchChoose":
    "Noem een kaart uit je trekstapel of aflegstapel: er worden kaarten omgedraaid tot die bovenop je aflegstapel ligt. Dit vervangt je standaardtrek.",
  "troubadour.ui.searchSpadesHearts": "Noem een ♠- of ♥-kaart",
  "troubadour.ui.searchDiamondsClubs": "Noem een ♦- of ♣-kaart",
  "troubadour.ui.statusPick":
    "ronde {round}: iedereen kiest in het geheim {count, plural, one {# edele} other {# edelen}}. {progress}. Druk op **{button}**.",
  "troubadour.ui.status": "ronde {round}: {player} is aan de beurt.",
  "troubadour.ui.statusThen": "ronde {round}: {player} is aan de beurt, daarna {after}.",
  "troubadour.ui.result": "{player}: {count, plural, one {# kasteel} other {# kastelen}} af, {cards}",
  // The pictures (`troubadour.pic.`): every word drawn on the table picture (which panels show too).
  "troubadour.pic.player": "Speler",
  "troubadour.pic.chosen": "✓ gekozen",
  "troubadour.pic.choosing": "kiest…",
  "troubadour.pic.die": "worp {rolls}",
  "troubadour.pic.winner": "winnaar",
  "troubadour.pic.toPlay": "aan zet",
  "troubadour.pic.castles": "Kastelen",
  "troubadour.pic.ace": "Aas",
  "troubadour.pic.waste": "Aflegstapel",
  "troubadour.pic.drawPile": "Trekstapel",
  "troubadour.pic.won": "Winnaar: {player}",
  "troubadour.pic.drawn": "Gelijkspel na {round, plural, one {# ronde} other {# rondes}}",
  "troubadour.pic.picking": "Ronde {round} · edelen kiezen in het geheim",
  "troubadour.pic.playing": "Ronde {round} · aan zet: {player}",
  "troubadour.pic.nobody": "niemand",
  "troubadour.pic.haveChosen": "{chosen} van {total} hebben gekozen · de drietallen gaan tegelijk open",
  "troubadour.pic.roundsPlayed": "{count, plural, one {# ronde} other {# rondes}} gespeeld",
  "troubadour.pic.overWon": "alle vier de kastelen af · {rounds}",
  "troubadour.pic.overDrawn": "niemand had vier kastelen af · {rounds}",
  "troubadour.pic.round": "Ronde {round}",
  "troubadour.pic.turnOf": "beurt {turn} van {turns}",
  "troubadour.pic.drawMade": "getrokken",
  "troubadour.pic.drawNotMade": "nog niet getrokken",
  "troubadour.pic.extraDraws":
    "nog {count, plural, one {# extra kaart} other {# extra kaarten}} om te draaien",
  "troubadour.pic.revealedAce": "de opengedraaide aas mag nu een kasteel beginnen",
  "troubadour.pic.used": "gebruikt: {powers}",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.troubadour.title": "Troubadour",
  "game.troubadour.panelButton": "Edelen & zetten",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "troubadour.alt.faceDown": "{count} dicht",
  "troubadour.alt.trio": "trio {cards}; ",
  "troubadour.alt.hasPicked": "heeft een trio gekozen; ",
  "troubadour.alt.choosing": "kiest nog een trio; ",
  "troubadour.alt.castle": "{cards} ({count} van 10)",
  "troubadour.alt.waste": "aflegstapel {count, plural, one {{card}} other {{card} bovenop # kaarten}}",
  "troubadour.alt.wasteEmpty": "aflegstapel leeg",
  "troubadour.alt.board":
    "{player}: {trio}dorpen, onderste kaart eerst: {villages}. Kastelen: {castles}; {waste}; trekstapel {draw}.",
  "troubadour.alt.then": "Daarna: {after}",
};
