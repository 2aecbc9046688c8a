import { startPostgres } from "../../throwAwayPostgres.js";
import { flagsOrHelp } from "../cli.js";
import { machineLine, resultsLine, writeResults } from "../report.js";
import {
  type DrillOptions,
  type DrillResult,
  OPERATIONS,
  type Operation,
  OperationsDrill,
  ROLL_MODES,
  type RollMode,
} from "./drill.js";
import { formatDrill } from "./report.js";

const DRILL_HELP = `npm run bench -- drill [--ops roll,proxy,kill] [--roll stop-start|overlap] [--hogs N] [--channels 4] [--play 5] [--max-concurrency N] [--kill-host 1] [--seed S] [--logs DIR]
  The operations drill (issue 35): 2 hosts × 2 shards on a throw-away PostgreSQL server behind one REST
  proxy, players clicking on every kind of game on every host's guilds; the operations in --ops run one
  after another, with --play seconds of play before, between and after them:
    roll   each host rolled in turn: stop-start (SIGTERM, its exit awaited, started again) or overlap
           (a new process with the same SHARDS started beside it, then SIGTERM to the old one once
           the new one's shards have registered: the old one serves until they are ready);
           --hogs N runs N CPU hogs (yes > /dev/null) meanwhile
    proxy  the REST proxy SIGKILLed and started again on its port 5 s later
    kill   host --kill-host SIGKILLed (manager and shards) and started again at once
  --channels: games at once per guild (4: each host's 8 go through all seven kinds).
  --max-concurrency: Discord's max_concurrency in the emulator (default 1, what most bots get).
  --logs DIR: every process's output written there at the end.
  Prints what players saw per operation; the raw figures go to bench-results/drill.json.`;

function wholeNumber(flags: Map<string, string>, name: string): number | undefined {
  const raw = flags.get(name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number ≥ 0, got "${raw}"`);
  return n;
}

const KNOWN = ["ops", "roll", "hogs", "channels", "play", "max-concurrency", "kill-host", "seed", "logs"];

/** The drill's options from its flags (without the database); throws on a bad one. */
export function drillOptions(flags: Map<string, string>): Omit<DrillOptions, "databaseUrl"> {
  for (const name of flags.keys())
    if (!KNOWN.includes(name)) throw new Error(`unknown flag --${name} (see npm run bench -- drill --help)`);
  const ops = (flags.get("ops") ?? OPERATIONS.join(",")).split(",").map((s) => s.trim());
  for (const op of ops)
    if (!OPERATIONS.includes(op as Operation))
      throw new Error(`unknown operation "${op}" in --ops (${OPERATIONS.join(", ")})`);
  const roll = flags.get("roll") ?? "stop-start";
  if (!ROLL_MODES.includes(roll as RollMode))
    throw new Error(`--roll: ${ROLL_MODES.join(" or ")}, not "${roll}"`);
  const channels = wholeNumber(flags, "channels");
  if (channels === 0) throw new Error("--channels needs at least 1 game per guild");
  const killHost = wholeNumber(flags, "kill-host") ?? 1;
  if (killHost < 1 || killHost > 2) throw new Error(`--kill-host: 1 or 2, not ${killHost}`);
  const play = wholeNumber(flags, "play");
  const maxConcurrency = wholeNumber(flags, "max-concurrency");
  if (maxConcurrency === 0) throw new Error("--max-concurrency needs at least 1");
  const seed = wholeNumber(flags, "seed");
  const logs = flags.get("logs");
  return {
    ops: ops as Operation[],
    roll: roll as RollMode,
    hogs: wholeNumber(flags, "hogs") ?? 0,
    killHost: killHost - 1,
    ...(channels === undefined ? {} : { channelsPerGuild: channels }),
    ...(play === undefined ? {} : { playSeconds: play }),
    ...(maxConcurrency === undefined ? {} : { maxConcurrency }),
    ...(seed === undefined ? {} : { seed }),
    ...(logs === undefined ? {} : { logDir: logs }),
  };
}

/** One drill on a throw-away PostgreSQL server; everything it started is stopped again. */
export async function runDrill(options: Omit<DrillOptions, "databaseUrl">): Promise<DrillResult> {
  const postgres = await startPostgres();
  try {
    const drill = new OperationsDrill({ ...options, databaseUrl: postgres.url });
    try {
      return await drill.run();
    } finally {
      await drill.stop();
    }
  } finally {
    await postgres.stop();
  }
}

/** `npm run bench -- drill …`: 0 when the drill measured everything it was asked to. */
export async function runDrillBench(args: readonly string[]): Promise<number> {
  const flags = flagsOrHelp(args, DRILL_HELP);
  if (!flags) return 0;
  const options = drillOptions(flags);
  console.log(`${machineLine("Operations drill")}\n`);
  const result = await runDrill({ ...options, log: (line) => console.log(`  ${line}`) });
  console.log(`\n${formatDrill(result)}\n`);
  console.log(resultsLine(writeResults("drill", result)));
  return result.problems.length === 0 ? 0 : 1;
}
