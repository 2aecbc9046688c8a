import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** A module a reader can hold in mind. */
const MAX_LINES = 800;
const root = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith(".ts") ? [file] : [];
  });
}

describe("file sizes", () => {
  it(`no source file in src/ or the workspace packages is over ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles("src"), ...sourceFiles("packages/discord-emulator/src")];
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), "utf8").split("\n").length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
