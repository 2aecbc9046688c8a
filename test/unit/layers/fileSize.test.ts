import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** A module a reader can hold in mind. */
const MAX_LINES = 800;
const repository = path.resolve(import.meta.dirname, "../../..");
const CODE = /\.(ts|js|mjs|cjs)$/;
/** Folders of installed, built or generated files, and the tests' scratch space. */
const NOT_WRITTEN_HERE = new Set(["node_modules", "dist", ".git", ".tmp", "bench-results"]);

/**
 * Files the limit leaves alone: a test file is a list of cases, read one at a time, and a word
 * catalogue (English, Dutch, a game's words) is a list of sentences, not logic.
 */
const EXEMPT = [/\.test\.ts$/, /^src\/i18n\/(en|nl)\//, /^src\/games\/[^/]+\/words\//];

/** Every code file below `root`, as paths relative to it. */
function codeFiles(root: string, dir = ""): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return NOT_WRITTEN_HERE.has(entry.name) ? [] : codeFiles(root, file);
    return CODE.test(entry.name) ? [file] : [];
  });
}

/** The code files below `root` over the limit, with their line counts. */
function tooLong(root: string): { file: string; lines: number }[] {
  return codeFiles(root)
    .filter((file) => !EXEMPT.some((exempt) => exempt.test(file)))
    .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), "utf8").split("\n").length - 1 }))
    .filter((f) => f.lines > MAX_LINES);
}

describe("file sizes", () => {
  it("the walk finds the code of every part of the repository", () => {
    const files = codeFiles(repository);
    for (const part of [
      "src/",
      "commands/",
      "scripts/",
      "test/",
      "packages/discord-emulator/src/playground/page/",
    ])
      expect(
        files.some((file) => file.startsWith(part)),
        part,
      ).toBe(true);
    expect(files).toContain(".dependency-cruiser.cjs");
  });

  it(`no .ts, .js, .mjs or .cjs file is over ${MAX_LINES} lines, tests and word catalogues aside`, () => {
    expect(tooLong(repository)).toEqual([]);
  });

  it("names a file one line over the limit, and neither one at it nor a long test or catalogue", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "file-size-"));
    const write = (file: string, lines: number) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "export {};\n".repeat(lines));
    };
    write("scripts/long.mjs", MAX_LINES + 1);
    write("src/atLimit.ts", MAX_LINES);
    write("test/long.test.ts", MAX_LINES * 2);
    write("src/i18n/nl/words.ts", MAX_LINES * 2);
    write("node_modules/dep/index.js", MAX_LINES * 2);
    try {
      expect(tooLong(root)).toEqual([{ file: "scripts/long.mjs", lines: MAX_LINES + 1 }]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
