import {
  type EditedMessage,
  MESSAGE_ROUTES,
  type MessageRoute,
  messageBodyIssues,
  type Upload,
} from "@cardtable/discord-emulator";
import {
  type APIAttachment,
  type ChatInputCommandInteraction,
  type Client,
  ComponentType,
  InteractionResponseType,
  MessageFlags,
  MessagePayload,
  type MessagePayloadOption,
  Options,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logText } from "../../../commands/game.js";
import { helpMessages } from "../../../commands/help.js";
import { commandsFor } from "../../../commands/index.js";
import { describePrefs } from "../../../commands/notify.js";
import { describeSettings } from "../../../commands/settings.js";
import { myResults } from "../../../commands/stats.js";
import { CommandIds } from "../../../src/bot/commandIds.js";
import type { BotContext } from "../../../src/bot/context.js";
import { channelBusy, lobbyPayload } from "../../../src/bot/lobby.js";
import { historyText, leaderboardText, statusText } from "../../../src/bot/overview.js";
import { answerPanel, panelFor } from "../../../src/bot/panels.js";
import {
  type Answerable,
  answer,
  answerInParts,
  messageParts,
  textPayload,
} from "../../../src/bot/respond.js";
import { postTable } from "../../../src/bot/table.js";
import { discordMessage, discordRows } from "../../../src/bot/ui/components.js";
import type { Payload } from "../../../src/bot/ui/types.js";
import type { GameEvent } from "../../../src/engine/core/game.js";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { GAMES } from "../../../src/games/index.js";
import { bot as enBot } from "../../../src/i18n/en/bot.js";
import { replies as enReplies } from "../../../src/i18n/en/replies.js";
import { type Words, wordsFor } from "../../../src/i18n/index.js";
import { LOCALES, type Locale } from "../../../src/i18n/locale.js";
import { DEFAULT_USER_PREFS, resolveGuildSettings } from "../../../src/store/settings.js";
import { type GameRecord, Store } from "../../../src/store/store.js";

type Json = Record<string, unknown>;

/** Every reply checked: what it is, and what Discord would refuse or ignore in it. */
const checked: { what: string; broken: string[] }[] = [];

/**
 * A message body checked as the emulator's REST checks it on `route` (Discord's OpenAPI
 * description and the documented limits it lacks), and for what the bot itself never sends. Every
 * limit this test once listed by hand (content, rows, buttons, select menus, custom_ids, labels,
 * options) is in the emulator's check; what it cannot see here is the pictures' bytes (their size
 * and PNG form), which are not drawn here and which the emulator checks in every end-to-end test.
 */
function check(
  what: string,
  route: MessageRoute,
  body: Json,
  uploads: Upload[],
  edited: EditedMessage | null,
) {
  const broken = messageBodyIssues(route, body, uploads, edited).map((issue) => issue.message);
  const message = MESSAGE_ROUTES[route].callback ? (body.data as Json) : body;
  // Not Discord's limit but the bot's: a link reads as words, as Discord shows a masked link.
  if (textsOf(message).some((text) => /(?<!\]\()https:\/\/discord\.com\/\S+/.test(text)))
    broken.push("a bare discord.com link");
  checked.push({ what, broken });
}

/** What a message says: its content and its text displays, nested ones included. */
function textsOf(message: Json): string[] {
  const texts = typeof message.content === "string" ? [message.content] : [];
  const visit = (component: Json) => {
    if (typeof component.content === "string") texts.push(component.content);
    for (const child of (component.components as Json[] | undefined) ?? []) visit(child);
  };
  for (const component of (message.components as Json[] | undefined) ?? []) visit(component);
  return texts;
}

/** discord.js's defaults, which the bot's client keeps for what it sends. */
const SENDER = { client: { options: Options.createDefault() } };

/** The request discord.js makes of message options: its JSON body, and the files uploaded with it. */
function onTheWire(options: object): { body: Json; uploads: Upload[] } {
  const payload = MessagePayload.create(SENDER as never, options as MessagePayloadOption).resolveBody();
  const files = (options as { files?: { name: string }[] }).files ?? [];
  return {
    body: JSON.parse(JSON.stringify(payload.body)) as Json,
    uploads: files.map((file, index) => ({ index, filename: file.name })),
  };
}

