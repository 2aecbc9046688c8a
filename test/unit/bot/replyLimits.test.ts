import type { APIActionRowComponent, APIComponentInMessageActionRow, Client } from "discord.js";
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
import { panelFor } from "../../../src/bot/panels.js";
import { messageParts } from "../../../src/bot/respond.js";
import { tableMessage } from "../../../src/bot/table.js";
import { discordRow } from "../../../src/bot/ui/components.js";
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

/**
 * Discord's documented limits for a message the bot sends
 * (https://discord.com/developers/docs/resources/message#create-message,
 * https://discord.com/developers/docs/components/reference): what breaks one is listed.
 */
function limitsBroken(
  content: string,
  rows: readonly APIActionRowComponent<APIComponentInMessageActionRow>[] = [],
): string[] {
  const broken: string[] = [];
  if (content.length > 2000) broken.push(`content of ${content.length} characters (at most 2,000)`);
  if (content.trim() === "" && rows.length === 0) broken.push("an empty message");
  if (rows.length > 5) broken.push(`${rows.length} action rows (at most 5)`);
  const ids = new Set<string>();
  for (const row of rows) {
    const buttons = row.components.filter((c) => c.type === 2);
    const selects = row.components.filter((c) => c.type !== 2);
    if (row.components.length === 0) broken.push("an empty action row");
    if (buttons.length > 5) broken.push(`${buttons.length} buttons in one row (at most 5)`);
    if (selects.length > 0 && row.components.length > 1) broken.push("a select menu sharing its row");
    for (const c of row.components) {
      if ("custom_id" in c) {
        if (c.custom_id.length > 100)
          broken.push(`custom_id of ${c.custom_id.length} characters: ${c.custom_id}`);
        if (ids.has(c.custom_id)) broken.push(`custom_id ${c.custom_id} twice`);
        ids.add(c.custom_id);
      }
      if (c.type === 2 && "label" in c && (c.label?.length ?? 0) > 80)
        broken.push(`button label over 80: ${c.label}`);
      if (c.type === 3) {
        if ((c.placeholder?.length ?? 0) > 150) broken.push(`placeholder over 150: ${c.placeholder}`);
        if (c.options.length < 1 || c.options.length > 25) broken.push(`${c.options.length} select options`);
        if ((c.max_values ?? 1) > c.options.length || (c.min_values ?? 1) > (c.max_values ?? 1))
          broken.push(`min/max values ${c.min_values}/${c.max_values} of ${c.options.length} options`);
        for (const o of c.options) {
          if (o.label.length > 100) broken.push(`option label over 100: ${o.label}`);
          if (o.value.length > 100) broken.push(`option value over 100: ${o.value}`);
          if ((o.description?.length ?? 0) > 100)
            broken.push(`option description over 100: ${o.description}`);
        }
      }
    }
  }
  return broken;
}

function payloadBroken(payload: Pick<Payload, "content" | "components">): string[] {
  return limitsBroken(
    payload.content,
    payload.components.map(
      (row) => discordRow(row).toJSON() as APIActionRowComponent<APIComponentInMessageActionRow>,
    ),
  );
}

