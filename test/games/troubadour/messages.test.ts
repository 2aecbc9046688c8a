import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { POWERS } from "../../../src/games/troubadour/engine/index.js";
import { hasKey, tm } from "../../../src/i18n/index.js";
import { act, castle, fromVillage, playState, toVillage, waste } from "./fixtures.js";

const engineDir = join(import.meta.dirname, "../../../src/games/troubadour/engine");

describe("Messages: every error and log line has English text", () => {
  it("each key the engine can produce is in the catalog", () => {
    const source = readdirSync(engineDir)
      .map((file) => readFileSync(join(engineDir, file), "utf8"))
      .join("\n");
    const keys = new Set(source.match(/"(troubadour|core)\.[A-Za-z.]+"/g)?.map((k) => k.slice(1, -1)));
    // Built from the move type: `troubadour.event.${move.type}` for the two club nobles.
    keys.add("troubadour.event.clubsQueen");
    keys.add("troubadour.event.clubsKing");
    // And `troubadour.event.build.${from}.${to}` for builds.
    for (const from of ["waste", "village"])
      for (const to of ["castle", "village"]) keys.add(`troubadour.event.build.${from}.${to}`);
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((key) => !hasKey(key))).toEqual([]);
  });

  it("each noble power has a label for the UI", () => {
    expect(POWERS.filter((power) => !hasKey(`troubadour.power.${power}`))).toEqual([]);
  });
});

describe("Messages: the channel log names every move of a turn, as the other games do", () => {
  it("the draw, an extra card and every kind of build each have their own line, in both languages", () => {
    let state = playState({
      picks: { a: ["QC", "QD", "KD"], b: ["JD", "QD", "KD"] },
      boards: { a: { draw: ["5D", "AH"], waste: ["2C"], villages: [["9S", "8H"], ["AS"], [], ["9C"]] } },
    });
    const lines: string[] = [];
    const nl: string[] = [];
    const step = (move: Parameters<typeof act>[2]) => {
      const result = act(state, "a", move);
      state = result.state;
      for (const event of result.events) {
        lines.push(tm({ key: event.key, params: { ...event.params, player: "Alice" } }));
        nl.push(tm({ key: event.key, params: { ...event.params, player: "Alice" } }, "nl"));
      }
    };
    step({ type: "draw" });
    step({ type: "build", from: waste, to: castle });
    step({ type: "build", from: fromVillage(1), to: castle });
    step({ type: "clubsQueen" });
    step({ type: "extraDraw" });
    step({ type: "build", from: waste, to: toVillage(2) });
    step({ type: "build", from: fromVillage(0, 1), to: toVillage(3) });
    step({ type: "endTurn" });
    expect(lines).toEqual([
      "Alice turned up A♥.",
      "Alice built A♥ from the waste pile onto a castle.",
      "Alice built A♠ from village 2 onto a castle.",
      expect.stringContaining("Alice used ♣Q"),
      "Alice turned up 5♦ (an extra card).",
      "Alice put 5♦ from the waste pile on village 3.",
      "Alice moved 8♥ from village 1 to village 4.",
      "Alice ended their turn.",
    ]);
    expect(nl.slice(0, 3)).toEqual([
      "Alice draaide A♥ om.",
      "Alice bouwde A♥ van de aflegstapel op een kasteel.",
      "Alice bouwde A♠ uit dorp 2 op een kasteel.",
    ]);
  });
});