/**
 * Discord as the bot's REST calls meet it here: each message body the bot sends is checked as
 * the emulator would check it, and each message kept as Discord would hold it, so an edit is
 * checked against the message it edits. `about` names what the bot is doing meanwhile.
 */
class Discord {
  about = "";
  readonly #held = new Map<string, EditedMessage & { attachments: APIAttachment[] }>();
  /** Panels whose message was just read: the bot reads a panel before it closes it. */
  readonly #read = new Set<string>();
  #ids = 1000;

  /** The message a request made, as Discord holds it (key: its id, or its interaction's token). */
  #hold(key: string, body: Json, uploads: Upload[], edited: EditedMessage | null): void {
    const declared = (body.attachments as Json[] | undefined) ?? null;
    const kept = (edited?.attachments ?? []).filter(
      (a) => declared === null || declared.some((entry) => String(entry.id) === a.id),
    );
    const added = uploads.map((upload) => ({
      id: String(++this.#ids),
      filename: upload.filename,
      url: `https://cdn.example/attachments/${this.#ids}/${upload.filename}`,
      description: declared?.find((entry) => String(entry.id) === String(upload.index))?.description,
    }));
    this.#held.set(key, {
      content: typeof body.content === "string" ? body.content : (edited?.content ?? ""),
      embeds: [],
      components: (body.components as Json[] | undefined) ?? edited?.components ?? [],
      attachments: [...kept, ...added] as APIAttachment[],
      flags: ((edited?.flags ?? 0) | ((body.flags as number | undefined) ?? 0)) & ~MessageFlags.Ephemeral,
    });
  }

  send(options: object, what = this.about): string {
    const { body, uploads } = onTheWire(options);
    check(what, "createMessage", body, uploads, null);
    const id = String(++this.#ids);
    this.#hold(id, body, uploads, null);
    return id;
  }

  edit(id: string, options: object, what: string): void {
    const { body, uploads } = onTheWire(options);
    const edited = this.#held.get(id) ?? null;
    if (!edited) throw new Error(`message ${id} was never sent`);
    check(what, "editMessage", body, uploads, edited);
    this.#hold(id, body, uploads, edited);
  }

  /** A reply to an interaction (a callback of type 4), its message held by the interaction's token. */
  reply(token: string, options: object): void {
    const { body, uploads } = onTheWire(options);
    const callback = { type: InteractionResponseType.ChannelMessageWithSource, data: body };
    check(this.about, "interactionReply", callback, uploads, null);
    this.#hold(token, body, uploads, null);
  }

  /** A component's interaction on the message held by `token`: its answer updates that message. */
  clickOn(token: string): Answerable {
    const held = this.#held.get(token);
    if (!held) throw new Error(`no message was sent with the token ${token}`);
    const clicked = `token${++tokens}`;
    const shown = held.attachments.map((a) => ({ name: a.filename, url: (a as APIAttachment).url }));
    return {
      ...asked(),
      token: clicked,
      isMessageComponent: () => true,
      message: {
        attachments: {
          size: shown.length,
          some: (found: (a: { name: string }) => boolean) => shown.some(found),
          map: <T>(each: (a: { name: string; url: string }) => T) => shown.map(each),
        },
        components: (held.components ?? []).map((c) => ({ toJSON: () => c })),
        flags: { has: (flag: number) => ((held.flags ?? 0) & flag) === flag },
      },
      update: async (options: object) => {
        const { body, uploads } = onTheWire(options);
        const callback = { type: InteractionResponseType.UpdateMessage, data: body };
        check(this.about, "interactionUpdate", callback, uploads, held);
        this.#hold(token, body, uploads, held);
        // The click's token edits the message it was on from now on.
        this.#held.set(clicked, this.#held.get(token) as EditedMessage & { attachments: APIAttachment[] });
      },
    } as unknown as Answerable;
  }

  followUp(options: object): void {
    const { body, uploads } = onTheWire(options);
    check(`${this.about}, followed up`, "followUp", body, uploads, null);
  }

  /** The bot's REST for a channel's message it reads back (an earlier table kept with its picture). */
  readonly rest = {
    get: async (route: string) => {
      const id = route.split("/").at(-1) ?? "";
      const held = this.#held.get(id);
      if (!held) throw new Error(`message ${id} was never sent`);
      return held;
    },
  };

  /** The bot's own REST for interaction webhooks: it reads and edits panels by their token. */
  readonly webhookRest = {
    get: async (route: string) => {
      const token = tokenOf(route);
      this.#read.add(token);
      return this.#held.get(token);
    },
    patch: async (route: string, request: { body: Json; files?: { name: string }[] }) => {
      const token = tokenOf(route);
      const edited = this.#held.get(token) ?? null;
      if (!edited) throw new Error(`no message was sent with the token ${token}`);
      const uploads = (request.files ?? []).map((file, index) => ({ index, filename: file.name }));
      const kind = this.#read.delete(token) ? "closed panel" : "panel retired by a newer one";
      check(`${this.about}, ${kind}`, "editOriginal", request.body, uploads, edited);
      this.#hold(token, request.body, uploads, edited);
      return this.#held.get(token);
    },
    post: async () => {
      throw new Error("a table went out on a token, which these tests never give");
    },
  };

  channel(id: string) {
    return {
      id,
      isSendable: () => true,
      send: async (options: object) => ({ id: this.send(options) }),
      messages: {
        edit: async (messageId: string, options: object) => {
          this.edit(messageId, options, `${this.about}: the table before it, retired`);
          // The edited message, as discord.js gives it: what the bot reads of it is its files.
          const held = this.#held.get(messageId)!;
          return {
            attachments: {
              map: <T>(each: (a: { name: string; url: string }) => T) =>
                held.attachments.map((a) => each({ name: a.filename, url: (a as APIAttachment).url })),
            },
          };
        },
      },
    };
  }
}

