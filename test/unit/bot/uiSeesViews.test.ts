import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The UI sees views, never state: no module of the UI kit (src/bot/ui) or of a game's UI
 * (src/games/<id>/ui.ts and alt.ts) imports the store, a stored record,
 * or a game's state type, and none reaches into `.state`. A static check, so a new panel that
 * peeks at hidden information fails here before it reaches a player.
 */
const KIT = path.join("src", "bot", "ui");
const GAMES = path.join("src", "games");
const FORBIDDEN: [RegExp, string][] = [
  [/from "\.\.\/\.\.\/store\//, "imports the store"],
  [/\bGameRecord\b/, "uses the stored record"],
  [/\b[A-Z][A-Za-z]*State\b/, "names a game's state type"],
  [/\.state\b/, "reads .state"],
  [/\bprivateView\(|\bpublicView\(/, "computes views itself (it is given them)"],
];

describe("UI modules see views only", () => {
  const files = [
    ...fs.readdirSync(KIT).map((f) => path.join(KIT, f)),
    ...fs
      .readdirSync(GAMES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => ["ui.ts", "alt.ts"].map((f) => path.join(GAMES, entry.name, f))),
  ].filter((f) => f.endsWith(".ts") && fs.existsSync(f));

  it("there are UI modules to check: the kit's and every game's", () => {
    expect(files.length).toBeGreaterThanOrEqual(14);
  });

  for (const file of files) {
    it(`${file} reads no stored state`, () => {
      const source = fs.readFileSync(file, "utf8");
      const problems = FORBIDDEN.filter(([pattern]) => pattern.test(source)).map(([, what]) => what);
      expect(problems).toEqual([]);
    });
  }
});
