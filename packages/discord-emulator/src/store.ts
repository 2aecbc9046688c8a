import {
  type APIApplicationCommand,
  type APIAttachment,
  type APIChannel,
  type APIGuild,
  type APIGuildMember,
  type APIInteractionGuildMember,
  type APIMessage,
  type APIOverwrite,
  type APIRole,
  type APIThreadChannel,
  type APIUser,
  ChannelType,
  type GatewayGuildCreateDispatchData,
  GatewayIntentBits,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildHubType,
  type GuildMemberFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  Locale,
  MessageFlags,
  OverwriteType,
  PermissionFlagsBits,
  type RoleFlags,
  type ThreadMemberFlags,
} from "discord-api-types/v10";
import { ALL_PERMISSIONS, BOT_ROLE_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS } from "./permissions.js";
import { isComponentsV2, linkedMedia, messageText, shownAttachments } from "./reading.js";
import { SnowflakeGenerator, snowflakeTime } from "./snowflake.js";
import type {
  StoredChannel,
  StoredCommand,
  StoredGuild,
  StoredInteraction,
  StoredMember,
  StoredMessage,
  StoredUser,
} from "./stored.js";
import type {
  AckLatency,
  AttachmentView,
  ErrorRecord,
  MessageView,
  RequestRecord,
  RouteRecord,
  Violation,
} from "./types.js";

// The stored records' types, where the emulator's modules have always imported them from.
export type * from "./stored.js";

/** All emulated Discord state plus the records tests inspect. No I/O here. */
export class World {
  readonly ids = new SnowflakeGenerator();
  readonly applicationId: string;
  readonly botUser: APIUser;
  readonly users = new Map<string, StoredUser>();
  readonly guilds = new Map<string, StoredGuild>();
  readonly channels = new Map<string, StoredChannel>();
  /** Every message by id; add and forget them through addMessage and forgetMessage, which keep the channel index. */
  readonly messages = new Map<string, StoredMessage>();
  /** Each channel's messages in creation order, so reading a channel never walks the whole world. */
  readonly #byChannel = new Map<string, StoredMessage[]>();
  /** How many of each channel's messages with files keep their bytes (DiscordEmulatorOptions.keptFilesPerChannel). */
  readonly #keptFilesPerChannel: number;
  /**
   * Each channel's messages holding bytes, the one that got files last at the end: a Set keeps
   * insertion order, so dropping the oldest and moving an edited one to the end are O(1).
   */
  readonly #withFiles = new Map<string, Set<StoredMessage>>();
  /** Each viewed message's kept view (see KeptView); dropped with the message, or when its bytes go. */
  readonly #kept = new WeakMap<StoredMessage, KeptView>();
  readonly interactions = new Map<string, StoredInteraction>();
  readonly interactionsByToken = new Map<string, StoredInteraction>();
  /** Whether answered interactions drop their payload and callback bodies (DiscordEmulatorOptions.interactionRecords). */
  leanInteractions = false;
  commands: StoredCommand[] = [];
  /** Users created with Manage Server: guilds created later give them the Manager role too. */
  readonly manageGuildUsers = new Set<string>();
  /** Set by the emulator once it listens; attachment URLs point back at it. */
  baseUrl = "http://127.0.0.1";

  readonly violations: Violation[] = [];
  readonly unknownRoutes: RouteRecord[] = [];
  /** Failures a test asked for: the next matching requests get this error instead of an answer. */
  readonly faults: {
    method: string;
    path: RegExp;
    status: number;
    code: number;
    message: string;
    remaining: number;
    /**
     * Never answered at all (a bot that dies while waiting), or only once `until` resolves (work
     * the bot has in flight); `held` is told when one arrives.
     */
    hold?: { held: () => void; until?: Promise<void> };
  }[] = [];
  readonly errorResponses: ErrorRecord[] = [];
  readonly requests: RequestRecord[] = [];
  readonly ackLatencies: AckLatency[] = [];

  constructor(botName: string, applicationId?: string, keptFilesPerChannel = Number.POSITIVE_INFINITY) {
    this.#keptFilesPerChannel = keptFilesPerChannel;
    this.applicationId = applicationId ?? this.ids.next();
    this.botUser = {
      id: this.applicationId,
      username: botName,
      discriminator: "0000",
      global_name: null,
      avatar: null,
      bot: true,
      verified: true,
      mfa_enabled: false,
    };
    this.users.set(this.botUser.id, { user: this.botUser, dmsClosed: true, dmChannelId: null });
  }

