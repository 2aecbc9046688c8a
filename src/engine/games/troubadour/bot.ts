import { type GameBot, randomLegalBot } from "../../core/bot.js";
import type { TroubadourMove, TroubadourPrivateView } from "./types.js";

/** PLACEHOLDER: replaced by the real player for this game. */
export const troubadourBot: GameBot<TroubadourPrivateView, TroubadourMove> = randomLegalBot as GameBot<TroubadourPrivateView, TroubadourMove>;