/** Every reply checked: what it is, and what of Discord's limits it breaks. */
const checked: { what: string; broken: string[] }[] = [];
function check(what: string, content: string | Pick<Payload, "content" | "components">) {
  const text = typeof content === "string" ? content : content.content;
  const broken = typeof content === "string" ? limitsBroken(content) : payloadBroken(content);
  // Not Discord's limit but the bot's: a link reads as words, as Discord shows a masked link.
  if (/(?<!\]\()https:\/\/discord\.com\/\S+/.test(text)) broken.push("a bare discord.com link");
  checked.push({ what, broken });
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

let clock = Date.UTC(2026, 0, 10, 12);
let store: Store;
let ctx: BotContext;
/** One server per server language. */
const GUILD: Record<Locale, string> = { en: "900000000000000000001", nl: "900000000000000000002" };
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

beforeAll(async () => {
  store = await Store.open(":memory:", GAMES.engines(), { now: () => clock });
  const cache = new Map(LOCALES.map((l) => [GUILD[l], { name: SERVER_NAME, preferredLocale: l }]));
  ctx = {
    store,
    games: GAMES,
    uis: GAMES.uis(),
    client: { guilds: { cache } } as unknown as Client,
    config: { reminderHours: 24 },
    // Nothing is planned here: the turn timers' deadlines are read as the store has them.
    scheduler: { planned: async () => undefined },
    commandIds: longestCommandIds(),
  } as unknown as BotContext;
  for (const locale of LOCALES)
    await store.preferences.saveGuildSettings(GUILD[locale], {
      language: locale,
      turnTimerHours: 72,
      timeoutAction: "botSeat",
      quietHours: { from: 23 * 60, to: 7 * 60 },
    });
});
afterAll(async () => {
  await store.close();
});

describe("every reply the bot sends fits Discord's limits, for each reader and server language", () => {
  it("/help, in as many messages as it takes", () => {
    const games = GAMES.list.map((game) => game.ui).map((ui) => ui.gameType);
    for (const { reader, server, label } of COMBINATIONS) {
      const parts = helpMessages(games, wordsFor(reader), wordsFor(server));
      for (const [i, part] of parts.entries()) check(`/help part ${i + 1} (${label})`, part);
    }
    expectWithinLimits("/help");
  });

  it("/rules for every game", () => {
    for (const ui of GAMES.list.map((game) => game.ui)) {
      if (!(GAMES.get(ui.gameType) !== undefined)) throw new Error(`${ui.gameType} has no rules`);
      for (const locale of LOCALES)
        for (const [i, part] of messageParts(GAMES.get(ui.gameType)!.words.rules[locale]).entries())
          check(`/rules ${ui.gameType} part ${i + 1} (${locale})`, part);
    }
    expectWithinLimits("/rules");
  });

  it("lobbies, tables, private panels and /game log of every game at its largest, from start to end", async () => {
    let first = 1;
    for (const ui of GAMES.list.map((game) => game.ui)) {
      for (const server of LOCALES) {
        const lobby = await fullLobby(ui.gameType, GUILD[server], first);
        check(`${ui.gameType} lobby (${server} server)`, await lobbyPayload(ctx, lobby));
        await store.messages.setMessage(lobby.id, "lobby", lobby.channelId, userId(90), lobby.version);
        for (const reader of LOCALES)
          check(
            `/play where ${ui.gameType} is open (${reader} reader)`,
            await channelBusy(ctx, lobby, wordsFor(reader)),
          );
        const seats = lobby.players.map((p) => p.userId);
        // Everyone is away: the table names each one it waits for.
        for (const seat of seats)
          await store.preferences.updateUserPrefs(seat, { awayUntil: clock + 86_400_000 * 30 });
        const started = ok(await store.play.startGame(lobby.id, seats[0] as string, ui.engine)).game;
        check(`${ui.gameType} lobby, started (${server} server)`, await lobbyPayload(ctx, started));
        let last = started;
        let step = 0;
        for await (const { game, events } of playThrough(started, first)) {
          last = game;
          // Every table, and every seat's panel at every tenth moment and at the end (each reader language).
          check(
            `${ui.gameType} table at v${game.version} (${server} server)`,
            (await tableMessage(ctx, game, events)).parts,
          );
          if (step++ % 10 !== 0 && game.status === "active") continue;
          for (const seat of seats)
            for (const reader of LOCALES)
              check(
                `${ui.gameType} panel of ${seat} at v${game.version} (${reader} reader, ${server} server)`,
                panelFor(ctx, game, seat, null, wordsFor(reader)("bot.play.stale"), reader),
              );
        }
        for (const reader of LOCALES)
          check(
            `${ui.gameType} /game log (${reader} reader, ${server} server)`,
            await logText(ctx, last, wordsFor(reader)),
          );
        // The same game ended by a person, and its lobby after that.
        const another = ok(
          await store.play.startGame(
            (await fullLobby(ui.gameType, GUILD[server], first)).id,
            seats[0] as string,
            ui.engine,
          ),
        ).game;
        const ended = (await store.play.abandon(another.id, {
          kind: "ended",
          by: nameOf(first),
        })) as GameRecord;
        check(`${ui.gameType} table, ended early (${server} server)`, (await tableMessage(ctx, ended)).parts);
        check(`${ui.gameType} lobby, ended early (${server} server)`, await lobbyPayload(ctx, ended));
        const closed = (await store.play.abandon((await fullLobby(ui.gameType, GUILD[server], first)).id, {
          kind: "ended",
          by: nameOf(first),
        })) as GameRecord;
        check(`${ui.gameType} lobby, closed (${server} server)`, await lobbyPayload(ctx, closed));
      }
      first += 10;
    }
    expect(checked.filter((c) => c.what.includes("panel")).length).toBeGreaterThan(100);
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
      check(`/game status (${label})`, await statusText(ctx, userId(1), GUILD[server], words));
      check(`/game history (${label})`, await historyText(ctx, userId(1), GUILD[server], words));
      check(`/stats me (${label})`, await myResults(ctx, userId(1), words));
      check(`/stats server (${label})`, await leaderboardText(ctx, GUILD[server], words));
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
      check(`/settings show (${reader})`, describeSettings(settings, wordsFor(reader)));
      check(`/notify show (${reader})`, describePrefs(prefs, clock, wordsFor(reader)));
      check(`/notify show, unset (${reader})`, describePrefs(DEFAULT_USER_PREFS, clock, wordsFor(reader)));
    }
    expectWithinLimits("a settings reply");
  });

  it("every refusal, notice and DM, its placeholders filled at their longest", () => {
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
        check(`${key} (${reader})`, fill(words(key)));
    }
    expectWithinLimits("a message");
  });
});

function expectWithinLimits(what: string) {
  const broken = checked.filter((c) => c.broken.length > 0).map((c) => `${c.what}: ${c.broken.join("; ")}`);
  checked.length = 0;
  expect(broken, `${what} that Discord would refuse`).toEqual([]);
}
