import type { Catalog } from "../../../i18n/catalog.js";

/** Stacking. Params named player hold player ids. */
export const nl: Catalog = {
  "stapelen.noSuchColumn": "Die kolom bestaat niet.",
  "stapelen.noSuchFoundation": "Je hebt drie fundamenten: kies 1, 2 of 3.",
  "stapelen.emptyColumn": "Kolom {column} is leeg.",
  "stapelen.doesNotFit":
    "{card} past niet op je fundament {foundation} (bovenop ligt {top}): daar moet precies één hoger op, en een aas na een heer.",
  "stapelen.event.placed": "{player} legt {card} op fundament {foundation}.",
  "stapelen.event.allTaken": "Alle 52 kaarten zijn gestapeld!",
  "stapelen.event.stuck":
    "{player} kan geen enkele bovenste kaart kwijt; er {cardsLeft, plural, one {ligt nog # kaart} other {liggen nog # kaarten}}.",
  "stapelen.outcome.won": "Alle 52 kaarten gestapeld: jullie winnen allebei!",
  "stapelen.outcome.lost":
    "{player} kon geen kaart meer kwijt met nog {cardsLeft, plural, one {# kaart} other {# kaarten}} op tafel: jullie verliezen allebei.",
  "stapelen.scoreUnit": "{count, plural, one {# kaart} other {# kaarten}} gestapeld",
  "stapelen.robot.wins":
    "Dit spel is nog te winnen. Leg {card} (kolom {column}) op fundament {foundation}, op {top}: zo is het spel te winnen.",
  "stapelen.robot.winsEmpty":
    "Dit spel is nog te winnen. Leg {card} (kolom {column}) op je lege fundament {foundation}: zo is het spel te winnen.",
  "stapelen.robot.lost":
    "Dit spel is niet meer te winnen. Leg {card} (kolom {column}) op fundament {foundation}, op {top}: zo stapel je de meeste kaarten.",
  "stapelen.robot.lostEmpty":
    "Dit spel is niet meer te winnen. Leg {card} (kolom {column}) op je lege fundament {foundation}: zo stapel je de meeste kaarten.",
  "stapelen.robot.searched":
    "Niet zeker of dit spel nog te winnen is: het zoeken kostte te veel tijd. Leg {card} (kolom {column}) op fundament {foundation}, op {top}: van wat geprobeerd is, kom je zo het verst.",
  "stapelen.robot.searchedEmpty":
    "Niet zeker of dit spel nog te winnen is: het zoeken kostte te veel tijd. Leg {card} (kolom {column}) op je lege fundament {foundation}: van wat geprobeerd is, kom je zo het verst.",
  "stapelen.review.lostAfter":
    "Na kaart {number} was het spel niet meer te winnen: {player} legde {card} op fundament {foundation}.",
  "stapelen.review.lostFromStart": "Dit spel was vanaf het begin niet te winnen.",
  "stapelen.review.unsure":
    "Niet zeker na welke kaart het spel niet meer te winnen was: het zoeken kostte te veel tijd.",
  // The panel and the table line (`stapelen.ui.`).
  "stapelen.ui.column": "{card} (kolom {column})",
  "stapelen.ui.foundationOn": "{foundation} toont {top}, hierna past {needs}",
  "stapelen.ui.foundationEmpty": "{foundation} is leeg, elke kaart past",
  "stapelen.ui.foundationDone": "{foundation} is af, met {top} bovenop",
  "stapelen.ui.turn":
    "Jouw beurt: pak een bovenste kaart en leg die op een van je fundamenten — één hoger dan de bovenste kaart (een aas na een heer), of een willekeurige kaart op een leeg fundament.",
  "stapelen.ui.yourFoundations": "Je fundamenten: {foundations}",
  "stapelen.ui.whereTo": "Waar moet **{card}** heen?",
  "stapelen.ui.columnPlaceholder": "Van welke kolom pak je de bovenste kaart?",
  "stapelen.ui.fits": "past op je {count, plural, one {fundament} other {fundamenten}} {foundations}",
  "stapelen.ui.targetOn": "Fundament {foundation} op {top}",
  "stapelen.ui.targetEmpty": "Fundament {foundation} (leeg)",
  "stapelen.ui.resultWin":
    "• {player}: {count, plural, one {# kaart} other {# kaarten}} gestapeld — gewonnen",
  "stapelen.ui.resultLoss":
    "• {player}: {count, plural, one {# kaart} other {# kaarten}} gestapeld — verloren",
  "stapelen.ui.status":
    "{player} legt een bovenste kaart · gestapeld: {totals} · nog {count, plural, one {# kaart} other {# kaarten}}.",
  "stapelen.ui.over": "Dit spel is afgelopen.",
  "stapelen.ui.waitingDoing": "een kaart leggen",
  // The table picture (`stapelen.pic.`).
  "stapelen.pic.places": "{player} legt een kaart",
  "stapelen.pic.won": "Alle 52 kaarten gestapeld: jullie winnen!",
  "stapelen.pic.lost": "Een speler kon geen kaart kwijt: jullie verliezen",
  "stapelen.pic.needs": "hierna {needs}",
  "stapelen.pic.needsAny": "alles past",
  "stapelen.pic.cardsLeft": "nog {count, plural, one {# kaart} other {# kaarten}}",
  "stapelen.pic.empty": "leeg",
  "stapelen.pic.started": "begon",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.stapelen.title": "Stapelen",
  "game.stapelen.panelButton": "Mijn zet",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "stapelen.alt.foundations":
    "{player}, {count, plural, one {# kaart} other {# kaarten}} gestapeld, stapels {foundations}",
  "stapelen.alt.move": "{column} op stapel {foundations}",
  "stapelen.alt.moves": "Je mag leggen: {moves}",
  "stapelen.alt.cleared": "Alle kolommen zijn leeg.",
};