function tokenOf(route: string): string {
  const found = /^\/webhooks\/\d+\/([^/]+)\/messages\/(?:@|%40)original$/.exec(route);
  if (!found) throw new Error(`not a route the bot edits panels by: ${route}`);
  return found[1] as string;
}

const discord = new Discord();
const APPLICATION_ID = "1000000000000000001";
let tokens = 0;

/** An interaction a player just made, whose answers reach `discord`. */
function asked(): Answerable {
  const refuse = () => {
    throw new Error("an answer was deferred: nothing here takes that long");
  };
  return {
    token: `token${++tokens}`,
    applicationId: APPLICATION_ID,
    createdTimestamp: Date.now(),
    isMessageComponent: () => false,
    deferReply: refuse,
    deferUpdate: refuse,
    async reply(this: { token: string }, options: object) {
      discord.reply(this.token, options);
    },
    followUp: async (options: object) => discord.followUp(options),
  } as unknown as Answerable;
}

/** A private answer of words, as the commands give it. */
async function answerWords(what: string, text: string): Promise<void> {
  discord.about = what;
  await answer(ctx, asked(), "ephemeral", () => textPayload(text));
}

/** A long text (help, rules) answered in parts, as the commands give it. */
async function answerParts(what: string, parts: readonly string[]): Promise<void> {
  discord.about = what;
  await answerInParts(ctx, asked() as ChatInputCommandInteraction, parts);
}

/** As long as Discord lets a name be (32), in wide letters. */
const LONG_NAME = "Wolfgang-Maximiliaan van Oldenbar";
const nameOf = (i: number) => `${LONG_NAME.slice(0, 30)}${String(i).padStart(2, "0")}`;
/** A Discord snowflake is up to 20 digits: mentions and links at their longest. */
const userId = (i: number) => `1${String(i).padStart(19, "0")}`;
const SERVER_NAME = "The Extraordinarily Long-Named Society of Card Players and Friends of Patience, Est.";

const COMBINATIONS = LOCALES.flatMap((reader) =>
  LOCALES.map((server) => ({ reader, server, label: `${reader} reader, ${server} server` })),
);

/**
 * The store's clock: from now on, so the panels it records are ones the bot still may edit (its
 * own clock is the real one), and a minute on with every move.
 */
let clock = Date.now();
let store: Store;
let ctx: BotContext;
/** One server per server language, and one per language that keeps earlier tables' pictures. */
const GUILD: Record<Locale, string> = { en: "900000000000000000001", nl: "900000000000000000002" };
const KEEPING_GUILD: Record<Locale, string> = { en: "900000000000000000003", nl: "900000000000000000004" };
let channels = 0;

