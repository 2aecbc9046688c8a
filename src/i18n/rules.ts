import type { Locale } from "./locale.js";
import { RULES_EN } from "./rules/en.js";
import { RULES_NL } from "./rules/nl.js";

/** Every game with rules, by its game type. */
export type RulesGame = keyof typeof RULES_EN;

const RULES: Record<"en" | "nl", Record<RulesGame, string>> = { en: RULES_EN, nl: RULES_NL };

export function hasRules(gameType: string): gameType is RulesGame {
  return Object.hasOwn(RULES_EN, gameType);
}

/** A game's rules for `/rules`: Dutch for a Dutch Discord locale ("nl"), English for any other. */
export function rulesText(gameType: RulesGame, locale: Locale): string {
  return RULES[locale][gameType];
}
