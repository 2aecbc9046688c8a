import {
  componentsOf,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type MessageView,
} from "@cardtable/discord-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandsFor } from "../../commands/index.js";
import { commandBodies } from "../../src/bot/command.js";
import type { AnyEngine } from "../../src/engine/core/game.js";
import { createRng, nextInt } from "../../src/engine/core/rng.js";
import { GAMES } from "../../src/games/index.js";
import { stapelenReview } from "../../src/games/stapelen/engine/review.js";
import type { StapelenMove } from "../../src/games/stapelen/engine/types.js";
import { type GameRecord, Store } from "../../src/store/store.js";
import { cardsNamed, hiddenFrom } from "../support/hiddenCards.js";
import { button, World } from "./support/world.js";

/**
 * `/game replay` through the real bot: a finished game of every kind stepped through with ▶, ◀ and
 * "Go to move…", each step's caption and picture, none of another seat's hidden cards, and the
 * refusals. The ended games are written by the bot's own store, as a game its host ended would be.
 */
const world = new World();
let store: Store;
let alice: EmulatorUser;
let bob: EmulatorUser;
let carol: EmulatorUser;
let owls: EmulatorGuild;
let owlTables: EmulatorChannel;
const MOVES = 6;

beforeAll(async () => {
  await world.start();
  store = await Store.open(world.bot.databasePath, GAMES.engines());
  alice = world.user("Alice", { manageGuild: true });
  bob = world.user("Bob");
  carol = world.user("Carol");
  owls = world.emulator.createGuild("Night Owls");
  await world.emulator.registerCommands(commandBodies(commandsFor(GAMES)), owls);
  owlTables = world.emulator.createChannel(owls, "tables");
});

afterAll(async () => {
  await store.close();
  await world.close();
});

function ok<T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

/** A game seated by `players` (the first hosts) in `channel`, with `moves` of its legal moves played; ended by its host unless `open`. */
async function gameOf(
  gameType: string,
  channel: EmulatorChannel,
  players: EmulatorUser[],
  moves: readonly unknown[] | number,
  open = false,
): Promise<GameRecord> {
  const engine = GAMES.engines()[gameType] as AnyEngine;
  const [host, ...rest] = players as [EmulatorUser, ...EmulatorUser[]];
  let game = ok(
    await store.games.createLobby({
      guildId: channel.guildId!,
      channelId: channel.id,
      gameType,
      options: Object.fromEntries(engine.options.map((o) => [o.name, o.default])),
      seed: 11,
      host: { userId: host.id, displayName: host.username },
    }),
  ).game;
  for (const p of rest)
    game = ok(await store.seats.joinLobby(game.id, { userId: p.id, displayName: p.username }, 4)).game;
  game = ok(await store.play.startGame(game.id, host.id, engine)).game;
  const rng = createRng(5);
  const planned = typeof moves === "number" ? Array.from({ length: moves }, () => null) : moves;
  for (const move of planned) {
    const actor = engine.actors(game.state).find((a) => engine.legalMoves(game.state, a).length > 0);
    if (!actor || game.status !== "active") break;
    const legal = engine.legalMoves(game.state, actor);
    const chosen = move ?? legal[nextInt(rng, legal.length)];
    game = ok(await store.play.applyMove(game.id, actor, game.version, chosen, engine)).game;
  }
  if (open) return game;
  return (await store.play.abandon(game.id, { kind: "ended", by: host.username })) as GameRecord;
}

/** The custom_id of a replay control. */
function control(message: MessageView, name: string): string {
  const found = componentsOf(message).find(
    (c) => c.customId?.startsWith("r:") && c.customId.endsWith(`:${name}`),
  );
  if (!found?.customId) throw new Error(`no replay control ${name}`);
  return found.customId;
}

/**
 * What a replay step must be: its caption, a drawn picture, controls carrying only the game and
 * the step (those at an end disabled), and none of the cards `viewer` may not see at that step.
 */
function expectStep(shown: MessageView, game: GameRecord, step: number, total: number, viewer: EmulatorUser) {
  expect(shown.ephemeral).toBe(true);
  const [heading, caption] = shown.text.split("\n");
  expect(heading).toContain(`replay of game ${game.id}`);
  expect(caption).toEqual(
    step === 0 ? expect.stringContaining("**The deal**") : `**Move ${step} of ${total}**`,
  );
  const [picture] = shown.attachments;
  expect(picture?.data.subarray(1, 4).toString()).toBe("PNG");
  expect(picture?.filename).toMatch(/^replay-\d+-\d+-[0-9a-f]{12}\.png$/);
  const controls = componentsOf(shown);
  for (const c of controls) expect(c.customId).toMatch(new RegExp(`^r:${game.id}:\\d+:[a-zA-Z]+$`));
  expect(controls.map((c) => c.disabled)).toEqual([
    step === 0,
    step === 0,
    step === total,
    step === total,
    false,
  ]);
  const engine = GAMES.engines()[game.gameType] as AnyEngine;
  const seats = game.players.map((p) => p.userId);
  const state = replayedState(engine, game, step);
  const hidden = hiddenFrom(engine, state, seats, seats.includes(viewer.id) ? viewer.id : null);
  const words = [
    shown.text.split("\n").slice(2).join("\n"),
    ...shown.attachments.map((a) => a.description ?? ""),
  ];
  expect(cardsNamed(words.join("\n"), game.gameType).filter((c) => hidden.has(c))).toEqual([]);
}

