import type { CommandWords } from "../../../i18n/commands.js";

/** The Dutch names of `/play thegame` and its options, and of the game as `/rules` offers it. */
export const commands: CommandWords = {
  names: {
    "play thegame": { name: "the-game", description: "The Game (1–5 spelers)" },
    "play thegame expert": {
      name: "expert",
      description: "Expert: zolang de trekstapel niet op is, speel je minstens 3 kaarten per beurt.",
    },
    "play thegame smaller-hands": {
      name: "kleinere-handen",
      description: "Kleinere handen: elke hand telt één kaart minder (7/6/5).",
    },
  },
  choices: {
    "rules game=thegame": "The Game",
  },
};
