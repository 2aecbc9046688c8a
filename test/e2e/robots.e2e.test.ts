import { componentsOf, type EmulatorChannel, WAIT_LIMIT_MS } from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import type { Card } from "../../src/engine/core/cards.js";
import { GAMES } from "../../src/games/index.js";
import type { TheGameState } from "../../src/games/thegame/engine/types.js";
import { button, findComponent, type GameRow, lobbyButton, testWorld } from "./support/world.js";

const {
  world,
  users: [alice, bob],
} = testWorld({ seed: 7, users: ["Alice", "Bob"], managers: ["Alice"] });

function actorsOf(gameType: string, game: GameRow): string[] {
  return GAMES.engines()[gameType]!.actors(game.state as never);
}

/** Seat kinds as the store keeps them. */
function seats(channel: EmulatorChannel): { user_id: string; kind: string; stands_in_for: string | null }[] {
  const id = world.game(channel.id).id;
  return world.db((db) =>
    db
      .prepare("SELECT user_id, kind, stands_in_for FROM game_players WHERE game_id = ? ORDER BY seat")
      .all(id),
  ) as { user_id: string; kind: string; stands_in_for: string | null }[];
}

/** No message in the channel mentions or pings a robot seat. */
function expectRobotsNeverMentioned(channel: EmulatorChannel): void {
  for (const m of world.emulator.channelMessages(channel)) {
    expect(
      m.notified.filter((id) => id.startsWith("bot:")),
      m.text,
    ).toEqual([]);
    expect(m.text).not.toMatch(/<@!?bot:/);
  }
}

