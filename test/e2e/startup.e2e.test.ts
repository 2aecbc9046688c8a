import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function start(env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("DISCORD_")));
  return spawnSync(process.execPath, ["dist/src/index.js"], {
    cwd: root,
    env: { ...clean, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("npm start's entry point without a usable set-up", () => {
  it("exits at once without a token, saying what to put in .env and naming the playground", () => {
    const run = start({ DISCORD_TOKEN: "", DISCORD_APPLICATION_ID: "" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/\.env/);
    expect(run.stderr).toMatch(/DISCORD_TOKEN/);
    expect(run.stderr).toMatch(/npm run playground/);
  });

  it("exits with a clear message when the database cannot be opened", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "startup-"));
    const blocker = path.join(dir, "not-a-folder");
    fs.writeFileSync(blocker, "x");
    const run = start({
      DISCORD_TOKEN: "t",
      DISCORD_APPLICATION_ID: "123456789012345678",
      DATABASE_PATH: path.join(blocker, "bot.sqlite"),
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/cannot open the database/);
    expect(run.stderr).toMatch(/DATABASE_PATH/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
