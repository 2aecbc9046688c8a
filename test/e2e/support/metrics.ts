import { createServer } from "node:net";
import { WAIT_LIMIT_MS } from "@cardtable/discord-emulator";
import { expect } from "vitest";

/** A port nobody listens on now, for the bot's metrics server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** What the bot's `/metrics` on `port` serves now. */
export async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The sum of a metric's samples whose labels include `labels` (0 when there is none). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** Scrapes until `holds` is true of what the bot serves: what it did and its count come a moment apart. */
export async function scrapeUntil(
  port: number,
  holds: (text: string) => boolean,
  what: string,
): Promise<string> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const text = await scrape(port);
    if (holds(text)) return text;
    if (Date.now() > deadline) throw new Error(`the metrics never showed ${what}:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
