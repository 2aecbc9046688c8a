import {
  Client,
  disableValidators,
  Events,
  GatewayIntentBits,
  type Guild,
  Options,
  REST,
  Routes,
} from "discord.js";
import type { Painter } from "../render/pool.js";
import type { Store } from "../store/store.js";
import { newTally, tallied, untallied } from "../store/tally.js";
import { type Command, commandBodies } from "./command.js";
import { CommandIds } from "./commandIds.js";
import type { Config } from "./config.js";
import type { BotContext } from "./context.js";
import { SharedIdentifyThrottler } from "./identify.js";
import { InFlight } from "./inFlight.js";
import { repairLobbies } from "./lobby.js";
import type { Logger } from "./log.js";
import { ownTurnStarter } from "./loopTurns.js";
import type { Games } from "./manifest.js";
import { type Metrics, NO_METRICS } from "./metrics.js";
import { uploadWithOneBuffer } from "./multipart.js";
import { hostRestOptions } from "./restRoute.js";
import { answerStopping, createRouter } from "./router.js";
import { TurnScheduler } from "./scheduler.js";
import { TableService } from "./tables.js";
import type { Thinker } from "./thinker.js";

/** Registers the slash commands in one guild (instant, for development) or globally. */
export async function registerCommands(
  config: Config,
  scope: { guildId: string | null },
  commands: readonly Command[],
): Promise<number> {
  const rest = new REST(config.apiBase ? { api: config.apiBase } : {}).setToken(config.token);
  const route = scope.guildId
    ? Routes.applicationGuildCommands(config.applicationId, scope.guildId)
    : Routes.applicationCommands(config.applicationId);
  const registered = (await rest.put(route, { body: commandBodies(commands) })) as unknown[];
  return registered.length;
}

/** The running bot; `stop` ends it gracefully. */
export interface Bot {
  client: Client;
  ctx: BotContext;
  /**
   * Stops taking interactions, lets those accepted be answered and the table updates and robot moves
   * under way finish, then closes the gateway. Waits at most `withinMs`: resolves with how many
   * interactions were still unanswered then, and whether the queued jobs all finished. `handedOver`:
   * a newer process serves the shard already, so the gateway is closed first (its session ends,
   * Discord sends the next click to the newer one) and nothing is turned away.
   */
  stop(
    withinMs: number,
    options?: { handedOver: boolean },
  ): Promise<{ unanswered: number; jobsDone: boolean }>;
}

/** What a process of several (a deploy, src/bot/handoff.ts) asks of the bot it runs. */
export interface BotStart {
  /** Resolves when the shard-wide work of a start (tables missed, robot seats) may run: once an older process of the shard let go. */
  shardWorkMayStart?: () => Promise<void>;
}

/**
 * Discord waits 3 s for an interaction's first answer, counted from its creation: until then, no
 * query for it may take longer than this after it was created, leaving time to answer that the
 * database is not answering.
 */
const ANSWER_WITHIN_MS = 2000;

