import { describe, expect, it } from "vitest";
import type { BotContext } from "../../../src/bot/context.js";
import { hintFor } from "../../../src/bot/hints.js";
import { inPlaceThinker } from "../../../src/bot/thinker.js";
import type { GameOptions } from "../../../src/engine/core/game.js";
import { GAMES } from "../../../src/games/index.js";
import type { GameRecord } from "../../../src/store/store.js";

const warnings: string[] = [];
const ctx = {
  games: GAMES,
  uis: GAMES.uis(),
  thinker: inPlaceThinker(GAMES.robots()),
  log: { info: () => undefined, warn: (line: string) => warnings.push(line), error: () => undefined },
} as unknown as BotContext;

function game(gameType: string, players: string[], options: GameOptions = {}): GameRecord {
  return {
    id: 1,
    guildId: "g",
    channelId: "c",
    gameType,
    options,
    seed: 3,
    status: "active",
    hostId: players[0] as string,
    version: 1,
    state: GAMES.engines()[gameType]!.setup(players, options, 3),
    endReason: null,
    createdAt: 0,
    updatedAt: 0,
    players: players.map((userId, seat) => ({
      seat,
      userId,
      memberId: userId,
      displayName: userId,
      kind: "human",
      standsInFor: null,
    })),
  };
}

describe("hints", () => {
  it("a cooperative or solo game gives a hint to a player who may move", async () => {
    for (const [type, players] of [
      ["thegame", ["u1"]],
      ["fourkings", ["u1"]],
      ["stapelen", ["u1", "u2"]],
    ] as const) {
      const hint = await hintFor(ctx, game(type, [...players]), "u1", "en");
      expect(hint, type).toMatch(/^💡 Hint: \S/);
    }
  });

  it("a competitive game gives hints only when the host enabled the hints option", async () => {
    expect(await hintFor(ctx, game("troubadour", ["u1", "u2"]), "u1", "en")).toMatch(/^Hints are off/);
    expect(await hintFor(ctx, game("troubadour", ["u1", "u2"], { hints: true }), "u1", "en")).toMatch(
      /^💡 Hint: \S/,
    );
    expect(await hintFor(ctx, game("onevstwo", ["u1", "u2", "u3"]), "u1", "en")).toMatch(/^Hints are off/);
  });

  it("a player with no move to make is told so, not given a move", async () => {
    const stacking = game("stapelen", ["u1", "u2"]);
    const idle = GAMES.engines().stapelen!.actors(stacking.state).includes("u1") ? "u2" : "u1";
    expect(await hintFor(ctx, stacking, idle, "en")).toMatch(/^Nothing to suggest/);
  });

  it("a hint's text is a readable sentence, never an i18n key", async () => {
    const hint = await hintFor(ctx, game("thegame", ["u1"]), "u1", "en");
    expect(hint).not.toMatch(/\b[a-z]+\.robot\.[a-zA-Z.]+\b/);
    expect(warnings).toEqual([]);
  });

  it("a hint is in the asker's language", async () => {
    const hint = await hintFor(ctx, game("thegame", ["u1"]), "u1", "nl");
    expect(hint).toMatch(/^💡 Tip: \S/);
    expect(hint).not.toContain("Hint");
    expect(await hintFor(ctx, game("troubadour", ["u1", "u2"]), "u1", "nl")).toMatch(/^Tips staan uit/);
  });
});