function ok<T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

/** A lobby of `gameType` with every seat taken by long-named people, `first` the host. */
async function fullLobby(gameType: string, guildId: string, first: number): Promise<GameRecord> {
  const ui = GAMES.uis().get(gameType)!;
  let game = ok(
    await store.games.createLobby({
      guildId,
      channelId: `80000000000000${String(++channels).padStart(6, "0")}`,
      gameType,
      // Every option on: the lobby's headline names them all.
      options: Object.fromEntries(ui.engine.options.map((o) => [o.name, true])),
      seed: 7 + channels,
      host: { userId: userId(first), displayName: nameOf(first) },
    }),
  ).game;
  for (let i = 1; i < ui.engine.maxPlayers; i++)
    game = ok(
      await store.seats.joinLobby(
        game.id,
        { userId: userId(first + i), displayName: nameOf(first + i) },
        ui.engine.maxPlayers,
      ),
    ).game;
  return game;
}

/** Random legal moves through the store, as players would make them; each step's events. */
async function* playThrough(
  game: GameRecord,
  seed: number,
): AsyncGenerator<{ game: GameRecord; events: GameEvent[] }> {
  const engine = GAMES.uis().get(game.gameType)!.engine;
  const rng = createRng(seed);
  let current = game;
  for (let step = 0; step < 250 && current.status === "active"; step++) {
    const actors = engine.actors(current.state);
    if (actors.length === 0) return;
    const actor = actors[nextInt(rng, actors.length)] as string;
    const moves = engine.legalMoves(current.state, actor);
    if (moves.length === 0) return;
    clock += 60_000;
    const moved = await store.play.applyMove(
      current.id,
      actor,
      current.version,
      moves[nextInt(rng, moves.length)],
      engine,
    );
    if (!moved.ok) throw new Error(`a legal move was refused: ${JSON.stringify(moved)}`);
    current = moved.game;
    yield { game: current, events: moved.events };
  }
}

/** Every command known by an id as long as Discord's: its mentions are the longest way text names it. */
function longestCommandIds(): CommandIds {
  const ids = new CommandIds();
  ids.learn(
    commandsFor(GAMES).map((c, i) => ({
      id: String(9_000_000_000_000_000_000n + BigInt(i)),
      name: c.data.name,
    })),
    null,
  );
  return ids;
}

/** What the bot logged as going wrong: a table not retired, a panel not closed or not recorded. */
const troubles: string[] = [];

beforeAll(async () => {
  store = await Store.open(":memory:", GAMES.engines(), { now: () => clock });
  const cache = new Map(
    LOCALES.flatMap((l) => [
      [GUILD[l], { name: SERVER_NAME, preferredLocale: l }],
      [KEEPING_GUILD[l], { name: SERVER_NAME, preferredLocale: l }],
    ]),
  );
  ctx = {
    store,
    games: GAMES,
    uis: GAMES.uis(),
    client: {
      guilds: { cache },
      channels: { fetch: async (id: string) => discord.channel(id) },
      rest: discord.rest,
    } as unknown as Client,
    config: { reminderHours: 24, applicationId: APPLICATION_ID },
    // Nothing is planned here: the turn timers' deadlines are read as the store has them.
    scheduler: { planned: async () => undefined },
    commandIds: longestCommandIds(),
    // The bytes of a picture are not Discord's business here, its file name and alt text are.
    painter: { draw: async () => Buffer.alloc(0), wouldWait: () => false },
    // A lost game's review line is left out, as when the robots' thread has no answer in time.
    thinker: { review: async () => null },
    webhookRest: discord.webhookRest,
    log: {
      info: (line: string) => {
        if (/ not (closed|retired|recorded)/.test(line)) troubles.push(line);
      },
      warn: (line: string) => troubles.push(line),
    },
  } as unknown as BotContext;
  for (const locale of LOCALES)
    for (const [guild, earlierPictures] of [
      [GUILD[locale], false],
      [KEEPING_GUILD[locale], true],
    ] as const)
      await store.preferences.saveGuildSettings(guild, {
        language: locale,
        turnTimerHours: 72,
        timeoutAction: "botSeat",
        quietHours: { from: 23 * 60, to: 7 * 60 },
        earlierPictures,
      });
});
afterAll(async () => {
  await store.close();
});