describe("robots in seats, end to end against the local Discord emulator", () => {
  it("only the host adds robots: another member's Add a bot is refused and changes nothing", async () => {
    const channel = world.channel("lobby-rights");
    const lobby = (await world.slash(alice, channel, "play", {}, "thegame")).message!;
    await world.click(bob, lobby, lobbyButton(lobby, "join"));
    const before = world.latest(lobby).text;
    const refused = await world.click(bob, world.latest(lobby), lobbyButton(world.latest(lobby), "addBot"));
    expect(refused.text).toMatch(/Only the host can add bots/);
    expect(refused.ephemeral).toBe(true);
    expect(world.latest(lobby).text).toBe(before);
    expect(seats(channel).map((s) => s.kind)).toEqual(["human", "human"]);
    await world.click(alice, world.latest(lobby), lobbyButton(world.latest(lobby), "addBot"));
    expect(seats(channel).map((s) => s.kind)).toEqual(["human", "human", "bot"]);
    await world.click(alice, world.latest(lobby), lobbyButton(world.latest(lobby), "removeBot"));
    expect(seats(channel).map((s) => s.kind)).toEqual(["human", "human"]);
  });

  it("a solo human plays The Game with two robots through the panels to the end", async () => {
    const channel = world.channel("the-game-robots");
    let table = await world.openGameWithRobots("thegame", channel, alice, 2);
    expect(seats(channel).map((s) => s.kind)).toEqual(["human", "bot", "bot"]);
    expect(table.notified).toEqual([alice.id]);
    const claim = findComponent(table, "claim");
    if (claim?.customId && world.game(channel.id).state.phase === "claim")
      await world.click(alice, table, claim.customId);
    let turns = 0;
    for (let guard = 0; guard < 200; guard++) {
      const game = await world.untilPeopleAct(channel, "thegame");
      if (game.status !== "active") break;
      const s = game.state as unknown as TheGameState;
      if (s.phase === "claim") {
        table = await world.settledTable(channel, "thegame");
        await world.click(alice, table, button(table, "claim").customId!);
        continue;
      }
      let panel = await world.openPanel(alice, channel, "thegame");
      for (let plays = 0; plays < 12; plays++) {
        if (world.game(channel.id).status !== "active") break;
        const end = findComponent(panel, "end");
        if (end && !end.disabled) {
          await world.click(alice, panel, end.customId!);
          break;
        }
        panel = await world.playTheGameCard(alice, panel);
      }
      turns++;
    }
    const over = world.game(channel.id);
    expect(over.status).toBe("finished");
    expect(turns).toBeGreaterThan(3);
    // The robots played their own turns: every seat has stored moves.
    const movers = world.db((db) =>
      db.prepare("SELECT DISTINCT user_id FROM moves WHERE game_id = ?").all(over.id),
    ) as { user_id: string }[];
    expect(movers.map((m) => m.user_id).sort()).toEqual([alice.id, "bot:1", "bot:2"].sort());
    const result = await world.settledTable(channel, "thegame");
    expect(result.text).toMatch(/game over/i);
    expect(result.text).toContain("🤖 Bot 1");
    expectRobotsNeverMentioned(channel);
  });

  it("Troubadour against a robot: the robot's secret pick stays secret until the reveal, and posts no new table", async () => {
    const channel = world.channel("troubadour-robot");
    const since = Date.now();
    const first = await world.openGameWithRobots("troubadour", channel, alice, 1);
    // The robot picks at once; the table then waits for Alice only.
    const picked = await world.emulator.waitFor(
      () => {
        const s = world.game(channel.id).state as { picks: Record<string, Card[] | null> };
        return s.picks["bot:1"] ? s : null;
      },
      WAIT_LIMIT_MS,
      "the robot's pick",
    );
    expect(picked.picks[alice.id] ?? null).toBeNull();
    // A pick made while Alice still chooses changes nobody's turn: the table is edited in place, no
    // new table message pushes Alice's panel away or pings her again.
    const waiting = await world.settledTable(channel, "troubadour");
    expect(world.tables(channel, "troubadour").map((m) => m.id)).toEqual([first.id]);
    expect(waiting.text).toMatch(/Chosen: 🤖 Bot 1 · still choosing: Alice/);
    expect(waiting.notified).toEqual([alice.id]);
    const noble = /[JQK]\s?[♠♥♦♣]|[♠♥♦♣]\s?[JQK]|\b[JQK][SHDC]\b/u;
    for (const m of world.emulator.channelMessages(channel)) {
      if (Math.max(m.createdAt, m.editedAt ?? 0) < since) continue;
      const texts = [
        m.text,
        ...m.attachments.map((a) => a.filename),
        ...componentsOf(m).map((c) => c.customId ?? ""),
      ];
      for (const text of texts) expect(text, "a public message names a noble").not.toMatch(noble);
    }
    const panel = await world.openPanel(alice, channel, "troubadour");
    expect(panel.text).not.toMatch(noble);
    for (const c of componentsOf(panel)) expect(c.customId ?? "").not.toMatch(noble);

    await world.select(alice, panel, button(panel, "pick").customId!, ["JS", "QS", "KH"]);
    const revealed = world.game(channel.id).state as { phase: string; picks: Record<string, Card[]> };
    expect(revealed.phase).toBe("play");
    const trio = revealed.picks["bot:1"]!.map(
      (c) => `${c.rank === 11 ? "J" : c.rank === 12 ? "Q" : "K"}${"♠♥♦♣"["SHDC".indexOf(c.suit)]}`,
    );
    await world.emulator.waitFor(
      () =>
        world.emulator
          .channelMessages(channel)
          .find((m) => m.text.startsWith("📜") && m.text.includes(`Bot 1 chose ${trio.join(" ")}.`)),
      WAIT_LIMIT_MS,
      "the reveal of the robot's trio",
    );
    expectRobotsNeverMentioned(channel);
  });

  it("a human leaves Twelves: a robot stands in, the game finishes, and the leaver's result is 'left'", async () => {
    const channel = world.channel("twelves-leave");
    await world.openGame("twelves", channel, alice, [bob]);
    const left = await world.slash(bob, channel, "game", {}, "leave");
    expect(left.message!.text).toMatch(/Bot 1/);
    expect(seats(channel)).toEqual([
      { user_id: alice.id, kind: "human", stands_in_for: null },
      // The seat keeps its id (the moves stored under it stay the seat's); a robot now plays it.
      { user_id: bob.id, kind: "bot", stands_in_for: "Bob" },
    ]);
    const table = await world.emulator.waitFor(
      () =>
        world
          .tables(channel, "twelves")
          .find((m) => m.text.includes("🤖 Bot 1 stands in for Bob, who left.")),
      WAIT_LIMIT_MS,
      "the table saying who stands in for whom",
    );
    expect(table.notified).not.toContain(bob.id);
    // Bob's old panel is turned away with a word on who plays his seat now.
    const refused = await world.click(bob, table, button(table, "panel").customId!);
    expect(refused.text).toMatch(/You left this game; 🤖 Bot 1 plays your seat now\./);

    for (let guard = 0; guard < 120; guard++) {
      const game = await world.untilPeopleAct(channel, "twelves");
      if (game.status !== "active") break;
      const panel = await world.openPanel(alice, channel, "twelves");
      const confirm = findComponent(panel, "confirm");
      const propose = componentsOf(panel).find((c) => c.customId?.split(":")[3] === "prop" && !c.disabled);
      const pairs = componentsOf(panel).find((c) => c.customId?.split(":")[3] === "pair");
      if (confirm?.customId) await world.click(alice, panel, confirm.customId);
      else if (pairs?.customId) await world.select(alice, panel, pairs.customId, [pairs.options[0]!.value]);
      else if (propose?.customId) await world.click(alice, panel, propose.customId);
      else throw new Error(`nothing to do in Alice's panel: ${panel.text}`);
    }
    const over = world.game(channel.id);
    expect(over.status).toBe("finished");
    const results = world.db((db) =>
      db
        .prepare("SELECT user_id, result FROM result_players WHERE game_id = ? ORDER BY user_id")
        .all(over.id),
    ) as { user_id: string; result: string }[];
    expect(results.find((r) => r.user_id === bob.id)?.result).toBe("left");
    expect(results.find((r) => r.user_id === alice.id)?.result).toMatch(/^(win|loss)$/);
    expect(results.some((r) => r.user_id.startsWith("bot:"))).toBe(false);
    expectRobotsNeverMentioned(channel);
  });

  it("SIGKILL while a robot is due to move: after the restart the robot makes its move once", async () => {
    // A robot that waits long before moving, so the kill lands while its move is due.
    await world.restart({ ROBOT_MOVE_DELAY_MS: "60000" });
    const channel = world.channel("robot-restart");
    let table = await world.openGameWithRobots("thegame", channel, alice, 1);
    if (world.game(channel.id).state.phase === "claim") {
      await world.click(alice, table, button(table, "claim").customId!);
    }
    // If the robot claimed first, it is due now; otherwise Alice plays her turn to make it due.
    let game = world.game(channel.id);
    if (actorsOf("thegame", game).includes(alice.id)) {
      let panel = await world.openPanel(alice, channel, "thegame");
      for (let plays = 0; plays < 12; plays++) {
        const end = findComponent(panel, "end");
        if (end && !end.disabled) {
          await world.click(alice, panel, end.customId!);
          break;
        }
        panel = await world.playTheGameCard(alice, panel);
      }
      game = world.game(channel.id);
    }
    expect(actorsOf("thegame", game)).toEqual(["bot:1"]);
    table = await world.settledTable(channel, "thegame");
    expect(table.text).toMatch(/Bot 1/);

    await world.restart();
    const after = await world.untilPeopleAct(channel, "thegame");
    const robotMoves = world.db((db) =>
      db
        .prepare("SELECT seq, move FROM moves WHERE game_id = ? AND user_id = 'bot:1' AND seq > ?")
        .all(game.id, game.moves),
    ) as { seq: number; move: string }[];
    // One turn: its plays, perhaps signals, and exactly one end of turn (or the game's end).
    expect(robotMoves.length).toBeGreaterThan(0);
    const ends = robotMoves.filter((m) => JSON.parse(m.move).type === "endTurn").length;
    expect(ends).toBe(after.status === "active" ? 1 : ends);
    expect(after.version).toBe(game.version + robotMoves.length);
    if (after.status === "active") expect(actorsOf("thegame", after)).toEqual([alice.id]);
    await world.settledTable(channel, "thegame");
    expectRobotsNeverMentioned(channel);
  });
});
