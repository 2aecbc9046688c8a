import { describe, expect, it } from "vitest";
import { SUITS, type Suit, standardDeck } from "../../../src/engine/core/cards.js";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { type OnevstwoMove, type OnevstwoState, onevstwo } from "../../../src/games/onevstwo/engine/index.js";
import { ANN, contract, FOUR, must, THREE } from "./fixtures.js";

/** Every move of a known shape: 65 contracts and 52 card plays. */
const CANDIDATES: OnevstwoMove[] = [
  ...Array.from({ length: 13 }, (_, i) =>
    [...SUITS, null].map((trump) => contract(i + 1, trump as Suit | null)),
  ).flat(),
  ...standardDeck().map((card): OnevstwoMove => ({ type: "play", card })),
];

const key = (move: OnevstwoMove) => JSON.stringify(move);

/** legalMoves lists exactly the moves apply accepts, for every seated player. */
function expectLegalMovesComplete(state: OnevstwoState): void {
  for (const player of state.players) {
    const listed = onevstwo.legalMoves(state, player);
    expect(onevstwo.legalMoves(state, player)).toEqual(listed);
    const listedKeys = new Set(listed.map(key));
    expect(listedKeys.size).toBe(listed.length);
    const accepted = CANDIDATES.filter((move) => onevstwo.apply(state, player, move).ok).map(key);
    expect(new Set(accepted), `${player} in ${state.phase}`).toEqual(listedKeys);
    if (listed.length > 0) expect(onevstwo.actors(state)).toContain(player);
  }
}

describe("legalMoves is complete: exactly the moves that are accepted, in a stable order", () => {
  for (const [players, seed] of [
    [THREE, 41],
    [FOUR, 42],
  ] as const) {
    it(`${players.length} players, a whole random game`, () => {
      const rng = createRng(seed);
      let state = onevstwo.setup([...players], {}, seed);
      const games = state.sheet.length;
      while (state.sheet.length === games) {
        expectLegalMovesComplete(state);
        const [who] = onevstwo.actors(state);
        const moves = onevstwo.legalMoves(state, who as string);
        state = must(state, who as string, moves[nextInt(rng, moves.length)]).state;
      }
      expectLegalMovesComplete(state);
    });
  }
});

describe("parseMove: untrusted moves of an unknown shape are refused", () => {
  const junk: unknown[] = [
    null,
    undefined,
    0,
    "play",
    [],
    {},
    { type: "pass" },
    { type: "play" },
    { type: "play", card: "AS" },
    { type: "play", card: null },
    { type: "play", card: { rank: 0, suit: "S" } },
    { type: "play", card: { rank: 14, suit: "S" } },
    { type: "play", card: { rank: 1.5, suit: "S" } },
    { type: "play", card: { rank: "1", suit: "S" } },
    { type: "play", card: { rank: 1, suit: "X" } },
    { type: "play", card: { rank: 1 } },
    { type: "contract" },
    { type: "contract", tricks: 7 },
    { type: "contract", tricks: "7", trump: "S" },
    { type: "contract", tricks: 7, trump: "X" },
    { type: "contract", tricks: 7, trump: 1 },
    { type: "contract", tricks: 0, trump: "S" },
    { type: "contract", tricks: 14, trump: null },
    { type: "contract", tricks: 2.5, trump: null },
    { type: "contract", tricks: Number.POSITIVE_INFINITY, trump: null },
  ];

  it("junk parses to null", () => {
    for (const move of junk.slice(0, 21)) expect(onevstwo.parseMove(move), JSON.stringify(move)).toBeNull();
  });

  it("junk is refused by apply and leaves the state alone, for the player who may act", () => {
    const state = onevstwo.setup(THREE, {}, 1);
    const before = structuredClone(state);
    for (const move of junk) expect(onevstwo.apply(state, ANN, move).ok, JSON.stringify(move)).toBe(false);
    expect(onevstwo.apply(state, ANN, { type: "contract", tricks: 7, trump: "S" }).ok).toBe(true);
    expect(state).toEqual(before);
  });

  it("well-formed moves parse to their canonical form", () => {
    expect(onevstwo.parseMove({ type: "play", card: { rank: 10, suit: "H" } })).toEqual({
      type: "play",
      card: { rank: 10, suit: "H" },
    });
    expect(onevstwo.parseMove({ type: "contract", tricks: 13, trump: null })).toEqual(contract(13, null));
    expect(onevstwo.parseMove({ type: "contract", tricks: 1, trump: "C" })).toEqual(contract(1, "C"));
  });
});
