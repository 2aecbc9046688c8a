import type { Catalog } from "../index.js";

/** Four Kings (solo patience): option, errors, log lines and outcomes. */
export const fourkings: Catalog = {
  "fourkings.option.peek": "Huisregel voor beginners: je mag in de stapel verloren kaarten kijken.",
  "fourkings.scoreUnit": "{count} kaarten onder controle",
  "fourkings.scoreUnit.one": "{count} kaart onder controle",

  "fourkings.handSize": "Kies precies {required} kaarten voor je hand.",
  "fourkings.notControlled": "{card} hoort niet bij de kaarten die je onder controle hebt.",
  "fourkings.notInHand": "{card} zit niet in je hand.",
  "fourkings.cardTwice": "{card} wordt meer dan één keer gebruikt.",
  "fourkings.stackCount": "Geef voor elk van de {count} getrokken kaarten aan welke handkaarten erop komen.",
  "fourkings.emptyStack": "Leg minstens één handkaart op {card}.",
  "fourkings.tooManyOnCard": "Deze ronde mogen er hoogstens {max} handkaarten op {card}.",
  "fourkings.mixedSuits":
    "De kaarten die je op {card} legt, moeten allemaal van dezelfde kleur zijn (♠, ♥, ♦ of ♣).",

  "fourkings.event.drew": "Getrokken: {cards}.",
  "fourkings.event.reshuffled":
    "De trekstapel is op: de stapel verloren kaarten ({count} kaarten) is geschud en vormt een nieuwe trekstapel.",
  "fourkings.event.won": "{card} gewonnen met {placed}.",
  "fourkings.event.lost": "{card} verloren, samen met {placed}.",
  "fourkings.event.roundStarted": "Ronde {round} begint.",

  "fourkings.outcome.won":
    "Alle vier de koningen veroverd in {turns} beurten, met {controlled} kaarten onder controle!",
  "fourkings.outcome.tooFewCards":
    "Verloren in ronde {round} na {turns} beurten: minder dan 2 kaarten onder controle.",
  "fourkings.outcome.turnLimit":
    "Verloren: de grens van {turns} beurten is bereikt in ronde {round}, met {controlled} kaarten onder controle.",

  "fourkings.bot.hand":
    "Neem {hand} in je hand: daarmee win je het meest van wat er nog getrokken kan worden.",
  "fourkings.bot.assign.all": "Leg {plan}: zo win je alle getrokken kaarten.",
  "fourkings.bot.assign.some": "Leg {plan}: zo win je {won} en zet je op de rest het minst op het spel.",
  "fourkings.bot.assign.none":
    "Leg {plan}: deze beurt valt niets te winnen, dus zet zo weinig mogelijk punten op het spel.",
};
