import { describe, expect, it, vi } from "vitest";
import type { PlayerId } from "../../src/engine/core/game.js";
import { stapelen } from "../../src/games/stapelen/engine/index.js";
import type { DueRow } from "../../src/store/settings.js";
import type { GameRecord, Store } from "../../src/store/store.js";
import { newTally, tallied } from "../../src/store/tally.js";
import { onPostgres, storesPerTest } from "../support/storeDatabase.js";
import { openLobby } from "../support/storeGames.js";

const stores = storesPerTest();

const NOW = 1_000_000;

async function open(): Promise<Store> {
  const store = await stores.open({ now: () => NOW });
  return store;
}

/** A started two-seat game of Stacking in its own channel. */
async function startIn(store: Store, channelId: string): Promise<GameRecord> {
  const created = await openLobby(store, { channelId, gameType: "stapelen", seed: 3 });
  await store.seats.joinLobby(created.id, { userId: "u2", displayName: "Bob" }, 2);
  const started = await store.play.startGame(created.id, "u1", stapelen as never);
  if (!started.ok) throw new Error("not started");
  return started.game;
}

/** One legal move of whoever must act, and who made it. */
async function playOne(store: Store, game: GameRecord): Promise<{ game: GameRecord; by: string }> {
  const by = stapelen.actors(game.state as never)[0] as PlayerId;
  const move = stapelen.legalMoves(game.state as never, by)[0];
  const result = await store.play.applyMove(game.id, by, game.version, move, stapelen as never);
  if (!result.ok) throw new Error(`move refused: ${result.reason}`);
  return { game: result.game, by };
}

function due(game: GameRecord, kind: DueRow["kind"], seatId: string, version: number, dueAt = NOW + 60) {
  return { gameId: game.id, guildId: game.guildId, seatId, kind, version, dueAt };
}

/** A listing of due rows in a fixed order, to compare as a set. */
function sorted<R extends DueRow>(rows: R[]): R[] {
  const key = (r: DueRow) => `${r.gameId}:${r.version}:${r.seatId}:${r.kind}`;
  return [...rows].sort((x, y) => key(x).localeCompare(key(y)));
}

async function remindedVersions(store: Store): Promise<Record<number, number | null>> {
  const rows = (await store.sql("SELECT id, reminded_version AS v FROM games").all()) as {
    id: number;
    v: number | null;
  }[];
  return Object.fromEntries(rows.map((r) => [r.id, r.v]));
}

describe("the planner's reads of many games", () => {
  it("the due rows of the games asked for come in one query, each with whether it was handled; none for no games", async () => {
    const store = await open();
    const [a, b, c] = [await startIn(store, "c1"), await startIn(store, "c2"), await startIn(store, "c3")];
    await store.due.schedule([
      due(a, "reminder", "u1", a.version),
      { ...due(a, "notice", "u2", a.version), done: true },
      due(b, "timer", "u2", b.version),
      due(c, "notice", "u1", c.version),
    ]);
    const tally = newTally();
    const rows = await tallied(tally, () => store.due.dueOfGames([a.id, b.id]));
    expect(tally.queries).toBe(1);
    expect(sorted(rows)).toEqual(
      sorted([
        { ...due(a, "reminder", "u1", a.version), done: false },
        { ...due(a, "notice", "u2", a.version), done: true },
        { ...due(b, "timer", "u2", b.version), done: false },
      ]),
    );
    expect(await store.due.dueOfGames([])).toEqual([]);
  });

  it("the mover of each version asked for is the seat whose move made it; a start or an unstarted version has none", async () => {
    const store = await open();
    const a0 = await startIn(store, "c1");
    const b = await startIn(store, "c2");
    const first = await playOne(store, a0);
    const second = await playOne(store, first.game);
    expect(await store.play.moversOf([{ gameId: a0.id, version: first.game.version }])).toEqual(
      new Map([[a0.id, first.by]]),
    );
    expect(
      await store.play.moversOf([
        { gameId: a0.id, version: second.game.version },
        { gameId: b.id, version: b.version },
      ]),
    ).toEqual(new Map([[a0.id, second.by]]));
    expect(
      await store.play.moversOf([
        { gameId: a0.id, version: a0.version },
        { gameId: b.id, version: 0 },
      ]),
    ).toEqual(new Map());
    expect(await store.play.moversOf([])).toEqual(new Map());
  });
});

