import { performance } from "node:perf_hooks";
import { ComponentType } from "discord.js";
import type { GameRow } from "../database.js";
import { uiOf } from "../games.js";
import { type GameClick, parseGameClick, versionsIn } from "../players.js";
import { tally } from "../stats.js";
import {
  answerSettled,
  type ComponentView,
  componentsOf,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorUser,
  type MessageView,
  sleep,
} from "../world.js";
import type { SoakState } from "./state.js";
import type { ClickKind, Sent } from "./types.js";

/**
 * The kill soak's interactions: a slash command or a click sent through the emulator, recorded in
 * `sent` and followed until the bot's answer settled (or its host was killed). What an answer shows
 * is noted on the way: the player's newest panel and each game's lobby message.
 */

/** A slash command (`/play`, `/game hand`, `/game end`) by `user` in `channel`. */
export function slash(
  soak: SoakState,
  kind: ClickKind,
  user: EmulatorUser,
  channel: EmulatorChannel,
  command: string,
  options: Record<string, boolean>,
  sub: string,
): Promise<void> {
  return follow(soak, kind, user, channel.id, null, null, null, () =>
    soak.emulator.slash(user, channel, command, options, sub),
  );
}

/** A click on a button or a choice in a select of `message`; stale clicks are sent too. */
export function send(
  soak: SoakState,
  kind: ClickKind,
  user: EmulatorUser,
  message: MessageView,
  component: ComponentView,
  values: string[] | null,
  intended: unknown,
  game: GameRow | null,
): Promise<void> {
  const customId = component.customId as string;
  const click = parseGameClick(customId);
  const ui = game ? uiOf(game.gameType) : undefined;
  const unversioned = click !== null && (ui?.unversionedActions?.includes(click.action) ?? false);
  const isSelect = component.type !== ComponentType.Button;
  return follow(soak, kind, user, message.channelId, click, intended, { unversioned }, () =>
    isSelect
      ? soak.emulator.select(user, message.id, customId, values ?? [], { stale: true })
      : soak.emulator.click(user, message.id, customId, { stale: true }),
  );
}

/** Sends one interaction and follows it until the bot's answer settled or the bot was killed. */
function follow(
  soak: SoakState,
  kind: ClickKind,
  user: EmulatorUser,
  channelId: string,
  click: GameClick | null,
  intended: unknown,
  extra: { unversioned: boolean } | null,
  dispatch: () => Promise<EmulatedInteraction>,
): Promise<void> {
  const host = soak.hostOf(channelId);
  const run = host.run;
  const task = (async () => {
    if (run !== host.run || host.down || !host.runs.at(-1)?.running) return;
    let handle: EmulatedInteraction;
    try {
      handle = await dispatch();
    } catch (err) {
      // A select whose options changed meanwhile, a message gone, or the bot just killed: a
      // click a real client could not make either. Counted, not a finding about the bot.
      tally(soak.clicks, "not sendable");
      if (!host.down && /No bot is connected/.test((err as Error).message))
        soak.problem("no-session", `the bot lost its gateway session: ${(err as Error).message}`);
      return;
    }
    tally(soak.clicks, kind);
    const sent: Sent = {
      handle,
      kind,
      userId: user.id,
      channelId,
      click,
      intended,
      unversioned: extra?.unversioned ?? false,
      run,
      host: host.index,
      cutAt: null,
      settled: false,
      settledAt: null,
      answer: null,
    };
    soak.sent.push(sent);
    const deadline = performance.now() + 15_000;
    const editsBefore = handle.messageId ? (soak.emulator.message(handle.messageId)?.editCount ?? 0) : 0;
    for (;;) {
      if (answerSettled(soak.emulator.answerProgress(handle), editsBefore)) {
        const responses = soak.emulator.responsesTo(handle);
        sent.settled = true;
        sent.settledAt = performance.now();
        const message = responses.message;
        const components = message ? componentsOf(message) : [];
        sent.answer = {
          content: message?.text ?? responses.followUps[0]?.text ?? "",
          versions: click ? versionsIn(components, click.gameId) : [],
          messageId: message?.id ?? null,
        };
        if (message?.ephemeral && click && sent.answer.versions.length > 0)
          soak.panels.set(`${user.id}:${click.gameId}`, message.id);
        const lobby = components.map((c) => /^l:(\d+):join$/.exec(c.customId ?? "")).find(Boolean);
        if (message && lobby) soak.lobbies.set(Number(lobby[1]), message.id);
        if (message?.ephemeral && kind === "hand") {
          const game = soak.db.openGame(channelId);
          if (game) soak.panels.set(`${user.id}:${game.id}`, message.id);
        }
        return;
      }
      if (sent.cutAt !== null || run !== host.run) return;
      if (performance.now() > deadline) return;
      await sleep(10);
    }
  })().catch((err: unknown) => {
    soak.problem(`driver:${(err as Error).message}`, `the soak driver failed: ${(err as Error).stack}`);
  });
  soak.inFlight.add(task);
  void task.finally(() => soak.inFlight.delete(task));
  return task;
}
