import type { Queries } from "./db.js";
import type { GameGuard, GameRefusal, GameRepository } from "./games.js";
import {
  type GameRecord,
  humanSeat,
  isHuman,
  type LobbyOutcome,
  memberOf,
  type ReplaceOutcome,
  type Seat,
} from "./records.js";

/** A seat change refused before it starts: the game is gone, or not (or no longer) where the change applies. */
function lobbyRefusal(refusal: GameRefusal): LobbyOutcome {
  return { ok: false, reason: refusal.why === "notFound" ? "notFound" : "notLobby" };
}

export const IN_LOBBY: GameGuard<LobbyOutcome> = { status: ["lobby"], refuse: lobbyRefusal };
const IN_PLAY: GameGuard<LobbyOutcome> = { status: ["active"], refuse: lobbyRefusal };
const OPEN: GameGuard<ReplaceOutcome> = {
  status: ["lobby", "active"],
  refuse: (refusal) => ({ ok: false, reason: refusal.why === "notFound" ? "notFound" : "notOpen" }),
};

/** Who sits at a game: people joining and leaving, robots seated, standing in, seats handed on. */
export class SeatRepository {
  constructor(
    private readonly now: () => number,
    private readonly games: GameRepository,
  ) {}

  joinLobby(
    gameId: number,
    user: { userId: string; displayName: string },
    maxPlayers: number,
  ): Promise<LobbyOutcome> {
    return this.games.inGame(gameId, IN_LOBBY, async (game, tx): Promise<LobbyOutcome> => {
      if (humanSeat(game, user.userId)) return { ok: false, reason: "alreadySeated" };
      if (game.players.length >= maxPlayers) return { ok: false, reason: "full" };
      const seat = Math.max(-1, ...game.players.map((p) => p.seat)) + 1;
      await tx
        .sql("INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)")
        .run(gameId, seat, user.userId, user.displayName);
      await this.games.bump(tx, gameId);
      return { ok: true, game: (await this.games.getGame(gameId, { on: tx }))! };
    });
  }

  /** A seat is given up; when the host leaves an open lobby, the next seat becomes host. */
  leaveLobby(gameId: number, userId: string): Promise<LobbyOutcome> {
    return this.games.inGame(gameId, IN_LOBBY, async (game, tx): Promise<LobbyOutcome> => {
      const leaver = humanSeat(game, userId);
      if (!leaver) return { ok: false, reason: "notSeated" };
      const rest = await this.unseat(tx, game, leaver.userId);
      const people = rest.filter(isHuman);
      // Robots alone do not keep a lobby open; the host's role passes to the next person.
      if (people.length === 0) {
        await tx.sql("UPDATE games SET status = 'abandoned' WHERE id = ?").run(gameId);
      } else if (game.hostId === userId) {
        await tx.sql("UPDATE games SET host_id = ? WHERE id = ?").run(memberOf(people[0]!), gameId);
      }
      await this.games.bump(tx, gameId);
      return { ok: true, game: (await this.games.getGame(gameId, { on: tx }))! };
    });
  }

  /** The host seats a robot (stored as `bot:<n>`, "🤖 Bot <n>"), numbered after the highest robot so far. */
  addRobot(gameId: number, byUserId: string, maxPlayers: number): Promise<LobbyOutcome> {
    return this.games.inGame(gameId, IN_LOBBY, async (game, tx): Promise<LobbyOutcome> => {
      if (game.hostId !== byUserId) return { ok: false, reason: "notHost" };
      if (game.players.length >= maxPlayers) return { ok: false, reason: "full" };
      const numbers = game.players.map((p) => /^bot:(\d+)$/.exec(p.userId)?.[1]).map(Number);
      const n = Math.max(0, ...numbers.filter((x) => x > 0)) + 1;
      await tx
        .sql(
          "INSERT INTO game_players (game_id, seat, user_id, display_name, kind) VALUES (?, ?, ?, ?, 'bot')",
        )
        .run(gameId, game.players.length, `bot:${n}`, `🤖 Bot ${n}`);
      await this.games.bump(tx, gameId);
      return { ok: true, game: (await this.games.getGame(gameId, { on: tx }))! };
    });
  }

  /** The host removes the most recently seated robot. */
  removeRobot(gameId: number, byUserId: string): Promise<LobbyOutcome> {
    return this.games.inGame(gameId, IN_LOBBY, async (game, tx): Promise<LobbyOutcome> => {
      if (game.hostId !== byUserId) return { ok: false, reason: "notHost" };
      const robot = game.players.filter((p) => p.kind === "bot").at(-1);
      if (!robot) return { ok: false, reason: "noRobot" };
      await this.unseat(tx, game, robot.userId);
      await this.games.bump(tx, gameId);
      return { ok: true, game: (await this.games.getGame(gameId, { on: tx }))! };
    });
  }

