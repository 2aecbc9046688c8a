import { once } from "node:events";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { OneMessagePerTurn } from "../../../src/bot/gatewayTurns.js";

const require = createRequire(import.meta.url);

describe("gateway messages, one per event-loop turn", () => {
  it("stays the socket class ws offers @discordjs/ws once ws's own entry has loaded", () => {
    require("@discordjs/ws");
    expect(require("ws").WebSocket).toBe(OneMessagePerTurn);
  });

  it("lets the event loop run between messages that came in one read of the socket", async () => {
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await once(server, "listening");
    server.on("connection", (peer: WebSocket) => {
      // Corked: the three messages leave in one write, and arrive in one read.
      const socket = (peer as unknown as { _socket: Socket })._socket;
      socket.cork();
      for (const text of ["1", "2", "3"]) peer.send(text);
      socket.uncork();
    });
    const { port } = server.address() as { port: number };
    const client = new OneMessagePerTurn(`ws://127.0.0.1:${port}`);
    // For each message after the first: whether a turn of the event loop passed since the one before.
    const turned: boolean[] = [];
    let messages = 0;
    let turnPassed = false;
    const all = new Promise<void>((resolve) => {
      client.on("message", () => {
        messages++;
        if (messages > 1) turned.push(turnPassed);
        turnPassed = false;
        setImmediate(() => {
          turnPassed = true;
        });
        if (messages === 3) resolve();
      });
    });
    await all;
    client.close();
    server.close();
    expect(turned).toEqual([true, true]);
  });
});
