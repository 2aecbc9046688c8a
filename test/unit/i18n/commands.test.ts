import { describe, expect, it } from "vitest";
import { commandsFor } from "../../../commands/index.js";
import { commandBodies } from "../../../src/bot/command.js";
import { GAMES } from "../../../src/games/index.js";
import { NL_CHOICES, NL_COMMANDS } from "../../../src/i18n/commands.js";
import { en } from "../../../src/i18n/en/index.js";
import type { CommandNode } from "../../../src/i18n/localize.js";
import { nl } from "../../../src/i18n/nl/index.js";

/** Discord's rule for the names of chat-input commands and options, in every locale. */
const NAME_PATTERN = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Visit {
  path: string;
  node: CommandNode;
  siblings: readonly CommandNode[];
}

/** The registered commands and every subcommand group, subcommand and option in them. */
function nodes(): Visit[] {
  const bodies = commandBodies(commandsFor(GAMES)) as CommandNode[];
  const visits: Visit[] = [];
  const walk = (node: CommandNode, path: string, siblings: readonly CommandNode[]) => {
    visits.push({ path, node, siblings });
    for (const option of node.options ?? []) walk(option, `${path} ${option.name}`, node.options ?? []);
  };
  for (const body of bodies) walk(body, body.name, bodies);
  return visits;
}

describe("Dutch slash commands", () => {
  it("gives every command, subcommand and option a valid Dutch name and description", () => {
    const problems: string[] = [];
    for (const { path, node } of nodes()) {
      const name = node.name_localizations?.nl;
      const description = node.description_localizations?.nl;
      if (!name || !NAME_PATTERN.test(name) || name !== name.toLowerCase())
        problems.push(`${path}: Dutch name ${JSON.stringify(name)}`);
      if (!description || description.length > 100)
        problems.push(`${path}: Dutch description ${JSON.stringify(description)}`);
    }
    expect(problems).toEqual([]);
  });

  it("gives every choice a Dutch name of 1 to 100 characters", () => {
    const problems: string[] = [];
    for (const { path, node } of nodes()) {
      for (const choice of node.choices ?? []) {
        const name = choice.name_localizations?.nl;
        if (!name || name.length > 100) problems.push(`${path}=${choice.value}: ${JSON.stringify(name)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps Dutch names unique among siblings", () => {
    const problems: string[] = [];
    for (const { path, node, siblings } of nodes()) {
      const name = node.name_localizations?.nl;
      const same = siblings.filter((s) => s.name_localizations?.nl === name);
      if (same.length > 1) problems.push(`${path}: "${name}" is also ${same.map((s) => s.name).join(", ")}`);
    }
    expect(problems).toEqual([]);
  });

  it("leaves the English names, descriptions and choice values that interactions carry", () => {
    const english = commandsFor(GAMES).map((c) => c.data.toJSON());
    const strip = (node: unknown): unknown =>
      JSON.parse(JSON.stringify(node), (key, value) =>
        key === "name_localizations" || key === "description_localizations" ? undefined : value,
      );
    expect(strip(commandBodies(commandsFor(GAMES)))).toEqual(strip(english));
  });

  it("offers the games in /rules under their Dutch names", () => {
    const rules = (commandBodies(commandsFor(GAMES)) as CommandNode[]).find((c) => c.name === "rules");
    const game = rules?.options?.find((o) => o.name === "game");
    expect(game?.choices?.map((c) => c.name_localizations?.nl)).toEqual([
      "The Game",
      "Twaalven en veertienen",
      "Stapelen",
      "Sir Tommy voor twee",
      "4 Koningen",
      "Troubadour",
      "Eén versus twee",
    ]);
  });

  it("holds no Dutch entries for commands, options or choices that do not exist", () => {
    const visits = nodes();
    const paths = new Set(visits.map((v) => v.path));
    const choices = new Set(
      visits.flatMap(({ path, node }) => (node.choices ?? []).map((c) => `${path}=${c.value}`)),
    );
    expect(Object.keys(NL_COMMANDS).filter((key) => !paths.has(key))).toEqual([]);
    expect(Object.keys(NL_CHOICES).filter((key) => !choices.has(key))).toEqual([]);
  });
});

/** Every command path (with its options) as a reader of `locale` types it: "spel stoppen", "meldingen dm aan". */
function typedPaths(locale: "en" | "nl"): Set<string> {
  const paths = new Set<string>();
  const walk = (node: CommandNode, typed: string) => {
    const name = locale === "nl" ? (node.name_localizations?.nl ?? node.name) : node.name;
    const here = typed ? `${typed} ${name}` : name;
    paths.add(here);
    for (const option of node.options ?? []) walk(option, here);
  };
  for (const body of commandBodies(commandsFor(GAMES)) as CommandNode[]) walk(body, "");
  return paths;
}

describe("commands named in the words players read", () => {
  it("every command a catalogue writes out (`/…`) is one its readers' command box offers, in that catalogue's language", () => {
    const problems: string[] = [];
    for (const [locale, catalog] of [
      ["en", en],
      ["nl", nl],
    ] as const) {
      const known = typedPaths(locale);
      for (const [key, text] of Object.entries(catalog))
        for (const [, typed = ""] of text.matchAll(/`\/([^`]+)`/g)) {
          // Placeholders (`<game>`) are not typed; an option is typed with its value (`aan:True`).
          const path = typed
            .split(" ")
            .filter((word) => !word.startsWith("<"))
            .map((word) => word.split(":")[0])
            .join(" ");
          if (!known.has(path)) problems.push(`${locale} ${key}: /${typed}`);
        }
    }
    expect(problems).toEqual([]);
  });
});
