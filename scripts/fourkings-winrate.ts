/**
 * Win rate of a random and a greedy Four Kings player over many seeded games (seeds 1..n).
 * Usage: npm run build && node dist/scripts/fourkings-winrate.js [games per player, default 10000]
 */
import { createRng } from "../src/engine/core/rng.js";
import {
  type FourKingsMove,
  type FourKingsState,
  fourKings,
  greedyMove,
  randomMove,
} from "../src/games/fourkings/engine/index.js";

type Player = (state: FourKingsState) => FourKingsMove;

/** A player for the game with this seed (the random player draws from its own generator). */
const players: Record<string, (seed: number) => Player> = {
  random: (seed) => {
    const rng = createRng(seed ^ 0x5eed);
    return (state) => randomMove(state, rng);
  },
  greedy: () => greedyMove,
};

const games = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(games) || games < 1) throw new Error("usage: fourkings-winrate [games per player]");

for (const [name, playerFor] of Object.entries(players)) {
  const started = performance.now();
  let wins = 0;
  let turns = 0;
  let longest = 0;
  const ends: Record<string, number> = {};
  const lastRound = [0, 0, 0];
  for (let seed = 1; seed <= games; seed++) {
    const player = playerFor(seed);
    let state = fourKings.setup(["solo"], {}, seed);
    while (state.phase !== "over") {
      const result = fourKings.apply(state, "solo", player(state));
      if (!result.ok) throw new Error(`${name} made an illegal move: ${result.error.key}`);
      state = result.state;
    }
    if (state.endReason === "won") wins++;
    const reason = state.endReason ?? "none";
    ends[reason] = (ends[reason] ?? 0) + 1;
    lastRound[state.round - 1] = (lastRound[state.round - 1] ?? 0) + 1;
    turns += state.turn;
    longest = Math.max(longest, state.turn);
  }
  const rate = wins / games;
  const margin = 1.96 * Math.sqrt((rate * (1 - rate)) / games);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${name}: won ${wins} of ${games} (${(100 * rate).toFixed(2)}% ± ${(100 * margin).toFixed(2)}), ` +
      `ends ${JSON.stringify(ends)}, last round reached [I, II, III] ${JSON.stringify(lastRound)}, ` +
      `turns mean ${(turns / games).toFixed(1)} max ${longest}, ${seconds.toFixed(1)} s`,
  );
}
