import type Database from "better-sqlite3";
import type { AnyEngine, GameEngine, GameOptions, PlayerId, ScoreSpec } from "../engine/core/game.js";
import type { Locale } from "../i18n/locale.js";
import type { Db, IdSpan, Page, Statement } from "./db.js";
import { DueRepository } from "./due.js";
import { GameRepository } from "./games.js";
import { MessageRepository } from "./messages.js";
import { MoveRepository } from "./moves.js";
import { Postgres, PostgresError } from "./postgres.js";
import { PreferenceRepository } from "./preferences.js";
import { type EndReason, type SentWith, StoreUnavailableError } from "./records.js";
import { ResultRepository } from "./results.js";
import { SeatRepository } from "./seats.js";
import type { DueRow, GuildSettings, UserPrefs } from "./settings.js";
import { Sqlite } from "./sqlite.js";

export type { IdSpan, Page, Statement } from "./db.js";
export { PostgresError } from "./postgres.js";
export * from "./records.js";

/**
 * Whether an error says the database cannot serve now (locked, busy, unreachable, out of
 * resources) rather than that a request was wrong: the player is asked to try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== "string") return false;
  if (err instanceof PostgresError) {
    // Connection (08), resources (53), operator intervention (57P), a lock not had in time (55P03),
    // a query cancelled by its timeout (57014), deadlock or serialization (40P01, 40001).
    return /^(08|53|57P)/.test(code) || ["55P03", "57014", "40P01", "40001"].includes(code);
  }
  return /^SQLITE_(BUSY|LOCKED|CANTOPEN|READONLY|IOERR|CORRUPT|NOTADB)/.test(code);
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/**
 * Every game lives here, not in memory: one move is one transaction that checks the version,
 * applies the engine and writes the new state, the move row and version+1 together. The SQL lives
 * in the repositories; this facade only hands each call to the one that keeps its tables.
 */
export class Store {
  private readonly database: Db;
  private readonly games: GameRepository;
  private readonly seats: SeatRepository;
  private readonly play: MoveRepository;
  private readonly results: ResultRepository;
  private readonly messages: MessageRepository;
  private readonly preferences: PreferenceRepository;
  private readonly due: DueRepository;

  /**
   * `location`: a SQLite file, or a PostgreSQL connection string (`postgres://…`, DATABASE_URL).
   * `engines`: every game's by its id (the games' list gives them; a test may swap one to try a migration).
   */
  constructor(
    location: string,
    engines: Readonly<Record<string, AnyEngine>>,
    options: { now?: () => number } = {},
  ) {
    const now = options.now ?? Date.now;
    this.database = isPostgresUrl(location) ? new Postgres(location) : new Sqlite(location);
    this.games = new GameRepository(this.database, now, engines);
    this.seats = new SeatRepository(this.database, now, this.games);
    this.results = new ResultRepository(this.database);
    this.play = new MoveRepository(this.database, now, this.games, this.results);
    this.messages = new MessageRepository(this.database, now, this.games);
    this.preferences = new PreferenceRepository(this.database);
    this.due = new DueRepository(this.database, now);
  }

  get dialect(): Db["dialect"] {
    return this.database.dialect;
  }

  /** One SQL text on the store's database, either one: for tests and scripts that look beneath the store. */
  sql(text: string): Statement {
    return this.database.sql(text);
  }

  /** The SQLite connection itself, for tests and scripts that look beneath the store (SQLite only). */
  get db(): Database.Database {
    if (!(this.database instanceof Sqlite)) throw new Error("this store is on PostgreSQL, not SQLite");
    return this.database.db;
  }

  close(): void {
    this.database.close();
  }

  // Games and seats.

  /** Games left out of listings because their state could not be read, with why. */
  get unreadable(): ReadonlyMap<number, string> {
    return this.games.unreadable;
  }

  getGame(id: number) {
    return this.games.getGame(id);
  }

  openGameInChannel(channelId: string) {
    return this.games.openGameInChannel(channelId);
  }

  activeGamesByType() {
    return this.games.activeGamesByType();
  }

  latestGameInChannel(channelId: string) {
    return this.games.latestGameInChannel(channelId);
  }

  openGamesForUser(userId: string) {
    return this.games.openGamesForUser(userId);
  }

  activeGameIdsWithBots(guildIds?: readonly string[], page?: Page) {
    return this.games.activeGameIdsWithBots(guildIds, page);
  }

  lastGameId() {
    return this.games.lastGameId();
  }

  createLobby(input: {
    guildId: string;
    channelId: string;
    gameType: string;
    options: GameOptions;
    seed: number;
    host: { userId: string; displayName: string };
  }) {
    return this.games.createLobby(input);
  }

  joinLobby(gameId: number, user: { userId: string; displayName: string }, maxPlayers: number) {
    return this.seats.joinLobby(gameId, user, maxPlayers);
  }

