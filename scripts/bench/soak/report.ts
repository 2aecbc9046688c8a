import { countLine } from "../stats.js";
import type { FreezeResult, SoakResult } from "./types.js";

/** The kill soak's result as the lines `npm run soak` prints and the e2e test shows. */
export function formatResult(result: SoakResult): string {
  return [
    `kill soak, seed ${result.seed}: ${result.kills} kills in ${(result.durationMs / 1000).toFixed(1)} s (restart median ${Math.round(result.restartMs.median)} ms, max ${Math.round(result.restartMs.max)} ms)`,
    `kills: ${countLine(result.killModes)}; ${result.killsAfterCommit} right after a commit (its table post or its answer held)`,
    `games: ${result.games.total} (${result.games.started} started: ${result.games.finished} finished, ${result.games.abandoned} ended by /game end, ${result.games.active} active; ${result.games.lobby} open lobbies, ${result.games.closedLobbies} lobbies closed) — ${countLine(result.games.byType)}`,
    `moves stored: ${result.moves}; moves the bot said were made: ${result.claims.made} (${result.claims.verified} found stored), "already made" answers: ${result.claims.alreadyMade}; tables repaired after restarts: ${result.tablesRepaired}`,
    ...(result.cluster
      ? [
          `cluster: ${result.cluster.rolls} roll(s) with SIGTERM; kinds by host: ${result.cluster.kindsByHost.map((kinds, i) => `host ${i + 1} ${kinds.length} (${kinds.join(", ")})`).join("; ")}; moves on the other host while one was down: ${result.cluster.movesWhileDown.join(", ")}; reminders ${result.cluster.reminders}; 429s ${result.cluster.refused429}`,
        ]
      : []),
    ...(result.freeze ? [freezeLine(result.freeze)] : []),
    `interactions: ${result.interactions} — ${countLine(result.clicks)}`,
    `answers: ${countLine(result.answers)}`,
    ...(result.observations.length === 0
      ? []
      : [
          `observations (${result.observations.length}):\n${result.observations.map((o) => `  - ${o}`).join("\n")}`,
        ]),
    result.problems.length === 0
      ? "problems: none"
      : `problems (${result.problems.length}; the bot's database and output (bot-run-<n>.log) and interactions.log are kept beside ${result.databasePath}):\n${result.problems.map((p) => `  - ${p}`).join("\n")}`,
  ].join("\n");
}

/** The freeze step's figures, one line a shard after a summary. */
function freezeLine(freeze: FreezeResult): string {
  const ms = (value: number | null) => (value === null ? "never" : `${Math.round(value)} ms`);
  return [
    `freeze: ${freeze.processes} database processes stopped for ${(freeze.frozenMs / 1000).toFixed(1)} s; first answer max ${ms(freeze.ackMaxMs)}, final answer max ${ms(freeze.answerMaxMs)}; event-loop stall max ${freeze.stallMaxMs} ms of its own (${freeze.stallWithWaitsMaxMs} ms with its waits for a CPU) over ${freeze.stallSeconds} shard-seconds from SIGSTOP on; ${freeze.movesAfter} moves stored after it; ${freeze.caughtWrite ? `the move whose write it caught on its way: first answer ${ms(freeze.caughtWrite.ackMs)}, ${freeze.caughtWrite.refused ? "refused" : "NOT refused"}` : "no write caught on its way"}`,
    ...freeze.shards.map(
      (s) =>
        `  shard ${s.shard}: ${s.clicks} clicks while stopped (${s.made} made, ${s.refused} refused as "not answering"), first answer max ${ms(s.ackMaxMs)}, final max ${ms(s.answerMaxMs)}; /healthz ${s.healthBefore} before, 503 ${ms(s.downMs)} after SIGSTOP, 200 ${ms(s.upMs)} after SIGCONT (${s.healthNoAnswer} unanswered while stopped); stall max ${s.stallMaxMs} ms of its own (${s.stallWithWaitsMaxMs} ms with waits) over ${s.stallSeconds} s (${s.stallSecondsAfter} after SIGCONT)`,
    ),
  ].join("\n");
}
