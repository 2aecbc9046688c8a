import { type GameBot, randomLegalBot } from "../../core/bot.js";
import type { TwelvesMove, TwelvesPrivateView } from "./types.js";

/** PLACEHOLDER: replaced by the real player for this game. */
export const twelvesBot: GameBot<TwelvesPrivateView, TwelvesMove> = randomLegalBot as GameBot<TwelvesPrivateView, TwelvesMove>;
