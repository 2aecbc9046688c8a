import { readFileSync } from "node:fs";
import { checkDmChannel, checkThreadWithoutMessage } from "@cardtable/discord-emulator/validation/channels";
import { checkChoices, checkCommand, checkCommands } from "@cardtable/discord-emulator/validation/commands";
import { checkModal } from "@cardtable/discord-emulator/validation/components";
import {
  distinctIssues,
  errorTree,
  type Issue,
  specIssues,
  underData,
} from "@cardtable/discord-emulator/validation/issues";
import {
  checkMessagePayload,
  type MessageCheckContext,
} from "@cardtable/discord-emulator/validation/messages";
import { describe, expect, it } from "vitest";

/**
 * Bodies Discord accepts and refuses, through the same two layers the emulator runs: Discord's
 * OpenAPI description (vendored in the emulator package's assets/discord-api-spec) and the documented limits
 * it lacks.
 */

type Json = Record<string, unknown>;

const V2 = 1 << 15;
const fresh: MessageCheckContext = {
  fileCount: 0,
  keptAttachments: 0,
  attachmentNames: [],
  isEdit: false,
  ephemeralAllowed: false,
  existingFlags: 0,
};

function send(body: Json, context: Partial<MessageCheckContext> = {}): Issue[] {
  return distinctIssues([
    ...specIssues("POST", "/channels/{channel_id}/messages", body),
    ...checkMessagePayload(body, { ...fresh, ...context }),
  ]);
}

function edit(body: Json, context: Partial<MessageCheckContext> = {}): Issue[] {
  return distinctIssues([
    ...specIssues("PATCH", "/channels/{channel_id}/messages/{message_id}", body),
    ...checkMessagePayload(body, { ...fresh, isEdit: true, ...context }),
  ]);
}

function errors(issues: Issue[]): string[] {
  return issues.filter((issue) => issue.severity === "error").map((issue) => issue.message);
}

function warnings(issues: Issue[]): string[] {
  return issues.filter((issue) => issue.severity === "warning").map((issue) => issue.message);
}

/** Expects exactly one error, at `path` with Discord's code `reason`. */
function refusedAt(issues: Issue[], path: (string | number)[], reason: string): void {
  const found = issues.filter((issue) => issue.severity === "error");
  expect(found.map((issue) => [issue.path, issue.reason])).toEqual([[path, reason]]);
}

const button = (custom_id: string, extra: Json = {}) => ({
  type: 2,
  style: 1,
  label: "Go",
  custom_id,
  ...extra,
});
const row = (...components: Json[]) => ({ type: 1, components });
const text = (content: string) => ({ type: 10, content });
const select = (custom_id: string, count = 2) => ({
  type: 3,
  custom_id,
  options: Array.from({ length: count }, (_, index) => ({ label: `o${index}`, value: `o${index}` })),
});

describe("the vendored spec", () => {
  it("is Discord's description at the commit its README notes", () => {
    const folder = new URL("../../../packages/discord-emulator/assets/discord-api-spec/", import.meta.url);
    const extract = JSON.parse(readFileSync(new URL("openapi.subset.json", folder), "utf8"));
    const readme = readFileSync(new URL("README.md", folder), "utf8");
    expect(extract["x-source"]).toMatchObject({
      repository: "discord/discord-api-spec",
      file: "specs/openapi.json",
    });
    expect(readme).toContain(`commit: \`${extract["x-source"].commit}\``);
  });
});

describe("Discord's answer: 400, code 50035, an errors tree", () => {
  it("nests each field error under its path with Discord's code and message", () => {
    const issues = send({ content: "x".repeat(2001), embeds: [{ url: "nope" }] });
    expect(errorTree(issues)).toEqual({
      content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
      embeds: {
        0: { url: { _errors: [{ code: "URL_TYPE_INVALID_URL", message: "Not a well formed URL." }] } },
      },
    });
  });

  it("prints paths as discord.js does", () => {
    expect(errors(send({ content: "x".repeat(2001) }))).toEqual([
      "content[BASE_TYPE_MAX_LENGTH]: Must be 2000 or fewer in length.",
    ]);
  });
});

