import { RESERVED_ACTIONS } from "../../../src/bot/ui/customId.js";
import { nextFloat, nextInt, shuffle } from "../../../src/engine/core/rng.js";
import { playOptionName } from "../../../src/i18n/commands.js";
import type { GameRow } from "../database.js";
import { ALL_GAMES, uiOf } from "../games.js";
import { type Choice, chance, parseGameClick, pick, versionsIn } from "../players.js";
import { componentsOf, type EmulatorUser } from "../world.js";
import { send, slash } from "./interactions.js";
import type { SoakState } from "./state.js";
import type { SoakSlot as Slot } from "./types.js";

/**
 * The kill soak's schedule of play: in a channel ("slot") each step is the lobby's next action (a
 * `/play`, a join, the start), a player's click in the game (a move, a selection step, opening the
 * panel, a stale or double click), a stranger's click or `/game end`. Which click is decided from
 * outside the bot: the stored state read back through the game's UI module and judged by the engine.
 */

/** `steps` steps in waves of 1–4 sent together, each wave answered before the next. */
export async function play(soak: SoakState, steps: number): Promise<void> {
  let done = 0;
  while (done < steps) {
    const wave = Math.min(steps - done, 1 + nextInt(soak.rng, 4));
    const tasks: Promise<void>[] = [];
    const busy = new Set<string>();
    for (let i = 0; i < wave; i++) {
      const task = step(soak, pick(soak.rng, soak.slots), busy);
      if (task) tasks.push(task);
    }
    await Promise.all(tasks);
    done += wave;
  }
}

/** Waves of steps in the channels without a game in play, until each has one (100 waves at most). */
export async function gatherAll(soak: SoakState): Promise<void> {
  for (let waves = 0; waves < 100; waves++) {
    const pending = soak.slots.filter((slot) => soak.db.openGame(slot.channel.id)?.status !== "active");
    if (pending.length === 0) break;
    const busy = new Set<string>();
    const tasks = shuffle(soak.rng, pending)
      .slice(0, 4)
      .map((slot) => step(soak, slot, busy));
    await Promise.all(tasks);
  }
}

/** One step in a slot: the lobby's next action, a player's click, or a command. Null: nothing to do. */
export function step(soak: SoakState, slot: Slot, busy: Set<string>): Promise<void> | null {
  const game = soak.db.openGame(slot.channel.id);
  if (!game) return openGame(soak, slot, busy);
  if (game.status === "lobby") return lobbyStep(soak, slot, game, busy);
  const ui = uiOf(game.gameType);
  const state = JSON.parse(game.state as string) as unknown;
  const players = soak.db.players(game.id);
  const actors = ui.engine.actors(state);
  const r = nextFloat(soak.rng);
  if (r < 0.012) {
    const host = soak.user(game.hostId);
    if (busy.has(host.id)) return null;
    busy.add(host.id);
    return slash(soak, "end", host, slot.channel, "game", {}, "end");
  }
  if (r < 0.05) {
    const table = soak.newestTable(slot.channel.id, game.gameType, game.id);
    if (!table) return null;
    const target = pick(soak.rng, componentsOf(table));
    if (!target?.customId) return null;
    return send(soak, "stranger", soak.stranger, table, target, null, null, game);
  }
  const candidates = r < 0.14 ? players.filter((p) => !actors.includes(p)) : actors;
  const free = candidates.filter((p) => !busy.has(p));
  if (free.length === 0) return null;
  const userId = pick(soak.rng, free);
  busy.add(userId);
  return playerStep(soak, slot, game, state, soak.user(userId), false);
}

