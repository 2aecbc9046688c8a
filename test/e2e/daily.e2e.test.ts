import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  componentsOf,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { ChannelType } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandsFor } from "../../commands/index.js";
import { commandBodies } from "../../src/bot/command.js";
import { dayBefore, dayEndsAt, dayOf, dealNumber } from "../../src/bot/dailyShare.js";
import { GAMES } from "../../src/games/index.js";
import type { TwelvesState } from "../../src/games/twelves/engine/types.js";
import { button, World } from "./support/world.js";

/**
 * The daily deal through the real bot: the same Twelves deal for players of two servers, each in a
 * private thread with a robot partner, one attempt a day, the board, the share line, and the day
 * turning at 00:00 UTC on the bot's clock (TEST_CLOCK_FILE), moved on instead of waited for.
 */
const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "clock-")), "offset");
const world = new World();
let owls: EmulatorGuild;
let ann: EmulatorUser;
let bob: EmulatorUser;
/** A member of Ann's server who plays no daily deal: she watches. */
let dee: EmulatorUser;
let clubTables: EmulatorChannel;
let owlTables: EmulatorChannel;
let offset = 0;
const day = () => dayOf(Date.now() + offset);
const annThreads: EmulatorChannel[] = [];

beforeAll(async () => {
  fs.writeFileSync(clockFile, "0");
  await world.start({ env: { TEST_CLOCK_FILE: clockFile } });
  owls = world.emulator.createGuild("Night Owls");
  await world.emulator.registerCommands(commandBodies(commandsFor(GAMES)), owls);
  ann = world.emulator.createUser("Ann", { guilds: [world.guild, owls] });
  bob = world.emulator.createUser("Bob", { guilds: [owls] });
  clubTables = world.channel("tables");
  owlTables = world.emulator.createChannel(owls, "tables");
});

// The refused thread (first test) is logged, as it should be.
afterAll(() => world.close({ ignoreErrors: [/no thread for a daily deal: Missing Permissions/] }));

/** `/daily play twelves` by `user` in `channel`; returns the new thread, private and named after the deal. */
async function playToday(user: EmulatorUser, channel: EmulatorChannel): Promise<EmulatorChannel> {
  const answer = (await world.slash(user, channel, "daily", { game: "twelves" }, "play")).message!;
  expect(answer.ephemeral).toBe(true);
  const id = /<#(\d+)>/.exec(answer.text)?.[1];
  const thread = world.emulator.threads(channel).find((t) => t.id === id);
  expect(thread).toMatchObject({
    type: ChannelType.PrivateThread,
    name: `Daily #${dealNumber(day())} · Twelves and Fourteens`,
  });
  const here = { id: id!, name: thread!.name, guildId: channel.guildId };
  await world.settledTable(here, "twelves");
  return here;
}

/** The deal of a stored game: its state with the player's id taken out. */
function dealIn(thread: EmulatorChannel, player: EmulatorUser): string {
  return JSON.stringify(world.game(thread.id).state).replaceAll(player.id, "P");
}

/** Plays the attempt to its end: the player proposes, the robot partner agrees, then each turn the first pair offered. */
async function playOut(thread: EmulatorChannel, player: EmulatorUser): Promise<void> {
  const panel = await world.openPanel(player, thread, "twelves");
  await world.click(player, panel, button(panel, "prop", ["0-0"]).customId!);
  // Both may act while the roles are agreed: the partner's answer is a confirmation or its own proposal.
  const answered = await world.emulator.waitFor(
    () => {
      const state = world.game(thread.id).state as unknown as TwelvesState;
      return state.phase !== "agree" || state.proposal?.by === "bot:1" ? state : null;
    },
    WAIT_LIMIT_MS,
    "the robot partner to answer the proposal",
  );
  if (answered.phase === "agree") {
    const mine = await world.openPanel(player, thread, "twelves");
    await world.click(player, mine, button(mine, "confirm").customId!);
  }
  for (;;) {
    const game = await world.untilPeopleAct(thread, "twelves");
    if (game.status !== "active") return;
    const mine = await world.openPanel(player, thread, "twelves");
    const select = componentsOf(mine).find((c) => c.options.length > 0);
    await world.select(player, mine, select!.customId!, [select!.options[0]!.value]);
  }
}

