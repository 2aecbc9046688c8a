import type { Catalog } from "../index.js";

/** Twelves and Fourteens. Params named player, twelves and starter hold player ids. */
export const twelves: Catalog = {
  "twelves.noProposal": "Nog niemand heeft voorgesteld wie twaalven verzamelt en wie begint.",
  "twelves.ownProposal": "Dit voorstel komt van jou; de andere speler moet het bevestigen.",
  "twelves.notAPlayer": "Alleen de twee spelers van dit spel kunnen twaalven verzamelen of beginnen.",
  "twelves.agreeFirst": "Spreek eerst af wie twaalven verzamelt en wie begint.",
  "twelves.noSuchColumn": "Die kolom bestaat niet.",
  "twelves.sameColumn": "De twee kaarten moeten uit twee verschillende kolommen komen.",
  "twelves.emptyColumn": "Kolom {column} is leeg.",
  "twelves.notYourPair": "{first} en {second} vormen samen geen paar van {target}.",
  "twelves.event.proposed": "{player} stelt voor: {twelves} verzamelt twaalven, {starter} begint.",
  "twelves.event.agreed": "Afgesproken: {twelves} verzamelt twaalven, {starter} begint.",
  "twelves.event.tookPair": "{player} pakt {first} en {second}.",
  "twelves.event.allTaken": "Alle 52 kaarten zijn gepakt!",
  "twelves.event.noPair": "{player} kan geen paar pakken; er liggen nog {cardsLeft} kaarten.",
  "twelves.outcome.won": "Alle 52 kaarten gepakt: jullie winnen allebei!",
  "twelves.scoreUnit": "{count} paren",
  "twelves.scoreUnit.one": "{count} paar",
  "twelves.outcome.lost":
    "{player} kon geen paar meer pakken met nog {cardsLeft} kaarten op tafel: jullie verliezen allebei.",
  "twelves.bot.winningLine":
    "Pak {first} (kolom {firstColumn}) en {second} (kolom {secondColumn}): zo is het spel te winnen.",
  "twelves.bot.longestLine":
    "Pak {first} (kolom {firstColumn}) en {second} (kolom {secondColumn}): er is geen zekere winst gevonden, en zo ruim je de meeste kaarten op.",
  "twelves.bot.lostAnyway":
    "Pak {first} (kolom {firstColumn}) en {second} (kolom {secondColumn}): de tafel is niet meer leeg te spelen, en zo ruim je de meeste kaarten op.",
  "twelves.bot.proposeWins":
    "Stel voor dat {twelves} twaalven verzamelt en {starter} begint: zo is het spel te winnen.",
  "twelves.bot.proposeBest":
    "Stel voor dat {twelves} twaalven verzamelt en {starter} begint: er is geen zekere winst gevonden, en met dit begin ruim je de meeste kaarten op.",
  "twelves.bot.confirmWins":
    "Bevestig dat {twelves} twaalven verzamelt en {starter} begint: zo is het spel te winnen.",
  "twelves.bot.confirmBest":
    "Bevestig dat {twelves} twaalven verzamelt en {starter} begint: er is geen beter begin gevonden.",
};
