import type { Message, MessageParams } from "../engine/core/errors.js";
import { en } from "./en/index.js";
import { nl } from "./nl/index.js";

export type Catalog = Record<string, string>;

const catalogs: Record<string, Catalog> = { en, nl };

/** The catalog of a Discord locale ("nl", "en-US") by its language; English for any other. */
function catalogFor(locale: string): Catalog {
  return catalogs[locale.split("-")[0] ?? "en"] ?? en;
}

/**
 * Formats a message: `{name}` placeholders are filled from params. A key missing from the locale's
 * catalog falls back to English; an unknown key yields the key itself, so a missing string is
 * visible in review rather than a crash in front of a player.
 */
export function t(key: string, params: MessageParams = {}, locale = "en"): string {
  const template = catalogFor(locale)[key] ?? en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A count with its words: `<key>.one` for exactly one when the locale's catalog has it, else `<key>`. */
export function tCount(key: string, count: number, locale = "en"): string {
  const one = `${key}.one`;
  return t(count === 1 && Object.hasOwn(catalogFor(locale), one) ? one : key, { count }, locale);
}

export function tm(message: Message, locale = "en"): string {
  return t(message.key, message.params ?? {}, locale);
}

export function hasKey(key: string): boolean {
  return key in en;
}
