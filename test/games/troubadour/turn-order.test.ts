import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import {
  compareTrios,
  nobleValue,
  sortTrio,
  type TroubadourState,
  troubadour,
} from "../../../src/games/troubadour/engine/index.js";
import { decideOrder } from "../../../src/games/troubadour/engine/rules.js";
import { act, c, cards, refused } from "./fixtures.js";

function pickAll(state: TroubadourState, picks: Record<PlayerId, string[]>): TroubadourState {
  return Object.entries(picks).reduce(
    (s, [p, trio]) => act(s, p, { type: "pickNobles", nobles: cards(...trio) }).state,
    state,
  );
}

function orderFor(picks: Record<PlayerId, string[]>): PlayerId[] {
  return pickAll(troubadour.setup(Object.keys(picks), {}, 3), picks).order;
}

describe("Who goes first: rank ♠ < ♦ < ♣ < ♥, J < Q < K within a suit, suit counts first", () => {
  it("ranks all twelve nobles from ♠J (lowest) to ♥K (highest)", () => {
    const ranked = ["JS", "QS", "KS", "JD", "QD", "KD", "JC", "QC", "KC", "JH", "QH", "KH"].map(c);
    expect(ranked.map(nobleValue)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("♣J outranks ♦K: the player holding ♦K as lowest noble starts", () => {
    expect(nobleValue(c("JC"))).toBeGreaterThan(nobleValue(c("KD")));
    expect(orderFor({ a: ["JC", "QC", "KC"], b: ["KD", "JH", "QH"] })).toEqual(["b", "a"]);
  });

  it("example 1: ♠J ♣J ♣Q against ♠Q ♦J ♦Q — the lowest noble decides (♠J < ♠Q)", () => {
    expect(orderFor({ a: ["JS", "JC", "QC"], b: ["QS", "JD", "QD"] })).toEqual(["a", "b"]);
  });

  it("example 2: ♠Q ♣J ♣K against ♠Q ♦Q ♥Q — equal lowest, the second lowest decides (♦Q < ♣J)", () => {
    expect(orderFor({ a: ["QS", "JC", "KC"], b: ["QS", "QD", "QH"] })).toEqual(["b", "a"]);
  });

  it("example 3: ♦J ♦Q ♥Q against ♦J ♦Q ♣K — two equal, the third decides (♣K < ♥Q)", () => {
    expect(orderFor({ a: ["JD", "QD", "QH"], b: ["JD", "QD", "KC"] })).toEqual(["b", "a"]);
  });

  it("the order in which a trio was chosen does not matter", () => {
    expect(compareTrios(cards("KH", "JS", "QD"), cards("JS", "QD", "KH"))).toBe(0);
    expect(sortTrio(cards("KH", "JS", "QD")).map(nobleValue)).toEqual([0, 4, 11]);
  });

  it("identical trios: each player rolls a fair die, the lowest roll starts, and the rolls are kept to show", () => {
    const state = pickAll(troubadour.setup(["a", "b"], {}, 3), {
      a: ["JS", "QS", "KS"],
      b: ["KS", "JS", "QS"],
    });
    const rolls = state.dieRolls;
    const last = (p: PlayerId) => rolls[p]?.at(-1) as number;
    expect(Object.keys(rolls).sort()).toEqual(["a", "b"]);
    expect(last(state.order[0] as PlayerId)).toBeLessThan(last(state.order[1] as PlayerId));
    for (const roll of [...(rolls.a ?? []), ...(rolls.b ?? [])]) expect(roll >= 1 && roll <= 6).toBe(true);
  });

  it("identical trios: tied rolls are rolled again until they differ", () => {
    // Find a seed whose first rolls tie (deterministic: the RNG is seeded).
    const trios = { a: cards("JS", "QS", "KS"), b: cards("JS", "QS", "KS") };
    let seed = 0;
    let result = decideOrder(["a", "b"], trios, createRng(seed));
    while ((result.dieRolls.a?.length ?? 0) < 2) result = decideOrder(["a", "b"], trios, createRng(++seed));
    const { a = [], b = [] } = result.dieRolls;
    expect(a.length).toBe(b.length);
    for (let i = 0; i < a.length - 1; i++) expect(a[i]).toBe(b[i]);
    expect(a.at(-1)).not.toBe(b.at(-1));
    expect(result.order[0]).toBe((a.at(-1) as number) < (b.at(-1) as number) ? "a" : "b");
  });

  it("no die is rolled when the trios differ", () => {
    const state = pickAll(troubadour.setup(["a", "b"], {}, 3), {
      a: ["JS", "QS", "KS"],
      b: ["JD", "QD", "KD"],
    });
    expect(state.dieRolls).toEqual({});
  });

  it("3–4 players: all players are ordered by the same comparison, lowest first", () => {
    expect(
      orderFor({
        a: ["JH", "QH", "KH"],
        b: ["QS", "JC", "KC"],
        c: ["JD", "QD", "KD"],
        d: ["QS", "QD", "QH"],
      }),
    ).toEqual(["d", "b", "c", "a"]);
    expect(orderFor({ a: ["JC", "QC", "KC"], b: ["JS", "QH", "KH"], c: ["KD", "QH", "KH"] })).toEqual([
      "b",
      "c",
      "a",
    ]);
  });

  it("3–4 players: only players with identical trios roll, and they keep their place among the others", () => {
    const state = pickAll(troubadour.setup(["a", "b", "c"], {}, 5), {
      a: ["JH", "QH", "KH"],
      b: ["JC", "QC", "KC"],
      c: ["JC", "QC", "KC"],
    });
    expect(Object.keys(state.dieRolls).sort()).toEqual(["b", "c"]);
    expect(state.order[2]).toBe("a");
  });
});

describe("Rounds: every player secretly picks exactly 3 of their 12 nobles", () => {
  const fresh = () => troubadour.setup(["a", "b"], {}, 11);

  it("a pick must be exactly three different nobles (J, Q or K)", () => {
    expect(refused(fresh(), "a", { type: "pickNobles", nobles: cards("JS", "QS") })).toBe(
      "troubadour.badPick",
    );
    expect(refused(fresh(), "a", { type: "pickNobles", nobles: cards("JS", "QS", "KS", "JH") })).toBe(
      "troubadour.badPick",
    );
    expect(refused(fresh(), "a", { type: "pickNobles", nobles: cards("JS", "JS", "QS") })).toBe(
      "troubadour.badPick",
    );
    expect(refused(fresh(), "a", { type: "pickNobles", nobles: cards("JS", "QS", "10S") })).toBe(
      "troubadour.badPick",
    );
    expect(refused(fresh(), "a", { type: "pickNobles", nobles: [] })).toBe("troubadour.badPick");
  });

  it("malformed picks are refused", () => {
    const bad = { type: "pickNobles", nobles: [{ rank: 14, suit: "S" }] } as never;
    expect(refused(fresh(), "a", bad)).toBe("core.malformedMove");
    expect(refused(fresh(), "a", { type: "pickNobles" } as never)).toBe("core.malformedMove");
    expect(refused(fresh(), "a", null as never)).toBe("core.malformedMove");
  });

  it("everyone may act during the pick phase; a pick may be changed until all have picked", () => {
    let state = act(fresh(), "a", { type: "pickNobles", nobles: cards("JS", "QS", "KS") }).state;
    expect(troubadour.actors(state).sort()).toEqual(["a", "b"]);
    expect(state.phase).toBe("pick");
    const change = act(state, "a", { type: "pickNobles", nobles: cards("JH", "QH", "KH") });
    // A changed pick is not announced again: the table must not learn that a player hesitates.
    expect(change.events).toEqual([]);
    state = change.state;
    expect(troubadour.actors(state).sort()).toEqual(["a", "b"]);
    state = act(state, "b", { type: "pickNobles", nobles: cards("JD", "QD", "KD") }).state;
    expect(state.phase).toBe("play");
    expect(state.picks.a).toEqual(cards("JH", "QH", "KH"));
    expect(state.order).toEqual(["b", "a"]);
    for (const player of ["a", "b"]) {
      expect(refused(state, player, { type: "pickNobles", nobles: cards("JS", "QS", "KS") })).toBe(
        "core.wrongPhase",
      );
    }
  });

  it("when all have picked, every trio is revealed at once (one event each) and the first player is named", () => {
    const first = act(fresh(), "a", { type: "pickNobles", nobles: cards("JS", "QS", "KS") });
    expect(first.events.map((e) => e.key)).toEqual(["troubadour.event.picked"]);
    const second = act(first.state, "b", { type: "pickNobles", nobles: cards("JD", "QD", "KD") });
    expect(second.events.map((e) => e.key)).toEqual([
      "troubadour.event.picked",
      "troubadour.event.trio",
      "troubadour.event.trio",
      "troubadour.event.firstPlayer",
    ]);
    expect(second.events[1]?.params).toEqual({ player: "a", trio: "J♠ Q♠ K♠" });
    expect(troubadour.actors(second.state)).toEqual(["a"]);
  });

  it("turn moves are refused while nobles are being picked", () => {
    expect(refused(fresh(), "a", { type: "draw" })).toBe("core.wrongPhase");
    expect(refused(fresh(), "a", { type: "endTurn" })).toBe("core.wrongPhase");
  });

  it("a player not seated in the game cannot pick", () => {
    expect(refused(fresh(), "z", { type: "pickNobles", nobles: cards("JS", "QS", "KS") })).toBe(
      "core.notSeated",
    );
  });

  it("each player has one turn in the order, then a new round starts with a fresh pick (any trio, again)", () => {
    let state = pickAll(fresh(), { a: ["JS", "QS", "KS"], b: ["JD", "QD", "KD"] });
    expect(refused(state, "b", { type: "endTurn" })).toBe("core.notYourTurn");
    state = act(state, "a", { type: "endTurn" }).state;
    expect(troubadour.actors(state)).toEqual(["b"]);
    const last = act(state, "b", { type: "endTurn" });
    expect(last.events.map((e) => e.key)).toContain("troubadour.event.newRound");
    state = last.state;
    expect(state.phase).toBe("pick");
    expect(state.round).toBe(2);
    expect(state.picks).toEqual({ a: null, b: null });
    state = pickAll(state, { a: ["JS", "QS", "KS"], b: ["JD", "QD", "KD"] });
    expect(state.phase).toBe("play");
  });
});