function openGame(soak: SoakState, slot: Slot, busy: Set<string>): Promise<void> | null {
  // One `/play` per channel at a time (a second one would only be told the channel is busy).
  if (busy.has(`slot:${slot.index}`)) return null;
  const gameType = slot.nextType;
  const engine = uiOf(gameType).engine;
  const most = Math.min(engine.maxPlayers, soak.users.length);
  const seats = engine.minPlayers + nextInt(soak.rng, most - engine.minPlayers + 1);
  const pool = [...soak.users];
  const drawn: EmulatorUser[] = [];
  while (drawn.length < seats) drawn.push(pool.splice(nextInt(soak.rng, pool.length), 1)[0]!);
  // The host is the first of them not busy in this wave; the others join later.
  const host = drawn.find((u) => !busy.has(u.id));
  if (!host) return null;
  const players = [host, ...drawn.filter((u) => u !== host)];
  busy.add(host.id);
  busy.add(`slot:${slot.index}`);
  slot.nextType = pick(soak.rng, ALL_GAMES);
  slot.plan = { gameType, players };
  const options: Record<string, boolean> = {};
  for (const option of engine.options) {
    if (chance(soak.rng, 0.5)) options[playOptionName(option.name)] = chance(soak.rng, 0.5);
  }
  return slash(soak, "play", host, slot.channel, "play", options, gameType);
}

function lobbyStep(soak: SoakState, slot: Slot, game: GameRow, busy: Set<string>): Promise<void> | null {
  const lobby = soak.emulator
    .channelMessages(slot.channel.id)
    .findLast((m) => componentsOf(m).some((c) => c.customId === `l:${game.id}:join`));
  const host = soak.user(game.hostId);
  if (!lobby) {
    // The bot died between storing the lobby and posting it: nobody can join. The host ends it.
    const pending = soak.sent.some(
      (s) => s.channelId === slot.channel.id && s.kind === "play" && !s.settled && s.cutAt === null,
    );
    if (pending || busy.has(host.id)) return null;
    busy.add(host.id);
    soak.observe(
      `lost-lobby:${game.id}`,
      `game ${game.id} (${game.gameType}) is stored as a lobby, but its lobby message was never posted (killed before the /play answer): /play in that channel says it already has an open game; only /game end gets out`,
    );
    return slash(soak, "end-lost-lobby", host, slot.channel, "game", {}, "end");
  }
  soak.lobbies.set(game.id, lobby.id);
  const seated = soak.db.players(game.id);
  const engine = uiOf(game.gameType).engine;
  const planned = slot.plan?.gameType === game.gameType ? slot.plan.players : [host];
  let wanted = planned.filter((u) => !seated.includes(u.id));
  // Another lobby than planned (two /play raced): fill it up to its minimum with anyone.
  if (wanted.length === 0 && seated.length < engine.minPlayers)
    wanted = soak.users.filter((u) => !seated.includes(u.id));
  if (wanted.length > 0 && seated.length < engine.maxPlayers) {
    const joiner = pick(soak.rng, wanted);
    if (busy.has(joiner.id)) return null;
    busy.add(joiner.id);
    const join = componentsOf(lobby).find((c) => c.customId === `l:${game.id}:join`)!;
    return send(soak, "join", joiner, lobby, join, null, null, null);
  }
  if (busy.has(host.id)) return null;
  busy.add(host.id);
  const start = componentsOf(lobby).find((c) => c.customId === `l:${game.id}:start`);
  if (!start) return null;
  // The driver clicks it anyway (a stale click); a real host could not.
  const joining = soak.sent.some(
    (s) => s.kind === "join" && s.channelId === slot.channel.id && !s.settled && s.cutAt === null,
  );
  if (start.disabled && !joining)
    soak.observe(
      `start-disabled:${game.id}`,
      `the lobby message of game ${game.id} (${game.gameType}) has Start disabled, but ${seated.length} player(s) are seated (enough): a kill between a join and its answer left it behind`,
    );
  return send(soak, "start", host, lobby, start, null, null, null);
}

/**
 * A player's click in an active game: opens their panel (from the table, or `/game hand`) when
 * they have none or it is out of date, else clicks one of its components (or a table action).
 */
