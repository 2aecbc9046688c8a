import { componentsOf } from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import { Games } from "../../src/bot/manifest.js";
import { GAMES } from "../../src/games/index.js";
import { button, testWorld } from "../e2e/support/world.js";
import { type Guess, type HigherLowerState, judge } from "./engine/index.js";
import { higherLowerManifest } from "./manifest.js";

const GAME = "higherlower";
/** The bot process this file runs: the built example entry, which adds the game to the list. */
const {
  world,
  users: [alice, bob, carol],
} = testWorld({
  games: new Games([...GAMES.list, higherLowerManifest]),
  seed: 5,
  args: ["dist/test/example-game/main.js"],
  users: ["Alice", "Bob", "Carol"],
});

const stateIn = (channelId: string) => world.game(channelId).state as unknown as HigherLowerState;

/** The points `guesses` (in turn order) scored on the cards the game turned, by seat. */
function pointsOf(state: HigherLowerState, guesses: Guess[]): [number, number] {
  const points: [number, number] = [0, 0];
  guesses.forEach((guess, i) => {
    if (judge(guess, state.turned[i]!, state.turned[i + 1]!) === "right") points[i % 2]! += 1;
  });
  return points;
}

describe("Higher or Lower end to end: a game added by its manifest alone, run from dist/", () => {
  it("/play offers it and /rules higherlower answers with its rules", async () => {
    const play = world.emulator.commands(world.guild).find((c) => c.name === "play");
    expect(play?.options?.map((o) => o.name)).toContain(GAME);
    const rules = await world.slash(carol, world.channel("rules"), "rules", { game: GAME });
    expect(rules.message!.text).toMatch(/\*\*Higher or Lower\*\*/);
    expect(rules.message!.text).toMatch(/a card of \*\*equal rank\*\*, scores nothing/);
  });

  it("two players click Higher and Lower on the table in turn to the result message; an out-of-turn click is refused", async () => {
    const channel = world.channel("higher-lower");
    const first = await world.openGame(GAME, channel, alice, [bob]);
    // The table picture was drawn on the bot's render worker, from the painter module the manifest names.
    expect(first.attachments[0]!.filename).toMatch(/^higherlower-\d+-\d+-[a-z]{16}\.png$/);
    expect(first.attachments[0]!.data.subarray(1, 4).toString()).toBe("PNG");
    expect(first.notified).toEqual([alice.id]);

    const before = world.game(channel.id);
    const refused = await world.click(bob, first, button(first, "higher").customId!);
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toMatch(/It is not your turn/);
    expect(world.game(channel.id)).toEqual(before);

    const guesses: Guess[] = [];
    for (let turn = 0; turn < 10; turn++) {
      const table = await world.settledTable(channel, GAME);
      const player = turn % 2 === 0 ? alice : bob;
      expect(table.notified).toEqual([player.id]);
      const guess: Guess = turn % 3 === 0 ? "lower" : "higher";
      await world.click(player, table, button(table, guess).customId!);
      guesses.push(guess);
      expect(world.game(channel.id).moves).toBe(turn + 1);
    }
    expect(world.game(channel.id).status).toBe("finished");
    const [a, b] = pointsOf(stateIn(channel.id), guesses);
    const result = await world.settledTable(channel, GAME);
    expect(result.text).toMatch(/game over/);
    expect(result.text).toContain(
      a === b
        ? `A draw: ${a} points each.`
        : `${a > b ? "Alice" : "Bob"} wins with ${Math.max(a, b)} points to ${Math.min(a, b)}.`,
    );
    expect(result.text).toMatch(new RegExp(`Alice: ${a} points?, 0 guesses left`));
    expect(result.text).toMatch(new RegExp(`Bob: ${b} points?, 0 guesses left`));
    expect(componentsOf(result)).toEqual([]);
  });

  it("a robot takes the other seat and plays its turns from the robots' thread", async () => {
    const channel = world.channel("higher-lower-robot");
    await world.openGameWithRobots(GAME, channel, carol, 1);
    for (let game = await world.untilPeopleAct(channel, GAME); game.status === "active"; ) {
      const table = await world.settledTable(channel, GAME);
      await world.click(carol, table, button(table, "higher").customId!);
      game = await world.untilPeopleAct(channel, GAME);
    }
    expect(stateIn(channel.id).turned).toHaveLength(11);
    const result = await world.settledTable(channel, GAME);
    expect(result.text).toMatch(/game over/);
    expect(result.text).toMatch(/Bot 1: \d+ points?, 0 guesses left/);
  });
});
