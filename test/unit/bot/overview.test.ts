import type { Client } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  fitMessage,
  HISTORY_GAMES,
  historyText,
  leaderboardText,
  type OverviewContext,
  openGamesInOrder,
  statusText,
} from "../../../src/bot/overview.js";
import type { GameEngine, PlayerResult } from "../../../src/engine/core/game.js";
import { GAMES } from "../../../src/games/index.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import { wordsFor } from "../../../src/i18n/index.js";
import { type GameRecord, Store } from "../../../src/store/store.js";

const EN = wordsFor("en");
const NL = wordsFor("nl");

const NAMES: Record<string, string> = {
  u1: "Ann",
  u2: "Bob",
  u3: "Cy",
  u4: "Di",
  u5: "Ed",
  u6: "Flo",
  u7: "Gus",
};

let clock: number;
let store: Store;
let ctx: OverviewContext;
let channels: number;

beforeEach(async () => {
  clock = 1_000_000;
  channels = 0;
  store = await Store.open(":memory:", GAMES.engines(), { now: () => clock });
  // The servers this bot sees; "g3" is served by another shard.
  const cache = new Map([
    ["g1", { name: "Card Club" }],
    ["g2", { name: "Night Owls" }],
  ]);
  ctx = { store, uis: GAMES.uis(), client: { guilds: { cache } } as unknown as Client };
});
afterEach(async () => {
  await store.close();
});

function ok<T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

/** A lobby at `at` of `gameType` in server `guildId`, hosted by the first of `users`, the others seated. */
async function lobby(gameType: string, guildId: string, users: string[], at: number): Promise<GameRecord> {
  clock = at;
  const [host, ...others] = users as [string, ...string[]];
  let game = ok(
    await store.games.createLobby({
      guildId,
      channelId: `c${++channels}`,
      gameType,
      options: {},
      seed: 1,
      host: { userId: host, displayName: NAMES[host]! },
    }),
  ).game;
  for (const u of others)
    game = ok(await store.seats.joinLobby(game.id, { userId: u, displayName: NAMES[u]! }, 10)).game;
  return game;
}

/** Stacking started at `at`: the first seat (the host) is the one to act. */
async function stacking(guildId: string, users: string[], at: number): Promise<GameRecord> {
  const game = await lobby("stapelen", guildId, users, at);
  return ok(await store.play.startGame(game.id, users[0]!, GAMES.engines().stapelen!)).game;
}

/** An engine whose game is over as soon as it starts, with these results. */
function overAtOnce(
  gameType: string,
  results: Record<string, PlayerResult | { result: PlayerResult; score: number }>,
): GameEngine<unknown, unknown, unknown, unknown> {
  return {
    ...GAMES.engines()[gameType]!,
    minPlayers: 1,
    setup: () => ({}),
    outcome: () => ({
      results: Object.fromEntries(
        Object.entries(results).map(([u, r]) => [u, typeof r === "string" ? { result: r } : r]),
      ),
      summary: { key: "thegame.scoreUnit", params: { count: 0 } },
    }),
  } as unknown as GameEngine<unknown, unknown, unknown, unknown>;
}

/** A game of `gameType` in `guildId` finished at `at` with these results (the first player hosts). */
async function finished(
  gameType: string,
  guildId: string,
  results: Record<string, PlayerResult | { result: PlayerResult; score: number }>,
  at: number,
): Promise<GameRecord> {
  const users = Object.keys(results);
  const game = await lobby(gameType, guildId, users, at);
  return ok(await store.play.startGame(game.id, users[0]!, overAtOnce(gameType, results))).game;
}

