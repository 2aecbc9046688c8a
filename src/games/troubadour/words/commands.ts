import type { CommandWords } from "../../../i18n/commands.js";

/** The Dutch names of `/play troubadour` and its options, and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play troubadour": { name: "troubadour", description: "Troubadour (2–4 spelers)" },
    "play troubadour hints": {
      name: "tips",
      description: "Tips toestaan: met /spel tip stelt een bot je privé een zet voor",
    },
  },
  choices: {
    "rules game=troubadour": "Troubadour",
  },
};
