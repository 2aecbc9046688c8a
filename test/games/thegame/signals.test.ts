import { describe, expect, it } from "vitest";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { parseMove, theGame } from "../../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../../src/games/thegame/engine/types.js";
import { t, tm } from "../../../src/i18n/index.js";
import {
  drawPileOf,
  END_TURN,
  EVERY_SIGNAL,
  FRESH_SIGNALS,
  must,
  playMove,
  refusal,
  signalMove,
  table,
} from "./fixtures.js";

/** Ann to play, Bob and Cy waiting; a draw pile so the minimum is 2. */
const running = (): TheGameState =>
  table({
    hands: { ann: [20, 30, 40], bob: [50, 60, 70], cy: [80, 85] },
    piles: [[5], [10], [95], [90]],
    drawPile: drawPileOf(10),
  });

const HOLD = signalMove(0, "hold");

describe("The Game: table signals (docs/RULES.md §1 ruling: structured signals without numbers, on the public table)", () => {
  it("any seated player may signal, out of turn too; the table shows who said what on which pile", () => {
    let state = must(running(), "bob", HOLD);
    expect(theGame.actors(state)).toEqual(["ann"]);
    state = must(state, "cy", signalMove(3, "bigJump"));
    state = must(state, "ann", signalMove(0, "playWell"));
    expect(theGame.publicView(state).signals).toEqual([
      [
        { player: "ann", signal: "playWell" },
        { player: "bob", signal: "hold" },
      ],
      [],
      [],
      [{ player: "cy", signal: "bigJump" }],
    ]);
    // Everyone sees them, robots included: they are in every private view too.
    expect(theGame.privateView(state, "cy").signals).toEqual(theGame.publicView(state).signals);
    // Signals change nothing else: the turn, the hands, the piles.
    const before = running();
    expect(state.piles).toEqual(before.piles);
    expect(state.hands).toEqual(before.hands);
    expect(state.playedThisTurn).toBe(0);
  });

  it("every seated player is offered the signals that change something, whoever is to play", () => {
    const state = must(running(), "ann", HOLD);
    const signals = theGame.legalMoves(state, "ann").filter((m) => m.type === "signal");
    expect(signals).toEqual([
      signalMove(0, "playWell"),
      signalMove(0, "bigJump"),
      signalMove(0, null),
      ...FRESH_SIGNALS.slice(3),
    ]);
    expect(theGame.legalMoves(state, "bob")).toEqual(FRESH_SIGNALS);
    const bobHolds = must(state, "bob", HOLD);
    expect(theGame.legalMoves(bobHolds, "bob")).toEqual(
      theGame.legalMoves(state, "ann").filter((m) => m.type === "signal"),
    );
  });

  it("in random games, for every seated player whoever is to play: every listed move applies and every accepted signal is listed", () => {
    const key = (m: unknown) => JSON.stringify(m);
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const players = ["ann", "bob", "cy", "dee", "eve"].slice(0, 2 + (seed % 4));
      const rng = createRng(seed);
      let state = theGame.setup(players, {}, seed);
      for (let step = 0; step < 60 && theGame.outcome(state) === null; step++) {
        for (const player of players) {
          const listed = theGame.legalMoves(state, player);
          for (const move of listed)
            expect(theGame.apply(state, player, move).ok, `${player} ${key(move)}`).toBe(true);
          const keys = new Set(listed.map(key));
          for (const signal of EVERY_SIGNAL) {
            const accepted = theGame.apply(state, player, signal).ok;
            expect(keys.has(key(signal)), `${player} ${key(signal)} at step ${step}`).toBe(accepted);
          }
          checked++;
        }
        // Someone moves: the actor most of the time, now and then a waiting player's signal.
        const movers = nextInt(rng, 4) === 0 ? players : theGame.actors(state);
        const mover = movers[nextInt(rng, movers.length)] as string;
        const moves = theGame.legalMoves(state, mover);
        if (moves.length === 0) continue;
        state = must(state, mover, moves[nextInt(rng, moves.length)] as (typeof moves)[number]);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("only in play, only with others at the table, only by a seated player", () => {
    const claim = theGame.setup(["ann", "bob"], {}, 4);
    expect(refusal(claim, "ann", HOLD).key).toBe("thegame.signalNotNow");
    const solo = table({ hands: { solo: [20, 30] }, drawPile: drawPileOf(3) });
    expect(refusal(solo, "solo", HOLD).key).toBe("thegame.signalSolo");
    expect(theGame.legalMoves(solo, "solo").some((m) => m.type === "signal")).toBe(false);
    expect(refusal(running(), "zed", HOLD).key).toBe("core.notSeated");
    const over = { ...running(), phase: "over" as const, endReason: "stuck" as const };
    expect(refusal(over, "bob", HOLD).key).toBe("core.gameOver");
  });

  it("no numbers: a signal is a pile and a word; anything carrying a card or another word is refused", () => {
    expect(parseMove({ type: "signal", pile: 2, signal: "hold" })).toEqual(signalMove(2, "hold"));
    expect(parseMove({ type: "signal", pile: 2, signal: null })).toEqual(signalMove(2, null));
    for (const junk of [
      { type: "signal", pile: 2, signal: "hold", card: 40 },
      { type: "signal", pile: 2, signal: 40 },
      { type: "signal", pile: 2, signal: "40" },
      { type: "signal", pile: 2, signal: "lowCard" },
      { type: "signal", pile: 4, signal: "hold" },
      { type: "signal", pile: 2 },
    ]) {
      expect(parseMove(junk), JSON.stringify(junk)).toBeNull();
      expect(refusal(running(), "bob", junk).key).toBe("core.notYourTurn");
    }
    // What the table and the log say holds no card value: only a player id and a word.
    const result = theGame.apply(running(), "bob", HOLD);
    if (!result.ok) throw new Error("refused");
    expect(result.events).toEqual([{ key: "thegame.event.signal.hold.0", params: { player: "bob" } }]);
    const shown = JSON.stringify(theGame.publicView(result.state).signals);
    expect(shown).not.toMatch(/\d/);
  });

  it("a signal gives a public log line in words", () => {
    const line = (state: TheGameState, player: string, move: ReturnType<typeof signalMove>) => {
      const result = theGame.apply(state, player, move);
      if (!result.ok) throw new Error(result.error.key);
      return result.events.map((e) => tm({ key: e.key, params: { ...e.params, player: "Alice" } }));
    };
    expect(line(running(), "bob", HOLD)).toEqual(["Alice: hold the first rising pile (▲1)"]);
    expect(line(running(), "bob", signalMove(1, "playWell"))).toEqual([
      "Alice: I can play well on the second rising pile (▲2)",
    ]);
    expect(line(running(), "bob", signalMove(2, "bigJump"))).toEqual([
      "Alice: big jump coming on the first falling pile (▼3)",
    ]);
    const held = must(running(), "bob", signalMove(3, "hold"));
    expect(line(held, "bob", signalMove(3, null))).toEqual([
      "Alice takes back their signal on the second falling pile (▼4)",
    ]);
    for (const key of [
      "thegame.signalNotNow",
      "thegame.signalSolo",
      "thegame.signalAlreadySet",
      "thegame.noSignalToClear",
    ])
      expect(t(key)).not.toBe(key);
  });

  it("one signal per player and pile: a new word replaces the old; the same word again, or clearing nothing, is refused", () => {
    let state = must(running(), "bob", HOLD);
    state = must(state, "bob", signalMove(0, "bigJump"));
    expect(state.signals).toEqual([{ player: "bob", pile: 0, signal: "bigJump" }]);
    expect(refusal(state, "bob", signalMove(0, "bigJump")).key).toBe("thegame.signalAlreadySet");
    expect(refusal(state, "bob", signalMove(1, null)).key).toBe("thegame.noSignalToClear");
    state = must(state, "bob", signalMove(1, "hold"));
    state = must(state, "bob", signalMove(0, null));
    expect(state.signals).toEqual([{ player: "bob", pile: 1, signal: "hold" }]);
  });

  it("a player's signals are cleared when their own turn begins; the others' stay", () => {
    let state = must(running(), "bob", HOLD);
    state = must(state, "bob", signalMove(2, "playWell"));
    state = must(state, "cy", signalMove(1, "bigJump"));
    state = must(state, "ann", signalMove(3, "hold"));
    state = must(must(state, "ann", playMove(20, 0)), "ann", playMove(30, 0));
    // Still Ann's turn: Bob's signals are meant for it.
    expect(state.signals.filter((s) => s.player === "bob")).toHaveLength(2);
    state = must(state, "ann", END_TURN);
    expect(theGame.actors(state)).toEqual(["bob"]);
    expect(state.signals).toEqual([
      { player: "ann", pile: 3, signal: "hold" },
      { player: "cy", pile: 1, signal: "bigJump" },
    ]);
  });

  it("migration from state version 1: a stored game without signals loads with none and plays on", () => {
    const current = running();
    const { signals: _dropped, ...stored } = current;
    expect(theGame.stateVersion).toBe(2);
    const loaded = theGame.migrate(JSON.parse(JSON.stringify(stored)), 1);
    expect(loaded).toEqual(current);
    expect(theGame.publicView(loaded).signals).toEqual([[], [], [], []]);
    expect(must(loaded, "cy", HOLD).signals).toEqual([{ player: "cy", pile: 0, signal: "hold" }]);
    expect(theGame.migrate(current, 2)).toBe(current);
    expect(() => theGame.migrate(current, 3)).toThrow(/state version 3/);
  });
});
