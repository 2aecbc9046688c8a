import { type GameBot, randomLegalBot } from "../../core/bot.js";
import type { SirTommyMove, SirTommyPrivateView } from "./types.js";

/** PLACEHOLDER: replaced by the real player for this game. */
export const sirTommyBot: GameBot<SirTommyPrivateView, SirTommyMove> = randomLegalBot as GameBot<SirTommyPrivateView, SirTommyMove>;
