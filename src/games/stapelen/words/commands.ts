import type { CommandWords } from "../../../i18n/commands.js";

/** The Dutch names of `/play stapelen` and its options, and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play stapelen": { name: "stapelen", description: "Stapelen (2 spelers)" },
  },
  choices: {
    "rules game=stapelen": "Stapelen",
  },
};
