import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../bot-process.js";
import { type Schema, type SchemaPath, SchemaValidator, textLength } from "../schema.js";

/**
 * Checks of the bot's request bodies: first against Discord's published OpenAPI description
 * (assets/discord-api-spec, see its README for the commit), then against the limits Discord documents
 * but the description does not encode. An "error" is something Discord rejects (the emulator answers
 * 400 like Discord would); a "warning" is something Discord silently accepts or ignores but that is
 * almost certainly a bot bug. Both become violations.
 */
export interface Issue {
  severity: "error" | "warning";
  /** Discord's JSON error code for errors (50035 Invalid Form Body unless more specific). */
  code: number;
  message: string;
  /** The field, for Discord's `errors` tree; absent for errors of the whole request. */
  path?: SchemaPath;
  /** Discord's code for the field error, e.g. BASE_TYPE_MAX_LENGTH. */
  reason?: string;
  /** Discord's message for the field error (`message` is the whole line, path included). */
  detail?: string;
}

export const INVALID_FORM_BODY = 50035;
export const EMPTY_MESSAGE = 50006;
export const ENTITY_TOO_LARGE = 40005;

export type Json = Record<string, unknown>;

interface SpecDocument {
  paths: Record<string, Record<string, { requestBody: { required: boolean; content: Json } }>>;
  components: { schemas: Record<string, Schema> };
}

const SPEC = JSON.parse(
  readFileSync(join(packageRoot(), "assets", "discord-api-spec", "openapi.subset.json"), "utf8"),
) as SpecDocument;
const validator = new SchemaValidator(SPEC.components.schemas);

/** Locales Discord accepts as keys of name_localizations and description_localizations. */
export const LOCALES = new Set(
  (validator.schema("AvailableLocalesEnum").oneOf ?? []).map((option) => String(option.const)),
);

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** `embeds[0].fields[1].name`, as discord.js prints Discord's error paths. */
export function pathText(path: SchemaPath): string {
  return path
    .map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("");
}

export class Issues {
  readonly list: Issue[] = [];
  constructor(readonly base: SchemaPath = []) {}
  error(path: SchemaPath, reason: string, message: string, code = INVALID_FORM_BODY): void {
    const full = [...this.base, ...path];
    this.list.push({
      severity: "error",
      code,
      message: `${pathText(full) || "body"}[${reason}]: ${message}`,
      path: full,
      reason,
      detail: message,
    });
  }
  warn(path: SchemaPath, message: string): void {
    this.list.push({
      severity: "warning",
      code: 0,
      message: `${pathText([...this.base, ...path])}: ${message}`,
    });
  }
  maxLength(path: SchemaPath, value: unknown, max: number): void {
    if (typeof value === "string" && textLength(value) > max) {
      this.error(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
    }
  }
}

/**
 * The request body of `method route` (route as the spec spells it, e.g. /channels/{channel_id}/messages)
 * checked against Discord's OpenAPI description.
 */
export function specIssues(method: string, route: string, body: unknown): Issue[] {
  const operation = SPEC.paths[route]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${route} has no request body in the vendored spec`);
  if (body === undefined || body === null) {
    return operation.requestBody.required
      ? [{ severity: "error", code: INVALID_FORM_BODY, message: "body: a JSON body is required" }]
      : [];
  }
  const schema = (operation.requestBody.content["application/json"] as { schema: Schema }).schema;
  return validator.validate(schema, body).map((error) => ({
    severity: "error",
    code: INVALID_FORM_BODY,
    message: `${pathText(error.path) || "body"}[${error.code}]: ${error.message}`,
    path: error.path,
    reason: error.code,
    detail: error.message,
  }));
}

/** Discord's `errors` object of a 50035 answer: the field paths as nested keys, `_errors` at each leaf. */
export function errorTree(issues: Issue[]): Json {
  const tree: Json = {};
  for (const issue of issues) {
    let node = tree;
    for (const part of issue.path ?? []) {
      const key = String(part);
      if (!isObject(node[key])) node[key] = {};
      node = node[key] as Json;
    }
    node._errors ??= [];
    (node._errors as unknown[]).push({
      code: issue.reason ?? "INVALID_FORM_BODY",
      message: issue.detail ?? issue.message,
    });
  }
  return tree;
}

/** Issues found under `data` of an interaction callback. */
export function underData(issues: Issue[]): Issue[] {
  return issues.map((issue) =>
    issue.path ? { ...issue, path: ["data", ...issue.path], message: `data.${issue.message}` } : issue,
  );
}

/** Issues twice over (the spec and a documented limit saying the same) are reported once. */
export function distinctIssues(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = issue.path ? `${JSON.stringify(issue.path)} ${issue.reason}` : issue.message;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function nonEmptyString(value: unknown): boolean {
  return typeof value === "string" && value.trim().length > 0;
}

export function nonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/** Where a URL may point: the schemes Discord documents for each kind of link. */
export const LINK_SCHEMES = ["http:", "https:", "discord:"];
export const WEB_SCHEMES = ["http:", "https:"];
export const MEDIA_SCHEMES = ["http:", "https:", "attachment:"];

/** The `attachment://name` references of one message, checked against the files it carries. */
export class References {
  readonly #names: Set<string>;
  constructor(names: string[]) {
    this.#names = new Set(names);
  }

  /** Checks a URL's scheme; an `attachment://` must name a file of the message. */
  check(
    path: SchemaPath,
    url: unknown,
    schemes: string[],
    issues: Issues,
    missing: "error" | "warning",
  ): void {
    if (typeof url !== "string" || !URL.canParse(url)) return;
    const scheme = new URL(url).protocol;
    if (!schemes.includes(scheme)) {
      issues.error(
        path,
        "URL_TYPE_INVALID_SCHEME",
        `Scheme "${scheme.slice(0, -1)}" is not supported. Scheme must be one of (${schemes.map((s) => `'${s.slice(0, -1)}'`).join(", ")}).`,
      );
      return;
    }
    if (scheme !== "attachment:") return;
    const name = url.slice("attachment://".length);
    if (this.#names.has(name)) return;
    if (missing === "error") {
      issues.error(
        path,
        "UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND",
        `${url} names no attachment of this message.`,
      );
    } else issues.warn(path, `${url} names no attachment of this message (Discord shows no picture)`);
  }
}
