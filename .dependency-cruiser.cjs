/**
 * The layering `npm run lint` enforces. Every import must be allowed by its file's layer: a file
 * in no layer may import nothing, and nothing may import it. The layers, each importing itself and
 * at most the ones before it:
 *   engine (src/engine/: pure, no Node and no packages)
 *   ← i18n (src/i18n/: the words, in discord.js's locales) ← render (src/render/: pictures, canvas) and store (src/store/: the database)
 *   ← the UI kit (src/bot/ui/: panels, controls, the custom_id codec; only its components module speaks discord.js)
 *   ← the bot (the rest of src/bot/: Discord, its settings and the robots' thread)
 *   ← commands (commands/: the slash commands) and ops (src/ops/: metrics, health check, REST proxy)
 *   ← the entry points (src/main.ts, src/index.ts, src/shard.ts, src/proxy.ts, the only files at src/'s root).
 * A game's folder (src/games/<id>/) holds one part per layer, each reaching into its own game's lower
 * parts only, never another game's: engine/ (pure rules, views, robot) ← words/ ←
 * render(.ts|/) ← ui.ts, alt.ts (the kit, not the rest of the bot) ← manifest.ts (which also reads
 * src/bot/manifest.ts). A file in a game folder outside these parts is in no layer. Nothing below
 * the entry points imports a game: the list of games (src/games/index.ts) is handed to the bot, the
 * commands and the workers. The scripts (scripts/) may import all of the source, never the tests.
 * The Discord emulator and its playground (packages/discord-emulator) stand beside the bot: they are
 * Discord, not part of it, so neither side imports the other's files; the emulator works without its
 * playground. The PNG encoder (packages/png-encoder, native code) is a package of the render layer's
 * own. Besides the layers: no circles, and a game's parts above its engine read rule facts
 * from the engine's views only.
 */

const ENGINE = "src/engine/";
const I18N = "src/i18n/";
const RENDER = "src/render/";
const STORE = "src/store/";
const KIT = "src/bot/ui/";
const BOT = "src/bot/";
const PNG_ENCODER = "packages/png-encoder/";
const ENTRY_POINTS = "src/(main|index|shard|proxy)\\.ts$";
const DISCORD = ["discord.js", "@discordjs/[^/]+"];

/** A game's part, by its path in the game's folder; `$1` in an allowed target is the same game's id. */
const gamePart = (part) => `^src/games/([^/]+)/${part}`;
const own = (parts) => `src/games/$1/(${parts})`;
const OWN_ENGINE = "engine/";
const OWN_WORDS = "words/";
const OWN_RENDER = "render(\\.ts$|/)";
const OWN_UI = "(ui|alt)\\.ts$";

/**
 * The allowed rules of one layer: the source it may import (paths from the repository's root), the
 * packages (by name) and whether Node's built-ins. Each rule's comment begins with the layer's name
 * and a colon: the layering test reads it to say whose refusal a `not-in-allowed` is.
 */
function layer(name, from, { sources, packages = [], node = false, packagesFrom = from }) {
  const rules = [
    {
      comment: `${name}: may import ${sources.join(", ")}`,
      from,
      to: { path: `^(${sources.join("|")})` },
    },
  ];
  if (packages.length > 0)
    rules.push({
      comment: `${name}: may use the packages ${packages.join(", ")}`,
      from: packagesFrom,
      // "npm": a runtime dependency in the nearest package.json, not a development tool.
      to: {
        path: `(^|/)node_modules/(${packages.map((p) => p.replaceAll(".", "\\.")).join("|")})/`,
        dependencyTypes: ["npm"],
      },
    });
  if (node) rules.push({ comment: `${name}: may use Node's built-ins`, from, to: { dependencyTypes: ["core"] } });
  return rules;
}

