import { describe, expect, it } from "vitest";
import { mayWatch, playableMoves, replayStep, seatOf } from "../../../src/bot/replay.js";
import { parseReplayId, replayCustomId } from "../../../src/bot/ui/replayId.js";
import type { AnyGameUi } from "../../../src/bot/ui/types.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { GAMES } from "../../../src/games/index.js";
import { wordsFor } from "../../../src/i18n/index.js";
import type { PictureJob } from "../../../src/render/jobs.js";
import type { GameRecord, Seat } from "../../../src/store/store.js";
import { playRandomly } from "../../render/moments.js";
import { cardsNamed, hiddenFrom } from "../../support/hiddenCards.js";
import { PROPERTY_SPECS } from "../../support/property/specs.js";

const PLAYERS = ["100000000000000001", "100000000000000002", "100000000000000003", "100000000000000004"];
const NAMES = ["Anna", "Bram", "Cor", "Daan"];
const MOVES = 40;

/** A game of `gameType` played at random for `MOVES` moves, stored as the bot stores it. */
function playedGame(ui: AnyGameUi, count: number, seed: number) {
  const engine = ui.engine;
  const seated = PLAYERS.slice(0, count);
  const options = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
  const rng = createRng(seed);
  const moves: { seq: number; userId: string; move: unknown }[] = [];
  let state = engine.setup(seated, options, seed);
  for (let i = 0; i < MOVES && !engine.outcome(state); i++) {
    const next = playRandomly(engine, state, rng, 1);
    if (next === state) break;
    // The move is found again from the two states: the one of the actors' legal moves that leads there.
    const found = engine.actors(state).flatMap((actor) =>
      engine.legalMoves(state, actor).flatMap((move) => {
        const r = engine.apply(state, actor, move);
        return r.ok && JSON.stringify(r.state) === JSON.stringify(next) ? [{ actor, move }] : [];
      }),
    )[0];
    if (!found) break;
    moves.push({ seq: moves.length + 2, userId: found.actor, move: found.move });
    state = next;
  }
  const players: Seat[] = seated.map((userId, seat) => ({
    seat,
    userId,
    memberId: userId,
    displayName: NAMES[seat] as string,
    kind: "human",
    standsInFor: null,
  }));
  const game: GameRecord = {
    id: 7,
    guildId: "g1",
    channelId: "c1",
    gameType: ui.gameType,
    options,
    seed,
    status: "abandoned",
    hostId: PLAYERS[0] as string,
    version: moves.length + 1,
    state,
    endReason: { kind: "ended", by: "Anna" },
    createdAt: 0,
    updatedAt: 0,
    players,
  };
  return { game, moves };
}

/** The view a table picture is drawn from (an ended table's band wraps the table's own job). */
function viewOf(job: PictureJob): unknown {
  return job.painter === "ended" ? viewOf(job.args[0] as PictureJob) : job.args[0];
}

const GAME_UIS = GAMES.list.map((m) => m.ui);
const words = wordsFor("en");

describe("who may watch a replay", () => {
  const { game } = playedGame(GAME_UIS[0] as AnyGameUi, 2, 1);
  const asking = (seated: boolean, guildId: string | null, channelId: string | null) => ({
    userId: "x",
    guildId,
    channelId,
    seated,
  });
  it("a player who sat at the game may watch it from anywhere", () => {
    expect(mayWatch(game, asking(true, "elsewhere", "c9"))).toBe(true);
    expect(mayWatch(game, asking(true, null, null))).toBe(true);
  });
  it("anyone else may from the channel it was played in, which they can read", () => {
    expect(mayWatch(game, asking(false, game.guildId, game.channelId))).toBe(true);
  });
  it("nobody else may: not from another channel of its server, another server or a DM", () => {
    expect(mayWatch(game, asking(false, game.guildId, "another channel"))).toBe(false);
    expect(mayWatch(game, asking(false, "g2", "c9"))).toBe(false);
    expect(mayWatch(game, asking(false, null, null))).toBe(false);
  });
  it("a daily deal's attempt is its player's own while the deal is open, then its server's", () => {
    expect(mayWatch(game, asking(false, game.guildId, game.channelId), "open")).toBe(false);
    expect(mayWatch(game, asking(true, "elsewhere", "c9"), "open")).toBe(true);
    expect(mayWatch(game, asking(false, game.guildId, "another channel"), "over")).toBe(true);
    expect(mayWatch(game, asking(false, "g2", "c9"), "over")).toBe(false);
  });
  it("a player sees the hand of the seat they held to the end; a leaver, one who handed it over and a watcher see none", () => {
    expect(seatOf(game, PLAYERS[0] as string)).toBe(PLAYERS[0]);
    const left = {
      ...game,
      players: game.players.map((p, i) => (i === 0 ? { ...p, kind: "bot" as const } : p)),
    };
    expect(seatOf(left, PLAYERS[0] as string)).toBeNull();
    const handed = {
      ...game,
      players: game.players.map((p, i) => (i === 0 ? { ...p, memberId: "newcomer" } : p)),
    };
    expect(seatOf(handed, PLAYERS[0] as string)).toBeNull();
    expect(seatOf(handed, "newcomer")).toBe(PLAYERS[0]);
    expect(seatOf(game, "stranger")).toBeNull();
  });
});

