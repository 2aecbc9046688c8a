import type {
  APIApplicationCommandOptionChoice,
  APIEmbed,
  APIInteraction,
  APIMessage,
  APIMessageTopLevelComponent,
  APIModalInteractionResponseCallbackData,
  ComponentType,
  InteractionResponseType,
  InteractionType,
  MessageType,
} from "discord-api-types/v10";

/** Anything with an id, or the id itself: every test-API method accepts both. */
export type Ref = string | { readonly id: string };

export function refId(ref: Ref): string {
  return typeof ref === "string" ? ref : ref.id;
}

export interface EmulatorGuild {
  readonly id: string;
  readonly name: string;
  readonly everyoneRoleId: string;
  /** Role with Manage Server, given to users created with `manageGuild: true`. */
  readonly managerRoleId: string;
  readonly botRoleId: string;
}

export interface EmulatorChannel {
  readonly id: string;
  readonly name: string;
  readonly guildId: string | null;
}

export interface EmulatorUser {
  readonly id: string;
  readonly username: string;
}

export interface EmulatorMember {
  readonly id: string;
  readonly username: string;
  /** The display name (global name, else username). */
  readonly name: string;
  /** Has Manage Server in the guild (owners always have it). */
  readonly manageGuild: boolean;
  readonly owner: boolean;
  readonly bot: boolean;
}

/** What `DiscordEmulator.onChange` reports; `channelId` is "dm" for any DM channel. */
export type WorldChange =
  | { readonly kind: "message"; readonly channelId: string }
  | { readonly kind: "world" };

export interface AttachmentView {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string | null;
  readonly size: number;
  readonly url: string;
  /**
   * The picture's alt text as Discord gives it to a reader: in a Components V2 message the
   * description of the media gallery item (or thumbnail) that shows it, else the attachment's own.
   */
  readonly description: string | null;
  /** Whether Discord shows the file: always in a legacy message, in a V2 one only if a component does. */
  readonly shown: boolean;
  /**
   * Another message's file, which this one shows by its address (a Components V2 media item with
   * the file's link): listed after the message's own attachments, always shown.
   */
  readonly linked: boolean;
  /** Read from the PNG header when the file is a PNG. */
  readonly width: number | null;
  readonly height: number | null;
  readonly data: Buffer;
}

/** A message as a test sees it: the current state plus the stored attachment bytes. */
export interface MessageView {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly type: MessageType;
  /** Discord's raw `content` field (always empty in a Components V2 message). */
  readonly content: string;
  /**
   * What a reader reads in words: a legacy message's content; a Components V2 message's text
   * displays in document order (inside containers and sections too), joined with "\n".
   */
  readonly text: string;
  /** IS_COMPONENTS_V2 is set: the components are the whole message. */
  readonly componentsV2: boolean;
  readonly embeds: APIEmbed[];
  readonly components: APIMessageTopLevelComponent[];
  /** Ids of the users in the message's `mentions` (content mentions filtered through allowed_mentions). */
  readonly mentions: string[];
  /**
   * Users Discord pinged: the mentions at creation of a public message without SUPPRESS_NOTIFICATIONS.
   * Edits never ping, so neither does filling in a deferred reply (editReply or the first follow-up).
   */
  readonly notified: string[];
  readonly mentionRoles: string[];
  readonly mentionEveryone: boolean;
  readonly attachments: AttachmentView[];
  readonly flags: number;
  readonly ephemeral: boolean;
  /** For ephemeral messages: the only user who can see it. */
  readonly audienceUserId: string | null;
  /** The interaction whose response or follow-up this is. */
  readonly interactionId: string | null;
  /** Still showing "is thinking…" (a deferred reply not yet edited). */
  readonly loading: boolean;
  readonly threadId: string | null;
  readonly createdAt: number;
  readonly editedAt: number | null;
  readonly editCount: number;
  readonly deleted: boolean;
  /** The object the REST API returns for this message. */
  readonly raw: APIMessage;
}

/** One interactive component found anywhere in a message (rows, sections, containers). */
export interface ComponentView {
  readonly type: ComponentType;
  readonly customId: string | null;
  readonly label: string | null;
  readonly disabled: boolean;
  readonly style: number | null;
  readonly url: string | null;
  readonly placeholder: string | null;
  readonly minValues: number | null;
  readonly maxValues: number | null;
  readonly options: { label: string; value: string; description: string | null; default: boolean }[];
}

