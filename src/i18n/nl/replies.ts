import type { Catalog } from "../catalog.js";

/**
 * Antwoorden van de slash-commando's (`cmd.`), de meldingen bij spelen over dagen (`notice.`) en de
 * overzichten van `/spel overzicht`, `/spel geschiedenis` en `/statistieken server` (`overview.`).
 * Commando's heten hier zoals een Nederlandse Discord-app ze toont (src/i18n/commands.ts).
 */
export const replies: Catalog = {
  "cmd.unknownGame": "Dat spel ken ik niet.",
  "cmd.saved": "Opgeslagen.\n{summary}",
  "cmd.nothingChanged": "{reason} Er is niets veranderd.",
  "cmd.aRobot": "Een bot",

  "cmd.help.intro":
    "**Kaartspellen voor je server.** Speel live of verspreid over dagen: elke zet wordt bewaard en ik ping wie aan de beurt is.",
  "cmd.help.games": "Spellen: {games}",
  "cmd.help.lobby":
    "• `/spelen <spel>` opent een lobby in dit kanaal; anderen drukken op **{join}**, de host drukt op **{start}**. Te weinig vrienden? Dan drukt de host op **{addRobot}** voor elke lege plaats.",
  "cmd.help.panel":
    "• Onder het tafelbericht opent de eerste knop je eigen paneel — alleen jij ziet het — met je kaarten en de knoppen om te spelen: {buttons}.",
  "cmd.help.overviews":
    "• `/spel hand` opent dat paneel ook · `/spel overzicht` toont je lopende spellen in alle servers, die waarin jij aan de beurt bent eerst · `/spel geschiedenis` je afgelopen spellen · `/spel verloop` toont de zetten van het spel in het kanaal.",
  "cmd.help.hint":
    "• `/spel tip` (of **{hint}** in je paneel) stelt je privé een zet voor — in competitieve spellen alleen met de optie `tips`.",
  "cmd.help.replay":
    "• `/spel terugkijken` stapt privé door de tafels van een afgelopen spel, zet voor zet (`/spel geschiedenis` nummert je spellen) · in solo- en samenspellen neemt **{takeBack}** op je paneel je laatste zet van de beurt terug zolang die niets nieuws liet zien.",
  "cmd.help.leave":
    "• `/spel verlaten` om weg te gaan: een bot neemt je plaats in en het spel gaat door (is er geen andere speler meer, dan stopt het) · `/spel stoppen` stopt het spel in het kanaal · `/spel vervangen` geeft de plaats van een speler aan iemand anders (allebei voor de host of wie Server beheren heeft).",
  "cmd.help.rules":
    "• `/regels <spel>` legt een spel uit · `/statistieken ik` toont je uitslagen · `/statistieken server` de beste spelers van de server · `/statistieken ranglijst` de ratings in een spel.",
  "cmd.help.notify":
    "• `/meldingen` stelt in hoe ik je laat weten dat je aan de beurt bent: een DM, je tijdzone, stille uren, of afwezig tot een datum · `/instellingen` stelt de herinneringen, beurttimer, threads en stille uren van een server in (Server beheren).",
  "cmd.help.threads": "Eén lopend spel per kanaal: wil je er meer tegelijk, begin ze dan in threads.",

  "cmd.game.noGameYet": "Er is in dit kanaal nog geen spel gespeeld.",
  "cmd.game.noOpenGame": "Er is geen lopend spel in dit kanaal.",
  "cmd.game.notPlaying": "Je speelt niet mee in het spel van dit kanaal.",
  "cmd.game.notStarted": "Het spel is nog niet begonnen.",
  "cmd.game.log.heading": "**{game}** — zetten:",
  "cmd.game.log.headingEnded": "**{game}** (afgelopen) — zetten:",
  "cmd.game.log.headingPart": "**{game}** — zetten (de laatste {shown} van {total}):",
  "cmd.game.log.headingEndedPart": "**{game}** (afgelopen) — zetten (de laatste {shown} van {total}):",
  "cmd.game.log.none": "Nog geen zetten.",
  "cmd.game.replace.notAllowed":
    "Alleen de host of iemand met Server beheren kan een plaats aan iemand anders geven.",
  "cmd.game.replace.toBot": "{to} is een botaccount: een plaats kan alleen naar een mens.",
  "cmd.game.replace.notMember": "{to} is geen lid van deze server en kan het spel dus niet zien.",
  "cmd.game.replace.ended": "Dit spel is afgelopen, dus de plaatsen kunnen niet meer worden overgedragen.",
  "cmd.game.replace.notSeated": "{from} heeft geen plaats in dit spel.",
  "cmd.game.replace.robotSeat":
    "Een bot speelt de plaats die {from} verliet, en een plaats die een bot speelt, is van niemand om over te dragen.",
  "cmd.game.replace.alreadySeated": "{to} heeft al een plaats in dit spel.",
  "cmd.game.replace.done": "🔄 Plaats {seat}: {to} neemt het over van {from}.",
  "cmd.game.leave.lobby": "Je hebt de lobby verlaten.",
  "cmd.game.leave.robotTakesOver":
    "Je hebt het spel verlaten. {robot} neemt je plaats in, dus het spel gaat zonder jou door.",
  "cmd.game.leave.ended": "Je hebt het spel verlaten; het is nu voor iedereen afgelopen.",
  "cmd.game.end.notAllowed": "Alleen de host of iemand met Server beheren kan dit spel stoppen.",
  "cmd.game.end.done": "Het spel is gestopt.",
  "cmd.game.end.confirm":
    "Het spel **{title}** in dit kanaal voor iedereen stoppen? Dat kan niet worden teruggedraaid.",
  "cmd.game.end.button": "Spel stoppen",
  "cmd.game.end.kept": "Het spel gaat door: er is niets veranderd.",
  "cmd.game.end.already": "Dit spel is al afgelopen, dus er is niets veranderd.",

  "cmd.stats.heading": "Je uitslagen (uitgespeelde spellen; vroegtijdig gestopte spellen tellen niet mee):",
  "cmd.stats.none":
    "Nog geen uitgespeelde spellen. Vroegtijdig gestopte spellen (verlaten, gestopt of beurttijd om) tellen niet mee: `/spel geschiedenis` toont elk afgelopen spel.",
  "cmd.stats.line": "• {game}: {played} gespeeld, {won} gewonnen{left}{best}{withRobots}",
  "cmd.stats.left": ", {count} aan een bot overgelaten",
  "cmd.stats.best.higher": ", beste {score} (hoger is beter)",
  "cmd.stats.best.lower": ", beste {score} (lager is beter)",
  "cmd.stats.withRobots": " ({count} met bots aan tafel)",
  "cmd.stats.serverOnly":
    "De ranglijst hoort bij een server: gebruik `/statistieken server` in een van de kanalen daar.",

  "cmd.settings.notInServer":
    "`/instellingen` verandert de instellingen van een server: gebruik het in die server.",
  "cmd.settings.notAllowed":
    "Alleen leden met de machtiging **Server beheren** kunnen de instellingen van deze server zien of veranderen. Er is niets veranderd.",
  "cmd.settings.heading": "**De spelinstellingen van deze server**",
  "cmd.settings.line.reminders": "• Herinneringen: {value}",
  "cmd.settings.line.timer": "• Beurttimer: {value}",
  "cmd.settings.line.games": "• Nieuwe spellen: {value}",
  "cmd.settings.line.quiet": "• Stille uren: {value}",
  "cmd.settings.line.language": "• Taal van tafels en spelberichten: {value}",
  "cmd.settings.line.earlier": "• Eerdere tafels: {value}",
  "cmd.settings.earlier.line":
    "één regel per tafel zodra er een nieuwere is (`/instellingen afbeeldingen` houdt hun afbeeldingen)",
  "cmd.settings.earlier.pictures": "houden hun afbeeldingen",
  "cmd.settings.hours": "{count} uur",
  "cmd.settings.reminders.never": "nooit",
  "cmd.settings.reminders.after": "na {hours} zonder zet krijgt wie aan de beurt is een herinnering",
  "cmd.settings.timer.off": "uit",
  "cmd.settings.timer.on": "{hours} per beurt; is die tijd om, dan {outcome}",
  "cmd.settings.outcome.remind": "krijgt de speler een herinnering en blijft het spel wachten",
  "cmd.settings.outcome.robotTurn": "speelt een bot die beurt voor de speler",
  "cmd.settings.outcome.robotSeat": "neemt een bot de plaats van de speler over voor de rest van het spel",
  "cmd.settings.outcome.end": "stopt het spel",
  "cmd.settings.games.threads": "elk in een eigen thread",
  "cmd.settings.games.channel": "in het kanaal waar `/spelen` wordt gebruikt",
  "cmd.settings.quiet.on":
    "{hours} in de eigen tijdzone van elke speler, voor spelers die zelf geen stille uren hebben ingesteld met `/meldingen stille-uren`",
  "cmd.settings.quiet.off": "geen (spelers kunnen eigen stille uren instellen met `/meldingen stille-uren`)",
  "cmd.settings.language.auto": "automatisch: de taal van de server in zijn Discord-instellingen",
  "cmd.settings.badLanguage": '"{value}" is geen taal die ik spreek: kies er een uit de lijst.',
  "cmd.settings.badClock": '"{typed}" is geen tijdstip. Gebruik de 24-uursklok, zoals {late} of {early}.',
  "cmd.settings.sameClock": "Stille uren moeten op verschillende tijden beginnen en eindigen.",

  "cmd.notify.heading": "**Je meldingen** (in elke server hetzelfde)",
  "cmd.notify.line.dm": "• Beurt-DM's: {value}",
  "cmd.notify.line.zone": "• Tijdzone: {value}",
  "cmd.notify.line.quiet": "• Stille uren: {value}",
  "cmd.notify.line.away": "• Afwezig: {value}",
  "cmd.notify.line.language": "• Taal van je eigen antwoorden: {value}",
  "cmd.notify.dm.on": "aan: ik stuur je een DM als je aan de beurt bent",
  "cmd.notify.dm.off":
    "uit: je wordt vermeld in het kanaal van het spel (`/meldingen dm aan:True` voor een DM)",
  "cmd.notify.zone.unset": "{zone} (niet ingesteld: `/meldingen tijdzone`)",
  "cmd.notify.quiet.on": "{hours} jouw tijd: beurt-DM's en herinneringen wachten tot ze voorbij zijn",
  "cmd.notify.quiet.off": "geen eigen stille uren (waar een server standaard stille uren heeft, gelden die)",
  "cmd.notify.away.on":
    "tot {until} ({untilRelative}): er wordt niets verstuurd en je beurttimers beginnen opnieuw als je terug bent (`/meldingen terug` om eerder terug te zijn)",
  "cmd.notify.away.off": "nee",
  "cmd.notify.language.auto": "automatisch: de taal van je Discord-app (`/meldingen taal`)",
  "cmd.notify.badZone":
    '"{name}" is geen tijdzone die ik ken. Kies er een uit de lijst terwijl je typt, zoals Europe/Amsterdam of America/New_York.',
  "cmd.notify.away.noDay": "{typed} bestaat niet in de kalender.",
  "cmd.notify.away.unreadable": '"{typed}" is geen datum zoals 2025-08-31 en ook geen duur zoals 3d of 12h.',
  "cmd.notify.away.past": "Dat is al voorbij: geef een latere datum, of een duur zoals 3d.",
  "cmd.notify.away.tooLong": "Je kunt hoogstens {days, plural, one {# dag} other {# dagen}} afwezig zijn.",

  "notice.someServer": "een server",
  "notice.turn":
    "🎴 Je bent aan de beurt in **{game}** op {server} (beurt begon: {since}). [Naar het spel]({link})",
  "notice.turnTimed":
    "🎴 Je bent aan de beurt in **{game}** op {server} (beurt begon: {since}). Je beurttimer loopt af {deadline}. [Naar het spel]({link})",
  "notice.reminder": "**{game}** wacht op je zet (beurt begon: {since}).",
  "notice.timeUp":
    "je beurttijd in **{game}** is om (beurt begon: {since}); het spel wacht nog steeds op je zet.",
  "notice.timeUp.robotTurn": "⌛ De beurttijd van {names} is om: een bot speelt deze beurt.",
  "notice.timeUp.robotSeat": "⌛ De beurttijd van {name} is om: {robot} neemt de plaats over.",
  "notice.timeUp.end": "⌛ De beurttijd van {names} is om: het spel stopt.",

  "overview.anotherServer": "een andere server",
  "overview.more": "…en nog {count}",
  "overview.lobbyLink": "[naar de lobby]({url})",
  "overview.tableLink": "[naar de tafel]({url})",
  "overview.lobby": "lobby, {count} ingeschreven",
  "overview.yourMove": "**jij bent aan de beurt**",
  "overview.yourMoveToo": "**jij bent aan de beurt** (en {names} ook)",
  "overview.othersToMove": "{names} aan de beurt",
  "overview.waiting": "wachten",
  "overview.status.line": "• **{game}**{server} — {turn} · laatst actief: {since} · {where}",
  "overview.status.none": "Je hebt geen lopende spellen. Begin er een met `/spelen`.",
  "overview.status.heading": "Je lopende spellen, die waarin jij aan de beurt bent eerst:",
  "overview.end.ended": "vroegtijdig gestopt door {name}",
  "overview.end.left": "vroegtijdig gestopt: {name} is weggegaan",
  "overview.end.timedOut": "gestopt: de beurttijd van {name} was om",
  "overview.end.early": "vroegtijdig gestopt",
  "overview.result.win": "**gewonnen**",
  "overview.result.loss": "verloren",
  "overview.result.draw": "gelijkspel",
  "overview.result.left": "weggegaan (een bot speelde je plaats verder)",
  "overview.result.handed": "je hebt je plaats aan iemand anders gegeven",
  "overview.withRobots": "met bots",
  "overview.history.none": "Je hebt nog geen afgelopen spellen. Begin er een met `/spelen`.",
  "overview.history.heading": "Je afgelopen spellen, nieuwste eerst:",
  "overview.leaderboard.none":
    "Op deze server heeft nog niemand een spel uitgespeeld. Begin er een met `/spelen`.",
  "overview.leaderboard.heading":
    "De beste spelers van deze server (uitgespeelde spellen; meeste overwinningen, dan winstpercentage):",
  "overview.leaderboard.line": "{rank}. {player} — {won} van {played} gewonnen ({percent}%)",
};
