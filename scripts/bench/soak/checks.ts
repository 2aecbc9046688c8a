import { isDeepStrictEqual } from "node:util";
import { replayMoves } from "../../../src/engine/core/undo.js";
import type { BotDatabase, GameRow, MoveRow } from "../database.js";
import { uiOf } from "../games.js";
import { type GameClick, NAV_ACTIONS, TABLE_FILE, versionsIn } from "../players.js";
import { type BotProcess, componentsOf, type DiscordEmulator, type MessageView } from "../world.js";
import { BUSY_TEXT } from "./freeze.js";
import type { Sent, SoakResult } from "./types.js";

/**
 * The kill soak's checks (numbered as in scripts/soak.ts), run from outside on what the bot stored
 * and what the emulator saw. Each finding goes to `problem` under a key, so it is reported once.
 */
export interface SoakContext {
  readonly db: BotDatabase;
  readonly emulator: DiscordEmulator;
  readonly sent: readonly Sent[];
  /** Every bot run so far, the first first. */
  readonly bots: readonly BotProcess[];
  /** Game id → its lobby message. */
  readonly lobbies: ReadonlyMap<number, string>;
  /** Game id → the version at which it was last replayed. */
  readonly replayed: Map<number, number>;
  problem(key: string, text: string): void;
}

/** The notices the bot puts beside a panel's buttons when a click changed nothing (src/bot/play.ts), each on a line of its own. */
const REFUSAL_PREFIXES = [
  "⚠️",
  "⏳",
  "✅",
  "That cannot be done",
  "Something went wrong",
  "The game database",
];
export const ALREADY_MADE = /^✅ Your move was already made/m;

/** Games whose newest table (or the database's table record) does not show their stored version. */
export function tablesBehind(ctx: Pick<SoakContext, "db" | "emulator">): string[] {
  const out: string[] = [];
  const recorded = ctx.db.tableVersions();
  const byChannel = new Map<string, MessageView[]>();
  for (const game of ctx.db.games()) {
    if (game.state === null) continue;
    let messages = byChannel.get(game.channelId);
    if (!messages) {
      messages = ctx.emulator.channelMessages(game.channelId);
      byChannel.set(game.channelId, messages);
    }
    let shown: number | null = null;
    let newest: MessageView | null = null;
    for (let i = messages.length - 1; i >= 0 && shown === null; i--) {
      for (const a of messages[i]!.attachments) {
        const match = TABLE_FILE.exec(a.filename);
        if (match?.[1] === game.gameType && Number(match[2]) === game.id) {
          shown = Number(match[3]);
          newest = messages[i]!;
        }
      }
    }
    const inDb = recorded.get(game.id);
    if (shown !== game.version || inDb !== game.version) {
      out.push(
        `game ${game.id} (${game.gameType}, ${game.status}) is at v${game.version}, its newest table shows v${shown ?? "none"} (database record v${inDb ?? "none"})`,
      );
      continue;
    }
    if (game.status === "active" && newest) {
      const versions = versionsIn(componentsOf(newest), game.id);
      if (!versions.includes(game.version))
        out.push(
          `game ${game.id} (${game.gameType}) v${game.version}: its newest table has no buttons of v${game.version}`,
        );
    }
  }
  return out;
}

/**
 * Check 1: every started game replays from its seed to its stored state; its moves' seqs run
 * from the first move after the start to its version without gap or double; every stored move is
 * traced to a distinct click of its player made at the version before it.
 */
