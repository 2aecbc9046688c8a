import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { nextInt } from "../../../src/engine/core/rng.js";
import { chance } from "../players.js";
import { sleep } from "../world.js";
import { finalChecks } from "./checks.js";
import { PostgresRelay } from "./freeze.js";
import { freezeStep, seenAfterFreeze } from "./freezeStep.js";
import {
  killAndRestart,
  killHostProcesses,
  registerCommands,
  rollHost,
  settle,
  startBot,
  startSoakProxy,
} from "./hosts.js";
import { killSomehow } from "./kills.js";
import { clusterChecks, soakResult } from "./result.js";
import { SoakState } from "./state.js";
import { gatherAll, play } from "./steps.js";
import type { SoakOptions, SoakResult } from "./types.js";

/**
 * The kill soak (issue 11): random games of every kind played through the local Discord emulator
 * against the real bot process, which is killed with SIGKILL at random moments — while clicks are
 * in flight, exactly between a move's commit and its table post (the table request is held by the
 * emulator), during the repair after a restart, or when idle — and restarted on the same database.
 * Play goes on after every restart; a game that ends is followed by a new one.
 *
 * Players are emulator users. Which component to click is decided from outside the bot: the game's
 * state is read read-only from the bot's SQLite file, each enabled component of the player's panel
 * (and the table's own action buttons) is read back through the game's UI module (`interpret`) and
 * the engine judges the move (`apply`), so most clicks are real moves; the rest are selection
 * steps, navigation, stale and double clicks, out-of-turn clicks and a stranger's clicks. Lobbies
 * (`/play`, Join, Start) and `/game end` / `/game hand` go through the same random schedule, so
 * kills land in them too.
 *
 * What is checked (checks.ts; every finding goes to `problems`):
 *  1. Replay: every started game's stored moves, applied in order to the engine's set-up from the
 *     stored seed, options and seats, give exactly the stored state. Moves are neither lost nor
 *     doubled: (game, seq) is unique and the seqs run without a gap from the first move after the
 *     start to the game's version; the version is the lobby's changes (joins and the start) plus the
 *     move count (plus 1 for a game ended by `/game end`). Every stored move is traced back to a
 *     distinct click of that player carrying the version the move was made from (no move the
 *     players did not make).
 *  2. No acknowledged move lost: see `checkClaims` in checks.ts.
 *  3. Tables current: after every restart, once the bot is idle, and at the end, the newest table
 *     message of every started game (its picture's file name `<type>-<id>-<version>.png`) shows the
 *     game's stored version, and the database's table record agrees.
 *  4. No interaction unanswered: every interaction sent while the bot was up got its first callback
 *     within 3 s, and a deferred answer was filled in — unless the bot was killed before it had
 *     that chance (killed less than 3 s after the click, or before the deferred answer came).
 *  5. The bot printed no error lines and the emulator saw no violations or unknown routes.
 *  6. Lobbies current: at the end, every lobby message shows its game's seats, and a started
 *     game's lobby no longer offers Join/Leave/Start (the bot repairs lobbies at start-up).
 * Observed but not failed (`observations`): a lobby message found behind while the soak runs (a
 * disabled Start that missed a join, a lobby stored without its message) — the next start-up
 * repairs it, which check 6 then sees (see `lobbyStep` in steps.ts).
 *
 * A cluster (`cluster`, issue 24): hosts of one sharded bot on one PostgreSQL database, their REST
 * through one proxy, one guild per shard. Kills go to the hosts in turn; rolls (SIGTERM with clicks
 * in flight, then a start) take turns with them, each on another host than the kill before. While a
 * host is down the others' games are played until moves are stored there (they never pause).
 * Reminders are on: no player may be reminded twice of one wait, and Discord must refuse nothing.
 *
 * The freeze (`freeze`, with a cluster): after the first round the PostgreSQL server is stopped
 * (SIGSTOP to its postmaster and every process under it) for some seconds, starting the moment a
 * move's write passes a relay on its way to the server, while moves are clicked on every shard;
 * then it is continued (SIGCONT) and play goes on. See freezeStep.ts for what is measured and
 * checked; check 1 also holds every stored move against the clicks the bot refused as "the
 * database is not answering" (none of them may have made its move).
 *
 * The seed fixes every random choice of the driver (and the bot's deals, GAME_SEED = f(seed, run));
 * the bot's own timing is not fixed, so a seed replays the same schedule, not always the same run.
 * Every problem names its game, click, version and bot run (1 = first start, n = after kill n-1).
 *
 * Its parts: state.ts (what they share), steps.ts (the schedule of play), interactions.ts (sending
 * and following each interaction), hosts.ts (starting, killing and rolling the bot processes),
 * kills.ts (when and how a kill lands), freezeStep.ts, checks.ts and result.ts.
 */
export class KillSoak {
  readonly #soak: SoakState;

  constructor(options: SoakOptions) {
    this.#soak = new SoakState(options);
  }

