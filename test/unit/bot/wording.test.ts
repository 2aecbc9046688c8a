import type { Client } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { myResults } from "../../../commands/stats.js";
import { CommandIds } from "../../../src/bot/commandIds.js";
import type { BotContext } from "../../../src/bot/context.js";
import { lobbyPayload } from "../../../src/bot/lobby.js";
import { staleNotice } from "../../../src/bot/play.js";
import { tableMessage } from "../../../src/bot/table.js";
import { GAMES } from "../../../src/games/index.js";
import { wordsFor } from "../../../src/i18n/index.js";
import type { Locale } from "../../../src/i18n/locale.js";
import { type GameRecord, Store } from "../../../src/store/store.js";

/** A table message's words as a reader meets them: above the picture, then beside the buttons. */
const tableText = ({ parts }: Awaited<ReturnType<typeof tableMessage>>) =>
  [parts.content, parts.notice ?? ""].filter((text) => text !== "").join("\n");

let clock: number;
let store: Store;
let ctx: BotContext;

beforeEach(async () => {
  clock = 1_000_000;
  store = await Store.open(":memory:", GAMES.engines(), { now: () => clock });
  await store.preferences.saveGuildSettings("gnl", { language: "nl" });
  ctx = {
    store,
    games: GAMES,
    uis: GAMES.uis(),
    client: { guilds: { cache: new Map() } } as unknown as Client,
    config: { reminderHours: 0 },
    commandIds: new CommandIds(),
  } as unknown as BotContext;
});
afterEach(async () => {
  await store.close();
});

function ok<T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

/** A lobby of `gameType` with Ann hosting and Bob seated, in the English server "gen" or the Dutch "gnl". */
async function lobby(gameType: string, locale: Locale = "en"): Promise<GameRecord> {
  const game = ok(
    await store.games.createLobby({
      guildId: locale === "nl" ? "gnl" : "gen",
      channelId: `c-${gameType}-${locale}`,
      gameType,
      options: {},
      seed: 3,
      host: { userId: "ann", displayName: "Ann" },
    }),
  ).game;
  return ok(await store.seats.joinLobby(game.id, { userId: "bob", displayName: "Bob" }, 4)).game;
}

async function started(gameType: string, locale: Locale = "en"): Promise<GameRecord> {
  return ok(await store.play.startGame((await lobby(gameType, locale)).id, "ann", GAMES.engines()[gameType]!))
    .game;
}

describe("how an ended game is told", () => {
  it("the table says how it ended in one sentence, with no capital after a colon", async () => {
    for (const [locale, line] of [
      ["en", "**Stacking** — this game ended early by Ann."],
      ["nl", "**Stapelen** — dit spel is vroegtijdig gestopt door Ann."],
    ] as const) {
      const game = await started("stapelen", locale);
      const ended = (await store.play.abandon(game.id, { kind: "ended", by: "Ann" })) as GameRecord;
      const content = tableText(await tableMessage(ctx, ended));
      expect(content).toContain(line);
      expect(content).not.toMatch(/: \p{Lu}/u);
    }
  });

  it("a lobby closed when its last player left lists no players under an empty heading, and says it was closed once", async () => {
    const open = await lobby("stapelen");
    ok(await store.seats.leaveLobby(open.id, "bob"));
    const closed = ok(await store.seats.leaveLobby(open.id, "ann")).game;
    expect(closed.status).toBe("abandoned");
    expect((await lobbyPayload(ctx, closed)).content).toBe("**Stacking** — this game was closed.");
  });
});

describe("how a lobby names the command that explains its game", () => {
  it("as a command mention once the commands' ids are known, which every reader sees in their own language", async () => {
    ctx.commandIds.learn([{ id: "123", name: "rules" }], null);
    expect((await lobbyPayload(ctx, await lobby("twelves"))).content).toContain(
      "How to play: </rules:123> Twelves and Fourteens.",
    );
  });

  it("typed out in the server's language with the game's title as the choice list shows it, until then", async () => {
    for (const [locale, line] of [
      ["en", "How to play: `/rules` Twelves and Fourteens."],
      ["nl", "Zo speel je het: `/regels` Twaalven en veertienen."],
    ] as const)
      expect((await lobbyPayload(ctx, await lobby("twelves", locale))).content).toContain(line);
  });
});

