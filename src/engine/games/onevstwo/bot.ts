import { type GameBot, randomLegalBot } from "../../core/bot.js";
import type { OnevstwoMove, OnevstwoPrivateView } from "./types.js";

/** PLACEHOLDER: replaced by the real player for this game. */
export const onevstwoBot: GameBot<OnevstwoPrivateView, OnevstwoMove> = randomLegalBot as GameBot<OnevstwoPrivateView, OnevstwoMove>;
