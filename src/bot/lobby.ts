import { randomInt } from "node:crypto";
import {
  type ButtonInteraction,
  ChannelType,
  type ChatInputCommandInteraction,
  type GuildMember,
  MessageFlags,
  PermissionFlagsBits,
  type TextChannel,
  ThreadAutoArchiveDuration,
  type User,
} from "discord.js";
import type { GameOptions } from "../engine/core/game.js";
import { playOptionWord } from "../i18n/commands.js";
import { gameTitle, hasKey, type Words, wordsFor } from "../i18n/index.js";
import { type EndReason, type GameRecord, humanSeat, memberOf } from "../store/store.js";
import { afterChange } from "./changes.js";
import type { BotContext } from "./context.js";
import { guildSettingsFor } from "./deadlines.js";
import { uiFor } from "./games.js";
import { readerLocale, serverLocale } from "./locale.js";
import { spansOfGames } from "./pages.js";
import { answer, textPayload } from "./respond.js";
import { discordRows } from "./ui/components.js";
import type { Row } from "./ui/controls.js";
import { gameCustomId, type LobbyAction, lobbyCustomId, RESERVED_ACTIONS } from "./ui/customId.js";
import type { Payload } from "./ui/types.js";

export function displayNameOf(user: User, member: GuildMember | null | unknown): string {
  const fromMember =
    member && typeof member === "object" && "displayName" in member ? String(member.displayName) : "";
  return (fromMember || user.globalName || user.username).slice(0, 64);
}

/** The lobby message is public: it is in the server's language. */
export async function lobbyPayload(ctx: BotContext, game: GameRecord): Promise<Payload> {
  const ui = uiFor(ctx, game);
  const words = wordsFor(await serverLocale(ctx, game.guildId));
  const { minPlayers, maxPlayers } = ui.engine;
  // The options chosen, each named as typed in `/play` in the server's language (`short-match`, `korte-partij`).
  const options = Object.entries(game.options)
    .filter(([, v]) => v === true)
    .map(([k]) => `\`${playOptionWord(game.gameType, k, words.locale)}\``);
  const seats = game.players.map((p, i) => {
    const member = memberOf(p);
    const name = member ? `<@${member}>` : p.displayName;
    return member === game.hostId ? words("bot.lobby.seatHost", { n: i + 1, name }) : `${i + 1}. ${name}`;
  });
  const robots = ctx.games.seatsRobots(game.gameType);
  const title = gameTitle(game.gameType, words.locale);
  const state = words(`bot.lobby.state.${game.status}`);
  const lines = [
    options.length
      ? words("bot.lobby.headlineOptions", { title, state, options: options.join(", ") })
      : `**${title}** — ${state}.`,
    ...(game.status === "lobby"
      ? [
          words("bot.lobby.seats", {
            taken: game.players.length,
            max: maxPlayers,
            needs: minPlayers === maxPlayers ? minPlayers : `${minPlayers}–${maxPlayers}`,
          }),
        ]
      : // A lobby its last player left was closed with nobody in it: no empty list.
        seats.length > 0
        ? [words("bot.lobby.players")]
        : []),
    ...seats,
  ];
  if (game.status === "lobby") {
    lines.push(
      words(robots ? "bot.lobby.howToRobots" : "bot.lobby.howTo", {
        join: words("bot.lobby.button.join"),
        host: `<@${game.hostId}>`,
        // `/rules` and the game as its choice list names it: the title.
        rules: ctx.commandIds.name("rules", words.locale, game.guildId),
        title,
      }),
    );
  } else if (game.status === "active" || game.status === "finished") {
    lines.push(words("bot.lobby.started"));
  }
  const components: Row[] = [];
  if (game.status === "lobby") {
    components.push({
      kind: "buttons",
      buttons: [
        { customId: lobbyCustomId(game.id, "join"), label: words("bot.lobby.button.join"), style: "success" },
        {
          customId: lobbyCustomId(game.id, "leave"),
          label: words("bot.lobby.button.leave"),
          style: "secondary",
        },
        {
          customId: lobbyCustomId(game.id, "start"),
          label: words("bot.lobby.button.start"),
          style: "primary",
          disabled: game.players.length < minPlayers,
        },
      ],
    });
    if (robots)
      components.push({
        kind: "buttons",
        buttons: [
          {
            customId: lobbyCustomId(game.id, "addBot"),
            label: words("bot.lobby.button.addRobot"),
            emoji: "🤖",
            style: "secondary",
            disabled: game.players.length >= maxPlayers,
          },
          {
            customId: lobbyCustomId(game.id, "removeBot"),
            label: words("bot.lobby.button.removeRobot"),
            style: "secondary",
            disabled: !game.players.some((p) => p.kind === "bot"),
          },
        ],
      });
  }
  return { content: lines.join("\n"), pictures: [], components };
}

