import { DiscordAPIError, RESTJSONErrorCodes } from "discord.js";
import { gameTitle, type Words, wordsFor } from "../i18n/index.js";
import type { DueRow, GuildSettings, UserPrefs } from "../store/settings.js";
import { type GameRecord, isHuman, memberOf, type Seat } from "../store/store.js";
import { untallied } from "../store/tally.js";
import { afterChange } from "./changes.js";
import { now } from "./clock.js";
import type { BotContext, Scheduler } from "./context.js";
import { guildSettingsFor, HOUR_MS, timed, turnDeadline } from "./deadlines.js";
import { uiFor, waitingFor } from "./games.js";
import { endGame } from "./lobby.js";
import { personLocale, serverLocale } from "./locale.js";
import { slices } from "./pages.js";
import { robotPlaysFor } from "./seats.js";
import { discordTime, quietUntil } from "./time.js";

/**
 * The one scheduler for play over days. After every stored change of an active game, each person
 * to act is owed, for that game version: a turn notice by DM (when they asked for DMs), a reminder
 * after the server's hours of silence, and the turn timer's deadline. Due times live in the database, one
 * row per seat, kind and version, kept once handled, so a restart neither loses nor repeats them.
 * Quiet hours hold DMs and reminder mentions back until they end; a player away pauses both.
 */

/** The people whose move the game waits for, as seats. */
function peopleToAct(ctx: BotContext, game: GameRecord): Seat[] {
  const waiting = new Set(waitingFor(uiFor(ctx, game), game.state));
  return game.players.filter((p) => isHuman(p) && waiting.has(p.userId));
}

/**
 * What this version of the game owes its people. The turn notice is owed once per wait, when the
 * turn passes to a person: everyone waiting keeps a notice row for the whole wait, carried from
 * version to version (held back and still owed, sent, or never owed because their own move made
 * this version, or because they asked for no DMs), so moves inside a wait, theirs or another's,
 * send no second one. A person still waiting after someone else's move keeps their reminder and
 * timer where they were; a person whose own move made this version starts them afresh.
 */
async function owedBy(
  ctx: BotContext,
  game: GameRecord,
  earlier: readonly (DueRow & { done: boolean })[],
  mover: string | null,
): Promise<(DueRow & { done: boolean })[]> {
  const settings = await guildSettingsFor(ctx, game.guildId);
  const rows: (DueRow & { done: boolean })[] = [];
  const at = now();
  for (const seat of peopleToAct(ctx, game)) {
    const base = { gameId: game.id, guildId: game.guildId, seatId: seat.userId, version: game.version };
    const waited = earlier.some((r) => r.seatId === seat.userId);
    const before = seat.userId === mover ? [] : earlier.filter((r) => r.seatId === seat.userId);
    const carried = (kind: DueRow["kind"], fresh: number): number | null => {
      const last = before.find((r) => r.kind === kind);
      if (!last) return fresh;
      // Already reminded (or timed out) in this wait: once is enough.
      return last.done ? null : last.dueAt;
    };
    // Every wait keeps its notice row, so the next version knows who waited; one held back
    // (quiet hours, away) stays owed, one sent stays sent, and the mover needs none. A person who
    // asked for no DMs is owed none: their row is kept as handled.
    const notice = earlier.find((r) => r.seatId === seat.userId && r.kind === "notice");
    const wantsDm = (await ctx.store.preferences.userPrefs(memberOf(seat) ?? seat.userId)).dm;
    const told = seat.userId === mover || (notice ? notice.done : waited) || !wantsDm;
    rows.push({ ...base, kind: "notice", dueAt: notice && !told ? notice.dueAt : at, done: told });
    const remindAt = settings.reminderHours
      ? carried("reminder", game.updatedAt + settings.reminderHours * HOUR_MS)
      : null;
    if (remindAt !== null) rows.push({ ...base, kind: "reminder", dueAt: remindAt, done: false });
    const timerAt = timed(settings, game)
      ? carried("timer", game.updatedAt + (settings.turnTimerHours as number) * HOUR_MS)
      : null;
    if (timerAt !== null) rows.push({ ...base, kind: "timer", dueAt: timerAt, done: false });
  }
  return rows;
}

