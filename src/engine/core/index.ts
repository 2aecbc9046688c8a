export * from "./cards.js";
export * from "./errors.js";
export * from "./game.js";
export * from "./rng.js";
