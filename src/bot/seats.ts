import type { PlayerId } from "../engine/core/game.js";
import { isLegal } from "../engine/core/robot.js";
import { isHuman } from "../store/store.js";
import { makeMove } from "./changes.js";
import type { BotContext } from "./context.js";
import { uiFor, waitingFor } from "./games.js";
import { robotJob } from "./thinkJob.js";

/**
 * One robot move: the first robot among the actors that wants to act decides from its own seat's
 * private view, and the move is made exactly like a click's (`makeMove`: version-checked),
 * then shown. A robot may wait while a person can still make a shared choice (who starts).
 */
export async function robotMove(ctx: BotContext, gameId: number): Promise<void> {
  const game = await ctx.store.games.getGame(gameId);
  if (game?.status !== "active") return;
  const ui = uiFor(ctx, game);
  const { engine } = ui;
  const actors = engine.actors(game.state);
  const robots = game.players.filter((p) => p.kind === "bot" && actors.includes(p.userId));
  // Each robot may first wait (a shared choice, a secret pick already made); when only robots may act
  // and all wait, the first that can is asked again and must act: nobody else would.
  const onlyRobots = !game.players.some((p) => isHuman(p) && actors.includes(p.userId));
  const asks = robots.map((seat) => ({ seat, mustAct: false }));
  const first = robots.find((seat) => engine.legalMoves(game.state, seat.userId).length > 0);
  if (onlyRobots && first) asks.push({ seat: first, mustAct: true });
  for (const { seat, mustAct } of asks) {
    const job = robotJob(engine, game, seat.userId, mustAct);
    if (job.legal.length === 0) continue;
    const decision = await ctx.thinker.think(job);
    const choice = decision.choice;
    if (!choice) continue;
    if (!isLegal(job.legal, choice.move)) throw new Error(`${seat.userId} chose a move that is not legal`);
    // Stale: a person moved while the robot thought; the next schedule looks again.
    const { shown } = await makeMove(ctx, {
      game,
      seatId: seat.userId,
      move: choice.move,
      version: game.version,
      robot: { thoughtMs: decision.ms },
    });
    await shown;
    return;
  }
}

/**
 * A person's turn timer ran out: the robot for their seat plays that turn, until the table waits for
 * someone else (or for more than them), and never past a bounded number of moves.
 */
export async function robotPlaysFor(ctx: BotContext, gameId: number, seat: PlayerId): Promise<void> {
  const start = await ctx.store.games.getGame(gameId);
  if (start?.status !== "active") return;
  const turn = waitingFor(uiFor(ctx, start), start.state).join(",");
  for (let i = 0; i < 60; i++) {
    const game = await ctx.store.games.getGame(gameId);
    if (game?.status !== "active") return;
    const ui = uiFor(ctx, game);
    const waiting = waitingFor(ui, game.state);
    if (!waiting.includes(seat) || waiting.join(",") !== turn) return;
    const job = robotJob(ui.engine, game, seat, true);
    if (job.legal.length === 0) return;
    const choice = (await ctx.thinker.think(job)).choice;
    if (!choice || !isLegal(job.legal, choice.move))
      throw new Error(`the robot for ${seat} found no legal move`);
    const before = waitingFor(ui, game.state).join(",");
    const { result, shown } = await makeMove(ctx, {
      game,
      seatId: seat,
      move: choice.move,
      version: game.version,
      robot: "timeRanOut",
    });
    if (!result.ok) return;
    await shown;
    if (result.outcome !== null || waitingFor(ui, result.game.state).join(",") !== before) return;
  }
}
