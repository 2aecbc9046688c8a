import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Card, SUITS } from "../../../src/engine/core/cards.js";
import { createRng, nextInt, shuffle } from "../../../src/engine/core/rng.js";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import type { SirTommyMove, SirTommyState } from "../../../src/games/sirtommy/engine/types.js";
import { renderSirTommyTable } from "../../../src/games/sirtommy/render.js";
import { LOCALES, type Locale } from "../../../src/i18n/locale.js";
import { TABLE_PICTURE_WIDTH } from "../../../src/render/primitives.js";
import { pngSize } from "../../support/pictures.js";

const OUT = join(import.meta.dirname, "..", "..", ".tmp");
const ALICE = "100000000000000001";
const BOB = "100000000000000002";
const NAMES = { [ALICE]: "Alice", [BOB]: "Bob" };

function must(state: SirTommyState, player: string, move: SirTommyMove): SirTommyState {
  const result = sirTommy.apply(state, player, move);
  if (!result.ok) throw new Error(`${result.error.key} for ${JSON.stringify(move)}`);
  return result.state;
}

/** A game after the agreement: `ascending` builds up and starts. */
function agreed(seed: number, ascending = ALICE): SirTommyState {
  const proposer = ascending === ALICE ? BOB : ALICE;
  const proposed = must(sirTommy.setup([ALICE, BOB], {}, seed), proposer, { type: "propose", ascending });
  return must(proposed, ascending, { type: "confirm" });
}

/**
 * A random legal game, mostly putting cards on foundations (so games get far), with every state
 * along the way. Seeded, so failures are reproducible.
 */
function randomGame(seed: number): SirTommyState[] {
  const rng = createRng(seed * 7919 + 1);
  let state = agreed(seed, seed % 2 === 0 ? ALICE : BOB);
  const states = [state];
  for (let guard = 0; guard < 2000 && state.phase !== "over"; guard++) {
    const player = sirTommy.actors(state)[0] as string;
    const moves = sirTommy.legalMoves(state, player);
    const toFoundation = moves.filter((m) => m.type === "toFoundation");
    const pool = toFoundation.length > 0 && nextInt(rng, 10) < 8 ? toFoundation : moves;
    state = must(state, player, pool[nextInt(rng, pool.length)] as SirTommyMove);
    states.push(state);
  }
  return states;
}

/** All 52 cards on foundations: Alice A..8 on each (32 cards, super-winner), Bob K..9 on each. */
function wonBySuperWinner(): SirTommyState {
  const state = agreed(1);
  const asc = SUITS.map((suit) => Array.from({ length: 8 }, (_, i): Card => ({ rank: i + 1, suit })));
  const desc = SUITS.map((suit) => Array.from({ length: 5 }, (_, i): Card => ({ rank: 13 - i, suit })));
  return {
    ...state,
    phase: "over",
    endReason: "allPlaced",
    stock: [],
    drawn: [],
    rows: [[], [], [], []],
    foundations: { [ALICE]: asc, [BOB]: desc },
  };
}

function save(name: string, png: Buffer, locale: Locale): void {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, `sirtommy-${name}${locale === "en" ? "" : `-${locale}`}.png`), png);
}

describe("Sir Tommy table picture", () => {
  it("renders a valid PNG of one fixed size for states all along 30 random games", () => {
    let rendered = 0;
    let size: { width: number; height: number } | null = null;
    for (let seed = 1; seed <= 30; seed++) {
      const states = randomGame(seed);
      const picks = [
        states[0],
        states[Math.floor(states.length / 3)],
        states[Math.floor((2 * states.length) / 3)],
        states.at(-1),
      ];
      for (const state of picks) {
        const png = renderSirTommyTable(sirTommy.publicView(state as SirTommyState), {
          names: NAMES,
          locale: "en",
        });
        const got = pngSize(png);
        size ??= got;
        expect(got).toEqual(size);
        rendered++;
      }
    }
    expect(rendered).toBe(120);
    expect(size!.width).toBe(TABLE_PICTURE_WIDTH);
  });

  it("draws only the public view: two states that differ only in the stock's order give the same picture", () => {
    const state = randomGame(4)[20] as SirTommyState;
    expect(state.stock.length).toBeGreaterThan(5);
    const reshuffled: SirTommyState = { ...state, stock: shuffle(createRng(99), [...state.stock]) };
    expect(reshuffled.stock).not.toEqual(state.stock);
    const a = renderSirTommyTable(sirTommy.publicView(state), { names: NAMES, locale: "en" });
    const b = renderSirTommyTable(sirTommy.publicView(reshuffled), { names: NAMES, locale: "en" });
    expect(a.equals(b)).toBe(true);
  });

  it("writes sample pictures of every phase (agreement, draw turn, clear turn, won, lost) in every language", () => {
    const start = sirTommy.setup([ALICE, BOB], {}, 3);
    const proposed = must(start, BOB, { type: "propose", ascending: ALICE });
    const longNames = {
      [ALICE]: "Bartholomew the Extremely Long-Named Wanderer 👩‍👩‍👧",
      [BOB]: "Zoë\u202Eevil",
    };
    const games = Array.from({ length: 40 }, (_, i) => randomGame(i + 100));
    const midDraw = games[0]?.find((s, i) => i > 25 && s.turnKind === "draw" && s.drawn.length === 3);
    const clear = games
      .flat()
      .find((s) => s.phase === "play" && s.turnKind === "clear" && s.passesInRow === 1);
    expect(clear).toBeDefined();
    const lost = games.flat().find((s) => s.phase === "over" && s.endReason !== "allPlaced");
    expect(lost).toBeDefined();
    const longest = games
      .flat()
      .reduce((a, b) =>
        Math.max(...b.rows.map((r) => r.length)) > Math.max(...a.rows.map((r) => r.length)) ? b : a,
      );
    const won = wonBySuperWinner();
    expect(sirTommy.publicView(won).superWinner).toBe(ALICE);
    const samples: [string, SirTommyState, Record<string, string>][] = [
      ["agree-empty", start, NAMES],
      ["agree-proposal", proposed, longNames],
      ["long-names", randomGame(8)[30] as SirTommyState, longNames],
      ["draw-turn", midDraw as SirTommyState, NAMES],
      ["clear-turn", clear as SirTommyState, NAMES],
      ["lost", lost as SirTommyState, NAMES],
      ["long-rows", longest, NAMES],
      ["won-super", won, NAMES],
    ];
    for (const locale of LOCALES) {
      for (const [name, state, names] of samples) {
        save(name, renderSirTommyTable(sirTommy.publicView(state), { names, locale }), locale);
      }
    }
  });
});
