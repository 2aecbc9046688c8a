import { randomUUID } from "node:crypto";
import type { RawFile, REST } from "discord.js";

/**
 * A request with files, as @discordjs/rest builds it: a FormData of a Blob per file (each a copy
 * of the file), which undici then streams part by part through a ReadableStream. A table picture
 * goes out on nearly every move, so these uploads are built here instead as one Buffer, the bytes
 * undici writes to its socket as they are, and the same Buffer again when the request is retried.
 * Once the request has succeeded the Buffer's bytes are handed to a throw-away ArrayBuffer (below).
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** As FormData writes a part's name: `"`, CR and LF escaped. */
function escapeName(name: string): string {
  return name.replace(/["\r\n]/g, (c) => (c === '"' ? "%22" : c === "\r" ? "%0D" : "%0A"));
}

/** A file's type as given, else PNG for a PNG (the bot's pictures), else bytes of no known type. */
function typeOf(file: RawFile): string {
  if (file.contentType) return file.contentType;
  const data = file.data;
  return Buffer.isBuffer(data) && data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)
    ? "image/png"
    : "application/octet-stream";
}

function bytesOf(data: RawFile["data"]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(String(data), "utf8");
}

const CRLF = "\r\n";
const PARAMETER_SEPARATOR = "; ";

function header(name: string, value: string): string {
  return `${name}: ${value}`;
}

/**
 * multipart/form-data as @discordjs/rest sends it: each file as `files[n]` (or its own key), then
 * the body as `payload_json`, or field by field when `asFields` (its `appendToFormData`).
 */
export function multipartBody(
  files: readonly RawFile[],
  body: unknown,
  asFields = false,
): { body: Buffer; contentType: string } {
  const boundary = `----cardtable${randomUUID()}`;
  const chunks: Buffer[] = [];
  const text = (value: string) => chunks.push(Buffer.from(value, "utf8"));
  // A part's head: its boundary, then its headers, then a blank line.
  const head = (disposition: string[], type?: string) =>
    text(
      [
        `--${boundary}`,
        header("Content-Disposition", ["form-data", ...disposition].join(PARAMETER_SEPARATOR)),
        ...(type === undefined ? [] : [header("Content-Type", type)]),
        "",
        "",
      ].join(CRLF),
    );
  files.forEach((file, index) => {
    head(
      [`name="${escapeName(file.key ?? `files[${index}]`)}"`, `filename="${escapeName(file.name)}"`],
      typeOf(file),
    );
    chunks.push(bytesOf(file.data));
    text(CRLF);
  });
  const field = (name: string, value: string) => {
    head([`name="${escapeName(name)}"`]);
    text(value + CRLF);
  };
  if (body != null) {
    if (asFields) for (const [key, value] of Object.entries(body)) field(key, String(value));
    else field("payload_json", JSON.stringify(body));
  }
  text(`--${boundary}--${CRLF}`);
  return {
    body: ownedConcat(chunks),
    contentType: ["multipart/form-data", `boundary=${boundary}`].join(PARAMETER_SEPARATOR),
  };
}

/** The chunks in one Buffer of its own, never a slice of Node's shared pool (see `release`). */
function ownedConcat(chunks: readonly Buffer[]): Buffer {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = Buffer.allocUnsafeSlow(total);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(out, at);
  return out;
}

/**
 * Hands a sent upload's bytes to a new ArrayBuffer that nobody keeps, leaving the Buffer empty. An
 * upload lives as long as its request, long enough to be moved to V8's old generation, where only
 * a full collection frees its bytes; as uploads of about 80 KB a move, they made the bot collect its
 * whole heap every 3 s for the memory they held. The new ArrayBuffer is young and freed at the next
 * young collection.
 */
function release(bytes: Buffer): void {
  const memory = bytes.buffer as ArrayBuffer;
  structuredClone(memory, { transfer: [memory] });
}

/**
 * Makes `rest` send a request's files as one multipart Buffer (above) rather than its FormData:
 * every request with files, whoever makes it (discord.js's own replies and sends too, which go
 * through `request`). @discordjs/rest passes the Buffer through as it is, retries included; once
 * the request has succeeded, the Buffer is released.
 */
export function uploadWithOneBuffer(rest: REST): REST {
  const send = rest.request.bind(rest);
  rest.request = async (request) => {
    if (!request.files?.length) return send(request);
    const { body, contentType } = multipartBody(request.files, request.body, request.appendToFormData);
    const answer = await send({
      ...request,
      files: undefined,
      body,
      passThroughBody: true,
      headers: { ...request.headers, "Content-Type": contentType },
    });
    // Answered, so Discord read the whole body: no write of it is left to do. A request that failed
    // may have been answered early (a refusal) with some of it still queued: its bytes stay.
    release(body);
    return answer;
  };
  return rest;
}
