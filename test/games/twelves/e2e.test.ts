import { componentsOf, type EmulatorUser, type MessageView, partsOf } from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import { cardLabel } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesMove, TwelvesState, TwelvesTerms } from "../../../src/games/twelves/engine/types.js";
import { button, findComponent, lobbyButton, testWorld } from "../../e2e/support/world.js";

const GAME = "twelves";
const {
  world,
  users: [alice, bob, carol],
  channels: [channel],
} = testWorld({ seed: 4, users: ["Alice", "Bob", "Carol"], managers: ["Alice"], channels: ["twelves"] });
/** Each player's newest private panel, as opened during play. */
const lastPanels = new Map<string, MessageView>();

const state = () => world.state<TwelvesState>(channel);
const activeUser = () => world.userToMove(channel, [alice, bob]);

/**
 * The referee's plan: a winning order of pairs from this state (depth-first with a memo of dead
 * positions), or null. The test still picks every move from the options the panel offers.
 */
function winningLine(s: TwelvesState, dead = new Set<string>()): TwelvesMove[] | null {
  if (s.phase === "over") return s.endReason === "allTaken" ? [] : null;
  const key = `${s.columns.map((c) => c.length).join("")}:${s.activeSeat}`;
  if (dead.has(key)) return null;
  const player = s.players[s.activeSeat] as PlayerId;
  // Each pair once, lower column first, as the panel offers it (the engine lists both ways round).
  const pairs = twelves
    .legalMoves(s, player)
    .filter((m) => m.type !== "takePair" || m.columns[0] < m.columns[1]);
  for (const move of pairs) {
    const r = twelves.apply(s, player, move);
    if (!r.ok) continue;
    const rest = winningLine(r.state, dead);
    if (rest) return [move, ...rest];
  }
  dead.add(key);
  return null;
}

/** Terms under which this deal can be won, trying the four choices of the agreement. */
function winnableTerms(s: TwelvesState): TwelvesTerms {
  const [a, b] = s.players as [PlayerId, PlayerId];
  for (const twelvesPlayer of [a, b]) {
    for (const starter of [a, b]) {
      let r = twelves.apply(s, a, { type: "propose", twelves: twelvesPlayer, starter });
      if (r.ok) r = twelves.apply(r.state, b, { type: "confirm" });
      if (r.ok && winningLine(r.state)) return { twelves: twelvesPlayer, starter };
    }
  }
  throw new Error("this deal cannot be won under any agreement; pick another seed");
}

function proposeButton(panel: MessageView, s: TwelvesState, terms: TwelvesTerms) {
  return button(panel, "prop", [`${s.players.indexOf(terms.twelves)}-${s.players.indexOf(terms.starter)}`]);
}