describe("the replay's controls carry only the game and the step", () => {
  it("reads back what it wrote, and refuses anything else", () => {
    expect(parseReplayId(replayCustomId(12, 3, "next"))).toEqual({ gameId: 12, step: 3, control: "next" });
    for (const bad of [
      "r:12:3",
      "r:x:3:next",
      "r:12:-1:next",
      "r:12:3:peek",
      "r:12:3:next:5H",
      "g:12:3:next",
    ])
      expect(parseReplayId(bad)).toBeNull();
  });
});

describe("every step of a replay shows the public table and the viewer's own hand only", () => {
  for (const ui of GAME_UIS) {
    const counts = [...new Set([ui.engine.minPlayers, Math.min(ui.engine.maxPlayers, 3)])];
    for (const count of counts) {
      it(`${ui.gameType}, ${count} player${count > 1 ? "s" : ""}: caption, public picture, own hand, no other hidden card`, () => {
        const { game, moves } = playedGame(ui, count, 3);
        const engine = ui.engine;
        const spec = PROPERTY_SPECS[ui.gameType];
        const playable = playableMoves(engine, game, moves);
        expect(playable).toBe(moves.length);
        expect(moves.length).toBeGreaterThan(3);
        let state = engine.setup(PLAYERS.slice(0, count), game.options, game.seed);
        for (let step = 0; step <= moves.length; step++) {
          if (step > 0) {
            const m = moves[step - 1]!;
            const r = engine.apply(state, m.userId, m.move);
            if (!r.ok) throw new Error("the stored move does not replay");
            state = r.state;
          }
          const publicView = engine.publicView(state);
          for (const viewer of [null, PLAYERS[0] as string]) {
            const shown = replayStep({
              ui,
              game,
              moves,
              playable,
              step,
              seatId: viewer,
              words,
              channelLocale: "en",
            });
            const caption = step === 0 ? "**The deal**" : `**Move ${step} of ${moves.length}**`;
            expect(shown.content.split("\n")[1]).toContain(caption);
            expect(shown.pictures).toHaveLength(1);
            expect(viewOf(shown.pictures[0]!.job)).toEqual(publicView);
            expect(spec?.publicLeak(state, publicView) ?? null).toBeNull();
            const names = Object.fromEntries(game.players.map((p) => [p.userId, p.displayName]));
            const panel =
              viewer === null
                ? ""
                : ui.panel({
                    ref: { gameId: 7, version: 0 },
                    userId: viewer,
                    view: engine.privateView(state, viewer),
                    names,
                    selection: null,
                    notice: null,
                    words,
                  }).content;
            // The viewer's panel as it read at that step, without its controls; a watcher's none.
            expect(shown.notice ?? "").toBe(panel && `🔒 **Your panel at this move:**\n${panel}`);
            // Cards only other seats may see, and face-down piles.
            const hidden = hiddenFrom(engine, state, PLAYERS.slice(0, count), viewer);
            // The heading and caption carry the game's number and the step, no card.
            const text = [
              ...shown.content.split("\n").slice(2),
              shown.notice ?? "",
              shown.pictures[0]!.alt,
            ].join("\n");
            expect(cardsNamed(text, ui.gameType).filter((c) => hidden.has(c))).toEqual([]);
            const ids = shown.components.flatMap((row) => (row.kind === "buttons" ? row.buttons : []));
            for (const b of ids) expect(b.customId).toMatch(/^r:7:\d+:[a-zA-Z]+$/);
            expect(ids.map((b) => b.disabled)).toEqual([
              step === 0,
              step === 0,
              step === moves.length,
              step === moves.length,
              false,
            ]);
          }
        }
      });
    }
  }
});

describe("a game stored by an older release", () => {
  it("replays up to the move today's rules refuse, and says where it stops", () => {
    const ui = GAMES.uis().get("stapelen")!;
    const { game, moves } = playedGame(ui, 2, 5);
    const broken = moves.map((m, i) =>
      i === 4 ? { ...m, move: { type: "place", column: 99, foundation: 0 } } : m,
    );
    const playable = playableMoves(ui.engine, game, broken);
    expect(playable).toBe(4);
    const shown = replayStep({
      ui,
      game,
      moves: broken,
      playable,
      step: 4,
      seatId: null,
      words,
      channelLocale: "en",
    });
    expect(shown.content).toContain(`it replays only up to move 4 of ${moves.length}`);
    const ids = shown.components.flatMap((row) => (row.kind === "buttons" ? row.buttons : []));
    expect(ids.map((b) => b.disabled)).toEqual([false, false, true, true, false]);
  });
});
