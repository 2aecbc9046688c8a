import {
  type APIApplicationCommand,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
  type APIInteractionDataResolved,
  type APIInteractionDataResolvedChannel,
  type APIMessageTopLevelComponent,
  type APIModalInteractionResponseCallbackData,
  type APIModalSubmissionComponent,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ButtonStyle,
  ComponentType,
  InteractionContextType,
  type InteractionType,
  Locale,
} from "discord-api-types/v10";
import type { StoredChannel, StoredUser, World } from "./store.js";
import type { ComponentView } from "./types.js";

type Json = Record<string, unknown>;

/** Option values a test passes to `slash`: ids (strings) for users, channels, roles and mentionables. */
export type SlashOptions = Record<string, string | number | boolean>;
export type ModalFields = Record<string, string | string[]>;

/** The fields every interaction carries, as Discord fills them for a guild or DM channel. */
export function interactionBase(
  world: World,
  user: StoredUser,
  channel: StoredChannel,
  type: InteractionType,
  id: string,
  token: string,
  attachmentSizeLimit: number,
): Json {
  const base: Json = {
    id,
    application_id: world.applicationId,
    type,
    token,
    version: 1,
    channel_id: channel.channel.id,
    channel: {
      ...structuredClone(channel.channel),
      permissions: world.channelPermissions(channel, user.user.id).toString(),
    },
    app_permissions: world.channelPermissions(channel, world.botUser.id).toString(),
    locale: user.locale ?? Locale.EnglishUS,
    entitlements: [],
    attachment_size_limit: attachmentSizeLimit,
  };
  if (channel.guildId) {
    const guild = world.guilds.get(channel.guildId)!;
    const member = guild.members.get(user.user.id);
    if (!member) throw new Error(`${user.user.username} is not a member of guild ${guild.name}`);
    base.guild_id = guild.id;
    base.guild = { id: guild.id, locale: guild.preferredLocale ?? Locale.EnglishUS, features: [] };
    base.guild_locale = guild.preferredLocale ?? Locale.EnglishUS;
    base.member = world.interactionMember(member, channel);
    base.authorizing_integration_owners = { [ApplicationIntegrationType.GuildInstall]: guild.id };
    base.context = InteractionContextType.Guild;
  } else {
    base.user = user.user;
    base.authorizing_integration_owners = { [ApplicationIntegrationType.GuildInstall]: "0" };
    base.context = InteractionContextType.BotDM;
  }
  return base;
}

interface CommandDataResult {
  data: Json;
  name: string;
}

/**
 * Builds `data` of a chat-input command the way the Discord client would from what the user
 * typed, checking it against the registered definition (a test cannot send what a client cannot).
 */
