import { componentsOf, type EmulatorChannel, type EmulatorUser } from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import { button, findComponent, testWorld } from "./support/world.js";

/** Taking a move back through the real bot: where the rules allow it, and the refusals where not. */
const {
  world,
  users: [alice, bob],
  channels: [solo, tommy, stacking, twelves, kings, troubadour, onevstwo],
} = testWorld({
  seed: 5,
  users: ["Alice", "Bob"],
  channels: ["solo", "tommy", "stacking", "twelves", "kings", "troubadour", "onevstwo"],
});

/** A ↩ Take back click forged at the game's current version (the panel offers none), answered privately. */
async function forgedTakeBack(
  user: EmulatorUser,
  channel: EmulatorChannel,
  gameType: string,
): Promise<string> {
  const table = await world.settledTable(channel, gameType);
  const game = world.game(channel.id);
  const answer = await world.click(user, table, `g:${game.id}:${game.version}:takeBack`, { stale: true });
  expect(world.game(channel.id).version).toBe(game.version);
  return answer.text;
}

describe("taking back a move, end to end", () => {
  it("The Game alone: a card played is taken back from the panel, the table and /game log say so, and a second click changes nothing", async () => {
    await world.openGame("thegame", solo, alice);
    const start = world.game(solo.id);
    const panel = await world.openPanel(alice, solo, "thegame");
    expect(findComponent(panel, "takeBack")).toBeUndefined();
    const played = await world.playTheGameCard(alice, panel);
    const afterPlay = world.game(solo.id);
    const takeBack = button(played, "takeBack");
    const answer = await world.click(alice, played, takeBack.customId!);
    expect(answer.text).toContain("Your move was taken back.");
    expect(findComponent(answer, "takeBack")).toBeUndefined();
    const now = world.game(solo.id);
    expect(now.state).toEqual(start.state);
    expect(now.version).toBe(afterPlay.version + 1);
    const table = await world.settledTable(solo, "thegame");
    expect(table.text).toMatch(/Alice took back: Alice played \d+ on pile \d\./);

    const again = await world.click(alice, answer, takeBack.customId!, { stale: true });
    expect(again.text).toContain("That move was already taken back");
    expect(world.game(solo.id).version).toBe(now.version);

    const log = await world.slash(alice, solo, "game", {}, "log");
    expect(log.message!.text).toMatch(/Alice took back: Alice played \d+ on pile \d\./);
  });

  it("Sir Tommy: a drawn card put on a row is taken back; the other player's turn has passed", async () => {
    await world.openGame("sirtommy", tommy, alice, [bob]);
    const proposing = await world.openPanel(alice, tommy, "sirtommy");
    const mine = componentsOf(proposing).find((c) => c.label?.startsWith("I'm Ascending"))!;
    await world.click(alice, proposing, mine.customId!);
    const confirming = await world.openPanel(bob, tommy, "sirtommy");
    await world.click(bob, confirming, button(confirming, "confirm").customId!);
    const before = world.game(tommy.id);

    const panel = await world.openPanel(alice, tommy, "sirtommy");
    const pick = button(panel, "pick");
    const drawn = pick.options.find((o) => o.value.startsWith("d"))!;
    const chosen = await world.select(alice, panel, pick.customId!, [drawn.value]);
    const row = componentsOf(chosen).find((c) => c.customId?.split(":")[3] === "row")!;
    const placed = await world.click(alice, chosen, row.customId!);
    expect(world.game(tommy.id).moves).toBe(before.moves + 1);
    const answer = await world.click(alice, placed, button(placed, "takeBack").customId!);
    expect(answer.text).toContain("Your move was taken back.");
    expect(world.game(tommy.id).state).toEqual(before.state);
    const table = await world.settledTable(tommy, "sirtommy");
    expect(table.text).toMatch(/Alice took back: Alice puts .+ on row \d\./);

    expect(await forgedTakeBack(bob, tommy, "sirtommy")).toContain("The turn has passed since that move");
  });

  it("Stacking: a turn is one card, so a card placed cannot be taken back", async () => {
    await world.openGame("stapelen", stacking, alice, [bob]);
    const panel = await world.openPanel(alice, stacking, "stapelen");
    const column = button(panel, "col");
    const chosen = await world.select(alice, panel, column.customId!, [column.options[0]!.value]);
    const place = componentsOf(chosen).find((c) => c.customId?.split(":")[3] === "place" && !c.disabled)!;
    const placed = await world.click(alice, chosen, place.customId!);
    expect(findComponent(placed, "takeBack")).toBeUndefined();
    expect(await forgedTakeBack(alice, stacking, "stapelen")).toContain(
      "The turn has passed since that move",
    );
  });

  it("Twelves and Four Kings: with no move of one's own there is nothing to take back", async () => {
    await world.openGame("twelves", twelves, alice, [bob]);
    expect(await forgedTakeBack(alice, twelves, "twelves")).toContain(
      "You have no move of this turn to take back.",
    );
    // A solo game has no lobby: its table is posted at once.
    await world.slash(alice, kings, "play", {}, "fourkings");
    expect(await forgedTakeBack(alice, kings, "fourkings")).toContain(
      "You have no move of this turn to take back.",
    );
  });

  it("Troubadour and One versus Two are competitive: no move is ever taken back", async () => {
    await world.openGame("troubadour", troubadour, alice, [bob]);
    expect(await forgedTakeBack(alice, troubadour, "troubadour")).toContain(
      "Moves cannot be taken back in a competitive game.",
    );
    await world.openGameWithRobots("onevstwo", onevstwo, alice, 2);
    expect(await forgedTakeBack(alice, onevstwo, "onevstwo")).toContain(
      "Moves cannot be taken back in a competitive game.",
    );
  });
});
