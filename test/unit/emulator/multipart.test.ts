import { BodyError, parseBody } from "@cardtable/discord-emulator/http-util";
import { describe, expect, it } from "vitest";

/** The emulator reads multipart bodies itself: it must read what undici's FormData (discord.js's) writes. */

async function encoded(form: FormData): Promise<{ contentType: string; raw: Buffer }> {
  const response = new Response(form);
  return {
    contentType: response.headers.get("content-type")!,
    raw: Buffer.from(await response.arrayBuffer()),
  };
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff]);

describe("multipart bodies", () => {
  it("reads payload_json, files[n] with their names and types, and other fields as undici wrote them", async () => {
    const form = new FormData();
    form.append("payload_json", JSON.stringify({ content: "tafel é", attachments: [{ id: 0 }] }));
    form.append("files[0]", new Blob([png], { type: "image/PNG" }), "table-7-3.png");
    form.append("files[1]", new Blob([]), 'odd "name"\r\nhere é.txt');
    form.append("extra", "value\r\n--not a boundary");
    const { contentType, raw } = await encoded(form);
    const parsed = await parseBody(contentType, raw);
    expect(parsed.json).toEqual({ content: "tafel é", attachments: [{ id: 0 }] });
    expect(parsed.otherFields).toEqual(["extra"]);
    expect(parsed.files.map(({ index, filename, contentType: type }) => ({ index, filename, type }))).toEqual(
      [
        { index: 0, filename: "table-7-3.png", type: "image/png" },
        { index: 1, filename: 'odd "name"\r\nhere é.txt', type: "application/octet-stream" },
      ],
    );
    expect(Buffer.compare(parsed.files[0]!.data, png)).toBe(0);
    expect(parsed.files[1]!.data.length).toBe(0);
  });

  it("takes text fields as the body when there is no payload_json", async () => {
    const form = new FormData();
    form.append("content", "hello");
    const { contentType, raw } = await encoded(form);
    expect((await parseBody(contentType, raw)).json).toEqual({ content: "hello" });
  });

  it("refuses a cut-off body, a missing boundary and broken payload_json", async () => {
    const form = new FormData();
    form.append("payload_json", "{}");
    form.append("files[0]", new Blob([png]), "a.png");
    const { contentType, raw } = await encoded(form);
    await expect(parseBody(contentType, raw.subarray(0, raw.length - 60))).rejects.toThrow(BodyError);
    await expect(parseBody("multipart/form-data", raw)).rejects.toThrow(/no boundary/);
    const broken = new FormData();
    broken.append("payload_json", "{");
    const bad = await encoded(broken);
    await expect(parseBody(bad.contentType, bad.raw)).rejects.toThrow(/payload_json is not valid JSON/);
  });
});