/**
 * Plans what these game versions owe (an ended game owes nothing: its rows go), in a few queries
 * whatever their number: their earlier rows and who made each version are read together, and
 * everything is written in one go. Returns whether anything planned is due already.
 */
async function planGames(ctx: BotContext, games: readonly GameRecord[]): Promise<boolean> {
  const active = games.filter((g) => g.status === "active");
  const [earlier, movers] = await Promise.all([
    ctx.store.due.dueOfGames(active.map((g) => g.id)),
    ctx.store.play.moversOf(active.map((g) => ({ gameId: g.id, version: g.version }))),
  ]);
  const rows: (DueRow & { done: boolean })[] = [];
  for (const game of active) {
    const before = earlier.filter((r) => r.gameId === game.id && r.version < game.version);
    rows.push(...(await owedBy(ctx, game, before, movers.get(game.id) ?? null)));
  }
  await ctx.store.due.plan(
    rows,
    games.map((g) =>
      g.status === "active"
        ? { gameId: g.id, keepFrom: g.version, planned: g.version }
        : { gameId: g.id, keepFrom: g.version + 1, planned: null },
    ),
  );
  const at = now();
  return rows.some((r) => !r.done && r.dueAt <= at);
}

function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/** Whether quiet hours hold this back: everything that sends a message (a turn timer that acts does not wait). */
function heldQuiet(row: DueRow, settings: GuildSettings): boolean {
  return row.kind !== "timer" || settings.timeoutAction === "remind";
}

/** When the quiet hours a person is in at `at` end (their own, else the server's), or null. */
function quietEnd(at: number, prefs: UserPrefs, settings: GuildSettings): number | null {
  return quietUntil(at, prefs.quietHours ?? settings.quietHours, prefs.timeZone);
}

/**
 * One per bot: the pass over what falls due, which never overlaps itself, and the one timer that
 * wakes it for the next due time.
 */
export class TurnScheduler implements Scheduler {
  readonly #context: () => BotContext;
  #wake: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  /** Changed games whose timed things are still to plan (their newest records), and the planning under way. */
  readonly #toPlan = new Map<number, GameRecord>();
  #planning: Promise<void> | null = null;
  /** The batch being written, and how many changes were noted, and planned, so far. */
  #batch: Promise<void> | null = null;
  #noted = 0;
  #plannedUpTo = 0;
  #stopped = false;

  constructor(context: () => BotContext) {
    this.#context = context;
  }

  /** Starts the scheduler: plans what a restart left unplanned, then handles due things as they fall due. */
  start(): void {
    this.#soon(0);
  }

  /**
   * For a graceful stop: no pass starts from now on, and resolves once the one under way is done.
   * What falls due meanwhile is stored and handled after the restart.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#wake) clearTimeout(this.#wake);
    await Promise.all([this.#running, this.#planning]);
  }

  /**
   * After a stored change: the game's timed things are planned soon, together with those of the
   * other changes meanwhile (a few queries for them all, none on the path of the click that made
   * the change), and anything due at once is handled. What a stop or a crash leaves unplanned, the
   * next pass plans (the game's planned version is stored).
   */
  noteChange(game: GameRecord): void {
    this.#noted++;
    // The newest record of the game is planned: a slower reader's older one must not replace it.
    const waiting = this.#toPlan.get(game.id);
    if (!waiting || waiting.version <= game.version) this.#toPlan.set(game.id, game);
    if (this.#planning) return;
    this.#planning = untallied(() => this.#planPending());
  }

  async #planPending(): Promise<void> {
    const ctx = this.#context();
    // Let the changes of this turn of the event loop gather first.
    await nextTurn();
    while (this.#toPlan.size > 0) {
      const games = [...this.#toPlan.values()];
      const upTo = this.#noted;
      this.#toPlan.clear();
      this.#batch = planGames(ctx, games).then(
        (dueNow) => {
          if (dueNow) this.#soon(0);
        },
        (err: unknown) =>
          ctx.log.warn(`timers of ${games.length} game(s) not planned: ${(err as Error).message}`),
      );
      await this.#batch;
      this.#plannedUpTo = upTo;
    }
    this.#batch = null;
    this.#planning = null;
  }

