import { type APIApplicationCommand, ApplicationCommandType } from "discord-api-types/v10";
import type { StoredCommand, World } from "../store.js";
import { checkCommand, checkCommands } from "../validation/commands.js";
import { distinctIssues, errorTree, INVALID_FORM_BODY, type Issue } from "../validation/issues.js";
import {
  type Context,
  fail,
  ID,
  isObject,
  type Json,
  ok,
  type RestKit,
  type Result,
  type Route,
  route,
} from "./kit.js";

/** Application commands, global and per guild: list, bulk overwrite, create, read, edit, delete. */
export class CommandRoutes {
  readonly #kit: RestKit;
  readonly #world: World;

  constructor(kit: RestKit) {
    this.#kit = kit;
    this.#world = kit.world;
  }

  routes(): Route[] {
    const specApp = "/applications/{application_id}";
    const app = `/applications/${ID}`;
    return [
      route("GET", `${app}/commands`, (ctx) => this.#listCommands(ctx, null)),
      route("PUT", `${app}/commands`, (ctx) => this.#putCommands(ctx, null), true, `${specApp}/commands`),
      route("POST", `${app}/commands`, (ctx) => this.#postCommand(ctx, null), true, `${specApp}/commands`),
      route("GET", `${app}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, null)),
      route(
        "PATCH",
        `${app}/commands/${ID}`,
        (ctx) => this.#oneCommand(ctx, null),
        true,
        `${specApp}/commands/{command_id}`,
      ),
      route("DELETE", `${app}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, null)),
      route("GET", `${app}/guilds/${ID}/commands`, (ctx) => this.#listCommands(ctx, ctx.params[1]!)),
      route(
        "PUT",
        `${app}/guilds/${ID}/commands`,
        (ctx) => this.#putCommands(ctx, ctx.params[1]!),
        true,
        `${specApp}/guilds/{guild_id}/commands`,
      ),
      route(
        "POST",
        `${app}/guilds/${ID}/commands`,
        (ctx) => this.#postCommand(ctx, ctx.params[1]!),
        true,
        `${specApp}/guilds/{guild_id}/commands`,
      ),
      route("GET", `${app}/guilds/${ID}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, ctx.params[1]!)),
      route(
        "PATCH",
        `${app}/guilds/${ID}/commands/${ID}`,
        (ctx) => this.#oneCommand(ctx, ctx.params[1]!),
        true,
        `${specApp}/guilds/{guild_id}/commands/{command_id}`,
      ),
      route("DELETE", `${app}/guilds/${ID}/commands/${ID}`, (ctx) => this.#oneCommand(ctx, ctx.params[1]!)),
    ];
  }

  #commandScope(ctx: Context, guildId: string | null): Result | null {
    if (ctx.params[0] !== this.#world.applicationId) {
      this.#kit.violation(
        ctx,
        "command",
        `application id ${ctx.params[0]} is not ${this.#world.applicationId}`,
      );
      return fail(404, 10002, "Unknown Application");
    }
    if (guildId !== null && !this.#world.guilds.has(guildId)) return fail(404, 10004, "Unknown Guild");
    return null;
  }

  #listCommands(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId);
    if (problem) return problem;
    return ok(
      this.#world.commands.filter((stored) => stored.guildId === guildId).map((stored) => stored.command),
    );
  }

  #buildCommand(
    body: Json,
    guildId: string | null,
    existing: StoredCommand | undefined,
  ): APIApplicationCommand {
    const type = typeof body.type === "number" ? body.type : ApplicationCommandType.ChatInput;
    const command = {
      id: existing?.command.id ?? this.#world.ids.next(),
      application_id: this.#world.applicationId,
      version: this.#world.ids.next(),
      type,
      name: String(body.name),
      name_localizations: (body.name_localizations as APIApplicationCommand["name_localizations"]) ?? null,
      description: typeof body.description === "string" ? body.description : "",
      description_localizations:
        (body.description_localizations as APIApplicationCommand["description_localizations"]) ?? null,
      default_member_permissions:
        typeof body.default_member_permissions === "string" ? body.default_member_permissions : null,
      nsfw: body.nsfw === true,
      contexts: (body.contexts as APIApplicationCommand["contexts"]) ?? null,
      integration_types: (body.integration_types as APIApplicationCommand["integration_types"]) ?? [0],
    } as APIApplicationCommand;
    if (Array.isArray(body.options)) command.options = body.options as APIApplicationCommand["options"];
    if (guildId) command.guild_id = guildId;
    else command.dm_permission = body.dm_permission !== false;
    return command;
  }

  /** The spec's checks of the request body plus Discord's documented command limits. */
  #commandIssues(ctx: Context, documented: Issue[]): Result | null {
    const issues = distinctIssues([...this.#kit.bodyIssues(ctx), ...documented]);
    if (issues.length === 0) return null;
    for (const issue of issues) this.#kit.violation(ctx, "command", issue.message);
    return fail(400, INVALID_FORM_BODY, "Invalid Form Body", errorTree(issues));
  }

  #putCommands(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId) ?? this.#commandIssues(ctx, checkCommands(ctx.body));
    if (problem) return problem;
    const previous = this.#world.commands.filter((stored) => stored.guildId === guildId);
    const next = (ctx.body as Json[]).map((body) => {
      const type = typeof body.type === "number" ? body.type : ApplicationCommandType.ChatInput;
      const existing = previous.find(
        (stored) => stored.command.name === body.name && stored.command.type === type,
      );
      return { command: this.#buildCommand(body, guildId, existing), guildId };
    });
    this.#world.commands = [...this.#world.commands.filter((stored) => stored.guildId !== guildId), ...next];
    return ok(next.map((stored) => stored.command));
  }

  #postCommand(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId) ?? this.#commandIssues(ctx, checkCommand(ctx.body));
    if (problem) return problem;
    const body = ctx.body as Json;
    const type = typeof body.type === "number" ? body.type : ApplicationCommandType.ChatInput;
    const index = this.#world.commands.findIndex(
      (stored) =>
        stored.guildId === guildId && stored.command.name === body.name && stored.command.type === type,
    );
    const command = this.#buildCommand(body, guildId, this.#world.commands[index]);
    if (index >= 0) this.#world.commands[index] = { command, guildId };
    else this.#world.commands.push({ command, guildId });
    return ok(command, index >= 0 ? 200 : 201);
  }

  #oneCommand(ctx: Context, guildId: string | null): Result {
    const problem = this.#commandScope(ctx, guildId);
    if (problem) return problem;
    const commandId = ctx.params[guildId === null ? 1 : 2]!;
    const index = this.#world.commands.findIndex(
      (stored) => stored.guildId === guildId && stored.command.id === commandId,
    );
    if (index < 0) return fail(404, 10063, "Unknown application command");
    if (ctx.method === "GET") return ok(this.#world.commands[index]!.command);
    if (ctx.method === "DELETE") {
      this.#world.commands.splice(index, 1);
      return { status: 204 };
    }
    const merged = { ...this.#world.commands[index]!.command, ...(isObject(ctx.body) ? ctx.body : {}) };
    const issues = this.#commandIssues(ctx, checkCommand(merged));
    if (issues) return issues;
    const command = this.#buildCommand(merged, guildId, this.#world.commands[index]);
    this.#world.commands[index] = { command, guildId };
    return ok(command);
  }
}
