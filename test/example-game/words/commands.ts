import type { CommandWords } from "../../../src/i18n/commands.js";

/** The Dutch names of `/play higherlower` and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play higherlower": { name: "hoger-of-lager", description: "Hoger of lager (2 spelers)" },
  },
  choices: {
    "rules game=higherlower": "Hoger of lager",
  },
};
