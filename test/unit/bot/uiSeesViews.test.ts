import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The UI sees views, never state: no module under src/bot/ui imports the store, a stored record,
 * or a game's state type, and none reaches into `.state`. A static check, so a new panel that
 * peeks at hidden information fails here before it reaches a player.
 */
const UI_DIR = path.join("src", "bot", "ui");
const FORBIDDEN: [RegExp, string][] = [
  [/from "\.\.\/\.\.\/store\//, "imports the store"],
  [/\bGameRecord\b/, "uses the stored record"],
  [/\b[A-Z][A-Za-z]*State\b/, "names a game's state type"],
  [/\.state\b/, "reads .state"],
  [/\bprivateView\(|\bpublicView\(/, "computes views itself (it is given them)"],
];

describe("UI modules see views only", () => {
  const files = fs.readdirSync(UI_DIR).filter((f) => f.endsWith(".ts"));

  it("there are UI modules to check", () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    it(`${file} reads no stored state`, () => {
      const source = fs.readFileSync(path.join(UI_DIR, file), "utf8");
      const problems = FORBIDDEN.filter(([pattern]) => pattern.test(source)).map(([, what]) => what);
      expect(problems).toEqual([]);
    });
  }
});
