import type { Catalog } from "../../../i18n/catalog.js";

/** 4 Koningen (patience voor één): optie, fouten, logregels, uitslagen, het paneel (`ui.`) en de plaatjes (`pic.`). */
export const nl: Catalog = {
  "fourkings.option.peek": "Huisregel voor beginners: je mag in de stapel verloren kaarten kijken.",
  "fourkings.scoreUnit": "{count, plural, one {# kaart} other {# kaarten}} onder controle",

  "fourkings.handSize": "Kies precies {required, plural, one {# kaart} other {# kaarten}} voor je hand.",
  "fourkings.notControlled": "{card} hoort niet bij de kaarten die je onder controle hebt.",
  "fourkings.notInHand": "{card} zit niet in je hand.",
  "fourkings.cardTwice": "{card} wordt meer dan één keer gebruikt.",
  "fourkings.stackCount":
    "{count, plural, one {Geef voor de getrokken kaart aan welke handkaarten erop komen.} other {Geef voor elk van de # getrokken kaarten aan welke handkaarten erop komen.}}",
  "fourkings.emptyStack": "Leg minstens één handkaart op {card}.",
  "fourkings.tooManyOnCard":
    "Deze ronde {max, plural, one {mag er hoogstens # handkaart} other {mogen er hoogstens # handkaarten}} op {card}.",
  "fourkings.mixedSuits":
    "De kaarten die je op {card} legt, moeten allemaal van dezelfde kleur zijn (♠, ♥, ♦ of ♣).",

  "fourkings.event.drew": "Getrokken: {cards}.",
  "fourkings.event.reshuffled":
    "De trekstapel is op: de stapel verloren kaarten ({count, plural, one {# kaart} other {# kaarten}}) is geschud en vormt een nieuwe trekstapel.",
  "fourkings.event.won": "{card} gewonnen met {placed}.",
  "fourkings.event.lost": "{card} verloren, samen met {placed}.",
  "fourkings.event.roundStarted": "Ronde {round} begint.",

  "fourkings.outcome.won":
    "Alle vier de koningen veroverd in {turns, plural, one {# beurt} other {# beurten}}, met {controlled, plural, one {# kaart} other {# kaarten}} onder controle!",
  "fourkings.outcome.tooFewCards":
    "Verloren in ronde {round} na {turns, plural, one {# beurt} other {# beurten}}: minder dan 2 kaarten.",
  "fourkings.outcome.turnLimit":
    "Verloren: beurtgrens ({turns}) in ronde {round}, {controlled, plural, one {# kaart} other {# kaarten}} in bezit.",

  "fourkings.robot.hand":
    "Neem {hand} in je hand: daarmee win je het meest van wat er nog getrokken kan worden.",
  "fourkings.robot.assign.all": "Leg {plan}: zo win je alle getrokken kaarten.",
  "fourkings.robot.assign.some": "Leg {plan}: zo win je {won} en zet je op de rest het minst op het spel.",
  "fourkings.robot.assign.none":
    "Leg {plan}: deze beurt valt niets te winnen, dus zet zo weinig mogelijk punten op het spel.",
  // The panel and table lines (`fourkings.ui.`).
  "fourkings.ui.suit.S": "schoppen",
  "fourkings.ui.suit.H": "harten",
  "fourkings.ui.suit.D": "ruiten",
  "fourkings.ui.suit.C": "klaveren",
  "fourkings.ui.need": "{suit} {same}+ of een andere kleur {other}+",
  "fourkings.ui.progress": "{have}/{need, plural, one {# kaart} other {# kaarten}} A–{top} onder controle",
  "fourkings.ui.progressKings": "{have}/{need, plural, one {# koning} other {# koningen}} onder controle",
  "fourkings.ui.stackWon": "{card} **GEWONNEN** met {placed}",
  "fourkings.ui.stackLost": "{card} **VERLOREN** met {placed}",
  "fourkings.ui.lastTurn": "Beurt {turn}: {stacks}.",
  "fourkings.ui.backInControl":
    "Weer onder controle: {cards} — handkaarten die je niet legde, gaan terug naar de kaarten die je onder controle hebt.",
  "fourkings.ui.reshuffled":
    "De trekstapel was leeg, dus de stapel verloren kaarten is geschud tot een nieuwe trekstapel.",
  "fourkings.ui.roundBegins": "🎉 **Ronde {round} begint!**",
  "fourkings.ui.handStep":
    "**Stap 1 van 2 — je hand.** Kies **{count}** van je kaarten onder controle uit de lijst, gerust meerdere tegelijk. Pas daarna worden er 2 kaarten getrokken van stapel {pile}, en leg je je hand daarop (stap 2).",
  "fourkings.ui.handForced":
    "**Stap 1 van 2 — je hand.** Je hebt maar {count, plural, one {# kaart} other {# kaarten}} onder controle, dus {count, plural, one {die is} other {die zijn allemaal}} je hand. Druk op **Hand bevestigen**; daarna worden er 2 kaarten getrokken van stapel {pile}.",
  "fourkings.ui.handNone": "Je hand tot nu toe (0 van {size}): nog niets.",
  "fourkings.ui.handSoFar": "Je hand tot nu toe ({chosen} van {size}): **{cards}** — kies er nog {left}.",
  "fourkings.ui.handComplete":
    "Je hand ({chosen} van {size}): **{cards}** — compleet. Druk op **Hand bevestigen**, of haal een kaart eruit om te wisselen.",
  "fourkings.ui.addCard":
    "{count, plural, one {De laatste kaart voor je hand kiezen…} other {Tot # kaarten voor je hand kiezen…}}",
  "fourkings.ui.addCardOf":
    "{count, plural, one {De laatste kaart voor je hand kiezen: {suits}…} other {Tot # kaarten voor je hand kiezen: {suits}…}}",
  "fourkings.ui.cardOption": "{suit}, waarde {rank}",
  "fourkings.ui.takeOut": "{card} eruit",
  "fourkings.ui.confirmHand": "Hand bevestigen: {cards}",
  "fourkings.ui.startOver": "Opnieuw beginnen",
  "fourkings.ui.memoryNone": "niets",
  "fourkings.ui.memoryLost":
    "🧠 Alleen jij ziet dit — verloren sinds het laatste schudden ({count, plural, one {# kaart} other {# kaarten}}): {cards}.",
  "fourkings.ui.memoryDraw":
    "🧠 Dus nog in trekstapel {pile} ({count, plural, one {# kaart} other {# kaarten}}, volgorde onbekend): {cards}.",
  "fourkings.ui.stackEmpty": "nog niets",
  "fourkings.ui.stackWouldWin": "{cards} — ✅ wordt **gewonnen** ({suit} {sum}, nodig: {target})",
  "fourkings.ui.stackWouldLose": "{cards} — ❌ gaat **verloren** ({suit} {sum}, nodig: {target})",
  "fourkings.ui.drawn": "Getrokken: {cards}.",
  "fourkings.ui.drawnCard": "**{card}** (nodig: {need})",
  "fourkings.ui.placeHand":
    "**Stap 2 van 2 — leg je hand.** Je hand: **{hand}**. Leg op elke getrokken kaart 1 tot {max, plural, one {# kaart} other {# kaarten}} van één kleur en druk dan op **Bevestigen**.",
  "fourkings.ui.onCard": "• Op {card}: {status}",
  "fourkings.ui.reshuffledOnDraw":
    "(De trekstapel raakte op tijdens het trekken: de stapel verloren kaarten is erdoor geschud.)",
  "fourkings.ui.oneDrawn": "(Beide stapels waren op, dus er kon maar één kaart getrokken worden.)",
  "fourkings.ui.stackPlaceholder": "Op {card} ({need}): kies kaarten",
  "fourkings.ui.sameSuitCounts": "zelfde kleur: telt {rank} van de {target}",
  "fourkings.ui.otherSuitCounts": "andere kleur: telt {rank} van de {target}",
  "fourkings.ui.confirm": "Bevestigen",
  "fourkings.ui.headerOver":
    "**{title}** — afgelopen na {count, plural, one {# beurt} other {# beurten}}, in ronde {round}.",
  "fourkings.ui.header": "**{title}** — ronde {round} van 3 · beurt {turn} · {progress}.",
  "fourkings.ui.statusChoose":
    "ronde {round} van 3, beurt {turn} — kies {count, plural, one {# kaart} other {# kaarten}} voor de hand · {progress} · trekstapel {draw} · verloren kaarten {lost}.",
  "fourkings.ui.statusAssign":
    "ronde {round} van 3, beurt {turn} — {cards} getrokken: leg de hand erop · {progress} · trekstapel {draw} · verloren kaarten {lost}.",
  "fourkings.ui.over": "Dit spel is afgelopen.",
  "fourkings.ui.refused": "⚠️ {reason} Er is niets veranderd.",

  // The picture (`fourkings.pic.`): every word drawn on the table, which the panel shows too.
  "fourkings.pic.roundTurn": "Ronde {round}/3 · Beurt {turn}",
  "fourkings.pic.player": "Speler",
  "fourkings.pic.progress": "{have} / {need, plural, one {# kaart} other {# kaarten}} A–{top}",
  "fourkings.pic.progressKings": "{have} / {need, plural, one {# koning} other {# koningen}}",
  "fourkings.pic.controlled": "Onder controle: {count, plural, one {# kaart} other {# kaarten}}",
  "fourkings.pic.controlledInHand":
    "Onder controle: {count, plural, one {# kaart} other {# kaarten}} ({inHand} in de hand)",
  "fourkings.pic.none": "geen",
  "fourkings.pic.cards": "{count, plural, one {# kaart} other {# kaarten}}",
  "fourkings.pic.pileDone": "klaar",
  "fourkings.pic.pileEmpty": "leeg",
  "fourkings.pic.lostPile": "Verloren",
  "fourkings.pic.reshuffledOnDraw":
    "De verloren kaarten zijn tijdens het trekken door de trekstapel geschud.",
  "fourkings.pic.reshuffled": "De verloren kaarten zijn geschud tot een nieuwe trekstapel.",
  "fourkings.pic.faceDown": "Gedekt: alleen aantallen.",
  "fourkings.pic.peekBelow": "Inkijken: zie hieronder.",
  "fourkings.pic.peek":
    "Verloren kaarten (ingekeken, gesorteerd): {count, plural, one {# kaart} other {# kaarten}}",
  "fourkings.pic.sumVsTarget": "{suit} {sum}, nodig: {target}",
  "fourkings.pic.toWin": "om te winnen:",
  "fourkings.pic.orOtherSuit": "of andere kleur:",
  "fourkings.pic.won": "GEWONNEN",
  "fourkings.pic.lost": "VERLOREN",
  "fourkings.pic.placeHand": "Beurt {turn}: leg je hand",
  "fourkings.pic.handRule": "Hand (hoogstens {max} per kaart, per kaart één kleur):",
  "fourkings.pic.oneDrawn": "Beide stapels op: maar één kaart getrokken",
  "fourkings.pic.gameWon": "Gewonnen: alle vier de koningen!",
  "fourkings.pic.turnLimit": "Verloren: beurtlimiet bereikt",
  "fourkings.pic.tooFewCards": "Verloren: minder dan 2 kaarten",
  "fourkings.pic.turnResult": "Uitslag beurt {turn}",
  "fourkings.pic.turnResultRound": "Uitslag beurt {turn} · Ronde {round} begint!",
  "fourkings.pic.firstTurn": "Beurt 1: kies {count, plural, one {# kaart} other {# kaarten}} voor je hand",
  "fourkings.pic.thenDrawn": "Daarna worden er 2 kaarten open getrokken van stapel I.",
  "fourkings.pic.backInControl": "Weer onder controle: {cards}",
  "fourkings.pic.next": "Nu: kies {count, plural, one {# kaart} other {# kaarten}} voor de hand",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.fourkings.title": "4 Koningen",
  "game.fourkings.panelButton": "Spelen",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "fourkings.alt.hand": "Hand: {cards}",
  "fourkings.alt.drawnCard": "{card} (nodig: {need})",
  "fourkings.alt.chooseHand": "Nu: kies {count, plural, one {# kaart} other {# kaarten}} voor de hand",
  "fourkings.alt.controlled": "In bezit, {count, plural, one {# kaart} other {# kaarten}}: {cards}",
  "fourkings.alt.lost": "de verloren stapel {count, plural, one {# kaart} other {# kaarten}}, gesloten",
  "fourkings.alt.lostPeek": "de verloren stapel {count, plural, one {# kaart} other {# kaarten}}: {cards}",
  "fourkings.alt.piles":
    "Trekstapel I (4–6) heeft {first, plural, one {# kaart} other {# kaarten}}, II (7–10) {second}, III (B–H) {third}; {lost}",
};
