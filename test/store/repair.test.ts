import { type APIMessage, Collection, ComponentType, DiscordAPIError } from "discord.js";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/bot/config.js";
import type { BotContext } from "../../src/bot/context.js";
import { createLogger } from "../../src/bot/log.js";
import type { RepairKind } from "../../src/bot/metrics.js";
import { pingOwed, RepairSweep } from "../../src/bot/repair.js";
import { TableService } from "../../src/bot/tables.js";
import type { AnyEngine, PlayerId } from "../../src/engine/core/game.js";
import { GAMES } from "../../src/games/index.js";
import type { GameRecord, Store } from "../../src/store/store.js";
import { storesPerTest } from "../support/storeDatabase.js";
import { openLobby, THE_GAME_OPTIONS } from "../support/storeGames.js";

/**
 * The repair sweep on a real store, with Discord played by a fake that can refuse connections (the
 * REST proxy down: nothing arrives) or lose its answers (a post arrives and the bot never hears),
 * and the sweep's pauses on a clock the test moves.
 */

const { open } = storesPerTest();
const uis = GAMES.uis();
const MISSING_ACCESS = { code: 50001, message: "Missing Access" };
const engines = GAMES.engines();

/** An error as a request to a proxy that is down fails, and one whose answer was lost. */
const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:8790"), { code: "ECONNREFUSED" });
const lost = () => Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });

interface Posted {
  id: string;
  channelId: string;
  content: string;
  pictures: string[];
  /** The pictures it was posted with (a retired table loses them). */
  postedWith: string[];
  /** Whom Discord pinged when it was posted. */
  pinged: string[];
  buttons: number;
  edits: number;
}

interface Body {
  content?: string;
  components?: { toJSON(): { type: number } }[];
  attachments?: unknown[];
  files?: { name: string }[];
  allowedMentions?: { users?: string[] };
}

/** The rows of buttons of a message (Components V2 also lays out its text and picture as components). */
function actionRows(body: Body): number {
  return (body.components ?? []).filter((c) => c.toJSON().type === ComponentType.ActionRow).length;
}

/** The channels' messages, as Discord keeps them. */
class FakeDiscord {
  /** `down`: no connection is made; `answersLost`: each request is done, and its answer lost. */
  mode: "up" | "down" | "answersLost" = "up";
  readonly posted: Posted[] = [];
  #ids = 1000;

