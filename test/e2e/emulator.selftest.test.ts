import {
  BotProcess,
  componentsOf,
  DiscordEmulator,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  partsOf,
} from "@cardtable/discord-emulator";
import {
  ComponentType,
  GatewayOpcodes,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
} from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("emulator + a discord.js bot process (fixtures/echo-bot.mjs)", () => {
  let emulator: DiscordEmulator;
  let bot: BotProcess;
  let guild: EmulatorGuild;
  let channel: EmulatorChannel;
  let alice: EmulatorUser;
  let bob: EmulatorUser;

  beforeAll(async () => {
    // A short heartbeat interval so heartbeats and their ACKs happen during the test.
    emulator = new DiscordEmulator({ heartbeatIntervalMs: 1000, rateLimits: {} });
    await emulator.start();
    guild = emulator.createGuild("Card Club");
    channel = emulator.createChannel(guild, "tables");
    alice = emulator.createUser("Alice", { manageGuild: true });
    bob = emulator.createUser("Bob");
    bot = new BotProcess({ emulator, guildId: guild.id, args: ["test/e2e/fixtures/echo-bot.mjs"] });
    await bot.start();
    await emulator.waitForBotReady({ timeoutMs: 20_000, bot });
    await bot.waitForLine("READY");
  });

  afterAll(async () => {
    await bot?.kill("SIGKILL");
    await emulator?.stop();
  });

  it("the bot logs in through /gateway/bot, IDENTIFY and READY and registers its guild commands", () => {
    expect(emulator.identifyCount).toBe(1);
    expect(emulator.sessions()[0]).toMatchObject({ intents: 1, ready: true, connected: true });
    expect(emulator.commands(guild).map((command) => command.name)).toEqual([
      "ping",
      "menu",
      "post",
      "form",
      "find",
      "ignore",
      "tidy",
      "lockdown",
    ]);
    expect(emulator.commands(null)).toEqual([]);
    expect(emulator.requests.some((request) => request.path === "/gateway/bot")).toBe(true);
  });

  it("an ephemeral reply with a PNG and a button is seen by its user only", async () => {
    const ping = await emulator.slash(alice, channel, "ping");
    const response = await emulator.waitForResponse(ping);
    expect(response.callbackType).toBe(InteractionResponseType.ChannelMessageWithSource);
    const reply = response.message!;
    expect(reply.ephemeral).toBe(true);
    expect(reply.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(reply.text).toBe(`pong for <@${alice.id}>`);
    expect(reply.attachments).toHaveLength(1);
    const [png] = reply.attachments;
    expect(png).toMatchObject({ filename: "pong.png", contentType: "image/png", width: 8, height: 8 });
    expect(png!.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png!.size).toBe(png!.data.length);
    const downloaded = Buffer.from(await (await fetch(png!.url)).arrayBuffer());
    expect(downloaded.equals(png!.data)).toBe(true);
    expect(componentsOf(reply).map((component) => component.customId)).toEqual(["again"]);

    expect(emulator.ephemeralsFor(alice).map((message) => message.id)).toEqual([reply.id]);
    expect(emulator.ephemeralsFor(bob)).toEqual([]);
    expect(emulator.channelMessages(channel)).toEqual([]);
  });

  it("a click on an ephemeral message is answered with an update (type 7) of that message", async () => {
    const [reply] = emulator.ephemeralsFor(alice);
    await expect(emulator.click(bob, reply!, "again")).rejects.toThrow(/cannot see/);
    const click = await emulator.click(alice, reply!, "again");
    expect(click.payload.message?.flags).toBe(MessageFlags.Ephemeral);
    const response = await emulator.waitForResponse(click);
    expect(response.callbackType).toBe(InteractionResponseType.UpdateMessage);
    expect(response.message!.id).toBe(reply!.id);
    expect(response.message!.text).toBe(`pong again for <@${alice.id}>`);
    expect(response.message!.components).toEqual([]);
    expect(response.message!.editCount).toBe(1);
    // The attachment survives an update that does not mention attachments.
    expect(response.message!.attachments.map((attachment) => attachment.filename)).toEqual(["pong.png"]);
  });

  it("a select is answered with deferUpdate and an ephemeral follow-up", async () => {
    const menu = await emulator.waitForResponse(await emulator.slash(alice, channel, "menu"));
    const select = componentsOf(menu.message!)[0]!;
    expect(select).toMatchObject({ type: ComponentType.StringSelect, customId: "suit", placeholder: "Suit" });
    // The bot asked for the callback response (with_response=true) and logs the message id from it.
    await bot.waitForLine(`menu message ${menu.message!.id}`);
    await expect(emulator.select(alice, menu.message!, "suit", ["jokers"])).rejects.toThrow(/no option/);
    const pick = await emulator.select(alice, menu.message!, "suit", ["hearts"]);
    const response = await emulator.waitForResponse(pick);
    expect(response.callbackType).toBe(InteractionResponseType.DeferredMessageUpdate);
    expect(response.followUps).toHaveLength(1);
    expect(response.followUps[0]).toMatchObject({
      content: "You picked hearts",
      ephemeral: true,
      audienceUserId: alice.id,
    });
    expect(emulator.ephemeralsFor(bob)).toEqual([]);
  });

  it("a deferred reply, a public message with an attachment, and an edit stripping its button", async () => {
    const post = await emulator.slash(alice, channel, "post", { text: "opens table 1" });
    const response = await emulator.waitForResponse(post);
    expect(response.callbackType).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(response.message).toMatchObject({
      content: "Posted.",
      ephemeral: true,
      loading: false,
      notified: [],
    });
    await bot.waitForLine(`post reply ${response.message!.id}: Posted.`);

    const [table] = emulator.channelMessages(channel);
    expect(table).toMatchObject({
      content: `<@${alice.id}> opens table 1`,
      mentions: [alice.id],
      notified: [alice.id],
      ephemeral: false,
    });
    expect(table!.attachments[0]!.filename).toBe("table.png");
    expect(table!.attachments[0]!.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    const join = await emulator.click(bob, table!, "join");
    const joined = await emulator.waitForResponse(join);
    expect(joined.message).toMatchObject({
      content: `<@${bob.id}> joined`,
      ephemeral: true,
      audienceUserId: bob.id,
    });
    const stripped = await emulator.waitFor(() => {
      const current = emulator.message(table!.id)!;
      return current.components.length === 0 ? current : null;
    });
    expect(stripped.attachments).toHaveLength(1);
    await expect(emulator.click(alice, table!, "join")).rejects.toThrow(/no component "join"/);

    expect(emulator.ephemeralsFor(bob).map((message) => message.text)).toEqual([`<@${bob.id}> joined`]);
    expect(emulator.ephemeralsFor(alice).some((message) => message.text.includes("joined"))).toBe(false);
  });

  it("modals and autocomplete", async () => {
    const form = await emulator.waitForResponse(await emulator.slash(bob, channel, "form"));
    expect(form.callbackType).toBe(InteractionResponseType.Modal);
    expect(form.modal?.custom_id).toBe("feedback");
    await expect(emulator.submitModal(alice, channel, "feedback", { comment: "x" })).rejects.toThrow(
      /no modal/,
    );
    const submit = await emulator.submitModal(bob, channel, "feedback", { comment: "nice deck" });
    expect(submit.type).toBe(InteractionType.ModalSubmit);
    expect((await emulator.waitForResponse(submit)).message?.text).toBe("Thanks: nice deck");

    const typed = await emulator.autocomplete(alice, channel, "find", { name: "suit", value: "h" });
    const choices = await emulator.waitForResponse(typed);
    expect(choices.choices).toEqual([{ name: "hearts", value: "hearts" }]);
  });

  it("honours default_member_permissions as Discord does: unlisted and never delivered to a member without them", async () => {
    const owner = emulator.members(guild).find((member) => member.owner)!;
    const listed = (user: { id: string }) =>
      emulator.commandsFor(user, channel).map((command) => command.name);
    const everyone = ["ping", "menu", "post", "form", "find", "ignore"];
    expect(listed(bob)).toEqual(everyone);
    expect(listed(alice)).toEqual([...everyone, "tidy"]);
    // "0": administrators (the owner) only.
    expect(listed(owner)).toEqual([...everyone, "tidy", "lockdown"]);

    const delivered = emulator.dispatches("INTERACTION_CREATE").length;
    await expect(emulator.slash(bob, channel, "tidy")).rejects.toThrow(
      /bob lacks the permissions \/tidy requires/,
    );
    await expect(emulator.autocomplete(bob, channel, "lockdown", { name: "x", value: "" })).rejects.toThrow(
      /lacks the permissions \/lockdown requires/,
    );
    expect(emulator.dispatches("INTERACTION_CREATE")).toHaveLength(delivered);
    const tidied = await emulator.slash(alice, channel, "tidy");
    expect((await emulator.waitForResponse(tidied)).message?.text).toBe("Tidied.");

    // A server's admins may let one member use it (Server Settings → Integrations), or keep one from it.
    emulator.setCommandPermission(guild, "tidy", bob, true);
    emulator.setCommandPermission(guild, "tidy", alice, false);
    expect(listed(bob)).toContain("tidy");
    expect(listed(alice)).not.toContain("tidy");
    const allowed = await emulator.slash(bob, channel, "tidy");
    expect((await emulator.waitForResponse(allowed)).message?.text).toBe("Tidied.");
    await expect(emulator.slash(alice, channel, "tidy")).rejects.toThrow(/lacks the permissions/);
  });

  it("refuses a second callback for one interaction with 40060", async () => {
    const ping = await emulator.slash(bob, channel, "ping");
    await emulator.waitForResponse(ping);
    const again = await fetch(`${emulator.apiBase}/v10/interactions/${ping.id}/${ping.token}/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: 4, data: { content: "twice" } }),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      message: "Interaction has already been acknowledged.",
      code: 40060,
    });
    expect(emulator.violations.map((violation) => violation.kind)).toEqual(["double-ack"]);
  });

  it("records an ack latency for every answered interaction", () => {
    const latencies = emulator.ackLatencies;
    expect(latencies.length).toBeGreaterThanOrEqual(8);
    for (const latency of latencies) expect(latency.ms).toBeGreaterThanOrEqual(0);
  });

  it("after kill -9 and a restart the bot identifies again and keeps working", async () => {
    const before = emulator.identifyCount;
    const killedAt = Date.now();
    expect(await bot.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    await bot.start();
    await emulator.waitForBotReady({ after: killedAt, timeoutMs: 20_000, bot });
    expect(emulator.identifyCount).toBe(before + 1);
    const ping = await emulator.slash(bob, channel, "ping");
    expect((await emulator.waitForResponse(ping)).message?.text).toBe(`pong for <@${bob.id}>`);
    expect(emulator.sessions().filter((session) => session.connected)).toHaveLength(1);
  });

  it("saw heartbeats, no unknown routes, no violations, no discord.js errors", async () => {
    // Interval 1 s: the first heartbeat comes after a random share of it, then every second.
    await emulator.waitFor(() => emulator.sessions().some((session) => session.heartbeats > 0), 10_000);
    expect(emulator.unknownRoutes).toEqual([]);
    // The only violation is the deliberate second callback above.
    expect(emulator.violations.map((violation) => violation.kind)).toEqual(["double-ack"]);
    bot.assertNoErrors();
  });

  it("discord.js kept to Discord's limits, which are on by default: no 429 in the whole run", () => {
    const limits = emulator.rateLimits;
    expect(limits.global.requests).toBeGreaterThan(0);
    expect(limits.routes["POST /channels/{id}/messages"]?.requests).toBeGreaterThan(0);
    expect(limits.limited).toBe(0);
  });
});

/** A bare gateway client, to check protocol details discord.js never exercises on its own. */
class RawGateway {
  readonly received: { op: number; t?: string | null; s?: number | null; d?: unknown }[] = [];
  readonly socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on("message", (data) => this.received.push(JSON.parse(data.toString())));
  }

  send(payload: unknown): void {
    this.socket.send(JSON.stringify(payload));
  }

  async next(predicate: (payload: RawGateway["received"][number]) => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error("gateway payload not received");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Closes with `code` (default 4000: the session stays resumable; 1000 or 1001 end it). */
  async close(code = 4000): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise((resolve) => {
      this.socket.once("close", resolve);
      this.socket.close(code);
    });
  }

  /** Opens a connection and identifies as shard `shard` ([id, count]); resolves with READY's data. */
  static async identify(url: string, shard?: [number, number]) {
    const client = new RawGateway(`${url}?v=10&encoding=json`);
    await client.next((payload) => payload.op === GatewayOpcodes.Hello);
    client.send({
      op: 2,
      d: {
        token: "raw-token",
        intents: 1,
        properties: { os: "linux", browser: "raw", device: "raw" },
        ...(shard ? { shard } : {}),
      },
    });
    const answer = await client.next(
      (payload) => payload.t === "READY" || payload.op === GatewayOpcodes.InvalidSession,
    );
    return { client, answer };
  }
}

describe("emulator protocol details (raw client)", () => {
  let emulator: DiscordEmulator;
  let guild: EmulatorGuild;
  let channel: EmulatorChannel;
  let carol: EmulatorUser;
  const auth = { authorization: "Bot raw-token", "content-type": "application/json" };

  beforeAll(async () => {
    // Payload checks send more than Discord's 5 messages per 5 s to one channel at once, and these
    // tests identify one after another; the limits and max_concurrency have their own tests below.
    emulator = new DiscordEmulator({ ackDeadlineMs: 150, rateLimits: false, identifyWindowMs: 0 });
    await emulator.start();
    guild = emulator.createGuild("Raw");
    channel = emulator.createChannel(guild, "general");
    carol = emulator.createUser("Carol");
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  it("HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeat ACK, RESUME → replay + RESUMED", async () => {
    const gateway = (await (
      await fetch(`${emulator.apiBase}/v10/gateway/bot`, { headers: auth })
    ).json()) as {
      url: string;
      shards: number;
    };
    expect(gateway).toMatchObject({ url: emulator.gatewayUrl, shards: 1 });
    const first = new RawGateway(`${gateway.url}?v=10&encoding=json`);
    expect((await first.next((payload) => payload.op === GatewayOpcodes.Hello)).d).toEqual({
      heartbeat_interval: 41_250,
    });
    first.send({
      op: 2,
      d: { token: "raw-token", intents: 1, properties: { os: "linux", browser: "raw", device: "raw" } },
    });
    const ready = (await first.next((payload) => payload.t === "READY")).d as Record<string, unknown>;
    expect(ready).toMatchObject({
      v: 10,
      resume_gateway_url: emulator.gatewayUrl,
      guilds: [{ id: guild.id, unavailable: true }],
    });
    const created = (await first.next((payload) => payload.t === "GUILD_CREATE")).d as Record<
      string,
      unknown
    >;
    expect(created).toMatchObject({ id: guild.id, name: "Raw" });
    expect((created.channels as { id: string }[]).map((entry) => entry.id)).toEqual([channel.id]);
    first.send({ op: 1, d: 2 });
    await first.next((payload) => payload.op === GatewayOpcodes.HeartbeatAck);

    const put = await fetch(
      `${emulator.apiBase}/v10/applications/${emulator.applicationId}/guilds/${guild.id}/commands`,
      {
        method: "PUT",
        headers: auth,
        body: JSON.stringify([{ name: "hi", description: "Say hi" }]),
      },
    );
    expect(put.status).toBe(200);
    await emulator.waitForBotReady();

    // A dropped connection (any close but 1000/1001) leaves the session resumable: what happens
    // meanwhile waits in it, and a RESUME replays it.
    await first.close(4000);
    await emulator.waitFor(() => emulator.sessions()[0]!.connected === false);
    expect(emulator.sessions()[0]!.resumable).toBe(true);
    const missed = await emulator.slash(carol, channel, "hi");

    const second = new RawGateway(`${emulator.gatewayUrl}?v=10&encoding=json`);
    await second.next((payload) => payload.op === GatewayOpcodes.Hello);
    second.send({ op: 6, d: { token: "raw-token", session_id: ready.session_id, seq: 1 } });
    const replayed = await second.next((payload) => payload.t === "GUILD_CREATE");
    expect(replayed.s).toBe(2);
    const kept = await second.next((payload) => payload.t === "INTERACTION_CREATE");
    expect((kept.d as { id: string }).id).toBe(missed.id);
    await second.next((payload) => payload.t === "RESUMED");
    expect(emulator.resumeCount).toBe(1);

    // Closed with 1000, the session is over: nothing goes to it, and it cannot be resumed.
    await second.close(1000);
    await emulator.waitFor(() => emulator.sessions()[0]!.connected === false);
    expect(emulator.sessions()[0]!.resumable).toBe(false);
    await expect(emulator.slash(carol, channel, "hi")).rejects.toThrow(/No bot is connected/);
    const third = new RawGateway(`${emulator.gatewayUrl}?v=10&encoding=json`);
    await third.next((payload) => payload.op === GatewayOpcodes.Hello);
    third.send({ op: 6, d: { token: "raw-token", session_id: ready.session_id, seq: 1 } });
    expect((await third.next((payload) => payload.op === GatewayOpcodes.InvalidSession)).d).toBe(false);
    await third.close();
  });

  it("two sessions of one shard: the newer takes the interactions, the older gets them again once the newer ends", async () => {
    const older = await RawGateway.identify(emulator.gatewayUrl);
    const newer = await RawGateway.identify(emulator.gatewayUrl);
    const first = await emulator.slash(carol, channel, "hi");
    const deliveredTo = (id: string) =>
      emulator.dispatches("INTERACTION_CREATE").filter((record) => record.interactionId === id);
    expect(deliveredTo(first.id).map((record) => record.sessionId)).toEqual([
      (newer.answer.d as { session_id: string }).session_id,
    ]);
    // Guild events reach every session of the shard.
    expect(older.client.received.some((payload) => payload.t === "GUILD_CREATE")).toBe(true);
    await newer.client.close(1000);
    await emulator.waitFor(
      () =>
        !emulator
          .sessions()
          .some((s) => s.sessionId === (newer.answer.d as { session_id: string }).session_id && s.connected),
    );
    const second = await emulator.slash(carol, channel, "hi");
    expect(deliveredTo(second.id).map((record) => record.sessionId)).toEqual([
      (older.answer.d as { session_id: string }).session_id,
    ]);
    await older.client.close(1000);
  });

  it("answers a late first callback with 10062 and records the violation", async () => {
    const client = new RawGateway(`${emulator.gatewayUrl}?v=10&encoding=json`);
    await client.next((payload) => payload.op === GatewayOpcodes.Hello);
    client.send({
      op: 2,
      d: { token: "raw-token", intents: 1, properties: { os: "linux", browser: "raw", device: "raw" } },
    });
    await client.next((payload) => payload.t === "READY");
    const slash = await emulator.slash(carol, channel, "hi");
    const dispatched = (await client.next((payload) => payload.t === "INTERACTION_CREATE")).d as Record<
      string,
      unknown
    >;
    expect(dispatched).toMatchObject({
      id: slash.id,
      type: InteractionType.ApplicationCommand,
      guild_id: guild.id,
      channel_id: channel.id,
      version: 1,
      context: 0,
      entitlements: [],
      data: { name: "hi", type: 1 },
      member: { user: { id: carol.id } },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = await fetch(`${emulator.apiBase}/v10/interactions/${slash.id}/${slash.token}/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: 4, data: { content: "too late" } }),
    });
    expect(late.status).toBe(404);
    expect(await late.json()).toEqual({ message: "Unknown interaction", code: 10062 });
    expect(emulator.violations.map((violation) => violation.kind)).toEqual(["late-ack"]);
    expect(emulator.responsesTo(slash).acked).toBe(false);
    await client.close();
  });

  it("rejects invalid payloads like Discord and records unknown routes", async () => {
    emulator.clearRecords();
    const post = (body: unknown) =>
      fetch(`${emulator.apiBase}/v10/channels/${channel.id}/messages`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify(body),
      });
    const tooLong = await post({ content: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      message: "Invalid Form Body",
      code: 50035,
      errors: {
        content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
      },
    });
    expect(await (await post({})).json()).toEqual({ message: "Cannot send an empty message", code: 50006 });
    const button = (id: string) => ({ type: 2, style: 1, label: "Go", custom_id: id });
    const sixButtons = { type: 1, components: ["a", "b", "c", "d", "e", "f"].map(button) };
    expect((await post({ content: "x", components: [sixButtons] })).status).toBe(400);
    const longId = { type: 1, components: [button("x".repeat(101))] };
    expect((await post({ content: "x", components: [longId] })).status).toBe(400);
    const options = Array.from({ length: 26 }, (_, index) => ({ label: `o${index}`, value: `o${index}` }));
    const bigSelect = { type: 1, components: [{ type: 3, custom_id: "s", options }] };
    expect((await post({ content: "x", components: [bigSelect] })).status).toBe(400);
    expect((await post({ content: "x", flags: 64 })).status).toBe(200);
    expect(emulator.violations.map((violation) => violation.kind)).toEqual(Array(6).fill("payload"));

    const unknown = await fetch(`${emulator.apiBase}/v10/guilds/${guild.id}/bans`, { headers: auth });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "404: Not Found", code: 0 });
    expect(emulator.unknownRoutes).toMatchObject([{ method: "GET", path: `/guilds/${guild.id}/bans` }]);
    expect((await fetch(`${emulator.apiBase}/v10/users/@me`)).status).toBe(401);
  });

  it("threads, DMs and members", async () => {
    const thread = await fetch(`${emulator.apiBase}/v10/channels/${channel.id}/threads`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "Game 1", type: 11, auto_archive_duration: 1440 }),
    });
    expect(thread.status).toBe(201);
    const created = (await thread.json()) as { id: string; parent_id: string; type: number };
    expect(created).toMatchObject({ parent_id: channel.id, type: 11 });
    expect(emulator.threads(channel).map((entry) => entry.id)).toEqual([created.id]);
    // A bot that connects now finds the active thread in GUILD_CREATE.
    const late = new RawGateway(`${emulator.gatewayUrl}?v=10&encoding=json`);
    await late.next((payload) => payload.op === GatewayOpcodes.Hello);
    late.send({
      op: 2,
      d: { token: "raw-token", intents: 1, properties: { os: "linux", browser: "raw", device: "raw" } },
    });
    const guildCreate = (await late.next((payload) => payload.t === "GUILD_CREATE")).d as {
      threads: { id: string }[];
    };
    expect(guildCreate.threads.map((entry) => entry.id)).toEqual([created.id]);
    await late.close();

    const dm = await fetch(`${emulator.apiBase}/v10/users/@me/channels`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ recipient_id: carol.id }),
    });
    const dmChannel = (await dm.json()) as { id: string; type: number };
    expect(dmChannel.type).toBe(1);
    await fetch(`${emulator.apiBase}/v10/channels/${dmChannel.id}/messages`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ content: "your turn" }),
    });
    expect(emulator.dmMessages(carol).map((message) => message.text)).toEqual(["your turn"]);

    const member = await fetch(`${emulator.apiBase}/v10/guilds/${guild.id}/members/${carol.id}`, {
      headers: auth,
    });
    expect(((await member.json()) as { user: { id: string } }).user.id).toBe(carol.id);
  });

  it("a channel's messages are its own, oldest first, on the REST route and in the test API", async () => {
    const other = emulator.createChannel(guild, "other");
    const post = (target: EmulatorChannel, content: string) =>
      fetch(`${emulator.apiBase}/v10/channels/${target.id}/messages`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ content }),
      });
    for (const n of [1, 2, 3]) {
      await post(other, `other ${n}`);
      await post(channel, `here ${n}`);
    }
    const read = await fetch(`${emulator.apiBase}/v10/channels/${other.id}/messages?limit=2`, {
      headers: auth,
    });
    // Discord lists newest first.
    expect(((await read.json()) as { content: string }[]).map((message) => message.content)).toEqual([
      "other 3",
      "other 2",
    ]);
    expect(emulator.channelMessages(other).map((message) => message.text)).toEqual([
      "other 1",
      "other 2",
      "other 3",
    ]);
    expect(
      emulator
        .channelMessages(channel)
        .map((message) => message.text)
        .filter((content) => content.startsWith("here")),
    ).toEqual(["here 1", "here 2", "here 3"]);
  });

  it("Components V2: status, picture and hint in order, through a channel post and an interaction reply, edited down to one line", async () => {
    emulator.clearRecords();
    const client = new RawGateway(`${emulator.gatewayUrl}?v=10&encoding=json`);
    await client.next((payload) => payload.op === GatewayOpcodes.Hello);
    client.send({
      op: 2,
      d: { token: "raw-token", intents: 1, properties: { os: "linux", browser: "raw", device: "raw" } },
    });
    await client.next((payload) => payload.t === "READY");
    const V2 = MessageFlags.IsComponentsV2;
    const text = (content: string) => ({ type: ComponentType.TextDisplay, content });
    const panel = (flags: number) => ({
      flags,
      attachments: [{ id: 0, filename: "table.png" }],
      components: [
        {
          type: ComponentType.Container,
          accent_color: 0x336699,
          components: [
            text("**Alice** to play"),
            {
              type: ComponentType.MediaGallery,
              items: [{ media: { url: "attachment://table.png" }, description: "The table: 3 cards." }],
            },
            text("💡 Hint: play 7."),
            { type: 1, components: [{ type: 2, style: 1, label: "Play", custom_id: "play" }] },
          ],
        },
      ],
    });
    // A PNG's signature and IHDR: all the emulator reads of it.
    const png = Buffer.alloc(24);
    PNG_SIGNATURE.copy(png);
    png.write("IHDR", 12, "ascii");
    png.writeUInt32BE(40, 16);
    png.writeUInt32BE(30, 20);
    const form = (payload: unknown, files: string[]) => {
      const body = new FormData();
      body.append("payload_json", JSON.stringify(payload));
      files.forEach((name, index) => {
        body.append(`files[${index}]`, new Blob([png], { type: "image/png" }), name);
      });
      return body;
    };
    const bot = { authorization: auth.authorization };
    const messages = `${emulator.apiBase}/v10/channels/${channel.id}/messages`;

    const posted = await fetch(messages, {
      method: "POST",
      headers: bot,
      body: form(panel(V2), ["table.png"]),
    });
    expect(posted.status).toBe(200);
    const answer = (await posted.json()) as {
      id: string;
      attachments: { id: string }[];
      components: unknown;
    };
    // Discord resolves attachment:// to the attachment and numbers the components.
    expect(answer.components).toMatchObject([
      {
        id: 1,
        components: [
          { id: 2 },
          { id: 3, items: [{ media: { attachment_id: answer.attachments[0]!.id, width: 40, height: 30 } }] },
          { id: 4 },
          { id: 5 },
        ],
      },
    ]);
    const view = emulator.message(answer.id)!;
    expect([view.content, view.text, view.componentsV2]).toEqual([
      "",
      "**Alice** to play\n💡 Hint: play 7.",
      true,
    ]);
    expect(view.attachments).toMatchObject([
      { filename: "table.png", description: "The table: 3 cards.", shown: true },
    ]);
    const parts = partsOf(view);
    expect(parts.map((part) => part.kind)).toEqual(["text", "picture", "text", "controls"]);
    expect(parts[1]).toEqual({ kind: "picture", filename: "table.png", alt: "The table: 3 cards." });

    const edit = (body: unknown) =>
      fetch(`${messages}/${answer.id}`, { method: "PATCH", headers: auth, body: JSON.stringify(body) });
    expect((await edit({ flags: 0, components: [text("x")] })).status).toBe(400);
    expect((await edit({ components: [text("Alice played 7 · Bob to play")], attachments: [] })).status).toBe(
      200,
    );
    const shrunk = emulator.message(answer.id)!;
    expect([shrunk.flags & V2, shrunk.text, shrunk.attachments]).toEqual([
      V2,
      "Alice played 7 · Bob to play",
      [],
    ]);

    const slash = await emulator.slash(carol, channel, "hi");
    const callback = await fetch(`${emulator.apiBase}/v10/interactions/${slash.id}/${slash.token}/callback`, {
      method: "POST",
      body: form({ type: 4, data: panel(V2 | MessageFlags.Ephemeral) }, ["table.png"]),
    });
    expect(callback.status).toBe(204);
    expect(emulator.responsesTo(slash).message!.text).toBe("**Alice** to play\n💡 Hint: play 7.");
    const original = await fetch(
      `${emulator.apiBase}/v10/webhooks/${emulator.applicationId}/${slash.token}/messages/@original`,
      {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ components: [text("Played.")] }),
      },
    );
    expect(original.status).toBe(200);
    // The picture stays an attachment of the message, but no component shows it any more.
    expect(emulator.responsesTo(slash).message!.attachments).toMatchObject([{ shown: false }]);
    expect(emulator.violations.map((violation) => violation.message)).toEqual([
      "flags[MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG]: The IS_COMPONENTS_V2 flag cannot be removed from a message.",
      "components[0].type[COMPONENT_TYPE_REQUIRES_COMPONENTS_V2]: Component type 10 needs the IS_COMPONENTS_V2 flag.",
      expect.stringMatching(/^attachments: table\.png is not shown/),
    ]);
    await client.close();
  });

  it("answerProgress follows a deferred reply as responsesTo does: acked, filled in, followed up", async () => {
    const { client } = await RawGateway.identify(emulator.gatewayUrl);
    const slash = await emulator.slash(carol, channel, "hi");
    expect(emulator.answerProgress(slash)).toEqual({
      acked: false,
      callbackType: null,
      followUps: 0,
      message: null,
    });
    const json = { "content-type": "application/json" };
    const callback = await fetch(`${emulator.apiBase}/v10/interactions/${slash.id}/${slash.token}/callback`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ type: InteractionResponseType.DeferredChannelMessageWithSource }),
    });
    expect(callback.status).toBe(204);
    const deferred = emulator.answerProgress(slash);
    expect(deferred).toMatchObject({
      acked: true,
      callbackType: InteractionResponseType.DeferredChannelMessageWithSource,
      followUps: 0,
      message: { deleted: false, loading: true, editCount: 0 },
    });
    expect(deferred.message!.id).toBe(emulator.responsesTo(slash).message!.id);
    const webhook = `${emulator.apiBase}/v10/webhooks/${emulator.applicationId}/${slash.token}`;
    const filled = await fetch(`${webhook}/messages/@original`, {
      method: "PATCH",
      headers: json,
      body: JSON.stringify({ content: "hi!" }),
    });
    expect(filled.status).toBe(200);
    expect(emulator.answerProgress(slash).message).toMatchObject({ loading: false, editCount: 1 });
    expect(emulator.responsesTo(slash).message).toMatchObject({ text: "hi!", loading: false, editCount: 1 });
    const more = await fetch(webhook, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ content: "more" }),
    });
    expect(more.status).toBe(204);
    expect(emulator.answerProgress(slash).followUps).toBe(1);
    await client.close();
  });
});