  /**
   * Resolves once the changes noted so far are planned: the batch under way and at most the next,
   * however many changes come meanwhile.
   */
  async planned(): Promise<void> {
    const target = this.#noted;
    while (this.#planning && this.#plannedUpTo < target) await (this.#batch ?? nextTurn());
  }

  /**
   * A server changed its settings: what its games owe from now on is planned again (what was already
   * sent stays sent).
   */
  async replanGuild(guildId: string): Promise<void> {
    await this.#context().store.due.unplanGuild(guildId);
    this.#soon(0);
  }

  /**
   * A person changed their own settings: what was held back for them comes as the new ones say.
   * Held for a time away that changed: due when they are now back (the turn timer then runs in full
   * from that moment). Held for quiet hours that changed (ended, moved, another time zone): due at
   * once, and held again only if the new ones hold it.
   */
  async prefsChanged(userId: string, before: UserPrefs): Promise<void> {
    if (await releaseHeld(this.#context(), userId, before)) this.#soon(0);
  }

  /**
   * One pass; passes never overlap, and the next is set for the next due time or the check
   * interval. The games to plan are read a page at a time, each game when it comes to it, and what
   * falls due is handled after each page: after a restart with a million games to plan, neither the
   * memory nor the event loop holds them all, and a turn notice does not wait for the last page.
   */
  tick(): Promise<void> {
    if (this.#running) return this.#running;
    const ctx = this.#context();
    this.#running = (async () => {
      try {
        // The changes noted before this pass are planned first: what they owe now is handled in it.
        await this.planned();
        const pause = slices();
        let after = 0;
        for (;;) {
          const page = await ctx.store.due.gamesToPlan(myGuilds(ctx), {
            after,
            limit: ctx.config.scanPageSize,
          });
          if (page.length === 0) break;
          for (const listed of page) {
            await planListed(ctx, listed);
            await pause();
          }
          after = page.at(-1)!.id;
          await handleDue(ctx, pause);
        }
        await handleDue(ctx, pause);
      } catch (err) {
        ctx.log.warn(`scheduler pass failed: ${(err as Error).message}`);
      }
      // Unknown when the database does not answer: the pass runs again after the check interval.
      const next = await ctx.store.due.nextDueAt(myGuilds(ctx)).catch(() => null);
      this.#running = null;
      const wait = next === null ? ctx.config.reminderCheckMs : Math.max(0, next - now());
      this.#soon(Math.min(wait, ctx.config.reminderCheckMs));
    })();
    return this.#running;
  }

  #soon(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#wake) clearTimeout(this.#wake);
    this.#wake = setTimeout(() => {
      this.#wake = null;
      void untallied(() => this.tick());
    }, delayMs);
    this.#wake.unref();
  }
}

/** Plans a game the pass listed, as it is now: one changed since was planned by its change. */
async function planListed(ctx: BotContext, listed: { id: number; version: number }): Promise<void> {
  try {
    const game = await ctx.store.games.getGame(listed.id);
    if (game?.version === listed.version) await planGames(ctx, [game]);
  } catch (err) {
    // Marked planned all the same: one unreadable game must not hold up every other one.
    await ctx.store.due.markPlanned(listed.id, listed.version);
    ctx.log.warn(`game ${listed.id}: timers not planned: ${(err as Error).message}`);
  }
}

