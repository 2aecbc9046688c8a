import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Card, parseCardCode } from "../../../src/engine/core/cards.js";
import { createRng, nextInt, type RngState } from "../../../src/engine/core/rng.js";
import {
  allNobles,
  legalMoves,
  type TroubadourMove,
  type TroubadourState,
  troubadour,
} from "../../../src/games/troubadour/engine/index.js";
import { renderTroubadourTable, TROUBADOUR_LAYOUT } from "../../../src/games/troubadour/render.js";
import { LOCALES } from "../../../src/i18n/locale.js";
import {
  font,
  newCanvas,
  recordLabels,
  STRIP_INDEX_SCALE,
  TABLE_PICTURE_WIDTH,
} from "../../../src/render/primitives.js";
import { expectSamplesWritten, pngSize } from "../../support/pictures.js";

const OUT = join(import.meta.dirname, "..", "..", ".tmp");

const NAMES: Record<string, string> = {
  a: "Alice",
  b: "Bartholomew the Extremely Long-Named Wanderer",
  c: "Zoë 👩‍👩‍👧",
  d: "Dmitri",
};

function randomTrio(rng: RngState): Card[] {
  const nobles = allNobles();
  const trio: Card[] = [];
  while (trio.length < 3) trio.push(nobles.splice(nextInt(rng, nobles.length), 1)[0] as Card);
  return trio;
}

/** Random legal play, leaning towards building and noble use so boards change shape. */
function randomMove(rng: RngState, state: TroubadourState, player: string): TroubadourMove {
  const legal = legalMoves(state, player);
  const useful = legal.filter((m) => m.type !== "endTurn");
  if (useful.length === 0 || nextInt(rng, 10) === 0) return { type: "endTurn" };
  return useful[nextInt(rng, useful.length)] as TroubadourMove;
}

/** Snapshots of a random game: every `every`-th state, up to `count` of them. */
function randomStates(seed: number, players: string[], count: number, every: number): TroubadourState[] {
  const rng = createRng(seed * 7919 + players.length);
  let state = troubadour.setup(players, {}, seed);
  const out: TroubadourState[] = [state];
  for (let step = 0; out.length < count && state.phase !== "over" && step < 20_000; step++) {
    const actor = troubadour.actors(state)[nextInt(rng, troubadour.actors(state).length)] as string;
    const move: TroubadourMove =
      state.phase === "pick"
        ? { type: "pickNobles", nobles: randomTrio(rng) }
        : randomMove(rng, state, actor);
    const result = troubadour.apply(state, actor, move);
    if (!result.ok) throw new Error(`random move refused: ${result.error.key}`);
    state = result.state;
    if (step % every === 0) out.push(state);
  }
  return out;
}

function c(code: string): Card {
  return parseCardCode(code) as Card;
}

function applyAll(state: TroubadourState, moves: [string, TroubadourMove][]): TroubadourState {
  let s = state;
  for (const [player, move] of moves) {
    const result = troubadour.apply(s, player, move);
    if (!result.ok) throw new Error(`sample move refused: ${result.error.key}`);
    s = result.state;
  }
  return s;
}

/** Both players chose the same trio: the die decides, and the bands show the rolls. */
function identicalTrios(): TroubadourState {
  const trio = [c("JH"), c("QH"), c("KH")];
  return applyAll(troubadour.setup(["a", "b"], {}, 21), [
    ["a", { type: "pickNobles", nobles: trio }],
    ["b", { type: "pickNobles", nobles: trio }],
  ]);
}

/** Alice completes her fourth castle with the 10 from her waste. */
function wonGame(): TroubadourState {
  const state = identicalTrios();
  const first = state.order[0] as string;
  const board = state.boards[first]!;
  const castle = (suit: Card["suit"], top: number) =>
    Array.from({ length: top }, (_, i) => ({ rank: i + 1, suit }) as Card);
  board.castles = [castle("S", 10), castle("H", 10), castle("D", 10), castle("C", 9)];
  board.waste.push(c("10C"));
  return applyAll(state, [[first, { type: "build", from: { kind: "waste" }, to: { kind: "castle" } }]]);
}

/** A village with two backs under a run from 10 down to the Ace, and a card turned up inside. */
function longVillage(): TroubadourState {
  const state = identicalTrios();
  const board = state.boards[state.order[0] as string]!;
  const run = ["10H", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H", "AS"].map((code) => ({
    card: c(code),
    faceUp: true,
  }));
  board.villages[2] = [
    { card: c("4D"), faceUp: false },
    { card: c("5C"), faceUp: true },
    { card: c("6D"), faceUp: false },
    ...run,
  ];
  return state;
}

