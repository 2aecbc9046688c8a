import { ordinal, rate, rating } from "openskill";
import { beforeEach, describe, expect, it } from "vitest";
import { ok as accepted, defineGame, type PlayerId } from "../../src/engine/core/game.js";
import { GAMES } from "../../src/games/index.js";
import { type OnevstwoState, onevstwo } from "../../src/games/onevstwo/engine/index.js";
import { EVERYWHERE, type GameRecord, type Store } from "../../src/store/store.js";
import { storesPerTest } from "../support/storeDatabase.js";
import { ANN, ok, openLobby } from "../support/storeGames.js";

/**
 * A rated game whose places the players choose: each names their place, and once all have, the game
 * is over. Four players play as pairs (seats 1+3 and 2+4), the pair placed by its first member.
 */
interface RaceState {
  players: PlayerId[];
  places: Record<PlayerId, number>;
}
const race = defineGame<RaceState, { place: number }, RaceState, RaceState>({
  id: "race",
  minPlayers: 1,
  maxPlayers: 4,
  options: [],
  score: { better: "lower", unitKey: "race.scoreUnit" },
  setup: (players) => ({ players: [...players], places: {} }),
  players: (state) => state.players,
  actors: (state) => state.players.filter((p) => state.places[p] === undefined),
  parseMove: (move) => move as { place: number },
  legalMoves: () => [],
  applyMove: (state, player, move) =>
    accepted({ ...state, places: { ...state.places, [player]: move.place } }),
  publicView: (state) => state,
  privateView: (state) => state,
  outcome: (state) =>
    Object.keys(state.places).length < state.players.length
      ? null
      : {
          results: Object.fromEntries(state.players.map((p) => [p, { result: "draw" as const }])),
          summary: { key: "core.gameOver" },
        },
  sides: (state) => {
    if (Object.keys(state.places).length < state.players.length) return null;
    const { players, places } = state;
    const groups =
      players.length === 4
        ? [
            [players[0]!, players[2]!],
            [players[1]!, players[3]!],
          ]
        : players.map((p) => [p]);
    return groups.map((group) => ({ players: group, place: places[group[0]!]! }));
  },
});

const stores = storesPerTest();
let store: Store;
beforeEach(async () => {
  store = await stores.open({ engines: { ...GAMES.engines(), race } });
});

const BOB = { userId: "u2", displayName: "Bob" };
const CY = { userId: "u3", displayName: "Cy" };
const DI = { userId: "u4", displayName: "Di" };

let channels = 0;

/** A started race in `guildId` with Ann (the host), `others` and `robots` robots. */
async function startRace(
  others: { userId: string; displayName: string }[],
  { guildId = "g1", robots = 0 } = {},
): Promise<GameRecord> {
  const lobby = await openLobby(store, { gameType: "race", seed: 1, guildId, channelId: `c${++channels}` });
  for (const other of others) await ok(store.seats.joinLobby(lobby.id, other, race.maxPlayers));
  for (let i = 0; i < robots; i++) await ok(store.seats.addRobot(lobby.id, ANN.userId, race.maxPlayers));
  return (await ok(store.play.startGame(lobby.id, ANN.userId, race))).game;
}

/** Every seat names its place (by seat id), the last move finishing the game. */
async function finishRace(game: GameRecord, places: Record<PlayerId, number>): Promise<GameRecord> {
  let current = game;
  for (const [seat, place] of Object.entries(places))
    current = (await ok(store.play.applyMove(current.id, seat, current.version, { place }, race))).game;
  expect(current.status).toBe("finished");
  return current;
}

async function race3(places: [number, number, number], guildId = "g1"): Promise<GameRecord> {
  return finishRace(await startRace([BOB, CY], { guildId }), { u1: places[0], u2: places[1], u3: places[2] });
}

/** mu and sigma as stored for one player, game and scope. */
async function stored(userId: string, scope: string, gameType = "race") {
  return (await store
    .sql("SELECT mu, sigma, games FROM ratings WHERE game_type = ? AND scope = ? AND user_id = ?")
    .get(gameType, scope, userId)) as { mu: number; sigma: number; games: number } | undefined;
}

async function ratedPlayers(): Promise<string[]> {
  const rows = (await store.sql("SELECT DISTINCT user_id AS id FROM ratings ORDER BY id").all()) as {
    id: string;
  }[];
  return rows.map((r) => r.id);
}

