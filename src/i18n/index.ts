import type { Message, MessageParams } from "../engine/core/errors.js";
import { en } from "./en/index.js";
import type { Locale } from "./locale.js";
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

/**
 * A count with its words: `<key>.one` for exactly one when the locale's catalog has it, else `<key>`;
 * `{count}` is the number, other placeholders come from params.
 */
export function tCount(key: string, count: number, locale = "en", params: MessageParams = {}): string {
  const one = `${key}.one`;
  return t(count === 1 && Object.hasOwn(catalogFor(locale), one) ? one : key, { ...params, count }, locale);
}

export function tm(message: Message, locale = "en"): string {
  return t(message.key, message.params ?? {}, locale);
}

export function hasKey(key: string): boolean {
  return key in en;
}

/** The words of one language, for code that writes many lines in it (a panel, a picture). */
export interface Words {
  readonly locale: Locale;
  (key: string, params?: MessageParams): string;
  /** See `tCount`. */
  count(key: string, count: number, params?: MessageParams): string;
  message(message: Message): string;
  /** Items joined as a list: "a, b and c" / "a, b en c". */
  list(items: readonly string[]): string;
}

export function wordsFor(locale: Locale): Words {
  const words = ((key: string, params?: MessageParams) => t(key, params, locale)) as Words & {
    locale: Locale;
  };
  Object.defineProperty(words, "locale", { value: locale });
  words.count = (key, count, params) => tCount(key, count, locale, params);
  words.message = (message) => tm(message, locale);
  words.list = (items) => {
    if (items.length <= 1) return items.join("");
    return `${items.slice(0, -1).join(", ")} ${t("core.and", {}, locale)} ${items.at(-1)}`;
  };
  return words;
}

/** A game's name as players read it ("Twaalven en veertienen"). */
export function gameTitle(gameType: string, locale: Locale): string {
  const key = `game.${gameType}.title`;
  return hasKey(key) ? t(key, {}, locale) : gameType;
}
