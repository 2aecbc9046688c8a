/** One language's words by key; placeholders in braces, plurals in ICU form. */
export type Catalog = Record<string, string>;
