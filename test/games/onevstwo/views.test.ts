import { describe, expect, it } from "vitest";
import { type Card, cardCode } from "../../../src/engine/core/cards.js";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { type OnevstwoState, onevstwo, type Place } from "../../../src/games/onevstwo/engine/index.js";
import { FOUR, handOf, must, sortedCodes, THREE } from "./fixtures.js";

/** Every card object anywhere in a JSON value. */
function cardsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) cardsIn(item, found);
  else if (value !== null && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (typeof v.rank === "number" && typeof v.suit === "string") found.push(cardCode(v as unknown as Card));
    else for (const item of Object.values(v)) cardsIn(item, found);
  }
  return found;
}

/** Hidden now: the cards still in a player's own hand (not the dummy). */
function hiddenCards(state: OnevstwoState): Set<string> {
  const hidden = new Set<string>();
  for (const place of ["boss", "left", "right"] as Place[])
    for (const card of handOf(state, place)) hidden.add(cardCode(card));
  return hidden;
}

/**
 * The previous game's last trick, still on the table until the new game's first card: those cards
 * were played in public, and with the round's same deal they are back in their owners' hands.
 */
function carriedTrick(state: OnevstwoState): Set<string> {
  const fresh =
    state.sheet.length > 0 && state.bossTricks + state.liceTricks === 0 && state.trick.length === 0;
  return new Set(fresh ? (state.lastTrick?.cards ?? []).map((c) => cardCode(c.card)) : []);
}

function expectNoHiddenCard(state: OnevstwoState): void {
  const carried = carriedTrick(state);
  const hidden = new Set([...hiddenCards(state)].filter((code) => !carried.has(code)));
  const view = onevstwo.publicView(state);
  for (const code of cardsIn(view)) expect(hidden.has(code), `${code} in the public view`).toBe(false);
  expect(Object.keys(view)).not.toContain("stacks");
  expect(Object.keys(view)).not.toContain("deal");
  expect(Object.keys(view)).not.toContain("rng");
  // Each private view adds only the viewer's own hand.
  for (const player of state.players) {
    const own = new Set(onevstwo.privateView(state, player).hand.map(cardCode));
    for (const code of cardsIn(onevstwo.privateView(state, player))) {
      if (hidden.has(code)) expect(own.has(code), `${code} shown to ${player}`).toBe(true);
    }
  }
}

describe("Information: private are the own hands; public the dummy, the contract, cards played, tricks won", () => {
  for (const players of [THREE, FOUR]) {
    it(`${players.length} players: no hand in the public view, no other hand in a private view, all game long`, () => {
      const rng = createRng(players.length);
      let state = onevstwo.setup(players, {}, 17);
      for (let i = 0; i < 53; i++) {
        expectNoHiddenCard(state);
        const [who] = onevstwo.actors(state);
        const moves = onevstwo.legalMoves(state, who as string);
        state = must(state, who as string, moves[nextInt(rng, moves.length)]).state;
      }
      expectNoHiddenCard(state);
    });
  }

  it("public: the dummy, the contract, the cards of the trick, tricks won, cards left per place", () => {
    let state = must(onevstwo.setup(THREE, {}, 17), "ann", { type: "contract", tricks: 8, trump: "H" }).state;
    for (let i = 0; i < 6; i++) {
      const [who] = onevstwo.actors(state);
      state = must(state, who as string, onevstwo.legalMoves(state, who as string)[0]).state;
    }
    const view = onevstwo.publicView(state);
    expect(sortedCodes(view.dummy)).toEqual(sortedCodes(handOf(state, "dummy")));
    expect(view.contract).toEqual({ tricks: 8, trump: "H" });
    expect(view.trick).toEqual(state.trick);
    expect(view.trick).toHaveLength(2);
    expect(view.lastTrick).toEqual(state.lastTrick);
    expect(view.bossTricks + view.liceTricks).toBe(1);
    expect([view.bossTricks, view.liceTricks]).toEqual([state.bossTricks, state.liceTricks]);
    const left = (place: Place) => handOf(state, place).length;
    expect(view.cardsLeft).toEqual({
      boss: left("boss"),
      left: left("left"),
      dummy: left("dummy"),
      right: left("right"),
    });
  });

  it("4 players: the servant's own hand is the open dummy", () => {
    const state = onevstwo.setup(FOUR, {}, 17);
    expect(sortedCodes(onevstwo.publicView(state).dummy)).toEqual(
      sortedCodes(onevstwo.privateView(state, "cat").hand),
    );
  });
});
