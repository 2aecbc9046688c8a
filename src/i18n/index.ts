import { type Card, type Rank, rankLabel, SUIT_SYMBOL } from "../engine/core/cards.js";
import type { Message, MessageParams } from "../engine/core/errors.js";
import type { Catalog } from "./catalog.js";
import { en } from "./en/index.js";
import type { Locale } from "./locale.js";
import { nl } from "./nl/index.js";

export type { Catalog };

const catalogs: Record<string, Catalog> = { en, nl };

const languageByLocale = new Map<string, string>();

/** The language of a Discord locale ("nl", "en-US"); English for any other. Asked for every text, so remembered. */
function languageOf(locale: string): string {
  let language = languageByLocale.get(locale);
  if (language === undefined) {
    const code = locale.split("-")[0] ?? "en";
    language = code in catalogs ? code : "en";
    languageByLocale.set(locale, language);
  }
  return language;
}

/** The catalog of a Discord locale by its language; English for any other. */
function catalogFor(locale: string): Catalog {
  return catalogs[languageOf(locale)] ?? en;
}

/**
 * Formats a message. `{name}` is filled from params: a number as `formatNumber` writes it, a text
 * with the engine's card labels in this language's letters (`localizeCards`). A count chooses its
 * words by the language's plural rules (CLDR categories, `Intl.PluralRules`), ICU style:
 * `{count, plural, one {# card} other {# cards}}`, `#` being the number. A key missing from the
 * locale's catalog falls back to English; an unknown key yields the key itself, so a missing string
 * is visible in review rather than a crash in front of a player.
 */
export function t(key: string, params: MessageParams = {}, locale = "en"): string {
  return fill(catalogFor(locale)[key] ?? en[key] ?? key, params, languageOf(locale));
}

/** A message with a count: `{count}` (and plural fields on it) is `count`; see `t`. */
export function tCount(key: string, count: number, locale = "en", params: MessageParams = {}): string {
  return t(key, { ...params, count }, locale);
}

export function tm(message: Message, locale = "en"): string {
  return t(message.key, message.params ?? {}, locale);
}

/**
 * Adds words to the catalogs (a game's, as its words module loads). A key already there with
 * other words is a mistake: two games would share a word they each own.
 */
export function addWords(words: Readonly<Record<Locale, Catalog>>): void {
  for (const [language, catalog] of Object.entries(words)) {
    const into = catalogs[language];
    if (!into) throw new Error(`no catalog for ${language}`);
    for (const [key, text] of Object.entries(catalog)) {
      if (into[key] !== undefined && into[key] !== text) throw new Error(`the word ${key} is defined twice`);
      into[key] = text;
    }
  }
}

export function hasKey(key: string): boolean {
  return key in en;
}

/**
 * A template cut once into its text and its `{…}` fields (odd places): every panel and picture
 * fills dozens of texts, most of them from the same few templates.
 */
const partsByTemplate = new Map<string, string[]>();

function partsOf(template: string): string[] {
  let parts = partsByTemplate.get(template);
  if (parts) return parts;
  parts = [];
  let at = 0;
  for (let open = template.indexOf("{"); open >= 0; open = template.indexOf("{", at)) {
    const close = closingBrace(template, open);
    if (close < 0) break;
    parts.push(template.slice(at, open), template.slice(open, close + 1));
    at = close + 1;
  }
  parts.push(template.slice(at));
  // Templates are the catalogs' texts and their plural cases: a bounded set.
  partsByTemplate.set(template, parts);
  return parts;
}

/**
 * A message inside a message (what a take-back took back): a field `{move}` with no `move` param
 * but a `move.key` one is that key's text, filled with the `move.<name>` params.
 */
function nested(name: string, params: MessageParams, language: string): string | null {
  const key = params[`${name}.key`];
  if (typeof key !== "string") return null;
  const prefix = `${name}.`;
  const inner: MessageParams = {};
  for (const [k, v] of Object.entries(params)) if (k.startsWith(prefix)) inner[k.slice(prefix.length)] = v;
  return fill(catalogs[language]?.[key] ?? en[key] ?? key, inner, language);
}

