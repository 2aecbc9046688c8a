import type { Message, MessageParams } from "../engine/core/errors.js";
import { en } from "./en/index.js";

export type Catalog = Record<string, string>;

const catalogs: Record<string, Catalog> = { en };

/**
 * Formats a message: `{name}` placeholders are filled from params. An unknown key yields the key
 * itself, so a missing string is visible in review rather than a crash in front of a player.
 */
export function t(key: string, params: MessageParams = {}, locale = "en"): string {
  const catalog = catalogs[locale.split("-")[0] ?? "en"] ?? en;
  const template = catalog[key] ?? en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A count with its words: `<key>.one` for exactly one when the catalog has it, else `<key>`. */
export function tCount(key: string, count: number, locale = "en"): string {
  return t(count === 1 && hasKey(`${key}.one`) ? `${key}.one` : key, { count }, locale);
}

export function tm(message: Message, locale = "en"): string {
  return t(message.key, message.params ?? {}, locale);
}

export function hasKey(key: string): boolean {
  return key in en;
}
