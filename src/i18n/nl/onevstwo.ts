import type { Catalog } from "../index.js";

/** A contract in words, spelled out so "7♥" is never read as a card; `.one` for a contract of 1 trick. */
const CONTRACT_WORDS: Record<string, string> = {
  trump: "{tricks} slagen, {trump} troef",
  "trump.one": "{tricks} slag, {trump} troef",
  noTrump: "{tricks} slagen, zonder troef",
  "noTrump.one": "{tricks} slag, zonder troef",
};

/** As in the English catalog: one entry per kind of contract, `<key>.<kind>`, with `{contract}` written in. */
function perContract(key: string, template: string): Catalog {
  return Object.fromEntries(
    Object.entries(CONTRACT_WORDS).map(([kind, words]) => [
      `${key}.${kind}`,
      template.replace("{contract}", words),
    ]),
  );
}

/** One versus Two: options, refusals, log lines and results. Params named player, boss, servant, partner and other hold player ids. */
export const onevstwo: Catalog = {
  "onevstwo.option.shortMatch":
    "Korte partij: één ronde (3 of 4 spellen) in plaats van de hele partij (9 of 16).",
  "onevstwo.option.autoplay": "Automatisch spelen: een kaart die als enige mag, wordt vanzelf gespeeld.",

  "onevstwo.onlyBossAnnounces": "Alleen de baas, {boss}, maakt het contract bekend.",
  "onevstwo.announceFirst": "Maak je contract bekend voordat de eerste kaart gespeeld wordt.",
  "onevstwo.waitForContract": "De baas, {boss}, heeft het contract nog niet bekendgemaakt.",
  "onevstwo.contractAlreadyMade": "Het contract is bekendgemaakt en kan niet meer veranderen.",
  "onevstwo.badContract": "Bied 1 tot {max} slagen, met een troefkleur of zonder troef.",
  "onevstwo.notYourTurn": "Je bent niet aan de beurt: {player} speelt nu.",
  "onevstwo.notYourDummy": "De blinde is aan de beurt, en {player} kiest de kaart.",
  "onevstwo.servantPlaysDummy":
    "Met vier spelers kiest de bediende, {servant}, de kaart van de blinde, niet de baas.",
  "onevstwo.notInHand": "{card} zit niet in je hand.",
  "onevstwo.notInDummy": "{card} ligt niet bij de blinde.",
  "onevstwo.mustFollow": "Je moet kleur bekennen: speel een {suit}.",
  "onevstwo.dummyMustFollow": "De blinde moet kleur bekennen: speel een {suit}.",

  "onevstwo.event.contract": "{player} biedt {tricks} slagen met {trump} als troef.",
  "onevstwo.event.contractNoTrump": "{player} biedt {tricks} slagen zonder troef.",
  "onevstwo.event.trick":
    "Slag {trick} ({cards}) gaat naar {player} met {card}. Baas {bossTricks}, luizen {liceTricks}.",
  "onevstwo.event.trickDummy":
    "Slag {trick} ({cards}) gaat naar de blinde met {card}, voor {player}. Baas {bossTricks}, luizen {liceTricks}.",
  ...perContract(
    "onevstwo.event.made",
    "{player} haalt het contract ({contract}) met {won} slagen: {score} punten.",
  ),
  ...perContract(
    "onevstwo.event.failed",
    "{player} haalt het contract ({contract}) niet, met {won} slagen {short} te weinig: {score} punten.",
  ),
  "onevstwo.event.newGame": "Spel {game} van {games}: {player} is de baas, met dezelfde kaarten.",
  "onevstwo.event.newRound":
    "Ronde {round} van {rounds}, opnieuw geschud. Spel {game} van {games}: {player} is de baas.",

  "onevstwo.summary.won": "{player} wint de partij met {score} punten.",
  "onevstwo.summary.sharedWin": "{player} en {other} delen de eerste plaats met {score} punten.",
  "onevstwo.summary.draw": "Iedereen eindigt op {score} punten: de partij eindigt gelijk.",
  "onevstwo.summary.pairWon": "{player} en {partner} winnen de partij, {score} tegen {other}.",
  "onevstwo.summary.pairDraw": "Beide paren eindigen op {score} punten: de partij eindigt gelijk.",
  "onevstwo.scoreUnit": "{count} punten",
  "onevstwo.scoreUnit.one": "{count} punt",

  "onevstwo.bot.safe":
    "Bied 1 slag met {trump} als troef: je hand en de blinde halen naar verwachting zo'n {expected} slagen, te weinig voor een premie, dus met het laagste contract loop je geen risico.",
  "onevstwo.bot.safeNoTrump":
    "Bied 1 slag zonder troef: je hand en de blinde halen naar verwachting zo'n {expected} slagen, te weinig voor een premie, dus met het laagste contract loop je geen risico.",
  "onevstwo.bot.premium":
    "Bied {tricks} slagen met {trump} als troef: je hand en de blinde halen naar verwachting zo'n {expected}, genoeg om voor de premie van {premium} te gaan.",
  "onevstwo.bot.premiumNoTrump":
    "Bied {tricks} slagen zonder troef: je hand en de blinde halen naar verwachting zo'n {expected}, genoeg om voor de premie van {premium} te gaan.",
  "onevstwo.bot.only": "Speel {card}: dat is de enige kaart die je mag spelen.",
  "onevstwo.bot.drawTrumps":
    "Kom uit met {card}, de hoogste troef die nog in het spel is, om de troeven van de luizen te trekken.",
  "onevstwo.bot.drawTrumpsLength":
    "Kom uit met {card} om de troeven van de luizen te trekken: jullie kant heeft meer troeven dan zij kunnen hebben.",
  "onevstwo.bot.cash":
    "Kom uit met {card}: niemand kan nog een hogere {suit} hebben, dus die zou de slag moeten winnen.",
  "onevstwo.bot.singleton": "Kom uit met {card}, je enige {suit}, zodat je die kleur later kunt introeven.",
  "onevstwo.bot.toPartner":
    "Kom uit met {card}: {winner} van jullie kant zou deze {suit}-slag moeten winnen.",
  "onevstwo.bot.leadLow":
    "Kom uit met {card}, laag uit je langste kleur, om de andere kaarten daarvan vrij te spelen.",
  "onevstwo.bot.winCheap": "Speel {card}: de goedkoopste kaart die deze slag wint.",
  "onevstwo.bot.contest":
    "Speel {card}: de goedkoopste kaart die de slag voorlopig neemt, zodat de laatste speler er een hogere aan moet opofferen.",
  "onevstwo.bot.ruff": "Troef in met {card}: de laagste troef die deze slag wint.",
  "onevstwo.bot.partnerWins":
    "Speel {card}: jullie kant wint deze slag al met {winner}, dus bewaar je betere kaarten.",
  "onevstwo.bot.holdBack":
    "Speel {card}: een latere speler kan nog over elke kaart heen waarmee je zou kunnen winnen, dus bewaar je betere kaarten.",
  "onevstwo.bot.cannotWin": "Speel {card}: deze slag kun je niet winnen, dus gooi je minst nuttige kaart af.",
};