describe("ratings", () => {
  it("a finished game stores each person's mu and sigma exactly as openskill's rate gives for the same places, tied places shared", async () => {
    await race3([2, 1, 2]);
    const [[ann], [bob], [cy]] = rate([[rating()], [rating()], [rating()]], { rank: [2, 1, 2] });
    for (const scope of ["g1", EVERYWHERE]) {
      expect(await stored("u1", scope)).toEqual({ mu: ann!.mu, sigma: ann!.sigma, games: 1 });
      expect(await stored("u2", scope)).toEqual({ mu: bob!.mu, sigma: bob!.sigma, games: 1 });
      expect(await stored("u3", scope)).toEqual({ mu: cy!.mu, sigma: cy!.sigma, games: 1 });
    }
    expect(ann!.mu).toBe(cy!.mu);
    expect(bob!.mu).toBeGreaterThan(ann!.mu);
  });

  it("each server keeps its own ratings, and the overall rating goes on from every server's games", async () => {
    await race3([1, 2, 3], "g1");
    const overall = [
      (await stored("u1", EVERYWHERE))!,
      (await stored("u2", EVERYWHERE))!,
      (await stored("u3", EVERYWHERE))!,
    ];
    await race3([3, 2, 1], "g2");
    const fresh = rate([[rating()], [rating()], [rating()]], { rank: [3, 2, 1] });
    const onward = rate(
      overall.map(({ mu, sigma }) => [{ mu, sigma }]),
      { rank: [3, 2, 1] },
    );
    expect(await stored("u1", "g2")).toEqual({ ...fresh[0]![0]!, games: 1 });
    expect(await stored("u1", EVERYWHERE)).toEqual({ ...onward[0]![0]!, games: 2 });
    expect((await stored("u3", "g1"))?.games).toBe(1);
  });

  it("four players are rated as two pairs, seats 1+3 against 2+4", async () => {
    const game = await startRace([BOB, CY, DI]);
    await finishRace(game, { u1: 1, u2: 2, u3: 1, u4: 2 });
    const [[ann, cy], [bob, di]] = rate(
      [
        [rating(), rating()],
        [rating(), rating()],
      ],
      { rank: [1, 2] },
    );
    expect(await stored("u1", "g1")).toMatchObject(ann!);
    expect(await stored("u3", "g1")).toMatchObject(cy!);
    expect(await stored("u2", "g1")).toMatchObject(bob!);
    expect(await stored("u4", "g1")).toMatchObject(di!);
  });

  it("a robot's seat counts for nobody: the game is rated among the people alone", async () => {
    const game = await startRace([BOB], { robots: 1 });
    await finishRace(game, { u1: 2, u2: 3, "bot:1": 1 });
    const [[ann], [bob]] = rate([[rating()], [rating()]], { rank: [2, 3] });
    expect(await stored("u1", "g1")).toMatchObject(ann!);
    expect(await stored("u2", "g1")).toMatchObject(bob!);
    expect(await ratedPlayers()).toEqual(["u1", "u2"]);
  });

  it("a seat a robot took over from a leaver counts for nobody, neither for the leaver", async () => {
    const game = await startRace([BOB, CY]);
    const stood = (await ok(store.seats.standIn(game.id, "u3"))).game;
    await finishRace(stood, { u1: 1, u2: 2, u3: 3 });
    expect(await ratedPlayers()).toEqual(["u1", "u2"]);
    const [[ann]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    expect(await stored("u1", "g1")).toMatchObject(ann!);
  });

  it("a seat handed to another member counts for nobody", async () => {
    const game = await startRace([BOB, CY]);
    const handed = (await ok(store.seats.replaceSeat(game.id, "u3", DI))).game;
    await finishRace(handed, { u1: 1, u2: 2, u3: 3 });
    expect(await ratedPlayers()).toEqual(["u1", "u2"]);
  });

  it("a seat handed away and back to its first holder counts for nobody", async () => {
    const game = await startRace([BOB, CY]);
    await ok(store.seats.replaceSeat(game.id, "u3", DI));
    const back = (await ok(store.seats.replaceSeat(game.id, DI.userId, CY))).game;
    await finishRace(back, { u1: 1, u2: 2, u3: 3 });
    expect(await ratedPlayers()).toEqual(["u1", "u2"]);
  });

  it("a game with fewer than two sides that have people changes no rating", async () => {
    await finishRace(await startRace([], { robots: 2 }), { u1: 1, "bot:1": 2, "bot:2": 3 });
    const pairs = await startRace([], { robots: 3 });
    await finishRace(pairs, { u1: 1, "bot:1": 2, "bot:2": 1, "bot:3": 2 });
    expect(await ratedPlayers()).toEqual([]);
  });

  it("an abandoned game changes no rating", async () => {
    const game = await startRace([BOB, CY]);
    await store.play.abandon(game.id, { kind: "ended", by: "u1" });
    expect(await ratedPlayers()).toEqual([]);
  });

  it("a rating is provisional until 10 rated games; the trend is the change over the last 5", async () => {
    const shownAfter: number[] = [1000];
    for (let i = 0; i < 10; i++) {
      await race3(i < 7 ? [1, 2, 3] : [3, 2, 1]);
      const ann = (await stored("u1", "g1"))!;
      shownAfter.push(Math.round(1000 + 40 * ordinal(ann)));
      const [mine] = await store.ratings.forUser("u1", "g1");
      expect(mine).toMatchObject({ games: i + 1, provisional: i + 1 < 10, rating: shownAfter[i + 1] });
      expect(mine?.trend).toBe(shownAfter[i + 1]! - shownAfter[Math.max(0, i + 1 - 5)]!);
    }
    expect((await store.ratings.forUser("u1", "g1"))[0]?.trend).toBeLessThan(0);
  });

  it("the board lists a game's players best first with their last seen name; /stats me lists this server's and the overall", async () => {
    await race3([3, 1, 2]);
    const board = await store.ratings.board("race", "g1", 10);
    expect(board.map((r) => [r.name, r.games, r.provisional])).toEqual([
      ["Bob", 1, true],
      ["Cy", 1, true],
      ["Ann", 1, true],
    ]);
    expect(board[0]!.rating).toBeGreaterThan(board[2]!.rating);
    expect(await store.ratings.board("race", "g2", 10)).toEqual([]);
    expect(await store.ratings.board("onevstwo", "g1", 10)).toEqual([]);
    expect((await store.ratings.forUser("u2", "g1")).map((r) => r.scope)).toEqual(["g1", EVERYWHERE]);
    expect((await store.ratings.forUser("u2", null)).map((r) => r.scope)).toEqual([EVERYWHERE]);
  });

  it("a board shows each player's name as last seen in a game, rated or not", async () => {
    await race3([1, 2, 3]);
    const renamed = await openLobby(store, { gameType: "race", seed: 1, channelId: "c-renamed" });
    await ok(store.seats.joinLobby(renamed.id, { userId: "u2", displayName: "Robert" }, race.maxPlayers));
    const started = (await ok(store.play.startGame(renamed.id, ANN.userId, race))).game;
    await store.play.abandon(started.id, { kind: "ended", by: ANN.userId });
    expect((await store.ratings.board("race", "g1", 10)).map((r) => r.name)).toEqual(["Ann", "Robert", "Cy"]);
    expect((await store.ratings.board("race", EVERYWHERE, 10))[1]?.games).toBe(1);
  });

  for (const others of [
    [BOB, CY],
    [BOB, CY, DI],
  ]) {
    it(`One versus Two's sides come from its engine: a ${others.length + 1}-player match played to the end is rated by match total`, async () => {
      const lobby = await openLobby(store, { gameType: "onevstwo", seed: 3, options: { shortMatch: true } });
      for (const other of others) await ok(store.seats.joinLobby(lobby.id, other, onevstwo.maxPlayers));
      let game = (await ok(store.play.startGame(lobby.id, ANN.userId, onevstwo))).game;
      while (game.status === "active") {
        const state = game.state as OnevstwoState;
        const actor = onevstwo.actors(state)[0]!;
        const move = onevstwo.legalMoves(state, actor)[0];
        game = (await ok(store.play.applyMove(game.id, actor, game.version, move, onevstwo))).game;
      }
      const sides = onevstwo.sides!(game.state as OnevstwoState)!;
      expect(sides.map((side) => side.players.length)).toEqual(others.length === 3 ? [2, 2] : [1, 1, 1]);
      const after = rate(
        sides.map((s) => s.players.map(() => rating())),
        { rank: sides.map((s) => s.place) },
      );
      for (const [i, side] of sides.entries())
        for (const [j, player] of side.players.entries())
          expect(await stored(player, "g1", "onevstwo")).toMatchObject(after[i]![j]!);
    });
  }
});
