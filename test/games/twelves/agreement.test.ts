import { describe, expect, it } from "vitest";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import { ANN, BOB, CONFIRM, fresh, must, proposal, refusal, take } from "./fixtures.js";

describe("Twelves: roles and the starter are agreed after seeing the tableau (propose / confirm)", () => {
  it("while agreeing, both players may act and nobody is active", () => {
    const state = fresh();
    expect(state.phase).toBe("agree");
    expect(twelves.actors(state)).toEqual([ANN, BOB]);
    expect(twelves.publicView(state).active).toBeNull();
  });

  it("either player may propose and the other confirms: Ann proposes, Bob confirms", () => {
    const proposed = must(fresh(), ANN, proposal(BOB, ANN));
    expect(proposed.proposal).toEqual({ by: ANN, terms: { twelves: BOB, starter: ANN } });
    expect(twelves.actors(proposed)).toEqual([ANN, BOB]);
    const agreed = must(proposed, BOB, CONFIRM);
    expect(agreed.phase).toBe("play");
    expect(agreed.roles).toEqual({ [ANN]: "fourteen", [BOB]: "twelve" });
    expect(twelves.actors(agreed)).toEqual([ANN]);
  });

  it("either player may propose and the other confirms: Bob proposes, Ann confirms", () => {
    const agreed = must(must(fresh(), BOB, proposal(BOB, BOB)), ANN, CONFIRM);
    expect(agreed.roles).toEqual({ [ANN]: "fourteen", [BOB]: "twelve" });
    expect(twelves.actors(agreed)).toEqual([BOB]);
    expect(twelves.privateView(agreed, BOB).role).toBe("twelve");
  });

  it("either player may re-propose until confirmed; the new proposal replaces the old one", () => {
    let state = must(fresh(), ANN, proposal(ANN, ANN));
    state = must(state, BOB, proposal(BOB, BOB));
    expect(state.proposal).toEqual({ by: BOB, terms: { twelves: BOB, starter: BOB } });
    state = must(state, BOB, proposal(ANN, BOB));
    expect(state.proposal).toEqual({ by: BOB, terms: { twelves: ANN, starter: BOB } });
    const agreed = must(state, ANN, CONFIRM);
    expect(agreed.roles).toEqual({ [ANN]: "twelve", [BOB]: "fourteen" });
    expect(twelves.actors(agreed)).toEqual([BOB]);
  });

  it("the proposer cannot confirm their own proposal", () => {
    const state = must(fresh(), ANN, proposal(ANN, BOB));
    expect(refusal(state, ANN, CONFIRM).key).toBe("twelves.ownProposal");
    expect(twelves.privateView(state, ANN).canConfirm).toBe(false);
    expect(twelves.privateView(state, BOB).canConfirm).toBe(true);
    expect(twelves.legalMoves(state, ANN)).not.toContainEqual(CONFIRM);
    expect(twelves.legalMoves(state, BOB)).toContainEqual(CONFIRM);
  });

  it("nothing can be confirmed before someone proposes", () => {
    expect(refusal(fresh(), BOB, CONFIRM).key).toBe("twelves.noProposal");
  });

  it("no card moves before confirmation", () => {
    const state = fresh();
    const proposed = must(state, ANN, proposal(ANN, ANN));
    expect(proposed.columns).toEqual(state.columns);
    for (const player of [ANN, BOB]) {
      expect(refusal(proposed, player, take(0, 1)).key).toBe("twelves.agreeFirst");
      expect(twelves.legalMoves(proposed, player).some((m) => m.type === "takePair")).toBe(false);
    }
  });

  it("a proposal can only name the two seated players", () => {
    expect(refusal(fresh(), ANN, proposal("cy", ANN)).key).toBe("twelves.notAPlayer");
    expect(refusal(fresh(), ANN, proposal(ANN, "cy")).key).toBe("twelves.notAPlayer");
  });

  it("once agreed, the roles are fixed: no further proposal or confirmation", () => {
    const agreed = must(must(fresh(), ANN, proposal(ANN, ANN)), BOB, CONFIRM);
    expect(refusal(agreed, BOB, proposal(BOB, BOB)).key).toBe("core.wrongPhase");
    expect(refusal(agreed, BOB, CONFIRM).key).toBe("core.wrongPhase");
    expect(refusal(agreed, ANN, proposal(BOB, BOB)).key).toBe("core.wrongPhase");
    expect(refusal(agreed, ANN, CONFIRM).key).toBe("core.wrongPhase");
  });
});