/** A seat's private panel, answered as a click on the table's button answers it (ephemeral). */
async function openPanel(game: GameRecord, seatId: string, reader: Locale): Promise<string> {
  discord.about = `${game.gameType} panel of ${seatId} at v${game.version} (${reader} reader, ${serverOf(game)} server)`;
  const interaction = asked();
  await answerPanel(ctx, interaction, "ephemeral", { game, seatId, locale: reader }, () =>
    panelFor(ctx, game, seatId, null, wordsFor(reader)("bot.play.stale"), reader),
  );
  return interaction.token;
}

/** A panel updated in place by a click on it, as its Refresh button does. */
async function refreshPanel(game: GameRecord, seatId: string, reader: Locale, panel: string): Promise<void> {
  discord.about = `${game.gameType} panel of ${seatId} at v${game.version}, refreshed (${reader} reader, ${serverOf(game)} server)`;
  await answerPanel(ctx, discord.clickOn(panel), "update", { game, seatId, locale: reader }, () =>
    panelFor(ctx, game, seatId, null, null, reader),
  );
}

/** A game's table posted anew, retiring the one before it (as one line, or keeping its picture). */
async function newTable(game: GameRecord, events: GameEvent[] = []): Promise<void> {
  const keeps = Object.values(KEEPING_GUILD).includes(game.guildId) ? ", earlier pictures kept" : "";
  discord.about = `${game.gameType} table at v${game.version} (${serverOf(game)} server${keeps})`;
  await postTable(ctx, game, events);
}

function serverOf(game: GameRecord): Locale {
  return LOCALES.find((l) => GUILD[l] === game.guildId || KEEPING_GUILD[l] === game.guildId) as Locale;
}

/** A lobby message as the bot posts it in the channel, and then edits it as the game goes on. */
function lobbyMessage(payload: Payload) {
  return {
    content: payload.content,
    components: discordRows(payload.components),
    allowedMentions: { parse: [] },
  };
}

