import {
  type AnswerProgress,
  BotProcess,
  type ComponentView,
  componentsOf,
  DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type InteractionResponses,
  type MessageView,
} from "@cardtable/discord-emulator";

/**
 * The world a bench runs in: the embedded Discord emulator and the real bot process
 * (`node dist/src/index.js`) started against it. The emulator is imported here only; the other
 * bench modules take its classes and types from this module.
 */
export {
  type AnswerProgress,
  BotProcess,
  type ComponentView,
  componentsOf,
  DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type InteractionResponses,
  type MessageView,
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The emulator of a load or capacity bench: Discord's rate limits on, only the newest few
 * messages with files in each channel keeping their bytes, answered interactions kept lean
 * (no payload, no callback bodies), and one message body in ten checked against Discord's rules
 * (the test suite checks every one; checking all was a tenth of the rig's CPU at 900 games). The players and the observer read file names, never bytes,
 * nor an interaction once answered; a table picture of ~100 KB on every move, and a copy of the
 * clicked message in every interaction, would otherwise pile up in the rig's heap (250 MB in a
 * minute at 900 games), and its garbage collection would take CPU from the bot under test.
 */
export function benchEmulator(): DiscordEmulator {
  return new DiscordEmulator({
    rateLimits: {},
    keptFilesPerChannel: 4,
    interactionRecords: "lean",
    checkEvery: 10,
  });
}

export interface BotOptions {
  env?: Record<string, string | undefined>;
  databasePath?: string;
  guildId?: string;
  readyTimeoutMs?: number;
  /** BENCH_LOOP_STATS=1: the bot prints its event-loop stall every second (default true). */
  loopStats?: boolean;
  /** What node runs; default the bot itself (dist/src/index.js). */
  args?: string[];
}

/** The bot process, not started yet: no reminders, and its loop-stall lines unless told otherwise. */
export function newBot(emulator: DiscordEmulator, options: BotOptions): BotProcess {
  return new BotProcess({
    emulator,
    guildId: options.guildId,
    databasePath: options.databasePath,
    ...(options.args ? { args: options.args } : {}),
    env: {
      ...(options.loopStats === false ? {} : { BENCH_LOOP_STATS: "1" }),
      REMINDER_HOURS: "0",
      ...options.env,
    },
  });
}

/** Starts the bot on an emulator that is already set up; returns the ms from spawn to ready. */
export async function startBot(
  emulator: DiscordEmulator,
  options: BotOptions,
): Promise<{ bot: BotProcess; readyMs: number; loggedInMs: number | null }> {
  const bot = newBot(emulator, options);
  const spawned = Date.now();
  await bot.start();
  await emulator.waitForBotReady({ bot, timeoutMs: options.readyTimeoutMs ?? 120_000 });
  const readyMs = Date.now() - spawned;
  const loggedIn = bot.lines.find((line) => /logged in as/.test(line.text));
  return { bot, readyMs, loggedInMs: loggedIn ? loggedIn.at - spawned : null };
}

/** Kills the bot (SIGTERM, then SIGKILL) and stops the emulator, whatever happened before. */
export async function shutdown(bot: BotProcess | null, emulator: DiscordEmulator | null): Promise<void> {
  try {
    if (bot?.running) await bot.kill("SIGTERM", 3000);
  } catch {
    /* killed below */
  }
  try {
    if (bot?.running) await bot.kill("SIGKILL");
  } catch {
    /* nothing more to do */
  }
  try {
    await emulator?.stop();
  } catch {
    /* already stopped */
  }
}

let liveBots: BotProcess[] = [];

/** Ctrl-C or a kill of the bench must not leave a bot running. */
export function killBotsOnSignal(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      for (const bot of liveBots) if (bot.running && bot.pid) process.kill(bot.pid, "SIGKILL");
      process.exit(130);
    });
  }
}

export function trackBot(bot: BotProcess): void {
  liveBots.push(bot);
}

export function untrackBot(bot: BotProcess): void {
  liveBots = liveBots.filter((b) => b !== bot);
}

/**
 * The bot's answer is complete: acknowledged, and a deferral filled in (the emulator's own rule for
 * waitForResponse). `editsBefore`: the clicked message's editCount at the click, since a deferred
 * update (type 6) is done once that message is edited again.
 */
export function answerSettled(progress: AnswerProgress, editsBefore: number): boolean {
  if (!progress.acked) return false;
  switch (progress.callbackType) {
    case 5: // deferred reply: the "thinking" message is filled in, or a follow-up came
      return (
        progress.followUps > 0 ||
        progress.message === null ||
        progress.message.deleted ||
        !progress.message.loading
      );
    case 6: // deferred update: the clicked message is edited, or a follow-up came
      return progress.followUps > 0 || (progress.message?.editCount ?? 0) > editsBefore;
    default:
      return true;
  }
}
