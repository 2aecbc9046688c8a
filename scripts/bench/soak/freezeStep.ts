import { performance } from "node:perf_hooks";
import type { GameRow } from "../database.js";
import { uiOf } from "../games.js";
import { type Choice, pick, versionsIn } from "../players.js";
import { componentsOf, type EmulatorUser, sleep } from "../world.js";
import { answerKind, refusedAsBusy } from "./checks.js";
import {
  ANSWER_WITHIN_MS,
  BUSY_TEXT,
  DOWN_WITHIN_MS,
  HealthPoller,
  processState,
  ServerFreeze,
  STALL_LIMIT_MS,
  stallLines,
  UP_WITHIN_MS,
} from "./freeze.js";
import { settle } from "./hosts.js";
import { send } from "./interactions.js";
import type { FreezeSeen, SoakState } from "./state.js";
import { gatherAll, prepareMove } from "./steps.js";
import type { FreezeResult, FreezeShard, SoakOptions } from "./types.js";

/**
 * The kill soak's freeze step (`SoakOptions.freeze`, with a cluster): the database server stopped
 * while moves are clicked on every shard, then continued; and, at the end, what it measured and
 * found. The tools it uses (the server's stop, the relay, the `/healthz` poller) are in freeze.ts.
 */

/** A game of the freeze step: its shard, and the moves its players can click (judged before the freeze). */
interface FreezeTarget {
  shard: number;
  game: GameRow;
  /** Plain: a move that does not end the game (the bot writes it in one statement). */
  moves: { user: EmulatorUser; choice: Choice; plain: boolean }[];
}

/** After the freeze, play goes on until each shard printed this many loop-stall lines (one a second). */
const STALL_LINES_AFTER_FREEZE = 3;

/** During the freeze, each shard is sent a click this often (on a game with no click in flight). */
const FREEZE_CLICK_EVERY_MS = 150;

/**
 * The freeze step (`SoakOptions.freeze`): every channel's game in play and moves ready on its
 * players' panels, `/healthz` polled on every shard. Then one move is clicked, and the database
 * server is stopped the moment its write passes the relay on its way to the server: the write
 * waits there, to be run once the server is continued, long after the bot gave up on it. For the
 * freeze's seconds moves are clicked on every shard; then the server is continued. One click at a
 * time in flight on a game: a click answered once the server is back then never meets another
 * click's move. Nothing here reads the database while it is stopped (the soak's reader would wait).
 */