  violation(
    kind: string,
    method: string,
    path: string,
    message: string,
    interactionId: string | null = null,
  ): void {
    this.violations.push({ kind, method, path, message, at: Date.now(), interactionId });
  }

  // ---- users, guilds, channels -------------------------------------------------------------

  addUser(name: string, dmsClosed: boolean): StoredUser {
    const id = this.ids.next();
    const stored: StoredUser = {
      user: {
        id,
        username: name.toLowerCase().replace(/[^a-z0-9_.]/g, "_"),
        discriminator: "0",
        global_name: name,
        avatar: null,
        bot: false,
      },
      dmsClosed,
      dmChannelId: null,
    };
    this.users.set(id, stored);
    return stored;
  }

  /** `shard`: pick an id that this shard owns by Discord's formula (see SnowflakeGenerator.nextForShard). */
  addGuild(name: string, ownerId: string, shard?: { id: number; count: number }): StoredGuild {
    const id = shard ? this.ids.nextForShard(shard.id, shard.count) : this.ids.next();
    const role = (roleId: string, roleName: string, position: number, permissions: bigint): APIRole => ({
      id: roleId,
      name: roleName,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: permissions.toString(),
      managed: false,
      mentionable: false,
      flags: 0 as RoleFlags,
    });
    const managerRoleId = this.ids.next();
    const botRoleId = this.ids.next();
    const botRole = role(botRoleId, this.botUser.username, 2, BOT_ROLE_PERMISSIONS);
    botRole.managed = true;
    botRole.tags = { bot_id: this.botUser.id };
    const guild: StoredGuild = {
      id,
      name,
      ownerId,
      roles: [
        role(id, "@everyone", 0, DEFAULT_EVERYONE_PERMISSIONS),
        role(managerRoleId, "Manager", 1, PermissionFlagsBits.ManageGuild),
        botRole,
      ],
      managerRoleId,
      botRoleId,
      members: new Map(),
      channelIds: [],
      createdAt: new Date().toISOString(),
    };
    guild.members.set(this.botUser.id, {
      userId: this.botUser.id,
      roles: [botRoleId],
      joinedAt: guild.createdAt,
    });
    this.guilds.set(id, guild);
    return guild;
  }

  addMember(guild: StoredGuild, userId: string, manageGuild: boolean): StoredMember {
    const member: StoredMember = {
      userId,
      roles: manageGuild ? [guild.managerRoleId] : [],
      joinedAt: new Date().toISOString(),
    };
    guild.members.set(userId, member);
    return member;
  }

  addTextChannel(guild: StoredGuild, name: string, botCanSend: boolean, topic: string | null): StoredChannel {
    const id = this.ids.next();
    const overwrites: APIOverwrite[] = botCanSend
      ? []
      : [
          {
            id: guild.botRoleId,
            type: OverwriteType.Role,
            allow: "0",
            deny: (PermissionFlagsBits.SendMessages | PermissionFlagsBits.SendMessagesInThreads).toString(),
          },
        ];
    const stored: StoredChannel = {
      channel: {
        id,
        type: ChannelType.GuildText,
        guild_id: guild.id,
        name,
        position: guild.channelIds.length,
        permission_overwrites: overwrites,
        parent_id: null,
        nsfw: false,
        topic,
        rate_limit_per_user: 0,
        last_message_id: null,
      },
      guildId: guild.id,
      recipientId: null,
      threadMembers: new Set(),
      deleted: false,
    };
    this.channels.set(id, stored);
    guild.channelIds.push(id);
    return stored;
  }

  addThread(
    parent: StoredChannel,
    id: string,
    name: string,
    type: ChannelType.PublicThread | ChannelType.PrivateThread,
    autoArchiveDuration: 60 | 1440 | 4320 | 10080,
    invitable: boolean | undefined,
  ): StoredChannel {
    const now = new Date().toISOString();
    const thread: APIThreadChannel = {
      id,
      type,
      guild_id: parent.guildId ?? undefined,
      name,
      parent_id: parent.channel.id,
      owner_id: this.botUser.id,
      last_message_id: null,
      rate_limit_per_user: 0,
      message_count: 0,
      member_count: 1,
      total_message_sent: 0,
      thread_metadata: {
        archived: false,
        auto_archive_duration: autoArchiveDuration,
        archive_timestamp: now,
        locked: false,
        create_timestamp: now,
        ...(type === ChannelType.PrivateThread ? { invitable: invitable ?? true } : {}),
      },
      member: { id, user_id: this.botUser.id, join_timestamp: now, flags: 0 as ThreadMemberFlags },
    };
    const stored: StoredChannel = {
      channel: thread,
      guildId: parent.guildId,
      recipientId: null,
      threadMembers: new Set([this.botUser.id]),
      deleted: false,
    };
    this.channels.set(id, stored);
    return stored;
  }