/** Only the Guilds intent: the bot works through interactions and never reads members' messages. */
export function createBot(
  config: Config,
  store: Store,
  log: Logger,
  painter: Painter,
  thinker: Thinker,
  offer: { games: Games; commands: readonly Command[] },
  metrics: Metrics = NO_METRICS,
  start: BotStart = {},
): Bot {
  const { games, commands } = offer;
  // The builders' own checks of every component cost a twentieth of the main thread's time under
  // load; the kit keeps Discord's limits itself, and the tests check every reply against them.
  disableValidators();
  // The budget, retries and the fallback past a REST proxy that does not answer: restRoute.ts.
  const restOptions = hostRestOptions(config, { metrics, log });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // The bot reads games from its database and talks through interactions; it never reads cached
    // messages, members or users, so those caches hold nothing (they grew without bound under load).
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      GuildMessageManager: 0,
      DMMessageManager: 0,
      ReactionManager: 0,
      ReactionUserManager: 0,
      PresenceManager: 0,
      VoiceStateManager: 0,
      ThreadMemberManager: 0,
      GuildEmojiManager: 0,
      GuildStickerManager: 0,
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
      UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user.id },
    }),
    rest: restOptions,
    // Shards identify as many at a time as Discord allows, across every process and host.
    ws: { buildIdentifyThrottler: (manager) => SharedIdentifyThrottler.build(manager, store, log) },
  });
  // Interaction webhooks are bound by their own per-token limits only, which this REST instance
  // honours from the response headers; its own queues keep answers and follow-ups from waiting
  // behind channel messages.
  const webhookRest = uploadWithOneBuffer(new REST(restOptions));
  uploadWithOneBuffer(client.rest);
  metrics.watchRest(client.rest);
  metrics.watchRest(webhookRest);
  // The services read the context they are part of, once it exists.
  const tables = new TableService(() => ctx);
  const scheduler = new TurnScheduler(() => ctx);
  const ctx: BotContext = {
    client,
    store,
    config,
    log,
    games,
    uis: games.uis(),
    painter,
    webhookRest,
    thinker,
    tables,
    scheduler,
    metrics,
    commandIds: new CommandIds(),
  };
  const route = createRouter(ctx, new Map(commands.map((c) => [c.data.name, c])));
  const startInOwnTurn = ownTurnStarter();
  // Every interaction delivered counts from that moment, also while it waits for its turn of the loop.
  const accepted = new InFlight();
  let stopping = false;
  client.on(Events.InteractionCreate, (interaction) => {
    const answered = metrics.received(interaction);
    if (stopping) {
      accepted.track(answerStopping(ctx, interaction).finally(answered));
      return;
    }
    let done!: () => void;
    accepted.track(new Promise<void>((resolve) => (done = resolve)));
    // Discord waits 3 s for the first answer: a slow database must leave time to say so.
    const tally = newTally({
      by: interaction.createdTimestamp + ANSWER_WITHIN_MS,
      acknowledged: () => !interaction.isRepliable() || interaction.replied || interaction.deferred,
    });
    startInOwnTurn(() =>
      tallied(tally, () => route(interaction)).finally(() => {
        answered(tally);
        done();
      }),
    );
  });
  /** Each server's name, for the overviews a shard answers about servers it does not serve. */
  const recordGuildNames = async (guilds: Iterable<Guild>) => {
    try {
      // An unavailable server (an outage at Discord) comes without its name.
      const named = [...guilds].filter((guild) => guild.available && guild.name);
      await ctx.store.preferences.saveGuildNames(named.map((guild) => ({ id: guild.id, name: guild.name })));
    } catch (err) {
      log.warn(`could not record the servers' names: ${(err as Error).message}`);
    }
  };
  client.on(Events.GuildCreate, (guild) => void recordGuildNames([guild]));
  client.on(Events.GuildUpdate, (_, guild) => void recordGuildNames([guild]));
  client.once(Events.ClientReady, async (ready) => {
    // No count of the active games here: with a million of them it would hold the loop for 100 ms.
    log.info(`logged in as ${ready.user.tag}`);
    void recordGuildNames(ready.guilds.cache.values());
    if (config.devGuildId) {
      try {
        const n = await registerCommands(config, { guildId: config.devGuildId }, commands);
        log.info(`registered ${n} commands in development server ${config.devGuildId}`);
      } catch (err) {
        log.error("could not register the development commands:", err);
      }
    }
    // Public text names commands by mention once their ids are known; typed out until then.
    ctx.commandIds
      .load(ctx)
      .catch((err: unknown) => log.warn(`could not read the commands' ids: ${(err as Error).message}`));
    // Paged work in the background: clicks are answered from the first second.
    scheduler.start();
    // Beside an older process of the shard (a deploy), what it has under way is its own to finish.
    await start.shardWorkMayStart?.();
    if (stopping) return;
    await Promise.all([repairMissedTables(ctx, tables), resumeRobots(ctx, tables)]);
  });
  // A resumed gateway session may have missed nothing, but a table whose post failed meanwhile is repaired too.
  client.on(Events.ShardResume, () => void repairMissedTables(ctx, tables));
  // What failed while the database did not answer (a table's update, a robot seat's move, which gives
  // up after a few tries) is done once it answers again, not at the next restart.
  let recovering: Promise<unknown> | null = null;
  store.onRecovered(() => {
    // One repair at a time: the database coming and going again meanwhile needs no second one.
    if (!client.isReady() || stopping || recovering) return;
    recovering = untallied(() =>
      Promise.all([repairMissedTables(ctx, tables), resumeRobots(ctx, tables)]),
    ).finally(() => {
      recovering = null;
    });
  });
  client.on(Events.Error, (err) => log.error("discord client error:", err));
  client.on(Events.ShardDisconnect, () => log.warn("gateway disconnected; discord.js will reconnect"));
  /**
   * The gateway stays open until the work in flight is done, and what it delivers meanwhile is
   * answered "restarting": closing it first would drop the interactions Discord had already sent
   * down it, unanswered. Table updates and robot moves need the bot's token, which `destroy` drops;
   * interaction answers do not, so those still arriving are answered after it.
   */
  const stop = async (withinMs: number, options = { handedOver: false }) => {
    // Closed with 1000 the session ends: Discord sends nothing more down it, to the newer process.
    // Only the gateway: the REST token stays for the answers and tables still owed. (discord.js's
    // own `destroy` of the gateway, which `client.destroy` calls later and then finds done.)
    if (options.handedOver) await (client.ws as unknown as { destroy(): Promise<void> }).destroy();
    stopping = true;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, withinMs);
    });
    let jobsDone = false;
    const queued = (async () => {
      await accepted.settled();
      await Promise.all([tables.stop(), scheduler.stop()]);
      jobsDone = true;
    })();
    await Promise.race([queued, bound]);
    await client.destroy();
    await Promise.race([accepted.settled(), bound]);
    clearTimeout(timer);
    return { unanswered: accepted.size, jobsDone };
  };
  return { client, ctx, stop };
}

async function resumeRobots(ctx: BotContext, tables: TableService): Promise<void> {
  try {
    const waiting = await tables.resumeRobots();
    if (waiting > 0) ctx.log.info(`${waiting} game(s) with robots at the table resumed`);
  } catch (err) {
    ctx.log.warn(`could not resume the robots: ${(err as Error).message}`);
  }
}

async function repairMissedTables(ctx: BotContext, tables: TableService): Promise<void> {
  try {
    const lobbies = await repairLobbies(ctx);
    if (lobbies > 0) ctx.log.info(`repaired ${lobbies} lobby message(s) that missed a change`);
    const n = await tables.repair();
    if (n > 0) ctx.log.info(`re-posted ${n} table(s) that missed a stored move`);
    for (const [gameId, why] of ctx.store.games.unreadable)
      ctx.log.warn(`game ${gameId} cannot be read: ${why}`);
  } catch (err) {
    ctx.log.warn(`could not check for missed tables: ${(err as Error).message}`);
  }
}