/** `/play <game>`: opens a lobby in this channel (one open game per channel). */
export async function openLobby(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  gameType: string,
  options: GameOptions,
): Promise<void> {
  const words = wordsFor(await readerLocale(ctx, interaction));
  if (!interaction.inGuild()) {
    return answer(ctx, interaction, "ephemeral", () => textPayload(words("bot.lobby.notInDm")));
  }
  const lobby = {
    guildId: interaction.guildId,
    gameType,
    options,
    seed: ctx.config.seedOverride ?? randomInt(0, 2 ** 32 - 1),
    host: { userId: interaction.user.id, displayName: displayNameOf(interaction.user, interaction.member) },
  };
  const settings = await guildSettingsFor(ctx, interaction.guildId);
  const parent = interaction.channel;
  if (settings.threads && parent?.type === ChannelType.GuildText)
    return openInThread(ctx, interaction, parent, lobby, words);
  const created = await ctx.store.games.createLobby({ ...lobby, channelId: interaction.channelId });
  if (!created.ok)
    return answer(ctx, interaction, "ephemeral", async () =>
      textPayload(await channelBusy(ctx, created.game, words)),
    );
  const game = created.game;
  const ui = uiFor(ctx, game);
  if (ui.engine.maxPlayers === 1) {
    // A solo game needs no seats and no lobby: it starts at once with its table.
    const started = await ctx.store.play.startGame(game.id, interaction.user.id, ui.engine);
    if (started.ok) {
      ctx.log.info(`game ${game.id}: solo ${gameType} started by ${interaction.user.id}`);
      await answer(ctx, interaction, "ephemeral", () =>
        textPayload(words("bot.lobby.soloStarts", { title: gameTitle(gameType, words.locale) })),
      );
      await showStart(ctx, interaction, started.game);
      return;
    }
  }
  ctx.log.info(`game ${game.id}: lobby for ${gameType} opened by ${interaction.user.id}`);
  await answer(ctx, interaction, "public", () => lobbyPayload(ctx, game)).catch((err: unknown) => {
    // The lobby is stored: the repair posts its message in the channel.
    ctx.tables.owe("lobby", game.id);
    throw err;
  });
  const reply = await interaction.fetchReply();
  await ctx.store.messages.setMessage(game.id, "lobby", reply.channelId, reply.id, game.version);
}

/** Why `/play` opened nothing here, in the words of whoever used it. */
export async function channelBusy(ctx: BotContext, open: GameRecord, words: Words): Promise<string> {
  const lobby = open.status === "lobby";
  const link = await ctx.store.messages.getMessage(open.id, lobby ? "lobby" : "table");
  const url = link && `https://discord.com/channels/${open.guildId}/${link.channelId}/${link.messageId}`;
  const where = url ? ` (${words(lobby ? "overview.lobbyLink" : "overview.tableLink", { url })})` : "";
  return words("bot.lobby.busy", { title: gameTitle(open.gameType, words.locale), where });
}

/**
 * `/play` where the server's \`threads\` setting is on: the game gets a public thread of its own,
 * named after it and its host, and is played there (its channel is the thread). When Discord
 * refuses the thread, the game is played in the channel and the host is told why. Only the host
 * hears back, in their own `words`; the lobby, or a solo game's table, is posted where the game
 * is played, in the server's language.
 */
