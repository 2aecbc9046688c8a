import fs from "node:fs";
import path from "node:path";
import { componentsOf, type EmulatorChannel, type MessageView } from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import { endedBandHeight } from "../../src/render/ended.js";
import { stackingPlacement } from "./support/stapelen.js";
import { playTwelves, twelvesLine } from "./support/twelves.js";
import { button, testWorld } from "./support/world.js";

/**
 * The game kit's promises, through the real bot process: a table that never misses a stored move
 * (even when the bot dies between storing it and posting its table), ended games that look ended,
 * a game record that outlives the game, double clicks told apart from stale ones.
 */
const {
  world,
  users: [alice, bob],
} = testWorld({ seed: 4, users: ["Alice", "Bob"], managers: ["Alice"] });

/** Stacking's player to move, read from the database as a referee. */
const activeUser = (channel: EmulatorChannel) => world.userToMove(channel, [alice, bob]);
const preparePlacement = (channel: EmulatorChannel) => stackingPlacement(world, channel, [alice, bob]);

function actionOf(customId: string | null | undefined): string {
  return (customId ?? "").split(":")[3] ?? "";
}

describe("a table that never misses a move", () => {
  let channel: EmulatorChannel;

  it("a click that brings a new table sends it as the click's public follow-up, on its token; the table it replaces is retired through the token that sent it", async () => {
    const tokenChannel = world.channel("token-tables");
    await world.openGame("stapelen", tokenChannel, alice, [bob]);
    const byClick: MessageView[] = [];
    for (let move = 0; move < 2; move++) {
      const { user, panel, moveId } = await preparePlacement(tokenChannel);
      const before = world.tables(tokenChannel, "stapelen").length;
      await world.click(user, panel, moveId);
      const table = await world.settledTable(tokenChannel, "stapelen");
      expect(world.tables(tokenChannel, "stapelen")).toHaveLength(before + 1);
      expect(table).toMatchObject({ ephemeral: false, interactionId: expect.any(String) });
      expect(table.notified).toEqual([activeUser(tokenChannel).id]);
      byClick.push(table);
    }
    const retired = byClick[0]!;
    expect(componentsOf(world.latest(retired))).toEqual([]);
    const edits = world.emulator.requests.filter(
      (r) => r.method === "PATCH" && r.path.endsWith(`/${retired.id}`),
    );
    expect(edits.map((r) => r.path.split("/")[1])).toEqual(["webhooks"]);
  });

  it("SIGKILL after a move is acknowledged but before its table is posted: after the restart the current table pings the player to act; no move lost or doubled", async () => {
    channel = world.channel("crash-table");
    await world.openGame("stapelen", channel, alice, [bob]);
    const { user, panel, moveId } = await preparePlacement(channel);
    const before = world.game(channel.id);
    const tablesBefore = world.tables(channel, "stapelen").length;

    // The new table travels on the click's token, as its public follow-up.
    const tableHeld = world.emulator.holdNext("POST", /^\/webhooks\/\d+\/[^/]+$/);
    const answered = await world.click(user, panel, moveId);
    expect(answered.ephemeral).toBe(true);
    await tableHeld;
    const stored = world.game(channel.id);
    expect(stored.moves).toBe(before.moves + 1);
    expect(stored.version).toBe(before.version + 1);

    const killedAt = Date.now();
    await world.bot.kill("SIGKILL");
    expect(world.tables(channel, "stapelen")).toHaveLength(tablesBefore);
    const next = activeUser(channel);
    expect(next.id).not.toBe(user.id);

    await world.bot.start();
    await world.emulator.waitForBotReady({ after: killedAt, bot: world.bot });
    const table = await world.settledTable(channel, "stapelen");
    expect(world.tables(channel, "stapelen")).toHaveLength(tablesBefore + 1);
    expect(table.text).toContain(`<@${next.id}>`);
    expect(table.notified).toEqual([next.id]);
    expect(componentsOf(table).some((c) => c.customId?.startsWith(`g:${stored.id}:${stored.version}:`))).toBe(
      true,
    );
    // Exactly the one stored move: nothing replayed, nothing lost.
    expect(world.game(channel.id).moves).toBe(stored.moves);
    expect(world.game(channel.id).version).toBe(stored.version);

    // Play goes on from the repaired table.
    const again = await preparePlacement(channel);
    expect(again.user.id).toBe(next.id);
    await world.click(again.user, again.panel, again.moveId);
    await world.settledTable(channel, "stapelen");
    expect(world.game(channel.id).moves).toBe(stored.moves + 1);
  });

  it("a double click: the second click says the move was already made and shows the controls; the move counts once", async () => {
    const { user, panel, moveId } = await preparePlacement(channel);
    const before = world.game(channel.id);
    await world.click(user, panel, moveId);
    const second = await world.click(user, world.latest(panel), moveId, { stale: true });
    expect(second.text).toContain("already made");
    expect(second.text).not.toContain("nothing was changed");
    expect(second.text).not.toContain("table");
    expect(world.game(channel.id).moves).toBe(before.moves + 1);
    await world.settledTable(channel, "stapelen");
  });

  it("a panel opened from the table shows the table's own file (nothing uploaded); refreshed, or a choice made in it, it keeps it; a move sends a new one", async () => {
    const user = activeUser(channel);
    const table = await world.settledTable(channel, "stapelen");
    const panel = await world.openPanel(user, channel, "stapelen");
    const shown = panel.attachments[0];
    expect(panel.attachments).toHaveLength(1);
    expect(shown).toMatchObject({ id: table.attachments[0]!.id, linked: true });
    const refresh = componentsOf(panel).find((c) => actionOf(c.customId) === "refresh")!;
    const refreshed = await world.click(user, panel, refresh.customId!);
    expect(refreshed.attachments.map((a) => a.id)).toEqual([shown?.id]);
    // Choosing a column changes the controls, not the picture.
    const select = componentsOf(refreshed).find((c) => c.options.length > 0)!;
    const chosen = await world.select(user, refreshed, select.customId!, [select.options[0]!.value]);
    expect(chosen.attachments.map((a) => a.id)).toEqual([shown?.id]);
    const target = componentsOf(chosen).find((c) => actionOf(c.customId) === "place" && !c.disabled)!;
    expect(target).toBeDefined();
    // Placing the card changes the game and brings the other player's new table, right under the
    // panel: the new picture is there, and the mover's panel does not upload it a second time.
    const moved = await world.click(user, chosen, target.customId!);
    expect(moved.attachments).toEqual([]);
    const next = await world.settledTable(channel, "stapelen");
    expect(next.id).not.toBe(table.id);
    expect(next.attachments[0]?.filename).not.toBe(shown?.filename);
  });

  it("/game end asks first: Cancel changes nothing", async () => {
    const before = world.game(channel.id);
    const question = (await world.slash(alice, channel, "game", {}, "end")).message!;
    expect(question.ephemeral).toBe(true);
    expect(question.text).toBe(
      "End this channel's game of **Stacking** for everyone? It cannot be taken back.",
    );
    expect(componentsOf(question).map((c) => c.label)).toEqual(["End the game", "Cancel"]);
    const kept = await world.click(alice, question, button(question, "keepGame").customId!);
    expect(kept.text).toBe("The game goes on: nothing was changed.");
    expect(componentsOf(kept)).toEqual([]);
    expect(world.game(channel.id)).toEqual(before);
  });

  it("/game end: the last table picture and text say the game ended and by whom; /game log still shows the record, numbered from 1 with what happened", async () => {
    // The table's picture before the end (once replaced, an earlier table keeps only a line).
    const earlier = (await world.settledTable(channel, "stapelen")).attachments[0]!;
    const question = (await world.slash(alice, channel, "game", {}, "end")).message!;
    const confirm = button(question, "endGame").customId!;
    const done = await world.click(alice, question, confirm);
    expect(done.text).toBe("The game was ended.");
    expect(componentsOf(done)).toEqual([]);
    const ended = world.game(channel.id);
    expect(ended.status).toBe("abandoned");
    // A second click on the same question (a double click) changes nothing and says why.
    const again = await world.click(alice, question, confirm, { stale: true });
    expect(again.text).toBe("This game has already ended, so nothing was changed.");
    expect(world.game(channel.id)).toEqual(ended);
    // The newest table without buttons is the ended one: an open game's newest table always has them.
    const table = await world.emulator.waitFor(
      () => {
        const newest = world.tables(channel, "stapelen").at(-1);
        return newest && componentsOf(newest).length === 0 ? newest : null;
      },
      undefined,
      "the ended table",
    );
    expect(table.text).toContain("**Stacking** — this game ended early by Alice.");
    expect(componentsOf(table)).toHaveLength(0);
    const picture = table.attachments[0]!;
    fs.mkdirSync(path.join("test", ".tmp"), { recursive: true });
    fs.writeFileSync(path.join("test", ".tmp", "e2e-ended-stapelen.png"), picture.data);
    // The ended band sits above the last table, so the picture grows by the band alone.
    expect([picture.width, picture.height]).toEqual([
      earlier.width,
      (earlier.height ?? 0) + endedBandHeight(earlier.width ?? 0),
    ]);

    const log = (await world.slash(bob, channel, "game", {}, "log")).message!;
    expect(log.ephemeral).toBe(true);
    expect(log.text).toContain("(ended)");
    const lines = log.text.split("\n").slice(1);
    expect(lines[0]).toMatch(/^1\. /);
    expect(lines).toHaveLength(world.game(channel.id).moves);
    // Each move as the channel saw it: who placed which card where.
    expect(lines[0]).toMatch(/(Alice|Bob) .*(foundation|placed)/i);
  });
});

