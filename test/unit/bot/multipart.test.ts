import { parseBody } from "@cardtable/discord-emulator/http-util";
import { REST, type RESTOptions, type ResponseLike } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { uploadWithOneBuffer } from "../../../src/bot/multipart.js";

/** A request with files leaves the bot as one Buffer, read as Discord (the emulator) reads FormData's. */

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff]);

/** A REST client whose requests are kept, each answered 200 with `{}`. */
/**
 * A REST client that records what it sends: `init` with a Buffer body as the bytes that went out
 * then, and `body` the Buffer itself (the bot's uploads are released once done). `statuses`
 * answers the requests in turn, then 200.
 */
function recordingRest(
  statuses: number[] = [],
  retries = 0,
): { rest: REST; sent: { url: string; init: RequestInit; body: unknown }[] } {
  const sent: { url: string; init: RequestInit; body: unknown }[] = [];
  const makeRequest: RESTOptions["makeRequest"] = async (url, init) => {
    const wire = Buffer.isBuffer(init.body) ? { body: Buffer.from(init.body) } : {};
    sent.push({ url, init: { ...(init as RequestInit), ...wire }, body: init.body });
    return new Response("{}", {
      status: statuses.shift() ?? 200,
      headers: { "Content-Type": "application/json" },
    }) as unknown as ResponseLike;
  };
  return { rest: new REST({ makeRequest, retries }).setToken("token"), sent };
}

async function parsed(init: RequestInit) {
  let type: string | undefined = (init.headers as Record<string, string>)["Content-Type"];
  let body = init.body as Buffer;
  if (init.body instanceof FormData) {
    // As undici encodes it on the wire.
    const encoded = new Response(init.body);
    type = encoded.headers.get("content-type") ?? undefined;
    body = Buffer.from(await encoded.arrayBuffer());
  }
  const read = await parseBody(type, body);
  return {
    json: read.json,
    otherFields: read.otherFields,
    files: read.files.map((f) => ({ ...f, data: Buffer.from(f.data).toString("hex") })),
  };
}

describe("uploads with one buffer", () => {
  const request = {
    body: { content: "tafel é", attachments: [{ id: 0, description: 'a "quoted" alt' }] },
    files: [
      { name: "table-7-3.png", data: png },
      { name: 'odd "name"\r\nhere é.txt', data: Buffer.from("text"), contentType: "text/plain" },
    ],
  };

  it("sends a request's files and payload as one Buffer that reads as FormData's does", async () => {
    const plain = recordingRest();
    await plain.rest.post("/channels/1/messages", request);
    const hooked = recordingRest();
    uploadWithOneBuffer(hooked.rest);
    await hooked.rest.post("/channels/1/messages", request);

    const init = hooked.sent[0]!.init;
    expect(Buffer.isBuffer(init.body)).toBe(true);
    expect((init.headers as Record<string, string>)["Content-Type"]).toMatch(
      /^multipart\/form-data; boundary=/,
    );
    expect((init.headers as Record<string, string>).Authorization).toBe("Bot token");
    const read = await parsed(init);
    expect(read.json).toEqual(request.body);
    expect(read.files.map((f) => f.contentType)).toEqual(["image/png", "text/plain"]);
    expect(read).toEqual(await parsed(plain.sent[0]!.init));
  });

  it("sends the same bytes again when a request is retried, and releases them once it is done", async () => {
    const hooked = recordingRest([500], 1);
    uploadWithOneBuffer(hooked.rest);
    await hooked.rest.post("/channels/1/messages", request);
    const [first, again] = hooked.sent;
    expect((first!.init.body as Buffer).length).toBeGreaterThan(png.length);
    expect((again!.init.body as Buffer).equals(first!.init.body as Buffer)).toBe(true);
    expect(again!.body).toBe(first!.body);
    expect((first!.body as Buffer).length).toBe(0);
  });

  it("sends fields one by one when asked to, and requests without files as before", async () => {
    const hooked = recordingRest();
    uploadWithOneBuffer(hooked.rest);
    await hooked.rest.post("/guilds/1/stickers", {
      body: { name: "sticker", tags: "card" },
      files: [{ name: "s.png", data: png, key: "file" }],
      appendToFormData: true,
    });
    await hooked.rest.patch("/channels/1/messages/2", { body: { content: "x" } });
    const fields = await parseBody(
      (hooked.sent[0]!.init.headers as Record<string, string>)["Content-Type"],
      hooked.sent[0]!.init.body as Buffer,
    );
    expect(fields.json).toEqual({ name: "sticker", tags: "card" });
    expect(fields.files.map((f) => f.filename)).toEqual(["s.png"]);
    expect(hooked.sent[1]!.init.body).toBe(JSON.stringify({ content: "x" }));
    expect((hooked.sent[1]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });
});