export async function freezeStep(soak: SoakState): Promise<void> {
  const options = soak.options.freeze as NonNullable<SoakOptions["freeze"]>;
  await gatherAll(soak);
  const targets = await freezeTargets(soak);
  await settle(soak, "before the freeze");
  const shards = [...new Set(soak.shardOfChannel.values())].sort((a, b) => a - b);
  for (const shard of shards)
    if (!targets.some((t) => t.shard === shard))
      soak.problem(
        `freeze-targets:${shard}`,
        `before the freeze, no game on shard ${shard} had a move ready to click`,
      );
  const pollers = new Map(shards.map((shard) => [shard, new HealthPoller(options.metricsPort + shard)]));
  const polled = performance.now();
  for (const poller of pollers.values()) poller.start();
  await waitUntil(() => shards.every((shard) => pollers.get(shard)?.firstAfter(polled, 200)), 10_000);
  const healthBefore = new Map(
    shards.map((shard) => {
      const poller = pollers.get(shard) as HealthPoller;
      return [shard, poller.firstAfter(polled, 200)?.status ?? poller.samples.at(-1)?.status ?? null];
    }),
  );
  const movesBefore = soak.db.moveCount();
  const freeze = new ServerFreeze(options.dataFolder);
  const stopped = { at: 0, wall: 0, pids: [] as number[] };
  const stop = () => {
    soak.frozen = freeze;
    stopped.wall = Date.now();
    stopped.at = performance.now();
    stopped.pids = freeze.stop();
  };
  const clicking = new Set<number>();
  const click = (target: FreezeTarget, move: FreezeTarget["moves"][number]) => {
    clicking.add(target.game.id);
    const { user, choice } = move;
    const task = send(
      soak,
      "move",
      user,
      choice.message,
      choice.component,
      choice.values,
      choice.move,
      target.game,
    );
    void task.finally(() => clicking.delete(target.game.id));
    return task;
  };
  let trapped: FreezeSeen["trapped"] = null;
  try {
    // The first move's write is what the freeze catches on its way (a move that does not end its game: one statement).
    const first = targets.flatMap((target) =>
      target.moves.filter((m) => m.plain).map((m) => ({ target, m })),
    )[0];
    if (first && soak.relay) {
      const sentAt = performance.now();
      const seen = soak.relay.arm(JSON.stringify(first.m.choice.move), stop).then(() => true);
      const answered = click(first.target, first.m).then(() => false);
      const caught = await Promise.race([seen, answered]);
      soak.relay.disarm();
      trapped = { gameId: first.target.game.id, sentAt, caught };
      if (!caught)
        soak.problem(
          "freeze-uncaught",
          `the move clicked to begin the freeze (game ${first.target.game.id}, ${JSON.stringify(first.m.choice.move)}) was answered before its write was seen on its way to the database`,
        );
    }
    if (!soak.frozen) stop();
    soak.log(
      `freeze: SIGSTOP to the database server's ${stopped.pids.length} processes for ${options.seconds} s${trapped?.caught ? ", a move's write on its way" : ""}; ${targets.length} games to click in`,
    );
    const until = stopped.at + options.seconds * 1000;
    while (performance.now() < until) {
      for (const shard of shards) {
        const free = targets.filter((t) => t.shard === shard && !clicking.has(t.game.id));
        if (free.length > 0) {
          const target = pick(soak.rng, free);
          void click(target, pick(soak.rng, target.moves));
        }
      }
      await sleep(Math.max(0, Math.min(FREEZE_CLICK_EVERY_MS, until - performance.now())));
    }
    // Stopped all along (a stopped process shows T in /proc).
    const running = stopped.pids.filter((pid) => ![null, "T", "t"].includes(processState(pid)));
    if (running.length > 0)
      soak.problem(
        "freeze-running",
        `the server's processes ${running.join(", ")} were not stopped at the end of the freeze`,
      );
  } finally {
    soak.relay?.disarm();
    freeze.resume();
    soak.frozen = null;
  }
  const continuedAt = performance.now();
  const continuedAtWall = Date.now();
  soak.log(`freeze: SIGCONT after ${Math.round(continuedAt - stopped.at)} ms`);
  await Promise.all([...soak.inFlight]);
  await waitUntil(() => shards.every((shard) => pollers.get(shard)?.firstAfter(continuedAt, 200)), 10_000);
  for (const poller of pollers.values()) await poller.stop();
  soak.freezeSeen = {
    stoppedAt: stopped.at,
    stoppedAtWall: stopped.wall,
    continuedAt,
    continuedAtWall,
    processes: stopped.pids.length,
    pollers,
    healthBefore,
    movesBefore,
    trapped,
  };
}

/**
 * Before the freeze: for each channel's game in play, a fresh panel with a move for one of its
 * players (opened, and selection steps made, as needed), and every move then offered to any of
 * its players on a panel of the current version or on the table, judged by the engine.
 */
async function freezeTargets(soak: SoakState): Promise<FreezeTarget[]> {
  const targets: FreezeTarget[] = [];
  for (const slot of soak.slots) {
    if (!(await prepareMove(soak, slot))) continue;
    const game = soak.db.openGame(slot.channel.id);
    if (game?.status !== "active" || game.state === null) continue;
    const ui = uiOf(game.gameType);
    const state = JSON.parse(game.state) as unknown;
    const table = soak.newestTable(slot.channel.id, game.gameType, game.id);
    const moves: FreezeTarget["moves"] = [];
    for (const actor of ui.engine.actors(state)) {
      const user = soak.user(actor);
      const panel = soak.panelOf(user.id, game.id);
      const current = panel && versionsIn(componentsOf(panel), game.id).includes(game.version);
      for (const message of [current ? panel : undefined, table])
        if (message)
          for (const choice of soak.choices(ui, game, state, user.id, message))
            if (choice.kind === "move") {
              const after = ui.engine.apply(state, user.id, choice.move);
              moves.push({ user, choice, plain: after.ok && ui.engine.outcome(after.state) === null });
            }
    }
    if (moves.length > 0) targets.push({ shard: soak.shardOfChannel.get(slot.channel.id) ?? 0, game, moves });
  }
  return targets;
}

