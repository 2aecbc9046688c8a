import type Database from "better-sqlite3";

/** Ordered schema changes; each runs once, inside a transaction, and is recorded. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    game_type TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    host_id TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    state TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    -- The version whose reminders and turn timers the scheduler has planned (see the due table).
    reminded_version INTEGER
  );
  -- One open game per channel: players who want more open a thread (a thread is a channel).
  CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
  CREATE INDEX games_by_status ON games (status);

  CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
  );
  CREATE INDEX game_players_by_user ON game_players (user_id);

  CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    move TEXT NOT NULL,
    at INTEGER NOT NULL,
    UNIQUE (game_id, seq)
  );

  CREATE TABLE messages (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('lobby', 'table')),
    channel_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    PRIMARY KEY (game_id, kind)
  );

  CREATE TABLE results (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    game_type TEXT NOT NULL,
    guild_id TEXT NOT NULL,
    status TEXT NOT NULL,
    score INTEGER,
    summary TEXT NOT NULL,
    finished_at INTEGER NOT NULL
  );
  CREATE TABLE result_players (
    game_id INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    result TEXT NOT NULL,
    score INTEGER,
    PRIMARY KEY (game_id, user_id)
  );

  CREATE TABLE settings (
    guild_id TEXT PRIMARY KEY,
    data TEXT NOT NULL
  );
  CREATE TABLE user_prefs (
    user_id TEXT PRIMARY KEY,
    data TEXT NOT NULL
  );
  `,
  // The game version each public message shows, so a table that missed an update is re-posted.
  `ALTER TABLE messages ADD COLUMN version INTEGER NOT NULL DEFAULT 0;`,
  // The engine's state schema version each game was written with (older ones are migrated on load),
  // and how an ended game ended, for its last picture.
  `ALTER TABLE games ADD COLUMN state_version INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE games ADD COLUMN end_reason TEXT;`,
  // Robot seats (stored as kind 'bot'): a seat is a person's or a robot's; a robot that took over a leaver's seat keeps the
  // leaver's id (the engine's name for the seat) and their name, so the table can say whom it
  // stands in for. A result says how many seats robots held, so such games are told apart.
  `ALTER TABLE game_players ADD COLUMN kind TEXT NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'bot'));
   ALTER TABLE game_players ADD COLUMN stands_in_for TEXT;
   ALTER TABLE results ADD COLUMN bot_seats INTEGER NOT NULL DEFAULT 0;`,
  // Lobby messages now record the version they show, like tables, so a lobby that missed a change
  // is redrawn at start-up. Existing ones are taken as current: an upgrade edits no old lobby.
  `UPDATE messages SET version = (SELECT g.version FROM games g WHERE g.id = messages.game_id)
     WHERE kind = 'lobby';`,
  // Play over days: one table of due times for every timed thing (turn notices, reminders, turn
  // timers), one row per player per game version, kept once handled so nothing is sent twice.
  // A human seat handed to another member (/game replace) keeps its id, the engine's name for it,
  // and records who holds it now.
  `CREATE TABLE due (
     game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
     guild_id TEXT NOT NULL,
     seat_id TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('notice', 'reminder', 'timer')),
     version INTEGER NOT NULL,
     due_at INTEGER NOT NULL,
     done_at INTEGER,
     PRIMARY KEY (game_id, seat_id, kind, version)
   );
   CREATE INDEX due_pending ON due (due_at) WHERE done_at IS NULL;
   ALTER TABLE game_players ADD COLUMN member_id TEXT;`,
  // What a table message says happened (its event lines), kept so that once a newer table replaces
  // it, it can say that and no longer who must act now.
  `ALTER TABLE messages ADD COLUMN history TEXT;`,
  // Each seat's newest private panel, by the token of the interaction that showed it (Discord lets
  // it be edited for 15 minutes), so a game that ends closes it. Kept here to survive a restart.
  `CREATE TABLE panels (
     game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
     seat_id TEXT NOT NULL,
     token TEXT NOT NULL,
     locale TEXT NOT NULL,
     shown_at INTEGER NOT NULL,
     PRIMARY KEY (game_id, seat_id)
   );`,
  // The interaction token a table message was sent with and when that interaction was made: while
  // the token lives (15 minutes) the message is edited through it, outside Discord's global budget.
  `ALTER TABLE messages ADD COLUMN token TEXT;
   ALTER TABLE messages ADD COLUMN token_at INTEGER;`,
  // Start-up and periodic work find what they need without reading every game: the games the
  // scheduler has still to plan, and the games with a robot seat, each in an index of their own.
  `CREATE INDEX games_to_plan ON games (id)
     WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version);
   CREATE INDEX game_players_bots ON game_players (game_id) WHERE kind = 'bot';`,
  // The active games counted by type (the metrics' gauge) from an index of their own, not the table.
  `CREATE INDEX games_active_by_type ON games (game_type) WHERE status = 'active';`,
  // Each server's name as the shard serving it last saw it: an overview answered by a shard or a
  // host that does not serve that server still names it.
  `CREATE TABLE guild_names (guild_id TEXT PRIMARY KEY, name TEXT NOT NULL);`,
  // The bot's processes by the gateway shard they serve, so that one started beside a running one
  // (a deploy) takes the shard over before the running one lets go; and when each bucket of
  // Discord's max_concurrency may next identify, shared by every process and host.
  `CREATE TABLE shard_processes (
     process_id TEXT PRIMARY KEY,
     shard_id INTEGER NOT NULL,
     shard_count INTEGER NOT NULL,
     started_at INTEGER NOT NULL,
     ready_at INTEGER,
     seen_at INTEGER NOT NULL
   );
   CREATE INDEX shard_processes_by_shard ON shard_processes (shard_id, shard_count);
   CREATE TABLE identify_buckets (bucket INTEGER PRIMARY KEY, next_at INTEGER NOT NULL);`,
  // Who handed a started game's seat to another member (/game replace): the game stays in their
  // history, as handed over, once it ends. A seat keeps only its newest member.
  `CREATE TABLE seat_handovers (
     game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
     member_id TEXT NOT NULL,
     PRIMARY KEY (game_id, member_id)
   );`,
  // The panel a seat's newer panel replaced, handed back by the same statement that records the
  // newer one, so it is retired (its controls taken away) while Discord still lets it be edited.
  `ALTER TABLE panels ADD COLUMN previous_token TEXT;
   ALTER TABLE panels ADD COLUMN previous_at INTEGER;`,
  // The daily deal: one attempt per player, day and game across all servers (the key), its game,
  // and its result once the game ends; the board reads a server's attempts of one day.
  `CREATE TABLE daily_attempts (
     day TEXT NOT NULL,
     game_type TEXT NOT NULL,
     user_id TEXT NOT NULL,
     guild_id TEXT NOT NULL,
     game_id INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
     result TEXT,
     score INTEGER,
     finished_at INTEGER,
     PRIMARY KEY (day, game_type, user_id)
   );
   CREATE INDEX daily_attempts_board ON daily_attempts (guild_id, game_type, day);`,
  // Players' ratings (OpenSkill) per game type and scope: a server's id, or '*' for every server.
  // mu and sigma are kept as the library returns them; the name is the one last seen in a game.
  // Each rated game's starting point is kept, numbered per player and scope, for the trend over the last ones.
  `CREATE TABLE ratings (
     game_type TEXT NOT NULL,
     scope TEXT NOT NULL,
     user_id TEXT NOT NULL,
     mu DOUBLE PRECISION NOT NULL,
     sigma DOUBLE PRECISION NOT NULL,
     games INTEGER NOT NULL,
     display_name TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (game_type, scope, user_id)
   );
   CREATE INDEX ratings_by_user ON ratings (user_id);
   CREATE TABLE rating_changes (
     game_type TEXT NOT NULL,
     scope TEXT NOT NULL,
     user_id TEXT NOT NULL,
     games INTEGER NOT NULL,
     game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
     ordinal_before DOUBLE PRECISION NOT NULL,
     PRIMARY KEY (game_type, scope, user_id, games)
   );`,
  // Who may take back the game's latest move now (the rules' verdict, written with each move), so a
  // panel knows whether to offer ↩ without reading the move back.
  `ALTER TABLE games ADD COLUMN take_back_by TEXT;`,
];

export function migrate(db: Database.Database): number {
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)",
  );
  const applied = db.prepare("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations").get() as {
    v: number;
  };
  let version = applied.v;
  for (let i = version; i < MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i] as string);
      db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(i + 1, Date.now());
    })();
    version = i + 1;
  }
  return version;
}

/**
 * The same migrations on PostgreSQL, whose SQL they are written in but for two words: an INTEGER
 * there is 32 bits (times are stored in ms, beyond that), so every one is a BIGINT, and an id
 * column counts up as an identity. Hosts that start together take turns: the first migrates while
 * the others wait on the lock, then find nothing left to do.
 */
