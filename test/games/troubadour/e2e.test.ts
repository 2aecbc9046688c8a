import {
  componentsOf,
  type EmulatorUser,
  type MessageView,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import { type Card, cardCode } from "../../../src/engine/core/cards.js";
import {
  castleSlotFor,
  legalMoves,
  type TroubadourBoard,
  type TroubadourMove,
  type TroubadourState,
  troubadour,
} from "../../../src/games/troubadour/engine/index.js";
import { button, findComponent, testWorld, textsOf, userWithId } from "../../e2e/support/world.js";

const GAME = "troubadour";

/**
 * The first deal in which the first seat (Alice, the host) has an Ace on top of a village, so a
 * castle can be started through the panel in her first turn. Deals depend only on the seed.
 */
function seedWithAceForFirstSeat(): { seed: number; village: number } {
  for (let seed = 1; ; seed++) {
    const s = troubadour.setup(["first", "second"], {}, seed);
    const village = s.boards.first!.villages.findIndex((v) => v.at(-1)?.card.rank === 1);
    if (village >= 0) return { seed, village };
  }
}

const { seed: SEED, village: ACE_VILLAGE } = seedWithAceForFirstSeat();
const {
  world,
  users: [alice, bob, carol],
  channels: [channel],
} = testWorld({
  seed: SEED,
  users: ["Alice", "Bob", "Carol"],
  managers: ["Alice"],
  channels: ["troubadour"],
});

const state = () => world.state<TroubadourState>(channel);

function codes(cards: readonly Card[] | null | undefined): string[] {
  return (cards ?? []).map(cardCode);
}

const SYMBOL_LETTER: Record<string, string> = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
/** A noble written any way the bot might: "J♠", "♠J", or the code "JS". */
const NOBLE = /[JQK]\s?[♠♥♦♣]|[♠♥♦♣]\s?[JQK]|\b[JQK][SHDC]\b/gu;

function noblesIn(text: string): string[] {
  return [...text.matchAll(NOBLE)].map(([m]) => {
    const rank = m.match(/[JQK]/)![0];
    const suit = m.match(/[♠♥♦♣]/)?.[0];
    return rank + (suit ? SYMBOL_LETTER[suit] : m.match(/[SHDC]/)![0]);
  });
}

/** The last version of a message was produced at or after `since`. */
function touchedSince(m: MessageView, since: number): boolean {
  return Math.max(m.createdAt, m.editedAt ?? 0) >= since;
}

/**
 * While the picks are secret: no public message made since `since` names any noble, no custom_id
 * anywhere carries one, and each player's ephemeral messages show no noble but their own picks
 * (`own`: everything that player picked this round, in case they changed their mind).
 */
function expectPicksSecret(since: number, own: Record<string, string[][]>): void {
  const s = state();
  expect(s.phase).toBe("pick");
  for (const m of world.emulator.channelMessages(channel)) {
    if (!touchedSince(m, since)) continue;
    for (const text of textsOf(m))
      expect(noblesIn(text), `public message shows a noble: ${text}`).toEqual([]);
  }
  for (const [viewer, other] of [
    [alice, bob],
    [bob, alice],
  ] as const) {
    const mine = new Set((own[viewer.id] ?? []).flat());
    const theirs = codes(s.picks[other.id]);
    // The picks are chosen disjoint, so anything of theirs on my screen would be a leak.
    for (const code of theirs) expect(mine.has(code)).toBe(false);
    for (const m of world.emulator.ephemeralsFor(viewer)) {
      if (!touchedSince(m, since)) continue;
      expect(m.audienceUserId).toBe(viewer.id);
      for (const code of noblesIn(m.text))
        expect(mine.has(code), `${viewer.username} sees ${code}`).toBe(true);
      for (const c of componentsOf(m)) {
        expect(noblesIn(c.customId ?? ""), `custom_id carries a noble: ${c.customId}`).toEqual([]);
        for (const o of c.options.filter((o) => o.default)) expect(mine.has(o.value)).toBe(true);
      }
      for (const a of m.attachments) expect(noblesIn(a.filename)).toEqual([]);
    }
  }
}

const userOf = (id: string) => userWithId([alice, bob], id);

async function pick(user: EmulatorUser, panel: MessageView, trio: string[]): Promise<MessageView> {
  return world.select(user, panel, button(panel, "pick").customId!, trio);
}

async function press(user: EmulatorUser, panel: MessageView, action: string, args: string[] = []) {
  return world.click(user, panel, button(panel, action, args).customId!);
}

async function choose(user: EmulatorUser, panel: MessageView, action: string, value: string) {
  return world.select(user, panel, button(panel, action).customId!, [value]);
}

/** Waits for a public log line (📜) matching `pattern` posted since `since`. */
async function logLine(since: number, pattern: RegExp): Promise<MessageView> {
  return world.emulator.waitFor(
    () =>
      world.emulator
        .channelMessages(channel)
        .find((m) => m.createdAt >= since && m.text.startsWith("📜") && pattern.test(m.text)),
    WAIT_LIMIT_MS,
    `a log line matching ${pattern}`,
  );
}

/** The "X chose …" log lines of the reveal match the database's trios. */
async function expectRevealMatches(since: number): Promise<void> {
  const s = state();
  expect(s.phase).toBe("play");
  for (const [user, name] of [
    [alice, "Alice"],
    [bob, "Bob"],
  ] as const) {
    const trio = s.picks[user.id]!.map(
      (c) => `${c.rank === 11 ? "J" : c.rank === 12 ? "Q" : "K"}${"♠♥♦♣"["SHDC".indexOf(c.suit)]}`,
    );
    await logLine(since, new RegExp(`${name} chose ${trio.join(" ")}\\.`));
  }
}

// ---- a simple greedy player: it reads the database to decide, and acts through the panel only ----

function fitsCastle(board: TroubadourBoard): (card: Card) => boolean {
  return (card) => castleSlotFor(board.castles, card) >= 0;
}

/** Turn up face-down cards first; then fetch castle cards with ♥J (from inside villages) or ♥Q+K. */
function greedyTrio(s: TroubadourState, player: string): string[] {
  const board = s.boards[player]!;
  if (board.villages.some((v) => v.some((vc) => !vc.faceUp))) return ["QH", "JC", "QC"];
  const fits = fitsCastle(board);
  const inside = board.villages.some((v) => v.slice(0, -1).some((vc) => fits(vc.card)));
  return inside ? ["JH", "QH", "KH"] : ["QH", "KH", "QC"];
}

function greedyMove(s: TroubadourState, player: string): TroubadourMove {
  const legal = legalMoves(s, player);
  const board = s.boards[player]!;
  const fits = fitsCastle(board);
  const find = (f: (m: TroubadourMove) => boolean) => legal.find(f);
  // Moving a village's whole face-up part uncovers a face-down card.
  const uncovers = (m: TroubadourMove) =>
    m.type === "build" &&
    m.from.kind === "village" &&
    board.villages[m.from.village]!.some((vc) => !vc.faceUp) &&
    m.from.count === board.villages[m.from.village]!.filter((vc) => vc.faceUp).length;
  return (
    find((m) => m.type === "build" && m.to.kind === "castle") ??
    find((m) => m.type === "heartsQueenAce") ??
    find((m) => m.type === "heartsJack" && m.to.kind === "castle") ??
    find((m) => m.type === "heartsQueen") ??
    find((m) => m.type === "heartsQueenKing" && fits(m.card)) ??
    find(uncovers) ??
    find((m) => m.type === "draw" && m.clubsJack === true) ??
    find((m) => m.type === "draw") ??
    find((m) => m.type === "clubsQueen") ??
    find((m) => m.type === "extraDraw") ?? { type: "endTurn" }
  );
}

function sourceToken(m: Extract<TroubadourMove, { type: "build" }>): string {
  return m.from.kind === "waste" ? "w" : `v${m.from.village}n${m.from.count}`;
}

function targetToken(to: { kind: "castle" } | { kind: "village"; village: number }): string {
  return to.kind === "castle" ? "c" : `v${to.village}`;
}

/** Makes `m` with the panel's controls; returns the updated panel. */
async function playThroughPanel(
  user: EmulatorUser,
  panel: MessageView,
  m: TroubadourMove,
): Promise<MessageView> {
  switch (m.type) {
    case "build": {
      const src = sourceToken(m);
      if (m.to.kind === "castle" && findComponent(panel, "castle", [src]))
        return press(user, panel, "castle", [src]);
      const step = await choose(user, panel, "src", src);
      return press(user, step, "build", [src, targetToken(m.to)]);
    }
    case "heartsQueenAce":
      return press(user, panel, "ace");
    case "heartsJack": {
      const spot = `v${m.village}p${m.position}`;
      const step = await choose(user, await choose(user, panel, "noble", "heartsJack"), "hjc", spot);
      return press(user, step, "hj", [spot, targetToken(m.to)]);
    }
    case "heartsQueen":
      return choose(
        user,
        await choose(user, panel, "noble", "heartsQueen"),
        "hq",
        `v${m.village}p${m.position}`,
      );
    case "heartsQueenKing": {
      const step = await choose(user, panel, "noble", "heartsQueenKing");
      const code = cardCode(m.card);
      const menu = componentsOf(step).find((c) => c.options.some((o) => o.value === code));
      if (!menu?.customId) throw new Error(`♥Q+K does not offer ${code}`);
      return world.select(user, step, menu.customId, [code]);
    }
    case "draw":
      return press(user, panel, m.clubsJack ? "drawcj" : "draw");
    case "clubsQueen":
      return choose(user, panel, "noble", "clubsQueen");
    case "extraDraw":
      return press(user, panel, "extra");
    case "endTurn":
      return press(user, panel, "end");
    default:
      throw new Error(`the greedy player does not make ${m.type}`);
  }
}

const picksThisRound: Record<string, string[][]> = {};
function resetPicks() {
  for (const k of Object.keys(picksThisRound)) delete picksThisRound[k];
}
function record(user: EmulatorUser, trio: string[]) {
  picksThisRound[user.id] = [...(picksThisRound[user.id] ?? []), trio];
}

describe("Troubadour end to end, against the local Discord emulator", () => {
  let round2Start = 0;

  it("explains the rules with the engine's rulings, in two messages", async () => {
    await world.slash(carol, channel, "rules", { game: GAME });
    const reply = await world.emulator.waitForResponse(world.interactions.at(-1)!, {
      until: (r) => r.message !== null && r.followUps.length > 0,
    });
    const parts = [reply.message!, ...reply.followUps].map((m) => m.text);
    expect(reply.followUps.every((m) => m.ephemeral)).toBe(true);
    expect(parts.length).toBe(2);
    expect(parts.every((p) => p.length <= 2000)).toBe(true);
    const text = parts.join("\n");
    for (const ruling of [
      /refused and the noble stays unused/,
      /only as your very next move/,
      /whole group re-rolling/,
      /lapse when your turn ends/,
      /first free slot/,
      /200 rounds/,
      /not one already on top of the waste/,
      /none of your own villages/,
      /from \*under\* a village's top/,
      /both empty there is nothing to draw/,
    ]) {
      expect(text).toMatch(ruling);
    }
  });

  it("round 1: Alice picks first, in secret; then Bob; the trios are revealed together", async () => {
    const since = Date.now();
    const lobby = (await world.slash(alice, channel, "play", {}, GAME)).message!;
    const lobbyButton = (action: string) =>
      componentsOf(world.latest(lobby)).find((c) => c.customId?.endsWith(`:${action}`))!.customId!;
    await world.click(bob, lobby, lobbyButton("join"));
    await world.click(alice, world.latest(lobby), lobbyButton("start"));
    const first = await world.settledTable(channel, GAME);
    expect(first.attachments[0]!.contentType).toBe("image/png");
    expect(first.notified.sort()).toEqual([alice.id, bob.id].sort());
    expect(first.text).toMatch(/everyone chooses 3 nobles in secret/);

    const alicePanel = await world.openPanel(alice, channel, GAME);
    const select = button(alicePanel, "pick");
    expect([select.minValues, select.maxValues, select.options.length]).toEqual([3, 3, 12]);
    // The panel shows the public table's very file, by its address (drawn and uploaded once).
    expect(alicePanel.attachments).toEqual([
      expect.objectContaining({
        linked: true,
        filename: expect.stringMatching(/^troubadour-\d+-\d+-[a-z]+\.png$/),
      }),
    ]);
    const trioA = ["JS", "QS", "KH"];
    record(alice, trioA);
    const picked = await pick(alice, alicePanel, trioA);
    expect(picked.text).toMatch(/Your pick \(only you see this\): \*\*J♠ Q♠ K♥\*\*/);
    expect(codes(state().picks[alice.id])).toEqual(trioA);
    expect(
      componentsOf(picked)
        .find((c) => c.customId?.endsWith(":pick"))!
        .options.filter((o) => o.default)
        .map((o) => o.value),
    ).toEqual(trioA);

    // A pick made while others still choose changes nobody's turn: the same table message is
    // edited (no new one, no ping), now waiting for Bob only, and says nothing of what Alice chose.
    const waiting = await world.settledTable(channel, GAME);
    expect(waiting.id).toBe(first.id);
    expect(world.tables(channel, GAME)).toHaveLength(1);
    expect(waiting.notified.sort()).toEqual([alice.id, bob.id].sort());
    expect(waiting.text).toMatch(/Chosen: Alice · still choosing: Bob\./);
    await logLine(since, /Alice has chosen their nobles\./);
    const bobPanel = await world.openPanel(bob, channel, GAME);
    expect(bobPanel.text).toMatch(/Chosen: Alice · still choosing: Bob/);
    expectPicksSecret(since, picksThisRound);

    const trioB = ["JD", "JC", "QC"];
    record(bob, trioB);
    await pick(bob, bobPanel, trioB);
    const s = state();
    expect(s.phase).toBe("play");
    expect(s.order).toEqual([alice.id, bob.id]);
    await expectRevealMatches(since);
    const table = await world.settledTable(channel, GAME);
    expect(table.notified).toEqual([alice.id]);
    expect(table.text).toMatch(/round 1: Alice to play, then Bob/);
  });

  it("round 1, Alice's turn: a castle started, an attack blocked by ♦J, an attack that lands", async () => {
    const since = Date.now();
    let panel = await world.openPanel(alice, channel, GAME);
    expect(panel.text).toMatch(/\*\*Your turn\*\*/);
    expect(panel.text).toMatch(/♠J: ready/);

    // Start a castle with the Ace on top of a village: choose the source, then the castle.
    const source = `v${ACE_VILLAGE}n1`;
    expect(findComponent(panel, "castle", [source])).toBeDefined();
    const buildSelect = button(panel, "src");
    expect(buildSelect.options.map((o) => o.value)).toContain(source);
    panel = await choose(alice, panel, "src", source);
    expect(panel.text).toMatch(/where to\?/);
    panel = await press(alice, panel, "build", [source, "c"]);
    let s = state();
    expect(s.boards[alice.id]!.castles[0]!.map(cardCode)).toEqual([
      `A${s.boards[alice.id]!.castles[0]![0]!.suit}`,
    ]);

    // ♠J on Bob, who chose ♦J: the panel says so on a button that cannot be clicked; nothing changes.
    const before = world.game(channel.id);
    panel = await choose(alice, panel, "noble", "spadesJack");
    const shield = componentsOf(panel).find((c) => c.label?.startsWith("🛡 Bob"))!;
    expect(shield.label).toMatch(/protected by J♦/);
    expect(shield.disabled).toBe(true);
    panel = await press(alice, panel, "back");
    expect(world.game(channel.id).version).toBe(before.version);
    expect(state().noblesUsed[alice.id]).toEqual([]);

    // ♠Q lands: the top card of each of Bob's villages goes under his draw pile, and the log says so.
    const bobBefore = s.boards[bob.id]!;
    panel = await choose(alice, panel, "noble", "spadesQueen");
    panel = await press(alice, panel, "sq", ["1"]);
    s = state();
    expect(s.noblesUsed[alice.id]).toEqual(["spadesQueen"]);
    expect(s.boards[bob.id]!.drawPile.length).toBe(bobBefore.drawPile.length + 5);
    expect(s.boards[bob.id]!.villages.map((v) => v.length)).toEqual(
      bobBefore.villages.map((v) => v.length - 1),
    );
    await logLine(
      since,
      /Alice used ♠Q on Bob: the top cards of their villages \(.+\) went under their draw pile\./,
    );
    // Having used ♠Q alone, ♠J+Q+K is ruled out; the noble select no longer offers ♠Q.
    expect(button(panel, "noble").options.map((o) => o.value)).not.toContain("spadesQueen");

    panel = await press(alice, panel, "draw");
    expect(state().turn.standardDrawDone).toBe(true);
    expect(findComponent(panel, "draw")).toBeUndefined();
    await press(alice, panel, "end");
    const table = await world.settledTable(channel, GAME);
    expect(table.notified).toEqual([bob.id]);
  });

  it("only the active player's controls act; a non-player is turned away", async () => {
    const before = world.game(channel.id);
    const table = await world.settledTable(channel, GAME);
    const outOfTurn = await world.click(alice, table, `g:${before.id}:${before.version}:draw`, {
      stale: true,
    });
    expect(outOfTurn.text).toMatch(/not your turn/i);
    const alicePanel = await world.openPanel(alice, channel, GAME);
    expect(alicePanel.text).toMatch(/Waiting for Bob to play round 1/);
    expect(componentsOf(alicePanel).map((c) => c.customId!.split(":")[3])).toEqual(["refresh"]);
    const stranger = await world.click(carol, table, button(table, "panel").customId!);
    expect(stranger.text).toMatch(/not playing in this game/);
    expect(world.game(channel.id)).toEqual(before);
  });

  it("round 1, Bob's turn ends the round", async () => {
    let panel = await world.openPanel(bob, channel, GAME);
    panel = await press(bob, panel, "draw");
    round2Start = Date.now();
    resetPicks();
    await press(bob, panel, "end");
    const s = state();
    expect(s.phase).toBe("pick");
    expect(s.round).toBe(2);
    const table = await world.settledTable(channel, GAME);
    expect(table.notified.sort()).toEqual([alice.id, bob.id].sort());
  });

  it("round 2: Bob picks first and changes his pick before Alice chooses; nothing leaks", async () => {
    const since = round2Start;
    // Alice opens her panel before anyone picks, and will pick with what it showed her then.
    const aliceEarly = await world.openPanel(alice, channel, GAME);

    let bobPanel = await world.openPanel(bob, channel, GAME);
    const firstB = ["JH", "QH", "KH"];
    record(bob, firstB);
    bobPanel = await pick(bob, bobPanel, firstB);
    expect(codes(state().picks[bob.id])).toEqual(firstB);
    const tableAfterFirst = await world.settledTable(channel, GAME);
    const pictureAfterFirst = tableAfterFirst.attachments[0]!.data;
    const aliceBefore = await world.openPanel(alice, channel, GAME);
    // Her newer panel retired the older one: it says so and offers nothing to click.
    const retired = await world.emulator.waitFor(
      () => (componentsOf(world.latest(aliceEarly)).length === 0 ? world.latest(aliceEarly) : null),
      WAIT_LIMIT_MS,
      "Alice's older panel to be retired",
    );
    expect(retired.attachments).toEqual([]);
    expect(retired.text).toMatch(/replaced by a newer one/);
    expectPicksSecret(since, picksThisRound);

    const changedB = ["JS", "QD", "KD"];
    record(bob, changedB);
    bobPanel = await pick(bob, bobPanel, changedB);
    expect(bobPanel.text).toMatch(/Your pick \(only you see this\): \*\*J♠ Q♦ K♦\*\*/);
    expect(codes(state().picks[bob.id])).toEqual(changedB);
    // The change shows nowhere: the table picture and Alice's panel picture are byte-identical.
    const tableAfterChange = await world.settledTable(channel, GAME);
    expect(tableAfterChange.id).toBe(tableAfterFirst.id);
    expect(tableAfterChange.attachments[0]!.data.equals(pictureAfterFirst)).toBe(true);
    const aliceAfter = await world.openPanel(alice, channel, GAME);
    expect(aliceAfter.attachments[0]!.data.equals(aliceBefore.attachments[0]!.data)).toBe(true);
    // …for it is the table's very file.
    expect(aliceAfter.attachments[0]!.url).toBe(tableAfterChange.attachments[0]!.url);
    expect(aliceAfter.text).toBe(aliceBefore.text);
    expectPicksSecret(since, picksThisRound);

    // Alice picks with the menu her first panel showed before both of Bob's picks (a client that
    // had not yet seen it retired): the pick still counts.
    const trioA = ["QS", "JC", "QC"];
    record(alice, trioA);
    const earlyPick = button(aliceEarly, "pick").customId!;
    expect(earlyPick.split(":")[2]).not.toBe(String(world.game(channel.id).version));
    await world.select(alice, aliceEarly, earlyPick, trioA, { stale: true });
    const s = state();
    expect(s.phase).toBe("play");
    expect(codes(s.picks[alice.id])).toEqual(trioA);
    expect(s.order).toEqual([bob.id, alice.id]);
    await expectRevealMatches(since);
  });

  it("round 2: Bob plays; Alice draws with ♣J, then turns extra cards with ♣Q", async () => {
    let panel = await world.openPanel(bob, channel, GAME);
    panel = await press(bob, panel, "draw");
    await press(bob, panel, "end");

    const since = Date.now();
    panel = await world.openPanel(alice, channel, GAME);
    panel = await press(alice, panel, "drawcj");
    await logLine(since, /Alice used ♣J: \d+ cards turned/);
    panel = await choose(alice, panel, "noble", "clubsQueen");
    expect(state().turn.extraDraws).toBe(2);
    await logLine(since, /Alice used ♣Q: 2 extra cards to turn\./);
    panel = await press(alice, panel, "extra");
    expect(state().turn.extraDraws).toBe(1);
    round2Start = Date.now();
    resetPicks();
    await press(alice, panel, "end");
    expect(state().round).toBe(3);
  });

  it("round 3: identical trios are settled by die rolls, shown in the channel", async () => {
    const since = round2Start;
    const trio = ["JH", "QH", "KH"];
    for (const user of [alice, bob]) {
      const panel = await world.openPanel(user, channel, GAME);
      await pick(user, panel, trio);
    }
    const s = state();
    expect(s.phase).toBe("play");
    for (const [user, name] of [
      [alice, "Alice"],
      [bob, "Bob"],
    ] as const) {
      const rolls = s.dieRolls[user.id]!;
      expect(rolls.length).toBeGreaterThan(0);
      await logLine(since, new RegExp(`Identical trios: ${name} rolled ${rolls.join(", ")}\\.`));
    }
    const first = userOf(s.order[0]!);
    const last = s.dieRolls;
    expect(last[s.order[0]!]!.at(-1)!).toBeLessThan(last[s.order[1]!]!.at(-1)!);
    for (const user of [first, userOf(s.order[1]!)]) {
      const panel = await world.openPanel(user, channel, GAME);
      await press(user, panel, "end");
    }
    expect(state().round).toBe(4);
  });

  it("plays on through the panel's controls to the end, and posts the result", async () => {
    let moves = 0;
    for (let guard = 0; world.game(channel.id).status === "active"; guard++) {
      expect(guard).toBeLessThan(60);
      let s = state();
      if (s.phase === "pick") {
        for (const user of [alice, bob]) {
          const panel = await world.openPanel(user, channel, GAME);
          await pick(user, panel, greedyTrio(s, user.id));
        }
        continue;
      }
      const user = userOf(s.order[s.turnIndex]!);
      let panel = await world.openPanel(user, channel, GAME);
      for (;;) {
        s = state();
        const m = greedyMove(s, user.id);
        panel = await playThroughPanel(user, panel, m);
        moves++;
        if (m.type === "endTurn" || world.game(channel.id).status !== "active") break;
      }
    }
    const s = state();
    expect(s.phase).toBe("over");
    const winner = s.winner === alice.id ? "Alice" : "Bob";
    const result = await world.settledTable(channel, GAME);
    expect(result.text).toMatch(/Troubadour\*\* — game over/);
    expect(result.text).toContain(`${winner} completed all four castles.`);
    expect(result.text).toMatch(new RegExp(`${winner}: 4 complete castles, 40 castle cards`));
    expect(componentsOf(result)).toEqual([]);
    expect(result.attachments[0]!.contentType).toBe("image/png");
    await logLine(0, new RegExp(`${winner} completed all four castles and wins!`));
    console.log(
      `troubadour e2e: ${winner} won in round ${s.round} after ${moves} turn moves through the panel`,
    );
  });
});
