import type { Catalog } from "../catalog.js";

/**
 * The shared alt text (`kit.alt.`; each game keeps its own `<game>.alt.` with its words): what each picture shows, in words, for players who cannot
 * see it. Kept apart from the other words: sentences a screen reader reads out, not labels.
 */
export const alt: Catalog = {
  "kit.alt.none": "none",
  "kit.alt.run": "{from} to {to}",
  "kit.alt.ended": "{headline}: {detail}",
  "kit.alt.cardsLeft": "{count, plural, one {# card} other {# cards}} left on the table",
  "kit.alt.empty": "empty",
  "kit.alt.column": "{column}: {cards}",
  "kit.alt.columns": "Columns, top card last: {columns}.",
};
