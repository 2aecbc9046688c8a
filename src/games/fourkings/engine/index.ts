export { greedyMove, randomMove } from "./ai.js";
export { fourKings } from "./engine.js";
export * from "./rules.js";
export * from "./types.js";
export * from "./views.js";
