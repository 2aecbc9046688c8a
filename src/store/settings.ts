import type { Locale } from "../i18n/locale.js";

/** Quiet hours in the player's own time zone, as minutes after local midnight; `from > to` spans midnight. */
export interface QuietHours {
  from: number;
  to: number;
}

/**
 * What happens when a player's turn timer runs out: `botTurn`, a robot plays that turn; `botSeat`, a
 * robot takes the seat. The values are stored and are the /settings choices' values, so they keep
 * their spelling from before the computer players were called robots.
 */
export type TimeoutAction = "remind" | "botTurn" | "botSeat" | "end";
export const TIMEOUT_ACTIONS: readonly TimeoutAction[] = ["remind", "botTurn", "botSeat", "end"];

/** A server's settings for play over days (`/settings`); unset fields take the defaults. */
export interface GuildSettings {
  /** Hours of silence before the players to act are reminded; null = never. */
  reminderHours: number | null;
  /** Hours each player has to act; null = no turn timer. */
  turnTimerHours: number | null;
  timeoutAction: TimeoutAction;
  /** New games open a thread of their own instead of playing in the channel. */
  threads: boolean;
  /** Quiet hours for players who set none of their own. */
  quietHours: QuietHours | null;
  /** The language of the server's public messages; null = Discord's preferred locale of the server. */
  language: Locale | null;
  /**
   * A table message a newer one replaced keeps its picture. Off (the default), it shrinks to one
   * line, so a long game does not fill the channel with pictures of moments gone by.
   */
  earlierPictures: boolean;
}

/** A person's own notification preferences (`/notify`), the same in every server. */
export interface UserPrefs {
  /** A DM when it is their turn (and reminders by DM instead of a channel mention). */
  dm: boolean;
  /** IANA time zone name; null = UTC. */
  timeZone: string | null;
  quietHours: QuietHours | null;
  /** Reminders and turn timers pause until this instant (ms); null = not away. */
  awayUntil: number | null;
  /** Discord refused a DM (closed DMs) and they have not been told yet. */
  dmRefusedUntold: boolean;
  /** Since when Discord refuses their DMs (told once per spell of closed DMs); null = DMs go through. */
  dmRefusedAt: number | null;
  /** The language of the answers only they see; null = their Discord client's language. */
  language: Locale | null;
}

export const DEFAULT_USER_PREFS: UserPrefs = {
  dm: false,
  timeZone: null,
  quietHours: null,
  awayUntil: null,
  dmRefusedUntold: false,
  dmRefusedAt: null,
  language: null,
};

export function defaultGuildSettings(reminderHours: number): GuildSettings {
  return {
    reminderHours: reminderHours > 0 ? reminderHours : null,
    turnTimerHours: null,
    timeoutAction: "remind",
    threads: false,
    quietHours: null,
    language: null,
    earlierPictures: false,
  };
}

/** A timed thing the scheduler owes one seat of one game at one version. */
export interface DueRow {
  gameId: number;
  guildId: string;
  /** The seat's id (the engine's name for it). */
  seatId: string;
  kind: "notice" | "reminder" | "timer";
  version: number;
  dueAt: number;
}

/** A server's settings as they apply: what it stored over the defaults (`reminderHours` from REMINDER_HOURS). */
export function resolveGuildSettings(
  stored: Partial<GuildSettings>,
  defaultReminderHours: number,
): GuildSettings {
  return { ...defaultGuildSettings(defaultReminderHours), ...stored };
}
