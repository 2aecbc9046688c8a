import { type ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from "discord.js";
import { now } from "../src/bot/clock.js";
import type { Command } from "../src/bot/command.js";
import { readerLocale } from "../src/bot/locale.js";
import { answer, textPayload } from "../src/bot/respond.js";
import { discordTime, timeZones } from "../src/bot/time.js";
import { type Words, wordsFor } from "../src/i18n/index.js";
import type { UserPrefs } from "../src/store/settings.js";
import {
  AUTO_LANGUAGE,
  describeQuietHours,
  LANGUAGE_CHOICES,
  languageName,
  type Parsed,
  parseLanguage,
  parseQuietHours,
  quietFrom,
  quietTo,
} from "./settings.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The farthest ahead someone may be away. */
const MAX_AWAY_DAYS = 90;
/** Discord shows at most 25 autocomplete choices. */
const MAX_CHOICES = 25;

const data = new SlashCommandBuilder()
  .setName("notify")
  .setDescription("How and when I tell you it is your turn (yours alone, the same in every server)")
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
  .addSubcommand((s) => s.setName("show").setDescription("Show your notification settings"))
  .addSubcommand((s) =>
    s
      .setName("dm")
      .setDescription("DM me when it is my turn")
      .addBooleanOption((o) =>
        o.setName("enabled").setDescription("True: a DM on your turn; False: no DMs").setRequired(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("timezone")
      .setDescription("Your time zone, for quiet hours and away dates")
      .addStringOption((o) =>
        o
          .setName("name")
          .setDescription("Like Europe/Berlin or America/New_York (type to search)")
          .setMaxLength(64)
          .setAutocomplete(true)
          .setRequired(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName("quiet")
      .setDescription("No turn DMs or reminders between these times, in your time zone")
      .addStringOption(quietFrom)
      .addStringOption(quietTo),
  )
  .addSubcommand((s) => s.setName("quiet-off").setDescription("No quiet hours of your own"))
  .addSubcommand((s) =>
    s
      .setName("away")
      .setDescription("Pause your reminders and turn timers until a date or for a while")
      .addStringOption((o) =>
        o
          .setName("until")
          .setDescription("A date (YYYY-MM-DD, you are back when it ends) or how long, like 3d or 12h")
          .setMaxLength(32)
          .setRequired(true),
      ),
  )
  .addSubcommand((s) => s.setName("back").setDescription("You are back: reminders and turn timers run again"))
  .addSubcommand((s) =>
    s
      .setName("language")
      .setDescription("The language of the answers only you see, like your hand and hints")
      .addStringOption((o) =>
        o
          .setName("value")
          .setDescription("A language, or automatic: the language of your Discord app")
          .setRequired(true)
          .addChoices(
            { name: "automatic (your Discord app's language)", value: AUTO_LANGUAGE },
            ...LANGUAGE_CHOICES,
          ),
      ),
  );

/** Up to 25 known time zones containing `query` (case and spaces aside); names starting with it, or a part after "/", first. */
export function matchTimeZones(query: string, zones: readonly string[] = timeZones()): string[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, "_");
  const hits = zones.filter((z) => z.toLowerCase().includes(q));
  const starts = (z: string) => {
    const lower = z.toLowerCase();
    return lower.startsWith(q) || lower.includes(`/${q}`);
  };
  return [...hits.filter(starts), ...hits.filter((z) => !starts(z))].slice(0, MAX_CHOICES);
}

/** The known time zone called `name`, in its own spelling, or null. */
export function findTimeZone(name: string, zones: readonly string[] = timeZones()): string | null {
  const wanted = name.trim().toLowerCase();
  return zones.find((z) => z.toLowerCase() === wanted) ?? null;
}

/** How far `timeZone`'s clock is ahead of UTC at instant `ms`. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day (month from 0) starts in `timeZone`. */
function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month, day);
  // The offset at a first guess is the offset at that midnight, also on days the clocks change.
  return wall - zoneOffset(wall - zoneOffset(wall, timeZone), timeZone);
}

/**
 * When someone who is away "until" `text` is back: a date (`2025-08-31`) means when that day ends
 * in their time zone (UTC if they set none); a duration (`3d`, `12h`, `1w`, `2d12h`) counts from `at`.
 */
export function parseAway(text: string, at: number, timeZone: string | null): Parsed<number> {
  const typed = text.trim();
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  let until: number;
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]) - 1, Number(date[3])];
    const check = new Date(Date.UTC(year, month, day));
    if (check.getUTCMonth() !== month || check.getUTCDate() !== day)
      return { ok: false, error: { key: "cmd.notify.away.noDay", params: { typed } } };
    until = startOfDay(year, month, day + 1, timeZone ?? "UTC");
  } else if (/^(\d+\s*[wdh]\s*)+$/i.test(typed)) {
    const unit: Record<string, number> = { w: 7 * DAY_MS, d: DAY_MS, h: HOUR_MS };
    until = at;
    for (const [, n, u] of typed.matchAll(/(\d+)\s*([wdh])/gi))
      until += Number(n) * (unit[(u as string).toLowerCase()] as number);
  } else {
    return { ok: false, error: { key: "cmd.notify.away.unreadable", params: { typed } } };
  }
  if (until <= at) return { ok: false, error: { key: "cmd.notify.away.past" } };
  if (until > at + MAX_AWAY_DAYS * DAY_MS)
    return { ok: false, error: { key: "cmd.notify.away.tooLong", params: { days: MAX_AWAY_DAYS } } };
  return { ok: true, value: until };
}

