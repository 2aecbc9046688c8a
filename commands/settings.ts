import {
  type ChatInputCommandInteraction,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandStringOption,
} from "discord.js";
import type { Command } from "../src/bot/command.js";
import { readerLocale } from "../src/bot/locale.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { formatClock, parseClock } from "../src/bot/time.js";
import type { Message } from "../src/engine/core/errors.js";
import { type Words, wordsFor } from "../src/i18n/index.js";
import { LOCALES, type Locale } from "../src/i18n/locale.js";
import {
  type GuildSettings,
  type QuietHours,
  resolveGuildSettings,
  type TimeoutAction,
} from "../src/store/settings.js";

/** The longest reminder delay or turn timer: 30 days. */
const MAX_HOURS = 720;

/** What happens when a turn timer runs out, as the `/settings` summary says it (catalog keys). */
const OUTCOMES: Readonly<Record<TimeoutAction, string>> = {
  remind: "cmd.settings.outcome.remind",
  botTurn: "cmd.settings.outcome.robotTurn",
  botSeat: "cmd.settings.outcome.robotSeat",
  end: "cmd.settings.outcome.end",
};

/** The `value` of `/settings language` and `/notify language` that follows Discord's language. */
export const AUTO_LANGUAGE = "auto";

/** A language by its own name, as its speakers look for it in a list: "English", "Nederlands" (named in itself, not in the reader's language). */
export function languageName(locale: Locale): string {
  return new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
}

export const LANGUAGE_CHOICES = LOCALES.map((value) => ({ name: languageName(value), value }));

/** A language as chosen: one the bot speaks, or null for automatic. */
export function parseLanguage(value: string): Parsed<Locale | null> {
  if (value === AUTO_LANGUAGE) return { ok: true, value: null };
  const locale = LOCALES.find((l) => l === value);
  return locale
    ? { ok: true, value: locale }
    : { ok: false, error: { key: "cmd.settings.badLanguage", params: { value } } };
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
          .addChoices(
            { name: "remind only", value: "remind" },
            { name: "a bot plays that turn", value: "botTurn" },
            { name: "a bot takes the seat", value: "botSeat" },
            { name: "the game ends", value: "end" },
          ),
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
      .setName("pictures")
      .setDescription(
        "Keep the picture of each earlier table, or shrink it to one line once a newer one is posted",
      )
      .addBooleanOption((o) =>
        o
          .setName("keep")
          .setDescription("True: earlier tables keep their pictures; False: one line each (the default)")
          .setRequired(true),
      ),
  )
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

/** A value, or why a typed value was refused (a catalog message, said in the reader's language). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: Message };

/** Quiet hours from two typed times of day; also used by `/notify quiet`. */
export function parseQuietHours(from: string, to: string): Parsed<QuietHours> {
  const start = parseClock(from);
  const end = parseClock(to);
  const bad = start === null ? from : end === null ? to : null;
  if (start === null || end === null) {
    // Two examples of the 24-hour clock: late in the evening and early in the morning.
    const params = { typed: bad ?? "", late: formatClock(22 * 60), early: formatClock(7 * 60 + 30) };
    return { ok: false, error: { key: "cmd.settings.badClock", params } };
  }
  if (start === end) return { ok: false, error: { key: "cmd.settings.sameClock" } };
  return { ok: true, value: { from: start, to: end } };
}

export function describeQuietHours(quiet: QuietHours): string {
  return `${formatClock(quiet.from)}–${formatClock(quiet.to)}`;
}

/** All of a server's settings as they apply, for every `/settings` answer. */
export function describeSettings(s: GuildSettings, words: Words): string {
  const hours = (count: number) => words.count("cmd.settings.hours", count);
  const reminders =
    s.reminderHours === null
      ? words("cmd.settings.reminders.never")
      : words("cmd.settings.reminders.after", { hours: hours(s.reminderHours) });
  const timer =
    s.turnTimerHours === null
      ? words("cmd.settings.timer.off")
      : words("cmd.settings.timer.on", {
          hours: hours(s.turnTimerHours),
          outcome: words(OUTCOMES[s.timeoutAction]),
        });
  const games = words(s.threads ? "cmd.settings.games.threads" : "cmd.settings.games.channel");
  const quiet = s.quietHours
    ? words("cmd.settings.quiet.on", { hours: describeQuietHours(s.quietHours) })
    : words("cmd.settings.quiet.off");
  const language = s.language ? languageName(s.language) : words("cmd.settings.language.auto");
  return [
    words("cmd.settings.heading"),
    words("cmd.settings.line.reminders", { value: reminders }),
    words("cmd.settings.line.timer", { value: timer }),
    words("cmd.settings.line.games", { value: games }),
    words("cmd.settings.line.quiet", { value: quiet }),
    words("cmd.settings.line.language", { value: language }),
    words("cmd.settings.line.earlier", {
      value: words(s.earlierPictures ? "cmd.settings.earlier.pictures" : "cmd.settings.earlier.line"),
    }),
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
    case "pictures":
      return { ok: true, value: { earlierPictures: o.getBoolean("keep", true) } };
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
    const words = wordsFor(await readerLocale(ctx, interaction));
    const say = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
    if (!interaction.inGuild()) return say(words("cmd.settings.notInServer"));
    // Discord hides the command from members without the permission, but a server can override that.
    if (!interaction.memberPermissions.has(PermissionFlagsBits.ManageGuild))
      return say(words("cmd.settings.notAllowed"));
    const change = changeOf(interaction);
    if (!change.ok) return say(words("cmd.nothingChanged", { reason: words.message(change.error) }));
    const stored = { ...(await ctx.store.preferences.guildSettings(interaction.guildId)), ...change.value };
    const changed = interaction.options.getSubcommand() !== "show";
    if (changed) {
      await ctx.store.preferences.saveGuildSettings(interaction.guildId, stored);
      // Saved: what the games owe is planned anew, and if that fails now, the next pass does it.
      await ctx.scheduler
        .replanGuild(interaction.guildId)
        .catch((err: unknown) =>
          ctx.log.warn(
            `guild ${interaction.guildId}: settings saved, replanning failed: ${(err as Error).message}`,
          ),
        );
    }
    const summary = describeSettings(resolveGuildSettings(stored, ctx.config.reminderHours), words);
    return say(changed ? words("cmd.saved", { summary }) : summary);
  },
};