describe("/game status", () => {
  it("lists the games where the user is to act first, then the others; in each, the longest waiting first", async () => {
    const theirTurn = await stacking("g1", ["u2", "u1"], 2000);
    const mineNewer = await stacking("g1", ["u1", "u3"], 4000);
    const mineOlder = await stacking("g2", ["u1", "u2"], 3000);
    const gathering = await lobby("thegame", "g1", ["u3", "u1"], 1000);
    await lobby("thegame", "g1", ["u2", "u3"], 500);
    const listed = await openGamesInOrder(ctx, "u1");
    expect(listed.map((e) => e.game.id)).toEqual([mineOlder.id, mineNewer.id, gathering.id, theirTurn.id]);
    expect(listed.map((e) => e.yourTurn)).toEqual([true, true, false, false]);
    expect(listed[3]!.others).toEqual(["Bob"]);
  });

  it("a seat handed to the user is theirs to play: their turn, named as the seat's member", async () => {
    const game = await stacking("g1", ["u2", "u3"], 1000);
    store.db
      .prepare("UPDATE game_players SET member_id = 'u1', display_name = 'Ann' WHERE user_id = 'u2'")
      .run();
    expect(await openGamesInOrder(ctx, "u1")).toMatchObject([
      { game: { id: game.id }, yourTurn: true, others: [] },
    ]);
  });

  it("each line names the game, the server unless it is this one, whose turn it is, since when, and links the table", async () => {
    const here = await stacking("g1", ["u1", "u2"], 5_000_000);
    await store.messages.setMessage(here.id, "table", here.channelId, "m1", here.version);
    const elsewhere = await stacking("g2", ["u2", "u1"], 6_000_000);
    await stacking("g3", ["u3", "u1"], 7_000_000);
    const [mine, theirs, unseen] = (await statusText(ctx, "u1", "g1", EN)).split("\n").slice(1);
    expect(mine).toBe(
      `• **Stacking** — **your move** · last active: <t:5000:R> · [table](https://discord.com/channels/g1/${here.channelId}/m1)`,
    );
    expect(theirs).toBe(
      `• **Stacking** · Night Owls — Bob to move · last active: <t:6000:R> · <#${elsewhere.channelId}>`,
    );
    expect(unseen).toContain("· another server — Cy to move");
  });

  it("a server this shard does not see is named as the shard serving it, on any host, recorded it", async () => {
    await stacking("g3", ["u3", "u1"], 7_000_000);
    await store.preferences.saveGuildNames([{ id: "g3", name: "Far Tables" }]);
    expect(await statusText(ctx, "u1", "g1", EN)).toContain("• **Stacking** · Far Tables — Cy to move");
  });

  it("in DMs every line names its server", async () => {
    await stacking("g1", ["u1", "u2"], 1000);
    expect(await statusText(ctx, "u1", null, EN)).toContain("**Stacking** · Card Club —");
  });

  it("says how to start a game when there is none", async () => {
    expect(await statusText(ctx, "u1", "g1", EN)).toBe("You have no open games. Start one with `/play`.");
  });

  it("keeps within Discord's 2000 characters and says how many games are left out", async () => {
    for (let i = 0; i < 40; i++) await stacking("g2", ["u1", "u2"], 1000 + i);
    const text = await statusText(ctx, "u1", "g1", EN);
    expect(text.length).toBeLessThanOrEqual(2000);
    const shown = text.split("\n").filter((l) => l.startsWith("• ")).length;
    expect(text.endsWith(`…and ${40 - shown} more`)).toBe(true);
  });
});

describe("/game history", () => {
  it("lists ended games newest first with the user's result, score, server, robots, end time and the number a replay takes", async () => {
    await finished(
      "thegame",
      "g1",
      { u1: { result: "win", score: 3 }, u2: { result: "win", score: 3 } },
      10_000,
    );
    await finished("twelves", "g2", { u2: "win", u1: "loss" }, 20_000);
    const ended = await stacking("g1", ["u2", "u1"], 30_000);
    await store.play.abandon(ended.id, { kind: "ended", by: "Bob" });
    const left = ok(
      await store.play.startGame((await lobby("thegame", "g1", ["u2", "u1"], 40_000)).id, "u2", theGame),
    ).game;
    ok(await store.seats.standIn(left.id, "u1"));
    await store.play.abandon(left.id, { kind: "ended", by: "Bob" });
    expect((await historyText(ctx, "u1", "g1", EN)).split("\n")).toEqual([
      "Your ended games, newest first:",
      "• **The Game** — left (a bot played your seat on) · with bots · <t:40:f> · game 4",
      "• **Stacking** — ended early by Bob · <t:30:f> · game 3",
      "• **Twelves and Fourteens** · Night Owls — lost · <t:20:f> · game 2",
      "• **The Game** — **won**, 3 cards left · <t:10:f> · game 1",
    ]);
  });

  it(`shows the newest ${HISTORY_GAMES} games only`, async () => {
    for (let i = 0; i <= HISTORY_GAMES; i++)
      await finished("twelves", "g1", { u1: "win", u2: "loss" }, 1000 * (i + 1));
    const lines = (await historyText(ctx, "u1", "g1", EN)).split("\n").slice(1);
    expect(lines).toHaveLength(HISTORY_GAMES);
    expect(lines[0]).toContain(`<t:${HISTORY_GAMES + 1}:f>`);
  });
});

