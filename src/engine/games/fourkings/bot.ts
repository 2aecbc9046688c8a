import { type GameBot, randomLegalBot } from "../../core/bot.js";
import type { FourKingsMove, FourKingsPrivateView } from "./types.js";

/** PLACEHOLDER: replaced by the real player for this game. */
export const fourKingsBot: GameBot<FourKingsPrivateView, FourKingsMove> = randomLegalBot as GameBot<FourKingsPrivateView, FourKingsMove>;