export function commandData(
  world: World,
  command: APIApplicationCommand,
  channel: StoredChannel,
  options: SlashOptions,
  subcommand: string | undefined,
  focused: { name: string; value: string } | null,
): CommandDataResult {
  if (command.type !== ApplicationCommandType.ChatInput)
    throw new Error(`/${command.name} is not a slash command`);
  const resolved: APIInteractionDataResolved = {};
  let definitions = command.options ?? [];
  const path = subcommand ? subcommand.trim().split(/\s+/) : [];
  const hasSubcommands = definitions.some(
    (option) =>
      option.type === ApplicationCommandOptionType.Subcommand ||
      option.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (hasSubcommands && path.length === 0) {
    throw new Error(
      `/${command.name} needs a subcommand: ${definitions.map((option) => option.name).join(", ")}`,
    );
  }
  const chain: { type: ApplicationCommandOptionType; name: string }[] = [];
  for (const part of path) {
    const next = definitions.find(
      (option) =>
        option.name === part &&
        (option.type === ApplicationCommandOptionType.Subcommand ||
          option.type === ApplicationCommandOptionType.SubcommandGroup),
    );
    if (!next) throw new Error(`/${command.name} has no subcommand "${part}"`);
    chain.push({ type: next.type, name: next.name });
    definitions = "options" in next ? ((next.options ?? []) as APIApplicationCommandOption[]) : [];
  }
  if (chain.length > 0 && chain[chain.length - 1]!.type !== ApplicationCommandOptionType.Subcommand) {
    throw new Error(`/${command.name} ${subcommand}: name a subcommand inside the group`);
  }
  const leaf: APIApplicationCommandInteractionDataOption[] = [];
  const given = { ...options };
  if (focused) given[focused.name] = focused.value;
  for (const [name, value] of Object.entries(given)) {
    const definition = definitions.find((option) => option.name === name);
    if (!definition) {
      throw new Error(
        `/${command.name}: no option "${name}" (has ${definitions.map((option) => option.name).join(", ")})`,
      );
    }
    const isFocused = focused?.name === name;
    leaf.push(optionValue(world, channel, definition, value, resolved, isFocused));
  }
  for (const definition of definitions) {
    if ("required" in definition && definition.required && !(definition.name in given) && !focused) {
      throw new Error(`/${command.name}: required option "${definition.name}" missing`);
    }
  }
  let nested: APIApplicationCommandInteractionDataOption[] = leaf;
  for (let index = chain.length - 1; index >= 0; index--) {
    nested = [
      {
        type: chain[index]!.type,
        name: chain[index]!.name,
        options: nested,
      } as APIApplicationCommandInteractionDataOption,
    ];
  }
  const data: Json = { id: command.id, name: command.name, type: ApplicationCommandType.ChatInput };
  if (nested.length > 0) data.options = nested;
  if (Object.keys(resolved).length > 0) data.resolved = resolved;
  if (command.guild_id) data.guild_id = command.guild_id;
  return { data, name: [command.name, ...path].join(" ") };
}

function optionValue(
  world: World,
  channel: StoredChannel,
  definition: APIApplicationCommandOption,
  value: string | number | boolean,
  resolved: APIInteractionDataResolved,
  focused: boolean,
): APIApplicationCommandInteractionDataOption {
  const where = `option "${definition.name}"`;
  const result = { type: definition.type, name: definition.name, value } as Json;
  if (focused) {
    result.focused = true;
    result.value = String(value);
    return result as unknown as APIApplicationCommandInteractionDataOption;
  }
  const guild = channel.guildId ? world.guilds.get(channel.guildId) : undefined;
  switch (definition.type) {
    case ApplicationCommandOptionType.String:
      if (typeof value !== "string") throw new Error(`${where} takes a string`);
      if (definition.min_length !== undefined && value.length < definition.min_length) {
        throw new Error(`${where}: shorter than ${definition.min_length}`);
      }
      if (definition.max_length !== undefined && value.length > definition.max_length) {
        throw new Error(`${where}: longer than ${definition.max_length}`);
      }
      break;
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number:
      if (
        typeof value !== "number" ||
        (definition.type === ApplicationCommandOptionType.Integer && !Number.isInteger(value))
      ) {
        throw new Error(
          `${where} takes ${definition.type === ApplicationCommandOptionType.Integer ? "an integer" : "a number"}`,
        );
      }
      if (definition.min_value !== undefined && value < definition.min_value)
        throw new Error(`${where}: below min_value`);
      if (definition.max_value !== undefined && value > definition.max_value)
        throw new Error(`${where}: above max_value`);
      break;
    case ApplicationCommandOptionType.Boolean:
      if (typeof value !== "boolean") throw new Error(`${where} takes a boolean`);
      break;
    case ApplicationCommandOptionType.User:
      resolveUser(world, guild?.id ?? null, channel, String(value), resolved, where);
      break;
    case ApplicationCommandOptionType.Channel: {
      const target = world.channels.get(String(value));
      if (!target || target.deleted) throw new Error(`${where}: unknown channel ${value}`);
      resolved.channels = { ...resolved.channels, [target.channel.id]: resolvedChannel(world, target) };
      break;
    }
    case ApplicationCommandOptionType.Role: {
      const role = guild?.roles.find((candidate) => candidate.id === String(value));
      if (!role) throw new Error(`${where}: unknown role ${value}`);
      resolved.roles = { ...resolved.roles, [role.id]: role };
      break;
    }
    case ApplicationCommandOptionType.Mentionable: {
      const role = guild?.roles.find((candidate) => candidate.id === String(value));
      if (role) resolved.roles = { ...resolved.roles, [role.id]: role };
      else resolveUser(world, guild?.id ?? null, channel, String(value), resolved, where);
      break;
    }
    default:
      throw new Error(`${where}: option type ${definition.type} is not supported by the emulator`);
  }
  if (
    "choices" in definition &&
    definition.choices &&
    !definition.choices.some((choice) => choice.value === value)
  ) {
    throw new Error(`${where}: ${String(value)} is not one of its choices`);
  }
  return result as unknown as APIApplicationCommandInteractionDataOption;
}

function resolveUser(
  world: World,
  guildId: string | null,
  channel: StoredChannel,
  id: string,
  resolved: APIInteractionDataResolved,
  where: string,
): void {
  const user = world.users.get(id);
  if (!user) throw new Error(`${where}: unknown user ${id}`);
  resolved.users = { ...resolved.users, [id]: user.user };
  const guild = guildId ? world.guilds.get(guildId) : undefined;
  const member = guild?.members.get(id);
  if (guild && member) {
    const { user: _user, ...rest } = world.interactionMember(member, channel);
    resolved.members = { ...resolved.members, [id]: rest };
  }
}

function resolvedChannel(world: World, target: StoredChannel): APIInteractionDataResolvedChannel {
  const channel = target.channel as unknown as Json;
  return {
    id: target.channel.id,
    name: (channel.name as string | null) ?? null,
    type: target.channel.type,
    permissions: world.channelPermissions(target, world.botUser.id).toString(),
    ...(channel.parent_id ? { parent_id: channel.parent_id } : {}),
    ...(channel.thread_metadata ? { thread_metadata: channel.thread_metadata } : {}),
  } as APIInteractionDataResolvedChannel;
}

/** Every interactive component of a message, wherever it sits (rows, sections, containers). */
export function componentsOf(message: { components: APIMessageTopLevelComponent[] }): ComponentView[] {
  const found: ComponentView[] = [];
  const visit = (raw: unknown): void => {
    if (typeof raw !== "object" || raw === null) return;
    const component = raw as Json;
    const type = component.type as ComponentType;
    if (Array.isArray(component.components)) component.components.forEach(visit);
    if (component.accessory) visit(component.accessory);
    if (component.component) visit(component.component);
    if (
      type === ComponentType.Button ||
      type === ComponentType.StringSelect ||
      type === ComponentType.UserSelect ||
      type === ComponentType.RoleSelect ||
      type === ComponentType.MentionableSelect ||
      type === ComponentType.ChannelSelect
    ) {
      const options = Array.isArray(component.options) ? (component.options as Json[]) : [];
      found.push({
        type,
        customId: typeof component.custom_id === "string" ? component.custom_id : null,
        label: typeof component.label === "string" ? component.label : null,
        disabled: component.disabled === true,
        style: typeof component.style === "number" ? component.style : null,
        url: typeof component.url === "string" ? component.url : null,
        placeholder: typeof component.placeholder === "string" ? component.placeholder : null,
        minValues: typeof component.min_values === "number" ? component.min_values : null,
        maxValues: typeof component.max_values === "number" ? component.max_values : null,
        options: options.map((option) => ({
          label: String(option.label),
          value: String(option.value),
          description: typeof option.description === "string" ? option.description : null,
          default: option.default === true,
        })),
      });
    }
  };
  message.components.forEach(visit);
  return found;
}

export function isClickableButton(component: ComponentView): boolean {
  return (
    component.type === ComponentType.Button &&
    component.style !== ButtonStyle.Link &&
    component.style !== ButtonStyle.Premium
  );
}

/** The `values` (and resolved objects) a select menu sends, checked against the menu's limits. */
export function selectData(
  world: World,
  channel: StoredChannel,
  component: ComponentView,
  values: string[],
): { values: string[]; resolved?: APIInteractionDataResolved } {
  const min = component.minValues ?? 1;
  const max = component.maxValues ?? 1;
  if (values.length < min || values.length > max) {
    throw new Error(`select "${component.customId}" takes ${min}..${max} values, got ${values.length}`);
  }
  if (new Set(values).size !== values.length)
    throw new Error(`select "${component.customId}": duplicate values`);
  if (component.type === ComponentType.StringSelect) {
    for (const value of values) {
      if (!component.options.some((option) => option.value === value)) {
        throw new Error(
          `select "${component.customId}" has no option "${value}" (has ${component.options.map((option) => option.value).join(", ")})`,
        );
      }
    }
    return { values };
  }
  const resolved: APIInteractionDataResolved = {};
  const guild = channel.guildId ? world.guilds.get(channel.guildId) : undefined;
  for (const value of values) {
    const role = guild?.roles.find((candidate) => candidate.id === value);
    const target = world.channels.get(value);
    if (
      component.type === ComponentType.RoleSelect ||
      (component.type === ComponentType.MentionableSelect && role)
    ) {
      if (!role) throw new Error(`select "${component.customId}": unknown role ${value}`);
      resolved.roles = { ...resolved.roles, [role.id]: role };
    } else if (component.type === ComponentType.ChannelSelect) {
      if (!target) throw new Error(`select "${component.customId}": unknown channel ${value}`);
      resolved.channels = { ...resolved.channels, [value]: resolvedChannel(world, target) };
    } else {
      resolveUser(world, guild?.id ?? null, channel, value, resolved, `select "${component.customId}"`);
    }
  }
  return { values, resolved };
}

/** The submitted components of a modal, mirroring the layout the bot sent (rows or labels). */
export function modalSubmission(
  modal: APIModalInteractionResponseCallbackData,
  fields: ModalFields,
): APIModalSubmissionComponent[] {
  const known = new Set<string>();
  let nextId = 1;
  const textValue = (input: Json): string => {
    const customId = String(input.custom_id);
    known.add(customId);
    const given = fields[customId];
    const value = Array.isArray(given)
      ? given.join("\n")
      : (given ?? (typeof input.value === "string" ? input.value : ""));
    if (input.required !== false && value.length === 0)
      throw new Error(`modal field "${customId}" is required`);
    if (typeof input.min_length === "number" && value.length > 0 && value.length < input.min_length) {
      throw new Error(`modal field "${customId}" is shorter than ${input.min_length}`);
    }
    if (typeof input.max_length === "number" && value.length > input.max_length) {
      throw new Error(`modal field "${customId}" is longer than ${input.max_length}`);
    }
    return value;
  };
  const submitted = modal.components.map((raw) => {
    const component = raw as unknown as Json;
    const id = typeof component.id === "number" ? component.id : nextId++;
    if (component.type === ComponentType.ActionRow) {
      const input = (component.components as Json[])[0]!;
      return {
        type: ComponentType.ActionRow,
        id,
        components: [
          {
            type: ComponentType.TextInput,
            id: typeof input.id === "number" ? input.id : nextId++,
            custom_id: String(input.custom_id),
            value: textValue(input),
          },
        ],
      };
    }
    if (component.type === ComponentType.Label) {
      const inner = component.component as Json;
      const innerId = typeof inner.id === "number" ? inner.id : nextId++;
      if (inner.type === ComponentType.TextInput) {
        return {
          type: ComponentType.Label,
          id,
          component: {
            type: ComponentType.TextInput,
            id: innerId,
            custom_id: String(inner.custom_id),
            value: textValue(inner),
          },
        };
      }
      const customId = String(inner.custom_id);
      known.add(customId);
      const given = fields[customId];
      return {
        type: ComponentType.Label,
        id,
        component: {
          type: inner.type,
          id: innerId,
          custom_id: customId,
          values: given === undefined ? [] : ([] as string[]).concat(given),
        },
      };
    }
    return { type: ComponentType.TextDisplay, id };
  }) as APIModalSubmissionComponent[];
  for (const name of Object.keys(fields)) {
    if (!known.has(name)) throw new Error(`modal "${modal.custom_id}" has no field "${name}"`);
  }
  return submitted;
}