describe("a table before and after the first move", () => {
  it("says since when the game waits only once someone moved: before that, when it started", async () => {
    const game = await started("thegame", "nl");
    const before = tableText(await tableMessage(ctx, game));
    expect(before).toContain("Begonnen: <t:1000:R>");
    expect(before).not.toContain("Laatste zet");
    clock = 2_000_000;
    const moved = ok(
      await store.play.applyMove(
        game.id,
        "ann",
        game.version,
        { type: "claimStart" },
        GAMES.engines().thegame!,
      ),
    ).game;
    expect(tableText(await tableMessage(ctx, moved))).toContain("Laatste zet: <t:2000:R>");
  });
});

describe("a click that came too late", () => {
  it("tells the later of two players who claimed the start first, in the later one's words", async () => {
    const game = await started("thegame");
    // Ann and Bob both press "I start" on the same version; Ann's click is stored first.
    ok(
      await store.play.applyMove(
        game.id,
        "ann",
        game.version,
        { type: "claimStart" },
        GAMES.engines().thegame!,
      ),
    );
    const now = (await store.games.getGame(game.id)) as GameRecord;
    expect(await staleNotice(ctx, now, game.version, wordsFor("en"))).toBe(
      "⏳ Your click came too late, so nothing was changed. Just before it:\n• Ann takes the first turn.\nHere are your controls as they are now.",
    );
    expect(await staleNotice(ctx, now, game.version, wordsFor("nl"))).toContain("Net daarvoor:\n• Ann ");
    // Nothing happened since: the plain notice.
    expect(await staleNotice(ctx, now, now.version, wordsFor("en"))).toBe(wordsFor("en")("bot.play.stale"));
  });
});

describe("/stats me", () => {
  it("says what counts when every ended game was ended early, and counts games played to their end", async () => {
    await store.play.abandon((await started("stapelen")).id, { kind: "ended", by: "Ann" });
    const none = await myResults(ctx, "ann", wordsFor("en"));
    expect(none).toContain("Games ended early (left, ended or timed out) are not counted");
    expect(none).toContain("`/game history` lists every ended game");
    expect(await myResults(ctx, "ann", wordsFor("nl"))).toContain("tellen niet mee");
  });
});

describe("a lost game's table", () => {
  /** A Twelves game in `locale`'s server played to its end by always taking the first pair offered. */
  async function playedOut(locale: Locale): Promise<GameRecord> {
    const engine = GAMES.engines().twelves!;
    let game = await started("twelves", locale);
    const move = async (userId: string, m: unknown) => {
      game = ok(await store.play.applyMove(game.id, userId, game.version, m, engine)).game;
    };
    await move("ann", { type: "propose", twelves: "ann", starter: "ann" });
    await move("bob", { type: "confirm" });
    while (game.status === "active") {
      const [seat] = engine.actors(game.state);
      await move(seat as string, engine.legalMoves(game.state, seat as string)[0]);
    }
    return game;
  }
  const review = {
    key: "twelves.review.lostAfter",
    params: { number: 3, player: "ann", first: "8♦", second: "6♣" },
  };

  it("names the move after which the deal could no longer be won under the result, in the server's words", async () => {
    for (const [locale, line] of [
      ["en", "The deal could no longer be won after pair 3: Ann took 8♦ and 6♣."],
      ["nl", "Na paar 3 was het spel niet meer te winnen: Ann pakte 8♦ en 6♣."],
    ] as const) {
      const game = await playedOut(locale);
      expect((game.state as { endReason: string | null }).endReason).toBe("noPair");
      const lines = tableText(await tableMessage(ctx, game, [], review)).split("\n");
      // The result, each player's pairs, then the review line, then the mentions.
      expect(lines.at(-2)).toBe(line);
      expect(lines.at(-1)).toBe("<@ann> <@bob>");
      expect(tableText(await tableMessage(ctx, game)).split("\n")).not.toContain(line);
    }
  });
});