  /**
   * A person leaves an active game and a robot takes their seat, so the game goes on: the seat keeps
   * its id (the engine's name for it) and the robot is named after the highest robot number so far.
   * Refused when no other person would be left (`noRobots`: the game then ends instead).
   */
  standIn(gameId: number, userId: string): Promise<LobbyOutcome> {
    return this.games.inGame(gameId, IN_PLAY, async (game, tx): Promise<LobbyOutcome> => {
      const leaver = humanSeat(game, userId);
      if (!leaver) return { ok: false, reason: "notSeated" };
      const others = game.players.filter((p) => isHuman(p) && p !== leaver);
      if (others.length === 0) return { ok: false, reason: "noRobots" };
      const n = game.players.filter((p) => p.kind === "bot").length + 1;
      // The seat's member stays recorded: the result counts the seat as left by them.
      await tx
        .sql(
          "UPDATE game_players SET kind = 'bot', member_id = NULLIF(?, user_id), stands_in_for = display_name, display_name = ? WHERE game_id = ? AND user_id = ?",
        )
        .run(userId, `🤖 Bot ${n}`, gameId, leaver.userId);
      if (game.hostId === userId) {
        await tx.sql("UPDATE games SET host_id = ? WHERE id = ?").run(memberOf(others[0]!), gameId);
      }
      await tx.sql("UPDATE games SET updated_at = ? WHERE id = ?").run(this.now(), gameId);
      return { ok: true, game: (await this.games.getGame(gameId, { on: tx }))! };
    });
  }

  /**
   * The seat `fromUserId` holds is handed to another member, who plays it on from where it is. A
   * started game's seat keeps its id (the engine's name for it) and records its new member; a
   * lobby's seat simply becomes theirs. The version moves on, so the old member's buttons are
   * stale, and the host's role goes with the seat. Refused when the game is over, `fromUserId`
   * holds no seat (a robot's is nobody's) or `to` already holds one.
   */
  replaceSeat(
    gameId: number,
    fromUserId: string,
    to: { userId: string; displayName: string },
  ): Promise<ReplaceOutcome> {
    return this.games.inGame(gameId, OPEN, async (game, tx): Promise<ReplaceOutcome> => {
      const before = humanSeat(game, fromUserId);
      if (!before) return { ok: false, reason: "notSeated" };
      if (humanSeat(game, to.userId)) return { ok: false, reason: "alreadySeated" };
      if (game.status === "lobby") {
        await tx
          .sql(
            "UPDATE game_players SET user_id = ?, member_id = NULL, display_name = ? WHERE game_id = ? AND seat = ?",
          )
          .run(to.userId, to.displayName, gameId, before.seat);
      } else {
        // Handed back to the member who first held it, the seat is plainly theirs again.
        await tx
          .sql(
            "UPDATE game_players SET member_id = NULLIF(?, user_id), display_name = ? WHERE game_id = ? AND seat = ?",
          )
          .run(to.userId, to.displayName, gameId, before.seat);
        await tx
          .sql("INSERT INTO seat_handovers (game_id, member_id) VALUES (?, ?) ON CONFLICT DO NOTHING")
          .run(gameId, fromUserId);
      }
      if (game.hostId === fromUserId) {
        await tx.sql("UPDATE games SET host_id = ? WHERE id = ?").run(to.userId, gameId);
      }
      await this.games.bump(tx, gameId);
      const replaced = (await this.games.getGame(gameId, { on: tx }))!;
      return {
        ok: true,
        game: replaced,
        seat: replaced.players.find((p) => p.seat === before.seat)!,
        before,
      };
    });
  }

  /** Removes one seat (by its id) and renumbers the others 0..n-1; returns the seats left. */
  private async unseat(tx: Queries, game: GameRecord, userId: string): Promise<Seat[]> {
    await tx.sql("DELETE FROM game_players WHERE game_id = ? AND user_id = ?").run(game.id, userId);
    const rest = game.players.filter((p) => p.userId !== userId);
    // Two passes (via negatives) so the (game, seat) key never clashes.
    const reseat = tx.sql("UPDATE game_players SET seat = ? WHERE game_id = ? AND user_id = ?");
    for (const [seat, p] of rest.entries()) await reseat.run(-1 - seat, game.id, p.userId);
    await tx.sql("UPDATE game_players SET seat = -1 - seat WHERE game_id = ?").run(game.id);
    return rest;
  }
}