/** The state after `step` of the game's stored moves, as the referee replays them. */
function replayedState(engine: AnyEngine, game: GameRecord, step: number): unknown {
  const moves = world.db((db) =>
    (
      db.prepare("SELECT user_id AS userId, move FROM moves WHERE game_id = ? ORDER BY seq").all(game.id) as {
        userId: string;
        move: string;
      }[]
    ).slice(0, step),
  );
  let state = engine.setup(
    game.players.map((p) => p.userId),
    game.options,
    game.seed,
  );
  for (const m of moves) {
    const r = engine.apply(state, m.userId, JSON.parse(m.move));
    if (!r.ok) throw new Error("a stored move does not replay");
    state = r.state;
  }
  return state;
}

/** Submits the "Go to move…" dialog with `typed`; returns the replay message as it is then. */
async function goTo(user: EmulatorUser, channel: EmulatorChannel, shown: MessageView, typed: string) {
  const asked = await world.click(user, shown, control(shown, "goTo"));
  const modal = control(asked, "goTo").replace(/goTo$/, "jump");
  const i = await world.emulator.submitModal(user, channel, modal, { move: typed });
  world.interactions.push(i);
  return world.emulator.waitForResponse(i);
}

const KINDS: { gameType: string; seats: number }[] = [
  { gameType: "thegame", seats: 2 },
  { gameType: "twelves", seats: 2 },
  { gameType: "stapelen", seats: 2 },
  { gameType: "sirtommy", seats: 2 },
  { gameType: "fourkings", seats: 1 },
  { gameType: "troubadour", seats: 2 },
  { gameType: "onevstwo", seats: 3 },
];

describe("/game replay steps through an ended game of every kind", () => {
  for (const { gameType, seats } of KINDS) {
    it(`${gameType}: every move with ▶ and ◀ and the jump, each captioned and drawn, no other seat's hidden card`, async () => {
      const channel = world.channel(`replay-${gameType}`);
      const game = await gameOf(gameType, channel, [alice, bob, carol].slice(0, seats), MOVES);
      const total = world.game(channel.id).moves;
      expect(total).toBeGreaterThanOrEqual(3);
      // By default the channel's latest ended game, from its deal.
      let shown = (await world.slash(alice, channel, "game", {}, "replay")).message!;
      expectStep(shown, game, 0, total, alice);
      for (let step = 1; step <= total; step++) {
        const next = await world.click(alice, shown, control(shown, "next"));
        expect(next.id).toBe(shown.id);
        shown = next;
        expectStep(shown, game, step, total, alice);
      }
      for (let step = total - 1; step >= 0; step--) {
        shown = await world.click(alice, shown, control(shown, "previous"));
        expectStep(shown, game, step, total, alice);
      }
      for (const step of [total, 1]) {
        const jumped = await goTo(alice, channel, shown, String(step));
        expect(jumped.message?.id).toBe(shown.id);
        shown = world.latest(shown);
        expectStep(shown, game, step, total, alice);
      }
    });
  }
});

