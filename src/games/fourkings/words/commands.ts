import type { CommandWords } from "../../../i18n/commands.js";

/** The Dutch names of `/play fourkings` and its options, and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play fourkings": { name: "4-koningen", description: "4 Koningen (1 speler)" },
    "play fourkings peek": {
      name: "inkijken",
      description: "Huisregel voor beginners: je mag de stapel verloren kaarten inkijken.",
    },
  },
  choices: {
    "rules game=fourkings": "4 Koningen",
  },
};
