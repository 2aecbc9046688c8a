import type { Catalog } from "../index.js";

/** Stacking. Params named player hold player ids. */
export const stapelen: Catalog = {
  "stapelen.noSuchColumn": "Die kolom bestaat niet.",
  "stapelen.noSuchFoundation": "Je hebt drie fundamenten: kies 1, 2 of 3.",
  "stapelen.emptyColumn": "Kolom {column} is leeg.",
  "stapelen.doesNotFit":
    "{card} past niet op je fundament {foundation} (bovenop ligt {top}): daar moet precies één hoger op, en een aas na een heer.",
  "stapelen.event.placed": "{player} legt {card} op fundament {foundation}.",
  "stapelen.event.allTaken": "Alle 52 kaarten zijn gestapeld!",
  "stapelen.event.stuck": "{player} kan geen enkele bovenste kaart kwijt; er liggen nog {cardsLeft} kaarten.",
  "stapelen.outcome.won": "Alle 52 kaarten gestapeld: jullie winnen allebei!",
  "stapelen.outcome.lost":
    "{player} kon geen kaart meer kwijt met nog {cardsLeft} kaarten op tafel: jullie verliezen allebei.",
  "stapelen.scoreUnit": "{count} kaarten gestapeld",
  "stapelen.scoreUnit.one": "{count} kaart gestapeld",
  "stapelen.bot.wins":
    "Leg {card} (kolom {column}) op fundament {foundation}, op {top}: zo is het spel te winnen.",
  "stapelen.bot.winsEmpty":
    "Leg {card} (kolom {column}) op je lege fundament {foundation}: zo is het spel te winnen.",
  "stapelen.bot.lost":
    "Leg {card} (kolom {column}) op fundament {foundation}, op {top}: winnen kan niet meer, en zo stapel je de meeste kaarten.",
  "stapelen.bot.lostEmpty":
    "Leg {card} (kolom {column}) op je lege fundament {foundation}: winnen kan niet meer, en zo stapel je de meeste kaarten.",
  "stapelen.bot.searched":
    "Leg {card} (kolom {column}) op fundament {foundation}, op {top}: er is op tijd geen weg naar winst gevonden, en zo kom je het verst.",
  "stapelen.bot.searchedEmpty":
    "Leg {card} (kolom {column}) op je lege fundament {foundation}: er is op tijd geen weg naar winst gevonden, en zo kom je het verst.",
};