  get databasePath(): string {
    return this.#soak.databasePath;
  }

  /** Each run's bot output as `bot-run-<n>.log` in `dir`, and every interaction sent in `interactions.log`. */
  writeOutputs(dir: string): void {
    const soak = this.#soak;
    fs.mkdirSync(dir, { recursive: true });
    if (soak.proxy) fs.writeFileSync(path.join(dir, "proxy.log"), `${soak.proxy.output()}\n`);
    for (const [index, bot] of soak.bots.entries())
      fs.writeFileSync(path.join(dir, `bot-run-${index + 1}.log`), `${bot.output()}\n`);
    const lines = soak.sent.map((sent) => {
      const r = soak.emulator.responsesTo(sent.handle);
      const answer = sent.answer ? JSON.stringify(sent.answer.content.slice(0, 80)) : "-";
      return [
        `host ${sent.host + 1} run ${sent.run}`,
        `+${Math.round(sent.handle.dispatchedAt)}ms`,
        sent.kind,
        sent.userId,
        JSON.stringify(sent.handle.name),
        `ack ${r.ackLatencyMs === null ? "none" : `${Math.round(r.ackLatencyMs)}ms type ${r.callbackType}`}`,
        sent.settled ? "settled" : sent.cutAt !== null ? "cut by the kill" : "NOT SETTLED",
        `versions ${sent.answer?.versions.join(",") ?? "-"}`,
        answer,
      ].join(" | ");
    });
    fs.writeFileSync(path.join(dir, "interactions.log"), `${lines.join("\n")}\n`);
  }

  async stop(): Promise<void> {
    const soak = this.#soak;
    // A server left stopped would keep its own stop waiting for good.
    soak.frozen?.resume();
    soak.frozen = null;
    soak.closeDatabase();
    for (const host of soak.hosts) if (host.runs.at(-1)?.running) await killHostProcesses(host);
    // After the hosts: closing it under them would cut their connections.
    await soak.relay?.close();
    soak.relay = null;
    if (soak.proxy?.running) await soak.proxy.kill("SIGKILL");
    await soak.emulator.stop();
  }

  async run(): Promise<SoakResult> {
    const soak = this.#soak;
    const began = performance.now();
    const kills = Math.max(0, Math.floor(soak.options.kills));
    const rolls = Math.max(0, Math.floor(soak.options.cluster?.rolls ?? 0));
    const [minSteps, maxSteps] = soak.options.steps ?? [8, 30];
    await soak.emulator.start();
    soak.setUpWorld();
    if (soak.options.cluster) await startSoakProxy(soak);
    if (soak.options.cluster && soak.options.freeze) {
      soak.relay = new PostgresRelay(soak.options.cluster.databaseUrl);
      await soak.relay.start();
    }
    for (const host of soak.hosts) await startBot(soak, host, 0);
    await registerCommands(soak);
    soak.log(
      `seed ${soak.seed}: emulator on port ${soak.emulator.port}, ${soak.hosts.length} host(s) started`,
    );

    // Every channel's first game is gathered and started before the first kill, so every kind is played.
    await gatherAll(soak);
    let killed = 0;
    let rolled = 0;
    let froze = false;
    try {
      for (let round = 0; ; round++) {
        const steps =
          round === 0
            ? (soak.options.firstSteps ?? 20)
            : minSteps + nextInt(soak.rng, maxSteps - minSteps + 1);
        await play(soak, steps);
        await settle(soak, `after round ${round}`);
        // The freeze comes after the first round; rounds are played after it until every shard
        // printed its event-loop stall of a few seconds after it (100 rounds at most).
        if (soak.options.freeze && !froze) {
          froze = true;
          await freezeStep(soak);
          continue;
        }
        if (froze && round <= 100 && !seenAfterFreeze(soak)) continue;
        if (killed >= kills && rolled >= rolls) break;
        // Kills and rolls take turns; a roll goes to another host than the kill before it.
        if (rolled < rolls && (killed >= kills || rolled < killed)) {
          await rollHost(soak, soak.hostAt(rolled + 1), ++rolled, rolls);
          continue;
        }
        const host = soak.hostAt(killed);
        await killSomehow(soak, host, ++killed, kills);
        // Right after a restart the bot may still be repairing tables: sometimes kill it right there.
        if (killed < kills && chance(soak.rng, 0.08)) {
          await sleep(nextInt(soak.rng, 250));
          soak.log(`kill ${++killed}/${kills}: during the start-up repair`);
          await killAndRestart(soak, host, "during-repair");
        }
      }
      await settle(soak, "at the end", true);
    } catch (err) {
      // A bot that does not come back (or a broken build) ends the soak; what was seen still counts.
      soak.problem(
        "stopped",
        `the soak stopped after ${killed} kill(s) and ${rolled} roll(s): ${(err as Error).message}`,
      );
    }
    soak.claims = finalChecks(soak);
    if (soak.options.cluster) clusterChecks(soak);
    return soakResult(soak, killed, performance.now() - began);
  }
}
