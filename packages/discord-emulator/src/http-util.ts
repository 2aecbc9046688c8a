import type { IncomingMessage, ServerResponse } from "node:http";
import type { UploadedFile } from "./messages.js";

export interface ParsedBody {
  json: unknown;
  files: UploadedFile[];
  /** Multipart fields other than payload_json and files[n]. */
  otherFields: string[];
}

export class BodyError extends Error {}

/**
 * The request's body: read by events rather than an async iterator (a promise per chunk), and a
 * body of one chunk (nearly every JSON body) used as it came rather than copied.
 */
export function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once("error", reject);
    // A client gone before the end: as the async iterator answers it.
    req.once("close", () => {
      if (!req.complete) reject(new Error("aborted"));
    });
  });
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

/**
 * multipart/form-data as undici's FormData encodes it (what @discordjs/rest sends), read in place:
 * files are views of the body, not copies (a table picture is uploaded on nearly every move).
 */
function parseMultipart(contentType: string, raw: Buffer): ParsedBody {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new BodyError("Malformed multipart body: the Content-Type names no boundary");
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`, "latin1");
  const malformed = (why: string) => new BodyError(`Malformed multipart body: ${why}`);
  if (!raw.subarray(0, delimiter.length).equals(delimiter))
    throw malformed("it does not start with the boundary");
  const partEnd = Buffer.concat([CRLF, delimiter]);
  let json: unknown;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const otherFields: string[] = [];
  let at = delimiter.length;
  for (;;) {
    if (raw[at] === 0x2d && raw[at + 1] === 0x2d) break;
    if (raw[at] !== 0x0d || raw[at + 1] !== 0x0a)
      throw malformed("a boundary is not followed by a line break");
    const headersEnd = raw.indexOf("\r\n\r\n", at + 2, "latin1");
    if (headersEnd < 0) throw malformed("a part's headers do not end");
    const part = partHeaders(raw.toString("utf8", at + 2, headersEnd));
    if (!part) throw malformed("a part has no Content-Disposition with a name");
    const dataStart = headersEnd + 4;
    const next = raw.indexOf(partEnd, dataStart);
    if (next < 0) throw malformed("a part does not end with the boundary");
    const data = raw.subarray(dataStart, next);
    at = next + partEnd.length;
    const fileMatch = /^files\[(\d+)\]$/.exec(part.name);
    if (part.filename !== null) {
      if (!fileMatch) otherFields.push(part.name);
      files.push({
        index: fileMatch ? Number(fileMatch[1]) : files.length,
        filename: part.filename,
        contentType: part.contentType || "application/octet-stream",
        data,
      });
    } else if (part.name === "payload_json") {
      try {
        json = JSON.parse(data.toString("utf8"));
      } catch {
        throw new BodyError("payload_json is not valid JSON");
      }
    } else {
      fields[part.name] = data.toString("utf8");
      otherFields.push(part.name);
    }
  }
  return { json: json ?? (Object.keys(fields).length > 0 ? fields : undefined), files, otherFields };
}

const CRLF = Buffer.from("\r\n", "latin1");

/** FormData writes `"`, CR and LF in names as %22, %0D and %0A. */
function unescapeName(name: string): string {
  return name.replace(/%22|%0D|%0A/gi, (code) =>
    code === "%22" ? '"' : code.toUpperCase() === "%0D" ? "\r" : "\n",
  );
}

/** Content-Disposition's quoted parameters, compiled once: every part of every upload is read with them. */
const NAME_PARAM = /;\s*name="([^"]*)"/i;
const FILENAME_PARAM = /;\s*filename="([^"]*)"/i;

function partHeaders(text: string): { name: string; filename: string | null; contentType: string } | null {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType = "";
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    // As undici's File takes it: lower case.
    if (header === "content-type") contentType = value.toLowerCase();
    else if (header === "content-disposition" && /^form-data\s*(;|$)/i.test(value)) {
      const nameValue = NAME_PARAM.exec(value)?.[1];
      if (nameValue !== undefined) name = unescapeName(nameValue);
      const filenameValue = FILENAME_PARAM.exec(value)?.[1];
      if (filenameValue !== undefined) filename = unescapeName(filenameValue);
    }
  }
  return name === null ? null : { name, filename, contentType };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // Encoded once: its length is the bytes' (Buffer.byteLength and then end(text) would encode twice).
  const bytes = Buffer.from(JSON.stringify(body), "utf8");
  res.writeHead(status, { "content-type": "application/json", "content-length": bytes.length });
  res.end(bytes);
}

export function sendEmpty(res: ServerResponse, status = 204): void {
  res.writeHead(status);
  res.end();
}
