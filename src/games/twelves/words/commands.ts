import type { CommandWords } from "../../../i18n/commands.js";

/** The Dutch names of `/play twelves` and its options, and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play twelves": { name: "twaalven-en-veertienen", description: "Twaalven en veertienen (2 spelers)" },
  },
  choices: {
    "rules game=twelves": "Twaalven en veertienen",
  },
};
