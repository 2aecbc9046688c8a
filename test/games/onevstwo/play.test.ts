import { describe, expect, it } from "vitest";
import { legalCards, onevstwo, type Place } from "../../../src/games/onevstwo/engine/index.js";
import {
  ANN,
  actor,
  BOB,
  CAT,
  codes,
  contract,
  DAN,
  FOUR,
  must,
  play,
  playCards,
  refusal,
  sortedCodes,
  THREE,
  table,
} from "./fixtures.js";

describe("Play: the left louse leads the first trick; order left → dummy → right → boss", () => {
  for (const [players, order] of [
    [THREE, [BOB, ANN, CAT, ANN]],
    [FOUR, [BOB, CAT, DAN, ANN]],
  ] as const) {
    it(`${players.length} players: ${order.join(" → ")} (the dummy chosen by ${order[1]})`, () => {
      let state = must(onevstwo.setup([...players], {}, 3), ANN, contract(7, null)).state;
      expect(state.leader).toBe("left");
      const places: Place[] = [];
      const actors: string[] = [];
      for (let i = 0; i < 4; i++) {
        const view = onevstwo.publicView(state);
        places.push(view.toPlay as Place);
        actors.push(view.actor as string);
        expect(onevstwo.actors(state)).toEqual([view.actor]);
        const move = onevstwo.legalMoves(state, view.actor as string)[0];
        state = must(state, view.actor as string, move).state;
      }
      expect(places).toEqual(["left", "dummy", "right", "boss"]);
      expect(actors).toEqual([...order]);
    });
  }

  it("the leader may lead any card of the hand, trumps included", () => {
    const state = table({
      contract: { tricks: 7, trump: "C" },
      hands: { boss: "2H 3H", left: "AS 2C", dummy: "4H 5H", right: "6H 7H" },
    });
    expect(sortedCodes(legalCards(state, BOB))).toEqual(["2C", "AS"]);
    must(state, BOB, play("2C"));
    must(state, BOB, play("AS"));
  });

  it("a trick goes round clockwise from whoever leads it (dummy leads: dummy → right → boss → left)", () => {
    const state = table({
      leader: "dummy",
      hands: { boss: "2H 3H", left: "4H 5H", dummy: "6H 7H", right: "8H 9H" },
    });
    const seen: Place[] = [];
    let s = state;
    for (const code of ["6H", "8H", "2H", "4H"]) {
      seen.push(onevstwo.publicView(s).toPlay as Place);
      s = must(s, actor(s), play(code)).state;
    }
    expect(seen).toEqual(["dummy", "right", "boss", "left"]);
  });
});

describe("Play: players must follow the led suit if they can; otherwise any card", () => {
  const led = () =>
    table({
      contract: { tricks: 7, trump: "C" },
      hands: { boss: "3D AH", left: "JH", dummy: "9D 2D AS KC", right: "AC KS QH 4H" },
      trick: [["left", "5D"]],
    });

  it("holding the led suit: only that suit may be played (the dummy too)", () => {
    const state = led();
    expect(sortedCodes(legalCards(state, ANN))).toEqual(["2D", "9D"]);
    expect(sortedCodes(onevstwo.privateView(state, ANN).play?.legal ?? [])).toEqual(["2D", "9D"]);
    expect(refusal(state, ANN, play("AS")).key).not.toBe("core.notYourTurn");
    refusal(state, ANN, play("KC"));
    must(state, ANN, play("2D"));
  });

  it("not holding the led suit: any card, a trump or a discard", () => {
    const state = playCards(led(), "9D").state;
    expect(actor(state)).toBe(CAT);
    expect(sortedCodes(legalCards(state, CAT))).toEqual(["4H", "AC", "KS", "QH"]);
    for (const code of ["AC", "KS", "QH", "4H"]) must(state, CAT, play(code));
  });

  it("the boss must follow suit too", () => {
    const state = playCards(led(), "9D", "KS").state;
    expect(actor(state)).toBe(ANN);
    expect(codes(legalCards(state, ANN))).toEqual(["3D"]);
    refusal(state, ANN, play("AH"));
  });

  it("a card not in the hand being played is refused (another hand's, an already played one)", () => {
    const state = led();
    for (const code of ["5D", "JH", "AC", "3D", "AH", "10D"]) refusal(state, ANN, play(code));
  });
});