export function checkReplay(ctx: SoakContext, when: string, all: boolean): void {
  for (const game of ctx.db.games()) {
    if (game.state === null) continue;
    // After a round only the games that changed since they were last checked; at the end all.
    if (!all && ctx.replayed.get(game.id) === game.version) continue;
    ctx.replayed.set(game.id, game.version);
    const engine = uiOf(game.gameType).engine;
    const players = ctx.db.players(game.id);
    const moves = ctx.db.moves(game.id);
    const label = `game ${game.id} (${game.gameType})`;
    if (game.stateVersion !== engine.stateVersion) {
      ctx.problem(`statever:${game.id}`, `${when}: ${label} stored with state version ${game.stateVersion}`);
      continue;
    }
    // The lobby bumps the version once per join and once for the start; an end by /game end once more.
    const started = players.length;
    const ended = game.status === "abandoned" ? 1 : 0;
    const seqs = moves.map((m) => m.seq);
    const expected = moves.map((_, i) => started + 1 + i);
    if (!isDeepStrictEqual(seqs, expected) || game.version !== started + moves.length + ended) {
      ctx.problem(
        `seq:${game.id}:${game.version}:${moves.length}`,
        `${when}: ${label} (${game.status}) is at v${game.version} with ${players.length} player(s) and ${moves.length} stored move(s) with seqs ${compactSeqs(seqs)}; expected seqs ${started + 1}..${started + moves.length} and version ${started + moves.length + ended}`,
      );
    }
    const start: unknown = engine.setup(players, JSON.parse(game.options), game.seed);
    let replayed = 0;
    const state = replayMoves(
      engine,
      start,
      moves.map((m) => ({ ...m, move: JSON.parse(m.move) as unknown })),
      () => replayed++,
    );
    if (state === null) {
      const m = moves[replayed] as MoveRow;
      ctx.problem(
        `replay:${game.id}:${m.seq}`,
        `${when}: ${label}: stored move ${m.seq} (${m.move}) by ${m.userId} does not replay`,
      );
    }
    if (state !== null && !isDeepStrictEqual(JSON.parse(JSON.stringify(state)), JSON.parse(game.state))) {
      ctx.problem(
        `state:${game.id}:${game.version}`,
        `${when}: ${label}: its ${moves.length} stored moves replay to a state that differs from the stored state (v${game.version})`,
      );
    }
    checkTraced(ctx, game, moves, when);
  }
}

/**
 * Every stored move comes from a distinct click of that player on this game, made at version
 * seq-1, and not from a click the bot refused as "the database is not answering, nothing was
 * changed": such a move was made after all (a server that woke up and wrote it, or an answer that
 * came after the move was stored), so the player was told it was not.
 */
function checkTraced(ctx: SoakContext, game: GameRow, moves: MoveRow[], when: string): void {
  const used = new Set<Sent>();
  const clicks = ctx.sent.filter(
    (s) => s.click?.gameId === game.id && !NAV_ACTIONS.has(s.click.action) && s.kind !== "stranger",
  );
  const refused = new Set(clicks.filter((s) => refusedAsBusy(ctx.emulator, s)));
  for (const m of moves) {
    const mine = clicks.filter((s) => !used.has(s) && s.userId === m.userId);
    const at = (list: Sent[]) =>
      list.find((s) => !s.unversioned && (s.click as GameClick).version === m.seq - 1) ??
      list.find((s) => s.unversioned && (s.click as GameClick).version <= m.seq - 1);
    const from = at(mine.filter((s) => !refused.has(s)));
    if (from) {
      used.add(from);
      continue;
    }
    const told = at(mine);
    ctx.problem(
      `untraced:${game.id}:${m.seq}`,
      told
        ? `${when}: game ${game.id} (${game.gameType}): stored move ${m.seq} by ${m.userId} (${m.move}) was made by ${told.kind} click ${told.handle.id} at v${m.seq - 1}, which the bot answered with "${BUSY_TEXT}"`
        : `${when}: game ${game.id} (${game.gameType}): stored move ${m.seq} by ${m.userId} (${m.move}) matches no click of that player at v${m.seq - 1}`,
    );
  }
}

/** Whether any answer to the click (its reply, its deferred answer or a follow-up) says the database was not answering. */
export function refusedAsBusy(emulator: DiscordEmulator, sent: Sent): boolean {
  const responses = emulator.responsesTo(sent.handle);
  return [responses.message, ...responses.followUps].some((m) => m?.text.includes(BUSY_TEXT) ?? false);
}

/**
 * Check 2, no acknowledged move lost. What can be checked soundly from outside: the bot answers a
 * move's click with the panel built from the game right after the move (its components carry that
 * version) and without a notice, and it does so only after the move's transaction committed; a
 * refused, stale or double click gets a notice instead (⚠️ / ⏳ / ✅). So when a click that was a
 * legal move at the version it carries (judged against the stored state at that version) got such
 * an answer showing version+1, the move must be stored at seq version+1, by that player, and be
 * exactly the move the click meant (the bot reads the same click against the same state). For an
 * unversioned action (a Troubadour pick, read against whatever the game is at) only that some
 * later move of that player exists, one per claim. An answer that said "your move was already
 * made" claims that the player's move is stored at seq version+1. Any answer, of any click,
 * showing components of version V claims that version V was stored: V ≤ the stored version.
 * Clicks whose answer never settled (the bot was killed first) claim nothing.
 */