describe("starting games", () => {
  it("after Start, the lobby message no longer says the game is gathering players", async () => {
    const channel = world.channel("lobby-after-start");
    const lobby = (await world.slash(alice, channel, "play", {}, "stapelen")).message!;
    expect(lobby.text).toContain("gathering players");
    const joinId = componentsOf(lobby).find((c) => c.customId?.endsWith(":join"))!.customId!;
    await world.click(bob, world.latest(lobby), joinId);
    const startId = componentsOf(world.latest(lobby)).find((c) => c.customId?.endsWith(":start"))!.customId!;
    await world.click(alice, world.latest(lobby), startId);
    await world.settledTable(channel, "stapelen");
    const after = world.latest(lobby);
    expect(after.text).not.toContain("gathering");
    expect(after.text).toContain("has started");
    expect(componentsOf(after)).toHaveLength(0);
  });

  it("a solo game (Four Kings) starts at once with its table, without a lobby message", async () => {
    const channel = world.channel("solo");
    const reply = (await world.slash(alice, channel, "play", {}, "fourkings")).message!;
    expect(reply.ephemeral).toBe(true);
    await world.settledTable(channel, "fourkings");
    const lobbies = world.emulator
      .channelMessages(channel)
      .filter(
        (m) => componentsOf(m).some((c) => c.customId?.startsWith("l:")) || m.text.includes("gathering"),
      );
    expect(lobbies).toHaveLength(0);
  });
});

describe("/stats", () => {
  it("after a Twelves win with 13 pairs and a loss with 11, the best Twelves score is 13 pairs", async () => {
    const won = await playTwelves(world, world.channel("twelves-win"), [alice, bob], (agreed) => {
      const line = twelvesLine(agreed, (end) => end.endReason === "allTaken");
      if (!line) throw new Error("this deal cannot be won; pick another seed");
      return line;
    });
    expect(won.pairs[alice.id]).toHaveLength(13);
    const lost = await playTwelves(world, world.channel("twelves-loss"), [alice, bob], (agreed) => {
      const line = twelvesLine(
        agreed,
        (end) => end.endReason === "noPair" && end.pairs[alice.id]?.length === 11,
      );
      if (!line) throw new Error("no loss with 11 pairs for Alice in this deal; pick another seed");
      return line;
    });
    expect(lost.endReason).toBe("noPair");
    expect(lost.pairs[alice.id]).toHaveLength(11);
    const stats = (await world.slash(alice, world.channel("stats"), "stats", {}, "me")).message!;
    expect(stats.ephemeral).toBe(true);
    const line = stats.text.split("\n").find((l) => l.includes("Twelves"));
    expect(line).toMatch(/2 played, 1 won, best 13 pairs/);
  });
});