/** Moves what was held back for a person whose away time or quiet hours changed; true when anything may be due now. */
async function releaseHeld(ctx: BotContext, userId: string, before: UserPrefs): Promise<boolean> {
  const prefs = await ctx.store.preferences.userPrefs(userId);
  const at = now();
  const wasAwayUntil = before.awayUntil !== prefs.awayUntil ? before.awayUntil : null;
  const quietChanged =
    JSON.stringify(before.quietHours) !== JSON.stringify(prefs.quietHours) ||
    before.timeZone !== prefs.timeZone;
  if (wasAwayUntil === null && !quietChanged) return false;
  const back = Math.max(at, prefs.awayUntil ?? 0);
  for (const row of await ctx.store.due.pendingDueOfMember(userId)) {
    const settings = await guildSettingsFor(ctx, row.guildId);
    const timerMs = (settings.turnTimerHours ?? 0) * HOUR_MS;
    if (wasAwayUntil !== null && row.kind === "timer" && row.dueAt === wasAwayUntil + timerMs)
      await ctx.store.due.postpone(row, back + timerMs);
    else if (wasAwayUntil !== null && row.kind !== "timer" && row.dueAt === wasAwayUntil)
      await ctx.store.due.postpone(row, back);
    else if (quietChanged && heldQuiet(row, settings) && row.dueAt === quietEnd(at, before, settings))
      await ctx.store.due.postpone(row, at);
  }
  return true;
}

function myGuilds(ctx: BotContext): string[] {
  return [...ctx.client.guilds.cache.keys()];
}

async function handleDue(ctx: BotContext, pause: () => Promise<void>): Promise<void> {
  const rows = await ctx.store.due.dueBy(now(), myGuilds(ctx));
  const byGame = new Map<string, DueRow[]>();
  for (const row of rows) {
    const key = `${row.gameId}:${row.version}`;
    byGame.set(key, [...(byGame.get(key) ?? []), row]);
  }
  for (const due of byGame.values()) {
    try {
      await handleGame(ctx, due);
    } catch (err) {
      // Given up rather than retried at once: a pass must never spin on one failing game.
      for (const row of due) await ctx.store.due.markDone(row);
      ctx.log.warn(`game ${due[0]?.gameId}: timed notice failed: ${(err as Error).message}`);
    }
    await pause();
  }
}

interface Owed {
  row: DueRow;
  seat: Seat;
  member: string;
  prefs: UserPrefs;
}

/** The due things of one game version: stale ones are dropped, held ones postponed, the rest done. */
async function handleGame(ctx: BotContext, due: DueRow[]): Promise<void> {
  const first = due[0] as DueRow;
  const game = await ctx.store.games.getGame(first.gameId);
  const current = game?.status === "active" && game.version === first.version;
  const toAct = current ? new Set(peopleToAct(ctx, game).map((s) => s.userId)) : new Set<string>();
  if (!game || !current) {
    for (const row of due) await ctx.store.due.markDone(row);
    return;
  }
  const settings = await guildSettingsFor(ctx, game.guildId);
  const at = now();
  const notices: Owed[] = [];
  const remind: Owed[] = [];
  const timeUp: Owed[] = [];
  for (const row of due) {
    const seat = game.players.find((p) => p.userId === row.seatId);
    if (!seat || !isHuman(seat) || !toAct.has(seat.userId)) {
      await ctx.store.due.markDone(row);
      continue;
    }
    const member = memberOf(seat) ?? seat.userId;
    const prefs = await ctx.store.preferences.userPrefs(member);
    const owed = { row, seat, member, prefs };
    // A setting turned off since this was planned: it is no longer owed.
    const wanted =
      row.kind === "notice"
        ? prefs.dm
        : row.kind === "reminder"
          ? settings.reminderHours !== null
          : timed(settings, game);
    if (!wanted) {
      await ctx.store.due.markDone(row);
      continue;
    }
    if (prefs.awayUntil !== null && prefs.awayUntil > at) {
      // Away: nothing is sent and the turn timer starts again, in full, when they are back.
      const back = prefs.awayUntil;
      await ctx.store.due.postpone(
        row,
        row.kind === "timer" ? back + (settings.turnTimerHours ?? 0) * HOUR_MS : back,
      );
      continue;
    }
    const heldUntil = quietEnd(at, prefs, settings);
    if (heldQuiet(row, settings) && heldUntil !== null) {
      await ctx.store.due.postpone(row, heldUntil);
      continue;
    }
    // Done before anything is sent: a failure below is never retried into a second message. Another
    // process that found it due first has sent it.
    if (!(await ctx.store.due.markDone(row))) continue;
    if (row.kind === "notice") notices.push(owed);
    else if (row.kind === "reminder") remind.push(owed);
    else timeUp.push(owed);
  }
  // One message per person: a turn notice due together with a reminder (both held back, say)
  // becomes that reminder's DM; one due with a time-up reminder is said by it.
  const reminded = new Set(remind.map((o) => o.seat.userId));
  const timeUpSays = new Set(settings.timeoutAction === "remind" ? timeUp.map((o) => o.seat.userId) : []);
  const alone = notices.filter((o) => !reminded.has(o.seat.userId) && !timeUpSays.has(o.seat.userId));
  for (const o of alone) await directMessage(ctx, o, await noticeText(ctx, game, o));
  const withNotice = new Set(notices.filter((o) => reminded.has(o.seat.userId)).map((o) => o.seat.userId));
  if (remind.length > 0) await sendReminders(ctx, game, remind, "reminder", withNotice);
  if (timeUp.length > 0) await timeRanOut(ctx, game, settings, timeUp);
}

