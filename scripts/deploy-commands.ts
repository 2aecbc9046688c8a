import { commandsFor } from "../commands/index.js";
import { registerCommands } from "../src/bot/client.js";
import { ConfigError, loadConfig } from "../src/bot/config.js";
import { GAMES } from "../src/games/index.js";

/**
 * Registers the slash commands. `npm run deploy-commands -- --guild <id>` (or DEV_GUILD_ID in .env)
 * registers them in one server at once, for development; `--global` registers them everywhere
 * (Discord may take up to an hour to show changes).
 */
async function main() {
  const config = loadConfig();
  const args = process.argv.slice(2);
  const global = args.includes("--global");
  const guildArg = args[args.indexOf("--guild") + 1];
  const guildId = global ? null : args.includes("--guild") && guildArg ? guildArg : config.devGuildId;
  if (!global && !guildId) {
    console.error(
      "Say where: --guild <server id> (or DEV_GUILD_ID in .env) for one server, or --global for all.",
    );
    process.exit(2);
  }
  const n = await registerCommands(config, { guildId }, commandsFor(GAMES));
  console.log(`Registered ${n} commands ${guildId ? `in server ${guildId}` : "globally"}.`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