async function openInThread(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  parent: TextChannel,
  lobby: Omit<Parameters<BotContext["store"]["games"]["createLobby"]>[0], "channelId">,
  words: Words,
): Promise<void> {
  const ui = ctx.uis.get(lobby.gameType);
  if (!ui) throw new Error(`no UI registered for game type ${lobby.gameType}`);
  const title = gameTitle(lobby.gameType, words.locale);
  const server = wordsFor(await serverLocale(ctx, lobby.guildId));
  // A solo game starts at once; its table is posted after the answer.
  const solo: { game: GameRecord | null } = { game: null };
  await answer(ctx, interaction, "ephemeral", async () => {
    const thread = await parent.threads
      .create({
        name: `${gameTitle(lobby.gameType, server.locale)} — ${lobby.host.displayName}`.slice(0, 100),
        type: ChannelType.PublicThread,
        // Games run over days: a week without a message before Discord archives the thread.
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      })
      .catch((err: unknown) => {
        ctx.log.warn(`channel ${parent.id}: no thread for a new game: ${(err as Error).message}`);
        return null;
      });
    const channel = thread ?? parent;
    const noted = (text: string) => textPayload(thread ? text : `${text} ${words("bot.lobby.noThread")}`);
    const created = await ctx.store.games.createLobby({ ...lobby, channelId: channel.id });
    if (!created.ok) return noted(await channelBusy(ctx, created.game, words));
    const game = created.game;
    if (ui.engine.maxPlayers === 1) {
      const started = await ctx.store.play.startGame(game.id, lobby.host.userId, ui.engine);
      if (started.ok) {
        ctx.log.info(
          `game ${game.id}: solo ${game.gameType} started in ${channel.id} by ${lobby.host.userId}`,
        );
        solo.game = started.game;
        return noted(words("bot.lobby.soloInThread", { title, channel: channel.id }));
      }
    }
    ctx.log.info(
      `game ${game.id}: lobby for ${game.gameType} opened in ${channel.id} by ${lobby.host.userId}`,
    );
    const payload = await lobbyPayload(ctx, game);
    try {
      const sent = await channel.send({
        content: payload.content,
        components: discordRows(payload.components),
        allowedMentions: { parse: [] },
      });
      await ctx.store.messages.setMessage(game.id, "lobby", channel.id, sent.id, game.version);
    } catch (err) {
      ctx.log.warn(`game ${game.id}: the lobby could not be posted: ${(err as Error).message}`);
      return noted(
        words(thread ? "bot.lobby.lobbyRefusedThread" : "bot.lobby.lobbyRefused", {
          title,
          channel: channel.id,
        }),
      );
    }
    // The others join on the lobby message, which names its button in the server's language.
    return noted(
      words("bot.lobby.openIn", { title, channel: channel.id, join: server("bot.lobby.button.join") }),
    );
  });
  if (solo.game) await showStart(ctx, interaction, solo.game);
}

/**
 * The first table of a started game. The start is already stored, so a failure here is reported
 * as such, never as "nothing was changed".
 */
async function showStart(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  game: GameRecord,
) {
  ctx.log.info(`game ${game.id}: started with ${game.players.length} player(s)`);
  // A follow-up of the click goes to the click's channel: the table rides it when the game plays there.
  const click =
    interaction.channelId === game.channelId
      ? { token: interaction.token, at: interaction.createdTimestamp }
      : null;
  try {
    await afterChange(ctx, { kind: "table", game, click });
  } catch (err) {
    ctx.log.warn(`game ${game.id}: started, but the table could not be posted: ${(err as Error).message}`);
    await interaction
      .followUp({
        content: wordsFor(await readerLocale(ctx, interaction))("bot.lobby.tableRefused"),
        flags: MessageFlags.Ephemeral,
      })
      .catch(() => undefined);
  }
}

/**
 * Why a lobby click changed nothing, in the clicker's words: `bot.lobby.refused.<reason>`.
 * Adding and removing robots is the host's, like starting; the refusal says so
 * (`bot.lobby.refused.addBot`, `…removeBot`: named after the buttons' custom_id actions).
 */
function lobbyRefusal(words: Words, reason: string, action: LobbyAction): string {
  if (reason === "notHost" && (action === "addBot" || action === "removeBot"))
    return words(`bot.lobby.refused.${action}`);
  const key = `bot.lobby.refused.${reason}`;
  return words(hasKey(key) ? key : "bot.cannotNow");
}