describe("Discord's rate limits (raw client, the limiter on an injected clock)", () => {
  let emulator: DiscordEmulator;
  let guild: EmulatorGuild;
  let channel: EmulatorChannel;
  let carol: EmulatorUser;
  let gateway: RawGateway;
  let now = Date.parse("2030-01-01T00:00:00Z");
  const auth = { authorization: "Bot raw-token", "content-type": "application/json" };
  const api = (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${emulator.apiBase}/v10${path}`, {
      method: init.method ?? "GET",
      headers: init.headers ?? auth,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const post = (where: EmulatorChannel, content: string) =>
    api(`/channels/${where.id}/messages`, { method: "POST", body: { content } });
  /** Discord's X-RateLimit-* and Retry-After headers of an answer. */
  const limitHeaders = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(([name]) => name.startsWith("x-ratelimit-") || name === "retry-after"),
    );

  beforeAll(async () => {
    emulator = new DiscordEmulator({ rateLimits: { now: () => now } });
    await emulator.start();
    guild = emulator.createGuild("Limits");
    channel = emulator.createChannel(guild, "busy");
    carol = emulator.createUser("Carol");
    gateway = new RawGateway(`${emulator.gatewayUrl}?v=10&encoding=json`);
    await gateway.next((payload) => payload.op === GatewayOpcodes.Hello);
    gateway.send({
      op: 2,
      d: { token: "raw-token", intents: 1, properties: { os: "linux", browser: "raw", device: "raw" } },
    });
    await gateway.next((payload) => payload.t === "READY");
    await emulator.registerCommands([{ name: "hi", description: "Say hi" }], guild);
  });

  afterAll(async () => {
    await gateway?.close();
    await emulator?.stop();
  });

  it("the 51st counted request within a second gets a global 429; interaction routes go on", async () => {
    now += 60_000;
    const hi = await emulator.slash(carol, channel, "hi");
    const before = emulator.rateLimits;
    for (let i = 0; i < 50; i++) expect((await api("/users/@me")).status).toBe(200);
    now += 250;
    const refused = await api("/users/@me");
    expect(refused.status).toBe(429);
    expect(limitHeaders(refused)).toEqual({
      "retry-after": "1",
      "x-ratelimit-global": "true",
      "x-ratelimit-scope": "global",
    });
    expect(await refused.json()).toEqual({
      message: "You are being rate limited.",
      retry_after: 0.75,
      global: true,
    });
    expect((await post(channel, "over budget")).status).toBe(429);

    // An interaction's callback and everything on its token are not bound to the global limit.
    const callback = await api(`/interactions/${hi.id}/${hi.token}/callback`, {
      method: "POST",
      body: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: "hi" } },
    });
    expect(callback.status).toBe(204);
    const webhook = `/webhooks/${emulator.applicationId}/${hi.token}`;
    const followUp = await api(`${webhook}?wait=true`, { method: "POST", body: { content: "and hello" } });
    expect(followUp.status).toBe(200);
    const followUpId = ((await followUp.json()) as { id: string }).id;
    expect(
      (await api(`${webhook}/messages/@original`, { method: "PATCH", body: { content: "hi!" } })).status,
    ).toBe(200);
    expect(
      (await api(`${webhook}/messages/${followUpId}`, { method: "PATCH", body: { content: "hello!" } }))
        .status,
    ).toBe(200);
    expect(emulator.responsesTo(hi).followUps.map((message) => message.text)).toEqual(["hello!"]);

    const after = emulator.rateLimits;
    expect(after.global.requests - before.global.requests).toBe(52);
    expect(after.global.limited - before.global.limited).toBe(2);
    expect(after.routes["GET /users/@me"]?.limited).toBe(1);
    expect(after.routes["POST /interactions/{interaction_id}/{interaction_token}/callback"]).toEqual({
      requests: 1,
      limited: 0,
    });

    now += 750;
    expect((await api("/users/@me")).status).toBe(200);
  });

  it("a channel's message bucket counts down in its headers, refuses the 6th in 5 s, and resets", async () => {
    now += 60_000;
    const limitedBefore = emulator.rateLimits.routes["POST /channels/{id}/messages"]?.limited ?? 0;
    const other = emulator.createChannel(guild, "quiet");
    const answers: Record<string, string>[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = await post(channel, `message ${i}`);
      expect(sent.status).toBe(200);
      answers.push(limitHeaders(sent));
      now += 100;
    }
    const bucket = answers[0]!["x-ratelimit-bucket"];
    expect(bucket).toMatch(/^[0-9a-f]{32}$/);
    const reset = ((now - 500 + 5000) / 1000).toFixed(3);
    expect(answers).toEqual(
      [4, 3, 2, 1, 0].map((remaining, i) => ({
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": String(remaining),
        "x-ratelimit-reset": reset,
        "x-ratelimit-reset-after": (5 - i * 0.1).toFixed(3),
        "x-ratelimit-bucket": bucket,
      })),
    );

    const refused = await post(channel, "one too many");
    expect(refused.status).toBe(429);
    expect(limitHeaders(refused)).toEqual({
      "retry-after": "5",
      "x-ratelimit-limit": "5",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": reset,
      "x-ratelimit-reset-after": "4.500",
      "x-ratelimit-bucket": bucket,
      "x-ratelimit-scope": "user",
    });
    expect(await refused.json()).toEqual({
      message: "You are being rate limited.",
      retry_after: 4.5,
      global: false,
    });
    expect(emulator.channelMessages(channel).map((message) => message.text)).not.toContain("one too many");

    // Counted per channel: another channel has its own bucket of the same kind.
    const elsewhere = await post(other, "hello");
    expect(limitHeaders(elsewhere)).toMatchObject({
      "x-ratelimit-remaining": "4",
      "x-ratelimit-bucket": bucket,
    });

    now += 4500;
    const again = await post(channel, "after the reset");
    expect(again.status).toBe(200);
    expect(limitHeaders(again)).toMatchObject({
      "x-ratelimit-remaining": "4",
      "x-ratelimit-reset-after": "5.000",
    });
    expect(emulator.rateLimits.routes["POST /channels/{id}/messages"]?.limited).toBe(limitedBefore + 1);
  });

  it("an interaction token's webhook bucket allows 5 requests per 2 s", async () => {
    now += 60_000;
    const hi = await emulator.slash(carol, channel, "hi");
    await api(`/interactions/${hi.id}/${hi.token}/callback`, {
      method: "POST",
      body: { type: InteractionResponseType.DeferredChannelMessageWithSource },
    });
    const webhook = `/webhooks/${emulator.applicationId}/${hi.token}`;
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = await api(webhook, { method: "POST", body: { content: `follow-up ${i}` } });
      remaining.push(sent.headers.get("x-ratelimit-remaining") ?? "none");
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const refused = await api(`${webhook}/messages/@original`, {
      method: "PATCH",
      body: { content: "done" },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-scope")).toBe("user");
    expect(((await refused.json()) as { global: boolean }).global).toBe(false);
    now += 2000;
    expect(
      (await api(`${webhook}/messages/@original`, { method: "PATCH", body: { content: "done" } })).status,
    ).toBe(200);
  });

  it("counts invalid requests (401, 403, 429) over the last 10 minutes", async () => {
    now += 60_000;
    const start = emulator.rateLimits.invalidRequests;
    const closed = emulator.createChannel(guild, "closed", { botCanSend: false });
    expect((await api("/users/@me", { headers: {} })).status).toBe(401);
    expect((await post(closed, "let me in")).status).toBe(403);
    for (let i = 0; i < 5; i++) await post(closed, "let me in");
    expect((await post(closed, "let me in")).status).toBe(429);
    expect(emulator.rateLimits.invalidRequests).toBe(start + 8);
    now += 10 * 60_000;
    expect(emulator.rateLimits.invalidRequests).toBe(0);
  });
});

describe("max_concurrency (raw client)", () => {
  it("GET /gateway/bot reports it; shards of different buckets identify at once, a second IDENTIFY in a bucket within 5 s gets op 9", async () => {
    const emulator = new DiscordEmulator({ maxConcurrency: 2, recommendedShards: 4 });
    await emulator.start();
    try {
      const gateway = (await (
        await fetch(`${emulator.apiBase}/v10/gateway/bot`, { headers: { authorization: "Bot raw-token" } })
      ).json()) as { session_start_limit: { max_concurrency: number } };
      expect(gateway.session_start_limit.max_concurrency).toBe(2);
      // Buckets: shard % 2. Shards 0 and 1 together; shard 2 shares shard 0's bucket.
      const [zero, one] = await Promise.all([
        RawGateway.identify(emulator.gatewayUrl, [0, 4]),
        RawGateway.identify(emulator.gatewayUrl, [1, 4]),
      ]);
      expect([zero.answer.t, one.answer.t]).toEqual(["READY", "READY"]);
      const two = await RawGateway.identify(emulator.gatewayUrl, [2, 4]);
      expect(two.answer).toMatchObject({ op: GatewayOpcodes.InvalidSession, d: false });
      expect(emulator.identifyRefusals).toBe(1);
      expect(
        emulator
          .sessions()
          .map((s) => s.shard[0])
          .sort(),
      ).toEqual([0, 1]);
      for (const client of [zero.client, one.client, two.client]) await client.close(1000);
    } finally {
      await emulator.stop();
    }
  });
});

describe("keptFilesPerChannel (raw client)", () => {
  it("only each channel's newest messages with files keep their bytes; older ones keep the metadata, and GET of their files is 404", async () => {
    const emulator = new DiscordEmulator({ keptFilesPerChannel: 2 });
    await emulator.start();
    try {
      const guild = emulator.createGuild("Files");
      const [here, there] = [emulator.createChannel(guild, "here"), emulator.createChannel(guild, "there")];
      const bot = { authorization: "Bot raw-token" };
      const upload = async (url: string, method: string, name: string) => {
        const body = new FormData();
        body.append("payload_json", JSON.stringify({ content: name }));
        body.append("files[0]", new Blob([Buffer.from(name)], { type: "text/plain" }), `${name}.txt`);
        const answer = await fetch(url, { method, headers: bot, body });
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { id: string }).id;
      };
      const post = (channel: EmulatorChannel, name: string) =>
        upload(`${emulator.apiBase}/v10/channels/${channel.id}/messages`, "POST", name);
      const [one, two, three] = [await post(here, "one"), await post(here, "two"), await post(here, "three")];
      const elsewhere = await post(there, "elsewhere");
      // An edit that uploads a file makes its message the newest holder of bytes: "three" goes next.
      await upload(`${emulator.apiBase}/v10/channels/${here.id}/messages/${two}`, "PATCH", "two-b");
      // Read before its bytes go: a view read again afterwards must not show them.
      expect(emulator.message(three)!.attachments[0]!.data.toString()).toBe("three");
      const four = await post(here, "four");
      const kept = (id: string, filename: string) => emulator.attachment(id, filename)?.bytes.toString();
      expect([
        kept(one, "one.txt"),
        kept(two, "two.txt"),
        kept(two, "two-b.txt"),
        kept(three, "three.txt"),
        kept(four, "four.txt"),
        kept(elsewhere, "elsewhere.txt"),
      ]).toEqual([undefined, "two", "two-b", undefined, "four", "elsewhere"]);
      const dropped = emulator.message(one)!.attachments[0]!;
      expect([dropped.filename, dropped.size, dropped.data.length]).toEqual(["one.txt", 3, 0]);
      expect(emulator.message(three)!.attachments[0]!.data.length).toBe(0);
      expect((await fetch(dropped.url)).status).toBe(404);
      expect((await fetch(emulator.message(four)!.attachments[0]!.url)).status).toBe(200);
    } finally {
      await emulator.stop();
    }
  });
});

describe("checkEvery (raw client)", () => {
  it("checks the body of one message request in n: the others are taken as sent, their files still checked", async () => {
    const emulator = new DiscordEmulator({ checkEvery: 2, rateLimits: false });
    await emulator.start();
    try {
      const guild = emulator.createGuild("Sampled");
      const channel = emulator.createChannel(guild, "general");
      const { client } = await RawGateway.identify(emulator.gatewayUrl);
      const send = (content: string) =>
        fetch(`${emulator.apiBase}/v10/channels/${channel.id}/messages`, {
          method: "POST",
          headers: { authorization: "Bot raw-token", "content-type": "application/json" },
          body: JSON.stringify({ content }),
        });
      const tooLong = "x".repeat(2001);
      expect((await send(tooLong)).status).toBe(400);
      expect((await send(tooLong)).status).toBe(200);
      expect((await send(tooLong)).status).toBe(400);
      expect(emulator.violations.filter((v) => v.kind === "payload")).toHaveLength(2);
      await client.close();
    } finally {
      await emulator.stop();
    }
  });

  it("refuses a count that is not a whole number of requests", () => {
    expect(() => new DiscordEmulator({ checkEvery: 0 })).toThrow(/checkEvery/);
  });
});

describe("interactionRecords (raw client)", () => {
  it("lean: an answered interaction keeps neither its payload nor its callback's body, and its token still serves the bot", async () => {
    const emulator = new DiscordEmulator({ interactionRecords: "lean", rateLimits: false });
    await emulator.start();
    try {
      const guild = emulator.createGuild("Lean");
      const channel = emulator.createChannel(guild, "general");
      const carol = emulator.createUser("Carol");
      const json = { authorization: "Bot raw-token", "content-type": "application/json" };
      const { client } = await RawGateway.identify(emulator.gatewayUrl);
      const commands = `${emulator.apiBase}/v10/applications/${emulator.applicationId}/guilds/${guild.id}/commands`;
      const put = await fetch(commands, {
        method: "PUT",
        headers: json,
        body: JSON.stringify([{ name: "hi", description: "Say hi" }]),
      });
      expect(put.status).toBe(200);
      const slash = await emulator.slash(carol, channel, "hi");
      expect(emulator.responsesTo(slash).interaction.payload).toHaveProperty("data");
      const callback = await fetch(
        `${emulator.apiBase}/v10/interactions/${slash.id}/${slash.token}/callback`,
        {
          method: "POST",
          headers: json,
          body: JSON.stringify({
            type: InteractionResponseType.ChannelMessageWithSource,
            data: { content: "hi" },
          }),
        },
      );
      expect(callback.status).toBe(204);
      const answered = emulator.responsesTo(slash);
      expect(answered.interaction.payload).not.toHaveProperty("data");
      expect(answered.interaction.payload).toMatchObject({ id: slash.id, token: slash.token });
      expect(answered.callbacks).toEqual([
        { type: InteractionResponseType.ChannelMessageWithSource, atMs: expect.any(Number), data: null },
      ]);
      expect(answered.message!.text).toBe("hi");

      const webhook = `${emulator.apiBase}/v10/webhooks/${emulator.applicationId}/${slash.token}`;
      const edited = await fetch(`${webhook}/messages/@original`, {
        method: "PATCH",
        headers: json,
        body: JSON.stringify({ content: "hi again" }),
      });
      expect(edited.status).toBe(200);
      const more = await fetch(webhook, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ content: "more" }),
      });
      expect(more.status).toBe(204);
      expect(emulator.responsesTo(slash)).toMatchObject({
        message: { text: "hi again" },
        followUps: [{ text: "more" }],
      });
      expect(emulator.violations).toEqual([]);
      await client.close();
    } finally {
      await emulator.stop();
    }
  });
});
