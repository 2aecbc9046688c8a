import { createRng, nextInt } from "../engine/core/rng.js";
import { legalMoves, theGame } from "../engine/games/thegame/index.js";
import type { TheGameState } from "../engine/games/thegame/types.js";
import { renderTheGameHand, renderTheGameTable } from "./thegame.js";

export interface RenderFigure {
  name: string;
  medianMs: number;
  p95Ms: number;
}

const RENDERS = 200;

function figure(name: string, samples: number[]): RenderFigure {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { name, medianMs: at(0.5), p95Ms: at(0.95) };
}

/** Games of 1–5 players stopped at random moments of random legal play: claim, mid-game and over. */
function sampleStates(count: number): TheGameState[] {
  const rng = createRng(42);
  const states: TheGameState[] = [];
  for (let g = 0; g < count; g++) {
    const players = Array.from({ length: 1 + (g % 5) }, (_, i) => `10000000000000000${i}`);
    let state = theGame.setup(players, { expert: g % 2 === 1, smallerHands: g % 3 === 2 }, g);
    const stop = nextInt(rng, 120);
    for (let step = 0; step < stop && !theGame.outcome(state); step++) {
      const actor = theGame.actors(state)[0]!;
      const moves = legalMoves(state, actor);
      const r = theGame.apply(state, actor, moves[nextInt(rng, moves.length)]!);
      if (!r.ok) throw new Error(`bench: a legal move was refused (${r.error.key})`);
      state = r.state;
    }
    states.push(state);
  }
  return states;
}

function time(render: () => Buffer): number {
  const t0 = performance.now();
  render();
  return performance.now() - t0;
}

/**
 * Render time of The Game's public table and private hand pictures (drawing plus PNG encoding),
 * each over 200 renders of varied states, after a warm-up. Target: table p95 ≤ 60 ms.
 */
export async function benchRender(): Promise<RenderFigure[]> {
  const states = sampleStates(40);
  const names = Object.fromEntries(
    ["Alice", "Bo", "Cy", "Dee", "Eve"].map((n, i) => [`10000000000000000${i}`, n]),
  );
  const views = states.map((s) => ({
    table: theGame.publicView(s),
    hand: theGame.privateView(s, theGame.actors(s)[0] ?? s.players[0]!),
  }));
  for (const v of views.slice(0, 5)) {
    renderTheGameTable(v.table, names);
    renderTheGameHand(v.hand);
  }
  const table: number[] = [];
  const hand: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const v = views[i % views.length]!;
    table.push(time(() => renderTheGameTable(v.table, names)));
    hand.push(time(() => renderTheGameHand(v.hand)));
    // Let other work in the process run between renders, as the bot would.
    if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
  }
  return [figure("thegame: public table render", table), figure("thegame: private hand render", hand)];
}
