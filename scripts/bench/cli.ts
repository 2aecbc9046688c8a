import { ALL_GAMES } from "./games.js";

/** The benches' command-line flags: `--name value` or `--name=value` after the mode. */

/** Numbers and comma lists stay strings here; a flag without a value is "true". */
export function parseFlags(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) throw new Error(`unexpected argument "${arg}" (flags look like --games 20)`);
    const eq = arg.indexOf("=");
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < args.length && !args[i + 1]!.startsWith("--")) flags.set(arg.slice(2), args[++i]!);
    else flags.set(arg.slice(2), "true");
  }
  return flags;
}

/** The flags, or null after printing `help` when `--help` was given. */
export function flagsOrHelp(args: readonly string[], help: string): Map<string, string> | null {
  const flags = parseFlags(args);
  if (!flags.has("help")) return flags;
  console.log(help);
  return null;
}

/** "1,20,100" → [1, 20, 100]: positive whole numbers; the fallback when the flag is absent. */
export function numberList(raw: string | undefined, fallback: number[]): number[] {
  if (raw === undefined) return fallback;
  const list = raw.split(",").map((part) => Number(part.trim()));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error(`expected positive whole numbers separated by commas, got "${raw}"`);
  return list;
}

/** `--mix all` or `--mix thegame,stapelen`: game types the bot knows. */
export function parseMix(raw: string | undefined, fallback: readonly string[] = ALL_GAMES): string[] {
  if (raw === undefined) return [...fallback];
  const mix = raw === "all" ? [...ALL_GAMES] : raw.split(",").map((s) => s.trim());
  for (const type of mix)
    if (!ALL_GAMES.includes(type))
      throw new Error(`unknown game "${type}" in --mix (${ALL_GAMES.join(", ")})`);
  return mix;
}

/**
 * Flags that take whole numbers ≥ 0, each one of `names` (any other flag is refused): the kill
 * soak's `--kills N --seed S`.
 */
export function wholeNumberFlags(args: readonly string[], names: readonly string[]): Map<string, number> {
  const flags = new Map<string, number>();
  for (const [name, value] of parseFlags(args)) {
    if (!names.includes(name))
      throw new Error(`unknown flag --${name} (flags: ${names.map((n) => `--${n} N`).join(", ")})`);
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number ≥ 0, got "${value}"`);
    flags.set(name, n);
  }
  return flags;
}
