import {
  type ChatInputCommandInteraction,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandStringOption,
} from "discord.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { replanGuild } from "../src/bot/scheduler.js";
import { formatClock, parseClock } from "../src/bot/time.js";
import { LOCALES, type Locale } from "../src/i18n/locale.js";
import {
  type GuildSettings,
  type QuietHours,
  resolveGuildSettings,
  type TimeoutAction,
} from "../src/store/settings.js";
import type { Command } from "./types.js";

/** The longest reminder delay or turn timer: 30 days. */
const MAX_HOURS = 720;

const ACTIONS: readonly { name: string; value: TimeoutAction; outcome: string }[] = [
  { name: "remind only", value: "remind", outcome: "the player is reminded and the game waits for them" },
  { name: "a bot plays that turn", value: "botTurn", outcome: "a bot plays that turn for them" },
  {
    name: "a bot takes the seat",
    value: "botSeat",
    outcome: "a bot takes their seat for the rest of the game",
  },
  { name: "the game ends", value: "end", outcome: "the game ends" },
];

/** The `value` of `/settings language` and `/notify language` that follows Discord's language. */
export const AUTO_LANGUAGE = "auto";

/** Each language by its own name, as people look for it. */
const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: "English", nl: "Nederlands" };

export const LANGUAGE_CHOICES = LOCALES.map((value) => ({ name: LANGUAGE_NAMES[value], value }));

export function languageName(locale: Locale): string {
  return LANGUAGE_NAMES[locale];
}

/** A language as chosen: one the bot speaks, or null for automatic. */
export function parseLanguage(value: string): Parsed<Locale | null> {
  if (value === AUTO_LANGUAGE) return { ok: true, value: null };
  const locale = LOCALES.find((l) => l === value);
  return locale
    ? { ok: true, value: locale }
    : { ok: false, error: `"${value}" is not a language I speak: pick one from the list.` };
}

/** The start and end options of quiet hours, the same in /settings and /notify. */
export const quietFrom = (o: SlashCommandStringOption) =>
  o.setName("from").setDescription("Start, 24-hour clock, like 22:00").setMaxLength(10).setRequired(true);
export const quietTo = (o: SlashCommandStringOption) =>
  o.setName("to").setDescription("End, 24-hour clock, like 07:30").setMaxLength(10).setRequired(true);

