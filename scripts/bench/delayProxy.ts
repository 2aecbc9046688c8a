import { fork } from "node:child_process";
import { createConnection, createServer, type Socket } from "node:net";
import { fileURLToPath } from "node:url";

/**
 * A TCP proxy on 127.0.0.1 that holds every chunk `delayMs` before passing it on, each way: a
 * database on another machine, a network away, without touching the system's network settings.
 * It runs in a process of its own (`startDelayProxy`), so the bench's busy event loop does not add
 * its own delays to the network's.
 */

/** Listens on a free port of 127.0.0.1 and forwards to `target`; resolves with the port. */
export function serveDelayProxy(target: { host: string; port: number }, delayMs: number): Promise<number> {
  const server = createServer((client) => {
    const upstream = createConnection(target);
    relay(client, upstream, delayMs);
    relay(upstream, client, delayMs);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
}

/** Passes what `from` sends on to `to` after the delay, in order; an end or error ends both. */
function relay(from: Socket, to: Socket, delayMs: number): void {
  from.setNoDelay(true);
  // Timers of one duration fire in the order they were set: chunks keep their order.
  from.on("data", (chunk) =>
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, delayMs),
  );
  from.on("end", () => setTimeout(() => to.end(), delayMs));
  from.on("error", () => to.destroy());
  from.on("close", () => setTimeout(() => to.destroy(), delayMs));
}

/** A delay proxy in a child process: its port, and how to stop it. */
export async function startDelayProxy(
  target: { host: string; port: number },
  delayMs: number,
): Promise<{ port: number; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), [target.host, String(target.port), String(delayMs)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve(Number(message)));
    child.once("exit", (code) => reject(new Error(`the delay proxy exited (${code}) before it listened`)));
  });
  return { port, stop: () => child.kill("SIGTERM") };
}

// Run as the child: node delayProxy.js HOST PORT DELAY_MS; tells its parent the port it listens on.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  const [host, port, delay] = process.argv.slice(2);
  const listening = await serveDelayProxy({ host: host!, port: Number(port) }, Number(delay));
  process.send(listening);
  process.on("disconnect", () => process.exit(0));
}
