import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BotProcess,
  DiscordEmulator,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type MessageView,
  type WorldChange,
} from "@cardtable/discord-emulator";
import {
  forgetOld,
  INTERACTION_LIFETIME_MS,
  KEPT_ATTACHMENTS_PER_CHANNEL,
  KEPT_EPHEMERALS_PER_MEMBER,
  KEPT_RECORDS,
  readSavedWorld,
} from "@cardtable/discord-emulator/persist";
import { type StoredInteraction, type StoredMessage, World } from "@cardtable/discord-emulator/store";
import { type APIMessage, ChannelType, InteractionResponseType } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ECHO_BOT = ["test/e2e/fixtures/echo-bot.mjs"];

/** A REST call as the bot makes it. */
async function rest<T>(emulator: DiscordEmulator, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${emulator.apiBase}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${emulator.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** What must survive a restart of a message (attachment URLs move to the new address). */
function lasting(message: MessageView) {
  return {
    id: message.id,
    content: message.text,
    components: message.components,
    embeds: message.embeds,
    ephemeral: message.ephemeral,
    audienceUserId: message.audienceUserId,
    editCount: message.editCount,
    attachments: message.attachments.map(({ url: _url, ...rest }) => rest),
  };
}

describe("an emulator with a statePath keeps its world across restarts", () => {
  let dir: string;
  let statePath: string;
  let first: DiscordEmulator;
  let second: DiscordEmulator | undefined;
  let bot: BotProcess;
  let guild: EmulatorGuild;
  let channel: EmulatorChannel;
  let alice: EmulatorUser;
  let bob: EmulatorUser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "emulator-state-"));
    statePath = join(dir, "discord.json");
    first = new DiscordEmulator({ statePath, token: "persisted-token" });
    await first.start();
    guild = first.createGuild("Card Club");
    channel = first.createChannel(guild, "tables");
    alice = first.createUser("Alice", { manageGuild: true });
    bob = first.createUser("Bob");
    bot = new BotProcess({ emulator: first, guildId: guild.id, args: ECHO_BOT });
    await bot.start();
    await first.waitForBotReady({ bot });
  });

  afterAll(async () => {
    await bot?.kill("SIGKILL");
    await first?.stop();
    await second?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("onChange reports channel messages created and edited, DMs as dm, and threads as world; the file follows", async () => {
    let changes: WorldChange[] = [];
    const unsubscribe = first.onChange((change) => changes.push(change));
    // Reported once the answer is sent, which may be just after the client has it.
    const reported = async (): Promise<WorldChange[]> => {
      const seen = await first.waitFor(() => changes.length > 0 && changes);
      changes = [];
      return seen;
    };
    const posted = await rest<APIMessage>(first, "POST", `/channels/${channel.id}/messages`, {
      content: "table 1 is open",
    });
    expect(await reported()).toEqual([{ kind: "message", channelId: channel.id }]);
    await rest(first, "PATCH", `/channels/${channel.id}/messages/${posted.id}`, {
      content: "table 1 is full",
    });
    expect(await reported()).toEqual([{ kind: "message", channelId: channel.id }]);

    const dm = await rest<{ id: string }>(first, "POST", "/users/@me/channels", { recipient_id: bob.id });
    await reported();
    await rest(first, "POST", `/channels/${dm.id}/messages`, { content: "your turn" });
    expect(await reported()).toEqual([{ kind: "message", channelId: "dm" }]);
    await rest(first, "POST", `/channels/${channel.id}/threads`, {
      name: "table 1",
      type: ChannelType.PublicThread,
    });
    expect(await reported()).toEqual([{ kind: "world" }]);
    unsubscribe();

    // Saved soon after the change, without waiting for stop().
    await first.waitFor(() =>
      readSavedWorld(statePath)?.messages.some(
        (saved) => saved.message.id === posted.id && saved.message.content === "table 1 is full",
      ),
    );

    // A deleted message is not kept in the file.
    const gone = await rest<APIMessage>(first, "POST", `/channels/${channel.id}/messages`, {
      content: "oops",
    });
    await first.waitFor(() =>
      readSavedWorld(statePath)?.messages.some((saved) => saved.message.id === gone.id),
    );
    await fetch(`${first.apiBase}/v10/channels/${channel.id}/messages/${gone.id}`, {
      method: "DELETE",
      headers: { authorization: `Bot ${first.token}` },
    });
    await first.waitFor(
      () => !readSavedWorld(statePath)?.messages.some((saved) => saved.message.id === gone.id),
    );
  });

  it("a new emulator on the same file has the same ids, messages, panels, attachments, commands and application", async () => {
    const ping = await first.waitForResponse(await first.slash(alice, channel, "ping"));
    expect(ping.message!.attachments[0]!.data.length).toBeGreaterThan(0);
    await first.waitForResponse(await first.slash(alice, channel, "post", { text: "opens table 2" }));
    await first.waitForChannelMessage(channel, (message) => message.attachments.length > 0);
    const before = {
      applicationId: first.applicationId,
      botUser: first.botUser,
      guilds: first.guilds(),
      channels: first.channels(guild),
      threads: first.threads(channel),
      members: first.members(guild),
      commands: first.commands(),
      messages: first.channelMessages(channel).map(lasting),
      panels: first.ephemeralsFor(alice).map(lasting),
      dms: first.dmMessages(bob).map(lasting),
    };
    await bot.kill("SIGKILL");
    await first.stop();
    // As if the clock went back an hour: new ids must still come after the saved ones.
    const saved = readSavedWorld(statePath)!;
    const lastId = BigInt(saved.lastId) + (3_600_000n << 22n);
    writeFileSync(statePath, JSON.stringify({ ...saved, lastId: lastId.toString() }));

    second = new DiscordEmulator({ statePath });
    await second.start();
    expect(second.token).toBe("persisted-token");
    expect({
      applicationId: second.applicationId,
      botUser: second.botUser,
      guilds: second.guilds(),
      channels: second.channels(guild),
      threads: second.threads(channel),
      members: second.members(guild),
      commands: second.commands(),
      messages: second.channelMessages(channel).map(lasting),
      panels: second.ephemeralsFor(alice).map(lasting),
      dms: second.dmMessages(bob).map(lasting),
    }).toEqual(before);
    expect(before.members.find((member) => member.id === alice.id)?.manageGuild).toBe(true);
    expect(before.panels.length).toBeGreaterThan(0);

    const panel = second.message(ping.message!.id)!;
    const picture = second.attachment(panel.id, "pong.png")!;
    expect(picture.contentType).toBe("image/png");
    expect(picture.bytes.equals(ping.message!.attachments[0]!.data)).toBe(true);
    // Attachment URLs point at the new address.
    const downloaded = Buffer.from(await (await fetch(panel.attachments[0]!.url)).arrayBuffer());
    expect(downloaded.equals(picture.bytes)).toBe(true);

    const created = BigInt(second.createChannel(guild, "lounge").id);
    expect(created).toBeGreaterThan(lastId);
  });

  it("a button on a restored ephemeral panel works once the bot is back", async () => {
    const emulator = second!;
    const after = Date.now();
    bot = new BotProcess({ emulator, guildId: guild.id, args: ECHO_BOT });
    await bot.start();
    await emulator.waitForBotReady({ after, bot });
    const [panel] = emulator.ephemeralsFor(alice);
    const response = await emulator.waitForResponse(await emulator.click(alice, panel!, "again"));
    expect(response.callbackType).toBe(InteractionResponseType.UpdateMessage);
    expect(response.message).toMatchObject({ id: panel!.id, content: `pong again for <@${alice.id}>` });
    emulator.assertClean();
  });
});

