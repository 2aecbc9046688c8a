export { TWELVES_ID, type TwelvesEngine, twelves } from "./engine.js";
export { isRolePair, legalMoves, legalPairs, ROLE_PAIRS, TARGET } from "./rules.js";
export type * from "./types.js";