describe("Play: the highest card of the led suit wins, unless trumps were played: then the highest trump", () => {
  const hands = { boss: "2S 3S", left: "4S 5S", dummy: "6S 7S", right: "8S 9S" };
  const noTrump = (hand: Partial<Record<Place, string>>) =>
    table({ contract: { tricks: 7, trump: null }, hands: { ...hands, ...hand } });

  it("no-trump: a higher card of another suit does not win; the led suit's highest does", () => {
    const state = noTrump({
      left: "5D 4S",
      dummy: "AS 6S",
      right: "9D 8S",
      boss: "7D 2S",
    });
    const after = playCards(state, "5D", "AS", "9D", "7D").state;
    expect(after.lastTrick?.winner).toBe("right");
    expect([after.bossTricks, after.liceTricks]).toEqual([state.bossTricks, state.liceTricks + 1]);
  });

  it("rank A K Q J 10 … 2: the Ace beats the King, 10 beats 9, J beats 10", () => {
    const trick = (left: string, dummy: string, right: string, boss: string) =>
      playCards(
        noTrump({ left: `${left} 4S`, dummy: `${dummy} 6S`, right: `${right} 8S`, boss: `${boss} 2S` }),
        left,
        dummy,
        right,
        boss,
      ).state.lastTrick?.winner;
    expect(trick("KD", "AD", "2D", "QD")).toBe("dummy");
    expect(trick("9D", "2D", "10D", "3D")).toBe("right");
    expect(trick("10D", "2D", "3D", "JD")).toBe("boss");
    expect(trick("2D", "AC", "KH", "QS")).toBe("left");
  });

  it("the rulebook's ♣2: clubs trumps, ♦ led, ♦Q ♦K ♦A played, the last player without ♦ wins with ♣2", () => {
    const state = table({
      contract: { tricks: 7, trump: "C" },
      hands: { left: "QD 3H", dummy: "KD 4H", right: "AD 5H", boss: "2C 6H" },
    });
    const { state: after } = playCards(state, "QD", "KD", "AD", "2C");
    expect(after.lastTrick).toEqual({
      cards: [
        { place: "left", card: { rank: 12, suit: "D" } },
        { place: "dummy", card: { rank: 13, suit: "D" } },
        { place: "right", card: { rank: 1, suit: "D" } },
        { place: "boss", card: { rank: 2, suit: "C" } },
      ],
      winner: "boss",
    });
    expect(after.bossTricks).toBe(state.bossTricks + 1);
  });

  it("the ♣2 example with a louse last (the dummy led): the louse wins it for the lice", () => {
    const state = table({
      contract: { tricks: 7, trump: "C" },
      leader: "dummy",
      hands: { dummy: "QD 4H", right: "KD 5H", boss: "AD 6H", left: "2C 3H" },
    });
    const { state: after } = playCards(state, "QD", "KD", "AD", "2C");
    expect(after.lastTrick?.winner).toBe("left");
    expect(after.liceTricks).toBe(state.liceTricks + 1);
  });

  it("several trumps: the highest trump wins, whatever the led suit's cards", () => {
    const state = table({
      contract: { tricks: 7, trump: "C" },
      hands: { left: "AD 3H", dummy: "2C 4H", right: "3C 5H", boss: "KD 6H" },
    });
    expect(playCards(state, "AD", "2C", "3C", "KD").state.lastTrick?.winner).toBe("right");
  });

  it("a trump contract with no trump played: the led suit's highest wins; an off-suit Ace does not", () => {
    const state = table({
      contract: { tricks: 7, trump: "C" },
      hands: { left: "5D 3H", dummy: "AH 4H", right: "9D 5H", boss: "KD 6H" },
    });
    expect(playCards(state, "5D", "AH", "9D", "KD").state.lastTrick?.winner).toBe("boss");
  });

  it("trumps led: the highest trump wins", () => {
    const state = table({
      contract: { tricks: 7, trump: "S" },
      hands: { left: "5S 3H", dummy: "AH 4H", right: "JS 5H", boss: "10S 6H" },
    });
    expect(playCards(state, "5S", "AH", "JS", "10S").state.lastTrick?.winner).toBe("right");
  });
});

describe("Play: the trick's winner leads the next trick", () => {
  const hands = { left: "5D 3H", dummy: "6D 4H", right: "9D 5H", boss: "7D 6H" };

  it("a louse wins: that louse leads", () => {
    const state = playCards(table({ hands }), "5D", "6D", "9D", "7D").state;
    expect(state.leader).toBe("right");
    expect(onevstwo.publicView(state).toPlay).toBe("right");
    expect(actor(state)).toBe(CAT);
  });

  it("the boss wins: the boss leads from own hand", () => {
    const state = playCards(table({ hands: { ...hands, boss: "AD 6H" } }), "5D", "6D", "9D", "AD").state;
    expect(state.leader).toBe("boss");
    expect(actor(state)).toBe(ANN);
    expect(onevstwo.privateView(state, ANN).play?.from).toBe("boss");
  });

  it("3 players, the dummy wins: the boss leads from the dummy (and may not lead from own hand)", () => {
    const state = playCards(table({ hands: { ...hands, dummy: "AD 4H" } }), "5D", "AD", "9D", "7D").state;
    expect(state.lastTrick?.winner).toBe("dummy");
    expect(state.leader).toBe("dummy");
    expect(onevstwo.publicView(state).toPlay).toBe("dummy");
    expect(actor(state)).toBe(ANN);
    expect(onevstwo.privateView(state, ANN).play).toEqual({
      from: "dummy",
      legal: [{ rank: 4, suit: "H" }],
      winning: [],
    });
    refusal(state, ANN, play("6H"));
    must(state, ANN, play("4H"));
  });

  it("4 players, the dummy wins: the servant leads from the dummy; the boss may not", () => {
    const state = playCards(
      table({ players: FOUR, hands: { ...hands, dummy: "AD 4H" } }),
      "5D",
      "AD",
      "9D",
      "7D",
    ).state;
    expect(state.leader).toBe("dummy");
    expect(actor(state)).toBe(CAT);
    refusal(state, ANN, play("4H"));
    must(state, CAT, play("4H"));
  });
});