describe("every reply the bot sends fits Discord's limits, for each reader and server language", () => {
  it("/help, in as many messages as it takes", async () => {
    const games = GAMES.list.map((game) => game.ui).map((ui) => ui.gameType);
    for (const { reader, server, label } of COMBINATIONS)
      await answerParts(`/help (${label})`, helpMessages(games, wordsFor(reader), wordsFor(server)));
    expectWithinLimits("/help");
  });

  it("/rules for every game", async () => {
    for (const ui of GAMES.list.map((game) => game.ui)) {
      if (!(GAMES.get(ui.gameType) !== undefined)) throw new Error(`${ui.gameType} has no rules`);
      for (const locale of LOCALES)
        await answerParts(
          `/rules ${ui.gameType} (${locale})`,
          messageParts(GAMES.get(ui.gameType)!.words.rules[locale]),
        );
    }
    expectWithinLimits("/rules");
  });

  it("lobbies, tables, private panels and /game log of every game at its largest, from start to end", async () => {
    let first = 1;
    for (const ui of GAMES.list.map((game) => game.ui)) {
      for (const server of LOCALES) {
        const lobby = await fullLobby(ui.gameType, GUILD[server], first);
        const posted = discord.send(
          lobbyMessage(await lobbyPayload(ctx, lobby)),
          `${ui.gameType} lobby (${server} server)`,
        );
        await store.messages.setMessage(lobby.id, "lobby", lobby.channelId, posted, lobby.version);
        for (const reader of LOCALES)
          await answerWords(
            `/play where ${ui.gameType} is open (${reader} reader)`,
            await channelBusy(ctx, lobby, wordsFor(reader)),
          );
        const seats = lobby.players.map((p) => p.userId);
        // Everyone is away: the table names each one it waits for.
        for (const seat of seats)
          await store.preferences.updateUserPrefs(seat, { awayUntil: clock + 86_400_000 * 30 });
        const started = ok(await store.play.startGame(lobby.id, seats[0] as string, ui.engine)).game;
        const startedLobby = await lobbyPayload(ctx, started);
        discord.edit(posted, lobbyMessage(startedLobby), `${ui.gameType} lobby, started (${server} server)`);
        await newTable(started);
        let last = started;
        let step = 0;
        for await (const { game, events } of playThrough(started, first)) {
          last = game;
          // Every table, and every seat's panel at every tenth moment and at the end, opened in each
          // reader language in turn: each one retires the one before it, and the game's end closes them.
          await newTable(game, events);
          if (step++ % 10 !== 0 && game.status === "active") continue;
          for (const seat of seats)
            for (const reader of LOCALES)
              await refreshPanel(game, seat, reader, await openPanel(game, seat, reader));
        }
        for (const reader of LOCALES)
          await answerWords(
            `${ui.gameType} /game log (${reader} reader, ${server} server)`,
            await logText(ctx, last, wordsFor(reader)),
          );
        // The same game ended by a person, its table and panels then, and its lobby after that.
        const another = ok(
          await store.play.startGame(
            (await fullLobby(ui.gameType, GUILD[server], first)).id,
            seats[0] as string,
            ui.engine,
          ),
        ).game;
        await newTable(another);
        for (const seat of seats) await openPanel(another, seat, server);
        const ended = (await store.play.abandon(another.id, {
          kind: "ended",
          by: nameOf(first),
        })) as GameRecord;
        await newTable(ended);
        for (const seat of seats) for (const reader of LOCALES) await openPanel(ended, seat, reader);
        discord.send(
          lobbyMessage(await lobbyPayload(ctx, ended)),
          `${ui.gameType} lobby, ended early (${server} server)`,
        );
        const closed = (await store.play.abandon((await fullLobby(ui.gameType, GUILD[server], first)).id, {
          kind: "ended",
          by: nameOf(first),
        })) as GameRecord;
        discord.send(
          lobbyMessage(await lobbyPayload(ctx, closed)),
          `${ui.gameType} lobby, closed (${server} server)`,
        );
        // A server that keeps earlier pictures: each table a newer one replaced keeps its picture.
        const keeping = ok(
          await store.play.startGame(
            (await fullLobby(ui.gameType, KEEPING_GUILD[server], first)).id,
            seats[0] as string,
            ui.engine,
          ),
        ).game;
        await newTable(keeping);
        for await (const { game, events } of playThrough(keeping, first)) await newTable(game, events);
      }
      first += 10;
    }
    const count = (...parts: string[]) =>
      checked.filter((c) => parts.every((part) => c.what.includes(part))).length;
    const games = GAMES.list.length;
    expect(count("panel of")).toBeGreaterThan(100);
    expect(count("refreshed")).toBeGreaterThan(100);
    for (const server of LOCALES) {
      expect(count("table before it, retired", `${server} server)`)).toBeGreaterThan(games * 10);
      expect(count("table before it, retired", `${server} server, earlier pictures kept`)).toBeGreaterThan(
        games * 5,
      );
    }
    for (const reader of LOCALES) {
      expect(count("panel retired by a newer one", `${reader} reader`)).toBeGreaterThan(games);
      expect(count("closed panel", `${reader} reader`)).toBeGreaterThanOrEqual(games * 2);
    }
    expect(troubles).toEqual([]);
    expectWithinLimits("a game");
  });

  it("/game status, /game history, /stats me and /stats server of a player with many games", async () => {
    // Player 1 sat in every game above; more open games in both servers, with the other servers named.
    for (const ui of GAMES.list.map((game) => game.ui))
      for (const server of LOCALES)
        ok(
          await store.play.startGame(
            (await fullLobby(ui.gameType, GUILD[server], 1)).id,
            userId(1),
            ui.engine,
          ),
        );
    for (const { reader, server, label } of COMBINATIONS) {
      const words = wordsFor(reader);
      await answerWords(`/game status (${label})`, await statusText(ctx, userId(1), GUILD[server], words));
      await answerWords(`/game history (${label})`, await historyText(ctx, userId(1), GUILD[server], words));
      await answerWords(`/stats me (${label})`, await myResults(ctx, userId(1), words));
      await answerWords(`/stats server (${label})`, await leaderboardText(ctx, GUILD[server], words));
    }
    expectWithinLimits("an overview");
  });

  it("/settings show and /notify show with everything set", async () => {
    const settings = resolveGuildSettings(await store.preferences.guildSettings(GUILD.nl), 24);
    const prefs = {
      ...DEFAULT_USER_PREFS,
      dm: true,
      timeZone: "America/Argentina/ComodRivadavia",
      quietHours: { from: 22 * 60, to: 8 * 60 },
      awayUntil: clock + 86_400_000,
      language: "nl" as const,
    };
    for (const reader of LOCALES) {
      await answerWords(`/settings show (${reader})`, describeSettings(settings, wordsFor(reader)));
      await answerWords(`/notify show (${reader})`, describePrefs(prefs, clock, wordsFor(reader)));
      await answerWords(
        `/notify show, unset (${reader})`,
        describePrefs(DEFAULT_USER_PREFS, clock, wordsFor(reader)),
      );
    }
    expectWithinLimits("a settings reply");
  });

  it("every refusal, notice and DM, its placeholders filled at their longest", async () => {
    const longest: Record<string, string> = {
      name: LONG_NAME,
      link: `https://discord.com/channels/${GUILD.nl}/${userId(99)}/${userId(98)}`,
      url: `https://discord.com/channels/${GUILD.nl}/${userId(99)}/${userId(98)}`,
      server: SERVER_NAME,
      where: ` ([table](https://discord.com/channels/${GUILD.nl}/${userId(99)}/${userId(98)}))`,
    };
    const fill = (template: string) =>
      template.replace(/\{(\w+)\}/g, (_, key: string) => longest[key] ?? `<@${userId(97)}> ${LONG_NAME}`);
    for (const reader of LOCALES) {
      const words: Words = wordsFor(reader);
      for (const key of [...Object.keys(enBot), ...Object.keys(enReplies)])
        await answerWords(`${key} (${reader})`, fill(words(key)));
    }
    expectWithinLimits("a message");
  });
});