/**
 * One part of a message in reading order (see `partsOf`): words, a picture or other file (with
 * its alt text), or the controls of one action row (or a section's button).
 */
export type MessagePart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "picture" | "file"; readonly filename: string | null; readonly alt: string | null }
  | { readonly kind: "controls"; readonly controls: ComponentView[] };

/** Handle for one interaction the emulator dispatched to the bot. */
export interface EmulatedInteraction {
  readonly id: string;
  readonly token: string;
  readonly type: InteractionType;
  readonly userId: string;
  readonly channelId: string;
  readonly guildId: string | null;
  /** Command name (with subcommand, e.g. "game hand") or the component/modal custom_id. */
  readonly name: string;
  /** The message a component was used on (or the one a modal was opened from). */
  readonly messageId: string | null;
  /** performance.now() when INTERACTION_CREATE was sent. */
  readonly dispatchedAt: number;
  readonly payload: APIInteraction;
}

export interface CallbackRecord {
  readonly type: InteractionResponseType;
  /** ms after dispatch. */
  readonly atMs: number;
  readonly data: unknown;
}

export interface ErrorRecord {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly at: number;
  readonly interactionId: string | null;
}

/** Everything the bot did with one interaction. */
export interface InteractionResponses {
  readonly interaction: EmulatedInteraction;
  readonly acked: boolean;
  /** Type of the accepted initial callback (4 reply, 5 defer, 6 deferred update, 7 update, 8, 9). */
  readonly callbackType: InteractionResponseType | null;
  readonly callbacks: CallbackRecord[];
  /** Current state of the message behind `@original`: the reply (4/5) or the updated component message (6/7). */
  readonly message: MessageView | null;
  readonly followUps: MessageView[];
  readonly modal: APIModalInteractionResponseCallbackData | null;
  readonly choices: APIApplicationCommandOptionChoice[] | null;
  /** ms from dispatch to the first callback request (accepted or not). */
  readonly ackLatencyMs: number | null;
  /** Error answers the emulator gave to requests made with this interaction's id or token. */
  readonly errors: ErrorRecord[];
}

/**
 * How far the bot's answer to an interaction has come, read without building any message view: what
 * a poller asks of every waiting interaction every few ms.
 */
export interface AnswerProgress {
  readonly acked: boolean;
  readonly callbackType: InteractionResponseType | null;
  readonly followUps: number;
  /** The message behind `@original`: its id, deleted, still "thinking", and how often edited. */
  readonly message: {
    readonly id: string;
    readonly deleted: boolean;
    readonly loading: boolean;
    readonly editCount: number;
  } | null;
}

export interface Violation {
  /** e.g. "payload", "late-ack", "double-ack", "command", "gateway", "png". */
  readonly kind: string;
  readonly method: string;
  readonly path: string;
  readonly message: string;
  readonly at: number;
  readonly interactionId: string | null;
}

export interface RouteRecord {
  readonly method: string;
  readonly path: string;
  readonly at: number;
}

export interface RequestRecord {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly at: number;
  /** Bytes of the files (`files[n]`) the request uploaded; 0 when it carried none. */
  readonly uploadBytes: number;
  /** The interaction whose callback or token the request used; null for other routes. */
  readonly interactionId: string | null;
}

export interface AckLatency {
  readonly interactionId: string;
  readonly type: InteractionType;
  readonly name: string;
  readonly userId: string;
  readonly ms: number;
}

export interface GatewaySessionInfo {
  readonly sessionId: string;
  /** [shard_id, num_shards] the session identified with ([0, 1] without sharding). */
  readonly shard: readonly [number, number];
  readonly intents: number;
  readonly identifiedAt: number;
  readonly ready: boolean;
  readonly connected: boolean;
  /** Disconnected without being ended (not 1000/1001), within the resume window: its events wait for a RESUME. */
  readonly resumable: boolean;
  readonly resumes: number;
  readonly heartbeats: number;
}

/** One gateway dispatch (op 0) the emulator sent to a session; RESUME replays are not repeated. */
export interface DispatchRecord {
  /** The event name, e.g. "INTERACTION_CREATE". */
  readonly event: string;
  readonly seq: number;
  readonly sessionId: string;
  /** The receiving session's [shard_id, num_shards]. */
  readonly shard: readonly [number, number];
  /** The guild the event is about (GUILD_CREATE: the guild itself); null for DMs and READY. */
  readonly guildId: string | null;
  /** For INTERACTION_CREATE: the interaction's id. */
  readonly interactionId: string | null;
  readonly at: number;
}