describe("message content", () => {
  it("takes 2,000 characters (counted in code points) and refuses 2,001", () => {
    expect(send({ content: "x".repeat(2000) })).toEqual([]);
    expect(send({ content: "🂡".repeat(2000) })).toEqual([]);
    refusedAt(send({ content: "x".repeat(2001) }), ["content"], "BASE_TYPE_MAX_LENGTH");
  });

  it("refuses a message with nothing in it (50006)", () => {
    expect(send({}).map((issue) => issue.code)).toEqual([50006]);
    expect(send({}, { fileCount: 1 })).toEqual([]);
  });
});

describe("action rows", () => {
  it("hold 1 to 5 buttons", () => {
    expect(send({ components: [row(...["a", "b", "c", "d", "e"].map((id) => button(id)))] })).toEqual([]);
    refusedAt(
      send({ components: [row(...["a", "b", "c", "d", "e", "f"].map((id) => button(id)))] }),
      ["components", 0, "components"],
      "BASE_TYPE_MAX_LENGTH",
    );
    refusedAt(send({ components: [row()] }), ["components", 0, "components"], "BASE_TYPE_MIN_LENGTH");
  });

  it("hold one select menu alone", () => {
    expect(send({ components: [row(select("s"))] })).toEqual([]);
    refusedAt(
      send({ components: [row(select("s"), button("b"))] }),
      ["components", 0, "components"],
      "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    );
  });

  it("hold no text inputs and no other rows", () => {
    const input = { type: 4, custom_id: "t", style: 1, label: "Name" };
    refusedAt(
      send({ components: [row(input)] }),
      ["components", 0, "components", 0, "type"],
      "UNION_TYPE_CHOICES",
    );
    refusedAt(
      send({ components: [row(row(button("a")))] }),
      ["components", 0, "components", 0, "type"],
      "UNION_TYPE_CHOICES",
    );
  });

  it("are at most 5 without Components V2, and custom_ids are unique in a message", () => {
    const rows = ["a", "b", "c", "d", "e", "f"].map((id) => row(button(id)));
    refusedAt(send({ components: rows }), ["components"], "BASE_TYPE_MAX_LENGTH");
    refusedAt(send({ components: [button("a")] }), ["components", 0, "type"], "UNION_TYPE_CHOICES");
    refusedAt(
      send({ components: [row(button("a"), button("a"))] }),
      ["components", 0, "components", 1, "custom_id"],
      "COMPONENT_CUSTOM_ID_DUPLICATED",
    );
  });

  it("select menus: 1..25 options, max_values within the options, unique values", () => {
    refusedAt(
      send({ components: [row(select("s", 26))] }),
      ["components", 0, "components", 0, "options"],
      "BASE_TYPE_MAX_LENGTH",
    );
    refusedAt(
      send({ components: [row({ ...select("s", 2), max_values: 3 })] }),
      ["components", 0, "components", 0, "max_values"],
      "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
    );
    const twice = {
      type: 3,
      custom_id: "s",
      options: [
        { label: "a", value: "v" },
        { label: "b", value: "v" },
      ],
    };
    refusedAt(
      send({ components: [row(twice)] }),
      ["components", 0, "components", 0, "options", 1, "value"],
      "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
    );
  });
});

describe("buttons", () => {
  const one = (component: Json) => send({ components: [row(component)] });
  const at = (field: string) => ["components", 0, "components", 0, field];

  it("a link button has an http(s) or discord url and no custom_id or sku_id", () => {
    expect(one({ type: 2, style: 5, label: "Rules", url: "https://example.com/rules" })).toEqual([]);
    expect(one({ type: 2, style: 5, label: "Open", url: "discord://-/channels/1/2" })).toEqual([]);
    refusedAt(one({ type: 2, style: 5, label: "Rules" }), at("url"), "BASE_TYPE_REQUIRED");
    refusedAt(
      one({ type: 2, style: 5, label: "Rules", url: "https://example.com", custom_id: "x" }),
      at("custom_id"),
      "BUTTON_COMPONENT_INVALID_FIELD",
    );
    refusedAt(
      one({ type: 2, style: 5, label: "Rules", url: "ftp://example.com" }),
      at("url"),
      "BUTTON_COMPONENT_INVALID_FIELD",
    );
    refusedAt(
      one({ type: 2, style: 5, label: "Rules", url: "example.com" }),
      at("url"),
      "URL_TYPE_INVALID_URL",
    );
  });

  it("an interactive button has a custom_id and no url or sku_id", () => {
    refusedAt(one({ type: 2, style: 1, label: "Go" }), at("custom_id"), "BASE_TYPE_REQUIRED");
    refusedAt(one(button("a", { url: "https://example.com" })), at("url"), "BUTTON_COMPONENT_INVALID_FIELD");
    refusedAt(one(button("a", { sku_id: "123" })), at("sku_id"), "BUTTON_COMPONENT_INVALID_FIELD");
    refusedAt(one(button("x".repeat(101))), at("custom_id"), "BASE_TYPE_BAD_LENGTH");
  });

  it("a premium button has a sku_id and nothing else", () => {
    expect(one({ type: 2, style: 6, sku_id: "1234567890" })).toEqual([]);
    refusedAt(one({ type: 2, style: 6 }), at("sku_id"), "BASE_TYPE_REQUIRED");
    refusedAt(
      one({ type: 2, style: 6, sku_id: "1", label: "Buy" }),
      at("label"),
      "BUTTON_COMPONENT_INVALID_FIELD",
    );
  });

  it("needs a label or an emoji; an emoji has a name or an id", () => {
    expect(one({ type: 2, style: 2, custom_id: "e", emoji: { name: "🎴" } })).toEqual([]);
    expect(one({ type: 2, style: 2, custom_id: "e", emoji: { id: "123456", name: "card" } })).toEqual([]);
    refusedAt(one({ type: 2, style: 2, custom_id: "e" }), at("label"), "BASE_TYPE_REQUIRED");
    refusedAt(
      one({ type: 2, style: 2, custom_id: "e", emoji: {} }),
      [...at("emoji"), "name"],
      "BASE_TYPE_REQUIRED",
    );
    refusedAt(one({ type: 2, style: 7, custom_id: "e", label: "x" }), at("style"), "BASE_TYPE_CHOICES");
  });
});

describe("Components V2", () => {
  const v2 = (...components: Json[]) => ({ flags: V2, components });
  const thumbnail = { type: 11, media: { url: "https://example.com/a.png" } };

  it("a Section holds 1..3 text displays and needs an accessory (button or thumbnail)", () => {
    expect(send(v2({ type: 9, components: [text("hi")], accessory: thumbnail }))).toEqual([]);
    expect(send(v2({ type: 9, components: [text("hi")], accessory: button("b") }))).toEqual([]);
    refusedAt(
      send(v2({ type: 9, components: [text("hi")] })),
      ["components", 0, "accessory"],
      "BASE_TYPE_REQUIRED",
    );
    refusedAt(
      send(v2({ type: 9, components: [text("a"), text("b"), text("c"), text("d")], accessory: thumbnail })),
      ["components", 0, "components"],
      "BASE_TYPE_MAX_LENGTH",
    );
  });

  it("a Container is not empty", () => {
    expect(send(v2({ type: 17, components: [text("hi")] }))).toEqual([]);
    refusedAt(
      send(v2({ type: 17, components: [] })),
      ["components", 0, "components"],
      "BASE_TYPE_MIN_LENGTH",
    );
  });

  it("a MediaGallery holds 1..10 items, each with media", () => {
    const item = { media: { url: "https://example.com/a.png" } };
    expect(send(v2({ type: 12, items: [item] }))).toEqual([]);
    refusedAt(send(v2({ type: 12, items: [] })), ["components", 0, "items"], "BASE_TYPE_MIN_LENGTH");
    refusedAt(
      send(v2({ type: 12, items: Array(11).fill(item) })),
      ["components", 0, "items"],
      "BASE_TYPE_MAX_LENGTH",
    );
    refusedAt(
      send(v2({ type: 12, items: [{ description: "x" }] })),
      ["components", 0, "items", 0, "media"],
      "BASE_TYPE_REQUIRED",
    );
  });

  it("a Thumbnail has media with an http(s) or attachment url", () => {
    const section = (accessory: Json) => v2({ type: 9, components: [text("hi")], accessory });
    refusedAt(send(section({ type: 11 })), ["components", 0, "accessory", "media"], "BASE_TYPE_REQUIRED");
    refusedAt(
      send(section({ type: 11, media: { url: "ftp://example.com/a.png" } })),
      ["components", 0, "accessory", "media", "url"],
      "URL_TYPE_INVALID_SCHEME",
    );
    refusedAt(send(v2(thumbnail)), ["components", 0, "type"], "UNION_TYPE_CHOICES");
  });

  it("a Separator's spacing is 1 (small) or 2 (large)", () => {
    expect(send(v2({ type: 14, spacing: 2, divider: true }, text("x")))).toEqual([]);
    refusedAt(
      send(v2({ type: 14, spacing: 3 }, text("x"))),
      ["components", 0, "spacing"],
      "BASE_TYPE_CHOICES",
    );
  });

  it("needs the flag, refuses content and embeds with it, and counts nested components up to 40", () => {
    refusedAt(
      send({ components: [text("hi")] }),
      ["components", 0, "type"],
      "COMPONENT_TYPE_REQUIRES_COMPONENTS_V2",
    );
    refusedAt(
      send({ ...v2(text("hi")), content: "hello" }),
      ["content"],
      "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
    );
    const container = (count: number) => ({
      type: 17,
      components: Array.from({ length: count }, (_, i) => text(`${i}`)),
    });
    expect(send(v2(container(39)))).toEqual([]);
    refusedAt(send(v2(container(40))), ["components"], "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED");
    refusedAt(
      send(v2(text("x".repeat(2001)), text("x".repeat(2000)))),
      ["components"],
      "COMPONENT_MAX_TOTAL_TEXT_EXCEEDED",
    );
  });

  it("a File shows an attachment of the message, and media references name its files", () => {
    const file = { type: 13, file: { url: "attachment://table.png" } };
    expect(send(v2(file), { fileCount: 1, attachmentNames: ["table.png"] })).toEqual([]);
    refusedAt(
      send(v2(file), { fileCount: 1, attachmentNames: ["other.png"] }),
      ["components", 0, "file", "url"],
      "UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND",
    );
    refusedAt(
      send(v2({ type: 13, file: { url: "https://example.com/table.png" } })),
      ["components", 0, "file", "url"],
      "URL_TYPE_INVALID_SCHEME",
    );
    const gallery = { type: 12, items: [{ media: { url: "attachment://hand.png" } }] };
    refusedAt(
      send(v2(gallery)),
      ["components", 0, "items", 0, "media", "url"],
      "UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND",
    );
  });
});

describe("Components V2 as the bot's panels and tables use it", () => {
  const v2 = (...components: Json[]) => ({ flags: V2, components });
  const gallery = (file: string, description = "The table.") => ({
    type: 12,
    items: [{ media: { url: `attachment://${file}` }, description }],
  });
  const panel = (file: string) =>
    v2(text("Your turn."), gallery(file), text("💡 Hint: play 7."), row(button("play")));

  it("status, picture, hint, then controls: created with its upload, inside a container too", () => {
    const upload = { fileCount: 1, attachmentNames: ["table.png"] };
    expect(send(panel("table.png"), upload)).toEqual([]);
    const boxed = v2({ type: 17, accent_color: 0x2b7a4b, components: panel("table.png").components });
    expect(send(boxed, upload)).toEqual([]);
  });

  it("an upload no component shows is a warning: Discord does not show it", () => {
    expect(warnings(send(v2(text("Your turn.")), { fileCount: 1, attachmentNames: ["table.png"] }))).toEqual([
      "attachments: table.png is not shown: a Components V2 message shows only the files its media gallery, thumbnail or file components name (attachment://table.png)",
    ]);
    // An edit keeping the message's picture, answered earlier as an attachment id, still shows it.
    const resolved = [{ type: 12, items: [{ media: { url: "https://cdn/x.png", attachment_id: "9" } }] }];
    const kept = {
      existingFlags: V2,
      existingComponents: resolved,
      attachmentNames: ["x.png"],
      keptFiles: [{ id: "9", filename: "x.png" }],
      keptAttachments: 1,
    };
    expect(edit({ flags: V2 }, kept)).toEqual([]);
    expect(warnings(edit({ components: [text("Over.")] }, kept))).toHaveLength(1);
    expect(edit({ components: [text("Over.")], attachments: [] }, { existingFlags: V2 })).toEqual([]);
  });

  it("an edit keeps the flag when it leaves flags out, and turning a message into V2 clears its content", () => {
    expect(edit({ components: [text("Over.")] }, { existingFlags: V2 })).toEqual([]);
    refusedAt(
      edit(v2(text("Over.")), { existingLegacyFields: ["content"] }),
      ["content"],
      "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
    );
    expect(edit({ ...v2(text("Over.")), content: null }, { existingLegacyFields: ["content"] })).toEqual([]);
  });

  it("component ids are unique in a message; 0 counts as none", () => {
    refusedAt(
      send(v2({ ...text("a"), id: 3 }, { ...text("b"), id: 3 })),
      ["components", 1, "id"],
      "COMPONENT_ID_DUPLICATED",
    );
    expect(send(v2({ ...text("a"), id: 0 }, { ...text("b"), id: 0 }))).toEqual([]);
  });

  it("4,000 characters count over every text display, in sections and containers too", () => {
    const section = { type: 9, components: [text("x".repeat(1000))], accessory: button("b") };
    const box = (content: string) => ({ type: 17, components: [section, text(content)] });
    expect(send(v2(box("x".repeat(3000))))).toEqual([]);
    refusedAt(send(v2(box("x".repeat(3001)))), ["components"], "COMPONENT_MAX_TOTAL_TEXT_EXCEEDED");
  });
});

describe("allowed_mentions", () => {
  it('parses only "users", "roles" and "everyone"', () => {
    expect(send({ content: "hi", allowed_mentions: { parse: ["users", "roles"] } })).toEqual([]);
    expect(send({ content: "hi", allowed_mentions: { parse: [] } })).toEqual([]);
    refusedAt(
      send({ content: "hi", allowed_mentions: { parse: ["user"] } }),
      ["allowed_mentions", "parse", 0],
      "BASE_TYPE_CHOICES",
    );
  });

  it('refuses parse "users" together with a users list', () => {
    refusedAt(
      send({ content: "hi", allowed_mentions: { parse: ["users"], users: ["123456789012345678"] } }),
      ["allowed_mentions", "parse"],
      "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    );
  });
});

describe("embeds", () => {
  it("a url is a well-formed http(s) URL", () => {
    expect(send({ embeds: [{ title: "t", url: "https://example.com/a" }] })).toEqual([]);
    refusedAt(
      send({ embeds: [{ title: "t", url: "example.com" }] }),
      ["embeds", 0, "url"],
      "URL_TYPE_INVALID_URL",
    );
    refusedAt(
      send({ embeds: [{ title: "t", url: "ftp://example.com" }] }),
      ["embeds", 0, "url"],
      "URL_TYPE_INVALID_SCHEME",
    );
  });

  it("a timestamp is ISO 8601", () => {
    expect(send({ embeds: [{ title: "t", timestamp: "2026-07-18T10:00:00.000Z" }] })).toEqual([]);
    refusedAt(
      send({ embeds: [{ title: "t", timestamp: "yesterday" }] }),
      ["embeds", 0, "timestamp"],
      "DATE_TIME_TYPE_PARSE",
    );
    refusedAt(
      send({ embeds: [{ title: "t", timestamp: "1752832800" }] }),
      ["embeds", 0, "timestamp"],
      "DATE_TIME_TYPE_PARSE",
    );
  });

  it("counts 6,000 characters over all embeds; an empty field name is not refused", () => {
    const big = (n: number) => ({ description: "x".repeat(n) });
    expect(send({ embeds: [big(4000), big(2000)] })).toEqual([]);
    refusedAt(send({ embeds: [big(4000), big(2001)] }), ["embeds"], "MESSAGE_EMBEDS_TOO_LONG");
    expect(send({ embeds: [{ fields: [{ name: "", value: "" }] }] })).toEqual([]);
  });

  it("an attachment:// picture that names no file of the message is a warning (Discord shows nothing)", () => {
    const body = { embeds: [{ image: { url: "attachment://table.png" } }] };
    expect(send(body, { fileCount: 1, attachmentNames: ["table.png"] })).toEqual([]);
    const issues = send(body, { fileCount: 1, attachmentNames: ["hand.png"] });
    expect(errors(issues)).toEqual([]);
    expect(warnings(issues)).toEqual([
      "embeds[0].image.url: attachment://table.png names no attachment of this message (Discord shows no picture)",
    ]);
  });
});

describe("attachments and flags", () => {
  it("an attachment entry names its upload by id", () => {
    expect(send({ attachments: [{ id: "0", description: "The table" }] }, { fileCount: 1 })).toEqual([]);
    refusedAt(
      send({ attachments: [{ filename: "a.png" }] }, { fileCount: 1 }),
      ["attachments", 0, "id"],
      "BASE_TYPE_REQUIRED",
    );
    refusedAt(
      send({ attachments: [{ id: "0", description: "x".repeat(1025) }] }, { fileCount: 1 }),
      ["attachments", 0, "description"],
      "BASE_TYPE_MAX_LENGTH",
    );
  });

  it("a bot may send a voice message (IS_VOICE_MESSAGE, 8192)", () => {
    expect(
      send(
        { flags: 1 << 13, attachments: [{ id: "0", duration_secs: 2.5, waveform: "AAAA" }] },
        { fileCount: 1 },
      ),
    ).toEqual([]);
  });

  it("an edit cannot take IS_COMPONENTS_V2 away, and other flags than SUPPRESS_EMBEDS are ignored", () => {
    expect(edit({ flags: V2, components: [text("x")] }, { existingFlags: V2 })).toEqual([]);
    refusedAt(
      edit({ flags: 0, content: "x" }, { existingFlags: V2 }),
      ["flags"],
      "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
    );
    expect(warnings(edit({ flags: 1 << 12, content: "x" }))).toEqual([
      "flags: bits 4096 cannot be changed by an edit (Discord ignores them)",
    ]);
  });
});

describe("interaction callbacks and webhooks", () => {
  const callback = (body: Json) =>
    specIssues("POST", "/interactions/{interaction_id}/{interaction_token}/callback", body);

  it("are told apart by type; data errors sit under data", () => {
    expect(callback({ type: 4, data: { content: "hi" } })).toEqual([]);
    expect(callback({ type: 6 })).toEqual([]);
    refusedAt(
      callback({ type: 4, data: { content: "x".repeat(2001) } }),
      ["data", "content"],
      "BASE_TYPE_MAX_LENGTH",
    );
    refusedAt(callback({ type: 99 }), ["type"], "UNION_TYPE_CHOICES");
    const documented = underData(checkMessagePayload({ components: [row(button("a"), button("a"))] }, fresh));
    expect(documented.map((issue) => issue.path)).toEqual([
      ["data", "components", 0, "components", 1, "custom_id"],
    ]);
  });

  it("modals: a title of 1..45, one text input per action row", () => {
    const modal = (data: Json) => [...callback({ type: 9, data }), ...checkModal(data)];
    const input = { type: 4, custom_id: "t", style: 1, label: "Name" };
    expect(modal({ custom_id: "m", title: "Rename", components: [row(input)] })).toEqual([]);
    refusedAt(
      modal({ custom_id: "m", title: "x".repeat(46), components: [row(input)] }),
      ["data", "title"],
      "BASE_TYPE_BAD_LENGTH",
    );
    refusedAt(
      modal({ custom_id: "m", title: "Two", components: [row(input, { ...input, custom_id: "u" })] }),
      ["data", "components", 0, "components"],
      "BASE_TYPE_MAX_LENGTH",
    );
  });

  it("autocomplete: up to 25 choices, a string value up to 100 characters and possibly empty", () => {
    const choices = (list: Json[]) => [
      ...callback({ type: 8, data: { choices: list } }),
      ...checkChoices({ choices: list }),
    ];
    expect(choices([{ name: "Empty", value: "" }])).toEqual([]);
    refusedAt(
      choices([{ name: "Long", value: "x".repeat(101) }]),
      ["data", "choices", 0, "value"],
      "BASE_TYPE_MAX_LENGTH",
    );
  });

  it("a follow-up and an edit of the original are checked like messages", () => {
    expect(
      specIssues("POST", "/webhooks/{webhook_id}/{webhook_token}", { content: "hi", flags: 64 }),
    ).toEqual([]);
    refusedAt(
      specIssues("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", {
        content: "x".repeat(2001),
      }),
      ["content"],
      "BASE_TYPE_MAX_LENGTH",
    );
  });
});

describe("threads and DM channels", () => {
  const thread = (body: Json) => [
    ...specIssues("POST", "/channels/{channel_id}/threads", body),
    ...checkThreadWithoutMessage(body),
  ];

  it("a thread has a name of 1..100, a known archive duration, and type 11 or 12 without a message", () => {
    expect(thread({ name: "Game 1", type: 11, auto_archive_duration: 1440 })).toEqual([]);
    refusedAt(thread({ name: "x".repeat(101), type: 11 }), ["name"], "BASE_TYPE_BAD_LENGTH");
    refusedAt(
      thread({ name: "Game", type: 11, auto_archive_duration: 30 }),
      ["auto_archive_duration"],
      "BASE_TYPE_CHOICES",
    );
    refusedAt(thread({ name: "Game" }), ["type"], "BASE_TYPE_REQUIRED");
  });

  it("a DM channel needs recipient_id, a snowflake", () => {
    const dm = (body: Json) => [...specIssues("POST", "/users/@me/channels", body), ...checkDmChannel(body)];
    expect(dm({ recipient_id: "123456789012345678" })).toEqual([]);
    refusedAt(dm({}), ["recipient_id"], "BASE_TYPE_REQUIRED");
    refusedAt(dm({ recipient_id: "alice" }), ["recipient_id"], "NUMBER_TYPE_COERCE");
  });
});

describe("application commands", () => {
  const overwrite = (commands: Json[]) =>
    distinctIssues([
      ...specIssues("PUT", "/applications/{application_id}/commands", commands),
      ...checkCommands(commands),
    ]);
  const help = (extra: Json = {}) => ({ name: "help", description: "How to play", ...extra });

  it("takes permissions as a string of digits, as discord.js sends them", () => {
    expect(overwrite([help({ default_member_permissions: "32", contexts: [0] })])).toEqual([]);
  });

  it("localization keys are Discord locales", () => {
    expect(overwrite([help({ name_localizations: { nl: "hulp" } })])).toEqual([]);
    refusedAt(
      overwrite([help({ name_localizations: { xx: "hulp" } })]),
      [0, "name_localizations", "xx"],
      "BASE_TYPE_CHOICES",
    );
    refusedAt(
      overwrite([help({ description_localizations: { nl: "Hoe", "en-us": "How" } })]),
      [0, "description_localizations", "en-us"],
      "BASE_TYPE_CHOICES",
    );
  });

  it("localized names are lower case and follow the name pattern; localized descriptions are at most 100", () => {
    refusedAt(
      overwrite([help({ name_localizations: { nl: "Hulp" } })]),
      [0, "name_localizations", "nl"],
      "APPLICATION_COMMAND_INVALID_NAME",
    );
    refusedAt(overwrite([help({ name: "Help" })]), [0, "name"], "APPLICATION_COMMAND_INVALID_NAME");
    refusedAt(
      overwrite([help({ description_localizations: { nl: "x".repeat(101) } })]),
      [0, "description_localizations", "nl"],
      "BASE_TYPE_BAD_LENGTH",
    );
    refusedAt(
      overwrite([help({ description: "x".repeat(101) })]),
      [0, "description"],
      "BASE_TYPE_MAX_LENGTH",
    );
  });

  it("combined text: 8,000 characters, each field counted at its longest localization", () => {
    const subcommand = (name: string, description: string, dutch: string | null) => ({
      type: 1,
      name,
      description: "d",
      options: Array.from({ length: 20 }, (_, index) => ({
        type: 3,
        name: `o${index}`,
        description,
        ...(dutch ? { description_localizations: { nl: dutch } } : {}),
      })),
    });
    const command = (description: string, dutch: string | null) =>
      help({ options: ["a", "b", "c", "d"].map((name) => subcommand(name, description, dutch)) });
    // 4 × 20 options × (2 + 97) characters ≈ 7,900: within Discord's limit (the emulator refused over 4,000).
    expect(overwrite([command("x".repeat(97), null)])).toEqual([]);
    // Counted at the longer Dutch descriptions, 4 × 20 × (2 + 100) ≈ 8,200 is too large…
    refusedAt(overwrite([command("x".repeat(50), "y".repeat(100))]), [0], "APPLICATION_COMMAND_TOO_LARGE");
    // …while the same command without them (≈ 4,200) is accepted.
    expect(overwrite([command("x".repeat(50), null)])).toEqual([]);
  });

  it("options: required before optional, no autocomplete with choices, unique names, choice values up to 100", () => {
    const options = (list: Json[]) => overwrite([help({ options: list })]);
    const string = (name: string, extra: Json = {}) => ({ type: 3, name, description: "d", ...extra });
    refusedAt(
      options([string("a"), string("b", { required: true })]),
      [0, "options", 1, "required"],
      "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    );
    refusedAt(
      options([string("a", { autocomplete: true, choices: [{ name: "x", value: "x" }] })]),
      [0, "options", 0, "autocomplete"],
      "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES",
    );
    refusedAt(
      options([string("a"), string("a")]),
      [0, "options", 1, "name"],
      "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
    );
    refusedAt(
      options([string("a", { choices: [{ name: "x", value: "x".repeat(101) }] })]),
      [0, "options", 0, "choices", 0, "value"],
      "BASE_TYPE_MAX_LENGTH",
    );
    expect(options([string("a", { choices: [{ name: "Empty", value: "" }] })])).toEqual([]);
  });

  it("a context-menu command has no description; names are unique per type", () => {
    expect(checkCommand({ type: 2, name: "Invite to game" })).toEqual([]);
    refusedAt(
      checkCommand({ type: 2, name: "Invite", description: "x" }),
      ["description"],
      "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
    );
    refusedAt(overwrite([help(), help()]), [1, "name"], "APPLICATION_COMMAND_NAME_ALREADY_EXISTS");
  });
});