  leaveLobby(gameId: number, userId: string) {
    return this.seats.leaveLobby(gameId, userId);
  }

  addBot(gameId: number, byUserId: string, maxPlayers: number) {
    return this.seats.addBot(gameId, byUserId, maxPlayers);
  }

  removeBot(gameId: number, byUserId: string) {
    return this.seats.removeBot(gameId, byUserId);
  }

  standIn(gameId: number, userId: string) {
    return this.seats.standIn(gameId, userId);
  }

  replaceSeat(gameId: number, fromUserId: string, to: { userId: string; displayName: string }) {
    return this.seats.replaceSeat(gameId, fromUserId, to);
  }

  // Moves and results.

  startGame(gameId: number, userId: string, engine: GameEngine<unknown, unknown, unknown, unknown>) {
    return this.play.startGame(gameId, userId, engine);
  }

  applyMove(
    gameId: number,
    userId: PlayerId,
    expectedVersion: number,
    move: unknown,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ) {
    return this.play.applyMove(gameId, userId, expectedVersion, move, engine);
  }

  abandon(gameId: number, reason: Exclude<EndReason, { kind: "finished" }>) {
    return this.play.abandon(gameId, reason);
  }

  hasMoves(gameId: number) {
    return this.play.hasMoves(gameId);
  }

  moveAt(gameId: number, version: number) {
    return this.play.moveAt(gameId, version);
  }

  moves(gameId: number) {
    return this.play.moves(gameId);
  }

  getResult(gameId: number) {
    return this.results.getResult(gameId);
  }

  statsForUser(userId: string, scores: Readonly<Record<string, ScoreSpec>>) {
    return this.results.statsForUser(userId, scores);
  }

  historyForUser(userId: string, limit: number) {
    return this.results.historyForUser(userId, limit);
  }

  leaderboard(guildId: string, top: number) {
    return this.results.leaderboard(guildId, top);
  }

  // Messages and panels.

  setMessage(
    gameId: number,
    kind: "lobby" | "table",
    channelId: string,
    messageId: string,
    version?: number,
    history?: string | null,
    sentWith?: SentWith | null,
  ) {
    this.messages.setMessage(gameId, kind, channelId, messageId, version, history, sentWith);
  }

  getMessage(gameId: number, kind: "lobby" | "table") {
    return this.messages.getMessage(gameId, kind);
  }

  setPanel(gameId: number, seatId: string, panel: { token: string; locale: Locale }) {
    this.messages.setPanel(gameId, seatId, panel);
  }

  takePanels(gameId: number, since: number) {
    return this.messages.takePanels(gameId, since);
  }

  gamesWithTableBehind(guildIds?: readonly string[], span?: IdSpan) {
    return this.messages.gamesWithTableBehind(guildIds, span);
  }

  lobbiesBehind(guildIds?: readonly string[], span?: IdSpan) {
    return this.messages.lobbiesBehind(guildIds, span);
  }

  // Settings and preferences.

  guildSettings(guildId: string) {
    return this.preferences.guildSettings(guildId);
  }

  saveGuildSettings(guildId: string, settings: Partial<GuildSettings>) {
    this.preferences.saveGuildSettings(guildId, settings);
  }

  guildName(guildId: string) {
    return this.preferences.guildName(guildId);
  }

  saveGuildNames(guilds: readonly { id: string; name: string }[]) {
    this.preferences.saveGuildNames(guilds);
  }

  userPrefs(userId: string) {
    return this.preferences.userPrefs(userId);
  }

  saveUserPrefs(userId: string, prefs: UserPrefs) {
    this.preferences.saveUserPrefs(userId, prefs);
  }

  // The scheduler's due queue.

  gamesToPlan(guildIds?: readonly string[], page?: Page) {
    return this.due.gamesToPlan(guildIds, page);
  }

  markPlanned(gameId: number, version: number) {
    this.due.markPlanned(gameId, version);
  }

  schedule(rows: readonly (DueRow & { done?: boolean })[]) {
    this.due.schedule(rows);
  }

  dueOf(gameId: number) {
    return this.due.dueOf(gameId);
  }

  pendingDueOfMember(memberId: string) {
    return this.due.pendingDueOfMember(memberId);
  }

  unplanGuild(guildId: string) {
    this.due.unplanGuild(guildId);
  }

  dueBy(now: number, guildIds?: readonly string[]) {
    return this.due.dueBy(now, guildIds);
  }

  nextDueAt(guildIds?: readonly string[]) {
    return this.due.nextDueAt(guildIds);
  }

  markDone(row: DueRow): boolean {
    return this.due.markDone(row);
  }

  postpone(row: DueRow, dueAt: number) {
    this.due.postpone(row, dueAt);
  }

  pruneDue(gameId: number, version: number) {
    this.due.pruneDue(gameId, version);
  }
}
