import { nextFloat, nextInt } from "../../../src/engine/core/rng.js";
import { chance, pick } from "../players.js";
import { sleep } from "../world.js";
import { killAndRestart } from "./hosts.js";
import { send } from "./interactions.js";
import type { Host, SoakState } from "./state.js";
import { prepareMove, step } from "./steps.js";
import type { SoakSlot as Slot } from "./types.js";

/**
 * The kill soak's kills: a SIGKILL while clicks are in flight, right after a commit (its table post
 * or its answer held by the emulator), or when idle. Which one, and when, comes from the seed.
 */

/** The `kill`-th of `kills` SIGKILLs to `host`: with clicks in flight, right after a commit, or idle. */
export async function killSomehow(soak: SoakState, host: Host, kill: number, kills: number): Promise<void> {
  const mine = soak.slots.filter((slot) => slot.host === host.index);
  const who = soak.options.cluster ? ` (${soak.name(host)})` : "";
  const first = kill === 1 ? soak.options.firstKillHeld : undefined;
  const r = first ? 0.5 : nextFloat(soak.rng);
  if (r < 0.45) {
    // Kill while clicks are in flight.
    const busy = new Set<string>();
    const wave = 1 + nextInt(soak.rng, 5);
    // Channels gathering a new game first, so some kills land in lobbies too.
    const gathering = mine.filter((slot) => soak.db.openGame(slot.channel.id)?.status !== "active");
    for (let i = 0; i < wave; i++)
      step(soak, pick(soak.rng, i === 0 && gathering.length > 0 ? gathering : mine), busy);
    const delay = pick(soak.rng, [0, 5, 15, 30, 60, 100, 150, 250, 400]);
    await sleep(delay);
    soak.log(`kill ${kill}/${kills}${who}: ${wave} click(s) in flight, ${delay} ms after sending`);
    await killAndRestart(soak, host, "in-flight");
    return;
  }
  if (r < 0.9) {
    const target = first ?? (r < 0.75 ? "table" : "answer");
    const held = await killHeld(soak, host, mine, `${kill}/${kills}${who}`, target);
    if (held) return;
  }
  soak.log(`kill ${kill}/${kills}${who}: idle`);
  await killAndRestart(soak, host, "idle");
}

/**
 * A kill right after a commit. `table`: a move whose table update is held by the emulator (the
 * move is stored and answered, its table post or edit never arrives). `answer`: a click whose
 * first answer to Discord is held (the move, join, start or new lobby is stored, the click is
 * never answered). Once the request is held: SIGKILL. Returns false when nothing could be set up.
 */
async function killHeld(
  soak: SoakState,
  host: Host,
  mine: Slot[],
  kill: string,
  target: "table" | "answer",
): Promise<boolean> {
  for (let attempt = 0; attempt < 12; attempt++) {
    // An answer held: half the time in a channel gathering a new game, when there is one.
    const gathering = mine.filter((slot) => soak.db.openGame(slot.channel.id)?.status !== "active");
    const lobby = target === "answer" && gathering.length > 0 && chance(soak.rng, 0.5);
    const slot = pick(soak.rng, lobby ? gathering : mine);
    const open = soak.db.openGame(slot.channel.id);
    const answerHold = () => [
      soak.emulator.holdNext("POST", /^\/interactions\/\d+\/[^/]+\/callback/).then(() => "answer"),
    ];
    if (target === "answer" && open?.status !== "active") {
      // A lobby: its /play, a join or the start.
      const what = open
        ? `the lobby of game ${open.id} (${open.gameType})`
        : `a /play in #${slot.channel.name}`;
      const before = channelSnapshot(soak, slot);
      const holds = answerHold();
      const task = step(soak, slot, new Set());
      if (!task) {
        soak.emulator.clearFaults();
        continue;
      }
      if (await killWhenHeld(soak, host, holds, task, before, slot, what, kill, target)) return true;
      continue;
    }
    const prepared = await prepareMove(soak, slot);
    if (!prepared) continue;
    const { game, user, choice } = prepared;
    const what = `game ${game.id} (${game.gameType}) v${game.version}: ${JSON.stringify(choice.move)}`;
    const before = channelSnapshot(soak, slot);
    // A click's new table goes out on its token (a follow-up), else to the channel.
    const holds =
      target === "table"
        ? [
            soak.emulator.holdNext("POST", /^\/webhooks\/\d+\/[^/]+$/).then(() => "table follow-up"),
            soak.emulator
              .holdNext("POST", new RegExp(`^/channels/${slot.channel.id}/messages$`))
              .then(() => "table post"),
            soak.emulator
              .holdNext("PATCH", new RegExp(`^/channels/${slot.channel.id}/messages/\\d+$`))
              .then(() => "table edit"),
          ]
        : answerHold();
    const task = send(soak, "move", user, choice.message, choice.component, choice.values, choice.move, game);
    if (await killWhenHeld(soak, host, holds, task, before, slot, what, kill, target)) return true;
  }
  soak.emulator.clearFaults();
  return false;
}

/** What the database holds for a channel's games: (id, version, status) of each. */
function channelSnapshot(soak: SoakState, slot: Slot): string {
  return JSON.stringify(
    soak.db
      .games()
      .filter((g) => g.channelId === slot.channel.id)
      .map((g) => [g.id, g.version, g.status]),
  );
}

/** SIGKILL once one of `holds` is held; false (the click left to finish) when none is within 4 s. */
async function killWhenHeld(
  soak: SoakState,
  host: Host,
  holds: Promise<string>[],
  task: Promise<void>,
  before: string,
  slot: Slot,
  what: string,
  kill: string,
  target: string,
): Promise<boolean> {
  const which = await Promise.race([...holds, sleep(4000).then(() => null)]);
  if (which === null) {
    // Refused, or it changed nothing that needs the held request: let it finish, try another.
    soak.log(`  (${what}: no ${target} request came)`);
    soak.emulator.clearFaults();
    await task;
    return false;
  }
  const committed = channelSnapshot(soak, slot) !== before;
  if (committed) soak.killsAfterCommit++;
  soak.log(`kill ${kill}: ${what}: its ${which} held${committed ? " after the commit" : ""}`);
  await killAndRestart(soak, host, `held ${which}`);
  return true;
}