export async function migratePostgres(pg: PostgresConnection): Promise<number> {
  await pg.exec("BEGIN");
  try {
    // Migrating waits as long as it needs: the session's timeouts are for clicks.
    await pg.exec("SET LOCAL lock_timeout = 0; SET LOCAL statement_timeout = 0");
    await pg.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await pg.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)",
    );
    const applied = (await pg.query("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations"))[0] as {
      v: number;
    };
    for (let i = applied.v; i < MIGRATIONS.length; i++) {
      await pg.exec(postgresDdl(MIGRATIONS[i] as string));
      await pg.query("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", [
        i + 1,
        Date.now(),
      ]);
    }
    await pg.exec("COMMIT");
  } catch (err) {
    await pg.exec("ROLLBACK").catch(() => undefined);
    throw err;
  }
  return MIGRATIONS.length;
}

/** What migrating needs of a connection to PostgreSQL, its own for the while (postgres.ts). */
interface PostgresConnection {
  query(text: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  exec(text: string): Promise<void>;
}

/** Any number: all hosts of one bot agree on it, and nothing else of the bot takes advisory locks. */
const MIGRATION_LOCK = 7_265_432;

function postgresDdl(sql: string): string {
  return sql
    .replace(/\bINTEGER PRIMARY KEY AUTOINCREMENT\b/g, "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
    .replace(/\bINTEGER\b/g, "BIGINT");
}
