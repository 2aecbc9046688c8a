import { type MessagePort, workerData } from "node:worker_threads";
import pg from "pg";

/**
 * The PostgreSQL connection of one store, in a thread of its own (see postgres.ts): it runs one
 * query at a time as the store's thread asks, and wakes it through the shared signal when the
 * answer is on the port.
 */
export interface PgRequest {
  /**
   * Told back with the answer: an answer that comes after its query timed out is not another's.
   * Queries count from 1; the answer to connecting is 0.
   */
  id: number;
  text: string;
  params: unknown[];
  /** Set for the store's own SQL texts: PostgreSQL parses and plans each once per connection. */
  name?: string;
  /**
   * Answered at once, without waiting for the server (a transaction's BEGIN, a write whose answer
   * nobody reads): the connection runs its queries in order, so the next one follows it, and the
   * first failure among those answered ahead is the next awaited query's answer.
   */
  ahead?: boolean;
}

export type PgReply = Answer & { id: number };

/** An answer, before the worker tells whose it is. */
type Answer =
  | { ok: true; rows: Record<string, unknown>[]; rowCount: number }
  | {
      ok: false;
      message: string;
      code: string | null;
      /** The SQL that failed, when it is not the query answered (one answered ahead failed). */
      failedIn?: string;
    };

const { url, port, signal } = workerData as { url: string; port: MessagePort; signal: Int32Array };

// Numbers come back as numbers, as from SQLite: ids, times in ms and counts are all far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

function answer(id: number, reply: Answer): void {
  port.postMessage({ ...reply, id } satisfies PgReply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

function failure(err: unknown): Answer {
  const { message, code } = err as { message?: string; code?: string };
  return { ok: false, message: message ?? String(err), code: code ?? null };
}

// A lock another host holds, or a stuck query, fails within Discord's 3 s instead of hanging the
// bot (as SQLite's busy_timeout does).
const client = new pg.Client({ connectionString: url, lock_timeout: 1_000, statement_timeout: 2_000 });
// A broken connection fails the query in hand; the store then reports the database unavailable.
client.on("error", () => undefined);
try {
  await client.connect();
  answer(0, { ok: true, rows: [], rowCount: 0 });
} catch (err) {
  answer(0, failure(err));
}

/** The first failure among the queries answered ahead, if one failed: told as the next query's answer. */
let ahead: Promise<Answer | null> = Promise.resolve(null);

port.on("message", (request: PgRequest | { close: number }) => {
  if ("close" in request) {
    void client.end().finally(() => {
      answer(request.close, { ok: true, rows: [], rowCount: 0 });
      port.close();
    });
    return;
  }
  const outcome = client
    .query({ text: request.text, values: request.params, name: request.name })
    .then((result): Answer => ({ ok: true, rows: result.rows, rowCount: result.rowCount ?? 0 }), failure);
  if (request.ahead) {
    const before = ahead;
    ahead = Promise.all([before, outcome]).then(
      ([failed, reply]): Answer | null => failed ?? (reply.ok ? null : { ...reply, failedIn: request.text }),
    );
    answer(request.id, { ok: true, rows: [], rowCount: 0 });
    return;
  }
  const before = ahead;
  ahead = Promise.resolve(null);
  void Promise.all([before, outcome]).then(([failedAhead, reply]) =>
    answer(request.id, failedAhead ?? reply),
  );
});
