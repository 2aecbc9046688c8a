import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every time shown to users is a Discord timestamp (`discordTime` in src/bot/time.ts): each reader
 * sees it in their own time zone and language. A date formatted by the bot shows the server's zone
 * instead, so the code that writes messages (src/bot, commands) and the message catalogs never
 * format a date themselves.
 */

const ROOT = path.resolve(__dirname, "../../..");

/** Ways to turn an instant into text (or to make one to turn into text). */
const FORMATTERS = [
  "toLocaleString",
  "toLocaleDateString",
  "toLocaleTimeString",
  "toISOString",
  "toUTCString",
  "toDateString",
  "toTimeString",
  "new Date(",
  "Intl.DateTimeFormat",
];

/** Uses of a formatter that never reach a user, each with why. A line matches by containing `line`. */
const EXCEPTIONS: readonly { file: string; line: string; reason: string }[] = [
  {
    file: "src/bot/log.ts",
    line: "new Date().toISOString()",
    reason: "log lines are for operators, in UTC",
  },
  {
    file: "src/bot/time.ts",
    line: 'new Intl.DateTimeFormat("en-GB", {',
    reason: "reads the local minute for quiet hours; nothing is shown",
  },
  {
    file: "src/bot/time.ts",
    line: "}).formatToParts(new Date(ms));",
    reason: "reads the local minute for quiet hours; nothing is shown",
  },
  {
    file: "commands/notify.ts",
    line: 'new Intl.DateTimeFormat("en-US", {',
    reason: "a time zone's offset, to read an away date; nothing is shown",
  },
  {
    file: "commands/notify.ts",
    line: ".formatToParts(new Date(ms))",
    reason: "a time zone's offset, to read an away date; nothing is shown",
  },
  {
    file: "src/bot/dailyShare.ts",
    line: "return new Date(ms).toISOString().slice(0, 10);",
    reason: "the daily deal's day, the key of its seed and attempts; people see the deal's number",
  },
  {
    file: "commands/notify.ts",
    line: "const check = new Date(Date.UTC(year, month, day));",
    reason: "checks that a typed date is a day of the calendar; nothing is shown",
  },
];

/** A name that holds an instant: `updatedAt`, `finishedAt`, `awayUntil`, `deadline`, `Date.now()`. */
const INSTANT = /\b\w*[a-z]At\b|\b\w*Until\b|\bdeadline\b|Date\.now\(\)|new Date\(/;

/** Log calls: their lines are for operators. */
const LOG_CALL = /\blog\.(info|warn|error|debug)\(/;

function filesIn(dir: string, recursive: boolean): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return recursive ? filesIn(rel, true) : [];
      return entry.name.endsWith(".ts") ? [rel] : [];
    })
    .sort();
}

/** The files that write what users read. */
const SOURCES = [...filesIn("src/bot", true), ...filesIn("commands", false)];
const CATALOGS = filesIn("src/i18n/en", false);

/** Formatter uses in `text` (of `file`) that are not exceptions, as `file:line: text`. */
function formatterUses(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      FORMATTERS.some((f) => line.includes(f)) &&
      !EXCEPTIONS.some((e) => e.file === file && line.includes(e.line))
        ? [`${file}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

/** The expression of each `${…}` in `text`, with the line it starts on. */
function interpolations(text: string): { expression: string; line: number }[] {
  const found: { expression: string; line: number }[] = [];
  for (let at = text.indexOf("${"); at >= 0; at = text.indexOf("${", at + 2)) {
    let depth = 1;
    let end = at + 2;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === "{") depth++;
      if (text[end] === "}") depth--;
    }
    found.push({ expression: text.slice(at + 2, end - 1), line: text.slice(0, at).split("\n").length });
  }
  return found;
}

/**
 * Instants put into text that are not Discord timestamps: each `${…}` that reads an instant must
 * call `discordTime`. Text in a log call (on its line or the two before) is for operators.
 */
function rawInstants(file: string, text: string): string[] {
  const lines = text.split("\n");
  return interpolations(text)
    .filter(({ expression }) => INSTANT.test(expression) && !expression.includes("discordTime("))
    .filter(({ line }) => !lines.slice(Math.max(0, line - 3), line).some((l) => LOG_CALL.test(l)))
    .filter(({ line }) => !EXCEPTIONS.some((e) => e.file === file && lines[line - 1]?.includes(e.line)))
    .map(({ expression, line }) => `${file}:${line}: \${${expression}}`);
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("times shown to users are Discord timestamps", () => {
  it("no code that writes messages formats a date itself, except the listed uses that show nothing", () => {
    expect(SOURCES.flatMap((file) => formatterUses(file, read(file)))).toEqual([]);
  });

  it("every instant put into a message goes through discordTime", () => {
    expect(SOURCES.flatMap((file) => rawInstants(file, read(file)))).toEqual([]);
  });

  it("no message catalog formats a date or names a clock time or a time zone", () => {
    const clock = /\b\d{1,2}:\d{2}\b|\b(UTC|GMT)\b/;
    const found = CATALOGS.flatMap((file) => [
      ...formatterUses(file, read(file)),
      ...read(file)
        .split("\n")
        .flatMap((line, i) => (clock.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    ]);
    expect(found).toEqual([]);
  });

  it("the places that show times use discordTime", () => {
    const users = SOURCES.filter((file) => file !== "src/bot/time.ts" && read(file).includes("discordTime("));
    expect(users).toEqual(
      expect.arrayContaining(["src/bot/overview.ts", "src/bot/scheduler.ts", "src/bot/table.ts"]),
    );
  });

  it("every listed exception still matches a line, so none outlives its reason", () => {
    const stale = EXCEPTIONS.filter((e) => !read(e.file).includes(e.line));
    expect(stale).toEqual([]);
  });

  it("a reply with a date the bot formatted is caught, whichever way it is written", () => {
    const reply = source(
      "await answer(ctx, interaction, 'ephemeral', () =>",
      "  textPayload(`Ends #{new Date(game.updatedAt).toLocaleString()}`));",
      "const text = `Away until #{prefs.awayUntil}`;",
    );
    expect(formatterUses("commands/game.ts", reply)).toEqual([
      source("commands/game.ts:2: textPayload(`Ends #{new Date(game.updatedAt).toLocaleString()}`));"),
    ]);
    expect(rawInstants("commands/game.ts", reply)).toEqual([
      source("commands/game.ts:2: #{new Date(game.updatedAt).toLocaleString()}"),
      source("commands/game.ts:3: #{prefs.awayUntil}"),
    ]);
    const shown = source("const t = `since #{discordTime(game.updatedAt, 'R')}`;");
    expect(rawInstants("commands/game.ts", shown)).toEqual([]);
  });
});

/** Source text written with `#{…}` for `${…}`, so that these fixtures are not taken for templates. */
function source(...lines: string[]): string {
  return lines.join("\n").replaceAll("#{", "${");
}
