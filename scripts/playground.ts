// `npm run playground`: the bot against an embedded Discord, played in the browser as five members.
import { networkInterfaces } from "node:os";
import { parseArgs } from "node:util";
import { MEMBERS, type Playground, startPlayground } from "@cardtable/discord-emulator/playground";

let values: { port: string; host: string; data: string };
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      data: { type: "string", default: "./data" },
    },
  }));
} catch (error) {
  console.error(
    `${(error as Error).message}\nUsage: npm run playground -- [--port 8080] [--host 127.0.0.1] [--data ./data]`,
  );
  process.exit(1);
}

const port = Number(values.port);
if (!/^\d{1,5}$/.test(values.port) || port > 65_535) {
  console.error(`--port must be a port number (0–65535), not ${values.port}`);
  process.exit(1);
}
const loopback = ["127.0.0.1", "localhost", "::1"].includes(values.host);
if (!loopback) {
  console.warn(
    `Warning: listening on ${values.host}: everyone who can reach this machine on that network can act as any member (and as Alice, who manages the server). Share it only on a network you trust.`,
  );
}

let playground: Playground | null = null;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // Still starting: exiting takes the bot process down with it (BotProcess's exit hook).
    if (!playground) process.exit(1);
    if (stopping) return;
    stopping = true;
    console.log("Stopping the playground…");
    playground.stop().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`Stopping failed: ${error.message}`);
        process.exit(1);
      },
    );
  });
}

try {
  playground = await startPlayground({ port, host: values.host, dataDir: values.data });
} catch (error) {
  const busy = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
  console.error(
    busy
      ? `Port ${port} is in use on ${values.host}: choose another with --port, e.g. npm run playground -- --port ${port + 1}`
      : `The playground could not start: ${(error as Error).message}`,
  );
  process.exit(1);
}

console.log(
  `Playground ready: ${playground.url} (members: ${MEMBERS.map((member) => member.name).join(", ")})`,
);
// performance.now() counts from the start of this Node process.
console.log(
  `Started in ${(performance.now() / 1000).toFixed(1)} s; games are kept in ${values.data}. Stop with Ctrl+C.`,
);
if (values.host === "0.0.0.0" || values.host === "::") {
  const port = new URL(playground.url).port;
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === "IPv4")
    .map((address) => `http://${address!.address}:${port}`);
  if (addresses.length > 0) console.log(`On your network: ${addresses.join(", ")}`);
}
