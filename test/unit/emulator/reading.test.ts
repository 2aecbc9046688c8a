import { partsOf } from "@cardtable/discord-emulator";
import { messageText, shownAttachments } from "@cardtable/discord-emulator/reading";
import type { APIAttachment, APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";

/** What a test reads of a message as a player does: its words, its pictures' alt text, its order. */

const V2 = 1 << 15;
const text = (content: string) => ({ type: 10, content });
const picture = (id: string, filename: string, description?: string): APIAttachment => ({
  id,
  filename,
  size: 1,
  url: `https://cdn/${filename}`,
  proxy_url: `https://cdn/${filename}`,
  content_type: "image/png",
  ...(description ? { description } : {}),
});
const row = { type: 1, components: [{ type: 2, style: 1, label: "Play", custom_id: "play" }] };

function message(fields: Record<string, unknown>): APIMessage {
  return {
    content: "",
    components: [],
    flags: 0,
    attachments: [],
    embeds: [],
    ...fields,
  } as unknown as APIMessage;
}

describe("reading a message", () => {
  it("a legacy message reads its content, then its pictures (their own alt), then its controls", () => {
    const legacy = message({
      content: "Your turn.",
      attachments: [picture("1", "t.png", "The table.")],
      components: [row],
    });
    expect(messageText(legacy)).toBe("Your turn.");
    expect(partsOf({ raw: legacy }).map((part) => part.kind)).toEqual(["text", "picture", "controls"]);
  });

  it("a V2 message reads its text displays in order, inside containers and sections, not its content", () => {
    const panel = message({
      flags: V2,
      attachments: [picture("7", "t.png"), picture("8", "unshown.png")],
      components: [
        {
          type: 17,
          components: [
            text("Your turn."),
            {
              type: 12,
              items: [{ media: { url: "https://cdn/t.png", attachment_id: "7" }, description: "The table." }],
            },
            {
              type: 9,
              components: [text("💡 Play 7.")],
              accessory: { type: 2, style: 2, label: "Hint", custom_id: "hint" },
            },
            row,
          ],
        },
      ],
    });
    expect(messageText(panel)).toBe("Your turn.\n💡 Play 7.");
    expect(partsOf({ raw: panel })).toMatchObject([
      { kind: "text", text: "Your turn." },
      { kind: "picture", filename: "t.png", alt: "The table." },
      { kind: "text", text: "💡 Play 7." },
      { kind: "controls", controls: [{ customId: "hint" }] },
      { kind: "controls", controls: [{ customId: "play" }] },
    ]);
    expect([...shownAttachments(panel)]).toEqual([["7", "The table."]]);
  });
});
