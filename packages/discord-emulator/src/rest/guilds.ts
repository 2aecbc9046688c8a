import type { World } from "../store.js";
import { type Context, fail, ID, ok, type RestKit, type Result, type Route, route } from "./kit.js";

/** Guilds, their channels, roles and members. */
export class GuildRoutes {
  readonly #world: World;

  constructor(kit: RestKit) {
    this.#world = kit.world;
  }

  routes(): Route[] {
    return [
      route("GET", `/guilds/${ID}`, (ctx) => this.#getGuild(ctx)),
      route("GET", `/guilds/${ID}/channels`, (ctx) => this.#guildChannels(ctx)),
      route("GET", `/guilds/${ID}/roles`, (ctx) => this.#guildRoles(ctx)),
      route("GET", `/guilds/${ID}/members/${ID}`, (ctx) => this.#getMember(ctx)),
    ];
  }

  #getGuild(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    if (!guild) return fail(404, 10004, "Unknown Guild");
    const counts =
      ctx.query.get("with_counts") === "true"
        ? { approximate_member_count: guild.members.size, approximate_presence_count: 0 }
        : {};
    return ok({ ...this.#world.apiGuild(guild), ...counts });
  }

  #guildChannels(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    if (!guild) return fail(404, 10004, "Unknown Guild");
    return ok(
      guild.channelIds
        .map((id) => this.#world.channels.get(id)!)
        .filter((channel) => !channel.deleted)
        .map((channel) => channel.channel),
    );
  }

  #guildRoles(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    return guild ? ok(guild.roles) : fail(404, 10004, "Unknown Guild");
  }

  #getMember(ctx: Context): Result {
    const guild = this.#world.guilds.get(ctx.params[0]!);
    if (!guild) return fail(404, 10004, "Unknown Guild");
    const member = guild.members.get(ctx.params[1]!);
    return member ? ok(this.#world.apiMember(member)) : fail(404, 10007, "Unknown Member");
  }
}
