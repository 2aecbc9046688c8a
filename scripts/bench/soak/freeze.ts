import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { wordsFor } from "../../../src/i18n/index.js";
import { LOOP_STALL } from "../monitor.js";
import type { BotProcess } from "../world.js";

/**
 * The freeze of the database server (issue: a PostgreSQL server that stops answering): its
 * processes stopped with SIGSTOP and continued with SIGCONT, the bot's `/healthz` polled from
 * outside, and the bot's `loop-stall` lines read. The kill soak runs the freeze step
 * (`SoakOptions.freeze`); these are its tools and its limits.
 */

/** What the bot answers a click whose query the database did not answer (src/bot/router.ts). */
export const BUSY_TEXT = wordsFor("en")("bot.router.busy");

/** Every click is answered within Discord's 3 s: made, or refused with `BUSY_TEXT`. */
export const ANSWER_WITHIN_MS = 3000;
/** No second of the bot's event loop may stall longer. */
export const STALL_LIMIT_MS = 100;
/** After SIGSTOP, `/healthz` answers 503 within this; after SIGCONT, 200 within `UP_WITHIN_MS`. */
export const DOWN_WITHIN_MS = 1000;
export const UP_WITHIN_MS = 2000;

/** The pid in the first line of the server's `postmaster.pid`. */
export function postmasterPid(dataFolder: string): number {
  const first = fs.readFileSync(path.join(dataFolder, "postmaster.pid"), "utf8").split("\n")[0] ?? "";
  const pid = Number(first.trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no pid in ${dataFolder}/postmaster.pid`);
  return pid;
}

/** Every process's parent, from /proc/<pid>/stat (the field after the command's closing parenthesis and the state). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(name), Number(fields[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/** The process's children, their children, and so on. */
function descendants(pid: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [child, parent] of parents()) byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of byParent.get(queue.shift() as number) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** The process's state letter (T: stopped), or null once it is gone. */
export function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? null;
  } catch {
    return null;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (err) {
    // A backend that exited meanwhile.
    if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
  }
}

/** A PostgreSQL server stopped whole: its postmaster and every process under it (backends, background workers). */
export class ServerFreeze {
  #stopped: number[] = [];

  constructor(readonly dataFolder: string) {}

  get frozen(): boolean {
    return this.#stopped.length > 0;
  }

  /**
   * SIGSTOP to the postmaster first, so it starts no process meanwhile, then to everything under
   * it, looked for again until none is left running. Returns the pids stopped.
   */
  stop(): number[] {
    const postmaster = postmasterPid(this.dataFolder);
    signal(postmaster, "SIGSTOP");
    this.#stopped.push(postmaster);
    for (;;) {
      const left = descendants(postmaster).filter((pid) => !this.#stopped.includes(pid));
      if (left.length === 0) break;
      for (const pid of left) {
        signal(pid, "SIGSTOP");
        this.#stopped.push(pid);
      }
    }
    return [...this.#stopped];
  }

  /** SIGCONT to everything stopped, the postmaster last. */
  resume(): void {
    for (const pid of [...this.#stopped].reverse()) signal(pid, "SIGCONT");
    this.#stopped = [];
  }
}

export interface HealthSample {
  /** performance.now() when the request was sent and when its answer (or its failure) came. */
  sentAt: number;
  at: number;
  /** The HTTP status, or null: no answer within the client's timeout, or no connection. */
  status: number | null;
}

/**
 * `/healthz` of one port asked every `everyMs` from outside, each request on a connection of its
 * own and given up after `timeoutMs`: the requests do not wait for each other, so a slow answer
 * never delays the next question.
 */
export class HealthPoller {
  readonly samples: HealthSample[] = [];
  readonly #pending = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    readonly port: number,
    readonly everyMs = 100,
    readonly timeoutMs = 1500,
  ) {}

  start(): void {
    this.#poll();
    this.#timer = setInterval(() => this.#poll(), this.everyMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await Promise.all([...this.#pending]);
  }

  /** The first answer with this status that came at or after `since`. */
  firstAfter(since: number, status: number): HealthSample | undefined {
    return this.samples
      .filter((s) => s.at >= since && s.status === status)
      .reduce<HealthSample | undefined>((first, s) => (first && first.at <= s.at ? first : s), undefined);
  }

  #poll(): void {
    const sentAt = performance.now();
    const task = new Promise<void>((resolve) => {
      let done = false;
      const finish = (status: number | null) => {
        if (done) return;
        done = true;
        this.samples.push({ sentAt, at: performance.now(), status });
        resolve();
      };
      const request = http.get(
        { host: "127.0.0.1", port: this.port, path: "/healthz", agent: false, timeout: this.timeoutMs },
        (response) => {
          response.resume();
          finish(response.statusCode ?? null);
        },
      );
      request.on("timeout", () => {
        finish(null);
        request.destroy();
      });
      request.on("error", () => finish(null));
    });
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }
}

/**
 * One `loop-stall` line of a shard: when it came (Date.now), the second's longest stall, and the
 * longest of its own (less the time the shard waited for a CPU; the same where the bot does not say).
 */
export interface StallLine {
  shard: number;
  at: number;
  maxMs: number;
  ownMs: number;
  text: string;
}

/** The bot's `loop-stall max=… p99=…` lines (BENCH_LOOP_STATS=1) since `since`, each with its shard (`[shard N] `). */
export function stallLines(bot: BotProcess, since: number): StallLine[] {
  const out: StallLine[] = [];
  for (const line of bot.lines) {
    if (line.at < since) continue;
    const match = LOOP_STALL.exec(line.text);
    if (!match) continue;
    const shard = Number(/^\[shard (\d+)\]/.exec(line.text)?.[1] ?? 0);
    const maxMs = Number(match[1]);
    out.push({
      shard,
      at: line.at,
      maxMs,
      ownMs: match[5] === undefined ? maxMs : Number(match[5]),
      text: line.text,
    });
  }
  return out;
}

/** `count` consecutive ports of 127.0.0.1 nobody listens on now, the first returned (a sharded bot's METRICS_PORT). */
export async function freePorts(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(null));
      server.listen(port, "127.0.0.1", () => {
        const { port: taken } = server.address() as net.AddressInfo;
        server.close(() => resolve(taken));
      });
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await free(0);
    if (first === null || first + count > 65_536) continue;
    let all = true;
    for (let port = first + 1; port < first + count && all; port++) all = (await free(port)) !== null;
    if (all) return first;
  }
  throw new Error(`no ${count} free consecutive ports`);
}

/**
 * A TCP relay between the bot and its PostgreSQL server, for a freeze that begins with a move's
 * write on its way: armed with a byte pattern (the move's JSON, one of the write's parameters), it
 * calls `onSeen` on the first bytes from the bot that hold it before it forwards them, so the write
 * reaches a server `onSeen` has just stopped, and waits in that server's socket as it would on a
 * network. A connection the bot closes is closed towards the server with a FIN after what it sent
 * (never a reset), as the bot's own close does.
 */
export class PostgresRelay {
  readonly #target: { host: string; port: number };
  readonly #server = net.createServer((socket) => this.#relay(socket));
  readonly #sockets = new Set<net.Socket>();
  #armed: { pattern: Buffer; onSeen: () => void; seen: () => void } | null = null;
  #port = 0;

  /** `url`: the server's connection string. */
  constructor(readonly url: string) {
    const parsed = new URL(url);
    this.#target = { host: parsed.hostname, port: Number(parsed.port || 5432) };
  }

  /** The connection string through the relay. */
  get relayedUrl(): string {
    const parsed = new URL(this.url);
    parsed.hostname = "127.0.0.1";
    parsed.port = String(this.#port);
    return parsed.toString();
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(0, "127.0.0.1", () => resolve());
    });
    this.#port = (this.#server.address() as net.AddressInfo).port;
  }

  /** Resolves once bytes holding `pattern` came from the bot; `onSeen` ran just before they were forwarded. */
  arm(pattern: string, onSeen: () => void): Promise<void> {
    return new Promise((seen) => {
      this.#armed = { pattern: Buffer.from(pattern), onSeen, seen };
    });
  }

  disarm(): void {
    this.#armed = null;
  }

  async close(): Promise<void> {
    this.#armed = null;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #relay(client: net.Socket): void {
    const server = net.connect(this.#target);
    this.#sockets.add(client);
    this.#sockets.add(server);
    // The end of the last chunk: a pattern split over two chunks is still seen.
    let tail = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      const armed = this.#armed;
      if (armed) {
        const window = Buffer.concat([tail, chunk]);
        if (window.includes(armed.pattern)) {
          this.#armed = null;
          armed.onSeen();
          armed.seen();
        }
        tail = window.subarray(Math.max(0, window.length - armed.pattern.length + 1));
      }
      server.write(chunk);
    });
    server.on("data", (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    const closeServer = () => {
      if (!server.destroyed) server.end();
    };
    client.on("end", closeServer);
    client.on("close", closeServer);
    client.on("error", closeServer);
    server.on("end", () => client.end());
    server.on("error", () => client.destroy());
    server.on("close", () => {
      this.#sockets.delete(server);
      client.destroy();
    });
    client.on("close", () => this.#sockets.delete(client));
  }
}
