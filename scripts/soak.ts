import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { wholeNumberFlags } from "./bench/cli.js";
import { KillSoak } from "./bench/soak/killSoak.js";
import { formatResult } from "./bench/soak/report.js";
import type { SoakOptions, SoakResult } from "./bench/soak/types.js";
import { startPostgres } from "./throwAwayPostgres.js";

/**
 * `npm run soak -- --kills 100 [--seed S]`: the kill soak of issue 11 (scripts/bench/soak/killSoak.ts
 * says what it does and checks). CI runs it with 10 kills (test/e2e/soak.e2e.test.ts).
 * `npm run soak -- --hosts 2 --kills 20 --rolls 20`: the same over a cluster (issue 24): that many
 * hosts of two shards each on a throw-away PostgreSQL server, behind one REST proxy; CI runs it with
 * 2 kills and 2 rolls (test/e2e/cluster.e2e.test.ts).
 */

export type { SoakOptions, SoakResult };
export { formatResult };

export async function runKillSoak(options: SoakOptions): Promise<SoakResult> {
  const soak = new KillSoak(options);
  let result: SoakResult | null = null;
  try {
    result = await soak.run();
    return result;
  } finally {
    await soak.stop();
    // The bot's database and output are kept for a post-mortem when something was found.
    const dir = path.dirname(soak.databasePath);
    if (result?.problems.length === 0 && path.basename(dir).startsWith("e2e-bot-"))
      fs.rmSync(dir, { recursive: true, force: true });
    else if (soak.databasePath) soak.writeOutputs(dir);
  }
}

/** `--kills N` (default 100), `--seed S`, and for a cluster `--hosts H` and `--rolls R` (default: as many as kills). */
function parseArgs(args: readonly string[]): {
  kills: number;
  seed?: number;
  hosts?: number;
  rolls?: number;
} {
  const flags = wholeNumberFlags(args, ["kills", "seed", "hosts", "rolls"]);
  const { seed, hosts, rolls } = Object.fromEntries(flags);
  if (hosts === 0) throw new Error("--hosts needs at least 1 host");
  return {
    kills: flags.get("kills") ?? 100,
    ...(seed === undefined ? {} : { seed }),
    ...(hosts === undefined ? {} : { hosts }),
    ...(rolls === undefined ? {} : { rolls }),
  };
}

/** Two shards a host, the hosts' ranges one after another. */
const SHARDS_PER_HOST = 2;

async function main(): Promise<void> {
  const { kills, seed, hosts, rolls } = parseArgs(process.argv.slice(2));
  const postgres = hosts === undefined ? null : await startPostgres();
  try {
    const result = await runKillSoak({
      kills,
      ...(seed === undefined ? {} : { seed }),
      ...(postgres && hosts !== undefined
        ? {
            cluster: {
              hosts: Array.from({ length: hosts }, (_, h) =>
                Array.from({ length: SHARDS_PER_HOST }, (_, s) => h * SHARDS_PER_HOST + s),
              ),
              shardCount: hosts * SHARDS_PER_HOST,
              databaseUrl: postgres.url,
              rolls: rolls ?? kills,
              reminderSeconds: 2,
            },
          }
        : {}),
      log: (line) => console.log(line),
    });
    console.log(formatResult(result));
    process.exitCode = result.problems.length === 0 ? 0 : 1;
  } finally {
    await postgres?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
