import type { Catalog } from "../../../i18n/catalog.js";

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
export const nl: Catalog = {
  "thegame.option.expert": "Expert: speel minstens 3 kaarten per beurt zolang de trekstapel niet op is.",
  "thegame.option.smallerHands": "Kleinere handen: iedereen krijgt één kaart minder (7/6/5).",
  "thegame.notInHand": "Je hebt {card} niet in je hand.",
  "thegame.cannotPlayThere.up":
    "{card} past niet op stapel {pile} (stijgend, bovenop ligt {top}). Speel hoger op een stijgende stapel, lager op een dalende, of precies 10 terug.",
  "thegame.cannotPlayThere.down":
    "{card} past niet op stapel {pile} (dalend, bovenop ligt {top}). Speel hoger op een stijgende stapel, lager op een dalende, of precies 10 terug.",
  "thegame.minimumNotReached":
    "Speel deze beurt minstens {minimum, plural, one {# kaart} other {# kaarten}} voordat je hem beëindigt (tot nu toe gespeeld: {played}).",
  "thegame.alreadyClaimed": "De eerste beurt is al genomen.",
  "thegame.startNotClaimed": "Nog niemand heeft de eerste beurt genomen: iemand moet die eerst opeisen.",
  "thegame.signalNotNow":
    "Signalen horen bij het spelen: je kunt ze geven zodra iemand de eerste beurt heeft genomen.",
  "thegame.signalSolo": "In een solospel is er niemand om een signaal aan te geven.",
  "thegame.signalAlreadySet": "Dat signaal van jou ligt al op die stapel.",
  "thegame.noSignalToClear": "Je hebt op die stapel geen signaal om in te trekken.",
  "thegame.event.claimed": "{player} neemt de eerste beurt.",
  "thegame.event.played": "{player} speelde {card} op stapel {pile}.",
  "thegame.event.turnEnded":
    "{player} beëindigde de beurt na {played, plural, one {# kaart} other {# kaarten}} en trok er {drew}.",
  "thegame.event.allPlayed": "Alle 98 kaarten zijn gespeeld!",
  "thegame.event.stuck":
    "{player} kan het minimum van deze beurt niet spelen: het spel eindigt met {score, plural, one {# kaart} other {# kaarten}} over.",
  ...perPile("thegame.event.signal.hold", "{player}: houd {pileName} voor mij vrij"),
  ...perPile("thegame.event.signal.playWell", "{player}: ik kan goed spelen op {pileName}"),
  ...perPile("thegame.event.signal.bigJump", "{player}: er komt een grote sprong op {pileName}"),
  ...perPile("thegame.event.signal.clear", "{player} trekt het signaal op {pileName} in"),
  "thegame.outcome.perfect": "Perfect: alle 98 kaarten gespeeld!",
  "thegame.outcome.excellent": "Uitstekend: nog maar {score, plural, one {# kaart} other {# kaarten}} over.",
  "thegame.outcome.stuck": "Het spel liep vast met {score, plural, one {# kaart} other {# kaarten}} over.",
  "thegame.scoreUnit": "{count, plural, one {# kaart} other {# kaarten}} over",
  // The bot's reasons (hints and bot seats): one line naming the move.
  ...perPile("thegame.robot.play", "Speel {card} op {pileName}: {gap} {beyond} dan de bovenste kaart."),
  ...perPile(
    "thegame.robot.playFree",
    "Speel {card} op {pileName}: alle kaarten tussen deze kaart en de bovenste zijn al gespeeld.",
  ),
  ...perPile("thegame.robot.trick", "Speel {card} op {pileName}: precies 10 terug, de achteruittruc."),
  ...perPile(
    "thegame.robot.playHeld",
    "Speel {card} op {pileName}: {gap} {beyond} dan de bovenste kaart, ook al vroeg iemand om deze stapel vrij te houden — er is niets beters meer.",
  ),
  "thegame.robot.endTurn":
    "Beëindig je beurt: het minimum is gespeeld en je andere kaarten liggen ver van de stapels af.",
  "thegame.robot.endTurnEmpty": "Beëindig je beurt: je hand is leeg.",
  ...perPile(
    "thegame.robot.signal.hold",
    "Geef het signaal 'houd vrij' bij {pileName}: je hebt een kaart die er heel dicht op past, of precies 10 terug gaat.",
  ),
  ...perPile(
    "thegame.robot.signal.playWell",
    "Geef het signaal 'ik kan hier goed spelen' bij {pileName}: je hebt een kaart die er met een kleine sprong op past.",
  ),
  ...perPile(
    "thegame.robot.signal.bigJump",
    "Geef het signaal 'er komt een grote sprong' bij {pileName}: je kaarten liggen ver van alle stapels, en hier zou je het kleinst springen.",
  ),
  ...perPile(
    "thegame.robot.signal.clear",
    "Trek je signaal op {pileName} in: het zegt niet meer wat je in je hand hebt.",
  ),
  "thegame.robot.claim": "Neem de eerste beurt: je hand heeft goedkope openingszetten.",
  "thegame.robot.claimMust": "Neem de eerste beurt: iemand moet beginnen.",
  // The panel (`thegame.ui.`): what a player reads and clicks.
  "thegame.ui.signal.hold.menu": "Houd vrij voor mij",
  "thegame.ui.signal.hold.short": "houd vrij",
  "thegame.ui.signal.playWell.menu": "Ik speel hier goed",
  "thegame.ui.signal.playWell.short": "hier kan ik goed spelen",
  "thegame.ui.signal.bigJump.menu": "Grote sprong hier",
  "thegame.ui.signal.bigJump.short": "grote sprong op komst",
  "thegame.ui.signalLine": "Je signalen op tafel: {signals} (ze verdwijnen zodra je beurt begint).",
  "thegame.ui.clearSignal": "{pile} · Signaal intrekken",
  "thegame.ui.signalPlaceholder": "Geef een signaal aan de tafel (woorden, geen getallen)…",
  "thegame.ui.claimLine":
    "Nog niemand is begonnen. Overleg eerst, en neem de eerste beurt als je hand je bevalt.",
  "thegame.ui.claim": "Ik begin",
  "thegame.ui.over": "Het spel is afgelopen: de uitslag staat bij de tafel.",
  "thegame.ui.waitingDoing": "aan de beurt",
  "thegame.ui.strandWarning":
    "Speel je **{card}** op {pile}, dan haal je het minimum van {minimum} voor deze beurt niet meer: het spel zou eindigen. Toch spelen?",
  "thegame.ui.playAnyway": "Toch spelen",
  "thegame.ui.turn": "Jouw beurt: {played} gespeeld, minstens {minimum} deze beurt.",
  "thegame.ui.turnMayEnd":
    "Jouw beurt: {played} gespeeld, minstens {minimum} deze beurt. Je mag je beurt beëindigen of doorspelen.",
  "thegame.ui.fits": "**{cards}** op {piles}",
  "thegame.ui.fitsLine": "Nu speelbaar: {fits}",
  "thegame.ui.nothingFits": "Geen enkele kaart in je hand past nu op een stapel.",
  "thegame.ui.whereTo": "Waar moet **{card}** heen?",
  "thegame.ui.pileOn": "{pile} op {top}",
  "thegame.ui.endTurn": "Beurt beëindigen",
  "thegame.ui.statusClaim":
    "nog niemand is begonnen. Bekijk je hand in je paneel; wie als eerste op **{button}** drukt, begint.",
  "thegame.ui.status":
    "{player} is aan de beurt: {played} gespeeld van minstens {minimum} · trekstapel {drawPile} · nog {count, plural, one {# kaart} other {# kaarten}}.",
  "thegame.ui.hand": "Je hand (alleen jij ziet dit): **{cards}**",
  "thegame.ui.handEmpty": "leeg",
  "thegame.ui.handsLeft": "Kaarten over in de handen — {hands}",
  // The pictures (`thegame.pic.`): every word drawn on the table and the hand.
  "thegame.pic.player": "Speler {seat}",
  "thegame.pic.signal.hold": "VRIJ",
  "thegame.pic.signal.playWell": "GOED",
  "thegame.pic.signal.bigJump": "SPRONG",
  "thegame.pic.startsAt": "begint bij {start}",
  "thegame.pic.takes": "past: {sign} {top}",
  "thegame.pic.takesOrBack": "past: {sign} {top} of {back}",
  "thegame.pic.drawPile": "Trekstapel",
  "thegame.pic.drawLeft": "nog {count}",
  "thegame.pic.drawEmpty": "leeg",
  "thegame.pic.playing": "aan zet",
  "thegame.pic.out": "klaar",
  "thegame.pic.claim": "Wie begint? Iedereen mag de eerste beurt nemen.",
  "thegame.pic.notPlayed": "nog {count, plural, one {# kaart} other {# kaarten}} te spelen",
  "thegame.pic.played": "{played} van minstens {minimum} gespeeld",
  "thegame.pic.turnOf": "{player} is aan zet",
  "thegame.pic.tracker": "Kaartoverzicht",
  "thegame.pic.trackerKey": "helder = nog in het spel ({out})   dof = gespeeld ({played})",
  "thegame.pic.won": "Alle 98 kaarten gespeeld — perfect gewonnen!",
  "thegame.pic.over": "Spel afgelopen: score {score} (niet gespeelde kaarten)",
  "thegame.pic.overExcellent": "Spel afgelopen: score {score} (niet gespeelde kaarten) — uitstekend!",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.thegame.title": "The Game",
  "game.thegame.panelButton": "Mijn hand",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "thegame.alt.claim": "The Game. Nog niemand is begonnen: iedereen mag de eerste beurt nemen.",
  "thegame.alt.turn": "The Game, {player} is aan de beurt: {played} gespeeld van minstens {minimum}.",
  "thegame.alt.over":
    "The Game is afgelopen met {count, plural, one {# kaart} other {# kaarten}} niet gespeeld.",
  "thegame.alt.pileEmpty.up": "Stijgende stapel {pile} is leeg: elke kaart past.",
  "thegame.alt.pileEmpty.down": "Dalende stapel {pile} is leeg: elke kaart past.",
  "thegame.alt.pile.up":
    "Stijgende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart hoger dan {top} past.",
  "thegame.alt.pile.down":
    "Dalende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart lager dan {top} past.",
  "thegame.alt.pileOrBack.up":
    "Stijgende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart hoger dan {top} past, of {back}.",
  "thegame.alt.pileOrBack.down":
    "Dalende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart lager dan {top} past, of {back}.",
  "thegame.alt.pileOver.up":
    "Stijgende stapel {pile} eindigt op {top} ({count, plural, one {# kaart} other {# kaarten}}).",
  "thegame.alt.pileOver.down":
    "Dalende stapel {pile} eindigt op {top} ({count, plural, one {# kaart} other {# kaarten}}).",
  "thegame.alt.signal": "{player} zegt {signal} op stapel {pile}",
  "thegame.alt.signals": "Signalen: {signals}.",
  "thegame.alt.handCount": "{player} {count, plural, one {# kaart} other {# kaarten}}",
  "thegame.alt.hands": "Kaarten in de hand: {hands}.",
  "thegame.alt.finalHands": "Kaarten over in de handen: {hands}.",
  "thegame.alt.drawPile": "Trekstapel: {count, plural, one {# kaart} other {# kaarten}}.",
  "thegame.alt.played": "Al gespeeld, {count, plural, one {# kaart} other {# kaarten}}: {cards}.",
};
