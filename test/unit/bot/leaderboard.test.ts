import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leaderboardPayload, myRatings } from "../../../src/bot/leaderboard.js";
import { GAMES } from "../../../src/games/index.js";
import { wordsFor } from "../../../src/i18n/index.js";
import { EVERYWHERE, Store } from "../../../src/store/store.js";

let store: Store;
beforeEach(async () => {
  store = await Store.open(":memory:", GAMES.engines());
});
afterEach(async () => {
  await store.close();
});

/** A Troubadour rating as rated games leave it (no trend: the games that made it are not kept here). */
async function rated(
  userId: string,
  name: string,
  scope: string,
  skill: { mu: number; sigma: number; games: number },
) {
  await store
    .sql(
      "INSERT INTO ratings (game_type, scope, user_id, mu, sigma, games, display_name, updated_at) VALUES ('troubadour', ?, ?, ?, ?, ?, ?, 0)",
    )
    .run(scope, userId, skill.mu, skill.sigma, skill.games, name);
}

describe("/stats leaderboard and /stats me", () => {
  it("an empty board says so, with no picture", async () => {
    const payload = await leaderboardPayload({ store }, "troubadour", "g1", wordsFor("en"));
    expect(payload.pictures).toEqual([]);
    expect(payload.content).toMatch(/^Nobody has a Troubadour rating in this server yet/);
    const everywhere = await leaderboardPayload({ store }, "onevstwo", null, wordsFor("nl"));
    expect(everywhere.content).toMatch(/^Nog niemand heeft een rating voor Eén versus twee\./);
  });

  it("a board is a picture with its text beside it: rank, name (its markdown shown as written), rating with the provisional mark, games", async () => {
    await rated("u1", "Ann_the_*best*", "g1", { mu: 30, sigma: 2, games: 12 });
    await rated("u2", "Bob", "g1", { mu: 26, sigma: 5, games: 3 });
    await rated("u3", "Cy", EVERYWHERE, { mu: 40, sigma: 1, games: 40 });
    const payload = await leaderboardPayload({ store }, "troubadour", "g1", wordsFor("en"));
    expect(payload.content.split("\n")).toEqual([
      "**Troubadour: leaderboard** (this server)",
      "1. Ann\\_the\\_\\*best\\*: 1960, 12 games, –",
      "2. Bob: 1440?, 3 games, –",
    ]);
    expect(payload.pictures).toHaveLength(1);
    expect(payload.pictures[0]!.alt).toMatch(/^The Troubadour leaderboard: rank, player, rating/);
  });

  it("/stats me lists each rated game in this server first, then every server, with the mark while provisional", async () => {
    await rated("u1", "Ann", "g1", { mu: 30, sigma: 2, games: 12 });
    await rated("u1", "Ann", EVERYWHERE, { mu: 28, sigma: 3, games: 1 });
    await rated("u1", "Ann", "g2", { mu: 20, sigma: 3, games: 4 });
    expect((await myRatings({ store }, "u1", "g1", wordsFor("en"))).split("\n")).toEqual([
      "Your ratings (? provisional: fewer than 10 rated games):",
      "• Troubadour, this server: 1960 (12 rated games)",
      "• Troubadour, every server: 1760? (1 rated game)",
    ]);
    expect(await myRatings({ store }, "u9", "g1", wordsFor("en"))).toBe("");
  });
});
