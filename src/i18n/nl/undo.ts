import type { Catalog } from "../catalog.js";

/** Een zet terugnemen (`undo.`): de knop in het paneel, wat de tafel zegt, en elke weigering. */
export const undo: Catalog = {
  "undo.button": "Terugnemen",
  "undo.event.tookBack": "{player} nam terug: {move}",
  "undo.event.tookBackMove": "{player} nam een zet terug.",
  "undo.done": "↩ Je zet is teruggenomen.",
  "undo.alreadyTakenBack":
    "✅ Die zet was al teruggenomen (een tweede klik doet niets). Hier zijn je knoppen zoals ze nu zijn.",
  "undo.refused.competitive": "In een spel tegen elkaar kun je geen zetten terugnemen.",
  "undo.refused.nothing": "Je hebt in deze beurt geen zet om terug te nemen.",
  "undo.refused.revealed":
    "Die zet liet de tafel iets zien (een getrokken, omgedraaide of aan de anderen getoonde kaart), dus hij blijft staan.",
  "undo.refused.turnPassed": "De beurt is sinds die zet voorbij, dus hij blijft staan.",
  "undo.refused.gameOver": "Het spel is afgelopen, dus de zetten blijven staan.",
};
