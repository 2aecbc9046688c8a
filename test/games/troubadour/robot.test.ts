import { describe, expect, it } from "vitest";
import { cardLabel } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { type AnyRobot, randomLegalRobot, robotRandom } from "../../../src/engine/core/robot.js";
import { playRobotGame } from "../../../src/engine/robots/arena.js";
import { GAMES } from "../../../src/games/index.js";
import {
  sortTrio,
  type TroubadourMove,
  type TroubadourState,
  troubadour,
} from "../../../src/games/troubadour/engine/index.js";
import {
  dealGame,
  troubadourBaselineRobot,
  troubadourRobot,
} from "../../../src/games/troubadour/engine/robot.js";
import { buildingCards } from "../../../src/games/troubadour/engine/rules.js";
import { hasKey, tm } from "../../../src/i18n/index.js";
import { board, cards, castleUpTo, labels, playState } from "./fixtures.js";

function decide(state: TroubadourState, player: PlayerId = "a", mustAct = true) {
  const choice = troubadourRobot.choose({
    seat: player,
    view: troubadour.privateView(state, player),
    legal: troubadour.legalMoves(state, player),
    mustAct,
    random: robotRandom(7),
    hasTime: () => true,
  });
  if (choice) expect(hasKey(choice.reason.key), choice.reason.key).toBe(true);
  return choice;
}

function move(state: TroubadourState, player: PlayerId = "a"): TroubadourMove {
  const choice = decide(state, player);
  if (!choice) throw new Error("the robot did not act");
  return choice.move;
}

/** The trio the robot picks, as labels, in a pick-phase state whose boards are replaced as given. */
function pickFor(boards: Record<PlayerId, Parameters<typeof board>[0]>): string[] {
  const state = troubadour.setup(["a", "b"], {}, 3);
  for (const [player, spec] of Object.entries(boards)) state.boards[player] = board(spec);
  const chosen = move(state);
  if (chosen.type !== "pickNobles") throw new Error(`not a pick: ${chosen.type}`);
  return labels(chosen.nobles);
}

const FACE_UP_VILLAGES = [["9S", "8H"], ["9D"], ["7C"], ["10H"], ["6S"]];