function playerStep(
  soak: SoakState,
  slot: Slot,
  game: GameRow,
  state: unknown,
  user: EmulatorUser,
  movesOnly: boolean,
): Promise<void> | null {
  const panel = soak.panelOf(user.id, game.id);
  const shown = panel ? Math.max(-1, ...versionsIn(componentsOf(panel), game.id)) : -1;
  const reopen = !panel || shown < 0 || (shown < game.version && chance(soak.rng, 0.75));
  if (!movesOnly && (reopen || chance(soak.rng, 0.04))) {
    if (chance(soak.rng, 0.12)) return slash(soak, "hand", user, slot.channel, "game", {}, "hand");
    const table = soak.newestTable(slot.channel.id, game.gameType, game.id);
    const open =
      table && componentsOf(table).find((c) => parseGameClick(c.customId)?.action === RESERVED_ACTIONS.panel);
    if (!table || !open) return slash(soak, "hand", user, slot.channel, "game", {}, "hand");
    return send(soak, "open-panel", user, table, open, null, null, game);
  }
  const ui = uiOf(game.gameType);
  const table = soak.newestTable(slot.channel.id, game.gameType, game.id);
  const choices: Choice[] = [];
  if (panel) choices.push(...soak.choices(ui, game, state, user.id, panel));
  if (table) {
    const actions = soak
      .choices(ui, game, state, user.id, table)
      .filter((c) => c.click.action !== RESERVED_ACTIONS.panel);
    choices.push(...actions);
  }
  const moves = choices.filter((c) => c.kind === "move");
  if (movesOnly) {
    if (moves.length === 0) return null;
    const chosen = pick(soak.rng, moves);
    return send(soak, "move", user, chosen.message, chosen.component, chosen.values, chosen.move, game);
  }
  const steps = choices.filter((c) => c.kind === "select-step");
  const others = choices.filter((c) => c.kind !== "move" && c.kind !== "select-step");
  const r = nextFloat(soak.rng);
  const pool =
    (r < 0.72 && moves.length > 0) || (steps.length === 0 && others.length === 0)
      ? moves
      : (r < 0.95 && steps.length > 0) || others.length === 0
        ? steps
        : others;
  if (pool.length === 0) return null;
  const chosen = pick(soak.rng, pool);
  const sending = send(
    soak,
    chosen.kind,
    user,
    chosen.message,
    chosen.component,
    chosen.values,
    chosen.move,
    game,
  );
  if (chosen.kind !== "move" || !chance(soak.rng, 0.08)) return sending;
  // A double click: the same button again, on the panel as it is after the first answer.
  return sending.then(() =>
    send(soak, "double", user, chosen.message, chosen.component, chosen.values, chosen.move, game),
  );
}

/**
 * For the held-table kill: an actor of the slot's game with a fresh panel and a move in it, found
 * by opening the panel and making selection steps as needed (each answered before the next).
 */
export async function prepareMove(
  soak: SoakState,
  slot: Slot,
): Promise<{ game: GameRow; user: EmulatorUser; choice: Choice } | null> {
  for (let step = 0; step < 4; step++) {
    const game = soak.db.openGame(slot.channel.id);
    if (game?.status !== "active" || game.state === null) return null;
    const ui = uiOf(game.gameType);
    const state = JSON.parse(game.state) as unknown;
    const actors = ui.engine.actors(state);
    if (actors.length === 0) return null;
    const user = soak.user(actors[0]!);
    const table = soak.newestTable(slot.channel.id, game.gameType, game.id);
    const panel = soak.panelOf(user.id, game.id);
    if (!panel || !versionsIn(componentsOf(panel), game.id).includes(game.version)) {
      const open =
        table &&
        componentsOf(table).find((c) => parseGameClick(c.customId)?.action === RESERVED_ACTIONS.panel);
      if (!table || !open) return null;
      await send(soak, "open-panel", user, table, open, null, null, game);
      continue;
    }
    const choices = [
      ...soak.choices(ui, game, state, user.id, panel),
      ...(table ? soak.choices(ui, game, state, user.id, table) : []),
    ];
    const moves = choices.filter((c) => c.kind === "move");
    if (moves.length > 0) return { game, user, choice: pick(soak.rng, moves) };
    const steps = choices.filter((c) => c.kind === "select-step");
    if (steps.length === 0) return null;
    const chosen = pick(soak.rng, steps);
    await send(soak, "select-step", user, chosen.message, chosen.component, chosen.values, null, game);
  }
  return null;
}
