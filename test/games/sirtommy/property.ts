import { type Card, cardCode, SUITS } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { nextInt, type RngState } from "../../../src/engine/core/rng.js";
import {
  ascendingRule,
  DRAW_SIZE,
  descendingRule,
  FOUNDATION_MAX,
  FOUNDATIONS_PER_PLAYER,
  foundationMoves,
  ROWS,
  SUPER_WINNER_CARDS,
  sirTommy,
} from "../../../src/games/sirtommy/engine/index.js";
import type { SirTommyMove, SirTommyState } from "../../../src/games/sirtommy/engine/types.js";
import type { PropertySpec } from "../../support/property/spec.js";

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Every card of the deck exactly once (stock, drawn, rows, foundations); at most 3 drawn cards, and
 * only in a draw turn; each foundation built by its owner's rule; no game going on after two passes;
 * an ended game's outcome as the rules say; private views hide the stock too (a share of states).
 */
function invariant(state: SirTommyState): void {
  const seen = new Uint8Array(52);
  let count = 0;
  const piles = [state.stock, state.drawn, ...state.rows, ...Object.values(state.foundations).flat()];
  for (const pile of piles) {
    for (const card of pile) seen[SUITS.indexOf(card.suit) * 13 + card.rank - 1]++;
    count += pile.length;
  }
  if (count !== 52 || seen.some((n) => n !== 1)) {
    fail(`cards lost or duplicated: ${piles.flat().map(cardCode).sort().join(" ")}`);
  }
  if (state.drawn.length > DRAW_SIZE) fail("more than 3 drawn cards");
  if (state.drawn.length > 0 && state.turnKind !== "draw") fail("drawn cards outside a draw turn");
  if (state.phase === "play" && state.passesInRow > 1) fail("the game went on after two passes");
  if ((state.phase === "over") !== (state.endReason !== null)) fail("phase and end reason disagree");
  if (state.proposal !== null && state.phase !== "agree") fail("a proposal outside the agreement");
  for (const player of state.players) {
    const rule = state.ascending === player ? ascendingRule : descendingRule;
    for (const foundation of state.foundations[player] ?? []) {
      if (foundation.length > FOUNDATION_MAX) fail("a foundation holds more than 13 cards");
      for (let i = 0; i < foundation.length; i++) {
        if (!rule(foundation.slice(0, i), foundation[i] as Card)) {
          fail(`foundation out of order: ${foundation.map(cardCode).join(" ")}`);
        }
      }
    }
  }
  if (state.phase === "over") expectRightOutcome(state);
  if (state.stock.length % 8 === 1) {
    for (const player of state.players) {
      const leak = publicLeak(state, sirTommy.privateView(state, player));
      if (leak) fail(`${player}'s private view shows ${leak}`);
    }
  }
}

/**
 * Both win (all 52 placed) or both lose; each score is the player's own foundation cards; the
 * super-winner has 30 or more in a won game; a lost game has used up the stock, and "noMoves"
 * means that nobody can move a row card.
 */
function expectRightOutcome(state: SirTommyState): void {
  const outcome = sirTommy.outcome(state) ?? fail("an ended game without an outcome");
  const won = state.endReason === "allPlaced";
  const counts = state.players.map((p) => (state.foundations[p] ?? []).reduce((n, f) => n + f.length, 0));
  state.players.forEach((p, i) => {
    const result = outcome.results[p];
    if (result?.result !== (won ? "win" : "loss") || result.score !== counts[i]) {
      fail(`wrong result for ${p}: ${JSON.stringify(result)}`);
    }
  });
  if (won !== (counts[0]! + counts[1]! === 52))
    fail("won without all 52 cards on foundations, or the reverse");
  const best = won ? (state.players.find((_, i) => counts[i]! >= SUPER_WINNER_CARDS) ?? null) : null;
  if ((outcome.summary.key === "sirtommy.outcome.superWinner") !== (best !== null))
    fail("wrong super-winner");
  if (best !== null && outcome.summary.params?.player !== best) fail("wrong super-winner named");
  if (!won && state.stock.length > 0) fail("lost with cards left in the stock");
  if (state.endReason === "noMoves" && state.players.some((p) => foundationMoves(state, p).length > 0)) {
    fail("ended for want of moves while a row card could move");
  }
}

