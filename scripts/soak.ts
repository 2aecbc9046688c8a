import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { wholeNumberFlags } from "./bench/cli.js";
import { KillSoak } from "./bench/soak/killSoak.js";
import { formatResult } from "./bench/soak/report.js";
import type { SoakOptions, SoakResult } from "./bench/soak/types.js";

/**
 * `npm run soak -- --kills 100 [--seed S]`: the kill soak of issue 11 (scripts/bench/soak/killSoak.ts
 * says what it does and checks). CI runs it with 10 kills (test/e2e/soak.e2e.test.ts).
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

/** `--kills N` (default 100) and `--seed S`. */
function parseArgs(args: readonly string[]): { kills: number; seed?: number } {
  const flags = wholeNumberFlags(args, ["kills", "seed"]);
  const seed = flags.get("seed");
  return { kills: flags.get("kills") ?? 100, ...(seed === undefined ? {} : { seed }) };
}

async function main(): Promise<void> {
  const { kills, seed } = parseArgs(process.argv.slice(2));
  const result = await runKillSoak({
    kills,
    ...(seed === undefined ? {} : { seed }),
    log: (line) => console.log(line),
  });
  console.log(formatResult(result));
  process.exitCode = result.problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