describe("the check sees what Discord refuses", () => {
  const text = (content: string) => ({ type: ComponentType.TextDisplay, content });
  const refusal = (components: Json[]) =>
    messageBodyIssues("createMessage", { components, flags: MessageFlags.IsComponentsV2 }, [], null).map(
      (issue) => issue.message,
    );

  it("text displays over 4,000 characters", () => {
    expect(refusal([text("a".repeat(2500)), text("b".repeat(1501))])).toEqual([
      expect.stringContaining("COMPONENT_MAX_TOTAL_TEXT_EXCEEDED"),
    ]);
    expect(refusal([text("a".repeat(2500)), text("b".repeat(1500))])).toEqual([]);
  });

  it("41 components, those in action rows counted", () => {
    // Six rows of five buttons and their rows are 36 components: the spec sees only 11 at the top.
    const rows = Array.from({ length: 6 }, (_, row) => ({
      type: ComponentType.ActionRow,
      components: Array.from({ length: 5 }, (_, i) => ({
        type: ComponentType.Button,
        style: 2,
        label: "♠",
        custom_id: `b${row}.${i}`,
      })),
    }));
    const lines = (n: number) => Array.from({ length: n }, (_, i) => text(`line ${i}`));
    expect(refusal([...lines(5), ...rows])).toEqual([
      expect.stringContaining("COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED"),
    ]);
    expect(refusal([...lines(4), ...rows])).toEqual([]);
  });

  it("a panel whose picture is not uploaded with it", () => {
    const parts = { content: "♠", pictures: [{ name: "table.png", alt: "a table" }], components: [] };
    const { body } = onTheWire({ ...discordMessage(parts), allowedMentions: { parse: [] } });
    check("a panel without its file", "createMessage", body, [], null);
    check("a panel with its file", "createMessage", body, [{ index: 0, filename: "table.png" }], null);
    const [without, withFile] = checked.splice(0);
    expect(without?.broken).toEqual([expect.stringContaining("UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND")]);
    expect(withFile?.broken).toEqual([]);
  });
});

function expectWithinLimits(what: string) {
  const broken = checked.filter((c) => c.broken.length > 0).map((c) => `${c.what}: ${c.broken.join("; ")}`);
  const count = checked.length;
  checked.length = 0;
  expect(broken, `${what} that Discord would refuse`).toEqual([]);
  expect(count, `${what}: replies checked`).toBeGreaterThan(0);
}
