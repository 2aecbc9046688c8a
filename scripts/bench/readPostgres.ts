import { createRequire } from "node:module";

/**
 * A synchronous reader of a PostgreSQL database through libpq's own synchronous calls, for the
 * benches and soaks that look at the bot's database from outside between their steps. Never the
 * bot's: the bot's store is asynchronous (src/store/postgres.ts). libpq is an optional dependency,
 * built against Debian's libpq-dev by `npm run setup`.
 */
export class PostgresReader {
  readonly #connection: Libpq;
  readonly #prepared = new Set<string>();

  constructor(url: string) {
    const Connection = createRequire(import.meta.url)("libpq") as new () => Libpq;
    this.#connection = new Connection();
    this.#connection.connectSync(`${url}${url.includes("?") ? "&" : "?"}application_name=cardtable-reader`);
  }

  /** A statement with `?` placeholders whose `get` and `all` return rows, numbers as numbers. */
  sql(text: string): { get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] } {
    const name = `r${text.length}_${hash(text)}`;
    const run = (params: unknown[]) => {
      if (!this.#prepared.has(name)) {
        let n = 0;
        this.#connection.prepare(
          name,
          text.replace(/\?/g, () => `$${++n}`),
          0,
        );
        this.#check();
        this.#prepared.add(name);
      }
      this.#connection.execPrepared(
        name,
        params.map((p) => (p === null || p === undefined ? null : String(p))),
      );
      this.#check();
      return this.#rows();
    };
    return { get: (...params) => run(params)[0], all: (...params) => run(params) };
  }

  close(): void {
    this.#connection.finish();
  }

  #check(): void {
    const status = this.#connection.resultStatus();
    if (status === "PGRES_FATAL_ERROR" || status === "PGRES_BAD_RESPONSE")
      throw new Error(this.#connection.resultErrorMessage().trim());
  }

  #rows(): Record<string, unknown>[] {
    const c = this.#connection;
    const fields = Array.from({ length: c.nfields() }, (_, i) => ({
      name: c.fname(i),
      numeric: NUMBERS.has(c.ftype(i)),
    }));
    const rows: Record<string, unknown>[] = [];
    for (let row = 0, n = c.ntuples(); row < n; row++) {
      const record: Record<string, unknown> = {};
      fields.forEach(({ name, numeric }, field) => {
        const text = c.getisnull(row, field) ? null : c.getvalue(row, field);
        record[name] = text !== null && numeric ? Number(text) : text;
      });
      rows.push(record);
    }
    return rows;
  }
}

/** int2, int4, int8, float4, float8, numeric. */
const NUMBERS = new Set([20, 21, 23, 700, 701, 1700]);

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h >>> 0;
}

/** What this reader uses of the `libpq` package. */
interface Libpq {
  connectSync(conninfo: string): void;
  finish(): void;
  prepare(name: string, text: string, paramCount: number): void;
  execPrepared(name: string, params: (string | null)[]): void;
  resultStatus(): string;
  resultErrorMessage(): string;
  ntuples(): number;
  nfields(): number;
  fname(field: number): string;
  ftype(field: number): number;
  getvalue(row: number, field: number): string;
  getisnull(row: number, field: number): boolean;
}
