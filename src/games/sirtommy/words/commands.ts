import type { CommandWords } from "../../../i18n/commands.js";

/** The Dutch names of `/play sirtommy` and its options, and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play sirtommy": { name: "sir-tommy-voor-twee", description: "Sir Tommy voor twee (2 spelers)" },
  },
  choices: {
    "rules game=sirtommy": "Sir Tommy voor twee",
  },
};
