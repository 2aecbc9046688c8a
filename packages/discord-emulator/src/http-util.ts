import type { IncomingMessage, ServerResponse } from "node:http";
import type { UploadedFile } from "./messages.js";

export interface ParsedBody {
  json: unknown;
  files: UploadedFile[];
  /** Multipart fields other than payload_json and files[n]. */
  otherFields: string[];
}

export class BodyError extends Error {}

export async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** JSON or multipart/form-data (payload_json + files[n]), the two encodings @discordjs/rest sends. */
export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { json: undefined, files: [], otherFields: [] };
  const type = (contentType ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return parseMultipart(contentType!, raw);
  if (type.startsWith("application/json")) {
    try {
      return { json: JSON.parse(raw.toString("utf8")), files: [], otherFields: [] };
    } catch {
      throw new BodyError("The request body contains invalid JSON.");
    }
  }
  throw new BodyError(`Unsupported Content-Type ${contentType ?? "(none)"}`);
}

async function parseMultipart(contentType: string, raw: Buffer): Promise<ParsedBody> {
  let form: FormData;
  try {
    // undici's multipart parser, behind the global Request, parses exactly what its FormData encodes.
    form = await new Request("http://emulator.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: new Uint8Array(raw),
    }).formData();
  } catch (error) {
    throw new BodyError(`Malformed multipart body: ${(error as Error).message}`);
  }
  let json: unknown;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const otherFields: string[] = [];
  for (const [key, value] of form.entries()) {
    const fileMatch = /^files\[(\d+)\]$/.exec(key);
    if (key === "payload_json" && typeof value === "string") {
      try {
        json = JSON.parse(value);
      } catch {
        throw new BodyError("payload_json is not valid JSON");
      }
    } else if (typeof value !== "string") {
      if (!fileMatch) otherFields.push(key);
      files.push({
        index: fileMatch ? Number(fileMatch[1]) : files.length,
        filename: value.name,
        contentType: value.type || "application/octet-stream",
        data: Buffer.from(await value.arrayBuffer()),
      });
    } else {
      fields[key] = value;
      otherFields.push(key);
    }
  }
  return { json: json ?? (Object.keys(fields).length > 0 ? fields : undefined), files, otherFields };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204): void {
  res.writeHead(status);
  res.end();
}
