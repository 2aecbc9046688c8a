import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The UI kit owns Discord: game UIs and the `GameUi` contract describe controls in the kit's terms
 * (ui/controls.ts), and only ui/components.ts turns them into discord.js components. A static
 * check, so a game that reaches for a discord.js builder or style fails here.
 */
const UI_DIR = path.join("src", "bot", "ui");
const KIT_DISCORD_MODULE = "components.ts";
const DISCORD_IMPORT =
  /(?:from\s+|import\s*\(\s*)"(?:discord\.js|discord-api-types(?:\/[^"]*)?|@discordjs\/[^"]+)"/;

describe("only the UI kit imports discord.js", () => {
  const files = fs.readdirSync(UI_DIR).filter((f) => f.endsWith(".ts") && f !== KIT_DISCORD_MODULE);

  it("there are UI modules to check, and the kit is where Discord is spoken", () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(fs.readFileSync(path.join(UI_DIR, KIT_DISCORD_MODULE), "utf8")).toMatch(DISCORD_IMPORT);
  });

  for (const file of files) {
    it(`${file} imports nothing of Discord`, () => {
      expect(fs.readFileSync(path.join(UI_DIR, file), "utf8")).not.toMatch(DISCORD_IMPORT);
    });
  }
});
