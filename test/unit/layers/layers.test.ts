import path from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import extractDepcruiseConfig from "dependency-cruiser/config-utl/extract-depcruise-config";
import { describe, expect, it } from "vitest";

// `npm run lint` checks the real tree with .dependency-cruiser.cjs; this shows the same rules
// catch what they are there for, on a small tree that breaks each of them once.
const fixture = path.resolve(import.meta.dirname, "fixture");

interface AllowedRule {
  comment: string;
  from: { path?: string; pathNot?: string };
}

/**
 * An import no allowed rule lets through is a `not-in-allowed`, whoever refused it: the layer is
 * the one whose rules (each commented "<layer>: …") hold the importing file.
 */
function layerOf(allowed: readonly AllowedRule[], file: string): string {
  const holds = ({ from }: AllowedRule) =>
    (!from.path || new RegExp(from.path).test(file)) &&
    !(from.pathNot && new RegExp(from.pathNot).test(file));
  const layers = new Set(allowed.filter(holds).map((rule) => rule.comment.split(":")[0]));
  return layers.size === 0 ? "no layer" : `layer ${[...layers].join(" and ")}`;
}

async function cruiseFixture(): Promise<{ violations: string[]; layers: string[] }> {
  const ruleSet = await extractDepcruiseConfig(
    path.resolve(import.meta.dirname, "../../../.dependency-cruiser.cjs"),
  );
  const allowed = ruleSet.allowed as AllowedRule[];
  const result = await cruise(["src", "commands", "scripts", "packages"], {
    validate: true,
    ruleSet,
    baseDir: fixture,
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === "string") throw new Error("expected a cruise result, not text");
  const lines = result.output.summary.violations.map((v: IViolation) => {
    const to = v.to.replace(/^.*node_modules\/([^/]+)\/.*$/, "$1");
    if (v.rule.name === "no-circular") return `no-circular: ${[v.from, v.to].sort().join(" ↔ ")}`;
    if (v.rule.name === "not-in-allowed") return `${layerOf(allowed, v.from)}: ${v.from} → ${to}`;
    return `${v.rule.name}: ${v.from} → ${to}`;
  });
  const layers = allowed.map((rule) => `layer ${rule.comment.split(":")[0]}`);
  return { violations: [...new Set(lines)].sort(), layers: [...new Set(layers)].sort() };
}

describe("import layering", () => {
  it("refuses, naming the layer, each import its layer does not allow (every layer at least once, another game's files, scripts/ and test/ from the source, the bot beyond the kit from a game's UI), every import made by a file in no layer (a new file in a game's folder, a root file beside the entry points), a circle and a rule fact re-derived outside the engine, and nothing else", async () => {
    const { violations, layers } = await cruiseFixture();
    expect(violations).toEqual([
      "game-rule-facts: src/games/snap/render.ts → src/games/snap/engine/rules.ts",
      "layer UI kit: src/bot/ui/cardgame.ts → discord.js",
      "layer bot: src/bot/play.ts → src/games/snap/engine/views.ts",
      "layer commands: commands/play.ts → src/ops/metrics.ts",
      "layer emulator playground: packages/discord-emulator/src/playground/server.ts → src/bot/seat.ts",
      "layer emulator: packages/discord-emulator/src/index.ts → packages/discord-emulator/src/playground/server.ts",
      "layer emulator: packages/discord-emulator/src/index.ts → src/i18n/words.ts",
      "layer engine: src/engine/deck.ts → src/bot/seat.ts",
      "layer engine: src/engine/shuffle.ts → crypto",
      "layer entry points: src/main.ts → src/settings.ts",
      "layer entry points: src/shard.ts → packages/discord-emulator/src/index.ts",
      "layer game engine: src/games/war/engine/rules.ts → src/i18n/words.ts",
      "layer game manifest: src/games/snap/manifest.ts → src/bot/seat.ts",
      "layer game render: src/games/war/render.ts → src/games/snap/render.ts",
      "layer game ui: src/games/snap/ui.ts → src/bot/play.ts",
      "layer game words: src/games/war/words/index.ts → src/games/war/render.ts",
      "layer games list: src/games/index.ts → src/games/war/ui.ts",
      "layer i18n: src/i18n/plural.ts → src/render/paint.ts",
      "layer ops: src/ops/metrics.ts → scripts/seed.ts",
      "layer png encoder: packages/png-encoder/index.ts → src/render/paint.ts",
      "layer render: src/render/paint.ts → test/support/colours.ts",
      "layer scripts: scripts/seed.ts → test/support/colours.ts",
      "layer store: src/store/games.ts → src/bot/seat.ts",
      "no layer: src/games/snap/helpers.ts → src/games/war/engine/rules.ts",
      "no layer: src/settings.ts → src/bot/seat.ts",
      "no-circular: src/bot/seat.ts ↔ src/bot/turn.ts",
    ]);
    // A layer added to the rules without a refusal here would go unproven.
    const refused = new Set(violations.map((line) => line.split(":")[0]));
    expect(layers.filter((layer) => !refused.has(layer))).toEqual([]);
  });
});
