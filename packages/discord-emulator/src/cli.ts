// Runs the emulator on a fixed port for debugging by hand, with a REPL to act as users.
// See test/e2e/README.md for how to build and start it.
import { start as startRepl } from "node:repl";
import { parseArgs } from "node:util";
import { BotProcess, componentsOf, DiscordEmulator, type MessageView } from "./index.js";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.E2E_EMULATOR_PORT ?? "8765" },
    bot: { type: "boolean", default: false },
    "bot-script": { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});

const emulator = new DiscordEmulator({
  port: Number(values.port),
  log: values.verbose ? (line) => console.log(`[rest] ${line}`) : undefined,
});
await emulator.start();
const guild = emulator.createGuild("Dev Guild");
const channel = emulator.createChannel(guild, "general");
const alice = emulator.createUser("Alice", { manageGuild: true });
const bob = emulator.createUser("Bob");

console.log(`Discord emulator listening.
  DISCORD_API_BASE=${emulator.apiBase}
  DISCORD_APPLICATION_ID=${emulator.applicationId}
  DISCORD_TOKEN=${emulator.token}
  DEV_GUILD_ID=${guild.id}
  gateway: ${emulator.gatewayUrl}
  channel "general": ${channel.id}; users: alice ${alice.id} (Manage Server), bob ${bob.id}`);

let bot: BotProcess | null = null;
if (values.bot || values["bot-script"]) {
  bot = new BotProcess({
    emulator,
    guildId: guild.id,
    cwd: process.cwd(),
    echo: true,
    ...(values["bot-script"] ? { args: [values["bot-script"]] } : {}),
  });
  await bot.start();
}

function describe(message: MessageView): string {
  const controls = componentsOf(message)
    .map((component) => component.customId)
    .join(", ");
  const files = message.attachments
    .map((attachment) => `${attachment.filename} (${attachment.size} B)`)
    .join(", ");
  return [
    `#${message.id}${message.ephemeral ? ` [ephemeral for ${message.audienceUserId}]` : ""}: ${message.text}`,
    ...(message.embeds.length
      ? [`  embeds: ${message.embeds.map((embed) => embed.title ?? "(untitled)").join(", ")}`]
      : []),
    ...(files ? [`  files: ${files}`] : []),
    ...(controls ? [`  components: ${controls}`] : []),
  ].join("\n");
}

console.log(`
REPL context: emulator, guild, channel, alice, bob, bot, componentsOf
  await emulator.waitForBotReady()
  i = await emulator.slash(alice, channel, "play", { game: "thegame" })
  await emulator.waitForResponse(i)
  show()                      public messages of #general
  mine(alice)                 alice's ephemeral messages
  await emulator.click(bob, emulator.lastChannelMessage(channel), "<custom_id>")
  emulator.violations, emulator.unknownRoutes, emulator.ackLatencies`);

const repl = startRepl({ prompt: "discord> " });
Object.assign(repl.context, {
  emulator,
  guild,
  channel,
  alice,
  bob,
  bot,
  componentsOf,
  show: (target = channel) =>
    console.log(emulator.channelMessages(target).map(describe).join("\n") || "(none)"),
  mine: (user = alice) => console.log(emulator.ephemeralsFor(user).map(describe).join("\n") || "(none)"),
});
repl.on("exit", () => {
  void (async () => {
    await bot?.kill();
    await emulator.stop();
    process.exit(0);
  })();
});
