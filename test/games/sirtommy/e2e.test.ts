import {
  componentsOf,
  type EmulatorUser,
  type MessageView,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import { type Card, cardCode, cardLabel } from "../../../src/engine/core/cards.js";
import type { SirTommyState } from "../../../src/games/sirtommy/engine/types.js";
import { button, findComponent, testWorld } from "../../e2e/support/world.js";

const GAME = "sirtommy";
// With this deal the strategy below places all 52 cards: the game ends in a win.
const {
  world,
  users: [alice, bob],
} = testWorld({ seed: 39, users: ["Alice", "Bob"], managers: ["Alice"] });
/** The channel of the game under test (the passing scenario opens a second one). */
let channel = world.channel("sir-tommy");

const state = () => world.state<SirTommyState>(channel);
const activeUser = () => world.userToMove(channel, [alice, bob]);

function waitingUser(): EmulatorUser {
  return activeUser().id === alice.id ? bob : alice;
}

/** The stock's order is hidden: no stock card may appear in any public text or custom_id, nor in a panel. */
function expectStockHidden(): void {
  const stock: Card[] = state().stock;
  const labels = stock.map(cardLabel);
  const codes = new Set(stock.map(cardCode));
  const messages = [
    ...world.emulator.channelMessages(channel),
    ...world.emulator.ephemeralsFor(alice),
    ...world.emulator.ephemeralsFor(bob),
  ];
  for (const message of messages) {
    for (const label of labels) {
      expect(message.text.includes(label), `stock card ${label} shown: ${message.text}`).toBe(false);
    }
    for (const component of componentsOf(message)) {
      const parts = [
        ...(component.customId ?? "").split(":"),
        ...component.options.map((o) => o.value),
        component.label ?? "",
      ];
      for (const part of parts) expect(codes.has(part), `stock card ${part} in a component`).toBe(false);
      for (const label of labels) expect(component.label?.includes(label) ?? false).toBe(false);
    }
    for (const attachment of message.attachments) {
      for (const code of codes) expect(attachment.filename.includes(`-${code}`)).toBe(false);
    }
  }
}

/**
 * One step chosen from the panel's own controls: a card that fits a foundation goes there; else a
 * drawn card goes into the first empty row, or on row 1; else End turn; else Pass. Returns the updated panel, or null once the
 * turn is over.
 */
async function step(
  user: EmulatorUser,
  panel: MessageView,
  useFoundations: boolean,
): Promise<MessageView | null> {
  const pick = findComponent(panel, "pick");
  const fitting = useFoundations
    ? pick?.options.find((o) => o.description?.startsWith("fits your foundation"))
    : undefined;
  const drawn = pick?.options.find((o) => o.value.startsWith("d"));
  const choice = fitting ?? drawn;
  if (pick?.customId && choice) {
    const chosen = await world.select(user, panel, pick.customId, [choice.value]);
    expect(chosen.text).toContain("Where does");
    if (fitting) {
      const target = componentsOf(chosen).find((c) => c.customId?.split(":")[3] === "found" && !c.disabled);
      if (!target?.customId) throw new Error(`no enabled foundation for ${choice.label}`);
      return world.click(user, chosen, target.customId);
    }
    const rows = componentsOf(chosen).filter((c) => c.customId?.split(":")[3] === "row");
    const row = rows.find((c) => c.label?.endsWith("(empty)")) ?? rows[0];
    return world.click(user, chosen, row!.customId!);
  }
  const end = findComponent(panel, "end");
  const pass = findComponent(panel, "pass");
  const last = end && !end.disabled ? end : pass && !pass.disabled ? pass : null;
  if (!last?.customId) throw new Error(`no way to go on: ${panel.text}`);
  await world.click(user, panel, last.customId);
  return null;
}

async function playTurn(useFoundations = true): Promise<void> {
  const user = activeUser();
  let panel: MessageView | null = await world.openPanel(user, channel, GAME);
  for (let guard = 0; guard < 40 && panel; guard++) {
    if (world.game(channel.id).status !== "active") return;
    panel = await step(user, panel, useFoundations);
  }
  if (panel) throw new Error("a turn did not end");
}

/** Alice opens a game in the current channel, Bob joins, Alice starts: the first table message. */
async function openGame(): Promise<MessageView> {
  return world.openGame(GAME, channel, alice, [bob]);
}

describe("Sir Tommy for two end to end, against the local Discord emulator", () => {
  it("opens a lobby, starts, and shows the agreement on the table", async () => {
    const table = await openGame();
    expect(table.attachments[0]!.data.subarray(1, 4).toString()).toBe("PNG");
    expect(table.text).toMatch(/who is Ascending/);
    expect(table.notified.sort()).toEqual([alice.id, bob.id].sort());
    expect(state().phase).toBe("agree");
  });

  it("agrees who is Ascending: Alice proposes Bob, cannot confirm herself; Bob confirms and starts", async () => {
    const alicePanel = await world.openPanel(alice, channel, GAME);
    expect(findComponent(alicePanel, "confirm")).toBeUndefined();
    const youAscending = componentsOf(alicePanel).find((c) => c.label?.startsWith("You're Ascending"))!;
    const proposed = await world.click(alice, alicePanel, youAscending.customId!);
    expect(proposed.text).toMatch(/You proposed: \*\*Bob\*\* is Ascending/);
    expect(state().proposal).toEqual({ by: alice.id, terms: { ascending: bob.id } });
    // Her own proposal's button is disabled, and there is still nothing for her to confirm.
    expect(componentsOf(proposed).find((c) => c.label?.startsWith("You're Ascending"))!.disabled).toBe(true);
    expect(findComponent(proposed, "confirm")).toBeUndefined();

    const table = await world.settledTable(channel, GAME);
    expect(table.text).toMatch(/Alice proposes that Bob is Ascending/);

    const bobPanel = await world.openPanel(bob, channel, GAME);
    expect(bobPanel.text).toMatch(/Alice proposes: \*\*you\*\* are Ascending/);
    await world.click(bob, bobPanel, button(bobPanel, "confirm").customId!);
    const s = state();
    expect(s.phase).toBe("play");
    expect(s.ascending).toBe(bob.id);
    expect(activeUser().id).toBe(bob.id);
    expect(s.drawn).toHaveLength(3);
    // Bob, who confirmed, plays first: he was waiting already, so the table that asked both to
    // agree is edited into the first turn rather than a new one posted (nobody new must act).
    const started = await world.settledTable(channel, GAME);
    expect(started.id).toBe(table.id);
    expect(world.tables(channel, GAME).at(-1)!.id).toBe(table.id);
    expect(started.text).toMatch(/Bob's turn \(▲ Ascending\)/);
    expectStockHidden();
  });

  it("refuses the waiting player's clicks and an illegal foundation, changing nothing", async () => {
    const before = world.game(channel.id);
    const waiting = waitingUser();
    const active = activeUser();

    const waitingPanel = await world.openPanel(waiting, channel, GAME);
    expect(waitingPanel.text).toMatch(/Waiting for Bob/);
    expect(componentsOf(waitingPanel).map((c) => c.customId!.split(":")[3])).toEqual(["refresh"]);

    const table = await world.settledTable(channel, GAME);
    let answer = waitingPanel;
    for (const forged of ["found:d0:0", "row:0:0", "end", "pass"]) {
      answer = await world.click(waiting, table, `g:${before.id}:${before.version}:${forged}`, {
        stale: true,
      });
      expect(answer.ephemeral).toBe(true);
      expect(answer.text).toMatch(/not your turn/i);
    }
    const refreshed = await world.click(waiting, answer, button(answer, "refresh").customId!);
    expect(refreshed.text).toMatch(/Waiting for Bob/);
    expect(world.game(channel.id)).toEqual(before);

    // A drawn card that fits no foundation, forced onto one: the engine's reason is shown.
    const panel = await world.openPanel(active, channel, GAME);
    const s = state();
    const misfit = s.drawn.findIndex((c) => c.rank !== 1);
    const refused = await world.click(active, panel, `g:${before.id}:${before.version}:found:d${misfit}:0`, {
      stale: true,
    });
    expect(refused.text).toMatch(/⚠️ .*must start with an Ace/);
    // End turn is refused while drawn cards are left, and is not offered.
    expect(findComponent(refused, "end")!.disabled).toBe(true);
    const early = await world.click(active, refused, `g:${before.id}:${before.version}:end`, { stale: true });
    expect(early.text).toMatch(
      /Put your (drawn card|\d+ drawn cards) on a foundation or a row before ending/,
    );
    expect(world.game(channel.id)).toEqual(before);
  });

  it("plays a whole game through the panel's controls to the result message", async () => {
    let turns = 0;
    while (world.game(channel.id).status === "active") {
      const before = state();
      await playTurn();
      turns++;
      if (world.game(channel.id).status !== "active") break;
      const table = await world.settledTable(channel, GAME);
      const s = state();
      expect(s.activeSeat).not.toBe(before.activeSeat);
      expect(table.notified).toEqual([s.players[s.activeSeat]]);
      // The previous table message loses its buttons (right after the new one is posted).
      const previous = world.tables(channel, GAME).at(-2)!;
      await world.emulator.waitFor(
        () => componentsOf(world.latest(previous)).length === 0 || null,
        WAIT_LIMIT_MS,
        "the previous table message to lose its buttons",
      );
      expect(s.stock.length + s.drawn.length).toBeLessThanOrEqual(before.stock.length + before.drawn.length);
      expectStockHidden();
      expect(turns).toBeLessThan(80);
    }
    const game = world.game(channel.id);
    expect(game.status).toBe("finished");
    const s = game.state as unknown as SirTommyState;
    expect(s.phase).toBe("over");
    const result = await world.settledTable(channel, GAME);
    expect(result.text).toMatch(/game over/);
    expect(componentsOf(result)).toEqual([]);
    // A win is said on each player's line; a loss once, by the outcome's line.
    const outcome = s.endReason === "allPlaced" ? " — win" : "$";
    expect(result.text).toMatch(
      new RegExp(`• Alice \\([▲▼] \\w+\\): \\d+ cards on foundations${outcome}`, "m"),
    );
    expect(result.text).toMatch(
      new RegExp(`• Bob \\(▲ Ascending\\): \\d+ cards on foundations${outcome}`, "m"),
    );
    expect(result.text).toMatch(s.endReason === "allPlaced" ? /you both win/ : /you both lose/);
    if (s.endReason === "allPlaced") {
      const counts = s.players.map((p) => s.foundations[p]!.reduce((n, f) => n + f.length, 0));
      const best = counts.findIndex((n) => n >= 30);
      if (best >= 0) {
        const name = s.players[best] === alice.id ? "Alice" : "Bob";
        expect(result.text).toContain(`${name} is the super-winner with ${counts[best]} cards`);
      } else {
        expect(result.text).toMatch(/No super-winner/);
      }
    }
    console.log(
      `sirtommy e2e: ${turns} turns, ended by ${s.endReason}; ${world.interactions.length} interactions`,
    );
  });

  it("passes once the stock is used up: Pass only then, and two passes in a row lose the game", async () => {
    channel = world.channel("sir-tommy-passing");
    await openGame();
    const alicePanel = await world.openPanel(alice, channel, GAME);
    const mine = componentsOf(alicePanel).find((c) => c.label === "I'm Ascending")!;
    await world.click(alice, alicePanel, mine.customId!);
    const bobPanel = await world.openPanel(bob, channel, GAME);
    expect(bobPanel.text).toMatch(/Alice proposes: \*\*Alice\*\* is Ascending/);
    await world.click(bob, bobPanel, button(bobPanel, "confirm").customId!);
    expect(state().ascending).toBe(alice.id);

    // While drawing there is no Pass button; every drawn card goes on a row, none on a foundation.
    const drawing = await world.openPanel(activeUser(), channel, GAME);
    expect(findComponent(drawing, "pass")).toBeUndefined();
    while (state().turnKind === "draw" && world.game(channel.id).status === "active") await playTurn(false);
    expect(world.game(channel.id).status).toBe("active");
    expectStockHidden();

    const first = activeUser();
    const clearing = await world.openPanel(first, channel, GAME);
    expect(clearing.text).toMatch(/stock is used up/);
    expect(findComponent(clearing, "end")!.disabled).toBe(true);
    await world.click(first, clearing, button(clearing, "pass").customId!);
    expect(state().passesInRow).toBe(1);
    const table = await world.settledTable(channel, GAME);
    expect(table.text).toMatch(/passes in a row 1 of 2/);

    const second = activeUser();
    expect(second.id).not.toBe(first.id);
    const secondPanel = await world.openPanel(second, channel, GAME);
    await world.click(second, secondPanel, button(secondPanel, "pass").customId!);
    expect(world.game(channel.id).status).toBe("finished");
    expect(state().endReason).toBe("twoPasses");
    const result = await world.settledTable(channel, GAME);
    expect(result.text).toMatch(/Both players passed with \d+ cards left in the rows: you both lose/);
    expect(result.text).toMatch(/• Alice \(▲ Ascending\): 0 cards on foundations$/m);
    // The loss is said once.
    expect(result.text.match(/lose|loss/g)).toEqual(["lose"]);
    expect(componentsOf(result)).toEqual([]);
  });

  it("explains the rules, with the engine's rulings", async () => {
    const reply = await world.slash(bob, channel, "rules", { game: GAME });
    const text = reply.message!.text;
    expect(reply.message!.ephemeral).toBe(true);
    for (const phrase of [
      /draws 3 cards/,
      /End turn\*\* works only when no drawn card is left/,
      /Two passes in a row/,
      /Ascending takes the first turn/,
      /at most 13 cards/,
      /30 or more/,
    ]) {
      expect(text).toMatch(phrase);
    }
  });
});