describe("a long-lived world forgets what its file leaves out", () => {
  const MINUTE = 60_000;
  /** A snowflake made at `at` (ms since 1970), as Discord's ids carry their time. */
  const idAt = (at: number, n: number) => (((BigInt(at) - 1420070400000n) << 22n) | BigInt(n)).toString();

  it("drops expired interactions, old private replies beyond each member's newest, old bytes and old records — never what a live interaction may still touch", () => {
    const world = new World("Bot");
    const now = Date.now();
    const message = (n: number, at: number, options: Partial<StoredMessage> = {}): StoredMessage => {
      const stored = {
        message: { id: idAt(at, n), channel_id: "c1" } as APIMessage,
        ephemeral: false,
        audienceUserId: null,
        interactionId: null,
        files: new Map([[`a${n}`, Buffer.from("png")]]),
        notifiedUserIds: [],
        deleted: false,
        editCount: 0,
        createdAt: at,
        editedAt: null,
        ...options,
      };
      world.messages.set(stored.message.id, stored);
      return stored;
    };
    const old = now - 60 * MINUTE;
    const deleted = message(1, old, { deleted: true });
    const panels = Array.from({ length: KEPT_EPHEMERALS_PER_MEMBER + 5 }, (_, i) =>
      message(10 + i, old + i, {
        ephemeral: true,
        audienceUserId: "alice",
        message: { id: idAt(old + i, 10 + i), channel_id: "dm" } as APIMessage,
      }),
    );
    const tables = Array.from({ length: KEPT_ATTACHMENTS_PER_CHANNEL + 2 }, (_, i) =>
      message(100 + i, old + 100 + i),
    );
    const freshDeleted = message(2, now - MINUTE, { deleted: true });
    const interaction = (at: number, n: number) => {
      const stored = { handle: { id: idAt(at, n) } } as StoredInteraction;
      world.interactions.set(stored.handle.id, stored);
      world.interactionsByToken.set(`token${n}`, stored);
      return stored;
    };
    interaction(now - INTERACTION_LIFETIME_MS - MINUTE, 1);
    const live = interaction(now - MINUTE, 2);
    for (let i = 0; i < KEPT_RECORDS + 10; i++)
      world.requests.push({
        method: "GET",
        path: `/${i}`,
        status: 200,
        durationMs: 1,
        at: now,
        uploadBytes: 0,
        interactionId: null,
      });

    forgetOld(world, now);

    expect(world.messages.has(deleted.message.id)).toBe(false);
    // A deleted message an interaction may still answer about stays until the interaction expires.
    expect(world.messages.has(freshDeleted.message.id)).toBe(true);
    expect(panels.filter((p) => world.messages.has(p.message.id))).toEqual(
      panels.slice(-KEPT_EPHEMERALS_PER_MEMBER),
    );
    expect(tables.every((t) => world.messages.has(t.message.id))).toBe(true);
    expect(tables.filter((t) => t.files.size > 0)).toEqual(tables.slice(-KEPT_ATTACHMENTS_PER_CHANNEL));
    expect([...world.interactions.values()]).toEqual([live]);
    expect(world.interactionsByToken.has("token1")).toBe(false);
    expect(world.requests).toHaveLength(KEPT_RECORDS);
    expect(world.requests.at(-1)?.path).toBe(`/${KEPT_RECORDS + 9}`);
  });
});
