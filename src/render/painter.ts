import type { Locale } from "../i18n/locale.js";

/**
 * What every painter is given besides its view: the players' names and the reader's language.
 * Plain data, so a picture job carries it to a render worker and it keys the picture's cache.
 */
export interface PaintContext {
  names: Record<string, string>;
  locale: Locale;
}

/**
 * Every painter's signature: the view it draws, the paint context, and the picture's own options
 * (what to mark, four colours), which a painter without any leaves off.
 */
export type PaintFn<View, Options> = (view: View, at: PaintContext, options: Options) => Buffer;
