import {
  type APIMessage,
  type Client,
  DiscordAPIError,
  InteractionWebhook,
  type MessageEditOptions,
  MessagePayload,
  type RawFile,
  Routes,
  type SendableChannels,
} from "discord.js";
import type { Message } from "../engine/core/errors.js";
import type { GameEvent, Outcome } from "../engine/core/game.js";
import { needsReview } from "../engine/core/winnable.js";
import { gameTitle, tm, type Words, wordsFor } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import { endedJob, namedPicture } from "../render/jobs.js";
import { RESTORED_TABLE_VERSION } from "../store/messages.js";
import { type GameRecord, memberOf, type SentWith, type StoredMessage } from "../store/store.js";
import { now } from "./clock.js";
import type { BotContext } from "./context.js";
import { guildSettingsFor, turnDeadline } from "./deadlines.js";
import { membersOf, namesOf, uiFor, waitingFor } from "./games.js";
import { serverLocale } from "./locale.js";
import { endText } from "./overview.js";
import { replayEvents } from "./record.js";
import { drawFiles } from "./respond.js";
import { discordTime } from "./time.js";
import { fitAlt } from "./ui/alt.js";
import { discordMessage, type MessageParts } from "./ui/components.js";
import type { Row } from "./ui/controls.js";
import { gameCustomId, RESERVED_ACTIONS } from "./ui/customId.js";
import { withNames } from "./ui/helpers.js";
import { replayCustomId } from "./ui/replayId.js";
import type { AnyGameUi, Names, ShownFile } from "./ui/types.js";

/**
 * Discord lets an interaction's token send and edit messages for 15 minutes, and those requests do
 * not count against the bot's global budget of 50 per second: a table a click brings travels on
 * the click's token while it lives, with a margin for a slow queue.
 */
const TOKEN_USABLE_MS = 14 * 60_000;

function usable(sentWith: SentWith | null | undefined): sentWith is SentWith {
  return sentWith != null && Date.now() - sentWith.at < TOKEN_USABLE_MS;
}

/**
 * Does `onToken` while `sentWith` lives, and `onChannel` without one or when Discord refuses the
 * token (it died early, the message is gone from its webhook): the channel route always works.
 * A request that got no answer is not sent again on the channel route: it may have been done,
 * and a table posted twice pings twice (a repair looks first, then posts what is missing).
 */
async function viaToken<T>(
  ctx: BotContext,
  sentWith: SentWith | null | undefined,
  onToken: (sentWith: SentWith) => Promise<T>,
  onChannel: () => Promise<T>,
): Promise<T> {
  if (usable(sentWith)) {
    try {
      return await onToken(sentWith);
    } catch (err) {
      if (!(err instanceof DiscordAPIError)) throw err;
      ctx.log.info(`an interaction token was refused, the channel route is taken: ${err.message}`);
    }
  }
  return onChannel();
}

async function sendableChannel(ctx: BotContext, channelId: string): Promise<SendableChannels> {
  const channel = await ctx.client.channels.fetch(channelId);
  if (!channel?.isSendable()) throw new Error(`channel ${channelId} cannot take messages`);
  return channel;
}

/**
 * How an ended game ended, for its last picture and text: the headline and one line of detail,
 * in `locale` (the server's: the picture and the table message are public). A game still open has none.
 */
export function endingOf(
  game: GameRecord,
  outcome: Outcome | null,
  names: Names,
  locale: Locale,
): { headline: string; detail: string } | null {
  const words = wordsFor(locale);
  if (outcome)
    return { headline: words("bot.table.gameOver"), detail: tm(withNames(outcome.summary, names), locale) };
  if (game.status !== "abandoned") return null;
  const reason = game.endReason;
  const detail =
    reason?.kind === "left"
      ? words("bot.table.ended.left", { name: reason.by })
      : reason?.kind === "ended"
        ? words("bot.table.ended.by", { name: reason.by })
        : reason?.kind === "timedOut"
          ? words("bot.table.ended.timedOut", { name: reason.by })
          : words("bot.table.ended.early");
  return { headline: words("bot.table.gameEnded"), detail };
}

/**
 * The table picture's alt text, in the server's language like the picture: how the game ended
 * (the band over an ended game's picture) first, then what the table shows.
 */
export function tableAlt(
  ui: AnyGameUi,
  view: unknown,
  names: Names,
  words: Words,
  ending: { headline: string; detail: string } | null,
): string {
  const ended = ending ? [words("kit.alt.ended", ending)] : [];
  return fitAlt([...ended, ...ui.describeTable(view, names, words)]);
}

