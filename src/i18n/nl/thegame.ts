import type { Catalog } from "../index.js";

/** The piles in words, with the marker the pictures and panels show (▲1 ▲2 ▼3 ▼4). */
const PILE_NAMES = [
  "de eerste stijgende stapel (▲1)",
  "de tweede stijgende stapel (▲2)",
  "de eerste dalende stapel (▼3)",
  "de tweede dalende stapel (▼4)",
];
/** Which way a card passes each pile's top: higher on the rising piles, lower on the falling ones. */
const BEYOND = ["hoger", "hoger", "lager", "lager"];

/** As in the English catalog: one entry per pile, `<key>.<pile>`, with `{pileName}` and `{beyond}` written in. */
function perPile(key: string, template: string): Catalog {
  return Object.fromEntries(
    PILE_NAMES.map((name, pile) => [
      `${key}.${pile}`,
      template.replace("{pileName}", name).replace("{beyond}", BEYOND[pile] as string),
    ]),
  );
}

/** The Game: options, refusals, log lines, results and the bot's reasons (keys start with `thegame.`). */
export const thegame: Catalog = {
  "thegame.option.expert": "Expert: speel minstens 3 kaarten per beurt zolang de trekstapel niet op is.",
  "thegame.option.smallerHands": "Kleinere handen: iedereen krijgt één kaart minder (7/6/5).",
  "thegame.notInHand": "Je hebt {card} niet in je hand.",
  "thegame.cannotPlayThere.up":
    "{card} past niet op stapel {pile} (stijgend, bovenop ligt {top}). Speel hoger op een stijgende stapel, lager op een dalende, of precies 10 terug.",
  "thegame.cannotPlayThere.down":
    "{card} past niet op stapel {pile} (dalend, bovenop ligt {top}). Speel hoger op een stijgende stapel, lager op een dalende, of precies 10 terug.",
  "thegame.minimumNotReached":
    "Speel deze beurt minstens {minimum} kaarten voordat je hem beëindigt (tot nu toe gespeeld: {played}).",
  "thegame.alreadyClaimed": "De eerste beurt is al genomen.",
  "thegame.startNotClaimed": "Nog niemand heeft de eerste beurt genomen: iemand moet die eerst opeisen.",
  "thegame.signalNotNow":
    "Signalen horen bij het spelen: je kunt ze geven zodra iemand de eerste beurt heeft genomen.",
  "thegame.signalSolo": "In een solospel is er niemand om een signaal aan te geven.",
  "thegame.signalAlreadySet": "Dat signaal van jou ligt al op die stapel.",
  "thegame.noSignalToClear": "Je hebt op die stapel geen signaal om in te trekken.",
  "thegame.event.claimed": "{player} neemt de eerste beurt.",
  "thegame.event.played": "{player} speelde {card} op stapel {pile}.",
  "thegame.event.turnEnded": "{player} beëindigde de beurt na {played} kaarten en trok er {drew}.",
  "thegame.event.allPlayed": "Alle 98 kaarten zijn gespeeld!",
  "thegame.event.stuck":
    "{player} kan het minimum van deze beurt niet spelen: het spel eindigt met {score} kaarten over.",
  ...perPile("thegame.event.signal.hold", "{player}: houd {pileName} voor mij vrij"),
  ...perPile("thegame.event.signal.playWell", "{player}: ik kan goed spelen op {pileName}"),
  ...perPile("thegame.event.signal.bigJump", "{player}: er komt een grote sprong op {pileName}"),
  ...perPile("thegame.event.signal.clear", "{player} trekt het signaal op {pileName} in"),
  "thegame.outcome.perfect": "Perfect: alle 98 kaarten gespeeld!",
  "thegame.outcome.excellent": "Uitstekend: nog maar {score} kaarten over.",
  "thegame.outcome.stuck": "Het spel liep vast met {score} kaarten over.",
  "thegame.scoreUnit": "{count} kaarten over",
  "thegame.scoreUnit.one": "{count} kaart over",
  // The bot's reasons (hints and bot seats): one line naming the move.
  ...perPile("thegame.bot.play", "Speel {card} op {pileName}: {gap} {beyond} dan de bovenste kaart."),
  ...perPile(
    "thegame.bot.playFree",
    "Speel {card} op {pileName}: alle kaarten tussen deze kaart en de bovenste zijn al gespeeld.",
  ),
  ...perPile("thegame.bot.trick", "Speel {card} op {pileName}: precies 10 terug, de achteruittruc."),
  ...perPile(
    "thegame.bot.playHeld",
    "Speel {card} op {pileName}: {gap} {beyond} dan de bovenste kaart, ook al vroeg iemand om deze stapel vrij te houden — er is niets beters meer.",
  ),
  "thegame.bot.endTurn":
    "Beëindig je beurt: het minimum is gespeeld en je andere kaarten liggen ver van de stapels af.",
  "thegame.bot.endTurnEmpty": "Beëindig je beurt: je hand is leeg.",
  ...perPile(
    "thegame.bot.signal.hold",
    "Geef het signaal 'houd vrij' bij {pileName}: je hebt een kaart die er heel dicht op past, of precies 10 terug gaat.",
  ),
  ...perPile(
    "thegame.bot.signal.playWell",
    "Geef het signaal 'ik kan hier goed spelen' bij {pileName}: je hebt een kaart die er met een kleine sprong op past.",
  ),
  ...perPile(
    "thegame.bot.signal.bigJump",
    "Geef het signaal 'er komt een grote sprong' bij {pileName}: je kaarten liggen ver van alle stapels, en hier zou je het kleinst springen.",
  ),
  ...perPile(
    "thegame.bot.signal.clear",
    "Trek je signaal op {pileName} in: het zegt niet meer wat je in je hand hebt.",
  ),
  "thegame.bot.claim": "Neem de eerste beurt: je hand heeft goedkope openingszetten.",
  "thegame.bot.claimMust": "Neem de eerste beurt: iemand moet beginnen.",
};
