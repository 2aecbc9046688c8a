import { isLegal } from "../engine/core/bot.js";
import type { AnyEngine, PlayerId } from "../engine/core/game.js";
import { type GameRecord, isHuman } from "../store/store.js";
import type { BotContext } from "./context.js";
import { uiFor, waitingFor } from "./games.js";
import { moveKind } from "./record.js";
import type { ThinkJob } from "./thinker.js";

/** A bot's thinking time per decision; searches settle for their best line after it. */
export const BOT_BUDGET_MS = 1000;

/**
 * What a bot seat is given to decide: its own private view and legal moves, built here from the
 * state, which never leaves the main thread. Hints use it for a person's seat the same way.
 */
export function botJob(engine: AnyEngine, game: GameRecord, seat: PlayerId, mustAct: boolean): ThinkJob {
  return {
    gameType: game.gameType,
    seat,
    view: engine.privateView(game.state, seat),
    legal: engine.legalMoves(game.state, seat),
    mustAct,
    seed:
      (game.seed ^
        Math.imul(game.version + 1, 0x9e3779b1) ^
        game.players.findIndex((p) => p.userId === seat)) >>>
      0,
    budgetMs: BOT_BUDGET_MS,
  };
}

/**
 * One bot move: the first bot among the actors that wants to act decides from its own seat's
 * private view, and the move is stored exactly like a click (version check, one transaction),
 * then shown. A bot may wait while a person can still make a shared choice (who starts).
 */
export async function botMove(ctx: BotContext, gameId: number): Promise<void> {
  const game = ctx.store.getGame(gameId);
  if (game?.status !== "active") return;
  const ui = uiFor(ctx, game);
  const { engine } = ui;
  const actors = engine.actors(game.state);
  const bots = game.players.filter((p) => p.kind === "bot" && actors.includes(p.userId));
  // Each bot may first wait (a shared choice, a secret pick already made); when only bots may act
  // and all wait, the first that can is asked again and must act: nobody else would.
  const onlyBots = !game.players.some((p) => isHuman(p) && actors.includes(p.userId));
  const asks = bots.map((seat) => ({ seat, mustAct: false }));
  const first = bots.find((seat) => engine.legalMoves(game.state, seat.userId).length > 0);
  if (onlyBots && first) asks.push({ seat: first, mustAct: true });
  for (const { seat, mustAct } of asks) {
    const job = botJob(engine, game, seat.userId, mustAct);
    if (job.legal.length === 0) continue;
    const decision = await ctx.thinker.think(job);
    const choice = decision.choice;
    if (!choice) continue;
    if (!isLegal(job.legal, choice.move)) throw new Error(`${seat.userId} chose a move that is not legal`);
    const actorsBefore = waitingFor(ui, game.state).join(",");
    const result = ctx.metrics.commit(() =>
      ctx.store.applyMove(game.id, seat.userId, game.version, choice.move, engine),
    );
    // Stale: a person moved while the bot thought; the next schedule looks again.
    if (!result.ok) return;
    ctx.log.info(
      `game ${game.id} v${result.game.version}: ${seat.userId} (bot, ${decision.ms.toFixed(0)} ms) ${moveKind(choice.move)}`,
    );
    const turnChanged =
      result.outcome !== null || waitingFor(ui, result.game.state).join(",") !== actorsBefore;
    await ctx.tables.showMove(result.game, result.events, turnChanged, game.version, Promise.resolve());
    return;
  }
}

/**
 * A person's turn timer ran out: the bot for their seat plays that turn, until the table waits for
 * someone else (or for more than them), and never past a bounded number of moves.
 */
export async function botPlaysFor(ctx: BotContext, gameId: number, seat: PlayerId): Promise<void> {
  const start = ctx.store.getGame(gameId);
  if (start?.status !== "active") return;
  const turn = waitingFor(uiFor(ctx, start), start.state).join(",");
  for (let i = 0; i < 60; i++) {
    const game = ctx.store.getGame(gameId);
    if (game?.status !== "active") return;
    const ui = uiFor(ctx, game);
    const waiting = waitingFor(ui, game.state);
    if (!waiting.includes(seat) || waiting.join(",") !== turn) return;
    const job = botJob(ui.engine, game, seat, true);
    if (job.legal.length === 0) return;
    const choice = (await ctx.thinker.think(job)).choice;
    if (!choice || !isLegal(job.legal, choice.move))
      throw new Error(`the bot for ${seat} found no legal move`);
    const actorsBefore = waitingFor(ui, game.state).join(",");
    const result = ctx.metrics.commit(() =>
      ctx.store.applyMove(game.id, seat, game.version, choice.move, ui.engine),
    );
    if (!result.ok) return;
    ctx.log.info(
      `game ${game.id} v${result.game.version}: ${seat} (bot, time ran out) ${moveKind(choice.move)}`,
    );
    const turnChanged =
      result.outcome !== null || waitingFor(ui, result.game.state).join(",") !== actorsBefore;
    await ctx.tables.showMove(result.game, result.events, turnChanged, game.version, Promise.resolve());
    ctx.tables.scheduleBots(result.game);
    if (turnChanged) return;
  }
}