/**
 * Since when the game waits, when the turn timer runs out, and who of those it waits for is away:
 * Discord timestamps, so every reader sees their own local time.
 */
async function waitingLine(
  ctx: BotContext,
  game: GameRecord,
  waiting: readonly string[],
  words: Words,
): Promise<string> {
  const deadline = await turnDeadline(ctx, await guildSettingsFor(ctx, game.guildId), game);
  // Before the first move the game waits since its start.
  const since = (await ctx.store.play.hasMoves(game.id)) ? "bot.table.waitingSince" : "bot.table.startedAt";
  const parts = [words(since, { when: discordTime(game.updatedAt, "R") })];
  if (deadline !== null) parts.push(words("bot.table.timeRunsOut", { when: discordTime(deadline, "R") }));
  const at = now();
  for (const p of game.players) {
    if (!waiting.includes(p.userId)) continue;
    const member = memberOf(p);
    const away = member === null ? null : (await ctx.store.preferences.userPrefs(member)).awayUntil;
    if (away !== null && away > at)
      parts.push(words("bot.table.away", { name: p.displayName, when: discordTime(away, "f") }));
  }
  return `${parts.join(" · ")}.`;
}

/**
 * The public table message: picture, what happens now, who must act (mentioned), buttons. The
 * picture is described here and drawn by the render pool when the message is sent.
 */
export async function tableMessage(
  ctx: BotContext,
  game: GameRecord,
  events: GameEvent[] = [],
  review: Message | null = null,
) {
  const ui = uiFor(ctx, game);
  const names = namesOf(game);
  const view = ui.engine.publicView(game.state);
  const outcome = ui.engine.outcome(game.state);
  const locale = await serverLocale(ctx, game.guildId);
  const words = wordsFor(locale);
  const title = gameTitle(game.gameType, locale);
  let job = ui.tablePicture(view, names, locale);
  const lines = events.map((e) => `• ${tm(withNames(e, names), locale)}`);
  let mentions: string[] = [];
  const components: Row[] = [];
  const ending = endingOf(game, outcome, names, locale);
  if (ending) job = endedJob(job, ending.headline, ending.detail);
  const people = membersOf(game);
  for (const p of game.players) {
    if (p.standsInFor) lines.push(words("bot.table.standsIn", { name: p.displayName, left: p.standsInFor }));
  }
  const history = lines.join("\n").slice(0, 2000);
  // Under the picture, beside the buttons: who must act now, or how the game came out.
  const after: string[] = [];
  if (game.status === "active" && !outcome) {
    const waiting = waitingFor(ui, game.state);
    // Robots are never mentioned: the table names them, and they move by themselves.
    mentions = waiting.flatMap((id) => people.get(id) ?? []);
    lines.push(`**${title}** — ${ui.tableStatus(view, names, words)}`);
    const robots = waiting.filter((id) => !people.has(id)).map((id) => names[id] ?? id);
    const who = [...mentions.map((id) => `<@${id}>`), ...robots];
    after.push(
      words(mentions.length > 0 ? "bot.table.yourMove" : "bot.table.thinking", { who: who.join(" ") }),
    );
    if (mentions.length > 0) after.push(await waitingLine(ctx, game, waiting, words));
    const row: Row = {
      kind: "buttons",
      buttons: [
        {
          customId: gameCustomId(game.id, game.version, RESERVED_ACTIONS.panel),
          label: words(`game.${game.gameType}.panelButton`),
          style: "primary",
        },
        ...ui.tableActions(view, words).map((a) => ({
          customId: gameCustomId(game.id, game.version, a.action),
          label: a.label,
          style: a.style,
        })),
      ],
    };
    components.push(row);
  } else if (outcome) {
    lines.push(words("bot.table.gameOverLine", { title }));
    after.push(ui.resultText(view, outcome, names, words));
    if (review) {
      after.push(tm(withNames(review, names), locale));
      const row = replayRow(game, review, words);
      if (row) components.push(row);
    }
    mentions = [...people.values()];
    after.push(mentions.map((id) => `<@${id}>`).join(" "));
  } else {
    lines.push(words("bot.table.endedLine", { title, detail: endText(game.endReason, words) }));
  }
  const picture = namedPicture(
    `${game.gameType}-${game.id}-${game.version}`,
    job,
    tableAlt(ui, view, names, words, ending),
  );
  return {
    parts: {
      content: lines.join("\n"),
      pictures: [{ name: picture.name, alt: picture.alt }],
      notice: after.filter((line) => line !== "").join("\n"),
      components,
    },
    history,
    picture,
    allowedMentions: { users: mentions },
  };
}

