import { componentsOf, type EmulatorUser, WAIT_LIMIT_MS } from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { button, findComponent, testWorld } from "./support/world.js";

const {
  world,
  users: [admin, member],
  channels: [channel],
} = testWorld({ users: ["Alice", "Bob"], managers: ["Alice"], channels: ["games"] });

/** The ephemeral answer to a slash command, as its user sees it. */
async function answerTo(
  user: EmulatorUser,
  command: string,
  sub: string,
  options: Record<string, string | number | boolean> = {},
): Promise<string> {
  const message = (await world.slash(user, channel, command, options, sub)).message!;
  expect(message.ephemeral).toBe(true);
  expect(message.audienceUserId).toBe(user.id);
  return message.text;
}

describe("/settings", () => {
  it("is not offered to a member without Manage Server: Discord neither lists nor delivers it", async () => {
    expect(world.emulator.commandsFor(member, channel).map((command) => command.name)).not.toContain(
      "settings",
    );
    expect(world.emulator.commandsFor(admin, channel).map((command) => command.name)).toContain("settings");
    await expect(world.emulator.slash(member, channel, "settings", {}, "show")).rejects.toThrow(
      /lacks the permissions \/settings requires/,
    );
  });

  it("is refused to a member without Manage Server whom the server lets use it, and changes nothing", async () => {
    // Server Settings → Integrations can open /settings to anyone; changing settings still needs Manage Server.
    world.emulator.setCommandPermission(world.guild, "settings", member, true);
    const refused = await answerTo(member, "settings", "reminders", { hours: 6 });
    expect(refused).toContain("Only members with the **Manage Server** permission");
    expect(refused).toContain("Nothing was changed.");
    const shown = await answerTo(admin, "settings", "show");
    expect(shown).toContain("Reminders: never");
  });

  it("an admin sets reminders and the turn timer and sees all settings as they now apply", async () => {
    expect(await answerTo(admin, "settings", "reminders", { hours: 24 })).toContain(
      "Reminders: after 24 hours without a move",
    );
    const summary = await answerTo(admin, "settings", "timer", { hours: 48, action: "botTurn" });
    expect(summary).toContain("Saved.");
    expect(summary).toContain("Reminders: after 24 hours without a move");
    expect(summary).toContain("Turn timer: 48 hours per turn; when it runs out, a bot plays that turn");
    expect(summary).toContain("New games: in the channel");
    const refused = await answerTo(admin, "settings", "quiet", { from: "22:00", to: "31:00" });
    expect(refused).toContain('"31:00" is not a time of day');
    expect(await answerTo(admin, "settings", "show")).toContain("Quiet hours: none");
  });

  it("a server that keeps earlier pictures: a replaced table keeps its picture under a line saying so, without buttons", async () => {
    expect(await answerTo(admin, "settings", "pictures", { keep: true })).toContain(
      "Earlier tables: keep their pictures",
    );
    const first = await world.openGame("thegame", channel, admin, [member]);
    // Alice claims the start and plays her turn; Bob, who must act next, gets a new table.
    let panel = await world.openPanel(admin, channel, "thegame");
    panel = await world.click(admin, panel, button(panel, "claim").customId!);
    for (let guard = 0; guard < 12; guard++) {
      const end = findComponent(panel, "end");
      if (end && !end.disabled) {
        await world.click(admin, panel, end.customId!);
        break;
      }
      panel = await world.playTheGameCard(admin, panel);
    }
    await world.emulator.waitFor(
      () => world.tables(channel, "thegame").length > 1 || null,
      WAIT_LIMIT_MS,
      "the table of Bob's turn",
    );
    const current = await world.settledTable(channel, "thegame");
    expect(current.id).not.toBe(first.id);
    const earlier = world.latest(first);
    expect(componentsOf(earlier)).toEqual([]);
    // The picture it last showed, the moment before Bob's turn, shown under the line.
    const shown = world.game(channel.id).version - 1;
    expect(earlier.attachments.map((a) => [a.filename, a.shown])).toEqual([
      [
        expect.stringMatching(new RegExp(`^thegame-${world.game(channel.id).id}-${shown}-[a-z]+\\.png$`)),
        true,
      ],
    ]);
    expect(earlier.text).toContain(
      `an earlier moment of the game; [the current table](https://discord.com/channels/`,
    );
    expect(earlier.text).not.toMatch(/<@!?\d+>|<t:\d+:\w>/);
    await world.slash(admin, channel, "game", {}, "end");
    expect(await answerTo(admin, "settings", "pictures", { keep: false })).toContain(
      "Earlier tables: one line each once a newer table is posted",
    );
  });
});

describe("/notify", () => {
  it("autocomplete offers time zones matching what is typed", async () => {
    const typed = await world.emulator.autocomplete(
      member,
      channel,
      "notify",
      { name: "name", value: "berl" },
      {},
      "timezone",
    );
    const { choices } = await world.emulator.waitForResponse(typed);
    expect(choices).toEqual([{ name: "Europe/Berlin", value: "Europe/Berlin" }]);
  });

  it("keeps each player's own settings and shows them back", async () => {
    expect(await answerTo(member, "notify", "timezone", { name: "europe/berlin" })).toContain(
      "Time zone: Europe/Berlin",
    );
    expect(await answerTo(member, "notify", "away", { until: "someday" })).toContain("Nothing was changed.");
    const away = await answerTo(member, "notify", "away", { until: "3d" });
    expect(away).toMatch(/Away: until <t:\d+:f> \(<t:\d+:R>\)/);
    const shown = await answerTo(member, "notify", "show");
    expect(shown).toContain("Time zone: Europe/Berlin");
    expect(shown).toMatch(/Away: until <t:\d+:f>/);
    expect(await answerTo(admin, "notify", "show")).toContain("Away: no");
  });

  it("after Discord refused a turn DM, the player's next command brings one private note", async () => {
    // The scheduler's mark after a refused DM, as it stores it.
    const db = new Database(world.bot.databasePath, { fileMustExist: true });
    try {
      db.prepare("INSERT INTO user_prefs (user_id, data) VALUES (?, ?)").run(
        admin.id,
        JSON.stringify({ dm: true, dmRefusedUntold: true }),
      );
    } finally {
      db.close();
    }
    const i = await world.emulator.slash(admin, channel, "notify", {}, "show");
    const { followUps } = await world.emulator.waitForResponse(i, { until: (r) => r.followUps.length > 0 });
    expect(followUps).toHaveLength(1);
    expect(followUps[0]).toMatchObject({ ephemeral: true, audienceUserId: admin.id });
    expect(followUps[0]!.text).toContain("I could not send you a DM about your turn");
    const untold = world.db(
      (d) => d.prepare("SELECT data FROM user_prefs WHERE user_id = ?").get(admin.id) as { data: string },
    );
    expect(JSON.parse(untold.data)).toMatchObject({ dm: true, dmRefusedUntold: false });
  });
});
