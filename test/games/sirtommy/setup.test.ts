import { describe, expect, it } from "vitest";
import { cardCode, standardDeck } from "../../../src/engine/core/cards.js";
import { GAMES } from "../../../src/games/index.js";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import { ANN, BOB, CONFIRM, END_TURN, fresh, must, proposeAscending, refusal, toRow } from "./fixtures.js";

describe("Sir Tommy: set-up", () => {
  it("52 cards shuffled face down as the stock; 4 empty rows; 4 empty foundations each", () => {
    const state = fresh();
    expect(state.stock.map(cardCode).sort()).toEqual(standardDeck().map(cardCode).sort());
    expect(state.stock).not.toEqual(fresh(6).stock);
    expect(state.rows).toEqual([[], [], [], []]);
    expect(state.foundations).toEqual({ [ANN]: [[], [], [], []], [BOB]: [[], [], [], []] });
    expect(state.drawn).toEqual([]);
  });

  it("the stock's order is hidden: the public view shows only its count", () => {
    const view = sirTommy.publicView(fresh());
    expect(view.stockCount).toBe(52);
    const json = JSON.stringify(view);
    expect(json).not.toContain('"stock"');
    expect(json).not.toContain('"rng"');
    expect(json).not.toContain('"rank"');
    expect(JSON.stringify(sirTommy.privateView(fresh(), ANN))).not.toContain('"rank"');
  });

  it("is registered under its id", () => {
    expect(GAMES.get("sirtommy")?.engine).toBe(sirTommy);
    expect(sirTommy.id).toBe("sirtommy");
  });

  it("exactly two players", () => {
    expect([sirTommy.minPlayers, sirTommy.maxPlayers]).toEqual([2, 2]);
    expect(() => sirTommy.setup([ANN], {}, 1)).toThrow();
    expect(() => sirTommy.setup([ANN, ANN], {}, 1)).toThrow();
  });
});

describe("Sir Tommy: who is Ascending is agreed by propose / confirm; Ascending starts", () => {
  it("while agreeing, both players may act and nobody is active", () => {
    const state = fresh();
    expect(state.phase).toBe("agree");
    expect(sirTommy.actors(state)).toEqual([ANN, BOB]);
    expect(sirTommy.publicView(state).active).toBeNull();
  });

  it("Ann proposes, Bob confirms: the Ascending player starts", () => {
    const state = must(must(fresh(), ANN, proposeAscending(BOB)), BOB, CONFIRM);
    expect(state.phase).toBe("play");
    expect(state.ascending).toBe(BOB);
    expect(sirTommy.actors(state)).toEqual([BOB]);
    expect(sirTommy.privateView(state, BOB).direction).toBe("ascending");
    expect(sirTommy.privateView(state, ANN).direction).toBe("descending");
  });

  it("Bob proposes, Ann confirms", () => {
    const state = must(must(fresh(), BOB, proposeAscending(ANN)), ANN, CONFIRM);
    expect(state.ascending).toBe(ANN);
    expect(sirTommy.actors(state)).toEqual([ANN]);
  });

  it("either player may re-propose until confirmed; the new proposal replaces the old one", () => {
    let state = must(fresh(), ANN, proposeAscending(ANN));
    state = must(state, BOB, proposeAscending(BOB));
    expect(state.proposal).toEqual({ by: BOB, terms: { ascending: BOB } });
    state = must(state, BOB, proposeAscending(ANN));
    expect(state.proposal).toEqual({ by: BOB, terms: { ascending: ANN } });
    expect(must(state, ANN, CONFIRM).ascending).toBe(ANN);
  });

  it("the proposer cannot confirm their own proposal; nothing to confirm before a proposal", () => {
    expect(refusal(fresh(), ANN, CONFIRM).key).toBe("sirtommy.noProposal");
    const state = must(fresh(), ANN, proposeAscending(ANN));
    expect(refusal(state, ANN, CONFIRM).key).toBe("sirtommy.ownProposal");
    expect(sirTommy.privateView(state, ANN).canConfirm).toBe(false);
    expect(sirTommy.privateView(state, BOB).canConfirm).toBe(true);
    expect(sirTommy.legalMoves(state, ANN)).not.toContainEqual(CONFIRM);
    expect(sirTommy.legalMoves(state, BOB)).toContainEqual(CONFIRM);
  });

  it("no card moves before confirmation: nothing is drawn and no card move is accepted", () => {
    const state = must(fresh(), ANN, proposeAscending(ANN));
    expect(state.stock).toEqual(fresh().stock);
    expect(state.drawn).toEqual([]);
    for (const player of [ANN, BOB]) {
      expect(refusal(state, player, toRow(0, 0)).key).toBe("sirtommy.agreeFirst");
      expect(refusal(state, player, END_TURN).key).toBe("sirtommy.agreeFirst");
    }
  });

  it("only a seated player can be Ascending; the choice is final once confirmed", () => {
    expect(refusal(fresh(), ANN, proposeAscending("cy")).key).toBe("sirtommy.notAPlayer");
    const agreed = must(must(fresh(), ANN, proposeAscending(ANN)), BOB, CONFIRM);
    expect(refusal(agreed, BOB, proposeAscending(BOB)).key).toBe("core.wrongPhase");
    expect(refusal(agreed, ANN, proposeAscending(BOB)).key).toBe("core.wrongPhase");
    expect(refusal(agreed, ANN, CONFIRM).key).toBe("core.wrongPhase");
  });

  it("ruling: the first turn's draw happens automatically once agreed", () => {
    const start = fresh();
    const state = must(must(start, ANN, proposeAscending(ANN)), BOB, CONFIRM);
    expect(state.drawn).toEqual(start.stock.slice(-3).reverse());
    expect(state.stock).toHaveLength(49);
    expect(sirTommy.publicView(state).drawn).toEqual(state.drawn);
  });
});
