import { describe, expect, it } from "vitest";
import { helpMessages } from "../../../commands/help.js";
import { commandsFor } from "../../../commands/index.js";
import { commandBodies } from "../../../src/bot/command.js";
import type { BotContext } from "../../../src/bot/context.js";
import { personLocale } from "../../../src/bot/locale.js";
import { GAMES } from "../../../src/games/index.js";
import { replies as enReplies } from "../../../src/i18n/en/replies.js";
import { wordsFor } from "../../../src/i18n/index.js";
import type { Locale } from "../../../src/i18n/locale.js";
import type { CommandNode } from "../../../src/i18n/localize.js";
import { replies as nlReplies } from "../../../src/i18n/nl/replies.js";

const GAME_TYPES = GAMES.ids;

describe("/help", () => {
  it("speaks English to an English reader, naming each game and its panel button", () => {
    const text = helpMessages(GAME_TYPES, wordsFor("en"), wordsFor("en")).join("\n");
    expect(text).toContain("**Card games for your server.**");
    expect(text).toContain("`twelves` Twelves and Fourteens");
    expect(text).toContain("**My move** (Twelves and Fourteens)");
    expect(text).toContain("others press **Join**, the host presses **Start**");
    expect(text).toContain("The host presses **Add a bot** for each empty seat.");
    expect(text).toContain("(or **Hint** in your panel)");
    expect(text).toContain("`/game status`");
  });

  it("speaks Dutch to a Dutch reader: Dutch game names, Dutch buttons and the Dutch command names", () => {
    const text = helpMessages(GAME_TYPES, wordsFor("nl"), wordsFor("nl")).join("\n");
    expect(text).toContain("**Kaartspellen voor je server.**");
    expect(text).toContain("`twaalven-en-veertienen` Twaalven en veertienen");
    expect(text).toContain("**Mijn zet** (Twaalven en veertienen)");
    expect(text).toContain("anderen drukken op **Meedoen**, de host drukt op **Starten**");
    expect(text).toContain("`/spel overzicht`");
    expect(text).not.toMatch(/Twelves|Show my hand|`\/game /);
  });

  it("names the buttons everyone sees as the server's tables show them, and the reader's own Hint button in the reader's words", () => {
    const text = helpMessages(GAME_TYPES, wordsFor("nl"), wordsFor("en")).join("\n");
    expect(text).toContain("anderen drukken op **Join**, de host drukt op **Start**");
    expect(text).toContain("op **Add a bot** voor elke lege plaats");
    expect(text).toContain("**My move** (Twaalven en veertienen)");
    expect(text).toContain("(of **Tip** in je paneel)");
    expect(text).not.toMatch(/Meedoen|Starten|Bot toevoegen|Mijn zet/);
  });
});

/** Every command path ("notify", "notify quiet", "notify quiet from") by its name in `locale`. */
function commandPaths(locale: Locale): Set<string> {
  const paths = new Set<string>();
  const walk = (node: CommandNode, path: string) => {
    const name = locale === "en" ? node.name : (node.name_localizations?.[locale] ?? node.name);
    const here = path ? `${path} ${name}` : name;
    paths.add(here);
    for (const option of node.options ?? []) walk(option, here);
  };
  for (const body of commandBodies(commandsFor(GAMES)) as CommandNode[]) walk(body, "");
  return paths;
}

/** The commands a text names in backticks: `/notify dm enabled:True` → "notify", "notify dm", "notify dm enabled". */
function namedCommands(text: string): string[] {
  return [...text.matchAll(/`\/([^`]+)`/g)].flatMap(([, inside]) => {
    const [command, ...rest] = (inside as string).split(" ");
    const named = [command as string];
    let path = command as string;
    for (const word of rest) {
      if (word.startsWith("<")) continue;
      if (word.includes(":")) named.push(`${path} ${word.split(":")[0]}`);
      else {
        path = `${path} ${word}`;
        named.push(path);
      }
    }
    return named;
  });
}

describe("the commands that replies name", () => {
  it.each([
    ["en", enReplies],
    ["nl", nlReplies],
  ] as const)("are registered under those names in %s", (locale, catalog) => {
    const known = commandPaths(locale);
    expect(Object.values(catalog).flatMap(namedCommands).length).toBeGreaterThan(20);
    const unknown = Object.entries(catalog).flatMap(([key, text]) =>
      namedCommands(text)
        .filter((path) => !known.has(path))
        .map((path) => `${key}: /${path}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe("the language of a DM or a reminder", () => {
  const ctx = (userLanguage: Locale | null, guildLanguage: Locale | null) =>
    ({
      store: {
        preferences: {
          userPrefs: async () => ({ language: userLanguage }),
          guildSettings: async () => ({ language: guildLanguage }),
        },
      },
      client: { guilds: { cache: new Map() } },
    }) as unknown as BotContext;

  it("is the person's own /notify language, else the server's", async () => {
    expect(await personLocale(ctx("nl", "en"), "u1", "g1")).toBe("nl");
    expect(await personLocale(ctx(null, "nl"), "u1", "g1")).toBe("nl");
    expect(await personLocale(ctx(null, null), "u1", "g1")).toBe("en");
  });
});
