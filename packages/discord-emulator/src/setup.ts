import { GatewayIntentBits, type Locale } from "discord-api-types/v10";
import type { Gateway } from "./gateway.js";
import { guildOf, userOf } from "./lookup.js";
import type { ChannelOptions, GuildOptions, UserOptions } from "./options.js";
import type { World } from "./store.js";
import {
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type Ref,
  refId,
  type WorldChange,
} from "./types.js";

/** Sets up the world a test plays in: guilds, channels, users, members, who may use which command. */
export class WorldSetup {
  readonly #world: World;
  readonly #gateway: Gateway;
  readonly #changed: (change: WorldChange) => void;

  constructor(world: World, gateway: Gateway, changed: (change: WorldChange) => void) {
    this.#world = world;
    this.#gateway = gateway;
    this.#changed = changed;
  }

  createGuild(name: string, options: GuildOptions = {}): EmulatorGuild {
    const owner = this.#world.addUser(`${name} owner`, true);
    const guild = this.#world.addGuild(name, owner.user.id, options.shard);
    if (options.preferredLocale) guild.preferredLocale = options.preferredLocale;
    this.#world.addMember(guild, owner.user.id, true);
    const members =
      options.members?.map(refId) ??
      [...this.#world.users.keys()].filter((id) => id !== this.#world.botUser.id && id !== owner.user.id);
    for (const id of members) this.#world.addMember(guild, id, this.#world.manageGuildUsers.has(id));
    this.#gateway.guildAvailable(guild);
    this.#changed({ kind: "world" });
    return this.guildHandle(guild.id);
  }

  guildHandle(id: string): EmulatorGuild {
    const guild = this.#world.guilds.get(id)!;
    return {
      id,
      name: guild.name,
      everyoneRoleId: id,
      managerRoleId: guild.managerRoleId,
      botRoleId: guild.botRoleId,
    };
  }

  createChannel(guild: Ref, name: string, options: ChannelOptions = {}): EmulatorChannel {
    const stored = guildOf(this.#world, guild);
    const channel = this.#world.addTextChannel(
      stored,
      name,
      options.botCanSend ?? true,
      options.topic ?? null,
    );
    this.#gateway.broadcast("CHANNEL_CREATE", channel.channel, GatewayIntentBits.Guilds);
    this.#changed({ kind: "world" });
    return { id: channel.channel.id, name, guildId: stored.id };
  }

  createUser(name: string, options: UserOptions = {}): EmulatorUser {
    const user = this.#world.addUser(name, options.dmsClosed ?? false);
    if (options.locale) user.locale = options.locale;
    if (options.manageGuild) this.#world.manageGuildUsers.add(user.user.id);
    const guildIds = options.guilds?.map(refId) ?? [...this.#world.guilds.keys()];
    for (const guildId of guildIds)
      this.addMember(guildId, user.user.id, { manageGuild: options.manageGuild });
    this.#changed({ kind: "world" });
    return { id: user.user.id, username: user.user.username };
  }

  setUserLocale(user: Ref, locale: Locale | null): void {
    const stored = userOf(this.#world, user);
    if ((stored.locale ?? null) === locale) return;
    if (locale) stored.locale = locale;
    else delete stored.locale;
    this.#changed({ kind: "world" });
  }

  addMember(guild: Ref, user: Ref, options: { manageGuild?: boolean } = {}): void {
    const stored = guildOf(this.#world, guild);
    const member = this.#world.addMember(stored, refId(user), options.manageGuild ?? false);
    this.#gateway.broadcast(
      "GUILD_MEMBER_ADD",
      { ...this.#world.apiMember(member), guild_id: stored.id },
      GatewayIntentBits.GuildMembers,
    );
    this.#changed({ kind: "world" });
  }

  setCommandPermission(guild: Ref, commandName: string, user: Ref, allowed: boolean): void {
    const stored = guildOf(this.#world, guild);
    const userId = userOf(this.#world, user).user.id;
    const command = this.#world.commands.find(
      (candidate) =>
        candidate.command.name === commandName &&
        (candidate.guildId === null || candidate.guildId === stored.id),
    );
    if (!command) throw new Error(`/${commandName} is not registered in guild ${stored.id}`);
    const others = (stored.commandOverwrites ?? []).filter(
      (overwrite) => !(overwrite.commandId === command.command.id && overwrite.userId === userId),
    );
    stored.commandOverwrites = [...others, { commandId: command.command.id, userId, allowed }];
    this.#changed({ kind: "world" });
  }
}
