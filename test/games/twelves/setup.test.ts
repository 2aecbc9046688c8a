import { describe, expect, it } from "vitest";
import { cardCode, standardDeck } from "../../../src/engine/core/cards.js";
import { GAMES } from "../../../src/games/index.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import { ANN, BOB, fresh } from "./fixtures.js";

describe("Twelves: set-up", () => {
  it("52 cards are shuffled and dealt face up into 13 columns of 4", () => {
    const state = fresh();
    expect(state.columns).toHaveLength(13);
    for (const column of state.columns) expect(column).toHaveLength(4);
    const codes = state.columns.flat().map(cardCode).sort();
    expect(codes).toEqual(standardDeck().map(cardCode).sort());
    const other = fresh(8);
    expect(other.columns).not.toEqual(state.columns);
  });

  it("the deal is dealt row by row, so only the last card dealt in each column is its top card", () => {
    const state = fresh(3);
    const view = twelves.publicView(state);
    const tops = view.columns.map((column) => column[column.length - 1]);
    expect(tops).toEqual(state.columns.map((column) => column[3]));
  });

  it("everything is public: the public view shows every card of the tableau", () => {
    const state = fresh();
    const view = twelves.publicView(state);
    expect(view.columns).toEqual(state.columns);
    expect(view.cardsLeft).toBe(52);
    expect(JSON.stringify(view)).not.toContain("rng");
  });

  it("is registered under its id", () => {
    expect(GAMES.get("twelves")?.engine).toBe(twelves);
    expect(twelves.id).toBe("twelves");
  });

  it("the game is for exactly two players", () => {
    expect(twelves.minPlayers).toBe(2);
    expect(twelves.maxPlayers).toBe(2);
    expect(() => twelves.setup([ANN], {}, 1)).toThrow();
    expect(() => twelves.setup([ANN, BOB, "cy"], {}, 1)).toThrow();
    expect(() => twelves.setup([ANN, ANN], {}, 1)).toThrow();
  });

  it("the same seed deals the same tableau", () => {
    expect(fresh(42)).toEqual(fresh(42));
  });
});
