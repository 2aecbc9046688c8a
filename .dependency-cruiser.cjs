/**
 * The layering `npm test` enforces (`npm run lint`): no circles among source files, and every
 * import points down: engine ← i18n ← render/store ← bot ← commands, ops ← the entry points
 * (ops: what operators read, the metrics, health check and REST proxy).
 * A game's folder (src/games/<id>/) holds one part per layer, and each part keeps its layer's rule,
 * reaching into its own game's lower parts only: engine/ (pure rules, views, bot) ← words/ ←
 * render ← ui ← manifest. Nothing below the entry points imports a game: the list of games
 * (src/games/index.ts) is handed to the bot, the commands and the workers.
 * The Discord emulator and its playground (packages/discord-emulator) stand beside the bot: they are
 * Discord, not part of it, so neither side imports the other's files.
 */
const layer = (name, from, allowed) => ({
  name,
  comment: `${name} may import only ${allowed.join(", ")}`,
  severity: "error",
  from: { path: from },
  to: { path: "^(src|commands)/", pathNot: allowed.map((p) => `^${p}`) },
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A circle among source files: each module must be readable without the ones above it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    layer("engine", "^src/engine/", ["src/engine/"]),
    layer("game-engine", "^src/games/([^/]+)/engine/", ["src/engine/", "src/games/$1/engine/"]),
    layer("game-words", "^src/games/([^/]+)/words/", ["src/engine/", "src/i18n/", "src/games/$1/(engine|words)/"]),
    layer("game-render", "^src/games/([^/]+)/render", [
      "src/engine/",
      "src/i18n/",
      "src/render/",
      "src/games/$1/(engine|words)/",
      "src/games/$1/render",
    ]),
    layer("game-ui", "^src/games/([^/]+)/(ui|alt)\\.ts$", [
      "src/engine/",
      "src/i18n/",
      "src/render/",
      "src/bot/",
      "src/games/$1/(engine/|words/|render|ui\\.ts$|alt\\.ts$)",
    ]),
    layer("game-manifest", "^src/games/([^/]+)/manifest\\.ts$", [
      "src/engine/",
      "src/i18n/",
      "src/render/",
      "src/bot/",
      "src/games/$1/",
    ]),
    {
      name: "game-rule-facts",
      comment:
        "A game's UI, pictures and words read rule facts from the engine's views and view queries: from its own engine/ they import only types.ts, views.ts and index.ts (the engine object and rule constants), never the rules to re-derive a fact.",
      severity: "error",
      from: { path: "^src/games/([^/]+)/(ui\\.ts$|alt\\.ts$|render|words/)" },
      to: { path: "^src/games/$1/engine/", pathNot: "^src/games/$1/engine/(types|views|index)\\.ts$" },
    },
    layer("games", "^src/games/index\\.ts$", ["src/bot/", "src/games/[^/]+/manifest\\.ts$"]),
    layer("i18n", "^src/i18n/", ["src/engine/", "src/i18n/"]),
    layer("render", "^src/render/", ["src/engine/", "src/i18n/", "src/render/", "src/lowPriority\\.ts$"]),
    layer("store", "^src/store/", ["src/engine/", "src/i18n/", "src/store/"]),
    layer("bot", "^src/bot/", [
      "src/engine/",
      "src/i18n/",
      "src/render/",
      "src/store/",
      "src/bot/",
      "src/config\\.ts$",
      "src/lowPriority\\.ts$",
    ]),
    layer("commands", "^commands/", ["src/engine/", "src/i18n/", "src/render/", "src/store/", "src/bot/", "commands/"]),
    layer("ops", "^src/ops/", ["src/render/", "src/store/", "src/bot/", "src/ops/", "src/config\\.ts$"]),
    {
      name: "emulator",
      comment: "The emulator package imports only its own files, Node and its own dependencies.",
      severity: "error",
      from: { path: "^packages/discord-emulator/" },
      to: { pathNot: ["^packages/discord-emulator/", "node_modules/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "emulator-under-playground",
      comment: "The playground is a page on the emulator; the emulator itself works without it.",
      severity: "error",
      from: { path: "^packages/discord-emulator/src/", pathNot: "^packages/discord-emulator/src/playground/" },
      to: { path: "^packages/discord-emulator/src/playground/" },
    },
    {
      name: "bot-without-emulator",
      comment: "The bot runs against the real Discord: it never imports the emulator package.",
      severity: "error",
      from: { path: "^(src|commands)/" },
      to: { path: "^packages/" },
    },
    {
      name: "ui-speaks-kit",
      comment: "The UI kit owns Discord: only its components module turns controls into discord.js objects.",
      severity: "error",
      from: { path: "^src/(bot/ui/|games/)", pathNot: "^src/bot/ui/components\\.ts$" },
      to: { path: "node_modules/(discord\\.js|discord-api-types|@discordjs)/" },
    },
    {
      name: "engine-pure",
      comment: "The engine is pure: no Node built-ins and no packages.",
      severity: "error",
      from: { path: "^src/(engine/|games/[^/]+/engine/)" },
      to: { dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["@cardtable/source", "import", "require", "node", "default"] },
  },
};
