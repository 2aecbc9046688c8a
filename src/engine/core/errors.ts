/** Parameters of a player-readable message; looked up in the i18n catalogs by key. */
export type MessageParams = Record<string, string | number>;

export interface Message {
  key: string;
  params?: MessageParams;
}

/**
 * Why a move was refused. Engines return it (never throw it) so callers can show the reason.
 * The key names a catalog entry in `src/i18n`; params must never carry a hidden card value
 * that the acting player may not see.
 */
export class RuleError implements Message {
  readonly key: string;
  readonly params: MessageParams;
  constructor(key: string, params: MessageParams = {}) {
    this.key = key;
    this.params = params;
  }
}

export function isRuleError(value: unknown): value is RuleError {
  return value instanceof RuleError;
}