/** Whether every shard printed `STALL_LINES_AFTER_FREEZE` loop-stall lines since SIGCONT. */
export function seenAfterFreeze(soak: SoakState): boolean {
  const seen = soak.freezeSeen;
  if (!seen) return true;
  const lines = soak.bots.flatMap((bot) => stallLines(bot, seen.continuedAtWall));
  return [...seen.pollers.keys()].every(
    (shard) => lines.filter((line) => line.shard === shard).length >= STALL_LINES_AFTER_FREEZE,
  );
}

/** Waits until `holds` (every 50 ms, `limitMs` at most); whether it came to hold. */
async function waitUntil(holds: () => unknown, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    if (holds()) return true;
    if (performance.now() > deadline) return false;
    await sleep(50);
  }
}

/**
 * The freeze step's figures and findings: each click sent while the server was stopped answered
 * within 3 s, made or refused as "database not answering"; `/healthz` 503 within 1 s of SIGSTOP
 * and 200 within 2 s of SIGCONT on every shard; no second of any shard stalled over 100 ms from
 * SIGSTOP to the end; moves stored after it.
 */
export function freezeResult(soak: SoakState): FreezeResult | null {
  const seen = soak.freezeSeen;
  if (!seen) return null;
  const trapped = seen.trapped;
  // The click whose write the freeze caught, and every click sent while the server was stopped.
  const caught = trapped?.caught
    ? soak.sent.find((s) => s.click?.gameId === trapped.gameId && s.handle.dispatchedAt >= trapped.sentAt)
    : undefined;
  const frozen = soak.sent.filter(
    (s) =>
      s === caught || (s.handle.dispatchedAt >= seen.stoppedAt && s.handle.dispatchedAt <= seen.continuedAt),
  );
  const stalls = soak.bots.flatMap((bot) => stallLines(bot, seen.stoppedAtWall));
  const shards: FreezeShard[] = [...seen.pollers].map(([shard, poller]) => {
    const mine = frozen.filter((s) => soak.shardOfChannel.get(s.channelId) === shard);
    const figures: FreezeShard = {
      shard,
      clicks: mine.length,
      made: 0,
      refused: 0,
      ackMaxMs: 0,
      answerMaxMs: 0,
      healthBefore: seen.healthBefore.get(shard) ?? null,
      downMs: null,
      upMs: null,
      healthNoAnswer: 0,
      stallSeconds: 0,
      stallSecondsAfter: 0,
      stallMaxMs: 0,
      stallWithWaitsMaxMs: 0,
    };
    for (const sent of mine) {
      const label = `${sent === caught ? "the move click whose write the freeze caught, " : ""}move click ${sent.handle.id} on shard ${shard} by ${sent.userId} on game ${sent.click?.gameId} at v${sent.click?.version}, ${Math.round(sent.handle.dispatchedAt - seen.stoppedAt)} ms into the freeze`;
      const ack = soak.emulator.responsesTo(sent.handle).ackLatencyMs;
      const answered = sent.settledAt === null ? null : sent.settledAt - sent.handle.dispatchedAt;
      figures.ackMaxMs = Math.max(figures.ackMaxMs, ack ?? Number.POSITIVE_INFINITY);
      figures.answerMaxMs = Math.max(figures.answerMaxMs, answered ?? Number.POSITIVE_INFINITY);
      if (ack === null) soak.problem(`freeze-unanswered:${sent.handle.id}`, `${label} was never answered`);
      else if (ack > ANSWER_WITHIN_MS)
        soak.problem(
          `freeze-late:${sent.handle.id}`,
          `${label} was first answered after ${Math.round(ack)} ms`,
        );
      if (ack !== null && answered === null)
        soak.problem(`freeze-unsettled:${sent.handle.id}`, `${label} was deferred and never filled in`);
      else if (answered !== null && answered > ANSWER_WITHIN_MS)
        soak.problem(
          `freeze-answer-late:${sent.handle.id}`,
          `${label} got its answer (made or refused) after ${Math.round(answered)} ms`,
        );
      const made = answerKind(soak.emulator, sent) === "move made";
      const refused = refusedAsBusy(soak.emulator, sent);
      if (made) figures.made++;
      if (refused) figures.refused++;
      if (made && refused)
        soak.problem(
          `freeze-both:${sent.handle.id}`,
          `${label} was answered with its move made and also told "${BUSY_TEXT}"`,
        );
      else if (!made && !refused && ack !== null)
        soak.problem(
          `freeze-neither:${sent.handle.id}`,
          `${label} was answered neither with its move made nor with the database's refusal: ${JSON.stringify(sent.answer?.content.slice(0, 120) ?? null)}`,
        );
    }
    const down = poller.firstAfter(seen.stoppedAt, 503);
    const up = poller.firstAfter(seen.continuedAt, 200);
    figures.downMs = down ? down.at - seen.stoppedAt : null;
    // Asked after SIGSTOP, answered before SIGCONT: no database could have answered its ping.
    const stopped = poller.samples.filter((h) => h.sentAt > seen.stoppedAt && h.at < seen.continuedAt);
    figures.healthNoAnswer = stopped.filter((h) => h.status === null).length;
    const healthy = stopped.filter((h) => h.status === 200).length;
    if (healthy > 0)
      soak.problem(
        `freeze-health-200:${shard}`,
        `shard ${shard}: /healthz answered 200 ${healthy} time(s) while the database server was stopped`,
      );
    figures.upMs = up ? up.at - seen.continuedAt : null;
    if (figures.healthBefore !== 200)
      soak.problem(
        `freeze-health-before:${shard}`,
        `shard ${shard}: /healthz answered ${figures.healthBefore} before the freeze`,
      );
    if (figures.downMs === null || figures.downMs > DOWN_WITHIN_MS)
      soak.problem(
        `freeze-health-down:${shard}`,
        `shard ${shard}: /healthz ${figures.downMs === null ? "never answered 503" : `first answered 503 ${Math.round(figures.downMs)} ms`} after SIGSTOP (within ${DOWN_WITHIN_MS} ms wanted)`,
      );
    if (figures.upMs === null || figures.upMs > UP_WITHIN_MS)
      soak.problem(
        `freeze-health-up:${shard}`,
        `shard ${shard}: /healthz ${figures.upMs === null ? "never answered 200" : `first answered 200 ${Math.round(figures.upMs)} ms`} after SIGCONT (within ${UP_WITHIN_MS} ms wanted)`,
      );
    const lines = stalls.filter((line) => line.shard === shard);
    figures.stallSeconds = lines.length;
    figures.stallSecondsAfter = lines.filter((line) => line.at >= seen.continuedAtWall).length;
    figures.stallMaxMs = Math.max(0, ...lines.map((line) => line.ownMs));
    figures.stallWithWaitsMaxMs = Math.max(0, ...lines.map((line) => line.maxMs));
    if (lines.length === 0)
      soak.problem(
        `freeze-stall-none:${shard}`,
        `shard ${shard} printed no loop-stall line from the freeze on`,
      );
    for (const line of lines)
      if (line.ownMs > STALL_LIMIT_MS)
        soak.problem(
          `freeze-stall:${shard}:${line.at}`,
          `shard ${shard}: its event loop stalled ${line.ownMs} ms of its own (${line.maxMs} ms with its waits for a CPU) in the second before ${new Date(line.at).toISOString()} (${Math.round((line.at - seen.stoppedAtWall) / 1000)} s after SIGSTOP; at most ${STALL_LIMIT_MS} ms wanted)`,
        );
    return figures;
  });
  if (caught && !refusedAsBusy(soak.emulator, caught))
    soak.problem(
      "freeze-caught",
      `the move click whose write the freeze caught on its way was not refused with "${BUSY_TEXT}": ${JSON.stringify(caught.answer?.content.slice(0, 120) ?? null)}`,
    );
  const movesAfter = soak.db.moveCount() - seen.movesBefore;
  if (movesAfter === 0)
    soak.problem("freeze-after", "no move was stored after the freeze: play did not go on");
  return {
    frozenMs: seen.continuedAt - seen.stoppedAt,
    processes: seen.processes,
    shards,
    ackMaxMs: Math.max(0, ...shards.map((s) => s.ackMaxMs)),
    answerMaxMs: Math.max(0, ...shards.map((s) => s.answerMaxMs)),
    stallMaxMs: Math.max(0, ...shards.map((s) => s.stallMaxMs)),
    stallWithWaitsMaxMs: Math.max(0, ...shards.map((s) => s.stallWithWaitsMaxMs)),
    stallSeconds: stalls.length,
    movesAfter,
    caughtWrite: caught
      ? {
          ackMs: soak.emulator.responsesTo(caught.handle).ackLatencyMs,
          refused: refusedAsBusy(soak.emulator, caught),
        }
      : null,
  };
}
