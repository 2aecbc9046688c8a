export { SIRTOMMY_ID, type SirTommyEngine, sirTommy, superWinner } from "./engine.js";
export {
  ascendingRule,
  canEndTurn,
  canPass,
  DRAW_SIZE,
  descendingRule,
  directionOf,
  FOUNDATION_MAX,
  FOUNDATIONS_PER_PLAYER,
  foundationMoves,
  legalMoves,
  ROWS,
  SUPER_WINNER_CARDS,
} from "./rules.js";
export type * from "./types.js";