/**
 * The review's way into the replay: "Replay move N" opens, for whoever clicks and may see the game,
 * the table after the move the review names. A review that names no move (lost from the start,
 * unsure) has none.
 */
function replayRow(game: GameRecord, review: Message, words: Words): Row | null {
  const move = review.params?.move;
  if (typeof move !== "number" || move < 1) return null;
  const label = words("replay.reviewButton", { move });
  const open = replayCustomId(game.id, move, "open");
  return { kind: "buttons", buttons: [{ customId: open, label, emoji: "⏯", style: "secondary" }] };
}

/** How long the robots' thread may search a lost game for the move that lost it. */
const REVIEW_BUDGET_MS = 1500;

/**
 * After a lost game of a game that reviews its losses: the line naming the move after which the
 * deal could no longer be won. The search replays the game in the robots' thread (a search of a
 * second would stall the event loop here); a failed review only leaves the line out.
 */
async function reviewOf(ctx: BotContext, game: GameRecord): Promise<Message | null> {
  const ui = uiFor(ctx, game);
  if (!ctx.games.get(game.gameType)?.robot.review || !needsReview(ui.engine.outcome(game.state))) return null;
  const played = {
    players: game.players.map((p) => p.userId),
    options: game.options,
    seed: game.seed,
    moves: (await ctx.store.play.moves(game.id)).map(({ userId, move }) => ({ userId, move })),
  };
  try {
    return await ctx.thinker.review({ gameType: game.gameType, game: played, budgetMs: REVIEW_BUDGET_MS });
  } catch (err) {
    ctx.log.warn(`game ${game.id}: the lost game could not be reviewed: ${(err as Error).message}`);
    return null;
  }
}

/**
 * Posts a new table message (which notifies whoever must act) and retires the old one. `click`:
 * the token of the click that made the move, which sends the table as the click's public follow-up
 * while it lives; without one (a robot's move, a repair) the table goes on the channel route.
 */
export async function postTable(
  ctx: BotContext,
  game: GameRecord,
  events: GameEvent[] = [],
  click: SentWith | null = null,
): Promise<void> {
  const previous = await ctx.store.messages.getMessage(game.id, "table");
  const { picture, history, parts, allowedMentions } = await tableMessage(
    ctx,
    game,
    events,
    await reviewOf(ctx, game),
  );
  const files = await drawFiles(ctx.painter, [picture], "table");
  const body = { ...discordMessage(parts), files, allowedMentions };
  const sent = await viaToken<{ channelId: string; id: string; sentWith: SentWith | null }>(
    ctx,
    click,
    async (token) => {
      const { body: json, files: raw } = await MessagePayload.create(webhookOf(ctx, token), body)
        .resolveBody()
        .resolveFiles();
      const followUp = (await ctx.webhookRest.post(Routes.webhook(ctx.config.applicationId, token.token), {
        body: json,
        files: raw as RawFile[],
        query: new URLSearchParams({ wait: "true" }),
        auth: false,
      })) as APIMessage;
      return { channelId: followUp.channel_id, id: followUp.id, sentWith: token };
    },
    async () => {
      const channel = await sendableChannel(ctx, game.channelId);
      const posted = await channel.send(body);
      return { channelId: channel.id, id: posted.id, sentWith: null };
    },
  );
  await ctx.store.messages.setMessage(
    game.id,
    "table",
    sent.channelId,
    sent.id,
    game.version,
    history,
    sent.sentWith,
  );
  if (previous) await retireTable(ctx, game, previous, sent);
}

/**
 * The table message `sent` replaced, no longer a claim about who must act or since when: by
 * default one line (what happened there, who acts now, a link to the current table) without its
 * picture or buttons, so a long game does not fill the channel with pictures; a server that keeps
 * earlier pictures (`/settings pictures`) keeps it, under that line, without buttons.
 */