export async function handleLobbyClick(
  ctx: BotContext,
  interaction: ButtonInteraction,
  gameId: number,
  action: LobbyAction,
): Promise<void> {
  const words = wordsFor(await readerLocale(ctx, interaction));
  const game = await ctx.store.games.getGame(gameId);
  if (!game)
    return answer(ctx, interaction, "ephemeral", () => textPayload(lobbyRefusal(words, "notFound", action)));
  const ui = uiFor(ctx, game);
  const userId = interaction.user.id;
  const result =
    action === "join"
      ? await ctx.store.seats.joinLobby(
          gameId,
          { userId, displayName: displayNameOf(interaction.user, interaction.member) },
          ui.engine.maxPlayers,
        )
      : action === "leave"
        ? await ctx.store.seats.leaveLobby(gameId, userId)
        : action === "addBot" && ctx.games.seatsRobots(game.gameType)
          ? await ctx.store.seats.addRobot(gameId, userId, ui.engine.maxPlayers)
          : action === "removeBot" && ctx.games.seatsRobots(game.gameType)
            ? await ctx.store.seats.removeRobot(gameId, userId)
            : action === "start"
              ? await ctx.store.play.startGame(gameId, userId, ui.engine)
              : ({ ok: false, reason: "notLobby" } as const);
  if (!result.ok) {
    const refusal = lobbyRefusal(words, result.reason, action);
    return answer(ctx, interaction, "ephemeral", () => textPayload(refusal));
  }
  ctx.log.info(`game ${gameId}: lobby ${action} by ${userId}`);
  await answer(ctx, interaction, "update", () => lobbyPayload(ctx, result.game)).catch((err: unknown) => {
    // Stored: the lobby message shows it once Discord takes it.
    ctx.tables.owe("lobby", gameId);
    throw err;
  });
  const { channelId, id: messageId } = interaction.message;
  await ctx.store.messages.setMessage(gameId, "lobby", channelId, messageId, result.game.version);
  if (action === "start") await showStart(ctx, interaction, result.game);
}

/** Re-draws a lobby message after a change made elsewhere (a `/game leave`, an end). */
export async function refreshLobby(ctx: BotContext, game: GameRecord): Promise<void> {
  try {
    await redrawLobby(ctx, game);
  } catch (err) {
    ctx.tables.owe("lobby", game.id);
    throw err;
  }
}

async function redrawLobby(ctx: BotContext, game: GameRecord): Promise<void> {
  const link = await ctx.store.messages.getMessage(game.id, "lobby");
  if (!link) return;
  const channel = await ctx.client.channels.fetch(link.channelId);
  if (!channel?.isSendable()) return;
  const payload = await lobbyPayload(ctx, game);
  await channel.messages.edit(link.messageId, {
    content: payload.content,
    components: discordRows(payload.components),
    allowedMentions: { parse: [] },
  });
  await ctx.store.messages.setMessage(game.id, "lobby", link.channelId, link.messageId, game.version);
}

/**
 * Lobbies that never miss a change: at start-up and after a gateway resume, every lobby message
 * of this shard showing an older version than its game (the bot died between storing a Join or
 * Start and answering it) is redrawn, and an open lobby whose message was never posted (it died
 * right after `/play`) gets one, so its players can join. Returns how many were repaired.
 */
export async function repairLobbies(ctx: BotContext): Promise<number> {
  let repaired = 0;
  for await (const behind of spansOfGames(ctx, (guildIds, span) =>
    ctx.store.messages.lobbiesBehind(guildIds, span),
  ))
    repaired += await repairLobbyMessages(ctx, behind);
  return repaired;
}

async function repairLobbyMessages(ctx: BotContext, behind: GameRecord[]): Promise<number> {
  let repaired = 0;
  for (const game of behind) {
    try {
      if (await repairLobbyMessage(ctx, game)) repaired++;
    } catch (err) {
      ctx.log.warn(`game ${game.id}: the lobby message could not be repaired: ${(err as Error).message}`);
    }
  }
  return repaired;
}

