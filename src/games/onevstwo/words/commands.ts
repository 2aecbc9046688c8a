import type { CommandWords } from "../../../i18n/commands.js";

/** The Dutch names of `/play onevstwo` and its options, and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play onevstwo": { name: "een-versus-twee", description: "Eén versus twee (3–4 spelers)" },
    "play onevstwo short-match": {
      name: "korte-partij",
      description: "Korte partij: één ronde (3 of 4 spellen) in plaats van de hele partij (9 of 16).",
    },
    "play onevstwo autoplay": {
      name: "automatisch",
      description: "Automatisch spelen: mag maar één kaart, dan wordt die vanzelf gespeeld.",
    },
    "play onevstwo hints": {
      name: "tips",
      description: "Tips toestaan: met /spel tip stelt een bot je privé een zet voor",
    },
  },
  choices: {
    "rules game=onevstwo": "Eén versus twee",
  },
};
