import { createRequire } from "node:module";
import type WebSocket from "ws";

/**
 * Gateway messages handled one per event-loop turn. @discordjs/ws opens its socket with ws's
 * defaults, under which all the messages that came in one read of the socket are handled in one
 * go: at start-up that is the servers' GUILD_CREATEs, whose channels discord.js builds with code
 * not yet compiled, and the event loop stalled 50–100 ms in a quarter of the memory bench's starts
 * (100,000 games over 50 servers). @discordjs/ws takes no options for its socket, so the class it
 * reads from ws (`require("ws").WebSocket`) is replaced, before discord.js loads, by one that asks
 * ws for a turn per message. ws's CommonJS entry is loaded here first: loading it later would set
 * that property back to ws's own class. Imported first by the entry point.
 */
const ws = createRequire(import.meta.url)("ws") as typeof WebSocket;

export class OneMessagePerTurn extends ws {
  constructor(...[address, protocols, options]: ConstructorParameters<typeof WebSocket>) {
    super(address, protocols ?? [], { ...options, allowSynchronousEvents: false });
  }
}

(ws as unknown as { WebSocket: unknown }).WebSocket = OneMessagePerTurn;
