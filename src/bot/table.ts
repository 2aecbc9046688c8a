import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
  type SendableChannels,
} from "discord.js";
import type { GameEvent } from "../engine/core/game.js";
import { tm } from "../i18n/index.js";
import type { GameRecord } from "../store/store.js";
import type { BotContext } from "./context.js";
import { gameCustomId } from "./customId.js";
import type { GameUi, Names } from "./ui/types.js";

export function namesOf(game: GameRecord): Names {
  return Object.fromEntries(game.players.map((p) => [p.userId, p.displayName]));
}

export function uiFor(ctx: BotContext, game: GameRecord): GameUi {
  const ui = ctx.uis.get(game.gameType);
  if (!ui) throw new Error(`no UI registered for game type ${game.gameType}`);
  return ui;
}

async function sendableChannel(ctx: BotContext, channelId: string): Promise<SendableChannels> {
  const channel = await ctx.client.channels.fetch(channelId);
  if (!channel?.isSendable()) throw new Error(`channel ${channelId} cannot take messages`);
  return channel;
}

/** Engines name players by id in events; the channel reads display names. */
export function withNames(event: GameEvent, names: Names): GameEvent {
  const params = Object.fromEntries(
    Object.entries(event.params ?? {}).map(([k, v]) => [
      k,
      typeof v === "string" && v in names ? (names[v] as string) : v,
    ]),
  );
  return { key: event.key, params };
}

/** Whom the table mentions and waits for now: the UI's narrower choice, else the engine's actors. */
export function waitingFor(ui: GameUi, state: unknown): string[] {
  return ui.waitingFor ? ui.waitingFor(ui.engine.publicView(state)) : ui.engine.actors(state);
}

/** The public table message: picture, what happens now, who must act (mentioned), buttons. */
export function tableMessage(ctx: BotContext, game: GameRecord, events: GameEvent[] = []) {
  const ui = uiFor(ctx, game);
  const names = namesOf(game);
  const view = ui.engine.publicView(game.state);
  const outcome = ui.engine.outcome(game.state);
  const png = ui.renderTable(view, names);
  const lines = events.map((e) => `• ${tm(withNames(e, names))}`);
  let mentions: string[] = [];
  const components: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  if (game.status === "active" && !outcome) {
    mentions = waitingFor(ui, game.state);
    lines.push(`**${ui.title}** — ${ui.tableStatus(view, names)}`);
    lines.push(`${mentions.map((id) => `<@${id}>`).join(" ")} — your move.`);
    const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(gameCustomId(game.id, game.version, "panel"))
        .setLabel(ui.panelLabel)
        .setStyle(ButtonStyle.Primary),
      ...ui.tableActions(view).map((a) =>
        new ButtonBuilder()
          .setCustomId(gameCustomId(game.id, game.version, a.action))
          .setLabel(a.label)
          .setStyle(a.style),
      ),
    );
    components.push(row);
  } else if (outcome) {
    lines.push(`**${ui.title}** — game over.`);
    lines.push(ui.resultText(view, outcome, names));
    mentions = game.players.map((p) => p.userId);
    lines.push(mentions.map((id) => `<@${id}>`).join(" "));
  } else {
    lines.push(`**${ui.title}** — this game was ended before its finish.`);
  }
  return {
    content: lines.join("\n").slice(0, 2000),
    files: [{ attachment: png, name: `${game.gameType}-${game.id}-${game.version}.png` }],
    components,
    allowedMentions: { users: mentions },
  };
}

/** Posts a new table message (which notifies whoever must act) and strips the old one's buttons. */
export async function postTable(ctx: BotContext, game: GameRecord, events: GameEvent[] = []): Promise<void> {
  const channel = await sendableChannel(ctx, game.channelId);
  const previous = ctx.store.getMessage(game.id, "table");
  const sent = await channel.send(tableMessage(ctx, game, events));
  ctx.store.setMessage(game.id, "table", channel.id, sent.id, game.version);
  if (previous) await stripButtons(ctx, previous.channelId, previous.messageId);
}

/** Within a turn the current table message is edited in place so everyone can follow. */
export async function refreshTable(
  ctx: BotContext,
  game: GameRecord,
  events: GameEvent[] = [],
): Promise<void> {
  const current = ctx.store.getMessage(game.id, "table");
  if (!current) return postTable(ctx, game, events);
  const channel = await sendableChannel(ctx, current.channelId);
  const message = tableMessage(ctx, game, events);
  await channel.messages.edit(current.messageId, {
    ...message,
    attachments: [],
    allowedMentions: { parse: [] },
  });
  ctx.store.setMessage(game.id, "table", current.channelId, current.messageId, game.version);
}

export async function stripButtons(ctx: BotContext, channelId: string, messageId: string): Promise<void> {
  try {
    const channel = await sendableChannel(ctx, channelId);
    await channel.messages.edit(messageId, { components: [] });
  } catch (err) {
    // An old message that was deleted by a moderator is no reason to fail a move.
    ctx.log.warn(`could not strip buttons from message ${messageId}: ${(err as Error).message}`);
  }
}

/** A plain log message of public events (no buttons, no pings). */
export async function postLog(ctx: BotContext, game: GameRecord, events: GameEvent[]): Promise<void> {
  const channel = await sendableChannel(ctx, game.channelId);
  const names = namesOf(game);
  const content = events
    .map((e) => `📜 ${tm(withNames(e, names))}`)
    .join("\n")
    .slice(0, 2000);
  await channel.send({ content, allowedMentions: { parse: [] } });
}
