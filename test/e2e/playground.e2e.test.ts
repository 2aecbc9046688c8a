import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Playground, startPlayground } from "@cardtable/discord-emulator/playground";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface WorldAnswer {
  guilds: { id: string; name: string; channels: { id: string; name: string; kind: string }[] }[];
  members: { id: string; name: string; manageGuild: boolean; locale: string | null }[];
}

interface Message {
  id: string;
  content: string;
  text: string;
  ephemeral: boolean;
  components: { components?: { custom_id?: string }[] }[];
  attachments: {
    filename: string;
    url: string;
    contentType: string | null;
    description: string | null;
    width: number | null;
    height: number | null;
  }[];
}

const dataDir = mkdtempSync(join(tmpdir(), "playground-"));
let playground: Playground;
let world: WorldAnswer;
let general: string;
const member: Record<string, string> = {};

async function start(): Promise<void> {
  playground = await startPlayground({ port: 0, host: "127.0.0.1", dataDir, log: () => {} });
  world = await get<WorldAnswer>("/api/world");
  general = world.guilds[0]!.channels.find((channel) => channel.name === "general")!.id;
  for (const { name, id } of world.members) member[name] = id;
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(playground.url + path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(playground.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function messages(as: string, channel = general): Promise<Message[]> {
  return (await get<{ messages: Message[] }>(`/api/messages?channel=${channel}&as=${as}`)).messages;
}

/** Polls until `find` returns something: the bot answers after the action's acknowledgement. */
async function eventually<T>(find: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function customIds(message: Message): string[] {
  return message.components.flatMap((row) => (row.components ?? []).map((c) => c.custom_id ?? ""));
}

function lobby(list: Message[]): Message | undefined {
  return list.find((message) => customIds(message).some((id) => /^l:.*:join$/.test(id)));
}

function lobbyButton(message: Message, action: string): string {
  return customIds(message).find((id) => id.startsWith("l:") && id.endsWith(`:${action}`))!;
}

beforeAll(start, 60_000);

afterAll(async () => {
  await playground?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the playground's API", () => {
  it("describes the guild, its channels and the five members", () => {
    expect(world.guilds).toHaveLength(1);
    expect(world.guilds[0]!.name).toBe("Card Club");
    expect(world.guilds[0]!.channels.map((channel) => channel.name)).toEqual(["general", "games", "lounge"]);
    expect(world.members.map((m) => [m.name, m.manageGuild, m.locale])).toEqual([
      ["Alice", true, null],
      ["Bob", false, null],
      ["Cleo", false, null],
      ["Dan", false, "nl"],
      ["Eve", false, null],
    ]);
  });

  it("serves the page's script modules as JavaScript, and nothing from outside the page's folder", async () => {
    const script = await fetch(`${playground.url}/messages.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toMatch(/^export function refreshMessages\(/m);
    // A script name beside the page's folder, and one escaping it.
    for (const path of ["/server.js", "/..%2Fserver.js"])
      expect((await fetch(playground.url + path)).status).toBe(404);
  });

  it("lists each member the commands Discord offers them: /settings only to Alice, who has Manage Server", async () => {
    const offered = async (name: string) =>
      (
        await get<{ commands: { name: string }[] }>(`/api/commands?as=${member[name]}&channel=${general}`)
      ).commands.map((command) => command.name);
    expect(await offered("Alice")).toContain("settings");
    for (const name of ["Bob", "Cleo", "Dan", "Eve"]) {
      const commands = await offered(name);
      expect(commands).toContain("play");
      expect(commands).not.toContain("settings");
    }
  });

  it("refuses /settings from Bob as Discord would, without the bot hearing of it", async () => {
    const before = (await messages(member.Bob!)).length;
    const refused = await post("/api/slash", {
      as: member.Bob,
      channel: general,
      command: "settings",
      sub: "show",
      options: {},
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/lacks the permissions \/settings requires/);
    const autocomplete = await post("/api/autocomplete", {
      as: member.Bob,
      channel: general,
      command: "settings",
      sub: "timer",
      options: {},
      focused: "hours",
    });
    expect(autocomplete.status).toBe(400);
    expect(await messages(member.Bob!)).toHaveLength(before);
  });

  it("runs a slash command as a member: /play thegame by Alice opens a lobby everyone sees", async () => {
    const answer = await post("/api/slash", {
      as: member.Alice,
      channel: general,
      command: "play",
      sub: "thegame",
      options: {},
    });
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const seen = await eventually(async () => lobby(await messages(member.Bob!)), "the lobby");
    expect(seen.text).toContain(`<@${member.Alice}>`);
    expect(seen.ephemeral).toBe(false);
  });

  it("clicks a button as a member: Bob joins the lobby", async () => {
    const open = lobby(await messages(member.Bob!))!;
    const answer = await post("/api/click", {
      as: member.Bob,
      message: open.id,
      customId: lobbyButton(open, "join"),
    });
    expect(answer.body).toEqual({ ok: true });
    const seen = await eventually(async () => {
      const now = lobby(await messages(member.Alice!))!;
      return now.text.includes(`<@${member.Bob}>`) ? now : undefined;
    }, "Bob in the lobby");
    expect(seen.id).toBe(open.id);
  });

  it("shows an ephemeral reply only in the list of the member it answers", async () => {
    const open = lobby(await messages(member.Alice!))!;
    await post("/api/click", { as: member.Alice, message: open.id, customId: lobbyButton(open, "join") });
    const reply = await eventually(
      async () => (await messages(member.Alice!)).find((message) => message.ephemeral),
      "Alice's ephemeral reply",
    );
    expect(reply.text).toMatch(/already have a seat/);
    expect((await messages(member.Bob!)).map((message) => message.id)).not.toContain(reply.id);
  });

  it("refuses bad requests with 400 and a reason, and keeps running", async () => {
    const stranger = await post("/api/slash", { as: "123", channel: general, command: "help", options: {} });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ ok: false, error: expect.stringMatching(/Unknown member/) });
    const malformed = await post("/api/click", "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    const missing = await post("/api/click", { as: member.Bob, message: "1", customId: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/Unknown message/);
    expect((await get<WorldAnswer>("/api/world")).members).toHaveLength(5);
  });

  it("sends a change event for the channel when a click changes a message", async () => {
    const abort = new AbortController();
    const response = await fetch(`${playground.url}/api/events`, { signal: abort.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = (await reader.read()).value ?? "";
    const open = lobby(await messages(member.Dan!))!;
    await post("/api/click", { as: member.Dan, message: open.id, customId: lobbyButton(open, "join") });
    const expected = `event: change\ndata: ${JSON.stringify({ channelId: general })}`;
    while (!received.includes(expected)) received += (await reader.read()).value ?? "";
    abort.abort();
    expect(received).toContain(expected);
  });

  it("keeps the game across a restart: the old table's buttons still work", async () => {
    const open = lobby(await messages(member.Alice!))!;
    await post("/api/click", { as: member.Alice, message: open.id, customId: lobbyButton(open, "start") });
    const table = await eventually(
      async () =>
        (await messages(member.Bob!)).find((message) =>
          customIds(message).some((id) => id.endsWith(":panel")),
        ),
      "the first table",
    );
    const picture = await fetch(playground.url + table.attachments[0]!.url);
    expect(picture.headers.get("content-type")).toBe("image/png");
    // The page shows a picture with its alt text, as Discord does.
    expect(table.attachments[0]!.description).toMatch(/^The Game\. /);
    // Its size comes with the message: the page keeps the picture's place before it loads.
    expect(table.attachments[0]!.width).toBeGreaterThan(0);
    expect(table.attachments[0]!.height).toBeGreaterThan(0);

    await playground.stop();
    await start();

    const kept = (await messages(member.Bob!)).find((message) => message.id === table.id);
    expect(kept?.text).toBe(table.text);
    const panel = customIds(table).find((id) => id.endsWith(":panel"))!;
    expect((await post("/api/click", { as: member.Bob, message: table.id, customId: panel })).body).toEqual({
      ok: true,
    });
    const hand = await eventually(
      async () => (await messages(member.Bob!)).find((message) => message.ephemeral),
      "Bob's private panel",
    );
    expect(customIds(hand).length).toBeGreaterThan(0);
    // Bob's panel shows the table's picture by its address; through his panel it is Bob's: asked
    // for as Alice, or without saying who asks, there is none.
    expect(hand.attachments[0]!.filename).toBe(table.attachments[0]!.filename);
    const own = hand.attachments[0]!.url;
    expect((await fetch(playground.url + own)).status).toBe(200);
    const path = own.replace(/\?as=\d+$/, "");
    expect((await fetch(`${playground.url}${path}?as=${member.Alice}`)).status).toBe(404);
    expect((await fetch(playground.url + path)).status).toBe(400);
  });
});
