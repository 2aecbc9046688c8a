import { tally } from "../stats.js";
import { answerKind, checkReminders } from "./checks.js";
import { freezeResult } from "./freezeStep.js";
import type { SoakState } from "./state.js";
import type { SoakResult } from "./types.js";

/** The kill soak at its end: the cluster's own checks, and the result with its figures and findings. */

/**
 * The bot's line for a table brought up to date after a restart: posted anew, edited, or found
 * already posted in the channel (its post reached Discord, through the REST proxy, as its process died).
 */
const TABLE_REPAIRED = /: table (re-posted|edited|found posted) at v\d+/;

/** A cluster's own checks: no reminder twice, Discord refused nothing, the proxy printed no error. */
export function clusterChecks(soak: SoakState): void {
  soak.reminders = checkReminders(
    soak,
    soak.slots.map((slot) => slot.channel.id),
  );
  const refused = soak.emulator.rateLimits.limited;
  if (refused > 0)
    soak.problem(
      "429",
      `Discord (the emulator) refused ${refused} request(s) with 429: the hosts' REST did not share one budget`,
    );
  for (const line of soak.proxy?.errorLines() ?? [])
    soak.problem(`proxy:${line.text}`, `proxy error line: ${line.text}`);
}

/** What the soak did and found, for `formatResult` (report.ts) and the tests. */
export function soakResult(soak: SoakState, kills: number, durationMs: number): SoakResult {
  // First: its findings go with the others.
  const freeze = freezeResult(soak);
  const games = soak.db.games();
  const byType: Record<string, number> = {};
  for (const g of games) if (g.state !== null) tally(byType, g.gameType);
  for (const sent of soak.sent) tally(soak.answers, answerKind(soak.emulator, sent));
  const sorted = [...soak.restartMs].sort((a, b) => a - b);
  const tablesRepaired = soak.bots
    .flatMap((bot) => bot.lines)
    .filter((line) => TABLE_REPAIRED.test(line.text)).length;
  return {
    seed: soak.seed,
    kills,
    durationMs,
    killModes: { ...soak.killModes },
    killsAfterCommit: soak.killsAfterCommit,
    restartMs: {
      median: sorted[Math.floor(sorted.length / 2)] ?? 0,
      max: sorted.at(-1) ?? 0,
    },
    games: {
      total: games.length,
      started: games.filter((g) => g.state !== null).length,
      byType,
      finished: games.filter((g) => g.status === "finished").length,
      abandoned: games.filter((g) => g.status === "abandoned" && g.state !== null).length,
      active: games.filter((g) => g.status === "active").length,
      lobby: games.filter((g) => g.status === "lobby").length,
      closedLobbies: games.filter((g) => g.status === "abandoned" && g.state === null).length,
    },
    moves: soak.db.moveCount(),
    clicks: { ...soak.clicks },
    answers: { ...soak.answers },
    interactions: soak.sent.length,
    claims: { ...soak.claims },
    tablesRepaired,
    databasePath: soak.databasePath,
    cluster: soak.options.cluster
      ? {
          rolls: soak.rolls,
          kindsByHost: soak.hosts.map((host) => {
            const channels = new Set(
              soak.slots.filter((slot) => slot.host === host.index).map((slot) => slot.channel.id),
            );
            return [
              ...new Set(
                games.filter((g) => g.state !== null && channels.has(g.channelId)).map((g) => g.gameType),
              ),
            ].sort();
          }),
          movesWhileDown: [...soak.movesWhileDown],
          reminders: soak.reminders,
          refused429: soak.emulator.rateLimits.limited,
        }
      : null,
    freeze,
    problems: [...soak.problems.values()],
    observations: [...soak.observations.values()],
  };
}