/** A masked link to the current table ("[table](…)"): a bare link would spell out its long address. */
async function tableLink(ctx: BotContext, game: GameRecord, words: Words): Promise<string> {
  const table = await ctx.store.messages.getMessage(game.id, "table");
  return table
    ? words("overview.tableLink", {
        url: `https://discord.com/channels/${game.guildId}/${table.channelId}/${table.messageId}`,
      })
    : "";
}

function serverName(ctx: BotContext, game: GameRecord, words: Words): string {
  return ctx.client.guilds.cache.get(game.guildId)?.name ?? words("notice.someServer");
}

/** The words of one person's DM or reminder: their own `/notify language`, else the server's. */
async function wordsOf(ctx: BotContext, game: GameRecord, owed: Owed): Promise<Words> {
  return wordsFor(await personLocale(ctx, owed.member, game.guildId));
}

/**
 * A DM; false when it could not be sent, and the channel mention stands in. When Discord refuses
 * it (closed DMs) the user is told once, privately, per spell of closed DMs. Only the fields about
 * refused DMs are written, so a `/notify` change made meanwhile is kept.
 */
async function directMessage(ctx: BotContext, owed: Owed, content: string): Promise<boolean> {
  try {
    const user = await ctx.client.users.fetch(owed.member);
    await user.send({ content, allowedMentions: { parse: [] } });
    const prefs = await ctx.store.preferences.userPrefs(owed.member);
    if (prefs.dmRefusedAt !== null)
      await ctx.store.preferences.updateUserPrefs(owed.member, { dmRefusedAt: null });
    return true;
  } catch (err) {
    const closed =
      err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser;
    const prefs = await ctx.store.preferences.userPrefs(owed.member);
    if (closed && prefs.dmRefusedAt === null)
      await ctx.store.preferences.updateUserPrefs(owed.member, { dmRefusedAt: now(), dmRefusedUntold: true });
    ctx.log.info(
      `game ${owed.row.gameId}: a DM could not be sent (${closed ? "DMs closed" : (err as Error).message}); the channel mention stands in`,
    );
    return false;
  }
}

/** "It is your turn", for a DM; when DMs are closed, the table's own mention already told them. */
async function noticeText(ctx: BotContext, game: GameRecord, owed: Owed): Promise<string> {
  const words = await wordsOf(ctx, game, owed);
  const settings = await guildSettingsFor(ctx, game.guildId);
  const deadline = await turnDeadline(ctx, settings, game);
  const params = {
    game: gameTitle(game.gameType, words.locale),
    server: serverName(ctx, game, words),
    since: discordTime(game.updatedAt, "R"),
    // The channel, not a table message: the new table may still be on its way.
    link: `https://discord.com/channels/${game.guildId}/${game.channelId}`,
  };
  return deadline
    ? words("notice.turnTimed", { ...params, deadline: discordTime(deadline, "R") })
    : words("notice.turn", params);
}

