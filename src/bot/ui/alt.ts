import { type Card, cardLabel } from "../../engine/core/cards.js";
import type { Words } from "../../i18n/index.js";

/**
 * Alt text: what a picture shows, in words, for players who cannot see it (a screen reader reads
 * an attachment's description). A game's UI describes its pictures from the same view they are
 * drawn from, as sentences, most important first; `fitAlt` makes them one text within Discord's limit.
 */

/** Discord's limit on an attachment's description. */
export const ALT_TEXT_MAX = 1024;

const ELLIPSIS = "…";

/**
 * The sentences as one alt text of at most `max` characters, without Markdown's bold marks. Each
 * sentence ends with a full stop
 * unless it has its own mark (a picture's label has none, and a screen reader pauses at one).
 * Whole sentences are kept while they fit; the first that does not is cut after its last whole
 * word that fits and marked with "…", and the rest are left out (they matter least). A word is
 * never cut in two.
 */
export function fitAlt(sentences: readonly string[], max = ALT_TEXT_MAX): string {
  let text = "";
  for (const raw of sentences) {
    // Panel lines mark words bold with "**": a screen reader would read the stars out.
    const sentence = raw.replaceAll("**", "").trim();
    if (sentence === "") continue;
    const ended = /[.!?…]$/.test(sentence) ? sentence : `${sentence}.`;
    const next = text === "" ? ended : `${text} ${ended}`;
    if (next.length > max) return cutAtWord(next, max);
    text = next;
  }
  return text;
}

/** `text` cut to at most `max` characters (the "…" included) after a whole word. */
function cutAtWord(text: string, max: number): string {
  const room = max - ELLIPSIS.length;
  // A cut right before a space keeps the word before it whole.
  const space = text.lastIndexOf(" ", room);
  const kept = (space > 0 ? text.slice(0, space) : "").trimEnd();
  return `${kept}${ELLIPSIS}`;
}

/** Cards by name, as the panels and pictures name them ("10♥, Q♠"); `none` when there are none. */
export function altCards(cards: readonly Card[], words: Words, none = "kit.alt.none"): string {
  return cards.length === 0 ? words(none) : cards.map(cardLabel).join(", ");
}

/** Numbers as runs ("2 to 5, 8, 23 to 24"): The Game's played cards in a few words. */
export function numberRuns(numbers: readonly number[], words: Words): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++;
    runs.push(
      j === i
        ? String(sorted[i])
        : words("kit.alt.run", { from: sorted[i] as number, to: sorted[j] as number }),
    );
    i = j + 1;
  }
  return runs.join(", ");
}

/**
 * Face-up piles in words (Twelves' and Stacking's columns, Sir Tommy's rows): every pile's cards,
 * the top card last, under `heading` ("Columns, top card last: {columns}").
 */
export function columnsInWords(
  columns: readonly (readonly Card[])[],
  words: Words,
  heading = "kit.alt.columns",
): string {
  const each = columns.map((cards, i) =>
    words("kit.alt.column", { column: i + 1, cards: altCards(cards, words, "kit.alt.empty") }),
  );
  return words(heading, { columns: each.join("; ") });
}