describe("Play: tricks won by the dummy are the boss's", () => {
  for (const players of [THREE, FOUR]) {
    it(`${players.length} players`, () => {
      const state = table({
        players,
        hands: { left: "5D 3H", dummy: "AD 4H", right: "9D 5H", boss: "7D 6H" },
      });
      const after = playCards(state, "5D", "AD", "9D", "7D").state;
      expect(after.lastTrick?.winner).toBe("dummy");
      expect([after.bossTricks, after.liceTricks]).toEqual([state.bossTricks + 1, state.liceTricks]);
      expect(onevstwo.publicView(after).bossTricks).toBe(state.bossTricks + 1);
    });
  }
});

describe("Ruling: a finished trick stays visible until the next card; the last trick can always be looked at", () => {
  it("the public view keeps the finished trick as lastTrick, after the next card too", () => {
    const state = table({
      hands: { left: "5D 3H 2S", dummy: "6D 4H 3S", right: "9D 5H 4S", boss: "7D 6H 5S" },
    });
    const one = playCards(state, "5D", "6D", "9D");
    expect(one.events).toEqual([]);
    const done = playCards(one.state, "7D");
    expect(done.events.length).toBeGreaterThan(0);
    const finished = {
      cards: [
        { place: "left", card: { rank: 5, suit: "D" } },
        { place: "dummy", card: { rank: 6, suit: "D" } },
        { place: "right", card: { rank: 9, suit: "D" } },
        { place: "boss", card: { rank: 7, suit: "D" } },
      ],
      winner: "right",
    };
    const view = onevstwo.publicView(done.state);
    expect(view.trick).toEqual([]);
    expect(view.lastTrick).toEqual(finished);
    const next = playCards(done.state, "5H").state;
    expect(onevstwo.publicView(next).trick).toEqual([{ place: "right", card: { rank: 5, suit: "H" } }]);
    expect(onevstwo.publicView(next).lastTrick).toEqual(finished);
    const second = playCards(next, "6H", "3H", "4H").state;
    expect(onevstwo.publicView(second).lastTrick?.cards.map((pc) => pc.place)).toEqual([
      "right",
      "boss",
      "left",
      "dummy",
    ]);
    expect(onevstwo.publicView(second).lastTrick?.winner).toBe("boss");
  });

  it("the 13th trick stays visible while the next game's contract is announced (no card played yet)", () => {
    const state = table({ hands: { left: "5D", dummy: "6D", right: "9D", boss: "7D" } });
    const after = playCards(state, "5D", "6D", "9D", "7D").state;
    expect(after.sheet).toHaveLength(1);
    expect(after.phase).toBe("contract");
    expect(onevstwo.publicView(after).trick).toEqual([]);
    // Each card stays in front of the seat that played it, named by that seat's place in the new
    // game: the old left louse is the new boss, the old right louse the new left, the old boss the new right.
    expect(onevstwo.publicView(after).lastTrick).toEqual({
      cards: [
        { place: "boss", card: { rank: 5, suit: "D" } },
        { place: "dummy", card: { rank: 6, suit: "D" } },
        { place: "left", card: { rank: 9, suit: "D" } },
        { place: "right", card: { rank: 7, suit: "D" } },
      ],
      winner: "left",
    });
  });
});

describe("Play: 13 tricks, then the game is scored", () => {
  for (const players of [THREE, FOUR]) {
    it(`${players.length} players: 52 cards, a trick every 4, the game's line after the 13th`, () => {
      let state = must(onevstwo.setup(players, {}, 21), ANN, contract(5, "D")).state;
      let tricks = 0;
      for (let i = 1; i <= 52; i++) {
        expect(state.sheet).toEqual([]);
        const who = actor(state);
        const before = state.lastTrick;
        state = must(state, who, onevstwo.legalMoves(state, who)[0]).state;
        if (i % 4 === 0) {
          tricks++;
          if (i < 52) expect(state.bossTricks + state.liceTricks).toBe(tricks);
        } else expect(state.lastTrick).toEqual(before);
      }
      expect(state.sheet).toHaveLength(1);
      expect(state.sheet[0]?.contract).toEqual({ tricks: 5, trump: "D" });
    });
  }
});