/** Someone's own notification settings as they apply at instant `at`. */
export function describePrefs(p: UserPrefs, at: number, words: Words): string {
  const dm = words(p.dm ? "cmd.notify.dm.on" : "cmd.notify.dm.off");
  // Without a zone of their own, times are read in UTC.
  const zone = p.timeZone ?? words("cmd.notify.zone.unset", { zone: "UTC" });
  const quiet = p.quietHours
    ? words("cmd.notify.quiet.on", { hours: describeQuietHours(p.quietHours) })
    : words("cmd.notify.quiet.off");
  const away =
    p.awayUntil !== null && p.awayUntil > at
      ? words("cmd.notify.away.on", {
          until: discordTime(p.awayUntil, "f"),
          untilRelative: discordTime(p.awayUntil, "R"),
        })
      : words("cmd.notify.away.off");
  const language = p.language ? languageName(p.language) : words("cmd.notify.language.auto");
  return [
    words("cmd.notify.heading"),
    words("cmd.notify.line.dm", { value: dm }),
    words("cmd.notify.line.zone", { value: zone }),
    words("cmd.notify.line.quiet", { value: quiet }),
    words("cmd.notify.line.away", { value: away }),
    words("cmd.notify.line.language", { value: language }),
  ].join("\n");
}

/** What a subcommand changes, or why it changes nothing. */
function changeOf(interaction: ChatInputCommandInteraction, prefs: UserPrefs): Parsed<Partial<UserPrefs>> {
  const o = interaction.options;
  switch (o.getSubcommand()) {
    case "dm":
      return { ok: true, value: { dm: o.getBoolean("enabled", true) } };
    case "timezone": {
      const name = o.getString("name", true);
      const zone = findTimeZone(name);
      return zone
        ? { ok: true, value: { timeZone: zone } }
        : { ok: false, error: { key: "cmd.notify.badZone", params: { name } } };
    }
    case "quiet": {
      const quiet = parseQuietHours(o.getString("from", true), o.getString("to", true));
      return quiet.ok ? { ok: true, value: { quietHours: quiet.value } } : quiet;
    }
    case "quiet-off":
      return { ok: true, value: { quietHours: null } };
    case "away": {
      const until = parseAway(o.getString("until", true), now(), prefs.timeZone);
      return until.ok ? { ok: true, value: { awayUntil: until.value } } : until;
    }
    case "back":
      return { ok: true, value: { awayUntil: null } };
    case "language": {
      const language = parseLanguage(o.getString("value", true));
      return language.ok ? { ok: true, value: { language: language.value } } : language;
    }
    default:
      return { ok: true, value: {} };
  }
}

export const notify: Command = {
  data,
  async execute(ctx, interaction) {
    const say = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
    const userId = interaction.user.id;
    const prefs = await ctx.store.preferences.userPrefs(userId);
    const change = changeOf(interaction, prefs);
    if (!change.ok) {
      const words = wordsFor(await readerLocale(ctx, interaction));
      return say(words("cmd.nothingChanged", { reason: words.message(change.error) }));
    }
    const next = { ...prefs, ...change.value };
    const changed = interaction.options.getSubcommand() !== "show";
    if (changed) {
      await ctx.store.preferences.updateUserPrefs(userId, change.value);
      // Saved: what was held back for the old settings is released now; if that fails, it comes when
      // the old settings let it.
      await ctx.scheduler
        .prefsChanged(userId, prefs)
        .catch((err: unknown) =>
          ctx.log.warn(
            `user ${userId}: preferences saved, releasing what was held failed: ${(err as Error).message}`,
          ),
        );
    }
    // Read after saving: a language just chosen is the language of this answer.
    const words = wordsFor(await readerLocale(ctx, interaction));
    const summary = describePrefs(next, now(), words);
    return say(changed ? words("cmd.saved", { summary }) : summary);
  },
  async autocomplete(_ctx, interaction) {
    const names = matchTimeZones(interaction.options.getFocused());
    await interaction.respond(names.map((name) => ({ name, value: name })));
  },
};