describe("Twelves and Fourteens end to end, against the local Discord emulator", () => {
  it("opens a lobby, seats two players, and posts the table that asks both to agree first", async () => {
    const reply = await world.slash(alice, channel, "play", {}, GAME);
    const lobby = reply.message!;
    await world.click(bob, lobby, lobbyButton(lobby, "join"));
    await world.click(alice, world.latest(lobby), lobbyButton(lobby, "start"));
    const table = await world.settledTable(channel, GAME);
    expect(table.attachments[0]!.data.subarray(1, 4).toString()).toBe("PNG");
    expect(table.text).toMatch(/agree first/);
    expect(table.notified.sort()).toEqual([alice.id, bob.id].sort());
    expect(state().phase).toBe("agree");
    expect(state().players).toEqual([alice.id, bob.id]);
  });

  it("agreement: a proposal, a refused self-confirmation, a re-proposal, a confirmation — and no card moves before it", async () => {
    const s = state();
    const terms = winnableTerms(s);
    const decoy: TwelvesTerms = {
      twelves: terms.twelves === alice.id ? bob.id : alice.id,
      starter: terms.starter,
    };

    // Alice proposes the decoy; the table, edited in place (Bob was asked already), waits for Bob only.
    const tablesBefore = world.tables(channel, GAME).length;
    let alicePanel = await world.openPanel(alice, channel, GAME);
    expect(findComponent(alicePanel, "confirm")).toBeUndefined();
    expect(componentsOf(alicePanel).filter((c) => c.customId?.split(":")[3] === "prop")).toHaveLength(4);
    alicePanel = await world.click(alice, alicePanel, proposeButton(alicePanel, s, decoy).customId!);
    expect(state().proposal).toEqual({ by: alice.id, terms: decoy });
    let table = await world.settledTable(channel, GAME);
    expect(world.tables(channel, GAME)).toHaveLength(tablesBefore);
    expect(table.text).toMatch(/Alice proposes/);
    expect(table.text).toContain(`<@${bob.id}> — your move`);
    expect(table.text).not.toContain(`<@${alice.id}>`);
    expect(proposeButton(alicePanel, s, decoy).disabled).toBe(true);
    expect(findComponent(alicePanel, "confirm")).toBeUndefined();

    // Alice cannot confirm her own proposal, even with a forged button.
    const before = world.game(channel.id);
    const own = await world.click(alice, alicePanel, `g:${before.id}:${before.version}:confirm`, {
      stale: true,
    });
    expect(own.text).toMatch(/You made this proposal/);
    expect(world.game(channel.id)).toEqual(before);

    // Bob sees the proposal with a Confirm button, and proposes something else instead.
    let bobPanel = await world.openPanel(bob, channel, GAME);
    expect(bobPanel.text).toMatch(/Alice proposes/);
    expect(button(bobPanel, "confirm").label).toMatch(/^Confirm: I collect (twelves|fourteens)/);
    bobPanel = await world.click(bob, bobPanel, proposeButton(bobPanel, s, terms).customId!);
    expect(state().proposal).toEqual({ by: bob.id, terms });
    table = await world.settledTable(channel, GAME);
    expect(table.notified).toEqual([alice.id]);
    expect(state().columns.flat()).toHaveLength(52);
    expect(world.game(channel.id).moves).toBe(2);

    // Alice confirms Bob's proposal: play starts, still with all 52 cards on the table.
    alicePanel = await world.openPanel(alice, channel, GAME);
    expect(alicePanel.text).toMatch(/Bob proposes/);
    await world.click(alice, alicePanel, button(alicePanel, "confirm").customId!);
    const after = state();
    expect(after.phase).toBe("play");
    expect(after.roles?.[terms.twelves]).toBe("twelve");
    expect(after.players[after.activeSeat]).toBe(terms.starter);
    expect(after.columns.flat()).toHaveLength(52);
    // The starter is told by a new table, unless it is Alice, who just confirmed while asked already.
    const proposedTable = table.id;
    table = await world.settledTable(channel, GAME);
    if (terms.starter === alice.id) expect(table.id).toBe(proposedTable);
    else expect(table.notified).toEqual([terms.starter]);
  });

  it("the waiting player's clicks are refused and change nothing; the active player's panel offers only legal pairs", async () => {
    const active = activeUser();
    const waiting = active.id === alice.id ? bob : alice;
    const before = world.game(channel.id);

    const waitingPanel = await world.openPanel(waiting, channel, GAME);
    expect(waitingPanel.text).toMatch(/Waiting for/);
    expect(findComponent(waitingPanel, "pair", ["0"])).toBeUndefined();

    const activePanel = await world.openPanel(active, channel, GAME);
    const offered = componentsOf(activePanel)
      .filter((c) => c.customId?.split(":")[3] === "pair")
      .flatMap((c) => c.options.map((o) => o.value));
    const legal = twelves
      .legalMoves(state(), active.id)
      .flatMap((m) => (m.type === "takePair" && m.columns[0] < m.columns[1] ? [m.columns.join("-")] : []));
    expect(offered.sort()).toEqual(legal.sort());
    for (const option of componentsOf(activePanel).flatMap((c) => c.options)) {
      expect(option.label).toMatch(
        /^(10|[2-9AJQK])[♠♥♦♣] \(col \d{1,2}\) \+ (10|[2-9AJQK])[♠♥♦♣] \(col \d{1,2}\)$/,
      );
    }

    // The waiting player forges the active player's pair select, a proposal and a confirmation.
    const pairId = `g:${before.id}:${before.version}:pair:0`;
    const refused = await world.select(waiting, waitingPanel, pairId, [offered[0]!], { stale: true });
    expect(refused.text).toMatch(/not your turn/i);
    const table = await world.settledTable(channel, GAME);
    const late = await world.click(waiting, table, `g:${before.id}:${before.version}:prop:0-0`, {
      stale: true,
    });
    expect(late.text).toMatch(/cannot be done at this point/);
    // A stranger is turned away too.
    const stranger = await world.click(carol, table, button(table, "panel").customId!);
    expect(stranger.text).toMatch(/not playing in this game/);
    expect(world.game(channel.id)).toEqual(before);
  });

  it("plays the whole game through the panels to the result message: all 52 cards taken, both win", async () => {
    const plan = winningLine(state());
    expect(plan).not.toBeNull();
    for (const move of plan!) {
      if (move.type !== "takePair") throw new Error("the plan holds only pairs");
      const active = activeUser();
      const panel = await world.openPanel(active, channel, GAME);
      lastPanels.set(active.id, panel);
      const value = move.columns.join("-");
      const select = componentsOf(panel).find(
        (c) => c.customId?.split(":")[3] === "pair" && c.options.some((o) => o.value === value),
      );
      if (!select?.customId) throw new Error(`the panel does not offer the pair ${value}`);
      const movesBefore = world.game(channel.id).moves;
      await world.select(active, panel, select.customId, [value]);
      expect(world.game(channel.id).moves).toBe(movesBefore + 1);
      if (world.game(channel.id).status === "active") {
        const table = await world.settledTable(channel, GAME);
        expect(table.notified).toEqual([activeUser().id]);
      }
    }
    const game = world.game(channel.id);
    expect(game.status).toBe("finished");
    const s = game.state as unknown as TwelvesState;
    expect(s.endReason).toBe("allTaken");
    expect(s.pairs[alice.id]).toHaveLength(13);
    expect(s.pairs[bob.id]).toHaveLength(13);

    const result = await world.settledTable(channel, GAME);
    expect(result.text).toMatch(/game over/);
    expect(result.text).toMatch(/you both win/);
    // A won deal has no losing move to name.
    expect(result.text).not.toMatch(/could no longer be won/);
    expect(result.text).toMatch(/Alice \((twelves|fourteens)\): 13 pairs — win/);
    expect(result.text).toMatch(/Bob \((twelves|fourteens)\): 13 pairs — win/);
    expect(result.notified.sort()).toEqual([alice.id, bob.id].sort());
    expect(componentsOf(result)).toEqual([]);
    expect(result.attachments[0]!.contentType).toBe("image/png");
  });

  it("the game's end closes every player's last panel: it says the game is over and offers no move", async () => {
    expect([...lastPanels.keys()].sort()).toEqual([alice.id, bob.id].sort());
    for (const [id, panel] of lastPanels) {
      const closed = await world.emulator.waitFor(
        () => {
          const now = world.latest(panel);
          return now.text.startsWith("🏁") ? now : null;
        },
        undefined,
        `the last panel of ${id} to be closed`,
      );
      expect(closed.text).toBe("🏁 **Twelves and Fourteens** is over. All 52 cards taken: you both win!");
      expect(componentsOf(closed)).toEqual([]);
      // Closing keeps the picture the panel last showed: none here, since each player's last move
      // brought a new table right under their panel, which shows it instead.
      expect(panel.attachments).toHaveLength(1);
      expect(closed.attachments).toEqual([]);
    }
  });

  it("/rules twelves explains the game in the bot's own words, with the agreement ruling", async () => {
    const reply = await world.slash(carol, channel, "rules", { game: GAME });
    const text = reply.message!.text;
    expect(text).toMatch(/Twelves and Fourteens/);
    expect(text).toMatch(/Q\+K/);
    expect(text).toMatch(/Confirm/);
    expect(text).toMatch(/no card is taken until a proposal is confirmed/);
    expect(text).toMatch(/you both lose/);
  });
});

