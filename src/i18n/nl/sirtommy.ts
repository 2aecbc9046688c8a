import type { Catalog } from "../index.js";

/** Sir Tommy for two. Params named player and ascending hold player ids. */
export const sirtommy: Catalog = {
  "sirtommy.scoreUnit": "{count} kaarten op eigen fundamenten",
  "sirtommy.scoreUnit.one": "{count} kaart op eigen fundamenten",
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
    "Leg je {count} getrokken kaart(en) op een fundament of een rij voordat je je beurt beëindigt.",
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
    "Beide spelers hebben na elkaar gepast; er liggen nog {cardsLeft} kaarten in de rijen.",
  "sirtommy.event.noMoves":
    "Geen van beide spelers kan nog een kaart uit een rij verplaatsen; er liggen nog {cardsLeft} kaarten in de rijen.",
  "sirtommy.outcome.won": "Alle 52 kaarten op de fundamenten: jullie winnen allebei!",
  "sirtommy.outcome.superWinner":
    "Alle 52 kaarten op de fundamenten: jullie winnen allebei, en {player} is superwinnaar met {cards} kaarten!",
  "sirtommy.outcome.twoPasses":
    "Beide spelers pasten met nog {cardsLeft} kaarten in de rijen: jullie verliezen allebei.",
  "sirtommy.outcome.noMoves":
    "Er kon geen kaart uit een rij meer verplaatst worden, met nog {cardsLeft} kaarten over: jullie verliezen allebei.",
  "sirtommy.bot.confirm":
    "Bevestig dat {ascending} vanaf de azen opbouwt: voor jullie tweeën maakt het niet uit.",
  "sirtommy.bot.propose":
    "Stel voor dat {ascending} Oplopend is: het maakt niet uit, en iemand moet beginnen.",
  "sirtommy.bot.drawnToFoundation":
    "Leg {card} (getrokken) op fundament {foundation}: hij past, dus hij hoeft geen kaart in een rij te bedekken.",
  "sirtommy.bot.rowToFoundation":
    "Leg {card} (bovenop rij {row}) op fundament {foundation}: hij past en maakt {under} vrij.",
  "sirtommy.bot.rowToFoundationEmpties":
    "Leg {card} (bovenop rij {row}) op fundament {foundation}: hij past en maakt rij {row} leeg.",
  "sirtommy.bot.toEmptyRow": "Leg {card} op rij {row} (leeg): daar bedekt hij geen kaart.",
  "sirtommy.bot.toRowSooner":
    "Leg {card} op rij {row}, op {top}: {card} is niet later nodig dan {top}, dus er hoeft niets onder te wachten.",
  "sirtommy.bot.toRowLeastHarm":
    "Leg {card} op rij {row}, op {top}: bij het vooruit doorrekenen blijven zo de minste kaarten vastzitten.",
  "sirtommy.bot.endTurn": "Beëindig je beurt: geen van je kaarten past nog op je fundamenten.",
  "sirtommy.bot.pass": "Pas: geen bovenste kaart van een rij past op je fundamenten.",
};
