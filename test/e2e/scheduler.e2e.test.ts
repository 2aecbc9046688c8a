import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EmulatorChannel, EmulatorUser, MessageView } from "@cardtable/discord-emulator";
import { WAIT_LIMIT_MS } from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TheGameState } from "../../src/games/thegame/engine/types.js";
import type { GuildSettings, UserPrefs } from "../../src/store/settings.js";
import { button, playableCard, World } from "./support/world.js";

/**
 * The scheduler through the real bot process, on an injected clock: the test moves the bot's time
 * forward (TEST_CLOCK_FILE) instead of waiting hours. The bot checks what is due every 200 ms.
 */
const HOUR = 3600 * 1000;
const world = new World();
const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "clock-")), "offset");
let offset = 0;
let alice: EmulatorUser;
let bob: EmulatorUser;
let cleo: EmulatorUser;
let dan: EmulatorUser;
const env = { TEST_CLOCK_FILE: clockFile, REMINDER_CHECK_SECONDS: "0.2" };

beforeAll(async () => {
  fs.writeFileSync(clockFile, "0");
  await world.start({ seed: 11, env });
  alice = world.user("Alice", { manageGuild: true });
  bob = world.user("Bob");
  cleo = world.emulator.createUser("Cleo", { dmsClosed: true, guilds: [world.guild] });
  dan = world.emulator.createUser("Dan", { dmsClosed: true, guilds: [world.guild] });
});

afterAll(() => world.close());

/**
 * The bot's clock moves forward by `ms`, as if that much time had passed. Written aside and renamed
 * into place: the bot, reading at any moment, sees the old shift or the new one, never a file half written.
 */
function advance(ms: number): void {
  offset += ms;
  fs.writeFileSync(`${clockFile}.next`, String(offset));
  fs.renameSync(`${clockFile}.next`, clockFile);
}

function botNow(): number {
  return Date.now() + offset;
}

/** Quiet hours (in Tokyo) from the bot's now for `hours` hours. */
function quietFromNow(hours: number): { from: number; to: number } {
  const tokyo = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Tokyo",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(botNow()));
  const minutes =
    Number(tokyo.find((p) => p.type === "hour")!.value) * 60 +
    Number(tokyo.find((p) => p.type === "minute")!.value);
  return { from: minutes, to: (minutes + hours * 60) % 1440 };
}

/** Writes straight to the bot's database, as `/settings` and `/notify` store them. */
function write(run: (db: Database.Database) => void): void {
  const db = new Database(world.bot.databasePath, { fileMustExist: true });
  try {
    run(db);
  } finally {
    db.close();
  }
}

function settings(s: Partial<GuildSettings>): void {
  write((db) =>
    db
      .prepare(
        "INSERT INTO settings (guild_id, data) VALUES (?, ?) ON CONFLICT DO UPDATE SET data = excluded.data",
      )
      .run(world.guild.id, JSON.stringify(s)),
  );
}

function prefs(user: EmulatorUser, p: Partial<UserPrefs>): void {
  write((db) =>
    db
      .prepare(
        "INSERT INTO user_prefs (user_id, data) VALUES (?, ?) ON CONFLICT DO UPDATE SET data = excluded.data",
      )
      .run(user.id, JSON.stringify(p)),
  );
}

function usersOf(...users: EmulatorUser[]): (id: string) => EmulatorUser {
  return (id) => users.find((u) => u.id === id) as EmulatorUser;
}

/** The Stacking player whose turn it is. */
function active(channel: EmulatorChannel, who: (id: string) => EmulatorUser): EmulatorUser {
  const state = world.game(channel.id).state as { players: string[]; activeSeat: number };
  return who(state.players[state.activeSeat] as string);
}

function since(channel: EmulatorChannel, after: MessageView, start: string): MessageView[] {
  return world.emulator
    .channelMessages(channel)
    .filter((m) => BigInt(m.id) > BigInt(after.id) && m.text.startsWith(start));
}

/** Waits for the first message since `after` that starts with `start`. */
function firstSent(
  channel: EmulatorChannel,
  after: MessageView,
  start: string,
  what: string,
): Promise<MessageView> {
  return world.emulator.waitFor(() => since(channel, after, start)[0] ?? null, 10_000, what);
}

/** Returns once the scheduler finished a whole pass at the bot's current time (see World.schedulerPass). */
const schedulerPass = () => world.schedulerPass({ at: botNow() });

/** Turn notices (DMs) a person has received. */
function turnDms(user: EmulatorUser): MessageView[] {
  return world.emulator.dmMessages(user).filter((m) => m.text.startsWith("🎴"));
}

