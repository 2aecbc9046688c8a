import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { POWERS } from "../../../src/engine/games/troubadour/index.js";
import { hasKey } from "../../../src/i18n/index.js";

const engineDir = join(import.meta.dirname, "../../../src/engine/games/troubadour");

describe("Messages: every error and log line has English text", () => {
  it("each key the engine can produce is in the catalog", () => {
    const source = readdirSync(engineDir)
      .map((file) => readFileSync(join(engineDir, file), "utf8"))
      .join("\n");
    const keys = new Set(source.match(/"(troubadour|core)\.[A-Za-z.]+"/g)?.map((k) => k.slice(1, -1)));
    // Built from the move type: `troubadour.event.${move.type}` for the two club nobles.
    keys.add("troubadour.event.clubsQueen");
    keys.add("troubadour.event.clubsKing");
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((key) => !hasKey(key))).toEqual([]);
  });

  it("each noble power has a label for the UI", () => {
    expect(POWERS.filter((power) => !hasKey(`troubadour.power.${power}`))).toEqual([]);
  });
});