/**
 * Reminders by DM for those who asked for DMs (the turn notice instead, for those in `noticeOwed`),
 * one channel mention for everyone else.
 */
async function sendReminders(
  ctx: BotContext,
  game: GameRecord,
  owed: Owed[],
  why: "reminder" | "timeUp",
  noticeOwed: ReadonlySet<string> = new Set(),
): Promise<void> {
  const emoji = why === "reminder" ? "⏰" : "⌛";
  const text = (words: Words) =>
    words(why === "reminder" ? "notice.reminder" : "notice.timeUp", {
      game: gameTitle(game.gameType, words.locale),
      since: discordTime(game.updatedAt, "R"),
    });
  const mention: string[] = [];
  for (const o of owed) {
    const own = await wordsOf(ctx, game, o);
    const dm = noticeOwed.has(o.seat.userId)
      ? await noticeText(ctx, game, o)
      : `${emoji} ${text(own)} ${await tableLink(ctx, game, own)}`;
    const sent = o.prefs.dm && (await directMessage(ctx, o, dm));
    if (!sent) mention.push(o.member);
  }
  if (mention.length === 0) return;
  const channel = await ctx.client.channels.fetch(game.channelId).catch(() => null);
  if (!channel?.isSendable()) return;
  // Said in the channel: in the server's language.
  const words = wordsFor(await serverLocale(ctx, game.guildId));
  await channel.send({
    content: `${emoji} ${mention.map((id) => `<@${id}>`).join(" ")} — ${text(words)} ${await tableLink(ctx, game, words)}`,
    allowedMentions: { users: mention },
  });
}

/** The server's action when a turn timer runs out. */
async function timeRanOut(
  ctx: BotContext,
  game: GameRecord,
  settings: GuildSettings,
  owed: Owed[],
): Promise<void> {
  if (settings.timeoutAction === "remind") {
    await sendReminders(ctx, game, owed, "timeUp");
    return;
  }
  ctx.log.info(`game ${game.id}: turn timer ran out for ${owed.length} player(s): ${settings.timeoutAction}`);
  const channel = await ctx.client.channels.fetch(game.channelId).catch(() => null);
  const say = async (content: string) => {
    if (channel?.isSendable()) await channel.send({ content, allowedMentions: { parse: [] } });
  };
  const words = wordsFor(await serverLocale(ctx, game.guildId));
  // Said in the channel, and kept as who ended the game: in the server's language.
  const names = words.list(owed.map((o) => o.seat.displayName));
  // The DMs and messages above took time: act only on the version whose timer ran out.
  const still = await ctx.store.games.getGame(game.id);
  if (still?.status !== "active" || still.version !== game.version) return;
  if (settings.timeoutAction === "botTurn") {
    await say(words("notice.timeUp.robotTurn", { names }));
    for (const o of owed) await robotPlaysFor(ctx, game.id, o.seat.userId);
    return;
  }
  if (settings.timeoutAction === "botSeat") {
    let current = game;
    for (const o of owed) {
      const stood = await ctx.store.seats.standIn(current.id, o.member);
      if (!stood.ok) {
        // Nobody else would be left at the table: the game ends instead.
        await say(words("notice.timeUp.end", { names: o.seat.displayName }));
        return endGame(ctx, current, { kind: "timedOut", by: o.seat.displayName });
      }
      current = stood.game;
      const robot =
        current.players.find((p) => p.userId === o.seat.userId)?.displayName ?? words("cmd.aRobot");
      await say(words("notice.timeUp.robotSeat", { name: o.seat.displayName, robot }));
    }
    await afterChange(ctx, { kind: "table", game: current });
    return;
  }
  await say(words("notice.timeUp.end", { names }));
  return endGame(ctx, game, { kind: "timedOut", by: names });
}
