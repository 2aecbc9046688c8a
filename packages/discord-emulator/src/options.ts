import type { Locale } from "discord-api-types/v10";
import type { BotProcess } from "./bot-process.js";
import type { RateLimitOptions } from "./ratelimit.js";
import type { InteractionResponses, Ref } from "./types.js";

export interface DiscordEmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  botName?: string;
  /** Also the bot user's id. Generated when absent. */
  applicationId?: string;
  /** The initial callback must arrive within this (Discord: 3 s). */
  ackDeadlineMs?: number;
  /** Interaction tokens (follow-ups, edits) stop working after this (Discord: 15 min). */
  tokenLifetimeMs?: number;
  heartbeatIntervalMs?: number;
  /** If set, REST and IDENTIFY must present this token; otherwise any non-empty token works. */
  token?: string;
  /** GatewayIntentBits the application is approved for among the privileged ones (default none). */
  allowedPrivilegedIntents?: number;
  /** Per-file upload limit (Discord: 10 MiB for unboosted servers). */
  attachmentSizeLimit?: number;
  /** Receives one line per REST request; for debugging. */
  log?: (line: string) => void;
  /**
   * The shard count `GET /gateway/bot` recommends (default 1). The gateway accepts any
   * `shard: [id, count]` in IDENTIFY either way, and gives each shard only its own guilds' events.
   */
  recommendedShards?: number;
  /**
   * `session_start_limit.max_concurrency` of GET /gateway/bot (default 1, what Discord gives most
   * bots): shards of different buckets (`shard_id % max_concurrency`) may identify at once; a
   * second IDENTIFY in one bucket within `identifyWindowMs` is refused with op 9, as on Discord.
   */
  maxConcurrency?: number;
  /** Discord's 5000 ms between two IDENTIFYs of one bucket. */
  identifyWindowMs?: number;
  /** How long a session the bot did not end (no close 1000/1001) stays resumable (default 60 s). */
  resumeWindowMs?: number;
  /**
   * Keep the world (guilds, channels, threads, DMs, users, members, messages with their
   * attachments, commands, the application, its token and bot user) in this JSON file: restored
   * from it when it exists, saved to it after changes and on stop(). Interactions are not kept.
   * When restoring, the saved application, bot user and token win over the options (an explicit
   * `token` still wins); a different `applicationId` is an error.
   */
  statePath?: string;
  /**
   * Discord's rate limits (see ratelimit.ts), modelled when given (`{}` for Discord's own budgets;
   * options scale them or inject the limiter's clock). Off by default for now: the bot still sends
   * every table on the channel routes, so a fast game in one channel would play at Discord's
   * 5-per-5-s channel pace and the suite would take several times as long. Tables on interaction
   * tokens (issue 23) come first; then this turns on by default.
   */
  rateLimits?: RateLimitOptions | false;
  /**
   * Keep the bytes of only this many of each channel's messages with uploaded files, the ones that
   * got files last (ephemeral replies count under their channel); default: all. Older messages keep
   * their attachments' metadata (name, size, address) but not the bytes: GET of such a file answers
   * 404, as for an unknown one, `attachment()` finds nothing and a message view's `data` is empty. A
   * long bench uploading a picture on every move would otherwise keep gigabytes for no reader.
   */
  keptFilesPerChannel?: number;
  /**
   * "full" (the default): every interaction keeps its payload and its callbacks' bodies, for a test
   * to read. "lean": once answered, an interaction keeps only what Discord needs for what the bot
   * may still send on it (its token, channel, message and callbacks' kinds; a modal's body). A long
   * bench answering hundreds of clicks a second would otherwise keep hundreds of megabytes, and its
   * garbage collector would take CPU from the bot it measures.
   */
  interactionRecords?: "full" | "lean";
  /**
   * Check the bodies of one in this many of the bot's message requests (sends, edits, replies,
   * follow-ups) against Discord's rules and its OpenAPI description; default 1: every one. The
   * others are taken as sent (their files' size and PNGs are still checked). The benches check a sample: the checks were a tenth of their rig's
   * CPU, taken from the bot they measure, and the test suite checks every request.
   */
  checkEvery?: number;
}

export interface WaitForBotReadyOptions {
  timeoutMs?: number;
  /** Also wait until the bot has registered commands (default true). */
  commands?: boolean;
  /** Only a session identified at or after this Date.now() counts (use across restarts). */
  after?: number;
  /** Fail at once, with its output, if this process exits while waiting. */
  bot?: BotProcess;
  /**
   * A sharded bot: wait until every shard 0…shards-1 has a ready, connected session that
   * identified with `[id, shards]` (default: one session of any shard).
   */
  shards?: number;
}

export interface WaitForResponseOptions {
  timeoutMs?: number;
  /** Done when this holds; default: acknowledged and, after a deferral, the deferred message filled in. */
  until?: (responses: InteractionResponses) => boolean;
}

export interface ClickOptions {
  /** Dispatch even if the component is gone or disabled (an outdated client). */
  stale?: boolean;
}

/** How `createGuild` makes a guild. */
export interface GuildOptions {
  members?: Ref[];
  shard?: { id: number; count: number };
  preferredLocale?: Locale;
}

/** How `createChannel` makes a text channel. */
export interface ChannelOptions {
  botCanSend?: boolean;
  topic?: string;
}

/** How `createUser` makes a user. */
export interface UserOptions {
  manageGuild?: boolean;
  dmsClosed?: boolean;
  guilds?: Ref[];
  locale?: Locale;
}
