/**
 * The layering `npm test` enforces (`npm run lint:imports`): no circles among source files, and
 * every import points down: engine ← i18n ← render/store ← bot ← commands ← the entry points.
 * The emulator and the playground stand beside the bot: they are Discord, not part of it.
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
    layer("emulator", "^src/emulator/", ["src/emulator/"]),
    {
      name: "ui-speaks-kit",
      comment: "The UI kit owns Discord: only its components module turns controls into discord.js objects.",
      severity: "error",
      from: { path: "^src/bot/ui/", pathNot: "^src/bot/ui/components\\.ts$" },
      to: { path: "node_modules/(discord\\.js|discord-api-types|@discordjs)/" },
    },
    {
      name: "engine-pure",
      comment: "The engine is pure: no Node built-ins and no packages.",
      severity: "error",
      from: { path: "^src/engine/" },
      to: { dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
