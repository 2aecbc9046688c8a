import type { Catalog } from "../catalog.js";

/** Alt-tekst: zie het Engelse bestand (dezelfde sleutels). */
export const alt: Catalog = {
  "kit.alt.none": "geen",
  "kit.alt.run": "{from} t/m {to}",
  "kit.alt.ended": "{headline}: {detail}",
  "kit.alt.cardsLeft": "Nog {count, plural, one {# kaart} other {# kaarten}} op tafel",
  "kit.alt.empty": "leeg",
  "kit.alt.column": "{column}: {cards}",
  "kit.alt.columns": "Kolommen, bovenste kaart laatst: {columns}.",
};
