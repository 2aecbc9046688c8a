import type { Catalog } from "../../../i18n/catalog.js";

/** A contract in words, spelled out so "7♥" is never read as a card. */
const CONTRACT_WORDS: Record<string, string> = {
  trump: "{tricks, plural, one {# slag} other {# slagen}}, {trump} troef",
  noTrump: "{tricks, plural, one {# slag} other {# slagen}}, zonder troef",
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

/** As in the English catalog: one entry per place of the dummy's card in a trick, `{plays}` written in. */
function perDummySlot(key: string, template: string, dummy: string): Catalog {
  return Object.fromEntries(
    [1, 2, 3, 4].map((at) => {
      const plays = [1, 2, 3, 4].map((i) => `${i === at ? dummy : `{by${i}}`} {card${i}}`).join(", ");
      return [`${key}.${at}`, template.replace("{plays}", plays)];
    }),
  );
}

/** One versus Two: options, refusals, log lines and results. Params named player, boss, servant, partner and other hold player ids. */
export const nl: Catalog = {
  "onevstwo.option.shortMatch":
    "Korte partij: één ronde (3 of 4 spellen) in plaats van de hele partij (9 of 16).",
  "onevstwo.option.autoplay": "Automatisch spelen: een kaart die als enige mag, wordt vanzelf gespeeld.",

  "onevstwo.onlyBossAnnounces": "Alleen de baas, {boss}, maakt het contract bekend.",
  "onevstwo.announceFirst": "Maak je contract bekend voordat de eerste kaart gespeeld wordt.",
  "onevstwo.waitForContract": "De baas, {boss}, heeft het contract nog niet bekendgemaakt.",
  "onevstwo.contractAlreadyMade": "Het contract is bekendgemaakt en kan niet meer veranderen.",
  "onevstwo.badContract":
    "Bied 1 tot {max, plural, one {# slag} other {# slagen}}, met een troefkleur of zonder troef.",
  "onevstwo.notYourTurn": "Je bent niet aan de beurt: {player} speelt nu.",
  "onevstwo.notYourDummy": "De blinde is aan de beurt, en {player} kiest de kaart.",
  "onevstwo.servantPlaysDummy":
    "Met vier spelers kiest de bediende, {servant}, de kaart van de blinde, niet de baas.",
  "onevstwo.notInHand": "{card} zit niet in je hand.",
  "onevstwo.notInDummy": "{card} ligt niet bij de blinde.",
  "onevstwo.mustFollow": "Je moet kleur bekennen: speel een {suit}.",
  "onevstwo.dummyMustFollow": "De blinde moet kleur bekennen: speel een {suit}.",

  "onevstwo.event.contract":
    "{player} maakt het contract bekend: {tricks, plural, one {# slag} other {# slagen}} met {trump} als troef.",
  "onevstwo.event.contractNoTrump":
    "{player} maakt het contract bekend: {tricks, plural, one {# slag} other {# slagen}} zonder troef.",
  ...perDummySlot(
    "onevstwo.event.trick",
    "Slag {trick}: {plays}. {player} wint hem met {card} (kant van de baas {bossTricks}, luizen {liceTricks}).",
    "de blinde",
  ),
  ...perDummySlot(
    "onevstwo.event.trickDummy",
    "Slag {trick}: {plays}. De blinde wint hem met {card}, voor {player} (kant van de baas {bossTricks}, luizen {liceTricks}).",
    "de blinde",
  ),
  ...perContract(
    "onevstwo.event.made",
    "{player} haalt het contract ({contract}): {won} van de 13 slagen, {score, plural, one {# punt} other {# punten}}.",
  ),
  ...perContract(
    "onevstwo.event.failed",
    "{player} haalt het contract ({contract}) niet: {won} van de 13 slagen, {short} te weinig, {score, plural, one {# punt} other {# punten}}.",
  ),
  "onevstwo.event.newGame": "Spel {game} van {games}: {player} is de baas, met dezelfde kaarten.",
  "onevstwo.event.newRound":
    "Ronde {round} van {rounds}, opnieuw geschud. Spel {game} van {games}: {player} is de baas.",

  "onevstwo.summary.won": "{player} wint de partij met {score, plural, one {# punt} other {# punten}}.",
  "onevstwo.summary.sharedWin":
    "{player} en {other} delen de eerste plaats met {score, plural, one {# punt} other {# punten}}.",
  "onevstwo.summary.draw":
    "Iedereen eindigt op {score, plural, one {# punt} other {# punten}}: de partij eindigt gelijk.",
  "onevstwo.summary.pairWon": "{player} en {partner} winnen de partij, {score} tegen {other}.",
  "onevstwo.summary.pairDraw":
    "Beide paren eindigen op {score, plural, one {# punt} other {# punten}}: de partij eindigt gelijk.",
  "onevstwo.scoreUnit": "{count, plural, one {# punt} other {# punten}}",

  "onevstwo.robot.safe":
    "Bied 1 slag met {trump} als troef: je hand en de blinde halen naar verwachting zo'n {expected, plural, one {# slag} other {# slagen}}, te weinig voor een premie, dus met het laagste contract loop je geen risico.",
  "onevstwo.robot.safeNoTrump":
    "Bied 1 slag zonder troef: je hand en de blinde halen naar verwachting zo'n {expected, plural, one {# slag} other {# slagen}}, te weinig voor een premie, dus met het laagste contract loop je geen risico.",
  "onevstwo.robot.premium":
    "Bied {tricks, plural, one {# slag} other {# slagen}} met {trump} als troef: je hand en de blinde halen naar verwachting zo'n {expected}, genoeg om voor de premie van {premium} te gaan.",
  "onevstwo.robot.premiumNoTrump":
    "Bied {tricks, plural, one {# slag} other {# slagen}} zonder troef: je hand en de blinde halen naar verwachting zo'n {expected}, genoeg om voor de premie van {premium} te gaan.",
  "onevstwo.robot.only": "Speel {card}: dat is de enige kaart die je mag spelen.",
  "onevstwo.robot.drawTrumps":
    "Kom uit met {card}, de hoogste troef die nog in het spel is, om de troeven van de luizen te trekken.",
  "onevstwo.robot.drawTrumpsLength":
    "Kom uit met {card} om de troeven van de luizen te trekken: jullie kant heeft meer troeven dan zij kunnen hebben.",
  "onevstwo.robot.cash":
    "Kom uit met {card}: niemand kan nog een hogere {suit} hebben, dus die zou de slag moeten winnen.",
  "onevstwo.robot.singleton": "Kom uit met {card}, je enige {suit}, zodat je die kleur later kunt introeven.",
  "onevstwo.robot.toPartner":
    "Kom uit met {card}: {winner} van jullie kant zou deze {suit}-slag moeten winnen.",
  "onevstwo.robot.leadLow":
    "Kom uit met {card}, laag uit je langste kleur, om de andere kaarten daarvan vrij te spelen.",
  "onevstwo.robot.winCheap": "Speel {card}: de goedkoopste kaart die deze slag wint.",
  "onevstwo.robot.contest":
    "Speel {card}: de goedkoopste kaart die de slag voorlopig neemt, zodat de laatste speler er een hogere aan moet opofferen.",
  "onevstwo.robot.ruff": "Troef in met {card}: de laagste troef die deze slag wint.",
  "onevstwo.robot.partnerWins":
    "Speel {card}: jullie kant wint deze slag al met {winner}, dus bewaar je betere kaarten.",
  "onevstwo.robot.holdBack":
    "Speel {card}: een latere speler kan nog over elke kaart heen waarmee je zou kunnen winnen, dus bewaar je betere kaarten.",
  "onevstwo.robot.cannotWin":
    "Speel {card}: deze slag kun je niet winnen, dus gooi je minst nuttige kaart af.",
  // Het paneel en de tafelstatus.
  "onevstwo.ui.contract.trump": "{count, plural, one {# slag} other {# slagen}}, {suit} troef",
  "onevstwo.ui.contract.noTrump": "{count, plural, one {# slag} other {# slagen}}, zonder troef",
  "onevstwo.ui.role.boss": "baas",
  "onevstwo.ui.role.left": "linkerluis",
  "onevstwo.ui.role.right": "rechterluis",
  "onevstwo.ui.role.player": "speler",
  "onevstwo.ui.place.dummy": "blinde",
  "onevstwo.ui.place.dummyOf": "blinde ({name})",
  "onevstwo.ui.you.boss": "de baas",
  "onevstwo.ui.you.servant": "de bediende (jouw kaarten zijn de open blinde, en jij speelt ze)",
  "onevstwo.ui.you.left": "de linkerluis",
  "onevstwo.ui.you.right": "de rechterluis",
  "onevstwo.ui.you.spectator": "toeschouwer",
  "onevstwo.ui.noContract": "Nog geen contract.",
  "onevstwo.ui.score":
    "Contract **{contract}** · slagen: kant van de baas **{boss}**, luizen **{lice}** · de kant van de baas heeft er nog {more} nodig om het te halen, de luizen nog {against} om het te laten mislukken",
  "onevstwo.ui.score.made":
    "Contract gehaald (**{contract}**) · slagen: kant van de baas **{boss}**, luizen **{lice}**",
  "onevstwo.ui.score.failed":
    "Contract mislukt (**{contract}**) · slagen: kant van de baas **{boss}**, luizen **{lice}**",
  "onevstwo.ui.gameLine": "Spel {game} van {games} (ronde {round} van {rounds}) · baas {boss}",
  "onevstwo.ui.turn.over": "de partij is afgelopen",
  "onevstwo.ui.turn.announce": "{name} (baas) maakt het contract bekend",
  "onevstwo.ui.turn.dummy": "{name} speelt voor de blinde",
  "onevstwo.ui.turn.play": "{name} is aan de beurt",
  "onevstwo.ui.turn.playAs": "{name} ({role}) is aan de beurt",
  "onevstwo.ui.status.over": "{game} · de partij is afgelopen.",
  "onevstwo.ui.status.contract":
    "contract {contract} · slagen: kant van de baas {boss}, luizen {lice} · de kant van de baas heeft er nog {more} nodig",
  "onevstwo.ui.status.made": "contract gehaald ({contract}) · slagen: kant van de baas {boss}, luizen {lice}",
  "onevstwo.ui.status.failed":
    "contract mislukt ({contract}) · slagen: kant van de baas {boss}, luizen {lice}",
  "onevstwo.ui.status.noContract": "nog geen contract",
  "onevstwo.ui.stakes":
    "Gehaald: 10 per gewonnen slag (precies {tricks}: **{made}**). Niet gehaald: −50 per slag te weinig (één te weinig: {short}).",
  "onevstwo.ui.stakes.premium":
    "Gehaald: 10 per gewonnen slag + {premium} premie (precies {tricks}: **{made}**). Niet gehaald: −50 per slag te weinig (één te weinig: {short}).",
  "onevstwo.ui.last.none": "Er is dit spel nog geen slag voltooid.",
  "onevstwo.ui.last": "**Laatste slag** (slag {trick}): {cards} — gewonnen door {winner}",
  "onevstwo.ui.last.noNumber": "**Laatste slag**: {cards} — gewonnen door {winner}",
  "onevstwo.ui.hideLast": "Slag verbergen",
  "onevstwo.ui.lastTrick": "Laatste slag",
  "onevstwo.ui.announce.intro":
    "**Jij bent de baas** van spel {game} van {games}. Bekijk je hand en de open blinde, en zeg dan hoeveel slagen jouw kant haalt (1–13) en welke kleur troef is, of zonder troef.",
  "onevstwo.ui.announce.steps":
    "Kies het aantal slagen, dan de troef, en bevestig. **Bieden is definitief**: daarna kan het contract niet meer veranderen.",
  "onevstwo.ui.yourHand": "Je hand: {cards}",
  "onevstwo.ui.dummyHand": "Blinde: {cards}",
  "onevstwo.ui.yourOwnHand": "Je eigen hand: {cards}",
  "onevstwo.ui.servantCards": "Je kaarten (de open blinde, die jij speelt): {cards}",
  "onevstwo.ui.announce.choice": "Je keuze: **{contract}**. {stakes}",
  "onevstwo.ui.announce.tricksChosen":
    "{count, plural, one {# slag} other {# slagen}} gekozen: kies nu de troef.",
  "onevstwo.ui.tricksOption": "{count, plural, one {# slag} other {# slagen}}",
  "onevstwo.ui.tricksOption.description":
    "de luizen hebben er {need} nodig om het contract te laten mislukken",
  "onevstwo.ui.tricksPlaceholder": "Hoeveel slagen haal je?",
  "onevstwo.ui.noTrumpButton": "Zonder troef",
  "onevstwo.ui.confirm": "Bevestigen: {contract} (definitief)",
  "onevstwo.ui.play.dummy":
    "**Jij bent aan de beurt: je speelt voor de blinde.** Kies een kaart van de blinde (de open hand op tafel).",
  "onevstwo.ui.play.own": "**Jij bent aan de beurt: speel een kaart uit je eigen hand.**",
  "onevstwo.ui.play.leadDummy": "De blinde komt uit in slag {trick} van 13: elke kaart mag.",
  "onevstwo.ui.play.lead": "Jij komt uit in slag {trick} van 13: elke kaart mag.",
  "onevstwo.ui.play.followDummy":
    "Slag {trick} van 13 tot nu toe: {cards}. {suit} is gevraagd: de blinde bekent kleur als dat kan.",
  "onevstwo.ui.play.follow":
    "Slag {trick} van 13 tot nu toe: {cards}. {suit} is gevraagd: beken kleur als je kunt.",
  "onevstwo.ui.play.winning": "Zou de slag nu nemen (groen): **{cards}**",
  "onevstwo.ui.play.servant":
    "Jij bent de bediende: dit zijn je eigen kaarten, en {boss} (de baas) mag je geen advies geven.",
  "onevstwo.ui.wait.announce": "de baas maakt het contract bekend",
  "onevstwo.ui.wait.dummy": "spelen voor de blinde",
  "onevstwo.ui.wait.play": "{role}, aan de beurt",
  "onevstwo.ui.wait.youAre": "{game} · jij bent {role}.",
  "onevstwo.ui.wait.trick": "Slag {trick} van 13 tot nu toe: {cards}",
  "onevstwo.ui.match.shared": "🏆 Gedeelde eerste plaats: {names} ({score})",
  "onevstwo.ui.match.winner": "🏆 Winnaar: {name} ({score})",
  "onevstwo.ui.match.winners": "🏆 Winnaars: {name} ({score})",
  "onevstwo.ui.match.totals": "Totalen na {count, plural, one {# spel} other {# spellen}}: {totals}",
  "onevstwo.ui.over": "De partij is afgelopen.",
  // De plaatjes.
  "onevstwo.pic.player": "Speler {n}",
  "onevstwo.pic.noTrump": "zonder troef",
  "onevstwo.pic.nt": "ZT",
  "onevstwo.pic.role.boss": "Baas",
  "onevstwo.pic.role.louse": "Luis",
  "onevstwo.pic.role.servant": "Bediende",
  "onevstwo.pic.role.dummy": "Blinde",
  "onevstwo.pic.theDummy": "de blinde",
  "onevstwo.pic.side.boss": "voor de baas",
  "onevstwo.pic.side.lice": "voor de luizen",
  "onevstwo.pic.bossSide": "Baas {won}/{need}",
  "onevstwo.pic.bossSideMade": "Baas {won}: contract gehaald",
  "onevstwo.pic.bossSideOnly": "Baas {won}",
  "onevstwo.pic.liceOnly": "Luizen {won}",
  "onevstwo.pic.liceBeat": "Luizen {won}: contract mislukt",
  "onevstwo.pic.lice": "Luizen {won}/{need} nodig",
  "onevstwo.pic.contract": "Contract",
  "onevstwo.pic.contractPending": "Contract: wordt bekendgemaakt door {name}",
  "onevstwo.pic.where": "Spel {game} van {games} · ronde {round} van {rounds}",
  "onevstwo.pic.now.forDummy": "{name} speelt voor de blinde",
  "onevstwo.pic.now.dummy": "{name} speelt de blinde",
  "onevstwo.pic.now.play": "{name} is aan zet",
  "onevstwo.pic.cards": "{count, plural, one {# kaart} other {# kaarten}}",
  "onevstwo.pic.badge.announcing": "kiest contract",
  "onevstwo.pic.badge.toPlay": "aan zet",
  "onevstwo.pic.playedBy": "gespeeld door {name}",
  "onevstwo.pic.allPlayed": "alles gespeeld",
  "onevstwo.pic.noCards": "geen kaarten",
  "onevstwo.pic.announcing1": "bekijkt de hand en de blinde",
  "onevstwo.pic.announcing2": "en maakt het contract bekend",
  "onevstwo.pic.lastTrick": "Laatste slag ({trick} van 13) gewonnen door {name} · {side}",
  "onevstwo.pic.trick": "Slag {trick} van 13",
  "onevstwo.pic.trickHigh": "Slag {trick} van 13 · tot nu toe hoogste: {name}",
  "onevstwo.pic.madeOver": "gehaald, {over} extra",
  "onevstwo.pic.madeExactly": "precies gehaald",
  "onevstwo.pic.failedBy": "{short} te weinig",
  "onevstwo.pic.matchOver": "Partij afgelopen",
  "onevstwo.pic.resultLast": "Spel {game} van {games} · het laatste spel",
  "onevstwo.pic.result": "Spel {game} van {games} · uitslag",
  "onevstwo.pic.servantLabel": "bediende",
  "onevstwo.pic.tricksWon": "{count, plural, one {# slag} other {# slagen}} gehaald (luizen {lice})",
  "onevstwo.pic.bossScore": "Baas {score}",
  "onevstwo.pic.won": "Slagen",
  "onevstwo.pic.points": "Punten",
  "onevstwo.pic.final": "Eindstand",
  "onevstwo.pic.total": "Totaal",
  "onevstwo.pic.after": "na {played} van {games}",
  "onevstwo.pic.over.winner": "Partij afgelopen · winnaar: {name}",
  "onevstwo.pic.over.winners": "Partij afgelopen · winnaars: {name}",
  "onevstwo.pic.over.shared": "Partij afgelopen · gedeelde eerste plaats: {names}",
  "onevstwo.pic.next": "Volgende: spel {game} van {games} · {name} is de baas",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.onevstwo.title": "Eén versus twee",
  "game.onevstwo.panelButton": "Mijn kaarten",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "onevstwo.alt.place": "{place} {count, plural, one {# kaart} other {# kaarten}}",
  "onevstwo.alt.places": "Kaarten in de hand: {places}",
  "onevstwo.alt.dummy": "Open {place}, {count, plural, one {# kaart} other {# kaarten}}: {cards}",
  "onevstwo.alt.trick": "Slag {trick} tot nu toe: {cards}",
};
