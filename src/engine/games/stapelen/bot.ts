import { type GameBot, randomLegalBot } from "../../core/bot.js";
import type { StapelenMove, StapelenPrivateView } from "./types.js";

/** PLACEHOLDER: replaced by the real player for this game. */
export const stapelenBot: GameBot<StapelenPrivateView, StapelenMove> = randomLegalBot as GameBot<StapelenPrivateView, StapelenMove>;