  channel(channelId: string) {
    return {
      id: channelId,
      isSendable: () => true,
      send: async (body: Body) => {
        if (this.mode === "down") throw refused();
        const message: Posted = {
          id: String(++this.#ids),
          channelId,
          content: body.content ?? "",
          pictures: (body.files ?? []).map((f) => f.name),
          postedWith: (body.files ?? []).map((f) => f.name),
          pinged: body.allowedMentions?.users ?? [],
          buttons: actionRows(body),
          edits: 0,
        };
        this.posted.push(message);
        if (this.mode === "answersLost") throw lost();
        return { id: message.id, channelId };
      },
      messages: {
        edit: async (messageId: string, body: Body) => {
          if (this.mode === "down") throw refused();
          const message = this.posted.find((m) => m.id === messageId);
          if (!message) throw new Error(`no message ${messageId}`);
          if (body.content !== undefined) message.content = body.content;
          if (body.files) message.pictures = body.files.map((f) => f.name);
          else if (body.attachments?.length === 0) message.pictures = [];
          if (body.components) message.buttons = actionRows(body);
          message.edits++;
          if (this.mode === "answersLost") throw lost();
          // The edited message, as discord.js gives it: its attachments by id.
          return {
            attachments: new Collection(
              message.pictures.map((name, i) => [String(i), { name, url: `https://cdn.test/${name}` }]),
            ),
          };
        },
      },
    };
  }

  /** GET /channels/{id}/messages?after=…: what was posted there after a message. */
  async history(route: string, query: URLSearchParams): Promise<Partial<APIMessage>[]> {
    if (this.mode === "down") throw refused();
    const after = BigInt(query.get("after") ?? "0");
    return this.posted
      .filter((m) => route === `/channels/${m.channelId}/messages` && BigInt(m.id) > after)
      .map((m) => ({
        id: m.id,
        channel_id: m.channelId,
        author: { id: "bot" } as APIMessage["author"],
        attachments: m.pictures.map((filename) => ({ filename }) as APIMessage["attachments"][number]),
      }));
  }

  tables(game: GameRecord): Posted[] {
    return this.posted.filter((m) => m.postedWith.some((p) => p.startsWith(`${game.gameType}-${game.id}-`)));
  }
}

/** A clock whose sleepers wake only when the test moves it on. */
function manualClock() {
  const sleepers: { until: number; wake: () => void }[] = [];
  let at = 0;
  return {
    sleeps: [] as number[],
    get pending(): number {
      return sleepers.length;
    },
    sleep(ms: number): Promise<void> {
      this.sleeps.push(ms);
      return new Promise((wake) => sleepers.push({ until: at + ms, wake }));
    },
    /** Moves on to the next sleeper's time and wakes it. */
    next(): void {
      const first = sleepers.sort((a, b) => a.until - b.until).shift();
      if (!first) throw new Error("nobody sleeps");
      at = first.until;
      first.wake();
    },
  };
}

/** Waits, a few milliseconds at a time, until `fact` holds: the store may be a PostgreSQL server away. */
async function until(fact: () => boolean, what: string): Promise<void> {
  for (const limit = Date.now() + 10_000; !fact(); ) {
    if (Date.now() > limit) throw new Error(`never came: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A bot's context around the store and the fake Discord, with the metrics it counted. */
function botOn(store: Store, discord: FakeDiscord) {
  const clock = manualClock();
  const repaired: RepairKind[] = [];
  let failedPosts = 0;
  const ctx = {
    client: {
      user: { id: "bot" },
      channels: { fetch: async (id: string) => discord.channel(id) },
      rest: {
        get: (route: string, options: { query: URLSearchParams }) => discord.history(route, options.query),
      },
      guilds: { cache: new Map([["g1", {}]]) },
    },
    store,
    config: { applicationId: "42", reminderHours: 0, scanPageSize: 10 } as Config,
    log: createLogger("error"),
    games: GAMES,
    uis,
    painter: { draw: async () => Buffer.from("png"), wouldWait: () => false },
    metrics: {
      tablePostFailed: () => failedPosts++,
      tableRepaired: (what: RepairKind) => repaired.push(what),
    },
  } as unknown as BotContext;
  const tables = new TableService(() => ctx, { sleep: (ms) => clock.sleep(ms) });
  Object.assign(ctx, { tables });
  const failedPass = async () => {
    const sleeping = clock.sleeps.length;
    clock.next();
    await until(() => clock.sleeps.length > sleeping, "the sweep to fail and pause again");
  };
  const repairingPass = async (repairs: number) => {
    clock.next();
    await until(() => repaired.length === repairs && tables.owed === 0, `${repairs} repair(s)`);
  };
  return { tables, clock, repaired, failedPosts: () => failedPosts, failedPass, repairingPass };
}

/** A started game of Ann and Bob, in a channel of its own (one open game a channel). */
async function started(store: Store, gameType: string, channelId = "c1"): Promise<GameRecord> {
  const created = await openLobby(store, {
    channelId,
    gameType,
    options: gameType === "thegame" ? THE_GAME_OPTIONS : {},
    seed: 7,
  });
  await store.seats.joinLobby(created.id, { userId: "u2", displayName: "Bob" }, 5);
  const start = await store.play.startGame(created.id, "u1", engines[gameType] as AnyEngine);
  if (!start.ok) throw new Error("not started");
  return start.game;
}

/** A move of whoever must act (`pick` chooses among the legal ones), through the store. */
async function move(
  store: Store,
  game: GameRecord,
  pick: (legal: { type: string }[]) => unknown = (legal) => legal[0],
): Promise<{ game: GameRecord; turnChanged: boolean }> {
  const engine = engines[game.gameType] as AnyEngine;
  const actor = engine.actors(game.state)[0] as PlayerId;
  const result = await store.play.applyMove(
    game.id,
    actor,
    game.version,
    pick(engine.legalMoves(game.state, actor) as { type: string }[]),
    engine,
  );
  if (!result.ok) throw new Error(`move refused: ${result.reason}`);
  const turnChanged = engine.actors(result.game.state).join(",") !== engine.actors(game.state).join(",");
  return { game: result.game, turnChanged };
}

/** The table update a stored move queues, as `afterChange` asks for it; whether it failed. */
function show(tables: TableService, before: GameRecord, after: { game: GameRecord; turnChanged: boolean }) {
  return tables.showMove(after.game, [], after.turnChanged, before.version, Promise.resolve()).then(
    () => "shown",
    () => "failed",
  );
}

describe("a table the proxy's failure left behind is repaired by the sweep, without a restart", () => {
  it("a REST that fails then recovers: the sweep tries after 1 s, again after 2 s, posts the table once Discord answers, pings its player once, and stops", async () => {
    const store = await open();
    const discord = new FakeDiscord();
    const bot = botOn(store, discord);
    const game = await started(store, "stapelen");
    await bot.tables.post(game);
    discord.mode = "down";
    const moved = await move(store, game);
    expect(moved.turnChanged).toBe(true);
    expect(await show(bot.tables, game, moved)).toBe("failed");
    expect(bot.failedPosts()).toBe(1);
    expect(bot.tables.owed).toBe(1);

    await bot.failedPass();
    expect(bot.tables.owed).toBe(1);
    discord.mode = "up";
    await bot.repairingPass(1);
    expect(bot.clock.sleeps).toEqual([1000, 2000]);
    expect(bot.clock.pending).toBe(0);

    const tables = discord.tables(game);
    expect(tables).toHaveLength(2);
    const waiting = engines.stapelen!.actors(moved.game.state);
    expect(tables[1]!.pictures).toEqual([
      expect.stringMatching(pictureOf("stapelen", game.id, moved.game.version)),
    ]);
    expect(tables[1]!.pinged).toEqual(waiting);
    // The table it replaced lost its buttons.
    expect(tables[0]!.buttons).toBe(0);
    expect((await store.messages.getMessage(game.id, "table"))?.version).toBe(moved.game.version);
    expect(bot.repaired).toEqual(["ping"]);
  });

  it("a table that reached Discord while its answer was lost is found and recorded, not posted again", async () => {
    const store = await open();
    const discord = new FakeDiscord();
    const bot = botOn(store, discord);
    const game = await started(store, "stapelen");
    await bot.tables.post(game);
    discord.mode = "answersLost";
    const moved = await move(store, game);
    expect(await show(bot.tables, game, moved)).toBe("failed");
    expect(discord.tables(game)).toHaveLength(2);
    discord.mode = "up";
    await bot.repairingPass(1);

    const tables = discord.tables(game);
    // No third table: its player was pinged once, by the post that went out unheard.
    expect(tables).toHaveLength(2);
    const shown = await store.messages.getMessage(game.id, "table");
    expect(shown).toMatchObject({ messageId: tables[1]!.id, version: moved.game.version });
    expect(tables[0]!.buttons).toBe(0);
    expect(bot.repaired).toEqual(["table"]);
  });

  it("a move within a player's turn whose edit failed: the table is edited in place, the player not pinged again", async () => {
    const store = await open();
    const discord = new FakeDiscord();
    const bot = botOn(store, discord);
    const game = await started(store, "thegame");
    await bot.tables.post(game);
    // Ann claims the first turn: a new table tells her it is hers.
    const claimed = await move(store, game, (legal) => legal.find((m) => m.type === "claimStart"));
    expect(await show(bot.tables, game, claimed)).toBe("shown");
    const before = discord.tables(game).length;
    discord.mode = "down";
    const played = await move(store, claimed.game, (legal) => legal.find((m) => m.type === "play"));
    expect(played.turnChanged).toBe(false);
    expect(await show(bot.tables, claimed.game, played)).toBe("failed");
    discord.mode = "up";
    await bot.repairingPass(1);

    const tables = discord.tables(game);
    expect(tables).toHaveLength(before);
    expect(tables.at(-1)!.pictures).toEqual([
      expect.stringMatching(pictureOf("thegame", game.id, played.game.version)),
    ]);
    expect(bot.repaired).toEqual(["table"]);
  });

  it("each owed table is repaired once, however often its updates failed; one that a later move showed needs nothing", async () => {
    const store = await open();
    const discord = new FakeDiscord();
    const bot = botOn(store, discord);
    const first = await started(store, "stapelen");
    const second = await started(store, "stapelen", "c2");
    await bot.tables.post(first);
    await bot.tables.post(second);
    discord.mode = "down";
    let a = await move(store, first);
    expect(await show(bot.tables, first, a)).toBe("failed");
    const a2 = await move(store, a.game);
    expect(await show(bot.tables, a.game, a2)).toBe("failed");
    a = a2;
    const b = await move(store, second);
    expect(await show(bot.tables, second, b)).toBe("failed");
    expect(bot.tables.owed).toBe(2);
    discord.mode = "up";
    // The second game's next move is shown before the sweep: it catches its table up itself.
    const b2 = await move(store, b.game);
    expect(await show(bot.tables, b.game, b2)).toBe("shown");
    await bot.repairingPass(2);

    expect(discord.tables(first)).toHaveLength(2);
    expect(discord.tables(second)).toHaveLength(2);
    for (const [game, now] of [
      [first, a.game],
      [second, b2.game],
    ] as const)
      expect((await store.messages.getMessage(game.id, "table"))?.version).toBe(now.version);
    expect(bot.repaired.sort()).toEqual(["ping", "ping"]);
  });
});

describe("the start-up repair", () => {
  it("repairs the tables of games changed before it began, and leaves one changed since to its own update", async () => {
    // The store's clock: a change a minute ago, or one a minute from now (as if made while the repair walks).
    let shift = -60_000;
    const store = await open({ now: () => Date.now() + shift });
    const discord = new FakeDiscord();
    const bot = botOn(store, discord);
    const before = await started(store, "stapelen");
    const since = await started(store, "stapelen", "c2");
    for (const game of [before, since]) await bot.tables.post(game);
    await move(store, before);
    shift = 60_000;
    await move(store, since);

    expect(await bot.tables.repair()).toBe(1);
    expect(discord.tables(before)).toHaveLength(2);
    expect(discord.tables(since)).toHaveLength(1);
  });
});

describe("whether a table behind its game owes a ping", () => {
  it("when someone's turn began after the table shown, not for moves inside the turn it showed", async () => {
    const store = await open();
    const game = await started(store, "thegame");
    const claimed = await move(store, game, (legal) => legal.find((m) => m.type === "claimStart"));
    const played = await move(store, claimed.game, (legal) => legal.find((m) => m.type === "play"));
    const moves = await store.play.moves(game.id);
    const ui = uis.get("thegame")!;
    // Both could claim the start: the first table told both, so Ann's claim and card owe no ping.
    expect(pingOwed(ui, played.game, moves, game.version)).toBe(false);
    expect(pingOwed(ui, played.game, moves, claimed.game.version)).toBe(false);
    const stacking = await started(store, "stapelen", "c2");
    const placed = await move(store, stacking);
    expect(
      pingOwed(uis.get("stapelen")!, placed.game, await store.play.moves(stacking.id), stacking.version),
    ).toBe(true);
  });

  it("when the game ended or its seats changed since, as such changes post anew", async () => {
    const store = await open();
    const game = await started(store, "stapelen");
    const ui = uis.get("stapelen")!;
    expect(pingOwed(ui, { ...game, status: "finished" }, [], game.version)).toBe(true);
    expect(pingOwed(ui, { ...game, version: game.version + 1 }, [], game.version)).toBe(true);
    expect(pingOwed(ui, game, [], game.version)).toBe(false);
  });
});

describe("the sweep's pauses", () => {
  it("double from 1 s to 4 s while a repair keeps failing, start again at 1 s, and stop when nothing is owed", async () => {
    const clock = manualClock();
    let failing = 6;
    const repairs: number[] = [];
    const sweep = new RepairSweep({
      repair: async (_what, gameId) => {
        repairs.push(gameId);
        if (failing-- > 0) throw new Error("connect ECONNREFUSED");
        return "ping";
      },
      log: () => createLogger("error"),
      sleep: (ms) => clock.sleep(ms),
    });
    sweep.owe("table", 7);
    sweep.owe("table", 7);
    for (let pass = 1; pass <= 7; pass++) {
      clock.next();
      await until(() => repairs.length === pass, `pass ${pass}`);
    }
    await until(() => sweep.owed === 0, "nothing owed");
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 4000, 4000, 4000, 4000]);
    expect(repairs).toEqual([7, 7, 7, 7, 7, 7, 7]);
    expect(sweep.owed).toBe(0);
    expect(clock.pending).toBe(0);
    sweep.owe("lobby", 8);
    expect(clock.sleeps.at(-1)).toBe(1000);
    await sweep.stop();
    expect(repairs).toHaveLength(7);
  });

  it("a pass stops at a repair that got no answer, which waits behind the others; one Discord refuses is given up", async () => {
    const clock = manualClock();
    const down = new Set([1]);
    const repairs: number[] = [];
    const sweep = new RepairSweep({
      repair: async (_what, gameId) => {
        repairs.push(gameId);
        if (gameId === 3)
          throw new DiscordAPIError(MISSING_ACCESS, 50001, 403, "PATCH", "/channels/5/messages/6", {});
        if (down.has(gameId)) throw new Error("connect ECONNREFUSED");
        return "table";
      },
      log: () => createLogger("error"),
      sleep: (ms) => clock.sleep(ms),
    });
    for (const id of [1, 2, 3]) sweep.owe("table", id);
    clock.next();
    await until(() => clock.sleeps.length === 2, "the first pass to stop");
    expect(repairs).toEqual([1]);
    down.clear();
    clock.next();
    await until(() => sweep.owed === 0, "the second pass");
    expect(repairs).toEqual([1, 2, 3, 1]);
  });
});

/** A table's file name: its game, id and version, then its picture's key. */
function pictureOf(gameType: string, id: number, version: number): RegExp {
  return new RegExp(`^${gameType}-${id}-${version}-[a-z]+\\.png$`);
}
