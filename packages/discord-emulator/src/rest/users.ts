import { type APIApplication, ApplicationFlags } from "discord-api-types/v10";
import type { World } from "../store.js";
import { checkDmChannel } from "../validation/channels.js";
import { type Context, fail, ID, isObject, ok, type RestKit, type Result, type Route, route } from "./kit.js";

/** The gateway address, the bot user, other users, DMs and the application. */
export class UserRoutes {
  readonly #kit: RestKit;
  readonly #world: World;

  constructor(kit: RestKit) {
    this.#kit = kit;
    this.#world = kit.world;
  }

  routes(): Route[] {
    return [
      route("GET", "/gateway", () => ok({ url: this.#kit.options.gatewayUrl() }), false),
      route("GET", "/gateway/bot", () => this.#gatewayBot()),
      route("GET", "/users/@me", () => ok(this.#world.botUser)),
      route("GET", `/users/${ID}`, (ctx) => this.#getUser(ctx)),
      route("POST", "/users/@me/channels", (ctx) => this.#openDm(ctx), true, "/users/@me/channels"),
      route("GET", "/applications/@me", () => ok(this.#application())),
      route("GET", "/oauth2/applications/@me", () => ok(this.#application())),
    ];
  }

  #gatewayBot(): Result {
    return ok({
      url: this.#kit.options.gatewayUrl(),
      shards: this.#kit.options.recommendedShards ?? 1,
      session_start_limit: {
        total: 1000,
        remaining: 999,
        reset_after: 14_400_000,
        max_concurrency: this.#kit.options.maxConcurrency,
      },
    });
  }

  #getUser(ctx: Context): Result {
    const user = this.#world.users.get(ctx.params[0]!);
    return user ? ok(user.user) : fail(404, 10013, "Unknown User");
  }

  #openDm(ctx: Context): Result {
    const problem = this.#kit.issuesResult(ctx, [...this.#kit.bodyIssues(ctx), ...checkDmChannel(ctx.body)]);
    if (problem) return problem;
    const recipientId = isObject(ctx.body) ? String(ctx.body.recipient_id ?? "") : "";
    const user = this.#world.users.get(recipientId);
    if (!user || user.user.id === this.#world.botUser.id) return fail(404, 10013, "Unknown User");
    return ok(this.#world.dmChannelFor(user).channel);
  }

  #application(): APIApplication {
    return {
      id: this.#world.applicationId,
      name: this.#world.botUser.username,
      icon: null,
      description: "",
      bot_public: true,
      bot_require_code_grant: false,
      bot: this.#world.botUser,
      summary: "",
      verify_key: "0".repeat(64),
      team: null,
      flags: ApplicationFlags.GatewayMessageContentLimited | ApplicationFlags.ApplicationCommandBadge,
      flags_new: String(
        ApplicationFlags.GatewayMessageContentLimited | ApplicationFlags.ApplicationCommandBadge,
      ),
      approximate_guild_count: this.#world.guilds.size,
      redirect_uris: [],
      interactions_endpoint_url: null,
      role_connections_verification_url: null,
      install_params: { scopes: ["bot", "applications.commands"], permissions: "0" },
    } as unknown as APIApplication;
  }
}