describe("Troubadour table picture", () => {
  it("renders a valid PNG of the public view for many states of random 2-, 3- and 4-player games, in each language", () => {
    let rendered = 0;
    for (const players of [
      ["a", "b"],
      ["a", "b", "c"],
      ["a", "b", "c", "d"],
    ]) {
      for (let seed = 1; seed <= 3; seed++) {
        for (const state of randomStates(seed, players, 10, 23)) {
          const locale = LOCALES[rendered % LOCALES.length] ?? "en";
          const png = renderTroubadourTable(troubadour.publicView(state), { names: NAMES, locale });
          const size = pngSize(png);
          expect(size.width).toBe(TABLE_PICTURE_WIDTH);
          expect(size.height).toBeGreaterThan(300);
          expect(size.height).toBeLessThan(3000);
          expect(png.length).toBeLessThan(200 * 1024);
          rendered++;
        }
      }
    }
    expect(rendered).toBeGreaterThanOrEqual(80);
  });

  it("keeps every rank and noble at least 12 px tall when a phone shows the picture 400 px wide", () => {
    const { ctx } = newCanvas(10, 10);
    const toPhone = 400 / TROUBADOUR_LAYOUT.width;
    for (const rank of ["A", "2", "10", "Q", "K"]) {
      ctx.font = font(Math.round(TROUBADOUR_LAYOUT.cardWidth * STRIP_INDEX_SCALE), true);
      expect(ctx.measureText(rank).actualBoundingBoxAscent * toPhone, rank).toBeGreaterThanOrEqual(12);
    }
    ctx.font = font(TROUBADOUR_LAYOUT.chipText, true);
    for (const noble of ["J♠", "Q♦", "K♣", "Q♥"]) {
      // Drawn at full size: the chip has room for it.
      expect(ctx.measureText(noble).width, noble).toBeLessThanOrEqual(TROUBADOUR_LAYOUT.chipTextRoom);
      expect(ctx.measureText(noble).actualBoundingBoxAscent * toPhone, noble).toBeGreaterThanOrEqual(12);
    }
  });

  it("draws every word at least 11 px tall when a phone shows the picture 400 px wide: 2 and 4 players, each language", () => {
    const small = new Set<string>();
    let checked = 0;
    for (const players of [
      ["a", "b"],
      ["a", "b", "c", "d"],
    ]) {
      const states = [...randomStates(4, players, 6, 37), identicalTrios(), wonGame()];
      for (const state of states) {
        for (const locale of LOCALES) {
          const draw = () => renderTroubadourTable(troubadour.publicView(state), { names: NAMES, locale });
          for (const l of recordLabels(draw)) {
            const px = (l.size * 400) / l.canvasWidth;
            if (px < 11) small.add(`${locale}: "${l.text}" ${px.toFixed(1)} px`);
            checked++;
          }
        }
      }
    }
    expect([...small]).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it("draws the same picture during the pick phase whatever anyone picked", () => {
    const state = troubadour.setup(["a", "b"], {}, 5);
    const first = troubadour.apply(state, "a", { type: "pickNobles", nobles: [c("JS"), c("QS"), c("KS")] });
    const other = troubadour.apply(state, "a", { type: "pickNobles", nobles: [c("JD"), c("QH"), c("KC")] });
    if (!first.ok || !other.ok) throw new Error("pick refused");
    expect(first.state.picks.a).not.toEqual(other.state.picks.a);
    for (const locale of LOCALES) {
      const a = renderTroubadourTable(troubadour.publicView(first.state), { names: NAMES, locale });
      const b = renderTroubadourTable(troubadour.publicView(other.state), { names: NAMES, locale });
      expect(a.equals(b), locale).toBe(true);
    }
  });

  it("draws nothing hidden: other face-down cards and another draw pile order give the same picture", () => {
    const state = randomStates(8, ["a", "b"], 6, 11).at(-1) as TroubadourState;
    const other = structuredClone(state);
    const board = other.boards.a!;
    board.drawPile.reverse();
    // Swap the values of two face-down village cards.
    const hidden = board.villages.flat().filter((vc) => !vc.faceUp);
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    [hidden[0]!.card, hidden[1]!.card] = [hidden[1]!.card, hidden[0]!.card];
    expect(other).not.toEqual(state);
    for (const locale of LOCALES) {
      const a = renderTroubadourTable(troubadour.publicView(state), { names: NAMES, locale });
      const b = renderTroubadourTable(troubadour.publicView(other), { names: NAMES, locale });
      expect(a.equals(b), locale).toBe(true);
    }
  });

  it("writes sample pictures to test/.tmp, each a valid PNG", () => {
    mkdirSync(OUT, { recursive: true });
    const samples: [string, TroubadourState][] = [];
    const two = randomStates(11, ["a", "b"], 40, 9);
    samples.push(["2p-start", two[0] as TroubadourState]);
    samples.push(["2p-picking", two[1] as TroubadourState]);
    samples.push(["2p-mid", two[20] as TroubadourState]);
    samples.push(["2p-late", two.at(-1) as TroubadourState]);
    const four = randomStates(12, ["a", "b", "c", "d"], 40, 13);
    samples.push(["4p-mid", four[25] as TroubadourState]);
    samples.push(["4p-late", four.at(-1) as TroubadourState]);
    samples.push(["2p-dice", identicalTrios()], ["2p-won", wonGame()], ["2p-long-village", longVillage()]);
    for (const [name, state] of samples) {
      for (const locale of LOCALES) {
        const suffix = locale === "en" ? "" : `-${locale}`;
        writeFileSync(
          join(OUT, `troubadour-${name}${suffix}.png`),
          renderTroubadourTable(troubadour.publicView(state), { names: NAMES, locale }),
        );
      }
    }
    expectSamplesWritten(OUT, "troubadour-");
  });
});
