import {
  type APIApplicationCommand,
  type APIInteraction,
  ComponentType,
  InteractionType,
} from "discord-api-types/v10";
import type { Gateway } from "./gateway.js";
import {
  commandData,
  componentsOf,
  interactionBase,
  isClickableButton,
  type ModalFields,
  modalSubmission,
  type SlashOptions,
  selectData,
} from "./interactions.js";
import { channelOf, userOf } from "./lookup.js";
import type { ClickOptions } from "./options.js";
import { newInteractionToken } from "./rest/interactions.js";
import type { StoredChannel, StoredInteraction, StoredMessage, StoredUser, World } from "./store.js";
import { type EmulatedInteraction, type Ref, refId } from "./types.js";

/** Plays users: slash commands, autocomplete, clicks, selects and modal submissions dispatched to the bot. */
export class UserActions {
  readonly #world: World;
  readonly #gateway: Gateway;
  readonly #attachmentSizeLimit: number;

  constructor(world: World, gateway: Gateway, attachmentSizeLimit: number) {
    this.#world = world;
    this.#gateway = gateway;
    this.#attachmentSizeLimit = attachmentSizeLimit;
  }

  commandsFor(user: Ref, channel: Ref): APIApplicationCommand[] {
    const from = userOf(this.#world, user);
    const where = channelOf(this.#world, channel);
    const names = new Set(
      this.#world.commands
        .filter((stored) => stored.guildId === null || stored.guildId === where.guildId)
        .map((stored) => stored.command.name),
    );
    return [...names]
      .map((name) => this.#findCommand(where, name))
      .filter((command) => this.#world.mayUseCommand(where, from.user.id, command))
      .map((command) => structuredClone(command));
  }

  #dispatch(
    user: StoredUser,
    channel: StoredChannel,
    type: InteractionType,
    name: string,
    data: Record<string, unknown>,
    message: StoredMessage | null,
    modalOpenedBy: StoredInteraction | null,
  ): EmulatedInteraction {
    const id = this.#world.ids.next();
    const token = newInteractionToken();
    const payload = interactionBase(this.#world, user, channel, type, id, token, this.#attachmentSizeLimit);
    payload.data = data;
    if (message) payload.message = structuredClone(message.message);
    // Throws when no session (of the shard that owns this guild) is ready.
    this.#gateway.requireSessionFor(channel.guildId);
    const handle: EmulatedInteraction = {
      id,
      token,
      type,
      userId: user.user.id,
      channelId: channel.channel.id,
      guildId: channel.guildId,
      name,
      messageId: message?.message.id ?? null,
      dispatchedAt: performance.now(),
      payload: payload as unknown as APIInteraction,
    };
    const stored: StoredInteraction = {
      handle,
      callbacks: [],
      originalMessageId: null,
      followUpIds: [],
      modal: null,
      choices: null,
      firstCallbackMs: null,
      errors: [],
      modalOpenedBy,
      editCountAtAck: 0,
    };
    // Registered before sending: the bot's callback can only arrive on a later tick anyway.
    this.#world.interactions.set(id, stored);
    this.#world.interactionsByToken.set(token, stored);
    this.#gateway.dispatchInteraction(payload);
    return handle;
  }

  #findCommand(channel: StoredChannel, commandName: string): APIApplicationCommand {
    const candidates = this.#world.commands.filter(
      (stored) =>
        stored.command.name === commandName &&
        (stored.guildId === null || stored.guildId === channel.guildId),
    );
    // A guild command shadows a global one of the same name in that guild's client.
    const command = candidates.find((stored) => stored.guildId !== null) ?? candidates[0];
    if (!command) {
      const known = this.#world.commands.map((stored) => stored.command.name).join(", ") || "none";
      throw new Error(`/${commandName} is not registered here (registered: ${known})`);
    }
    return command.command;
  }

  /** A command Discord does not let this member use here is neither listed nor sent to the bot. */
  #usableCommand(user: StoredUser, channel: StoredChannel, commandName: string): APIApplicationCommand {
    const command = this.#findCommand(channel, commandName);
    if (!this.#world.mayUseCommand(channel, user.user.id, command)) {
      throw new Error(
        `${user.user.username} lacks the permissions /${commandName} requires here (default_member_permissions ${command.default_member_permissions}): Discord does not offer it to them`,
      );
    }
    return command;
  }

  async slash(
    user: Ref,
    channel: Ref,
    commandName: string,
    options: SlashOptions = {},
    subcommand?: string,
  ): Promise<EmulatedInteraction> {
    const from = userOf(this.#world, user);
    const where = channelOf(this.#world, channel);
    const command = this.#usableCommand(from, where, commandName);
    const { data, name } = commandData(this.#world, command, where, options, subcommand, null);
    return this.#dispatch(from, where, InteractionType.ApplicationCommand, name, data, null, null);
  }

  async autocomplete(
    user: Ref,
    channel: Ref,
    commandName: string,
    focused: { name: string; value: string },
    options: SlashOptions = {},
    subcommand?: string,
  ): Promise<EmulatedInteraction> {
    const from = userOf(this.#world, user);
    const where = channelOf(this.#world, channel);
    const command = this.#usableCommand(from, where, commandName);
    const { data, name } = commandData(this.#world, command, where, options, subcommand, focused);
    return this.#dispatch(
      from,
      where,
      InteractionType.ApplicationCommandAutocomplete,
      name,
      data,
      null,
      null,
    );
  }

  #visibleMessage(user: StoredUser, message: Ref): StoredMessage {
    const stored = this.#world.messages.get(refId(message));
    if (!stored) throw new Error(`unknown message ${refId(message)}`);
    if (stored.deleted) throw new Error(`message ${stored.message.id} was deleted`);
    if (stored.ephemeral && stored.audienceUserId !== user.user.id) {
      throw new Error(
        `${user.user.username} cannot see ephemeral message ${stored.message.id} of another user`,
      );
    }
    return stored;
  }

  #component(
    stored: StoredMessage,
    customId: string,
    stale: boolean,
    wanted: (type: ComponentType) => boolean,
  ) {
    const components = componentsOf({ components: stored.message.components ?? [] });
    const component = components.find(
      (candidate) => candidate.customId === customId && wanted(candidate.type),
    );
    if (!component) {
      if (stale) return null;
      const available = components.map((candidate) => candidate.customId).join(", ") || "none";
      throw new Error(`message ${stored.message.id} has no component "${customId}" (has: ${available})`);
    }
    if (component.disabled && !stale) throw new Error(`component "${customId}" is disabled`);
    return component;
  }

  async click(
    user: Ref,
    message: Ref,
    customId: string,
    options: ClickOptions = {},
  ): Promise<EmulatedInteraction> {
    const from = userOf(this.#world, user);
    const stored = this.#visibleMessage(from, message);
    const button = this.#component(
      stored,
      customId,
      options.stale ?? false,
      (type) => type === ComponentType.Button,
    );
    if (button && !isClickableButton(button))
      throw new Error(`button "${customId}" is a link/premium button`);
    const channel = channelOf(this.#world, stored.message.channel_id);
    return this.#dispatch(
      from,
      channel,
      InteractionType.MessageComponent,
      customId,
      { custom_id: customId, component_type: ComponentType.Button },
      stored,
      null,
    );
  }

  async select(
    user: Ref,
    message: Ref,
    customId: string,
    values: string[],
    options: ClickOptions = {},
  ): Promise<EmulatedInteraction> {
    const from = userOf(this.#world, user);
    const stored = this.#visibleMessage(from, message);
    const channel = channelOf(this.#world, stored.message.channel_id);
    const menu = this.#component(
      stored,
      customId,
      options.stale ?? false,
      (type) => type !== ComponentType.Button,
    );
    const picked = menu ? selectData(this.#world, channel, menu, values) : { values };
    return this.#dispatch(
      from,
      channel,
      InteractionType.MessageComponent,
      customId,
      { custom_id: customId, component_type: menu?.type ?? ComponentType.StringSelect, ...picked },
      stored,
      null,
    );
  }

  async submitModal(
    user: Ref,
    channel: Ref,
    customId: string,
    fields: ModalFields,
  ): Promise<EmulatedInteraction> {
    const from = userOf(this.#world, user);
    const where = channelOf(this.#world, channel);
    const opener = [...this.#world.interactions.values()]
      .reverse()
      .find(
        (candidate) =>
          candidate.handle.userId === from.user.id &&
          candidate.modal?.custom_id === customId &&
          candidate.handle.channelId === where.channel.id,
      );
    if (!opener?.modal)
      throw new Error(`the bot showed ${from.user.username} no modal "${customId}" in this channel`);
    const components = modalSubmission(opener.modal, fields);
    // Discord closes a modal once submitted.
    opener.modal = null;
    const source = opener.handle.messageId
      ? (this.#world.messages.get(opener.handle.messageId) ?? null)
      : null;
    return this.#dispatch(
      from,
      where,
      InteractionType.ModalSubmit,
      customId,
      { custom_id: customId, components },
      source,
      opener,
    );
  }
}
