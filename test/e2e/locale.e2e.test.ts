import { componentsOf, type MessageView, WAIT_LIMIT_MS } from "@cardtable/discord-emulator";
import { Locale } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { commandsFor } from "../../commands/index.js";
import { commandBodies } from "../../src/bot/command.js";
import { GAMES } from "../../src/games/index.js";
import { en } from "../../src/i18n/en/index.js";
import { t } from "../../src/i18n/index.js";
import type { CommandNode } from "../../src/i18n/localize.js";
import { nl } from "../../src/i18n/nl/index.js";
import { button, lobbyButton, testWorld } from "./support/world.js";

const {
  world,
  users: [alice, bob],
} = testWorld({ users: ["Alice", "Bob"], managers: ["Alice"] });
const daan = world.emulator.createUser("Daan", { guilds: [world.guild], locale: Locale.Dutch });

describe("the language of engine messages", () => {
  it("a refusal follows the clicker's language, and /settings language makes the table's event lines Dutch", async () => {
    const channel = world.channel("taal");
    const chosen = (await world.slash(bob, channel, "notify", { value: "nl" }, "language")).message!;
    expect(chosen.text).toContain("Taal van je eigen antwoorden: Nederlands");

    const table = await world.openGame("thegame", channel, alice, [bob]);
    const before = world.game(channel.id);
    // Ending a turn before anyone took the first one is refused to both, each in their own language.
    const endTurn = `g:${before.id}:${before.version}:end`;
    const english = await world.click(alice, table, endTurn, { stale: true });
    const dutch = await world.click(bob, table, endTurn, { stale: true });
    expect(english.text).toContain("⚠️ Nobody has taken the first turn yet");
    expect(dutch.text).toContain("⚠️ Nog niemand heeft de eerste beurt genomen");
    expect(world.game(channel.id)).toEqual(before);

    const saved = (await world.slash(alice, channel, "settings", { value: "nl" }, "language")).message!;
    expect(saved.text).toContain("Language of tables and game messages: Nederlands");
    const panel = await world.openPanel(alice, channel, "thegame");
    await world.click(alice, panel, button(panel, "claim").customId!);
    const claimed = await world.emulator.waitFor(
      () => world.tables(channel, "thegame").find((m) => m.text.includes("Alice neemt de eerste beurt.")),
      WAIT_LIMIT_MS,
      "a table with the claim in Dutch",
    );
    expect(claimed.text).not.toContain("takes the first turn");
  });

  it("a player whose Discord client is Dutch gets Dutch answers without choosing anything", async () => {
    const channel = world.channel("nederlands");
    const table = await world.openGame("thegame", channel, daan, [alice]);
    const before = world.game(channel.id);
    const refused = await world.click(daan, table, `g:${before.id}:${before.version}:end`, { stale: true });
    expect(refused.text).toContain("⚠️ Nog niemand heeft de eerste beurt genomen");
    expect(world.game(channel.id)).toEqual(before);
  });
});