/** `#` in a plural case's text stands for its count (`hash`); never in what fills a field. */
function fill(template: string, params: MessageParams, language: string, hash?: string): string {
  const parts = partsOf(template);
  const text = (part: string) => (hash === undefined ? part : part.replace(/#/g, hash));
  let out = text(parts[0] as string);
  for (let i = 1; i < parts.length; i += 2) {
    out += field(parts[i] as string, params, language) + text(parts[i + 1] as string);
  }
  return out;
}

/** Where the `}` that closes the `{` at `open` is, nested fields included; -1 if none. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** A `{…}` of a template, read once: a parameter, a plural choice on one, or neither (left as written). */
type Field =
  | { kind: "param"; name: string }
  | { kind: "plural"; name: string; cases: Map<string, string> }
  | { kind: "text" };

const fieldsByText = new Map<string, Field>();

function fieldOf(whole: string): Field {
  let parsed = fieldsByText.get(whole);
  if (parsed) return parsed;
  const body = whole.slice(1, -1);
  const plural = /^(\w+),\s*plural,/.exec(body);
  parsed = /^\w+$/.test(body)
    ? { kind: "param", name: body }
    : plural
      ? { kind: "plural", name: plural[1] as string, cases: pluralCases(body.slice(plural[0].length)) }
      : { kind: "text" };
  fieldsByText.set(whole, parsed);
  return parsed;
}

/** One `{…}` of a template, filled; left as written when its parameter is missing. */
function field(whole: string, params: MessageParams, language: string): string {
  const parsed = fieldOf(whole);
  if (parsed.kind === "text") return whole;
  const value = params[parsed.name];
  if (parsed.kind === "param") {
    if (value === undefined) return nested(parsed.name, params, language) ?? whole;
    return typeof value === "number" ? formatNumber(value, language) : localizeCards(value, language);
  }
  if (typeof value !== "number") return whole;
  const chosen = parsed.cases.get(pluralRules(language).select(value)) ?? parsed.cases.get("other");
  if (chosen === undefined) return whole;
  return fill(chosen, params, language, formatNumber(value, language));
}

/** `one {…} other {…}` as category → text. */
function pluralCases(text: string): Map<string, string> {
  const cases = new Map<string, string>();
  const head = /\s*(\w+)\s*\{/y;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const open = head.lastIndex - 1;
    const close = closingBrace(text, open);
    if (close < 0) break;
    cases.set(m[1] as string, text.slice(open + 1, close));
    head.lastIndex = close + 1;
  }
  return cases;
}

const pluralRulesByLanguage = new Map<string, Intl.PluralRules>();

function pluralRules(language: string): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRulesByLanguage.set(language, rules);
  }
  return rules;
}

/**
 * A number as every text and picture writes it: a real minus sign (−, U+2212) for a negative,
 * the language's decimal mark, no grouping (scores and counts stay short).
 */
export function formatNumber(n: number, locale = "en"): string {
  // A whole number reads the same in every language here: its digits, ungrouped.
  const digits = Number.isSafeInteger(n)
    ? String(Math.abs(n))
    : numberFormatOf(languageOf(locale)).format(Math.abs(n));
  return n < 0 ? `−${digits}` : digits;
}

/** One formatter per language: making one costs far more than formatting (every label of every picture). */
const numberFormatByLanguage = new Map<string, Intl.NumberFormat>();
function numberFormatOf(language: string): Intl.NumberFormat {
  let format = numberFormatByLanguage.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { useGrouping: false });
    numberFormatByLanguage.set(language, format);
  }
  return format;
}

/** A change or a running score with its sign always shown: "+40", "−50", "0". */
export function formatSigned(n: number, locale = "en"): string {
  return n > 0 ? `+${formatNumber(n, locale)}` : formatNumber(n, locale);
}

/** The letter a reader of this language knows a rank by: J Q K in English, B V H (boer, vrouw, heer) in Dutch. */
export function rankText(rank: Rank, locale = "en"): string {
  const code = rankLabel(rank);
  return rank >= 11 ? t(`card.rank.${code}`, {}, locale) : code;
}

/** A card as a reader of this language writes it: "Q♠" in English, "V♠" in Dutch. */
export function cardText(card: Card, locale = "en"): string {
  return rankText(card.rank, locale) + SUIT_SYMBOL[card.suit];
}

/**
 * The engine's card labels in a text ("Q♠", "10♥ K♦", nobles as "♠J+Q+K") in this language's
 * letters. The engine writes its labels language-free; every text reaches the reader through here.
 */
export function localizeCards(text: string, locale = "en"): string {
  const letters = courtLetters(languageOf(locale));
  if (letters === null) return text;
  return text
    .replace(/(?<![\p{L}\p{N}])[JQK](?=[♠♥♦♣])/gu, (code) => letters[code] ?? code)
    .replace(/(?<=[♠♥♦♣])[JQK](?:\+[JQK])*(?![\p{L}\p{N}])/gu, (codes) =>
      codes.replace(/[JQK]/g, (code) => letters[code] ?? code),
    );
}

const courtLettersByLanguage = new Map<string, Record<string, string> | null>();

/** The court letters of a language where they differ from the engine's J Q K; null where they do not. */
function courtLetters(language: string): Record<string, string> | null {
  if (!courtLettersByLanguage.has(language)) {
    const letters = Object.fromEntries(
      ["J", "Q", "K"].map((code) => [code, t(`card.rank.${code}`, {}, language)]),
    );
    const same = Object.entries(letters).every(([code, letter]) => code === letter);
    courtLettersByLanguage.set(language, same ? null : letters);
  }
  return courtLettersByLanguage.get(language) ?? null;
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
  /** See `formatNumber`. */
  number(n: number): string;
  /** See `formatSigned`. */
  signed(n: number): string;
  /** See `cardText`. */
  card(card: Card): string;
  /** See `rankText`. */
  rank(rank: Rank): string;
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
  words.number = (n) => formatNumber(n, locale);
  words.signed = (n) => formatSigned(n, locale);
  words.card = (card) => cardText(card, locale);
  words.rank = (rank) => rankText(rank, locale);
  return words;
}

/** A game's name as players read it ("Twaalven en veertienen"). */
export function gameTitle(gameType: string, locale: Locale): string {
  const key = `game.${gameType}.title`;
  return hasKey(key) ? t(key, {}, locale) : gameType;
}
