import type { Catalog } from "../catalog.js";

/** Het spel van de dag (`/daily`): een poging beginnen, de stand en de deelregel (`daily.`). */
export const daily: Catalog = {
  "daily.notInDm": "Het spel van de dag speel je in een kanaal van een server, niet in DM's.",
  "daily.notTextChannel":
    "Het spel van de dag heeft een privéthread nodig: gebruik `/dagelijks spelen` in een tekstkanaal.",
  "daily.noThread":
    "Ik kan hier geen privéthread voor je openen (misschien mis ik de toestemming). Er is niets vastgelegd: probeer `/dagelijks spelen` in een ander kanaal.",
  "daily.threadName": "Dagelijks #{number} · {title}",
  "daily.started":
    "Het spel van vandaag, **{title}**, wacht op je in <#{channel}>. Eén poging — veel succes!",
  "daily.stillPlaying": "Je speelt het spel van vandaag, **{title}**, nog: [je thread]({url}).",
  "daily.alreadyPlayed":
    "Je hebt het spel van vandaag, **{title}**, al gespeeld. Het volgende spel komt {next}.\n{share}",
  "daily.share.heading": "Kaarttafel dagelijks #{number} · {title}",
  "daily.share.gaveUp": "opgegeven",
  "daily.share.ended": "Je spel van de dag is voorbij. Deel het (zonder kaarten):\n{share}",
  "daily.board.heading": "**Dagelijks {title} #{number}** · deze server",
  "daily.board.none": "Niemand hier heeft dit spel al gespeeld.",
  "daily.board.result.win": "{score} · gewonnen",
  "daily.board.result.loss": "{score} · verloren",
  "daily.board.result.draw": "{score} · gelijk",
  "daily.board.gaveUp": "opgegeven",
  "daily.board.playing": "speelt nog",
  "daily.board.next": "Volgend spel: {at} ({in})",
  "daily.board.pictureSubtitle":
    "Dagelijks #{number} · deze server · {count, plural, one {# speler} other {# spelers}}",
  "daily.column.player": "Speler",
  "daily.column.score": "Score",
  "daily.board.footnote": "Groen: een gewonnen spel.",
  "daily.board.alt":
    "De stand van dagelijks {title} #{number} in deze server: {count, plural, one {# speler} other {# spelers}}, de beste eerst.",
  "daily.board.replayBest": "Bekijk de partij van {name}",
  "daily.noHints": "Geen hints bij het dagelijkse spel: alleen je eigen spel telt.",
  "daily.noHandOver":
    "Een dagelijks spel is van de speler zelf: de plaats kan niet aan iemand anders worden gegeven.",
  "daily.leaveGivesUp":
    "Je hebt het spel van vandaag opgegeven: het telt als je poging. De thread blijft om terug te kijken.",
  "daily.board.bestLineAfterYours":
    "De beste partij verschijnt zodra je je eigen poging aan dit spel hebt afgemaakt.",
  "daily.board.bestLine": "**Beste partij** ({name}):",
  "daily.board.bestLinePart": "**Beste partij** ({name}, de eerste {shown} van {total} zetten):",
  "cmd.help.daily":
    "• `/dagelijks spelen` deelt het spel van vandaag in een privéthread: voor iedereen dezelfde kaarten, één poging per dag · `/dagelijks stand` toont de uitslagen van deze server, die van gisteren met de beste partij.",
};