  dmChannelFor(user: StoredUser): StoredChannel {
    if (user.dmChannelId) return this.channels.get(user.dmChannelId)!;
    const id = this.ids.next();
    const stored: StoredChannel = {
      channel: { id, type: ChannelType.DM, name: null, last_message_id: null, recipients: [user.user] },
      guildId: null,
      recipientId: user.user.id,
      threadMembers: new Set(),
      deleted: false,
    };
    this.channels.set(id, stored);
    user.dmChannelId = id;
    return stored;
  }

  // ---- permissions -------------------------------------------------------------------------

  guildPermissions(guild: StoredGuild, userId: string): bigint {
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    const member = guild.members.get(userId);
    if (!member) return 0n;
    let permissions = BigInt(guild.roles.find((role) => role.id === guild.id)!.permissions);
    for (const roleId of member.roles) {
      const role = guild.roles.find((candidate) => candidate.id === roleId);
      if (role) permissions |= BigInt(role.permissions);
    }
    return permissions & PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : permissions;
  }

  /** Discord's overwrite algorithm: @everyone, then all role overwrites together, then the member's. */
  channelPermissions(channel: StoredChannel, userId: string): bigint {
    if (!channel.guildId) {
      return (
        PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.AttachFiles
      );
    }
    const guild = this.guilds.get(channel.guildId)!;
    const base = this.guildPermissions(guild, userId);
    if (base & PermissionFlagsBits.Administrator) return ALL_PERMISSIONS;
    const source =
      "parent_id" in channel.channel && channel.channel.parent_id && this.isThread(channel)
        ? (this.channels.get(channel.channel.parent_id) ?? channel)
        : channel;
    const overwrites =
      "permission_overwrites" in source.channel ? (source.channel.permission_overwrites ?? []) : [];
    const member = guild.members.get(userId);
    let permissions = base;
    const everyone = overwrites.find((overwrite) => overwrite.id === guild.id);
    if (everyone) permissions = (permissions & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
    let allow = 0n;
    let deny = 0n;
    for (const overwrite of overwrites) {
      if (overwrite.type === OverwriteType.Role && member?.roles.includes(overwrite.id)) {
        allow |= BigInt(overwrite.allow);
        deny |= BigInt(overwrite.deny);
      }
    }
    permissions = (permissions & ~deny) | allow;
    const own = overwrites.find(
      (overwrite) => overwrite.type === OverwriteType.Member && overwrite.id === userId,
    );
    if (own) permissions = (permissions & ~BigInt(own.deny)) | BigInt(own.allow);
    return permissions;
  }

  /**
   * Whether Discord lets the user run `command` in the channel: the command picker lists it and the
   * invocation is delivered. Administrators (and the owner) always may; a member overwrite decides
   * next; otherwise the member needs every permission of default_member_permissions in that channel,
   * and "0" is for administrators only. Member permissions do not apply in DMs.
   */
  mayUseCommand(channel: StoredChannel, userId: string, command: APIApplicationCommand): boolean {
    if (!channel.guildId) return true;
    const permissions = this.channelPermissions(channel, userId);
    if (permissions & PermissionFlagsBits.Administrator) return true;
    const overwrite = this.guilds
      .get(channel.guildId)
      ?.commandOverwrites?.find(
        (candidate) => candidate.commandId === command.id && candidate.userId === userId,
      );
    if (overwrite) return overwrite.allowed;
    if (command.default_member_permissions == null) return true;
    const required = BigInt(command.default_member_permissions);
    return required !== 0n && (permissions & required) === required;
  }

  isThread(channel: StoredChannel): boolean {
    return (
      channel.channel.type === ChannelType.PublicThread ||
      channel.channel.type === ChannelType.PrivateThread ||
      channel.channel.type === ChannelType.AnnouncementThread
    );
  }

  // ---- API objects -------------------------------------------------------------------------

  apiMember(member: StoredMember): APIGuildMember {
    return {
      user: this.users.get(member.userId)!.user,
      nick: null,
      avatar: null,
      banner: null,
      roles: [...member.roles],
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
      communication_disabled_until: null,
    };
  }

  interactionMember(member: StoredMember, channel: StoredChannel): APIInteractionGuildMember {
    return {
      ...this.apiMember(member),
      user: this.users.get(member.userId)!.user,
      permissions: this.channelPermissions(channel, member.userId).toString(),
    };
  }

  apiGuild(guild: StoredGuild): APIGuild {
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: GuildVerificationLevel.None,
      default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
      explicit_content_filter: GuildExplicitContentFilter.Disabled,
      roles: guild.roles.map((role) => ({ ...role })),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: GuildMFALevel.None,
      application_id: null,
      system_channel_id: guild.channelIds[0] ?? null,
      system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
      rules_channel_id: null,
      max_presences: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: GuildPremiumTier.None,
      premium_subscription_count: 0,
      preferred_locale: guild.preferredLocale ?? Locale.EnglishUS,
      public_updates_channel_id: null,
      max_video_channel_users: 25,
      max_stage_video_channel_users: 50,
      nsfw_level: GuildNSFWLevel.Default,
      premium_progress_bar_enabled: false,
      hub_type: GuildHubType.Default,
      safety_alerts_channel_id: null,
      incidents_data: null,
    } as APIGuild;
  }

