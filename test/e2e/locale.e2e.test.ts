import { Locale } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatorUser } from "../../src/emulator/index.js";
import { button, World } from "./support/world.js";

const world = new World();
let alice: EmulatorUser;
let bob: EmulatorUser;
let daan: EmulatorUser;

beforeAll(async () => {
  await world.start();
  alice = world.user("Alice", { manageGuild: true });
  bob = world.user("Bob");
  daan = world.emulator.createUser("Daan", { guilds: [world.guild], locale: Locale.Dutch });
}, 60_000);

afterAll(async () => {
  await world.stop();
});

describe("the language of engine messages", () => {
  it("a refusal follows the clicker's language, and /settings language makes the table's event lines Dutch", async () => {
    const channel = world.channel("taal");
    const chosen = (await world.slash(bob, channel, "notify", { value: "nl" }, "language")).message!;
    expect(chosen.content).toContain("Language of your own answers: Nederlands");

    const table = await world.openGame("thegame", channel, alice, [bob]);
    const before = world.game(channel.id);
    // Ending a turn before anyone took the first one is refused to both, each in their own language.
    const endTurn = `g:${before.id}:${before.version}:end`;
    const english = await world.click(alice, table, endTurn, { stale: true });
    const dutch = await world.click(bob, table, endTurn, { stale: true });
    expect(english.content).toContain("⚠️ Nobody has taken the first turn yet");
    expect(dutch.content).toContain("⚠️ Nog niemand heeft de eerste beurt genomen");
    expect(world.game(channel.id)).toEqual(before);

    const saved = (await world.slash(alice, channel, "settings", { value: "nl" }, "language")).message!;
    expect(saved.content).toContain("Language of tables and game messages: Nederlands");
    const panel = await world.openPanel(alice, channel, "thegame");
    await world.click(alice, panel, button(panel, "claim").customId!);
    const claimed = await world.emulator.waitFor(
      () => world.tables(channel, "thegame").find((m) => m.content.includes("Alice neemt de eerste beurt.")),
      10_000,
      "a table with the claim in Dutch",
    );
    expect(claimed.content).not.toContain("takes the first turn");
  });

  it("a player whose Discord client is Dutch gets Dutch answers without choosing anything", async () => {
    const channel = world.channel("nederlands");
    const table = await world.openGame("thegame", channel, daan, [alice]);
    const before = world.game(channel.id);
    const refused = await world.click(daan, table, `g:${before.id}:${before.version}:end`, { stale: true });
    expect(refused.content).toContain("⚠️ Nog niemand heeft de eerste beurt genomen");
    expect(world.game(channel.id)).toEqual(before);
  });
});