describe("who sees what, and the refusals", () => {
  it("a member who did not play sees the public table only, from the game's own channel; a player sees their hand", async () => {
    const channel = world.channel("replay-watch");
    const game = await gameOf("thegame", channel, [alice, bob], MOVES);
    const total = world.game(channel.id).moves;
    const watched = (await world.slash(carol, channel, "game", { game: game.id }, "replay")).message!;
    expectStep(watched, game, 0, total, carol);
    expect(watched.text).not.toContain("Your hand");
    // From a channel she may read, Carol cannot ask for a game of one she might not.
    const elsewhere = world.channel("replay-other");
    expect((await world.slash(carol, elsewhere, "game", { game: game.id }, "replay")).message!.text).toBe(
      "You cannot see that game. `/game history` lists your games with their numbers.",
    );
    const played = (await world.slash(bob, channel, "game", { game: game.id }, "replay")).message!;
    expect(played.text).toContain("Your hand");
    expectStep(played, game, 0, total, bob);
  });

  it("a player who left their seat to a robot, or handed it over, may still watch from another server, without a hand", async () => {
    const left = await gameOf("thegame", owlTables, [bob, alice], 3, true);
    ok(await store.seats.standIn(left.id, alice.id));
    await store.play.abandon(left.id, { kind: "ended", by: "bob" });
    const handed = await gameOf("thegame", owlTables, [bob, alice], 3, true);
    ok(await store.seats.replaceSeat(handed.id, alice.id, { userId: carol.id, displayName: "carol" }));
    await store.play.abandon(handed.id, { kind: "ended", by: "bob" });
    const here = world.channel("replay-elsewhere");
    for (const game of [left, handed]) {
      const shown = (await world.slash(alice, here, "game", { game: game.id }, "replay")).message!;
      expectStep(shown, game, 0, 3, alice);
      // When she left is not kept: the seat's later cards were never hers, so no hand is shown.
      expect(shown.text).not.toContain("Your hand");
    }
  });

  it("refuses an active game, another server's game one did not play, a bad id and bad controls, changing nothing", async () => {
    const channel = world.channel("replay-refusals");
    const active = await gameOf("stapelen", channel, [alice, bob], 2, true);
    const owlGame = await gameOf("twelves", owlTables, [bob, carol], 4);
    const ask = async (id: number) =>
      (await world.slash(alice, channel, "game", { game: id }, "replay")).message!.text;
    expect(await ask(active.id)).toBe("That game is not over yet: its replay opens once it has ended.");
    const cannot = "You cannot see that game. `/game history` lists your games with their numbers.";
    expect(await ask(owlGame.id)).toBe(cannot);
    expect(await ask(99_999)).toBe(cannot);
    // Bob played it: he may watch it from here.
    expect((await world.slash(bob, channel, "game", { game: owlGame.id }, "replay")).message!.text).toContain(
      "**The deal**",
    );

    const ended = await gameOf("sirtommy", world.channel("replay-forged"), [alice, bob], 3);
    const shown = (await world.slash(alice, channel, "game", { game: ended.id }, "replay")).message!;
    const forged = async (customId: string) =>
      (await world.click(alice, shown, customId, { stale: true })).text;
    expect(await forged("r:abc:1:next")).toBe(
      "I cannot read that replay button. Open the replay again with `/game replay`.",
    );
    const moves = world.db(
      (db) =>
        (db.prepare("SELECT COUNT(*) AS n FROM moves WHERE game_id = ?").get(ended.id) as { n: number }).n,
    );
    expect(await forged(`r:${ended.id}:${moves + 1}:next`)).toBe(
      `There is no move ${moves + 1} to show: this replay goes from move 0 to move ${moves}.`,
    );
    expect(await forged(`r:${owlGame.id}:1:next`)).toBe(cannot);
    const typed = await goTo(alice, channel, shown, "two");
    expect(typed.message?.text).toBe(`“two” is not a move number: type a whole number from 0 to ${moves}.`);
    // The replay itself is as it was.
    expect(world.latest(shown).text).toBe(shown.text);
  });
});

describe("the review line of a lost game", () => {
  it("offers “Replay move N”, which opens the replay at that move for whoever may see the game", async () => {
    const channel = world.channel("replay-review");
    const engine = GAMES.engines().stapelen as AnyEngine;
    const line = lostStacking(engine);
    const game = await gameOf("stapelen", channel, [alice, bob], line.moves.slice(0, -1), true);
    // The last placement through the bot, whose final table carries the review.
    const last = line.moves.at(-1) as StapelenMove;
    const who = [alice, bob].find((u) => u.id === engine.actors(game.state)[0])!;
    const panel = (await world.slash(who, channel, "game", {}, "hand")).message!;
    const chosen = await world.select(who, panel, button(panel, "col").customId!, [String(last.column)]);
    await world.click(
      who,
      chosen,
      button(chosen, "place", [String(last.column), String(last.foundation)]).customId!,
    );
    const table = await world.settledTable(channel, "stapelen");
    const open = componentsOf(table).find((c) => c.customId?.endsWith(":open"));
    expect(open?.label).toBe(`Replay move ${line.losing}`);
    const shown = await world.click(carol, table, open!.customId!);
    expect(shown.id).not.toBe(table.id);
    expectStep(shown, game, line.losing, line.moves.length, carol);
  });
});

/** A Stacking game from seed 11 that ends stuck, with the move its review names. */
function lostStacking(engine: AnyEngine): { moves: unknown[]; losing: number } {
  const players = [alice.id, bob.id];
  for (let k = 0; k < 200; k++) {
    const rng = createRng(k);
    let state = engine.setup(players, {}, 11);
    const moves: { userId: string; move: unknown }[] = [];
    while (!engine.outcome(state)) {
      const userId = engine.actors(state)[0] as string;
      const legal = engine.legalMoves(state, userId);
      const move = legal[nextInt(rng, legal.length)];
      const r = engine.apply(state, userId, move);
      if (!r.ok) throw new Error("a legal move was refused");
      state = r.state;
      moves.push({ userId, move });
    }
    const review = stapelenReview({ players, options: {}, seed: 11, moves }, () => true);
    if (review?.key === "stapelen.review.lostAfter" && (state as { endReason: string }).endReason === "stuck")
      return { moves: moves.map((m) => m.move), losing: review.params?.move as number };
  }
  throw new Error("no lost Stacking game with a losing move from this seed");
}