module.exports = {
  allowedSeverity: "error",
  allowed: [
    ...layer("engine", { path: "^src/engine/" }, { sources: [ENGINE] }),
    ...layer("game engine", { path: gamePart(`(${OWN_ENGINE})`) }, { sources: [ENGINE, own("engine/")] }),
    ...layer("game words", { path: gamePart(OWN_WORDS) }, { sources: [ENGINE, I18N, own(`engine/|${OWN_WORDS}`)] }),
    ...layer(
      "game render",
      { path: gamePart(OWN_RENDER) },
      { sources: [ENGINE, I18N, RENDER, own(`engine/|${OWN_WORDS}|${OWN_RENDER}`)], packages: ["canvas"] },
    ),
    ...layer(
      "game ui",
      { path: gamePart(OWN_UI) },
      { sources: [ENGINE, I18N, RENDER, KIT, own(`engine/|${OWN_WORDS}|${OWN_RENDER}|${OWN_UI}`)] },
    ),
    ...layer(
      "game manifest",
      { path: gamePart("manifest\\.ts$") },
      {
        sources: [ENGINE, I18N, RENDER, "src/bot/manifest\\.ts$", own(`${OWN_ENGINE}|${OWN_WORDS}|${OWN_RENDER}|${OWN_UI}`)],
      },
    ),
    ...layer(
      "games list",
      { path: "^src/games/index\\.ts$" },
      { sources: ["src/bot/manifest\\.ts$", "src/games/[^/]+/manifest\\.ts$"] },
    ),
    ...layer("i18n", { path: "^src/i18n/" }, { sources: [ENGINE, I18N], packages: ["discord.js"] }),
    ...layer(
      "render",
      { path: "^src/render/" },
      { sources: [ENGINE, I18N, RENDER, PNG_ENCODER], packages: ["canvas"], node: true },
    ),
    ...layer(
      "store",
      { path: "^src/store/" },
      { sources: [ENGINE, I18N, STORE], packages: ["better-sqlite3", "pg", "openskill"], node: true },
    ),
    ...layer(
      "UI kit",
      { path: "^src/bot/ui/" },
      { sources: [ENGINE, I18N, RENDER, KIT], packages: DISCORD, packagesFrom: { path: "^src/bot/ui/components\\.ts$" } },
    ),
    ...layer(
      "bot",
      { path: "^src/bot/", pathNot: "^src/bot/ui/" },
      { sources: [ENGINE, I18N, RENDER, STORE, BOT], packages: [...DISCORD, "ws", "dotenv"], node: true },
    ),
    ...layer(
      "commands",
      { path: "^commands/" },
      { sources: [ENGINE, I18N, RENDER, STORE, BOT, "commands/"], packages: DISCORD },
    ),
    ...layer(
      "ops",
      { path: "^src/ops/" },
      { sources: [RENDER, STORE, BOT, "src/ops/"], packages: [...DISCORD, "prom-client"], node: true },
    ),
    ...layer(
      "entry points",
      { path: `^${ENTRY_POINTS}` },
      {
        sources: [ENGINE, I18N, RENDER, STORE, BOT, "src/ops/", "commands/", "src/games/index\\.ts$", ENTRY_POINTS],
        packages: DISCORD,
        node: true,
      },
    ),
    ...layer(
      "scripts",
      { path: "^scripts/" },
      { sources: ["src/", "commands/", "scripts/", "packages/discord-emulator/"], node: true },
    ),
    {
      comment: "scripts: may use the packages the project depends on, for running or for development",
      from: { path: "^scripts/" },
      to: { dependencyTypes: ["npm", "npm-dev"] },
    },
    ...layer("png encoder", { path: `^${PNG_ENCODER}` }, { sources: [PNG_ENCODER] }),
    ...layer(
      "emulator",
      { path: "^packages/discord-emulator/", pathNot: "^packages/discord-emulator/src/playground/" },
      {
        sources: ["packages/discord-emulator/(?!src/playground/)"],
        packages: ["discord-api-types", "ws"],
        node: true,
      },
    ),
    ...layer(
      "emulator playground",
      { path: "^packages/discord-emulator/src/playground/" },
      { sources: ["packages/discord-emulator/"], packages: ["discord-api-types", "ws"], node: true },
    ),
  ],
  forbidden: [
    {
      name: "no-circular",
      comment: "A circle among source files: each module must be readable without the ones above it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "game-rule-facts",
      comment:
        "A game's UI, pictures and words read rule facts from the engine's views and view queries: from its own engine/ they import only types.ts, views.ts and index.ts (the engine object and rule constants), never the rules to re-derive a fact.",
      severity: "error",
      from: { path: `^src/games/([^/]+)/(${OWN_UI}|${OWN_RENDER}|${OWN_WORDS})` },
      to: { path: "^src/games/$1/engine/", pathNot: "^src/games/$1/engine/(types|views|index)\\.ts$" },
    },
  ],
  options: {
    // The tests are not part of the layering (lint does not cruise them): an import of one is refused
    // on its own line, without the test's own imports.
    doNotFollow: { path: ["node_modules", "^test/"] },
    // Only the project's own build output: packages ship from their dist/ folders too, and those imports count.
    exclude: { path: "^(dist|packages/[^/]+/dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["@cardtable/source", "import", "require", "node", "default"] },
  },
};
