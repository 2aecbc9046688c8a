import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync("README.md", "utf8");
const setup = readFileSync("scripts/setup.sh", "utf8");

describe("what the README and setup tell a newcomer to type", () => {
  it("gives the playground's flags after `npm run playground --`, where npm passes them on", () => {
    // Typed alone (`--port 8081`) a flag is a shell error; after `npm run playground` without `--`, npm eats it.
    const flags = [...readme.matchAll(/`([^`]*--(?:port|host|data)\b[^`]*)`/g)].map((match) => match[1]);
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(flag).toMatch(/^npm run playground -- --/);
  });

  it("asks for a .env only for the bot on Discord itself, and says the playground needs nothing", () => {
    const said = [...setup.matchAll(/^[^#\n]*echo "(setup: [^"]*)"/gm)].map((match) => match[1]!);
    const envLines = said.filter((line) => line.includes(".env"));
    expect(envLines.length).toBeGreaterThan(0);
    for (const line of envLines) expect(line).toContain("npm start");
    expect(said.some((line) => line.includes("playground needs nothing"))).toBe(true);
  });
});