/** The stock is the only hidden value: no stock card in the view (as a card or a code), no RNG, the right count. */
function publicLeak(state: SirTommyState, view: unknown): string | null {
  const v = view as Record<string, unknown>;
  if ("stock" in v || "rng" in v) return "the stock or the RNG";
  if (v.stockCount !== state.stock.length) return `stock count ${String(v.stockCount)}`;
  if (state.stock.length === 0) return null;
  const json = JSON.stringify(view);
  const shown = new Set<string>();
  for (const [, rank, suit] of json.matchAll(/"rank":(\d+),"suit":"([SHDC])"/g)) {
    shown.add(cardCode({ rank: Number(rank), suit: suit as Card["suit"] }));
  }
  for (const [, code] of json.matchAll(/"((?:A|J|Q|K|10|[2-9])[SHDC])"/g)) shown.add(code as string);
  const leaked = state.stock.find((card) => shown.has(cardCode(card)));
  return leaked ? `stock card ${cardCode(leaked)}` : null;
}

/**
 * Every source (drawn 0..3, row 0..4) with every foundation (0..4), every drawn card with every
 * row, and the short moves: a sample of them each step (the whole grid is about 70 moves), so
 * `legalMoves` is checked for completeness over the run; plus one malformed shape.
 */
function candidates(state: SirTommyState, _player: PlayerId, rng: RngState): unknown[] {
  const grid: unknown[] = [{ type: "endTurn" }, { type: "pass" }, { type: "confirm" }];
  for (const ascending of [...state.players, "stranger"]) grid.push({ type: "propose", ascending });
  for (let foundation = 0; foundation <= FOUNDATIONS_PER_PLAYER; foundation++) {
    for (let index = 0; index <= DRAW_SIZE; index++) {
      grid.push({ type: "toFoundation", from: { kind: "drawn", index }, foundation });
    }
    for (let row = 0; row <= ROWS; row++)
      grid.push({ type: "toFoundation", from: { kind: "row", row }, foundation });
  }
  for (let drawnIndex = 0; drawnIndex <= DRAW_SIZE; drawnIndex++) {
    for (let row = 0; row <= ROWS; row++) grid.push({ type: "toRow", drawnIndex, row });
  }
  const picked = Array.from({ length: 12 }, () => grid[nextInt(rng, grid.length)]);
  const junk = [
    { type: "toRow", drawnIndex: 0.5, row: 0 },
    { type: "toRow", drawnIndex: "0", row: 0 },
    { type: "toRow", drawnIndex: 0, row: 0, extra: true },
    { type: "toFoundation", from: { kind: "drawn", index: 0, row: 1 }, foundation: 0 },
    { type: "toFoundation", from: { kind: "stock", index: 0 }, foundation: 0 },
    { type: "toFoundation", from: { kind: "row", row: 0 }, foundation: Number.NaN },
    { type: "pass", by: "p1" },
    { type: "draw" },
  ];
  return [...picked, junk[nextInt(rng, junk.length)]];
}

/** Mostly puts cards on foundations and rarely passes a playable turn, so games also end in wins. */
function choose(
  legal: SirTommyMove[],
  _state: SirTommyState,
  _player: PlayerId,
  rng: RngState,
): SirTommyMove {
  if (nextInt(rng, 4) === 0) return legal[nextInt(rng, legal.length)] as SirTommyMove;
  const toFoundation = legal.filter((m) => m.type === "toFoundation");
  const pool = toFoundation.length > 0 ? toFoundation : legal.filter((m) => m.type !== "pass");
  const choices = pool.length > 0 ? pool : legal;
  return choices[nextInt(rng, choices.length)] as SirTommyMove;
}

export const spec: PropertySpec<SirTommyState, SirTommyMove> = {
  engine: sirTommy,
  setups: [{ players: 2 }],
  games: 1000,
  maxSteps: 500,
  invariant,
  publicLeak,
  candidates,
  choose,
};
