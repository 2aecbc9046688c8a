import { waitingFor } from "../../../src/bot/games.js";
import { replayMoves } from "../../../src/engine/core/undo.js";
import type { BotDatabase } from "../database.js";
import { uiOf } from "../games.js";
import { TABLE_FILE } from "../players.js";
import type { DiscordEmulator } from "../world.js";

/**
 * What the players of each game in play see in its channel: whether its newest table shows the
 * game's stored version, and whether each person the game waits for was pinged since their wait
 * began. A ping is what the bot's table post does for the players to act (src/bot/table.ts
 * mentions them, and Discord notifies the users a new message mentions; an edited table pings no
 * one); the wait began with the stored move after which the game first waited for them (or the
 * start), so a ping by any message posted since counts.
 */
export interface TableSight {
  gameId: number;
  gameType: string;
  version: number;
  /** The version the newest table message shows; null: none. */
  shown: number | null;
  /** The people the game waits for who were not pinged since their wait began. */
  unpinged: string[];
}

export function tableSights(db: BotDatabase, emulator: DiscordEmulator): TableSight[] {
  const sights: TableSight[] = [];
  for (const game of db.games()) {
    if (game.status !== "active" || game.state === null) continue;
    const messages = emulator.channelMessages(game.channelId);
    const table = messages.findLast((m) =>
      m.attachments.some((a) => {
        const match = TABLE_FILE.exec(a.filename);
        return match?.[1] === game.gameType && Number(match[2]) === game.id;
      }),
    );
    const shown = table
      ? Math.max(
          ...table.attachments.map((a) =>
            Number(TABLE_FILE.exec(a.filename)?.[3] ?? Number.NEGATIVE_INFINITY),
          ),
        )
      : null;
    const ui = uiOf(game.gameType);
    const moves = db.moves(game.id);
    // The states after 0, 1, … n stored moves, for when each wait began.
    const states: unknown[] = [ui.engine.setup(db.players(game.id), JSON.parse(game.options), game.seed)];
    replayMoves(
      ui.engine,
      states[0],
      moves.map((m) => ({ ...m, move: JSON.parse(m.move) as unknown })),
      (_m, state) => states.push(state),
    );
    const unpinged = waitingFor(ui, JSON.parse(game.state)).filter((userId) => {
      let k = states.length - 1;
      while (k > 0 && waitingFor(ui, states[k - 1]).includes(userId)) k--;
      const began = k === 0 ? 0 : (moves[k - 1]?.at ?? 0);
      return !messages.some((m) => m.createdAt >= began && m.notified.includes(userId));
    });
    sights.push({ gameId: game.id, gameType: game.gameType, version: game.version, shown, unpinged });
  }
  return sights;
}
