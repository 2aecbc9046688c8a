import type { Catalog } from "../catalog.js";

/** Messages every engine may use (keys start with `core.`). */
export const core: Catalog = {
  "core.notSeated": "Je speelt niet mee in dit spel.",
  "core.notYourTurn": "Je bent niet aan de beurt.",
  "core.gameOver": "Dit spel is al afgelopen.",
  "core.malformedMove": "Die zet is niet te begrijpen.",
  "core.wrongPhase": "Dat kan op dit moment van het spel niet.",
  "core.playerCount": "Voor dit spel zijn {min} tot {max, plural, one {# speler} other {# spelers}} nodig.",
  "core.option.hints": "Tips toestaan: met /spel tip stelt een bot je privé een zet voor",
  /** The court cards' letters on cards and in text (boer, vrouw, heer); the engine writes J, Q, K. */
  "card.rank.J": "B",
  "card.rank.Q": "V",
  "card.rank.K": "H",
  "robot.reason.random": "Elke toegestane zet is hier even goed.",
};
