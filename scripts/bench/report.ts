import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** What every bench prints and writes: the machine it ran on, verdict lines, the JSON results. */

export function machine(): { cpus: number; cpu: string; node: string; platform: string; at: string } {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "cpu",
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    at: new Date().toISOString(),
  };
}

/** "Load bench on 2 × <cpu>, Node v20…": the first line of every bench's output. */
export function machineLine(title: string): string {
  return `${title} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}`;
}

/** Where the JSON results go: bench-results/<name>.json in the project root (the current directory). */
export function writeResults(name: string, data: unknown): string {
  const dir = path.resolve("bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** "Results: bench-results/<name>.json", relative to where the bench runs. */
export function resultsLine(file: string): string {
  return `Results: ${path.relative(process.cwd(), file)}`;
}

export interface Verdict {
  name: string;
  value: string;
  target: string;
  ok: boolean;
}

/** One target line: the figure, the target, met or MISSED. */
export function verdictLine(prefix: string, v: Verdict, nameWidth: number): string {
  return `  ${prefix}${v.name.padEnd(nameWidth)} ${v.value.padStart(9)}   target ${v.target}: ${v.ok ? "met" : "MISSED"}`;
}

/** "bot: N WARN/ERROR lines, first: …" when the bot printed any. */
export function warningProblems(warnings: { count: number; first: string[] }): string[] {
  return warnings.count > 0
    ? [`bot: ${warnings.count} WARN/ERROR lines, first: ${warnings.first.join(" | ")}`]
    : [];
}

/** The first `most` problems, each on its first line and cut at 300 characters. */
export function printProblems(problems: readonly string[], most: number): void {
  if (problems.length === 0) return;
  console.log(`  problems (${problems.length}, first ${most}):`);
  for (const p of problems.slice(0, most)) console.log(`    ${p.split("\n")[0]!.slice(0, 300)}`);
}