describe("Troubadour's robot", () => {
  it("is the registered robot and only ever submits legal moves, 2 to 4 players", () => {
    expect(GAMES.robots().get("troubadour")!).toBe(troubadourRobot);
    for (let seed = 1; seed <= 6; seed++) {
      const players = 2 + (seed % 3);
      const robots = Array.from({ length: players }, () => troubadourRobot as AnyRobot);
      // A few rounds show every kind of move; whole games of searching robots would only take longer.
      const played = playRobotGame(troubadour, robots, { roundCap: 2 }, seed);
      expect(played.outcome).not.toBeNull();
    }
  });

  it("beats random-legal players", () => {
    // The robot sits first: it picks, then lets its pick stand while the random player picks.
    for (let seed = 1; seed <= 6; seed++) {
      const played = playRobotGame(troubadour, [troubadourRobot as AnyRobot, randomLegalRobot], {}, seed);
      expect(played.outcome?.results["bot:1"]?.result).toBe("win");
    }
  });

  it("lets a pick it has made stand while another player still has to choose, even when told to act", () => {
    const state = troubadour.setup(["a", "b"], {}, 3);
    state.picks.a = sortTrio(cards("JC", "QC", "QH"));
    expect(decide(state, "a", false)).toBeNull();
    expect(decide(state, "a", true)).toBeNull();
    expect(decide(state, "b", true)?.move.type).toBe("pickNobles");
  });

  it("picks its trio without regard to the opponent's secret pick or any hidden card", () => {
    const state = troubadour.setup(["a", "b"], {}, 11);
    state.picks.b = sortTrio(cards("JS", "QS", "KS"));
    const other = structuredClone(state);
    other.picks.b = sortTrio(cards("JD", "QD", "KD"));
    // Different face-down village cards and draw pile for both players.
    for (const player of ["a", "b"]) {
      const mine = other.boards[player];
      if (!mine) throw new Error("no board");
      const hidden = mine.villages.flatMap((v) => v.filter((vc) => !vc.faceUp));
      const swapped = [...mine.drawPile.splice(0, hidden.length)];
      hidden.forEach((vc, i) => {
        const card = swapped[i];
        if (card) [vc.card, swapped[i]] = [card, vc.card];
      });
      mine.drawPile.push(...swapped);
      mine.drawPile.reverse();
    }
    expect(labels(other.boards.a?.drawPile ?? [])).not.toEqual(labels(state.boards.a?.drawPile ?? []));
    expect(decide(other)).toEqual(decide(state));
  });

  it("plays rounds out on deals consistent with its view: shown cards stay where they lie, every building card once", () => {
    const state = troubadour.setup(["a", "b"], {}, 5);
    const view = troubadour.privateView(state, "a");
    const dealt = dealGame(view, robotRandom(3));
    for (const shown of view.boards) {
      const board = dealt.boards[shown.player];
      if (!board) throw new Error("no board");
      const all = [
        ...board.drawPile,
        ...board.waste,
        ...board.villages.flat().map((vc) => vc.card),
        ...board.castles.flat(),
      ];
      expect(labels(all).sort()).toEqual(labels(buildingCards()).sort());
      expect(board.drawPile).toHaveLength(shown.drawPileCount);
      expect(board.villages.map((v) => v.map((vc) => (vc.faceUp ? cardLabel(vc.card) : "_")))).toEqual(
        shown.villages.map((v) => v.map((vc) => (vc.faceUp ? cardLabel(vc.card) : "_"))),
      );
    }
    // The face-down cards are a guess: another deal puts other cards there.
    const hidden = (s: TroubadourState) =>
      s.boards.a?.villages.flatMap((v) => v.filter((vc) => !vc.faceUp).map((vc) => cardLabel(vc.card)));
    expect(hidden(dealGame(view, robotRandom(4)))).not.toEqual(hidden(dealt));
  });

  it("guards a castle of 7 with ♦K where the rules of thumb alone would not, since the opponent may pick ♠J+Q+K", () => {
    const state = troubadour.setup(["a", "b"], {}, 3);
    state.boards.a = board({
      draw: ["2S", "3S", "4S"],
      villages: [["_5H", "_3C", "9S"], ["_2C", "9H"], ["8C"], ["4H"], ["6S"]],
      castles: [castleUpTo("D", 7)],
    });
    const pickBy = (robot: typeof troubadourRobot) => {
      const choice = robot.choose({
        seat: "a",
        view: troubadour.privateView(state, "a"),
        legal: troubadour.legalMoves(state, "a"),
        mustAct: true,
        random: robotRandom(7),
        hasTime: () => true,
      });
      return choice?.move.type === "pickNobles" ? labels(choice.move.nobles) : [];
    };
    expect(pickBy(troubadourBaselineRobot)).not.toContain("KD");
    expect(pickBy(troubadourRobot)).toContain("KD");
  });

  it("picks ♥Q while its villages hold face-down cards", () => {
    expect(pickFor({ a: { draw: ["2S"], villages: [["_5H", "_3C", "9S"], ["9D"], [], [], []] } })).toContain(
      "QH",
    );
  });

  it("picks ♥Q+K once no village card is face down", () => {
    expect(pickFor({ a: { draw: ["AS", "2H"], villages: FACE_UP_VILLAGES } })).toEqual(
      expect.arrayContaining(["QH", "KH"]),
    );
  });

  it("picks ♦K to guard a tall castle", () => {
    const a = { draw: ["AS", "2H"], villages: FACE_UP_VILLAGES, castles: [castleUpTo("D", 9)] };
    expect(pickFor({ a })).toContain("KD");
  });

  it("picks ♠J+Q+K when an opponent's castle is worth tearing down", () => {
    const a = { draw: ["2S"], villages: [["_5H", "_3C", "9S"], ["9D"], [], [], []] };
    const b = { castles: [castleUpTo("C", 10)] };
    expect(pickFor({ a, b })).toEqual(["JS", "QS", "KS"]);
  });

  it("puts a card that fits on a castle before anything else", () => {
    const state = playState({
      picks: { a: ["JC", "QC", "QH"], b: ["JD", "QD", "KD"] },
      boards: { a: { draw: ["5S"], waste: ["2H"], villages: [["_4D", "9S"]], castles: [["AH"]] } },
    });
    expect(move(state)).toEqual({ type: "build", from: { kind: "waste" }, to: { kind: "castle" } });
  });

  it("starts a castle with the Ace ♥Q turned up at once", () => {
    const state = playState({
      picks: { a: ["JC", "QC", "QH"], b: ["JD", "QD", "KD"] },
      boards: { a: { draw: ["5S"], villages: [["AS", "9D"]] } },
      turn: { revealedAce: { village: 0, position: 0 } },
    });
    expect(move(state)).toEqual({ type: "heartsQueenAce" });
  });

  it("lifts a castle card out from inside a village with ♥J", () => {
    const state = playState({
      picks: { a: ["JH", "QC", "JC"], b: ["JD", "QD", "KD"] },
      boards: { a: { draw: ["5S"], villages: [["3D", "9S"], ["10C"]], castles: [castleUpTo("D", 2)] } },
    });
    expect(move(state)).toEqual({ type: "heartsJack", village: 0, position: 0, to: { kind: "castle" } });
  });

  it("names with ♥Q+K the next card a castle needs, preferring one whose successor waits on a village", () => {
    const state = playState({
      picks: { a: ["QH", "KH", "QC"], b: ["JD", "QD", "KD"] },
      boards: {
        a: {
          draw: ["2D", "3S", "2C", "AH"],
          villages: [["9D"], ["4S"]],
          castles: [castleUpTo("S", 2), ["AD"], ["AC"]],
        },
      },
    });
    expect(move(state)).toEqual({ type: "heartsQueenKing", card: { rank: 3, suit: "S" } });
  });

  it("moves a run off a face-down card to turn it up, and says which card moves", () => {
    const state = playState({
      picks: { a: ["JC", "QC", "QH"], b: ["JD", "QD", "KD"] },
      boards: { a: { draw: ["5S"], villages: [["_AD", "6S"], ["7H"]] } },
      turn: { standardDrawDone: true },
    });
    const choice = decide(state);
    expect(choice?.move).toEqual({
      type: "build",
      from: { kind: "village", village: 0, count: 1 },
      to: { kind: "village", village: 1 },
    });
    const text = tm(choice?.reason ?? { key: "" });
    expect(text).toContain("6♠");
    expect(text).not.toContain(cardLabel({ rank: 1, suit: "D" }));
  });

  it("tears down the tallest castle it may attack with ♠J+Q+K", () => {
    const state = playState({
      picks: { a: ["JS", "QS", "KS"], b: ["JC", "QC", "QH"] },
      boards: { a: { draw: ["5S"] }, b: { castles: [castleUpTo("H", 3), castleUpTo("C", 7)] } },
    });
    expect(move(state)).toEqual({ type: "spadesTrio", target: "b", castle: 1 });
  });

  it("names the castle by its suit in a hint, in the reader's language", () => {
    const state = playState({
      picks: { a: ["JS", "QS", "KS"], b: ["JC", "QC", "QH"] },
      boards: { a: { draw: ["5S"] }, b: { castles: [castleUpTo("C", 7)] } },
    });
    const reason = decide(state)?.reason ?? { key: "" };
    expect(tm(reason)).toBe("Use ♠J+Q+K on b: their ♣ castle (7 cards) goes under their draw pile.");
    expect(tm(reason, "nl")).toBe(
      "Gebruik ♠B+V+H op b: het ♣-kasteel (7 kaarten) gaat onder de trekstapel van b.",
    );
  });

  it("draws, then turns its extra cards before it ends the turn", () => {
    const state = playState({
      picks: { a: ["JC", "QC", "QH"], b: ["JD", "QD", "KD"] },
      boards: { a: { draw: ["5S", "9H", "8D", "7C"], villages: [["10S"]] } },
    });
    expect(move(state)).toEqual({ type: "draw", clubsJack: true });
    state.turn.standardDrawDone = true;
    state.noblesUsed.a = ["clubsJack"];
    expect(move(state)).toEqual({ type: "clubsQueen" });
    state.noblesUsed.a = ["clubsJack", "clubsQueen"];
    state.turn.extraDraws = 2;
    expect(move(state)).toEqual({ type: "extraDraw" });
    state.turn.extraDraws = 0;
    expect(move(state)).toEqual({ type: "endTurn" });
  });
});