describe("play over days: the scheduler on an injected clock, through the real bot process", () => {
  it("a reminder fires once per game version, mentioning the player to act, with a timestamp and the table's link", async () => {
    settings({ reminderHours: 2 });
    const channel = world.channel("reminders");
    const table = await world.openGame("stapelen", channel, alice, [bob]);
    const next = active(channel, usersOf(alice, bob));
    advance(HOUR);
    await schedulerPass();
    expect(since(channel, table, "⏰")).toEqual([]);
    advance(HOUR + 60_000);
    const reminder = await firstSent(channel, table, "⏰", "a reminder");
    expect(reminder.notified).toEqual([next.id]);
    expect(reminder.text).toMatch(/turn began: <t:\d+:R>/);
    // A masked link: the long address stays out of the text.
    expect(reminder.text).toMatch(
      new RegExp(`\\[table\\]\\(https://discord\\.com/channels/\\d+/${channel.id}/${table.id}\\)`),
    );
    advance(5 * HOUR);
    await schedulerPass();
    expect(since(channel, table, "⏰")).toHaveLength(1);
  });

  it("a player who asked for DMs gets the turn notice and the reminder by DM, not in the channel", async () => {
    settings({ reminderHours: 1 });
    prefs(alice, { dm: true });
    prefs(bob, { dm: true });
    const channel = world.channel("dm-notices");
    const dmsBefore = world.emulator.dmMessages(alice).length + world.emulator.dmMessages(bob).length;
    const table = await world.openGame("stapelen", channel, alice, [bob]);
    const next = active(channel, usersOf(alice, bob));
    const notice = await world.emulator.waitFor(
      () => world.emulator.dmMessages(next).find((m) => m.text.includes("It is your turn")) ?? null,
      WAIT_LIMIT_MS,
      "the turn notice by DM",
    );
    expect(notice.text).toContain(`/${world.guild.id}/${channel.id}`);
    advance(HOUR + 60_000);
    await world.emulator.waitFor(
      () => world.emulator.dmMessages(next).find((m) => m.text.startsWith("⏰")) ?? null,
      WAIT_LIMIT_MS,
      "the reminder by DM",
    );
    await schedulerPass();
    expect(since(channel, table, "⏰")).toEqual([]);
    // One notice and one reminder, to the player to act only.
    expect(world.emulator.dmMessages(alice).length + world.emulator.dmMessages(bob).length - dmsBefore).toBe(
      2,
    );
    prefs(alice, {});
    prefs(bob, {});
  });

  it("a turn notice goes out once, when the turn passes to a person: the cards of one's own turn send none", async () => {
    settings({ reminderHours: null });
    const channel = world.channel("one-notice-per-turn");
    await world.slash(alice, channel, "notify", { enabled: true }, "dm");
    await world.openGameWithRobots("thegame", channel, alice, 2);
    const aliceToPlay = async (): Promise<TheGameState> => {
      const game = await world.untilPeopleAct(channel, "thegame");
      expect(game.status).toBe("active");
      let s = game.state as unknown as TheGameState;
      if (s.phase === "claim") {
        const table = await world.settledTable(channel, "thegame");
        await world.click(alice, table, button(table, "claim").customId!);
        s = (await world.untilPeopleAct(channel, "thegame")).state as unknown as TheGameState;
      }
      expect(s.players[s.activeSeat]).toBe(alice.id);
      return s;
    };
    await aliceToPlay();
    await schedulerPass();
    const notices = turnDms(alice).length;
    expect(notices).toBeGreaterThanOrEqual(1);
    let panel = await world.openPanel(alice, channel, "thegame");
    for (let card = 0; card < 4 && playableCard(panel); card++)
      panel = await world.playTheGameCard(alice, panel);
    expect((world.game(channel.id).state as unknown as TheGameState).playedThisTurn).toBeGreaterThanOrEqual(
      2,
    );
    await schedulerPass();
    expect(turnDms(alice)).toHaveLength(notices);
    // Her turn ends, the robots play theirs, and the turn passes to her again: one new notice.
    await world.click(alice, panel, button(panel, "end").customId!);
    await aliceToPlay();
    await world.emulator.waitFor(
      () => (turnDms(alice).length > notices ? true : null),
      WAIT_LIMIT_MS,
      "the turn notice when the turn comes back to Alice",
    );
    await schedulerPass();
    expect(turnDms(alice)).toHaveLength(notices + 1);
    await world.slash(alice, channel, "notify", { enabled: false }, "dm");
  });

  it("DMs that Discord refuses (closed DMs) fall back to the channel mention", async () => {
    settings({ reminderHours: 1 });
    prefs(cleo, { dm: true });
    prefs(dan, { dm: true });
    const channel = world.channel("closed-dms");
    const table = await world.openGame("stapelen", channel, cleo, [dan]);
    const next = active(channel, usersOf(cleo, dan));
    advance(HOUR + 60_000);
    const reminder = await firstSent(channel, table, "⏰", "the channel reminder instead of a DM");
    expect(reminder.notified).toEqual([next.id]);
    expect(world.emulator.dmMessages(next)).toEqual([]);
    const stored = world.db(
      (db) => db.prepare("SELECT data FROM user_prefs WHERE user_id = ?").get(next.id) as { data: string },
    );
    const refused = JSON.parse(stored.data) as UserPrefs;
    expect(refused.dmRefusedAt).not.toBeNull();
    // Told once, privately, on their next answered interaction: the click that started the game
    // when the refusal came first, else the next one.
    if (refused.dmRefusedUntold) await world.slash(next, channel, "notify", {}, "show");
    const told = await world.emulator.waitFor(
      () => {
        const notes = world.emulator
          .ephemeralsFor(next)
          .filter((m) => m.text.includes("could not send you a DM"));
        return notes.length > 0 ? notes : null;
      },
      WAIT_LIMIT_MS,
      "the private note that the turn DM was refused",
    );
    expect(told).toHaveLength(1);
  });

  it("nothing is sent inside the player's quiet hours, in their time zone; it is delivered when they end", async () => {
    settings({ reminderHours: 1 });
    const quiet = quietFromNow(3);
    prefs(alice, { timeZone: "Asia/Tokyo", quietHours: quiet });
    prefs(bob, { timeZone: "Asia/Tokyo", quietHours: quiet });
    const channel = world.channel("quiet-hours");
    const table = await world.openGame("stapelen", channel, alice, [bob]);
    const next = active(channel, usersOf(alice, bob));
    advance(HOUR + 60_000);
    await schedulerPass();
    expect(since(channel, table, "⏰")).toEqual([]);
    advance(2 * HOUR);
    const reminder = await firstSent(channel, table, "⏰", "the held-back reminder after the quiet hours");
    expect(reminder.notified).toEqual([next.id]);
    prefs(alice, {});
    prefs(bob, {});
  });

  it("/notify quiet-off releases at once what quiet hours held: the turn notice and the due reminder, as one DM", async () => {
    settings({ reminderHours: 1 });
    const quiet = quietFromNow(3);
    prefs(alice, { dm: true, timeZone: "Asia/Tokyo", quietHours: quiet });
    prefs(bob, { dm: true, timeZone: "Asia/Tokyo", quietHours: quiet });
    const channel = world.channel("quiet-off");
    const dmsBefore = world.emulator.dmMessages(alice).length + world.emulator.dmMessages(bob).length;
    const table = await world.openGame("stapelen", channel, alice, [bob]);
    const next = active(channel, usersOf(alice, bob));
    const before = world.emulator.dmMessages(next).length;
    advance(HOUR + 60_000);
    await schedulerPass();
    // Both held: the turn notice since the start, the reminder since it fell due.
    expect(world.emulator.dmMessages(next)).toHaveLength(before);
    expect(since(channel, table, "⏰")).toEqual([]);
    await world.slash(next, channel, "notify", {}, "quiet-off");
    const released = await world.emulator.waitFor(
      () => world.emulator.dmMessages(next).slice(before)[0] ?? null,
      WAIT_LIMIT_MS,
      "what the quiet hours held, at once",
    );
    expect(released.text).toContain("It is your turn");
    await schedulerPass();
    expect(world.emulator.dmMessages(next)).toHaveLength(before + 1);
    expect(since(channel, table, "⏰")).toEqual([]);
    expect(world.emulator.dmMessages(alice).length + world.emulator.dmMessages(bob).length - dmsBefore).toBe(
      1,
    );
    prefs(alice, {});
    prefs(bob, {});
  });

  it("turn timer, a robot plays that turn; away-until pauses it, and the table shows the deadline", async () => {
    settings({ reminderHours: null, turnTimerHours: 4, timeoutAction: "botTurn" });
    const channel = world.channel("timer-robot-turn");
    const table = await world.openGame("stapelen", channel, alice, [bob]);
    expect(table.text).toMatch(/turn timer ends: <t:\d+:R>/);
    const first = active(channel, usersOf(alice, bob));
    prefs(first, { awayUntil: botNow() + 6 * HOUR });
    const version = world.game(channel.id).version;
    advance(5 * HOUR);
    await schedulerPass();
    expect(world.game(channel.id).version).toBe(version);
    // Back after 6 hours, the timer runs in full again: 4 more hours.
    advance(2 * HOUR);
    await schedulerPass();
    expect(world.game(channel.id).version).toBe(version);
    advance(4 * HOUR);
    await world.emulator.waitFor(
      () => (active(channel, usersOf(alice, bob)).id !== first.id ? true : null),
      WAIT_LIMIT_MS,
      "a robot to play the turn of the player whose time ran out",
    );
    expect(since(channel, table, "⌛")[0]?.text).toMatch(/a bot plays this turn for them/);
    const moves = world.db(
      (db) =>
        db
          .prepare("SELECT user_id FROM moves WHERE game_id = ? ORDER BY seq")
          .all(world.game(channel.id).id) as {
          user_id: string;
        }[],
    );
    expect(moves.at(-1)?.user_id).toBe(first.id);
    prefs(first, {});
  });

  it("/notify back: a turn timer held for someone away runs in full from their return, not from the old date", async () => {
    settings({ reminderHours: null, turnTimerHours: 4, timeoutAction: "botTurn" });
    const channel = world.channel("timer-back-early");
    await world.openGame("stapelen", channel, alice, [bob]);
    const first = active(channel, usersOf(alice, bob));
    await world.slash(first, channel, "notify", { until: "3d" }, "away");
    advance(5 * HOUR);
    await schedulerPass();
    const version = world.game(channel.id).version;
    await world.slash(first, channel, "notify", {}, "back");
    advance(3 * HOUR);
    await schedulerPass();
    expect(world.game(channel.id).version).toBe(version);
    advance(HOUR + 60_000);
    await world.emulator.waitFor(
      () => (active(channel, usersOf(alice, bob)).id !== first.id ? true : null),
      WAIT_LIMIT_MS,
      "the timer to run out four hours after the player came back",
    );
  });

  it("/settings turning the timer off: a timer already running no longer acts", async () => {
    settings({ reminderHours: null, turnTimerHours: 4, timeoutAction: "end" });
    const channel = world.channel("timer-turned-off");
    await world.openGame("stapelen", channel, alice, [bob]);
    await world.slash(alice, channel, "settings", { hours: 0 }, "timer");
    advance(5 * HOUR);
    await schedulerPass();
    expect(world.game(channel.id).status).toBe("active");
    expect(world.emulator.channelMessages(channel).filter((m) => m.text.startsWith("⌛"))).toEqual([]);
  });

  it("turn timer, remind only: the player is told their time is up and the game waits for them", async () => {
    settings({ reminderHours: null, turnTimerHours: 4, timeoutAction: "remind" });
    const channel = world.channel("timer-remind");
    const table = await world.openGame("stapelen", channel, alice, [bob]);
    const first = active(channel, usersOf(alice, bob));
    const version = world.game(channel.id).version;
    advance(4 * HOUR + 60_000);
    const timeUp = await firstSent(channel, table, "⌛", "the time-is-up mention");
    expect(timeUp.notified).toEqual([first.id]);
    expect(timeUp.text).toMatch(/turn time in \*\*Stacking\*\* is up/);
    await schedulerPass();
    expect(world.game(channel.id).version).toBe(version);
    expect(since(channel, table, "⌛")).toHaveLength(1);
  });

  it("turn timer, a robot takes the seat: the game goes on with a stand-in", async () => {
    settings({ reminderHours: null, turnTimerHours: 4, timeoutAction: "botSeat" });
    const channel = world.channel("timer-robot-seat");
    await world.openGame("stapelen", channel, alice, [bob]);
    const first = active(channel, usersOf(alice, bob));
    advance(4 * HOUR + 60_000);
    const seat = await world.emulator.waitFor(
      () =>
        world.db(
          (db) =>
            db
              .prepare(
                "SELECT kind, stands_in_for FROM game_players WHERE game_id = ? AND user_id = ? AND kind = 'bot'",
              )
              .get(world.game(channel.id).id, first.id) as
              | { kind: string; stands_in_for: string }
              | undefined,
        ) ?? null,
      WAIT_LIMIT_MS,
      "a robot to take the seat",
    );
    expect(seat.stands_in_for?.toLowerCase()).toBe(first.username.toLowerCase());
    expect(world.game(channel.id).status).toBe("active");
  });

  it("turn timer, the game ends; a restart with the timer pending fires it once, not twice and not never", async () => {
    settings({ reminderHours: null, turnTimerHours: 4, timeoutAction: "end" });
    const channel = world.channel("timer-end");
    await world.openGame("stapelen", channel, alice, [bob]);
    advance(2 * HOUR);
    await world.restart(env);
    advance(2 * HOUR + 60_000);
    await world.emulator.waitFor(
      () => (world.game(channel.id).status === "abandoned" ? true : null),
      WAIT_LIMIT_MS,
      "the game to end when the turn time ran out",
    );
    await schedulerPass();
    const ends = world.emulator.channelMessages(channel).filter((m) => m.text.startsWith("⌛"));
    expect(ends).toHaveLength(1);
    expect(ends[0]!.text).toMatch(/the game ends/);
    const endReason = world.db(
      (db) =>
        db.prepare("SELECT end_reason FROM games WHERE id = ?").get(world.game(channel.id).id) as {
          end_reason: string;
        },
    );
    expect(JSON.parse(endReason.end_reason)).toMatchObject({ kind: "timedOut" });
  });
});
