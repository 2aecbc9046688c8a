import { expect, it } from "vitest";
import { formatResult, runKillSoak } from "../../scripts/soak.js";

/**
 * The kill soak of issue 11, in its CI size: random games of all seven kinds through the emulator,
 * the bot killed with SIGKILL 10 times at random moments (clicks in flight, between a stored move
 * and its table post, during the start-up repair, idle) and restarted on the same database. No
 * stored move may be lost, doubled or unexplained, every game must replay to its stored state,
 * every table must show its game's current version, every interaction the living bot received must
 * be answered, and the bot and the emulator must report nothing wrong. `npm run soak -- --kills 100`
 * runs the long version.
 */
it("kill soak: 10 SIGKILLs and restarts lose, double and leave behind nothing", async () => {
  const result = await runKillSoak({ kills: 10, seed: 11_2026 });
  const report = formatResult(result);
  console.log(report);
  expect(result.problems, report).toEqual([]);
  expect(result.kills).toBe(10);
  // The soak did what it claims: every kind was played, moves were made and checked.
  expect(Object.keys(result.games.byType).sort(), report).toEqual([
    "fourkings",
    "onevstwo",
    "sirtommy",
    "stapelen",
    "thegame",
    "troubadour",
    "twelves",
  ]);
  expect(result.claims.verified, report).toBeGreaterThan(10);
  expect(result.claims.verified).toBe(result.claims.made);
});
