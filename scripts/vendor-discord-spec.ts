/**
 * Cuts the emulator's extract out of Discord's published OpenAPI description
 * (github.com/discord/discord-api-spec, specs/openapi.json): the JSON request bodies of the routes the
 * emulator serves and every schema they reference, so the repository carries ~70 KB instead of 1.2 MB.
 *
 *   node dist/scripts/vendor-discord-spec.js <openapi.json> <commit> <commit date>
 *
 * writes the emulator package's assets/discord-api-spec/openapi.subset.json; note the commit in the README next to it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "@cardtable/discord-emulator";

/** Route templates (as the spec spells them) and methods whose bodies the emulator validates. */
const ROUTES: Record<string, string[]> = {
  "/applications/{application_id}/commands": ["put", "post"],
  "/applications/{application_id}/commands/{command_id}": ["patch"],
  "/applications/{application_id}/guilds/{guild_id}/commands": ["put", "post"],
  "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}": ["patch"],
  "/interactions/{interaction_id}/{interaction_token}/callback": ["post"],
  "/webhooks/{webhook_id}/{webhook_token}": ["post"],
  "/webhooks/{webhook_id}/{webhook_token}/messages/@original": ["patch"],
  "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": ["patch"],
  "/channels/{channel_id}": ["patch"],
  "/channels/{channel_id}/messages": ["post"],
  "/channels/{channel_id}/messages/{message_id}": ["patch"],
  "/channels/{channel_id}/threads": ["post"],
  "/channels/{channel_id}/messages/{message_id}/threads": ["post"],
  "/users/@me/channels": ["post"],
};

/** Schemas the emulator looks up by name although no request body references them. */
const EXTRA_SCHEMAS = ["AvailableLocalesEnum"];

type Json = { [key: string]: unknown };

function main(): void {
  const [source, commit, date] = process.argv.slice(2);
  if (!source || !commit || !date) {
    throw new Error("usage: vendor-discord-spec <openapi.json> <commit> <commit date>");
  }
  const spec = JSON.parse(readFileSync(source, "utf8")) as {
    openapi: string;
    info: Json;
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, unknown> };
  };
  const schemas = spec.components.schemas;
  const kept = new Set<string>(EXTRA_SCHEMAS);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          const name = value.slice("#/components/schemas/".length);
          if (!kept.has(name)) {
            kept.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  EXTRA_SCHEMAS.forEach((name) => {
    visit(schemas[name]);
  });
  const paths: Record<string, Record<string, Json>> = {};
  for (const [path, methods] of Object.entries(ROUTES)) {
    for (const method of methods) {
      const operation = spec.paths[path]?.[method] as
        | { requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> } }
        | undefined;
      const body = operation?.requestBody?.content["application/json"];
      if (!body) throw new Error(`${method.toUpperCase()} ${path} has no JSON request body in the spec`);
      visit(body.schema);
      paths[path] ??= {};
      paths[path][method] = {
        requestBody: {
          required: operation.requestBody?.required ?? false,
          content: { "application/json": { schema: body.schema } },
        },
      };
    }
  }
  const extract = {
    openapi: spec.openapi,
    info: spec.info,
    "x-source": { repository: "discord/discord-api-spec", file: "specs/openapi.json", commit, date },
    paths,
    components: {
      schemas: Object.fromEntries([...kept].sort().map((name) => [name, schemas[name]])),
    },
  };
  const target = join(packageRoot(), "assets", "discord-api-spec", "openapi.subset.json");
  writeFileSync(target, `${JSON.stringify(extract, null, 1)}\n`);
  console.log(`${target}: ${Object.keys(paths).length} routes, ${kept.size} schemas`);
}

main();