const data = new SlashCommandBuilder()
  .setName("settings")
  .setDescription("This server's reminders, turn timer, threads and quiet hours (Manage Server)")
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => s.setName("show").setDescription("Show this server's settings"))
  .addSubcommand((s) =>
    s
      .setName("reminders")
      .setDescription("Remind the players to act after this many hours without a move")
      .addIntegerOption((o) =>
        o
          .setName("hours")
          .setDescription("Hours without a move before a reminder (0 = never)")
          .setMinValue(0)
          .setMaxValue(MAX_HOURS)
          .setRequired(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("timer")
      .setDescription("How long each player has for a turn, and what happens when it runs out")
      .addIntegerOption((o) =>
        o
          .setName("hours")
          .setDescription("Hours per turn (0 = no turn timer)")
          .setMinValue(0)
          .setMaxValue(MAX_HOURS)
          .setRequired(true),
      )
      .addStringOption((o) =>
        o
          .setName("action")
          .setDescription("What happens when a turn timer runs out (unchanged if not given)")
          .addChoices(...ACTIONS.map(({ name, value }) => ({ name, value }))),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("threads")
      .setDescription("Open each new game in a thread of its own, or play in the channel")
      .addBooleanOption((o) =>
        o
          .setName("enabled")
          .setDescription("True: a thread per game; False: in the channel")
          .setRequired(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("quiet")
      .setDescription("Default quiet hours (no turn DMs or reminders) for players who set none")
      .addStringOption(quietFrom)
      .addStringOption(quietTo),
  )
  .addSubcommand((s) => s.setName("quiet-off").setDescription("No default quiet hours"))
  .addSubcommand((s) =>
    s
      .setName("language")
      .setDescription("The language of the game tables and other messages everyone sees")
      .addStringOption((o) =>
        o
          .setName("value")
          .setDescription("A language, or automatic: the server's language in its Discord settings")
          .setRequired(true)
          .addChoices(
            { name: "automatic (the server's Discord language)", value: AUTO_LANGUAGE },
            ...LANGUAGE_CHOICES,
          ),
      ),
  );

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Quiet hours from two typed times of day; also used by `/notify quiet`. */
export function parseQuietHours(from: string, to: string): Parsed<QuietHours> {
  const start = parseClock(from);
  const end = parseClock(to);
  const bad = start === null ? from : end === null ? to : null;
  if (start === null || end === null)
    return {
      ok: false,
      error: `"${bad}" is not a time of day. Use the 24-hour clock, like 22:00 or 07:30.`,
    };
  if (start === end) return { ok: false, error: "Quiet hours must start and end at different times." };
  return { ok: true, value: { from: start, to: end } };
}

export function describeQuietHours(quiet: QuietHours): string {
  return `${formatClock(quiet.from)}–${formatClock(quiet.to)}`;
}

function hours(n: number): string {
  return n === 1 ? "1 hour" : `${n} hours`;
}

/** All of a server's settings as they apply, for every `/settings` answer. */
export function describeSettings(s: GuildSettings): string {
  const outcome = ACTIONS.find((a) => a.value === s.timeoutAction)?.outcome ?? s.timeoutAction;
  const reminders =
    s.reminderHours === null
      ? "never"
      : `after ${hours(s.reminderHours)} without a move, whoever must act is reminded`;
  const timer =
    s.turnTimerHours === null ? "off" : `${hours(s.turnTimerHours)} per turn; when it runs out, ${outcome}`;
  const games = s.threads ? "each in a thread of its own" : "in the channel where `/play` is used";
  const quiet = s.quietHours
    ? `${describeQuietHours(s.quietHours)} in each player's own time zone, for players who set none with \`/notify quiet\``
    : "none (players may set their own with `/notify quiet`)";
  const language = s.language
    ? languageName(s.language)
    : "automatic: the server's language in its Discord settings";
  return [
    "**This server's settings for games**",
    `• Reminders: ${reminders}`,
    `• Turn timer: ${timer}`,
    `• New games: ${games}`,
    `• Quiet hours: ${quiet}`,
    `• Language of tables and game messages: ${language}`,
  ].join("\n");
}

/** What a subcommand changes, or why it changes nothing. */
function changeOf(interaction: ChatInputCommandInteraction): Parsed<Partial<GuildSettings>> {
  const o = interaction.options;
  switch (o.getSubcommand()) {
    case "reminders": {
      const h = o.getInteger("hours", true);
      return { ok: true, value: { reminderHours: h > 0 ? h : null } };
    }
    case "timer": {
      const h = o.getInteger("hours", true);
      const action = o.getString("action") as TimeoutAction | null;
      return {
        ok: true,
        value: { turnTimerHours: h > 0 ? h : null, ...(action ? { timeoutAction: action } : {}) },
      };
    }
    case "threads":
      return { ok: true, value: { threads: o.getBoolean("enabled", true) } };
    case "quiet": {
      const quiet = parseQuietHours(o.getString("from", true), o.getString("to", true));
      return quiet.ok ? { ok: true, value: { quietHours: quiet.value } } : quiet;
    }
    case "quiet-off":
      return { ok: true, value: { quietHours: null } };
    case "language": {
      const language = parseLanguage(o.getString("value", true));
      return language.ok ? { ok: true, value: { language: language.value } } : language;
    }
    default:
      return { ok: true, value: {} };
  }
}

export const settings: Command = {
  data,
  async execute(ctx, interaction) {
    const say = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
    if (!interaction.inGuild()) return say("`/settings` changes a server's settings: use it in the server.");
    // Discord hides the command from members without the permission, but a server can override that.
    if (!interaction.memberPermissions.has(PermissionFlagsBits.ManageGuild))
      return say(
        "Only members with the **Manage Server** permission can see or change this server's settings. Nothing was changed.",
      );
    const change = changeOf(interaction);
    if (!change.ok) return say(`${change.error} Nothing was changed.`);
    const stored = { ...ctx.store.guildSettings(interaction.guildId), ...change.value };
    const changed = interaction.options.getSubcommand() !== "show";
    if (changed) {
      ctx.store.saveGuildSettings(interaction.guildId, stored);
      replanGuild(ctx, interaction.guildId);
    }
    const summary = describeSettings(resolveGuildSettings(stored, ctx.config.reminderHours));
    return say(changed ? `Saved.\n${summary}` : summary);
  },
};