/** One game's lobby message redrawn, or posted when it has none; false when its channel takes no messages. */
async function repairLobbyMessage(ctx: BotContext, game: GameRecord): Promise<boolean> {
  if (await ctx.store.messages.getMessage(game.id, "lobby")) {
    await redrawLobby(ctx, game);
  } else {
    const channel = await ctx.client.channels.fetch(game.channelId);
    if (!channel?.isSendable()) return false;
    const payload = await lobbyPayload(ctx, game);
    const sent = await channel.send({
      content: payload.content,
      components: discordRows(payload.components),
      allowedMentions: { parse: [] },
    });
    await ctx.store.messages.setMessage(game.id, "lobby", channel.id, sent.id, game.version);
  }
  ctx.metrics.tableRepaired("lobby");
  ctx.log.info(`game ${game.id}: lobby message repaired at v${game.version}`);
  return true;
}

/**
 * The repair sweep's: one game's lobby message brought up to date if it is behind (repairLobbies'
 * rule); throws when it could not be. Returns what it took, or null when it was not behind.
 */
export async function repairLobby(ctx: BotContext, gameId: number): Promise<"lobby" | null> {
  const [game] = await ctx.store.messages.lobbiesBehind(undefined, { after: gameId - 1, upTo: gameId });
  return game && (await repairLobbyMessage(ctx, game)) ? "lobby" : null;
}

/**
 * Ends an open game before its finish (by a person, or a turn timer) and shows how it ended.
 * `before` runs once the end is stored, before it is shown; not at all when the game had already ended.
 */
export async function endGame(
  ctx: BotContext,
  game: GameRecord,
  reason: Exclude<EndReason, { kind: "finished" }>,
  before: () => Promise<void> = async () => {},
): Promise<void> {
  const ended = await ctx.store.play.abandon(game.id, reason);
  if (!ended) return;
  ctx.log.info(`game ${game.id}: ended (${reason.kind})`);
  await before();
  if (game.status === "lobby") {
    await refreshLobby(ctx, ended);
    return;
  }
  await afterChange(ctx, { kind: "table", game: ended }).catch((err: unknown) =>
    ctx.log.warn(
      `game ${game.id}: ended, but the final table could not be posted: ${(err as Error).message}`,
    ),
  );
}

/** `/game end` asks first: ending a game for everyone cannot be taken back. In the asker's `words`. */
export function endQuestion(game: GameRecord, words: Words): Payload {
  const row: Row = {
    kind: "buttons",
    buttons: [
      {
        customId: gameCustomId(game.id, game.version, RESERVED_ACTIONS.endGame),
        label: words("cmd.game.end.button"),
        style: "danger",
      },
      {
        customId: gameCustomId(game.id, game.version, RESERVED_ACTIONS.keepGame),
        label: words("kit.cancel"),
        style: "secondary",
      },
    ],
  };
  return {
    content: words("cmd.game.end.confirm", { title: gameTitle(game.gameType, words.locale) }),
    pictures: [],
    components: [row],
  };
}

/** Who may end a game for everyone: its host, or someone who manages the server. */
export function mayEnd(
  game: GameRecord,
  interaction: ButtonInteraction | ChatInputCommandInteraction,
): boolean {
  return (
    game.hostId === interaction.user.id ||
    (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false)
  );
}

/**
 * The answer to `/game end`'s question. The game is ended at most once: a second click, or one
 * on a question whose game has ended since, changes nothing and says so.
 */
export async function handleEndClick(
  ctx: BotContext,
  interaction: ButtonInteraction,
  gameId: number,
  action: string,
): Promise<void> {
  const words = wordsFor(await readerLocale(ctx, interaction));
  const say = (key: string) => answer(ctx, interaction, "update", () => textPayload(words(key)));
  if (action === RESERVED_ACTIONS.keepGame) return say("cmd.game.end.kept");
  const game = await ctx.store.games.getGame(gameId);
  if (!game || (game.status !== "lobby" && game.status !== "active")) return say("cmd.game.end.already");
  if (!mayEnd(game, interaction)) return say("cmd.game.end.notAllowed");
  const by = humanSeat(game, interaction.user.id)?.displayName ?? interaction.user.username;
  let ended = false;
  await endGame(ctx, game, { kind: "ended", by }, () => {
    ended = true;
    return say("cmd.game.end.done");
  });
  if (!ended) await say("cmd.game.end.already");
}
