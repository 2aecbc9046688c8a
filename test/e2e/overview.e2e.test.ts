import type { EmulatorChannel, EmulatorGuild, EmulatorUser } from "@cardtable/discord-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandsFor } from "../../commands/index.js";
import { commandBodies } from "../../src/bot/command.js";
import { GAMES } from "../../src/games/index.js";
import { stapelen } from "../../src/games/stapelen/engine/index.js";
import type { StapelenState } from "../../src/games/stapelen/engine/types.js";
import { button, lobbyButton, World } from "./support/world.js";

/**
 * Playing over days across servers: `/game status` and `/game history` span every server the
 * player plays in, and a server with the `threads` setting gets a thread per game.
 */
const world = new World();
let nightOwls: EmulatorGuild;
let ann: EmulatorUser;
let bob: EmulatorUser;
let clubTables: EmulatorChannel;
let owlTables: EmulatorChannel;

beforeAll(async () => {
  await world.start();
  // The bot registers its commands in its first server only (DEV_GUILD_ID); the second gets them here.
  nightOwls = world.emulator.createGuild("Night Owls");
  await world.emulator.registerCommands(commandBodies(commandsFor(GAMES)), nightOwls);
  ann = world.emulator.createUser("Ann", { manageGuild: true, guilds: [world.guild, nightOwls] });
  bob = world.emulator.createUser("Bob", { guilds: [world.guild, nightOwls] });
  clubTables = world.channel("tables");
  owlTables = world.emulator.createChannel(nightOwls, "tables");
});

// The refused thread (last test) is logged, as it should be.
afterAll(() => world.close({ ignoreErrors: [/no thread for a new game: Missing Permissions/] }));

describe("/game status and /game history across servers", () => {
  it("/game status lists the games of both servers, the one where it is your turn first", async () => {
    // Stacking: the host moves first. Bob's game here waits for Bob; Ann's at the Night Owls for Ann.
    await world.openGame("stapelen", clubTables, bob, [ann]);
    await world.openGame("stapelen", owlTables, ann, [bob]);
    const status = (await world.slash(ann, clubTables, "game", {}, "status")).message!;
    expect(status.ephemeral).toBe(true);
    const [heading, first, second, ...rest] = status.text.split("\n");
    expect(heading).toBe("Your open games, your turn first:");
    expect(first).toMatch(
      /^• \*\*Stacking\*\* · Night Owls — \*\*your move\*\* · last active: <t:\d+:R> · \[table\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+\)$/,
    );
    expect(second).toMatch(/^• \*\*Stacking\*\* — Bob to move · last active: <t:\d+:R> · \[table\]/);
    expect(rest).toEqual([]);
  });

  it("/game history shows a game once it ended, with how it ended and when", async () => {
    const question = (await world.slash(bob, clubTables, "game", {}, "end")).message!;
    await world.click(bob, question, button(question, "endGame").customId!);
    const history = (await world.slash(ann, owlTables, "game", {}, "history")).message!;
    expect(history.text.split("\n")).toEqual([
      "Your ended games, newest first:",
      expect.stringMatching(/^• \*\*Stacking\*\* · Card Club — ended early by Bob · <t:\d+:f> · game \d+$/),
    ]);
  });
});

describe("a thread per game", () => {
  it("/play opens a thread named after the game and its host, and the game is played there", async () => {
    await world.slash(ann, clubTables, "settings", { enabled: true }, "threads");
    const lounge = world.channel("lounge");
    const reply = (await world.slash(ann, lounge, "play", {}, "stapelen")).message!;
    const [thread] = world.emulator.threads(lounge);
    expect(thread?.name).toBe("Stacking — Ann");
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain(`<#${thread!.id}>`);
    const room: EmulatorChannel = { id: thread!.id, name: thread!.name!, guildId: world.guild.id };
    expect(world.emulator.channelMessages(lounge)).toEqual([]);

    const lobby = await world.emulator.waitForChannelMessage(room);
    await world.click(bob, lobby, lobbyButton(lobby, "join"));
    await world.click(ann, world.latest(lobby), lobbyButton(lobby, "start"));
    await world.settledTable(room, "stapelen");
    const state = world.game(room.id).state as unknown as StapelenState;
    const move = stapelen.legalMoves(state, ann.id)[0]!;
    const panel = await world.openPanel(ann, room, "stapelen");
    const chosen = await world.select(ann, panel, button(panel, "col").customId!, [String(move.column)]);
    await world.click(
      ann,
      chosen,
      button(chosen, "place", [String(move.column), String(move.foundation)]).customId!,
    );
    expect(world.game(room.id).moves).toBe(1);
    await world.settledTable(room, "stapelen");
    expect(world.tables(room, "stapelen").length).toBeGreaterThan(1);
  });

  it("when Discord refuses the thread, the game opens in the channel and the host is told why", async () => {
    const hall = world.channel("hall");
    world.emulator.failNext("POST", new RegExp(`^/channels/${hall.id}/threads$`), {
      status: 403,
      code: 50013,
      message: "Missing Permissions",
    });
    const reply = (await world.slash(ann, hall, "play", {}, "stapelen")).message!;
    expect(reply.text).toContain("Discord refused me a thread");
    expect(reply.text).toContain(`<#${hall.id}>`);
    const lobby = await world.emulator.waitForChannelMessage(hall);
    expect(lobbyButton(lobby, "join")).toMatch(/^l:/);
    expect(world.emulator.threads(hall)).toEqual([]);
  });
});
