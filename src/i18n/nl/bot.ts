import type { Catalog } from "../catalog.js";

/** De woorden van de bot rond elk spel: spelnamen, de tafel, de gedeelde paneelonderdelen. */
export const bot: Catalog = {
  "core.and": "en",

  "kit.back": "Terug",
  "kit.refresh": "Vernieuwen",
  "kit.cancel": "Annuleren",
  "kit.someone": "iemand",
  "kit.nobody": "niemand",
  "kit.theOthers": "de anderen",
  "kit.theOtherPlayer": "de andere speler",
  "kit.waiting": "Wachten op {who} ({doing}); je wordt vermeld zodra je aan de beurt bent.",
  "kit.agreement.none": "Nog niemand heeft iets voorgesteld: doe een voorstel, dan bevestigt {other}.",
  "kit.agreement.mine": "Jij stelde voor: {terms}. Wachten tot {other} bevestigt; je kunt het nog wijzigen.",
  "kit.agreement.theirs": "{proposer} stelt voor: {terms}. Bevestig het, of doe een ander voorstel.",

  "bot.cannotNow": "Dat kan nu niet.",

  "bot.lobby.state.lobby": "een nieuw spel zoekt spelers",
  "bot.lobby.state.active": "dit spel is begonnen",
  "bot.lobby.state.finished": "dit spel is begonnen en afgelopen",
  "bot.lobby.state.abandoned": "dit spel is gesloten",
  "bot.lobby.headlineOptions": "**{title}** — {state} (opties: {options}).",
  "bot.lobby.seats": "Plaatsen ({taken}/{max}, nodig: {needs}):",
  "bot.lobby.players": "Spelers:",
  "bot.lobby.seatHost": "{n}. {name} (host)",
  "bot.lobby.howTo":
    "Druk op **{join}** om mee te doen; {host} start het spel. Zo speel je het: {rules} {title}.",
  "bot.lobby.howToRobots":
    "Druk op **{join}** om mee te doen; {host} start het spel en kan lege plaatsen met bots vullen. Zo speel je het: {rules} {title}.",
  "bot.lobby.started": "Het spel is begonnen: zie de tafel hieronder.",
  "bot.lobby.button.join": "Meedoen",
  "bot.lobby.button.leave": "Verlaten",
  "bot.lobby.button.start": "Starten",
  "bot.lobby.button.addRobot": "Bot toevoegen",
  "bot.lobby.button.removeRobot": "Bot weghalen",
  "bot.lobby.notInDm": "Spellen speel je in een kanaal van een server, niet in DM's.",
  "bot.lobby.soloStarts": "Je spel **{title}** begint hieronder. Veel succes!",
  "bot.lobby.busy":
    "In dit kanaal loopt al een spel **{title}**{where}. Speel het uit of stop het (`/spel stoppen`), of begin het jouwe in een thread.",
  "bot.lobby.noThread":
    "Discord gaf me er geen thread voor (mag ik hier openbare threads maken?), dus het wordt in dit kanaal gespeeld.",
  "bot.lobby.soloInThread": "Je spel **{title}** begint in <#{channel}>. Veel succes!",
  "bot.lobby.lobbyRefused":
    "Het spel **{title}** staat open in <#{channel}>, maar Discord weigerde daar het lobbybericht: controleer mijn rechten (Berichten versturen).",
  "bot.lobby.lobbyRefusedThread":
    "Het spel **{title}** staat open in <#{channel}>, maar Discord weigerde daar het lobbybericht: controleer mijn rechten (Berichten versturen in threads).",
  "bot.lobby.openIn":
    "Je spel **{title}** staat open in <#{channel}>: de anderen doen daar mee met **{join}**.",
  "bot.lobby.tableRefused":
    "✅ Het spel is begonnen, maar Discord weigerde het tafelbericht (controleer hier mijn rechten). `/spel hand` werkt intussen wel.",
  "bot.lobby.refused.notFound": "Deze lobby bestaat niet meer.",
  "bot.lobby.refused.notLobby": "Dit spel is al begonnen of gesloten.",
  "bot.lobby.refused.full": "Alle plaatsen zijn bezet.",
  "bot.lobby.refused.alreadySeated": "Je hebt al een plaats.",
  "bot.lobby.refused.notSeated": "Je hebt geen plaats in deze lobby.",
  "bot.lobby.refused.notHost": "Alleen de host kan het spel starten.",
  "bot.lobby.refused.tooFew": "Nog niet genoeg spelers.",
  "bot.lobby.refused.noRobot": "Er is geen bot om weg te halen.",
  "bot.lobby.refused.addBot": "Alleen de host kan bots toevoegen.",
  "bot.lobby.refused.removeBot": "Alleen de host kan bots weghalen.",

  "bot.table.gameOver": "Spel afgelopen",
  "bot.table.gameEnded": "Spel gestopt",
  "bot.table.ended.left": "{name} heeft het spel verlaten",
  "bot.table.ended.by": "{name} heeft het spel voortijdig gestopt",
  "bot.table.ended.timedOut": "De beurttijd van {name} is om",
  "bot.table.ended.early": "Het spel is voortijdig gestopt",
  "bot.table.gameOverLine": "**{title}** — het spel is afgelopen.",
  "bot.table.endedLine": "**{title}** — dit spel is {detail}.",
  "bot.table.standsIn": "{name} speelt in plaats van {left}, die is weggegaan.",
  "bot.table.yourMove": "{who} — aan de beurt.",
  "bot.table.thinking": "{who} — denkt na…",
  "bot.table.waitingSince": "Laatste zet: {when}",
  "bot.table.startedAt": "Begonnen: {when}",
  "bot.table.timeRunsOut": "beurttimer loopt af: {when}",
  "bot.table.away": "{name} is afwezig tot {when}",
  "bot.table.retired.now": "nu: {who}",
  "bot.table.retired.over": "spel voorbij",
  "bot.table.retired.ended": "spel beëindigd",
  "bot.table.retired.alt": "De tafel van {title} op een eerder moment van het spel.",
  "bot.table.retired.link": "[actuele tafel ↓]({url})",
  "bot.table.retired.picture":
    "**{title}** — een eerder moment van het spel; [het actuele tafelbericht]({url}) staat verderop.",

  "bot.play.hint": "Tip",
  "bot.play.panelReplaced": "↓ Dit paneel is vervangen door een nieuwer paneel verderop.",
  "bot.play.tableFailed":
    "✅ Je zet is opgeslagen, maar Discord weigerde het nieuwe tafelbericht (controleer mijn rechten in dit kanaal). De volgende zet of `/spel hand` gaat verder vanaf het opgeslagen spel.",
  "bot.play.tableLate":
    "✅ Je zet is opgeslagen. De speldatabase antwoordde niet meer voordat de tafel hem kon tonen; de tafel loopt bij zodra de database weer antwoordt.",
  "bot.play.stalePanel":
    "⏳ Dat tafelbericht is verouderd (het spel is verder gegaan). Zo ziet het er nu voor jou uit.",
  "bot.play.stale":
    "⏳ Die knop hoorde bij een eerder moment van het spel, dus er is niets veranderd. Hier zijn je knoppen zoals ze nu zijn.",
  "bot.play.staleAfter":
    "⏳ Je klik kwam te laat, dus er is niets veranderd. Net daarvoor:\n{events}\nHier zijn je knoppen zoals ze nu zijn.",
  "bot.play.alreadyMade":
    "✅ Je zet was al gedaan (een tweede klik doet niets). Hier zijn je knoppen zoals ze nu zijn.",
  "bot.play.alreadyMadeLast":
    "✅ Je zet was al gedaan, en daarmee is het spel afgelopen: de uitslag staat bij de tafel.",
  "bot.play.leftSeat": "Je hebt dit spel verlaten; {name} speelt nu op jouw plaats.",
  "bot.play.handedOver":
    "Je hebt deze plaats overgedragen: {name} speelt er nu, dus deze knoppen zijn niet meer van jou.",
  "bot.play.notPlaying":
    "Je speelt niet mee in dit spel, dus deze knoppen zijn niet voor jou. Begin je eigen spel met `/spelen`!",
  "bot.play.gone": "Dit spel bestaat niet meer.",
  "bot.play.over": "Dit spel is afgelopen: de knoppen doen niets meer.",
  "bot.play.panelOver": "🏁 **{title}** is afgelopen. {summary}",

  "bot.hint.off": "Tips staan uit in dit spel: de host kan ze bij het starten toestaan met de optie `tips`.",
  "bot.hint.noMove": "Geen tip: je hoeft nu geen zet te doen.",
  "bot.hint.any": "Geen tip: elke zet is goed.",
  "bot.hint.failed": "De tip kon nu niet worden bedacht; probeer het zo nog eens.",
  "bot.hint.text": "💡 Tip: {reason}",

  "bot.router.sorry": "Er ging bij mij iets mis, en er is niets veranderd. Probeer het zo nog eens.",
  "bot.router.busy":
    "De speldatabase antwoordt nu niet, dus er is niets veranderd (was het een zet, dan is die niet gedaan). Probeer het zo nog eens.",
  "bot.router.dmRefused":
    "Ik kon je geen DM sturen over je beurt (je DM's zijn voor mij gesloten), dus heb ik je in het kanaal van het spel vermeld. Zet je DM's open voor leden van deze server, of zet DM's uit met `/meldingen dm aan:False`.",
  "bot.router.unknownCommand": "Dat commando ken ik niet. Probeer `/help`.",
  "bot.router.unknownButton":
    "Die knop herken ik niet. Misschien hoort hij bij een oud bericht; gebruik het nieuwste tafelbericht.",
  "bot.router.unsupported": "Met dit soort interactie kan ik niets.",
  "bot.router.restarting": "De bot start opnieuw op; probeer het zo nog eens.",
};
