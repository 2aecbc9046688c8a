import { type GameBot, randomLegalBot } from "../../core/bot.js";
import type { TheGameMove, TheGamePrivateView } from "./types.js";

/** PLACEHOLDER: replaced by the real player for this game. */
export const theGameBot: GameBot<TheGamePrivateView, TheGameMove> = randomLegalBot as GameBot<TheGamePrivateView, TheGameMove>;