describe("the planner's one write for many games", () => {
  it("owes the new rows, leaves a row already kept as it was, forgets each listed game's older versions and marks the planned versions", async () => {
    const store = await open();
    const [a, b, ended, other] = [
      await startIn(store, "c1"),
      await startIn(store, "c2"),
      await startIn(store, "c3"),
      await startIn(store, "c4"),
    ];
    await store.due.markPlanned(ended.id, ended.version - 1);
    // Kept before: an older version's rows of every game, and two rows of a's current version,
    // one handled and one still owed.
    await store.due.schedule([
      due(a, "notice", "u1", a.version - 1),
      due(b, "reminder", "u2", b.version - 1),
      due(ended, "timer", "u1", ended.version),
      due(other, "notice", "u1", other.version - 1),
      { ...due(a, "reminder", "u1", a.version, NOW + 5), done: true },
      due(a, "notice", "u1", a.version, NOW + 5),
    ]);
    expect((await store.due.gamesToPlan()).map((g) => g.id)).toEqual([a.id, b.id, ended.id, other.id]);

    const tally = newTally();
    await tallied(tally, () =>
      store.due.plan(
        [
          // Both already kept: neither their time nor whether they were handled changes.
          { ...due(a, "reminder", "u1", a.version), done: false },
          { ...due(a, "notice", "u1", a.version), done: true },
          { ...due(a, "timer", "u1", a.version), done: false },
          { ...due(b, "notice", "u2", b.version), done: true },
        ],
        [
          { gameId: a.id, keepFrom: a.version, planned: a.version },
          { gameId: b.id, keepFrom: b.version, planned: b.version },
          { gameId: ended.id, keepFrom: ended.version + 1, planned: null },
        ],
      ),
    );
    // One statement on PostgreSQL: the whole plan is one round trip.
    expect(tally.roundTrips).toBe(onPostgres ? 1 : 0);

    expect(sorted(await store.due.dueOfGames([a.id, b.id, ended.id, other.id]))).toEqual(
      sorted([
        { ...due(a, "reminder", "u1", a.version, NOW + 5), done: true },
        { ...due(a, "notice", "u1", a.version, NOW + 5), done: false },
        { ...due(a, "timer", "u1", a.version), done: false },
        { ...due(b, "notice", "u2", b.version), done: true },
        // A game not listed keeps its rows, older versions too.
        { ...due(other, "notice", "u1", other.version - 1), done: false },
      ]),
    );
    expect(await remindedVersions(store)).toEqual({
      [a.id]: a.version,
      [b.id]: b.version,
      [ended.id]: ended.version - 1,
      [other.id]: null,
    });
    // The planned games are no longer to plan, until they change again.
    expect((await store.due.gamesToPlan()).map((g) => g.id)).toEqual([ended.id, other.id]);
    const moved = await playOne(store, a);
    expect((await store.due.gamesToPlan()).map((g) => g.id)).toEqual([moved.game.id, ended.id, other.id]);
  });

  it.skipIf(onPostgres)(
    "reads only the listed games' rows, through their keys, however many other games there are (SQLite's plan)",
    async () => {
      const store = await open();
      const [a, other] = [await startIn(store, "c1"), await startIn(store, "c2")];
      // Each SQL text is prepared the first time the store runs it: here, the write's.
      const prepare = vi.spyOn(store.db, "prepare");
      await store.due.schedule([
        due(a, "notice", "u1", a.version - 1),
        due(other, "notice", "u1", other.version),
      ]);
      await store.due.plan(
        [{ ...due(a, "notice", "u1", a.version), done: false }],
        [{ gameId: a.id, keepFrom: a.version, planned: a.version }],
      );
      const texts = prepare.mock.calls.map(([text]) => text);
      prepare.mockRestore();
      expect(texts.some((text) => text.startsWith("DELETE FROM due"))).toBe(true);
      for (const text of texts.filter((t) => /^(INSERT|DELETE|UPDATE)/.test(t))) {
        const params = Array.from(text.match(/\?/g) ?? [], () => "[]");
        const plan = (
          store.db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[]
        ).map((step) => step.detail);
        // A scan of either table reads every game's rows on each batch of clicks (0.4 s at 100,000 games).
        expect(
          plan.filter((step) => /^SCAN (due|games)\b/.test(step)),
          text,
        ).toEqual([]);
      }
    },
  );
});