describe("/stats server", () => {
  it("ranks per game by wins, then win rate, the top 5 of this server's finished games", async () => {
    // Twelves: Bob 2 of 2, Ann 2 of 3, Cy 1 of 1, Di 1 of 2, Ed 0 of 1, Flo 0 of 2, Gus 0 of 3.
    await finished("twelves", "g1", { u1: "win", u7: "loss" }, 1);
    await finished("twelves", "g1", { u1: "win", u6: "loss" }, 2);
    await finished("twelves", "g1", { u1: "loss", u2: "win" }, 3);
    await finished("twelves", "g1", { u2: "win", u7: "loss" }, 4);
    await finished("twelves", "g1", { u3: "win", u6: "loss" }, 5);
    await finished("twelves", "g1", { u4: "win", u7: "loss" }, 6);
    await finished("twelves", "g1", { u4: "loss", u5: "loss" }, 7);
    // Another server's game and a game ended early do not count.
    await finished("twelves", "g2", { u7: "win", u6: "loss" }, 8);
    await store.play.abandon((await stacking("g1", ["u7", "u6"], 9)).id, { kind: "ended", by: "Gus" });
    await finished("thegame", "g1", { u6: "win", u7: "win" }, 10);
    expect((await leaderboardText(ctx, "g1", EN)).split("\n")).toEqual([
      "This server's best players (finished games; most wins, then win rate):",
      "**The Game**",
      "1. <@u6> — 1 won of 1 played (100%)",
      "2. <@u7> — 1 won of 1 played (100%)",
      "**Twelves and Fourteens**",
      "1. <@u2> — 2 won of 2 played (100%)",
      "2. <@u1> — 2 won of 3 played (67%)",
      "3. <@u3> — 1 won of 1 played (100%)",
      "4. <@u4> — 1 won of 2 played (50%)",
      "5. <@u5> — 0 won of 1 played (0%)",
    ]);
  });

  it("says so when the server has no finished games", async () => {
    await finished("twelves", "g2", { u1: "win", u2: "loss" }, 1);
    expect(await leaderboardText(ctx, "g1", EN)).toBe(
      "Nobody has finished a game on this server yet. Start one with `/play`.",
    );
  });
});

describe("in Dutch", () => {
  it("/game status speaks Dutch: the game's Dutch name, whose move, a Dutch link and the other server", async () => {
    const here = await stacking("g1", ["u1", "u2"], 5_000_000);
    await store.messages.setMessage(here.id, "table", here.channelId, "m1", here.version);
    await stacking("g3", ["u3", "u1"], 7_000_000);
    expect((await statusText(ctx, "u1", "g1", NL)).split("\n")).toEqual([
      "Je lopende spellen, die waarin jij aan de beurt bent eerst:",
      `• **Stapelen** — **jij bent aan de beurt** · laatst actief: <t:5000:R> · [naar de tafel](https://discord.com/channels/g1/${here.channelId}/m1)`,
      "• **Stapelen** · een andere server — Cy aan de beurt · laatst actief: <t:7000:R> · <#c2>",
    ]);
    await store.close();
    store = await Store.open(":memory:", GAMES.engines(), { now: () => clock });
    ctx = { ...ctx, store };
    expect(await statusText(ctx, "u1", "g1", NL)).toBe(
      "Je hebt geen lopende spellen. Begin er een met `/spelen`.",
    );
  });

  it("/game history and /stats server speak Dutch, counting points with Dutch words", async () => {
    await finished(
      "thegame",
      "g1",
      { u1: { result: "win", score: 1 }, u2: { result: "win", score: 1 } },
      10_000,
    );
    await finished("twelves", "g1", { u2: "win", u1: "loss" }, 20_000);
    expect((await historyText(ctx, "u1", "g1", NL)).split("\n")).toEqual([
      "Je afgelopen spellen, nieuwste eerst:",
      "• **Twaalven en veertienen** — verloren · <t:20:f> · spel 2",
      "• **The Game** — **gewonnen**, 1 kaart over · <t:10:f> · spel 1",
    ]);
    expect((await leaderboardText(ctx, "g1", NL)).split("\n").slice(0, 3)).toEqual([
      "De beste spelers van deze server (uitgespeelde spellen; meeste overwinningen, dan winstpercentage):",
      "**The Game**",
      "1. <@u1> — 1 van 1 gewonnen (100%)",
    ]);
  });

  it("says in Dutch how many games did not fit", () => {
    const lines = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(50, "x"));
    const text = fitMessage("Kop:", lines, NL);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text.split("\n").at(-1)).toMatch(/^…en nog \d+$/);
  });
});

describe("fitting a message", () => {
  it("keeps the heading and whole lines within 2000 characters, counting the lines left out", () => {
    const lines = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(50, "x"));
    const text = fitMessage("Heading:", lines, EN);
    expect(text.length).toBeLessThanOrEqual(2000);
    const kept = text.split("\n").slice(1, -1);
    expect(lines.slice(0, kept.length)).toEqual(kept);
    expect(text.split("\n").at(-1)).toBe(`…and ${100 - kept.length} more`);
    expect(fitMessage("Heading:", lines.slice(0, 3), EN)).toBe(["Heading:", ...lines.slice(0, 3)].join("\n"));
  });
});
