import path from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import extractDepcruiseConfig from "dependency-cruiser/config-utl/extract-depcruise-config";
import { describe, expect, it } from "vitest";

// `npm run lint` checks the real tree with .dependency-cruiser.cjs; this shows the same rules
// catch what they are there for, on a small tree that breaks them.
const fixture = path.resolve(import.meta.dirname, "fixture");

async function violations(): Promise<string[]> {
  const ruleSet = await extractDepcruiseConfig(
    path.resolve(import.meta.dirname, "../../../.dependency-cruiser.cjs"),
  );
  const result = await cruise(["src", "packages"], {
    validate: true,
    ruleSet,
    baseDir: fixture,
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === "string") throw new Error("expected a cruise result, not text");
  const lines = result.output.summary.violations.map((v: IViolation) =>
    v.rule.name === "no-circular"
      ? `no-circular: ${[v.from, v.to].sort().join(" ↔ ")}`
      : `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*node_modules\/([^/]+)\/.*$/, "$1")}`,
  );
  return [...new Set(lines)].sort();
}

describe("import layering", () => {
  it("refuses a circle, an import against the layering, Discord in a game's UI, a rule fact re-derived outside the engine, the bot and the emulator in each other, and nothing else", async () => {
    expect(await violations()).toEqual([
      "bot-without-emulator: src/shard.ts → packages/discord-emulator/src/index.ts",
      "emulator-under-playground: packages/discord-emulator/src/index.ts → packages/discord-emulator/src/playground/server.ts",
      "emulator: packages/discord-emulator/src/index.ts → src/i18n/words.ts",
      "engine: src/engine/deck.ts → src/bot/seat.ts",
      "game-rule-facts: src/games/snap/render.ts → src/games/snap/engine/rules.ts",
      "no-circular: src/bot/seat.ts ↔ src/bot/turn.ts",
      "ui-speaks-kit: src/bot/ui/cardgame.ts → discord.js",
    ]);
  });
});