describe("Twelves and Fourteens lost on purpose: the hints and the result say when the deal was lost", () => {
  /** Deal 10, Ann collecting twelves and Ben starting: five pairs of a winning line, then a pair that loses it. */
  const {
    world: lost,
    users: [ann, ben],
    channels: [table],
  } = testWorld({ seed: 10, users: ["Ann", "Ben"], channels: ["twelves-lost"] });
  const LOSING_PAIR = 6;
  /** The pair that lost the deal, as the referee saw it: who took which cards. */
  let losing: { by: string; first: string; second: string } | null = null;

  const stateNow = () => lost.state<TwelvesState>(table);
  const activeNow = () => {
    const s = stateNow();
    return s.players[s.activeSeat] === ann.id ? ann : ben;
  };

  /** The active player takes the pair `value` ("a-b") from the pair select of `panel`. */
  async function takePair(user: EmulatorUser, panel: MessageView, value: string): Promise<void> {
    const select = componentsOf(panel).find(
      (c) => c.customId?.split(":")[3] === "pair" && c.options.some((o) => o.value === value),
    );
    if (!select?.customId) throw new Error(`the panel does not offer the pair ${value}`);
    const movesBefore = lost.game(table.id).moves;
    await lost.select(user, panel, select.customId, [value]);
    expect(lost.game(table.id).moves).toBe(movesBefore + 1);
  }

  it("agrees on a start that can win, and the hint says the deal can still be won until a pair loses it", async () => {
    await lost.openGame(GAME, table, ann, [ben]);
    const terms: TwelvesTerms = { twelves: ann.id, starter: ben.id };
    const annPanel = await lost.openPanel(ann, table, GAME);
    await lost.click(ann, annPanel, proposeButton(annPanel, stateNow(), terms).customId!);
    const benPanel = await lost.openPanel(ben, table, GAME);
    await lost.click(ben, benPanel, button(benPanel, "confirm").customId!);

    const plan = winningLine(stateNow());
    expect(plan).not.toBeNull();
    for (const move of plan!.slice(0, LOSING_PAIR - 1)) {
      if (move.type !== "takePair") throw new Error("the plan holds only pairs");
      const active = activeNow();
      await takePair(active, await lost.openPanel(active, table, GAME), move.columns.join("-"));
    }

    // The referee's pick: the first pair offered after which no line clears the table, and play goes on.
    const s = stateNow();
    const active = activeNow();
    const loser = twelves.legalMoves(s, active.id).find((m) => {
      if (m.type !== "takePair" || m.columns[0] > m.columns[1]) return false;
      const r = twelves.apply(s, active.id, m);
      return r.ok && r.state.phase === "play" && winningLine(r.state) === null;
    });
    if (loser?.type !== "takePair") throw new Error("no pair loses this deal here; pick another seed");
    expect(winningLine(s)).not.toBeNull();

    const panel = await lost.openPanel(active, table, GAME);
    const hinted = await lost.click(active, panel, button(panel, "hint").customId!);
    expect(hinted.id).toBe(panel.id);
    expect(hinted.text).toContain("💡 Hint: This deal can still be won.");
    // In the panel the player clicked, the hint reads after the picture, right above the buttons.
    const parts = partsOf(hinted);
    const picture = parts.findIndex((p) => p.kind === "picture");
    const hint = parts.findIndex((p) => p.kind === "text" && p.text.includes("💡 Hint"));
    const controls = parts.findIndex((p) => p.kind === "controls");
    expect(picture).toBeGreaterThanOrEqual(0);
    expect([picture < hint, hint < controls]).toEqual([true, true]);
    expect(parts.slice(hint + 1).every((p) => p.kind === "controls")).toBe(true);

    const [a, b] = loser.columns;
    losing = {
      by: active === ann ? "Ann" : "Ben",
      first: cardLabel(s.columns[a]!.at(-1)!),
      second: cardLabel(s.columns[b]!.at(-1)!),
    };
    await takePair(active, hinted, loser.columns.join("-"));
    expect(stateNow().phase).toBe("play");
  });

  it("/game hint then says the deal can no longer be won", async () => {
    await lost.settledTable(table, GAME);
    const reply = await lost.slash(activeNow(), table, "game", {}, "hint");
    expect(reply.message!.text).toMatch(/^💡 Hint: This deal can no longer be won: /);
  });

  it("the result names the pair after which the deal could no longer be won, under the outcome", async () => {
    while (lost.game(table.id).status === "active") {
      const active = activeNow();
      const panel = await lost.openPanel(active, table, GAME);
      const first = componentsOf(panel).find((c) => c.customId?.split(":")[3] === "pair")?.options[0];
      if (!first) throw new Error("the active player's panel offers no pair");
      await takePair(active, panel, first.value);
    }
    expect(stateNow().endReason).toBe("noPair");

    const result = await lost.settledTable(table, GAME);
    const lines = result.text.split("\n");
    const outcome = lines.findIndex((line) => line.endsWith("you both lose."));
    expect(outcome).toBeGreaterThan(-1);
    expect(losing).not.toBeNull();
    const review = `The deal could no longer be won after pair ${LOSING_PAIR}: ${losing!.by} took ${losing!.first} and ${losing!.second}.`;
    expect(lines).toContain(review);
    // Under the result: after the outcome and each player's pairs, before the mentions.
    expect(lines.indexOf(review)).toBeGreaterThan(outcome);
    expect(lines.at(-2)).toBe(review);
  });
});