function checkClaims(ctx: SoakContext): SoakResult["claims"] {
  const claimed = new Map<number, Set<number>>();
  const games = new Map(ctx.db.games().map((g) => [g.id, g]));
  const movesOf = new Map<number, MoveRow[]>();
  const moves = (gameId: number) => {
    let list = movesOf.get(gameId);
    if (!list) {
      list = ctx.db.moves(gameId);
      movesOf.set(gameId, list);
    }
    return list;
  };
  const claims = { made: 0, verified: 0, alreadyMade: 0 };
  for (const sent of ctx.sent) {
    if (!sent.settled || !sent.answer || !sent.click) continue;
    const { gameId, version } = sent.click;
    const game = games.get(gameId);
    const label = `${sent.kind} click ${sent.handle.id} by ${sent.userId} on game ${gameId} at v${version} (run ${sent.run})`;
    const shown = Math.max(-1, ...sent.answer.versions);
    if (game && shown > game.version)
      ctx.problem(
        `ahead:${sent.handle.id}`,
        `${label}: the answer showed v${shown}, but the game is stored at v${game.version}`,
      );
    const content = sent.answer.content;
    if (ALREADY_MADE.test(content) && !sent.unversioned) {
      claims.alreadyMade++;
      const made = moves(gameId).find((m) => m.seq === version + 1);
      if (made?.userId !== sent.userId)
        ctx.problem(
          `already:${sent.handle.id}`,
          `${label}: answered "already made", but the stored move ${version + 1} is ${made ? `by ${made.userId}` : "missing"}`,
        );
      continue;
    }
    if (sent.kind !== "move" && sent.kind !== "double") continue;
    const lines = content.split("\n");
    if (sent.intended === null || lines.some((line) => REFUSAL_PREFIXES.some((p) => line.startsWith(p))))
      continue;
    const success = sent.unversioned ? shown > version : shown === version + 1;
    if (!success) continue;
    claims.made++;
    const taken = claimed.get(gameId) ?? new Set<number>();
    claimed.set(gameId, taken);
    const intended = JSON.stringify(sent.intended);
    const found = sent.unversioned
      ? moves(gameId).find((m) => m.seq > version && m.userId === sent.userId && !taken.has(m.seq))
      : moves(gameId).find((m) => m.seq === version + 1);
    const same =
      found !== undefined &&
      found.userId === sent.userId &&
      (sent.unversioned || isDeepStrictEqual(JSON.parse(found.move), JSON.parse(intended)));
    if (found && same) {
      taken.add(found.seq);
      claims.verified++;
    } else {
      ctx.problem(
        `lost:${sent.handle.id}`,
        `${label}: the answer said the move ${intended} was made (showing v${shown}), but the stored move ${version + 1} is ${found ? `${found.move} by ${found.userId}` : "missing"} (game at v${game?.version})`,
      );
    }
  }
  return claims;
}

/** Check 4: interactions answered within 3 s (and deferred answers filled in) unless the bot died first. */
export function checkAnswered(ctx: SoakContext): void {
  for (const sent of ctx.sent) {
    const responses = ctx.emulator.responsesTo(sent.handle);
    const label = `${sent.kind} ${JSON.stringify(sent.handle.name)} by ${sent.userId} (interaction ${sent.handle.id}, run ${sent.run})`;
    const lived = (sent.cutAt ?? Number.POSITIVE_INFINITY) - sent.handle.dispatchedAt;
    const ack = responses.ackLatencyMs;
    if (ack === null) {
      if (lived >= 3000 && (sent.cutAt !== null || performance.now() - sent.handle.dispatchedAt >= 3000))
        ctx.problem(
          `unanswered:${sent.handle.id}`,
          `${label} was never answered (the bot lived ${fmtMs(lived)} after it)`,
        );
    } else if (ack > 3000) {
      ctx.problem(`late:${sent.handle.id}`, `${label} was acknowledged after ${Math.round(ack)} ms`);
    } else if (
      !sent.settled &&
      sent.cutAt === null &&
      performance.now() - sent.handle.dispatchedAt > 15_000
    ) {
      ctx.problem(`unsettled:${sent.handle.id}`, `${label} was deferred and never filled in`);
    }
  }
}

/**
 * Not among the issue's checks, so only observed: each lobby message, once the bot is idle, shows
 * the seats the database has (while gathering) or no more Join/Start buttons (once started or
 * closed). A kill between a lobby change and the lobby message's update leaves it behind, and
 * nothing repairs lobby messages at start-up.
 */
