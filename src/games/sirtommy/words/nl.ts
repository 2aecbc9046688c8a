import type { Catalog } from "../../../i18n/catalog.js";

/** Sir Tommy for two. Params named player and ascending hold player ids. */
export const nl: Catalog = {
  "sirtommy.scoreUnit": "{count, plural, one {# kaart} other {# kaarten}} op eigen fundamenten",
  "sirtommy.noProposal": "Nog niemand heeft voorgesteld wie vanaf de azen opbouwt.",
  "sirtommy.ownProposal": "Dit voorstel komt van jou; de andere speler moet het bevestigen.",
  "sirtommy.notAPlayer": "Alleen een van de twee spelers van dit spel kan Oplopend zijn.",
  "sirtommy.agreeFirst": "Spreek eerst af wie vanaf de azen opbouwt (die speler begint).",
  "sirtommy.noSuchDrawnCard": "Zo'n getrokken kaart ligt niet voor je.",
  "sirtommy.noSuchRow": "Er zijn vier rijen: kies 1, 2, 3 of 4.",
  "sirtommy.noSuchFoundation": "Je hebt vier fundamenten: kies 1, 2, 3 of 4.",
  "sirtommy.emptyRow": "Rij {row} is leeg.",
  "sirtommy.needsAce": "Je lege fundament {foundation} moet met een aas beginnen, niet met {card}.",
  "sirtommy.needsKing": "Je lege fundament {foundation} moet met een heer beginnen, niet met {card}.",
  "sirtommy.needsOneHigher":
    "{card} past niet op je fundament {foundation}: daar hoort de kaart één hoger dan {top}.",
  "sirtommy.needsOneLower":
    "{card} past niet op je fundament {foundation}: daar hoort de kaart één lager dan {top}.",
  "sirtommy.foundationFull": "Je fundament {foundation} is vol: 13 kaarten, er kan niets meer op.",
  "sirtommy.drawnCardsLeft":
    "{count, plural, one {Leg je getrokken kaart} other {Leg je # getrokken kaarten}} op een fundament of een rij voordat je je beurt beëindigt.",
  "sirtommy.passInstead":
    "Je hebt deze beurt geen kaart verplaatst: pas in plaats van je beurt te beëindigen.",
  "sirtommy.noPassWhileDrawing":
    "Passen kan niet nadat je van de trekstapel hebt getrokken: leg je getrokken kaarten neer en beëindig dan je beurt.",
  "sirtommy.endTurnInstead":
    "Je hebt deze beurt kaarten verplaatst: beëindig je beurt in plaats van te passen.",
  "sirtommy.event.proposed": "{player} stelt voor dat {ascending} vanaf de azen opbouwt.",
  "sirtommy.event.agreed": "Afgesproken: {ascending} bouwt op vanaf de azen en begint.",
  "sirtommy.event.drew": "{player} trekt {count}: {cards} (nog {stockCount} in de trekstapel).",
  "sirtommy.event.drawnToFoundation": "{player} legt {card} op fundament {foundation}.",
  "sirtommy.event.rowToFoundation": "{player} legt {card} uit rij {row} op fundament {foundation}.",
  "sirtommy.event.toRow": "{player} legt {card} op rij {row}.",
  "sirtommy.event.endedTurn": "{player} beëindigt de beurt.",
  "sirtommy.event.passed": "{player} past.",
  "sirtommy.event.allPlaced": "Alle 52 kaarten liggen op de fundamenten!",
  "sirtommy.event.twoPasses":
    "Beide spelers hebben na elkaar gepast; er {cardsLeft, plural, one {ligt nog # kaart} other {liggen nog # kaarten}} in de rijen.",
  "sirtommy.event.noMoves":
    "Geen van beide spelers kan nog een kaart uit een rij verplaatsen; er {cardsLeft, plural, one {ligt nog # kaart} other {liggen nog # kaarten}} in de rijen.",
  "sirtommy.outcome.won": "Alle 52 kaarten op de fundamenten: jullie winnen allebei!",
  "sirtommy.outcome.superWinner":
    "Alle 52 kaarten op de fundamenten: jullie winnen allebei, en {player} is superwinnaar met {cards, plural, one {# kaart} other {# kaarten}}!",
  "sirtommy.outcome.twoPasses":
    "Beide spelers pasten met nog {cardsLeft, plural, one {# kaart} other {# kaarten}} in de rijen: jullie verliezen allebei.",
  "sirtommy.outcome.noMoves":
    "Er kon geen kaart uit een rij meer verplaatst worden, met nog {cardsLeft, plural, one {# kaart} other {# kaarten}} over: jullie verliezen allebei.",
  "sirtommy.robot.confirm":
    "Bevestig dat {ascending} vanaf de azen opbouwt: voor jullie tweeën maakt het niet uit.",
  "sirtommy.robot.propose":
    "Stel voor dat {ascending} Oplopend is: het maakt niet uit, en iemand moet beginnen.",
  "sirtommy.robot.drawnToFoundation":
    "Leg {card} (getrokken) op fundament {foundation}: hij past, dus hij hoeft geen kaart in een rij te bedekken.",
  "sirtommy.robot.rowToFoundation":
    "Leg {card} (bovenop rij {row}) op fundament {foundation}: hij past en maakt {under} vrij.",
  "sirtommy.robot.rowToFoundationEmpties":
    "Leg {card} (bovenop rij {row}) op fundament {foundation}: hij past en maakt rij {row} leeg.",
  "sirtommy.robot.toEmptyRow": "Leg {card} op rij {row} (leeg): daar bedekt hij geen kaart.",
  "sirtommy.robot.toRowSooner":
    "Leg {card} op rij {row}, op {top}: {card} is niet later nodig dan {top}, dus er hoeft niets onder te wachten.",
  "sirtommy.robot.toRowLeastHarm":
    "Leg {card} op rij {row}, op {top}: bij het vooruit doorrekenen blijven zo de minste kaarten vastzitten.",
  "sirtommy.robot.endTurn": "Beëindig je beurt: geen van je kaarten past nog op je fundamenten.",
  "sirtommy.robot.pass": "Pas: geen bovenste kaart van een rij past op je fundamenten.",

  // Het paneel en de tafelregel (`sirtommy.ui.`).
  "sirtommy.ui.ascending": "▲ Oplopend",
  "sirtommy.ui.descending": "▼ Aflopend",
  "sirtommy.ui.terms.you": "**jij** bent Oplopend",
  "sirtommy.ui.terms.other": "**{name}** is Oplopend",
  "sirtommy.ui.choice.me": "Ik ben Oplopend",
  "sirtommy.ui.choice.other": "Jij bent Oplopend ({name})",
  "sirtommy.ui.confirm.me": "Bevestigen: ik ben Oplopend",
  "sirtommy.ui.confirm.other": "Bevestigen: {name} is Oplopend",
  "sirtommy.ui.agreeFirst":
    "**Wie bouwt op vanaf de azen?** Oplopend bouwt A→H en heeft de eerste beurt; Aflopend bouwt H→A.",
  "sirtommy.ui.yourTurn.up": "Jouw beurt — je bouwt **op vanaf de azen (A→H)**.",
  "sirtommy.ui.yourTurn.down": "Jouw beurt — je bouwt **af vanaf de heren (H→A)**.",
  "sirtommy.ui.drawn":
    "Voor je liggen: **{cards}** — leg ze elk op een van je fundamenten of op een rij, en kies dan Beurt beëindigen.",
  "sirtommy.ui.allDrawnPlaced":
    "Alle getrokken kaarten liggen. Leg gerust nog bovenste rijkaarten op je fundamenten en kies dan Beurt beëindigen.",
  "sirtommy.ui.clearMoved":
    "De trekstapel is op. Je hebt deze beurt {count} verplaatst: verplaats nog meer bovenste rijkaarten, of kies Beurt beëindigen.",
  "sirtommy.ui.clearStart":
    "De trekstapel is op: leg bovenste rijkaarten op je fundamenten en kies Beurt beëindigen, of kies Passen (na elkaar gepast: {passes} van 2).",
  "sirtommy.ui.fitNow": "Past nu op een van je fundamenten: {cards}.",
  "sirtommy.ui.nothingFits": "Geen enkele kaart past nu op je fundamenten.",
  "sirtommy.ui.whereTo": "Waar moet **{card}** heen?",
  "sirtommy.ui.source.drawn": "{card} (getrokken)",
  "sirtommy.ui.source.row": "{card} (bovenop rij {row})",
  "sirtommy.ui.pickCard": "Welke kaart verplaats je?",
  "sirtommy.ui.fits": "past op je fundament {foundations}",
  "sirtommy.ui.fitsNone": "past op geen van je fundamenten: leg hem op een rij",
  "sirtommy.ui.foundationOn": "Fundament {foundation} op {card}",
  "sirtommy.ui.foundationEmpty": "Fundament {foundation} (leeg)",
  "sirtommy.ui.rowOn": "Rij {row} op {card}",
  "sirtommy.ui.rowEmpty": "Rij {row} (leeg)",
  "sirtommy.ui.endTurn": "Beurt beëindigen",
  "sirtommy.ui.pass": "Passen",
  "sirtommy.ui.over": "Dit spel is afgelopen.",
  "sirtommy.ui.resultLine":
    "• {name} ({direction}): {count, plural, one {# kaart} other {# kaarten}} op fundamenten — {result}",
  "sirtommy.ui.resultLineSuper":
    "• {name} ({direction}): {count, plural, one {# kaart} other {# kaarten}} op fundamenten — {result} ★ superwinnaar",
  "sirtommy.ui.resultLineLost":
    "• {name} ({direction}): {count, plural, one {# kaart} other {# kaarten}} op fundamenten",
  "sirtommy.ui.result.win": "gewonnen",
  "sirtommy.ui.noSuperWinner": "Geen superwinnaar: niemand haalde 30 kaarten op de fundamenten.",
  "sirtommy.ui.waitingDoing": "aan de beurt",
  "sirtommy.ui.youAre": "Jij bent {direction}.",
  "sirtommy.ui.status.agree":
    "wie is Oplopend (bouwt op vanaf de azen en begint)? Een van jullie doet een voorstel, de ander bevestigt.",
  "sirtommy.ui.status.proposesSelf":
    "{proposer} wil Oplopend zijn — {other}, bevestig of stel het omgekeerde voor.",
  "sirtommy.ui.status.proposesOther":
    "{proposer} stelt voor dat {ascending} Oplopend is — {other}, bevestig of stel het omgekeerde voor.",
  "sirtommy.ui.status.draw":
    "{name} is aan de beurt ({direction}): nog {count, plural, one {# getrokken kaart} other {# getrokken kaarten}} te leggen · trekstapel {stock} · op fundamenten: {totals}.",
  "sirtommy.ui.status.clear":
    "{name} is aan de beurt ({direction}): trekstapel op — verplaats bovenste rijkaarten of pas · na elkaar gepast {passes} van 2 · op fundamenten: {totals}.",

  // De tafel- en paneelafbeelding (`sirtommy.pic.`).
  "sirtommy.pic.ascending": "▲ Oplopend A→H",
  "sirtommy.pic.descending": "▼ Aflopend H→A",
  "sirtommy.pic.nobody": "niemand",
  "sirtommy.pic.player": "Speler {seat}",
  "sirtommy.pic.choosing": "Wie wordt Oplopend?",
  "sirtommy.pic.won": "Afgelopen — jullie winnen allebei!",
  "sirtommy.pic.lost": "Afgelopen",
  "sirtommy.pic.turn": "{name} is aan zet",
  "sirtommy.pic.passes": "Gepast: {passes} van 2",
  "sirtommy.pic.cards": "{count, plural, one {# kaart} other {# kaarten}}",
  "sirtommy.pic.stock": "Trekstapel",
  "sirtommy.pic.stockLeft": "nog {count}",
  "sirtommy.pic.empty": "leeg",
  "sirtommy.pic.stockUsedUp": "Trekstapel op: verplaats rijkaarten of pas.",
  "sirtommy.pic.lastDraw": "Volgende keer: de laatste kaart.",
  "sirtommy.pic.drawsThree": "Elke beurt trek je 3 kaarten.",
  "sirtommy.pic.notStarted": "Nog niet begonnen",
  "sirtommy.pic.ascendingStarts": "Wie Oplopend is, heeft de eerste beurt.",
  "sirtommy.pic.overWon": "Afgelopen: gewonnen",
  "sirtommy.pic.allPlaced": "Alle 52 kaarten liggen op de fundamenten.",
  "sirtommy.pic.superWinner": "★ Superwinnaar (30+ kaarten): {name}",
  "sirtommy.pic.nobodyReached": "Niemand haalde 30 kaarten:",
  "sirtommy.pic.noSuperWinner": "geen superwinnaar.",
  "sirtommy.pic.twoPasses": "Beide spelers pasten na elkaar",
  "sirtommy.pic.noMoves": "Geen rijkaart kan nog verplaatst worden",
  "sirtommy.pic.cardsLeft": "nog {count, plural, one {# kaart} other {# kaarten}} over.",
  "sirtommy.pic.drawnBy": "Getrokken door {name}",
  "sirtommy.pic.allDrawnPlaced": "Alles ligt: de beurt kan eindigen.",
  "sirtommy.pic.toPlace": "Nog {count} te leggen voor de beurt eindigt.",
  "sirtommy.pic.clears": "{name} ruimt rijen op",
  "sirtommy.pic.moved": "{count} verplaatst deze beurt.",
  "sirtommy.pic.nothingMoved": "Deze beurt nog niets verplaatst.",
  "sirtommy.pic.twoPassesEnd": "Twee keer na elkaar passen beëindigt het spel.",
  "sirtommy.pic.row": "rij",
  "sirtommy.pic.question": "Wie bouwt op vanaf de azen?",
  "sirtommy.pic.explainUp": "Oplopend bouwt A→H op de eigen fundamenten en begint;",
  "sirtommy.pic.explainDown": "Aflopend bouwt H→A. De vier rijen zijn van jullie samen.",
  "sirtommy.pic.noProposal": "Nog geen voorstel.",
  "sirtommy.pic.eitherProposes": "Een van jullie doet een voorstel; de ander bevestigt.",
  "sirtommy.pic.proposes": "{name} stelt voor:",
  "sirtommy.pic.proposedUp": "▲ Oplopend (A→H): {name}",
  "sirtommy.pic.proposedDown": "▼ Aflopend (H→A): {name}",
  "sirtommy.pic.waitingConfirm": "Wachten tot de ander bevestigt (of het omgekeerde voorstelt):",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.sirtommy.title": "Sir Tommy voor twee",
  "game.sirtommy.panelButton": "Mijn zetten",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "sirtommy.alt.ascending": "oplopend, bouwt op vanaf de azen",
  "sirtommy.alt.descending": "aflopend, bouwt af vanaf de heren",
  "sirtommy.alt.noDirection": "richting nog niet afgesproken",
  "sirtommy.alt.proposal": "{proposer} stelt voor dat {ascending} oplopend bouwt; wachten op bevestiging",
  "sirtommy.alt.superWinner": "Superwinnaar met 30 of meer kaarten: {name}",
  "sirtommy.alt.drawn": "Getrokken door {name}, nog te leggen: {cards}",
  "sirtommy.alt.foundationOn": "{foundation} op {card}",
  "sirtommy.alt.foundationEmpty": "{foundation} leeg",
  "sirtommy.alt.player":
    "{name}, {direction}, {count, plural, one {# kaart} other {# kaarten}} op de stapels: {foundations}",
  "sirtommy.alt.stock": "Voorraad: {count, plural, one {# kaart} other {# kaarten}}",
  "sirtommy.alt.rows": "Rijen, bovenste kaart laatst: {columns}",
  "sirtommy.alt.youAre": "Jij bent {direction}",
  "sirtommy.alt.fits": "{card} op je stapel {foundations}",
  "sirtommy.alt.moves": "Je mag verplaatsen: {moves}",
};
