import type {
  APIApplicationCommand,
  APIApplicationCommandOptionChoice,
  APIChannel,
  APIMessage,
  APIModalInteractionResponseCallbackData,
  APIRole,
  APIUser,
  Locale,
} from "discord-api-types/v10";
import type { CallbackRecord, EmulatedInteraction, ErrorRecord } from "./types.js";

// What the emulator's world keeps of each user, server, channel, message, interaction and command.

export interface StoredUser {
  user: APIUser;
  dmsClosed: boolean;
  dmChannelId: string | null;
  /** The Discord client's language, sent as every interaction's `locale` (absent: en-US). */
  locale?: Locale;
}

export interface StoredMember {
  userId: string;
  roles: string[];
  joinedAt: string;
}

export interface StoredGuild {
  id: string;
  name: string;
  ownerId: string;
  roles: APIRole[];
  managerRoleId: string;
  botRoleId: string;
  members: Map<string, StoredMember>;
  channelIds: string[];
  createdAt: string;
  /** The server's preferred locale (absent: en-US). */
  preferredLocale?: Locale;
  /**
   * Members let use a command, or kept from it, whatever its default_member_permissions: what a
   * server's admins set in Server Settings → Integrations (absent in worlds saved before it).
   */
  commandOverwrites?: CommandOverwrite[];
}

export interface CommandOverwrite {
  commandId: string;
  userId: string;
  allowed: boolean;
}

export interface StoredChannel {
  channel: APIChannel;
  guildId: string | null;
  /** For DM channels: the user on the other side. */
  recipientId: string | null;
  threadMembers: Set<string>;
  deleted: boolean;
}

export interface StoredMessage {
  message: APIMessage;
  ephemeral: boolean;
  audienceUserId: string | null;
  interactionId: string | null;
  files: Map<string, Buffer>;
  /** Users pinged when the message was created (edits never ping). */
  notifiedUserIds: string[];
  deleted: boolean;
  editCount: number;
  createdAt: number;
  editedAt: number | null;
}

export interface StoredInteraction {
  handle: EmulatedInteraction;
  callbacks: CallbackRecord[];
  /** The message `@original` refers to once acknowledged. */
  originalMessageId: string | null;
  followUpIds: string[];
  modal: APIModalInteractionResponseCallbackData | null;
  choices: APIApplicationCommandOptionChoice[] | null;
  firstCallbackMs: number | null;
  errors: ErrorRecord[];
  /** For modal submits: the interaction whose type-9 callback showed the modal. */
  modalOpenedBy: StoredInteraction | null;
  /** editCount of the component message when a deferred update (type 6) was accepted. */
  editCountAtAck: number;
}

export interface StoredCommand {
  command: APIApplicationCommand;
  guildId: string | null;
}