function checkLobbies(ctx: SoakContext): void {
  for (const [gameId, messageId] of ctx.lobbies) {
    const game = ctx.db.game(gameId);
    const message = ctx.emulator.message(messageId);
    if (!game || !message) continue;
    const buttons = componentsOf(message).some((c) => c.customId?.startsWith(`l:${gameId}:`));
    if (game.status === "lobby") {
      const shown = [...message.text.matchAll(/^\d+\. <@(\d+)>/gm)].map((m) => m[1]);
      const seated = ctx.db.players(gameId);
      if (!isDeepStrictEqual(shown, seated))
        ctx.problem(
          `lobby:${gameId}`,
          `the lobby message of game ${gameId} (${game.gameType}) shows ${shown.length} seat(s), the database has ${seated.length}`,
        );
    } else if (buttons) {
      ctx.problem(
        `lobby:${gameId}`,
        `the lobby message of game ${gameId} (${game.gameType}) still offers Join/Leave/Start, but the game is ${game.status}${game.state === null ? "" : ` (started, at v${game.version})`}`,
      );
    }
  }
}

/** The checks at the end; returns the claims of check 2 and how many were found stored. */
export function finalChecks(ctx: SoakContext): SoakResult["claims"] {
  checkLobbies(ctx);
  const claims = checkClaims(ctx);
  checkAnswered(ctx);
  // Each run is its own BotProcess (whose line numbers all say run 1): number them here.
  for (const [index, bot] of ctx.bots.entries())
    for (const line of bot.errorLines())
      ctx.problem(`error:${line.text}`, `bot error line (run ${index + 1}): ${line.text}`);
  for (const v of ctx.emulator.violations)
    ctx.problem(
      `violation:${v.kind}:${v.path}:${v.message}`,
      `emulator violation ${v.kind}: ${v.method} ${v.path}: ${v.message}`,
    );
  for (const route of ctx.emulator.unknownRoutes)
    ctx.problem(`route:${route.method}:${route.path}`, `unknown route ${route.method} ${route.path}`);
  return claims;
}

/**
 * No reminder twice: a reminder mentions each player once per wait (src/bot/scheduler.ts), and
 * names the moment the wait began, so two channel reminders of one player with the same moment in
 * one channel are one reminder sent twice. Returns how many reminders the channels hold.
 */
export function checkReminders(ctx: SoakContext, channelIds: readonly string[]): number {
  let reminders = 0;
  for (const channelId of channelIds) {
    const seen = new Set<string>();
    for (const message of ctx.emulator.channelMessages(channelId)) {
      if (!message.text.startsWith("⏰")) continue;
      reminders++;
      const since = /<t:(\d+):R>/.exec(message.text)?.[1] ?? "?";
      for (const [, userId] of message.text.matchAll(/<@(\d+)>/g)) {
        const key = `${userId}:${since}`;
        if (seen.has(key))
          ctx.problem(
            `reminder:${channelId}:${key}`,
            `<@${userId}> was reminded twice in channel ${channelId} of the wait since <t:${since}>: ${JSON.stringify(message.text)}`,
          );
        seen.add(key);
      }
    }
  }
  return reminders;
}

/** How the bot answered an interaction, for the result's tally. */
export function answerKind(emulator: DiscordEmulator, sent: Sent): string {
  if (!emulator.responsesTo(sent.handle).acked) return sent.cutAt !== null ? "cut by the kill" : "unanswered";
  if (!sent.settled) return sent.cutAt !== null ? "deferred, cut by the kill" : "deferred, never filled in";
  const content = sent.answer?.content ?? "";
  if (ALREADY_MADE.test(content)) return "already made";
  if (/^⏳/m.test(content)) return "stale";
  if (/^⚠️/m.test(content)) return "refused";
  if (sent.click && (sent.kind === "move" || sent.kind === "double")) {
    const shown = Math.max(-1, ...(sent.answer?.versions ?? []));
    if (shown > sent.click.version) return "move made";
  }
  if ((sent.answer?.versions.length ?? 0) > 0) return "panel";
  return "text";
}

function compactSeqs(seqs: readonly number[]): string {
  if (seqs.length === 0) return "none";
  if (seqs.length <= 12) return seqs.join(",");
  return `${seqs.slice(0, 5).join(",")},…,${seqs.slice(-5).join(",")}`;
}

function fmtMs(ms: number): string {
  return Number.isFinite(ms) ? `${Math.round(ms)} ms` : "until now";
}