async function retireTable(
  ctx: BotContext,
  game: GameRecord,
  previous: StoredMessage,
  sent: { channelId: string; id: string },
): Promise<void> {
  const words = wordsFor(await serverLocale(ctx, game.guildId));
  const title = gameTitle(game.gameType, words.locale);
  const url = `https://discord.com/channels/${game.guildId}/${sent.channelId}/${sent.id}`;
  const settings = await guildSettingsFor(ctx, game.guildId);
  // A table restored from a backup shows a picture of another name: it keeps nothing.
  const name =
    settings.earlierPictures && previous.version !== RESTORED_TABLE_VERSION
      ? await pictureOfTable(ctx, game, previous)
      : null;
  const keepPicture = name !== null;
  let parts: MessageParts;
  if (keepPicture) {
    const earlier = words("bot.table.retired.picture", { title, url });
    parts = {
      content: [previous.history ?? "", earlier].filter((line) => line !== "").join("\n"),
      pictures: [{ name, alt: words("bot.table.retired.alt", { title }) }],
      components: [],
    };
  } else {
    // Kept by an older release, or found posted: its events are not known, the rest is.
    const happened = (previous.history ?? "")
      .split("\n")
      .map((line) => line.replace(/^• /, ""))
      .filter((line) => line !== "")
      .join("; ");
    parts = {
      content: [
        `**${title}**`,
        happened,
        whoActsNow(ctx, game, words),
        words("bot.table.retired.link", { url }),
      ]
        .filter((part) => part !== "")
        .join(" · "),
      pictures: [],
      components: [],
    };
  }
  const body = {
    ...discordMessage(parts, true),
    ...(keepPicture ? {} : { attachments: [] }),
    allowedMentions: { parse: [] as [] },
  };
  try {
    await editMessage(ctx, { ...previous, id: previous.messageId }, body);
  } catch (err) {
    // An old message that was deleted by a moderator is no reason to fail a move.
    ctx.log.warn(
      `game ${game.id}: the earlier table ${previous.messageId} was not retired: ${(err as Error).message}`,
    );
  }
}

/**
 * A table picture's file name: `<game>-<id>-<version>-<picture key>.png`, the key letting a panel
 * show the very same file by its address; tables of older releases lack the key.
 */
function tablePictureName(game: GameRecord): RegExp {
  return new RegExp(`^${game.gameType}-${game.id}-(\\d+)(?:-[a-z]+)?\\.png$`);
}

/**
 * The file name of the picture an earlier table shows, read back from Discord (it ends in the
 * picture's key, which only the message knows now); null when it is gone or shows none.
 */
async function pictureOfTable(
  ctx: BotContext,
  game: GameRecord,
  table: StoredMessage,
): Promise<string | null> {
  const pattern = tablePictureName(game);
  try {
    const message = (await ctx.client.rest.get(
      Routes.channelMessage(table.channelId, table.messageId),
    )) as APIMessage;
    const shown = message.attachments.find(
      (a) => Number(pattern.exec(a.filename)?.[1] ?? Number.NaN) === table.version,
    );
    return shown?.filename ?? null;
  } catch (err) {
    if (!(err instanceof DiscordAPIError)) throw err;
    return null;
  }
}

/** Who the game waits for now, by name (a retired table pings nobody), or how it ended. */
function whoActsNow(ctx: BotContext, game: GameRecord, words: Words): string {
  const ui = uiFor(ctx, game);
  if (game.status !== "active")
    return words(ui.engine.outcome(game.state) ? "bot.table.retired.over" : "bot.table.retired.ended");
  const names = namesOf(game);
  const waiting = waitingFor(ui, game.state).map((id) => names[id] ?? id);
  return waiting.length > 0 ? words("bot.table.retired.now", { who: words.list(waiting) }) : "";
}

/** How far back a repair looks in the game's channel for a table that went out unheard. */
const LOOK_BACK_MESSAGES = 50;

/**
 * The newest table of this game that Discord posted after `recorded` (the table message the bot
 * knows of) without the bot hearing of it: its post reached Discord and the answer was lost on
 * the way back (a proxy that died, a connection that broke). Found by its picture, which names the
 * version it shows. Null when there is none, or the bot may not read the channel's history.
 */
export async function unrecordedTable(
  ctx: BotContext,
  game: GameRecord,
  recorded: StoredMessage | undefined,
): Promise<{ channelId: string; id: string; version: number } | null> {
  const query = new URLSearchParams({ limit: String(LOOK_BACK_MESSAGES) });
  if (recorded) query.set("after", recorded.messageId);
  let messages: APIMessage[];
  try {
    messages = (await ctx.client.rest.get(Routes.channelMessages(game.channelId), { query })) as APIMessage[];
  } catch (err) {
    if (!(err instanceof DiscordAPIError)) throw err;
    ctx.log.info(
      `game ${game.id}: the channel's history cannot be read (${err.message}); a lost post may show twice`,
    );
    return null;
  }
  const picture = tablePictureName(game);
  let newest: { channelId: string; id: string; version: number } | null = null;
  for (const message of messages) {
    if (message.author.id !== ctx.client.user?.id) continue;
    for (const attachment of message.attachments) {
      const version = Number(picture.exec(attachment.filename)?.[1] ?? Number.NaN);
      if (version > (newest?.version ?? recorded?.version ?? -1))
        newest = { channelId: message.channel_id, id: message.id, version };
    }
  }
  return newest;
}

