import {
  componentsOf,
  type EmulatorChannel,
  type EmulatorUser,
  type MessageView,
} from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { placements, stapelen } from "../../../src/games/stapelen/engine/index.js";
import type { StapelenMove, StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { button, findComponent, testWorld } from "../../e2e/support/world.js";

const GAME = "stapelen";
const {
  world,
  users: [alice, bob, carol],
  channels: [winChannel, lossChannel],
} = testWorld({
  seed: 4,
  users: ["Alice", "Bob", "Carol"],
  managers: ["Alice"],
  channels: ["stacking", "stacking-2"],
});

const state = (channel: EmulatorChannel) => world.state<StapelenState>(channel);
const activeUser = (channel: EmulatorChannel) => world.userToMove(channel, [alice, bob]);

async function openGame(
  channel: EmulatorChannel,
  creator: EmulatorUser,
  joiner: EmulatorUser,
): Promise<MessageView> {
  return world.openGame(GAME, channel, creator, [joiner]);
}

/** The referee's plan: a winning order of placements (depth-first with a memo of dead positions), or null. */
function winningLine(s: StapelenState, dead = new Set<string>()): StapelenMove[] | null {
  if (s.phase === "over") return s.endReason === "allTaken" ? [] : null;
  const tops = s.players.map((p) => (s.foundations[p] ?? []).map((f) => f.at(-1)?.rank ?? 0).sort());
  const key = `${s.columns.map((c) => c.length).join("")}:${s.activeSeat}:${JSON.stringify(tops)}`;
  if (dead.has(key)) return null;
  const player = s.players[s.activeSeat] as PlayerId;
  for (const move of stapelen.legalMoves(s, player)) {
    const r = stapelen.apply(s, player, move);
    if (!r.ok) continue;
    const rest = winningLine(r.state, dead);
    if (rest) return [move, ...rest];
  }
  dead.add(key);
  return null;
}

/** The shortest of many seeded random games that end with the mover stuck while the other player could still place. */
function strictLossLine(start: StapelenState): StapelenMove[] {
  let best: StapelenMove[] | null = null;
  for (let k = 0; k < 200; k++) {
    const rng = createRng(k);
    let s = start;
    const line: StapelenMove[] = [];
    while (s.phase === "play") {
      const player = s.players[s.activeSeat] as PlayerId;
      const moves = stapelen.legalMoves(s, player);
      const move = moves[nextInt(rng, moves.length)]!;
      const r = stapelen.apply(s, player, move);
      if (!r.ok) throw new Error(r.error.key);
      s = r.state;
      line.push(move);
    }
    const other = s.players[1 - s.activeSeat] as PlayerId;
    const strict = s.endReason === "stuck" && placements(s, other).length > 0;
    if (strict && (!best || line.length < best.length)) best = line;
  }
  if (!best) throw new Error("no strict loss found for this deal");
  return best;
}

/** One placement through the panel: open it, pick the column, press the foundation's button. */
async function place(channel: EmulatorChannel, move: StapelenMove): Promise<void> {
  const active = activeUser(channel);
  const panel = await world.openPanel(active, channel, GAME);
  const select = button(panel, "col");
  expect(select.options.some((o) => o.value === String(move.column))).toBe(true);
  const chosen = await world.select(active, panel, select.customId!, [String(move.column)]);
  const legal = stapelen
    .legalMoves(state(channel), active.id)
    .filter((m) => m.column === move.column)
    .map((m) => m.foundation);
  for (let f = 0; f < 3; f++) {
    expect(button(chosen, "place", [String(move.column), String(f)]).disabled).toBe(!legal.includes(f));
  }
  const movesBefore = world.game(channel.id).moves;
  await world.click(
    active,
    chosen,
    button(chosen, "place", [String(move.column), String(move.foundation)]).customId!,
  );
  expect(world.game(channel.id).moves).toBe(movesBefore + 1);
}

describe("Stacking end to end, against the local Discord emulator", () => {
  it("the player who created the game starts, and the table mentions only them", async () => {
    const table = await openGame(winChannel, alice, bob);
    expect(table.attachments[0]!.data.subarray(1, 4).toString()).toBe("PNG");
    const s = state(winChannel);
    expect(s.players).toEqual([alice.id, bob.id]);
    expect(s.players[s.activeSeat]).toBe(alice.id);
    expect(table.notified).toEqual([alice.id]);
    expect(table.text).toMatch(/Alice to place a top card/);
  });

  it("the waiting player's clicks are refused and change nothing; the active player is offered only fitting cards", async () => {
    const before = world.game(winChannel.id);
    const bobPanel = await world.openPanel(bob, winChannel, GAME);
    expect(bobPanel.text).toMatch(/Waiting for Alice/);
    expect(findComponent(bobPanel, "col")).toBeUndefined();

    const refusedSelect = await world.select(bob, bobPanel, `g:${before.id}:${before.version}:col`, ["0"], {
      stale: true,
    });
    expect(findComponent(refusedSelect, "place")).toBeUndefined();
    const refused = await world.click(bob, refusedSelect, `g:${before.id}:${before.version}:place:0:0`, {
      stale: true,
    });
    expect(refused.text).toMatch(/not your turn/i);
    const table = await world.settledTable(winChannel, GAME);
    const stranger = await world.click(carol, table, button(table, "panel").customId!);
    expect(stranger.text).toMatch(/not playing in this game/);
    expect(world.game(winChannel.id)).toEqual(before);

    const alicePanel = await world.openPanel(alice, winChannel, GAME);
    const offered = button(alicePanel, "col").options.map((o) => Number(o.value));
    const fitting = [...new Set(stapelen.legalMoves(state(winChannel), alice.id).map((m) => m.column))];
    expect(offered.sort((a, b) => a - b)).toEqual(fitting.sort((a, b) => a - b));
  });

  it("plays the whole game through the panels to the result message: all 52 cards stacked, both win", async () => {
    const plan = winningLine(state(winChannel));
    expect(plan).not.toBeNull();
    for (const [i, move] of plan!.entries()) {
      await place(winChannel, move);
      // Every few moves, also check that the new table waits for the next player only.
      if (i % 8 === 0 && world.game(winChannel.id).status === "active") {
        const table = await world.settledTable(winChannel, GAME);
        expect(table.notified).toEqual([activeUser(winChannel).id]);
      }
    }
    const game = world.game(winChannel.id);
    expect(game.status).toBe("finished");
    const s = game.state as unknown as StapelenState;
    expect(s.endReason).toBe("allTaken");
    expect(s.columns.flat()).toHaveLength(0);

    const result = await world.settledTable(winChannel, GAME);
    expect(result.text).toMatch(/game over/);
    expect(result.text).toMatch(/you both win/);
    expect(result.text).toMatch(/Alice: \d+ cards stacked — win/);
    expect(result.text).toMatch(/Bob: \d+ cards stacked — win/);
    expect(result.notified.sort()).toEqual([alice.id, bob.id].sort());
    expect(componentsOf(result)).toEqual([]);
  });

  it("strict loss: Bob creates and starts; the game ends when the mover is stuck, even though the other could place", async () => {
    await openGame(lossChannel, bob, alice);
    const start = state(lossChannel);
    expect(start.players[start.activeSeat]).toBe(bob.id);
    const plan = strictLossLine(start);
    for (const move of plan) await place(lossChannel, move);

    const game = world.game(lossChannel.id);
    expect(game.status).toBe("finished");
    const s = game.state as unknown as StapelenState;
    const stuck = s.players[s.activeSeat] as PlayerId;
    const other = s.players[1 - s.activeSeat] as PlayerId;
    expect(s.endReason).toBe("stuck");
    expect(placements(s, stuck)).toEqual([]);
    expect(placements(s, other).length).toBeGreaterThan(0);

    const result = await world.settledTable(lossChannel, GAME);
    const stuckName = stuck === alice.id ? "Alice" : "Bob";
    expect(result.text).toMatch(/game over/);
    expect(result.text).toContain(`${stuckName} could not place a card`);
    expect(result.text).toMatch(/you both lose/);
    expect(result.text).toMatch(/Alice: \d+ cards? stacked — loss/);
    // Only the review's way into the replay, when it names a move.
    expect(componentsOf(result).every((c) => c.customId?.startsWith("r:"))).toBe(true);
  });

  it("a forged placement on a foundation that does not take the card is refused with the reason", async () => {
    const channel = world.channel("stacking-3");
    await openGame(channel, alice, bob);
    await place(channel, { type: "place", column: 0, foundation: 0 });
    const s = state(channel);
    const top = (s.foundations[alice.id]?.[0] ?? []).at(-1)!;
    await place(channel, stapelen.legalMoves(s, bob.id)[0]!);
    // Alice again: find a column whose top card does not follow her foundation 1's top card.
    const now = state(channel);
    const column = now.columns.findIndex((c) => c.length > 0 && c.at(-1)!.rank !== (top.rank % 13) + 1);
    const before = world.game(channel.id);
    const panel = await world.openPanel(alice, channel, GAME);
    const refused = await world.click(alice, panel, `g:${before.id}:${before.version}:place:${column}:0`, {
      stale: true,
    });
    expect(refused.text).toMatch(/does not fit on your foundation 1/);
    expect(world.game(channel.id)).toEqual(before);
  });

  it("/rules stapelen explains the game in the bot's own words, with the creator-starts and strict-loss rulings", async () => {
    const reply = await world.slash(carol, winChannel, "rules", { game: GAME });
    const text = reply.message!.text;
    expect(text).toMatch(/Stacking/);
    expect(text).toMatch(/player who created the game starts/);
    expect(text).toMatch(/strictly, even if the other player could still have placed one/);
    expect(text).toMatch(/after the King comes the Ace/);
  });
});
