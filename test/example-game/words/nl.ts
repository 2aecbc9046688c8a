import type { Catalog } from "../../../src/i18n/catalog.js";

/** Hoger of lager. Params named player hold player ids; {arrow} is ↑ (hoger) or ↓ (lager). */
export const nl: Catalog = {
  "higherlower.event.right": "{player} zei {arrow} op {from}: {turned} — goed, 1 punt.",
  "higherlower.event.wrong": "{player} zei {arrow} op {from}: {turned} — fout, geen punt.",
  "higherlower.event.equal": "{player} zei {arrow} op {from}: {turned} — even hoog, geen punt.",
  "higherlower.outcome.won": "{player} wint met {points} tegen {other} punten.",
  "higherlower.outcome.draw": "Gelijkspel: ieder {points} punten.",
  "higherlower.scoreUnit": "{count, plural, one {# punt} other {# punten}}",
  "higherlower.robot.higher":
    "Zeg hoger op {card}: van de {unseen} kaarten die nog niet gezien zijn, zijn er {higher} hoger en {lower} lager.",
  "higherlower.robot.lower":
    "Zeg lager op {card}: van de {unseen} kaarten die nog niet gezien zijn, zijn er {lower} lager en {higher} hoger.",
  // The table, its buttons and the panel (`higherlower.ui.`).
  "higherlower.ui.higher": "Hoger",
  "higherlower.ui.lower": "Lager",
  "higherlower.ui.status":
    "{player} raadt op {card} · nog {count, plural, one {# kaart} other {# kaarten}} om te draaien.",
  "higherlower.ui.turn": "Jouw beurt: is de volgende kaart hoger of lager dan {card}? (aas laag, heer hoog)",
  "higherlower.ui.waitingDoing": "raden",
  "higherlower.ui.score":
    "• {player}: {points, plural, one {# punt} other {# punten}}, nog {left, plural, one {# keer} other {# keer}} raden",
  "higherlower.ui.over": "Dit spel is afgelopen.",
  // The table picture (`higherlower.pic.`).
  "higherlower.pic.guesses": "{player} raadt",
  "higherlower.pic.won": "{player} wint",
  "higherlower.pic.draw": "Gelijkspel",
  "higherlower.pic.toTurn": "nog {count}",
  "higherlower.pic.right": "goed",
  "higherlower.pic.wrong": "fout",
  "higherlower.pic.equal": "gelijk",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.higherlower.title": "Hoger of lager",
  "game.higherlower.panelButton": "Mijn beurt",
  // Alt text (`higherlower.alt.`).
  "higherlower.alt.faceUp": "Open: {card}.",
  "higherlower.alt.last": "Laatst: {player} zei {arrow} op {from}, {turned} werd gedraaid ({result}).",
};
