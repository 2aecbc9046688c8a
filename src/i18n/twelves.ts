import { ROLE_PAIRS } from "../engine/games/twelves/rules.js";
import type { TwelvesRole } from "../engine/games/twelves/types.js";
import { rankText, type Words } from "./index.js";
import type { Locale } from "./locale.js";

/** A role's pairs (the engine's) as the player-facing reminder under the name ("Q+K · A+J · …", "V+H · A+B · …"). */
export function rolePairs(role: TwelvesRole, locale: Locale): string {
  return ROLE_PAIRS[role].map(([a, b]) => `${rankText(a, locale)}+${rankText(b, locale)}`).join(" · ");
}

/** A role as players read it ("12s", "twaalven"); "?" before roles are agreed. */
export function roleWord(words: Words, role: TwelvesRole | null | undefined): string {
  return role ? words(`twelves.ui.role.${role}`) : "?";
}