/** A table found posted (`unrecordedTable`) recorded as the game's table, and the one it replaced retired. */
export async function adoptTable(
  ctx: BotContext,
  game: GameRecord,
  recorded: StoredMessage | undefined,
  found: { channelId: string; id: string; version: number },
): Promise<void> {
  await ctx.store.messages.setMessage(game.id, "table", found.channelId, found.id, found.version);
  if (recorded) await retireTable(ctx, game, recorded, found);
}

/** The interaction webhook of a token, to build a message body for it as discord.js does. */
function webhookOf(ctx: BotContext, sentWith: SentWith): InteractionWebhook {
  return new InteractionWebhook(ctx.client as Client<true>, ctx.config.applicationId, sentWith.token);
}

/**
 * Within a turn the current table message is edited in place so everyone can follow. Resolves
 * with the files it shows now (none when there was no table to edit and one was posted anew).
 */
export async function refreshTable(
  ctx: BotContext,
  game: GameRecord,
  events: GameEvent[] = [],
): Promise<readonly ShownFile[]> {
  const current = await ctx.store.messages.getMessage(game.id, "table");
  if (!current) {
    await postTable(ctx, game, events);
    return [];
  }
  const { picture, history, parts } = await tableMessage(ctx, game, events, await reviewOf(ctx, game));
  const files = await drawFiles(ctx.painter, [picture], "table");
  const edit = { ...discordMessage(parts), files, attachments: [], allowedMentions: { parse: [] as [] } };
  const shown = await editMessage(ctx, { ...current, id: current.messageId }, edit);
  const { channelId, messageId, sentWith } = current;
  await ctx.store.messages.setMessage(
    game.id,
    "table",
    channelId,
    messageId,
    game.version,
    history,
    sentWith,
  );
  return shown;
}

/** Enough to catch up on; a table message keeps room for its status and mentions. */
const MISSED_EVENTS_SHOWN = 12;

/**
 * The current table, with what the stored `moves` after `shownVersion` did, as their own tables
 * would have said it: posted anew (`anew`, mentioning whoever must act) or edited into the table
 * message in place.
 */
export async function showMissed(
  ctx: BotContext,
  game: GameRecord,
  shownVersion: number,
  moves: readonly { seq: number; userId: string; move: unknown }[],
  how: { anew: boolean; click?: SentWith | null },
): Promise<void> {
  const ui = uiFor(ctx, game);
  const missed = replayEvents(ui.engine, game, moves)
    .filter((m) => m.seq > shownVersion)
    .flatMap((m) => m.events)
    .slice(-MISSED_EVENTS_SHOWN);
  let tableEvents = missed;
  if (ui.eventsAsLog && missed.length > 0) {
    await postLog(ctx, game, missed);
    tableEvents = [];
  }
  if (how.anew) await postTable(ctx, game, tableEvents, how.click ?? null);
  else await refreshTable(ctx, game, tableEvents);
}

/**
 * Edits a table message: through the token it was sent with while that lives (outside the
 * global budget), else on the channel route. Resolves with the files it shows after the edit.
 */
async function editMessage(
  ctx: BotContext,
  message: { channelId: string; id: string; sentWith?: SentWith | null },
  edit: MessageEditOptions,
): Promise<readonly ShownFile[]> {
  return viaToken(
    ctx,
    message.sentWith,
    async (token) => {
      const { body: json, files: raw } = await MessagePayload.create(webhookOf(ctx, token), edit)
        .resolveBody()
        .resolveFiles();
      const edited = (await ctx.webhookRest.patch(
        Routes.webhookMessage(ctx.config.applicationId, token.token, message.id),
        { body: json, files: raw as RawFile[], auth: false },
      )) as APIMessage;
      return edited.attachments.map((a) => ({ filename: a.filename, url: a.url }));
    },
    async () => {
      const channel = await sendableChannel(ctx, message.channelId);
      const edited = await channel.messages.edit(message.id, edit);
      return edited.attachments.map((a) => ({ filename: a.name, url: a.url }));
    },
  );
}

/** A plain log message of public events (no buttons, no pings). */
export async function postLog(ctx: BotContext, game: GameRecord, events: GameEvent[]): Promise<void> {
  const channel = await sendableChannel(ctx, game.channelId);
  const names = namesOf(game);
  const locale = await serverLocale(ctx, game.guildId);
  const content = events
    .map((e) => `📜 ${tm(withNames(e, names), locale)}`)
    .join("\n")
    .slice(0, 2000);
  await channel.send({ content, allowedMentions: { parse: [] } });
}