  guildCreatePayload(guild: StoredGuild, intents: number): GatewayGuildCreateDispatchData {
    const channels: GatewayGuildCreateDispatchData["channels"] = [];
    const threads: GatewayGuildCreateDispatchData["threads"] = [];
    for (const channelId of guild.channelIds) {
      const stored = this.channels.get(channelId)!;
      if (stored.deleted) continue;
      // GUILD_CREATE omits guild_id on its channels; discord.js fills it in.
      const { guild_id: _omitted, ...rest } = stored.channel as APIChannel & { guild_id?: string };
      channels.push(rest as GatewayGuildCreateDispatchData["channels"][number]);
    }
    // Active (not archived) threads come along, as on Discord.
    for (const stored of this.channels.values()) {
      const thread = stored.channel as APIThreadChannel;
      if (
        stored.guildId === guild.id &&
        !stored.deleted &&
        this.isThread(stored) &&
        !thread.thread_metadata?.archived
      ) {
        threads.push(thread as GatewayGuildCreateDispatchData["threads"][number]);
      }
    }
    // Without the privileged GUILD_MEMBERS intent Discord sends only the bot's own member.
    const members = [...guild.members.values()]
      .filter((member) => member.userId === this.botUser.id || intents & GatewayIntentBits.GuildMembers)
      .map((member) => this.apiMember(member));
    return {
      ...this.apiGuild(guild),
      joined_at: guild.members.get(this.botUser.id)!.joinedAt,
      large: false,
      unavailable: false,
      member_count: guild.members.size,
      voice_states: [],
      members,
      channels,
      threads,
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      lazy: true,
      application_command_counts: {},
      embedded_activities: [],
      version: Date.now(),
    } as GatewayGuildCreateDispatchData;
  }

  // ---- messages ------------------------------------------------------------------------------

  attachmentUrl(channelId: string, attachmentId: string, filename: string): string {
    return `${this.baseUrl}/attachments/${channelId}/${attachmentId}/${encodeURIComponent(filename)}`;
  }

  addMessage(stored: StoredMessage): void {
    this.messages.set(stored.message.id, stored);
    this.noteFiles(stored);
    const list = this.#byChannel.get(stored.message.channel_id);
    if (!list) {
      this.#byChannel.set(stored.message.channel_id, [stored]);
      return;
    }
    // Ids come in order except when a saved world is read back: insert in place then.
    let at = list.length;
    while (at > 0 && snowflakeBefore(stored.message.id, list[at - 1]!.message.id)) at--;
    list.splice(at, 0, stored);
  }

