import { rankText, type Words } from "../../../i18n/index.js";
import type { Locale } from "../../../i18n/locale.js";
import { ROLE_PAIRS } from "../engine/index.js";
import type { TwelvesRole } from "../engine/types.js";

/** A role's pairs (the engine's) as the player-facing reminder under the name ("Q+K · A+J · …", "V+H · A+B · …"). */
export function rolePairs(role: TwelvesRole, locale: Locale): string {
  return ROLE_PAIRS[role].map(([a, b]) => `${rankText(a, locale)}+${rankText(b, locale)}`).join(" · ");
}

/** A role as players read it ("twelves", "twaalven"); "?" before roles are agreed. */
export function roleWord(words: Words, role: TwelvesRole | null | undefined): string {
  return role ? words(`twelves.ui.role.${role}`) : "?";
}
