export { STAPELEN_ID, type StapelenEngine, stapelen } from "./engine.js";
export {
  FOUNDATIONS_PER_PLAYER,
  foundationNeeds,
  legalMoves,
  nextRank,
  placements,
  stackingRule,
} from "./rules.js";
export type * from "./types.js";