describe("one game, three languages' worth of readers", () => {
  it("a Dutch and an English player each read their own panel while the table follows the server", async () => {
    const club = world.emulator.createGuild("Nederlandse kaartclub", { preferredLocale: Locale.Dutch });
    await world.emulator.registerCommands(commandBodies(commandsFor(GAMES)), club);
    const anouk = world.emulator.createUser("Anouk", { guilds: [club], locale: Locale.Dutch });
    const eve = world.emulator.createUser("Eve", { guilds: [club], locale: Locale.EnglishUS });
    const channel = world.emulator.createChannel(club, "kaarten");
    const table = await world.openGame("thegame", channel, anouk, [eve]);

    // The table is the server's: Dutch words, Dutch buttons, no English status.
    const labels = (message: typeof table) => componentsOf(message).map((c) => c.label);
    expect(labels(table)).toEqual([t("game.thegame.panelButton", {}, "nl"), "Ik begin"]);
    expect(table.text).toContain("**The Game** — ");
    expect(table.text).not.toMatch(/who starts|your move|I'll start/);

    const dutchPanel = await world.openPanel(anouk, channel, "thegame");
    const englishPanel = await world.openPanel(eve, channel, "thegame");
    expect(dutchPanel.text).toContain("Je hand (alleen jij ziet dit)");
    expect(labels(dutchPanel)).toContain("Ik begin");
    expect(labels(dutchPanel)).toContain("Vernieuwen");
    expect(englishPanel.text).toContain("Your hand (only you can see this)");
    expect(labels(englishPanel)).toContain("I'll start");
    expect(labels(englishPanel)).toContain("Refresh");
    expect(englishPanel.text).not.toContain("Je hand");

    // Each picture carries alt text in its message's language: the table's the server's, a panel's
    // (the table, drawn in its reader's language) its reader's.
    const alt = (message: typeof table) => message.attachments[0]?.description ?? "";
    expect(alt(table)).toMatch(/^The Game\. Nog niemand is begonnen/);
    expect(alt(table).length).toBeLessThanOrEqual(1024);
    expect(alt(englishPanel)).toMatch(/^The Game\. Nobody has started yet/);
    expect(alt(dutchPanel)).toMatch(/^The Game\. Nog niemand is begonnen/);

    // After a move both stay in their own language; the new table is still Dutch.
    await world.click(eve, englishPanel, button(englishPanel, "claim").customId!);
    const after = await world.settledTable(channel, "thegame");
    expect(labels(after)[0]).toBe(t("game.thegame.panelButton", {}, "nl"));
    expect(after.text).toContain("Eve neemt de eerste beurt.");
    const eveAgain = await world.openPanel(eve, channel, "thegame");
    const anoukAgain = await world.openPanel(anouk, channel, "thegame");
    expect(labels(eveAgain)).toContain("End turn");
    expect(anoukAgain.text).toContain("Wachten op Eve");
  });
});

/** The words (three letters or more, lower case) of a text, its markup (<@id>, <t:…>, </cmd:id>) and links left out. */
function wordsIn(text: string): string[] {
  const plain = text
    .replace(/<[^>\s]*>/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\{\w+\}/g, " ");
  return (plain.toLowerCase().match(/\p{L}[\p{L}']{2,}/gu) ?? []).map((word) => word.replace(/'s$/, ""));
}

/**
 * Words only English text uses: those of every English line that differs from its Dutch one, less
 * every word some Dutch line uses too (titles, "bot", "host", loanwords).
 */
function englishOnlyWords(): Set<string> {
  const dutch = new Set(Object.values(nl).flatMap(wordsIn));
  const english = Object.entries(en).filter(([key, text]) => nl[key] !== text);
  return new Set(english.flatMap(([, text]) => wordsIn(text)).filter((word) => !dutch.has(word)));
}

/** Every command path a Dutch command box offers, options included: "spel stoppen", "meldingen dm aan". */
function dutchCommandPaths(): Set<string> {
  const paths = new Set<string>();
  const walk = (node: CommandNode, typed: string) => {
    const here = `${typed} ${node.name_localizations?.nl ?? node.name}`.trim();
    paths.add(here);
    for (const option of node.options ?? []) walk(option, here);
  };
  for (const body of commandBodies(commandsFor(GAMES)) as CommandNode[]) walk(body, "");
  return paths;
}

/** What a reader reads of a message: its text, its pictures' alt text, its controls' words. */
function readable(message: MessageView): string[] {
  return [
    message.text,
    ...message.embeds.flatMap((e) => [
      e.title ?? "",
      e.description ?? "",
      ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
    ]),
    ...message.attachments.map((a) => a.description ?? ""),
    ...componentsOf(message).flatMap((c) => [
      c.label ?? "",
      c.placeholder ?? "",
      ...c.options.flatMap((o) => [o.label, o.description ?? ""]),
    ]),
  ];
}

/** Commands a text writes out (`/spel stoppen`, /regels), each as typed; mentions (</rules:1>) are Discord's to show. */
function typedCommands(text: string): string[] {
  const spans = [...text.matchAll(/`\/([^`]+)`/g)].map(([, typed = ""]) =>
    typed
      .split(" ")
      .filter((word) => !word.startsWith("<"))
      .map((word) => word.split(":")[0])
      .join(" "),
  );
  const bare = [...text.replace(/`[^`]*`/g, " ").matchAll(/(?<![\w<:/.])\/([\p{L}-]+)/gu)].map(
    ([, name = ""]) => name,
  );
  return [...spans, ...bare];
}

describe("a Dutch player in an English server", () => {
  it("reads no English in anything only he sees, and every command named to him is his command box's", async () => {
    const channel = world.channel("dutch-guest");
    // The bot reads its commands' ids (this server's registration) once at start.
    await world.emulator.waitFor(
      () =>
        world.emulator.requests.some((r) => r.method === "GET" && /\/guilds\/\d+\/commands$/.test(r.path)),
      WAIT_LIMIT_MS,
      "the bot reading its commands' ids",
    );
    // The server speaks its Discord language again (English), whatever an earlier test chose.
    await world.slash(alice, channel, "settings", { value: "auto" }, "language");
    const lobby = (await world.slash(alice, channel, "play", {}, "thegame")).message!;
    // The lobby is the server's, in English: it names /rules by mention, which Daan's Discord shows as /regels.
    expect(lobby.text).toMatch(/How to play: <\/rules:\d+> The Game\./);
    await world.click(daan, lobby, lobbyButton(lobby, "join"));
    await world.click(alice, world.latest(lobby), lobbyButton(lobby, "start"));
    const panel = await world.openPanel(daan, channel, "thegame");
    await world.click(daan, panel, button(panel, "claim").customId!);
    expect(world.game(channel.id).moves).toBe(1);
    await world.slash(daan, channel, "rules", { game: "thegame" });
    await world.slash(daan, channel, "help");
    await world.slash(daan, channel, "game", {}, "status");
    const question = (await world.slash(alice, channel, "game", {}, "end")).message!;
    await world.click(alice, question, button(question, "endGame").customId!);
    const history = (await world.slash(daan, channel, "game", {}, "history")).message!;
    expect(history.text).toContain("vroegtijdig gestopt door Alice");

    const seen = world.emulator.ephemeralsFor(daan);
    expect(seen.length).toBeGreaterThanOrEqual(6);
    const english = englishOnlyWords();
    const commands = dutchCommandPaths();
    // /help names the lobby's and the table's buttons as the server's messages draw them, in bold.
    const labels = new Set(Object.values(en));
    const unquoted = (text: string) =>
      text.replace(/\*\*([^*]+)\*\*/g, (bold, label) => (labels.has(label) ? " " : bold));
    const problems = seen.flatMap(readable).flatMap((text) => [
      ...wordsIn(unquoted(text))
        .filter((word) => english.has(word))
        .map((word) => `English "${word}" in: ${text.slice(0, 120)}`),
      ...typedCommands(text)
        .filter((typed) => !commands.has(typed))
        .map((typed) => `/${typed} is not in his command box: ${text.slice(0, 120)}`),
    ]);
    expect(problems).toEqual([]);
  });
});