describe("the daily deal", () => {
  it("where Discord refuses the thread, refuses clearly and records no attempt", async () => {
    world.emulator.failNext("POST", new RegExp(`^/channels/${clubTables.id}/threads$`), {
      status: 403,
      code: 50013,
      message: "Missing Permissions",
    });
    const refused = (await world.slash(ann, clubTables, "daily", { game: "twelves" }, "play")).message!;
    expect(refused.text).toContain("I cannot open a private thread for you here");
    expect(world.emulator.threads(clubTables)).toEqual([]);
    expect(world.db((db) => db.prepare("SELECT COUNT(*) AS n FROM daily_attempts").get())).toEqual({ n: 0 });
  });

  it("deals the same cards to players of two servers, each in a private thread of their own", async () => {
    annThreads.push(await playToday(ann, clubTables));
    const bobs = await playToday(bob, owlTables);
    expect(dealIn(bobs, bob)).toBe(dealIn(annThreads[0]!, ann));
    expect(world.game(bobs.id).state).toMatchObject({ players: [bob.id, "bot:1"] });
  });

  it("is refused in a channel that is not a text channel, a thread among them, and records no attempt", async () => {
    const cy = world.user("Cy");
    const refused = (await world.slash(cy, annThreads[0]!, "daily", { game: "twelves" }, "play")).message!;
    expect(refused.text).toBe("The daily deal needs a private thread: use `/daily play` in a text channel.");
    expect(
      world.db((db) => db.prepare("SELECT COUNT(*) AS n FROM daily_attempts WHERE user_id = ?").get(cy.id)),
    ).toEqual({
      n: 0,
    });
  });

  it("answers a second attempt the same day, in any server, with a link to the thread while it goes on", async () => {
    const again = (await world.slash(ann, owlTables, "daily", { game: "twelves" }, "play")).message!;
    expect(again.text).toBe(
      `You are still playing today's **Twelves and Fourteens**: [your thread](https://discord.com/channels/${world.guild.id}/${annThreads[0]!.id}).`,
    );
    expect(world.emulator.threads(owlTables).filter((t) => t.name.includes("Daily"))).toHaveLength(1);
  });

  it("an ended attempt gets its share line, is refused until the next deal, and is ranked on the board", async () => {
    const thread = annThreads[0]!;
    await playOut(thread, ann);
    const share = await world.emulator.waitFor(
      () =>
        world.emulator.channelMessages(thread).find((m) => m.text.startsWith("Your daily deal is over")) ??
        null,
      WAIT_LIMIT_MS,
      "the share line",
    );
    const [, heading, bar] = share.text.split("\n");
    expect(heading).toBe(`Card table daily #${dealNumber(day())} · Twelves and Fourteens`);
    expect(bar).toMatch(/^(?:🟩|🟨|⬜){10} \d+ pairs?$/u);
    const next = Math.floor(dayEndsAt(day()) / 1000);
    const refused = (await world.slash(ann, clubTables, "daily", { game: "twelves" }, "play")).message!;
    expect(refused.text.split("\n")).toEqual([
      `You have played today's **Twelves and Fourteens**. The next deal comes <t:${next}:R>.`,
      heading,
      bar,
    ]);
    const board = (await world.slash(ann, clubTables, "daily", { game: "twelves" }, "board")).message!;
    expect(board.attachments).toHaveLength(1);
    expect(componentsOf(board)).toEqual([]);
    expect(board.text.split("\n")).toEqual([
      `**Daily Twelves and Fourteens #${dealNumber(day())}** · this server`,
      expect.stringMatching(/^1\. Ann — \d+ pairs? · (won|lost)$/),
      `Next deal: <t:${next}:t> (<t:${next}:R>)`,
    ]);
    // Today's attempt would spoil the deal: nobody else may replay it, not even from its server.
    dee = world.user("Dee");
    const refusedReplay = (
      await world.slash(dee, clubTables, "game", { game: world.game(thread.id).id }, "replay")
    ).message!;
    expect(refusedReplay.text).toContain("You cannot see that game");
  });

  it("an attempt ended early counts, as given up", async () => {
    const bobs = world.emulator.threads(owlTables)[0]!;
    const thread = { id: bobs.id, name: bobs.name, guildId: owls.id };
    // The attempt is Bob's own: no robot's hints, no hand-over to someone else.
    const hint = (await world.slash(bob, thread, "game", {}, "hint")).message!;
    expect(hint.text).toBe("No hints in a daily deal: only your own play is scored.");
    const handOver = (await world.slash(bob, thread, "game", { from: bob.id, to: ann.id }, "replace"))
      .message!;
    expect(handOver.text).toBe("A daily deal is its player's own: its seat cannot be handed to anyone else.");
    const question = (await world.slash(bob, thread, "game", {}, "end")).message!;
    await world.click(bob, question, button(question, "endGame").customId!);
    const board = (await world.slash(bob, owlTables, "daily", { game: "twelves" }, "board")).message!;
    expect(board.text.split("\n")[1]).toBe("–. Bob — given up");
  });

  it("turns at 00:00 UTC: a new deal may be played, and yesterday's board shows the best line of play", async () => {
    // Eve begins yesterday's deal just before midnight and is still playing it after.
    const eve = world.user("Eve");
    const evesThread = await playToday(eve, clubTables);
    const before = day();
    offset = dayEndsAt(before) + 60_000 - Date.now();
    fs.writeFileSync(`${clockFile}.next`, String(offset));
    fs.renameSync(`${clockFile}.next`, clockFile);
    // The bot reads its clock's shift within 50 ms: its own board says when it has.
    for (let asked = 0; ; asked++) {
      const board = (await world.slash(ann, clubTables, "daily", { game: "twelves" }, "board")).message!;
      if (board.text.includes(`#${dealNumber(day())}**`)) break;
      expect(asked).toBeLessThan(50);
    }
    annThreads.push(await playToday(ann, clubTables));
    expect(dealIn(annThreads[1]!, ann)).not.toBe(dealIn(annThreads[0]!, ann));
    const board = (
      await world.slash(ann, clubTables, "daily", { game: "twelves", day: "yesterday" }, "board")
    ).message!;
    const lines = board.text.split("\n");
    expect(lines[0]).toBe(`**Daily Twelves and Fourteens #${dealNumber(dayBefore(day()))}** · this server`);
    expect(lines).toContain("**Best line of play** (Ann):");
    expect(lines.at(-1)).toMatch(/^\d+\. /);
    expect(board.text.length).toBeLessThanOrEqual(2000);
    // Eve, still at that deal, is shown neither the best line nor its replay until she is done.
    const evesBoard = (
      await world.slash(eve, clubTables, "daily", { game: "twelves", day: "yesterday" }, "board")
    ).message!;
    expect(evesBoard.text).not.toContain("Best line of play");
    expect(evesBoard.text.split("\n").at(-1)).toBe(
      "The best line of play shows once you have finished your own attempt at this deal.",
    );
    expect(componentsOf(evesBoard)).toEqual([]);
    const evesReplay = (
      await world.slash(eve, evesThread, "game", { game: world.game(annThreads[0]!.id).id }, "replay")
    ).message!;
    expect(evesReplay.text).toContain("You cannot see that game");
    // Once the day is over, the best line may be replayed by anyone in the server.
    const deesBoard = (
      await world.slash(dee, clubTables, "daily", { game: "twelves", day: "yesterday" }, "board")
    ).message!;
    const replayBest = componentsOf(deesBoard).find((c) => c.label === "Replay Ann's game")!;
    const watched = await world.click(dee, deesBoard, replayBest.customId!);
    expect(watched.text).toContain(`replay of game ${world.game(annThreads[0]!.id).id}`);
    expect(watched.attachments).toHaveLength(1);
  });
});