  /**
   * After a message got (or lost) its files: it now holds the newest bytes of its channel, and the
   * channel's oldest beyond keptFilesPerChannel lose theirs.
   */
  noteFiles(stored: StoredMessage): void {
    if (this.#keptFilesPerChannel === Number.POSITIVE_INFINITY) return;
    const channelId = stored.message.channel_id;
    let holding = this.#withFiles.get(channelId);
    if (!holding) {
      holding = new Set();
      this.#withFiles.set(channelId, holding);
    }
    holding.delete(stored);
    if (stored.files.size === 0) return;
    holding.add(stored);
    for (const oldest of holding) {
      if (holding.size <= this.#keptFilesPerChannel) break;
      oldest.files.clear();
      this.#kept.delete(oldest);
      holding.delete(oldest);
    }
  }

  forgetMessages(ids: Iterable<string>): void {
    const gone = new Set<StoredMessage>();
    for (const id of ids) {
      const stored = this.messages.get(id);
      if (!stored) continue;
      this.messages.delete(id);
      this.#withFiles.get(stored.message.channel_id)?.delete(stored);
      gone.add(stored);
    }
    for (const channelId of new Set([...gone].map((stored) => stored.message.channel_id))) {
      const left = (this.#byChannel.get(channelId) ?? []).filter((stored) => !gone.has(stored));
      if (left.length > 0) this.#byChannel.set(channelId, left);
      else this.#byChannel.delete(channelId);
    }
  }

  /** A channel's messages (ephemeral ones too) in creation order that pass `filter`. */
  messagesIn(channelId: string, filter: (stored: StoredMessage) => boolean): StoredMessage[] {
    return (this.#byChannel.get(channelId) ?? []).filter(filter);
  }

  /**
   * The newest `count` of a channel's messages that pass `filter`, in creation order: read from the
   * end, so a poller reading the latest few never walks a long channel.
   */
  newestMessagesIn(
    channelId: string,
    count: number,
    filter: (stored: StoredMessage) => boolean,
  ): StoredMessage[] {
    const list = this.#byChannel.get(channelId) ?? [];
    const newest: StoredMessage[] = [];
    for (let at = list.length - 1; at >= 0 && newest.length < count; at--) {
      if (filter(list[at]!)) newest.push(list[at]!);
    }
    return newest.reverse();
  }

  /**
   * The stored message and attachment an address of this emulator's files names, if any; `known`:
   * where it was found before, looked at first (attachment ids are unique).
   */
  #attachmentAt(
    url: string,
    known: StoredMessage | undefined,
  ): { stored: StoredMessage; attachment: APIAttachment } | undefined {
    const at = /^\/attachments\/(\d+)\/(\d+)\//.exec(
      url.startsWith(this.baseUrl) ? url.slice(this.baseUrl.length) : "",
    );
    if (!at) return undefined;
    const [, channelId, attachmentId] = at;
    if (known && known.message.channel_id === channelId && this.messages.get(known.message.id) === known) {
      const attachment = known.message.attachments.find((a) => a.id === attachmentId);
      if (attachment) return { stored: known, attachment };
    }
    // Newest first without copying the channel: the linked file is nearly always a recent one.
    const list = this.#byChannel.get(channelId!) ?? [];
    for (let at = list.length - 1; at >= 0; at--) {
      const stored = list[at]!;
      const attachment = stored.message.attachments.find((a) => a.id === attachmentId);
      if (attachment) return { stored, attachment };
    }
    return undefined;
  }

  messageView(stored: StoredMessage): MessageView {
    const message = stored.message;
    let kept = this.#kept.get(stored);
    if (!kept || !keptIsCurrent(kept, stored)) {
      kept = this.#keep(stored);
      this.#kept.set(stored, kept);
    }
    // Each reader gets arrays of its own (tests sort them in place); the parts read out of the
    // message's components are shared, being unchanged.
    const attachments = [...kept.attachments];
    // A picture shown by the address of another message's file (Discord's CDN link): the reader sees it here too.
    for (const linked of kept.linked) {
      const found = this.#attachmentAt(linked.url, linked.owner);
      linked.owner = found?.stored;
      if (found)
        attachments.push(attachmentView(found.stored, found.attachment, linked.description, true, true));
    }
    const flags = kept.flags;
    return {
      id: message.id,
      channelId: message.channel_id,
      guildId: kept.guildId,
      type: message.type,
      content: message.content,
      text: kept.text,
      componentsV2: kept.componentsV2,
      embeds: message.embeds,
      components: message.components ?? [],
      mentions: message.mentions.map((user) => user.id),
      notified: [...stored.notifiedUserIds],
      mentionRoles: [...message.mention_roles],
      mentionEveryone: message.mention_everyone,
      attachments,
      flags,
      ephemeral: stored.ephemeral,
      audienceUserId: stored.audienceUserId,
      interactionId: stored.interactionId,
      loading: (flags & MessageFlags.Loading) !== 0,
      threadId: message.thread?.id ?? null,
      createdAt: kept.createdAt,
      editedAt: stored.editedAt,
      editCount: stored.editCount,
      deleted: stored.deleted,
      // Cloned only when read: most readers never look at it, and cloning every message of a
      // channel on each read was the emulator's largest cost under load.
      get raw() {
        return structuredClone(message);
      },
    };
  }

  /** What a view reads out of the message as it is now (see KeptView). */
  #keep(stored: StoredMessage): KeptView {
    const message = stored.message;
    const componentsV2 = isComponentsV2(message);
    const shown = componentsV2 ? shownAttachments(message) : null;
    return {
      editCount: stored.editCount,
      deleted: stored.deleted,
      fileCount: stored.files.size,
      flags: message.flags ?? 0,
      content: message.content,
      components: message.components,
      attachmentList: message.attachments,
      thread: message.thread,
      guildId: this.channels.get(message.channel_id)?.guildId ?? null,
      text: messageText(message),
      componentsV2,
      attachments: message.attachments.map((attachment) =>
        attachmentView(
          stored,
          attachment,
          shown?.get(attachment.id) ?? attachment.description ?? null,
          false,
          shown ? shown.has(attachment.id) : true,
        ),
      ),
      linked: componentsV2 ? linkedMedia(message).map((media) => ({ ...media, owner: undefined })) : [],
      createdAt: snowflakeTime(message.id),
    };
  }

  /** Messages in creation order (snowflakes sort by time). */
  orderedMessages(filter: (stored: StoredMessage) => boolean): StoredMessage[] {
    return [...this.messages.values()]
      .filter(filter)
      .sort((a, b) => (snowflakeBefore(a.message.id, b.message.id) ? -1 : 1));
  }
}

/**
 * What a message's view reads out of it, kept with what it was read from: readers (a bench's players
 * and pollers) read the same unchanged message many times. Every change of a message changes one of
 * the facts it was read from (an edit counts itself; bytes dropped change the file count; a thread
 * started sets a flag), so a kept one that still matches them is current.
 */
interface KeptView {
  editCount: number;
  deleted: boolean;
  fileCount: number;
  flags: number;
  content: string;
  components: APIMessage["components"];
  attachmentList: APIAttachment[];
  thread: APIMessage["thread"];
  guildId: string | null;
  text: string;
  componentsV2: boolean;
  /** The views of the message's own attachments (objects nobody changes). */
  attachments: AttachmentView[];
  /**
   * The media it shows by another message's file address, looked up at each read: first in the
   * message that held the file at the last read (a panel shows its table's picture so, and a bench's
   * player reads the panel at every step).
   */
  linked: { url: string; description: string | null; owner: StoredMessage | undefined }[];
  createdAt: number;
}

function keptIsCurrent(kept: KeptView, stored: StoredMessage): boolean {
  const message = stored.message;
  return (
    kept.editCount === stored.editCount &&
    kept.deleted === stored.deleted &&
    kept.fileCount === stored.files.size &&
    kept.flags === (message.flags ?? 0) &&
    kept.content === message.content &&
    kept.components === message.components &&
    kept.attachmentList === message.attachments &&
    kept.thread === message.thread
  );
}

function attachmentView(
  owner: StoredMessage,
  attachment: APIAttachment,
  description: string | null,
  linked: boolean,
  shown: boolean,
): AttachmentView {
  return {
    id: attachment.id,
    filename: attachment.filename,
    contentType: attachment.content_type ?? null,
    size: attachment.size,
    url: attachment.url,
    description,
    shown: linked || shown,
    linked,
    width: attachment.width ?? null,
    height: attachment.height ?? null,
    data: owner.files.get(attachment.id) ?? EMPTY,
  };
}

const EMPTY = Buffer.alloc(0);

/** Whether snowflake `a` is older than `b`: decimal strings compare by length, then digit by digit. */
function snowflakeBefore(a: string, b: string): boolean {
  return a.length !== b.length ? a.length < b.length : a < b;
}
