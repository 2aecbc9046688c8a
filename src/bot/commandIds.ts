import { type Client, Routes } from "discord.js";
import { commandPath } from "../i18n/commands.js";
import type { Locale } from "../i18n/locale.js";
import type { Config } from "./config.js";

/**
 * The slash commands' ids at Discord, read once at start. Public text names a command as a command
 * mention (`</rules:id>`), which Discord shows in each reader's own language, as their command box
 * does, and which a tap puts in that box. A command whose id is not known (not read yet, or
 * registered by another server of its own) is typed out in the text's language instead.
 */
export class CommandIds {
  #global = new Map<string, string>();
  /** The development server's own registration (DEV_GUILD_ID): its commands have ids of their own. */
  #guild: { id: string; ids: Map<string, string> } | null = null;

  /** Records commands as Discord listed them: the application's (`guildId` null) or one server's. */
  learn(commands: readonly { id: string; name: string }[], guildId: string | null): void {
    const ids = new Map(commands.map((c) => [c.name, c.id]));
    if (guildId === null) this.#global = ids;
    else this.#guild = { id: guildId, ids };
  }

  /**
   * A command (`path`: its English path down to the subcommand, "rules", "game end") as public text in `locale` names it
   * in server `guildId`: a mention when its id is known there, else `` `/regels` `` typed out.
   */
  name(path: string, locale: Locale, guildId: string | null): string {
    const [command = path] = path.split(" ");
    const ids = this.#guild && this.#guild.id === guildId ? this.#guild.ids : this.#global;
    const id = ids.get(command) ?? this.#global.get(command);
    return id ? `</${path}:${id}>` : `\`/${commandPath(path, locale)}\``;
  }

  /** Reads the commands' ids from Discord: the application's, and the development server's when there is one. */
  async load(ctx: { client: Client; config: Pick<Config, "applicationId" | "devGuildId"> }): Promise<void> {
    const { applicationId, devGuildId } = ctx.config;
    const global = (await ctx.client.rest.get(Routes.applicationCommands(applicationId))) as Listed;
    this.learn(global, null);
    if (devGuildId)
      this.learn(
        (await ctx.client.rest.get(Routes.applicationGuildCommands(applicationId, devGuildId))) as Listed,
        devGuildId,
      );
  }
}

type Listed = { id: string; name: string }[];
