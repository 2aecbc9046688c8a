import {
  componentsOf,
  type EmulatorChannel,
  type EmulatorUser,
  type MessageView,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { describe, expect, it } from "vitest";
import type { TheGameState } from "../../../src/games/thegame/engine/types.js";
import {
  button,
  findComponent,
  lobbyButton,
  playableCard,
  testWorld,
  userWithId,
} from "../../e2e/support/world.js";

const {
  world,
  users: [alice, bob, carol],
} = testWorld({ users: ["Alice", "Bob", "Carol"], managers: ["Alice"] });

const stateOf = (channel: EmulatorChannel) => world.state<TheGameState>(channel);

/** A whole turn through the UI: cards until End turn is enabled, then End turn. */
async function playTurn(user: EmulatorUser, channel: EmulatorChannel): Promise<void> {
  let panel = await world.openPanel(user, channel, "thegame");
  for (let guard = 0; guard < 12; guard++) {
    if (world.game(channel.id).status !== "active") return;
    const end = findComponent(panel, "end");
    if (end && !end.disabled) {
      await world.click(user, panel, end.customId!);
      return;
    }
    panel = await world.playTheGameCard(user, panel);
  }
  throw new Error("a turn did not end");
}

function activePlayer(channel: EmulatorChannel): string {
  const s = stateOf(channel);
  return s.players[s.activeSeat]!;
}

const userById = (id: string) => userWithId([alice, bob, carol], id);

/** Numbers the public table text legitimately shows: counts, versions and the public pile tops. */
function publicNumbers(s: TheGameState, gameId: number, version: number): Set<number> {
  const played = s.piles.flat();
  const cardsLeft = s.drawPile.length + Object.values(s.hands).flat().length;
  return new Set([
    gameId,
    version,
    s.drawPile.length,
    cardsLeft,
    s.playedThisTurn,
    1,
    2,
    3,
    4,
    98,
    100,
    ...played,
  ]);
}

/** No public text, attachment name or custom_id may hold a card value in any hand. */
function expectNoHandValueInPublic(channel: EmulatorChannel): void {
  const game = world.game(channel.id);
  const s = game.state as unknown as TheGameState;
  const secret = new Set(Object.values(s.hands).flat());
  const allowed = publicNumbers(s, game.id, game.version);
  const table = world.tables(channel, "thegame").at(-1)!;
  for (const message of world.emulator.channelMessages(channel)) {
    const texts = [
      message.text,
      ...message.embeds.map((e) => JSON.stringify(e)),
      ...message.attachments.map((a) => a.filename),
      ...componentsOf(message).map((c) => c.customId ?? ""),
    ];
    // Older messages were checked when they were current; the current table must hold only public numbers.
    if (message.id !== table.id) continue;
    for (const text of texts) {
      for (const n of (text.match(/\d+/g) ?? []).map(Number)) {
        if (secret.has(n)) expect(allowed.has(n), `hand value ${n} shown in public: ${text}`).toBe(true);
      }
    }
  }
}

describe("The Game end to end, against the local Discord emulator", () => {
  const tableChannel = {} as { c: EmulatorChannel };

  it("scenario 1: two players join, start, claim and play three turns through the ephemeral controls", async () => {
    tableChannel.c = world.channel("the-game");
    const channel = tableChannel.c;
    const first = await world.openGame("thegame", channel, alice, [bob]);
    expect(first.attachments[0]!.data.subarray(1, 4).toString()).toBe("PNG");
    expect(first.notified.sort()).toEqual([alice.id, bob.id].sort());

    const bobPanel = await world.openPanel(bob, channel, "thegame");
    await world.click(bob, bobPanel, button(bobPanel, "claim").customId!);
    expect(activePlayer(channel)).toBe(bob.id);

    for (let turn = 0; turn < 3; turn++) {
      await world.settledTable(channel, "thegame");
      const before = world.tables(channel, "thegame").length;
      const actor = userById(activePlayer(channel));
      await playTurn(actor, channel);
      const table = await world.settledTable(channel, "thegame");
      expect(world.tables(channel, "thegame").length).toBe(before + 1);
      expect(table.attachments[0]!.contentType).toBe("image/png");
      const next = activePlayer(channel);
      expect(next).not.toBe(actor.id);
      expect(table.notified).toEqual([next]);
      expect(table.text).toContain(`<@${next}>`);
      // The previous table message shrank to one line: no picture, no buttons, no claim about
      // anyone's move or since when (no mention, no timestamp); what happened, who acts now, and
      // a link to the current table.
      const previous = world.tables(channel, "thegame").at(-2)!;
      expect(componentsOf(previous)).toEqual([]);
      expect(previous.attachments).toEqual([]);
      expect(previous.text).not.toContain("\n");
      expect(previous.text).not.toMatch(/<@!?\d+>|<t:\d+:\w>/);
      expect(previous.text).toContain(
        `](https://discord.com/channels/${world.guild.id}/${channel.id}/${table.id})`,
      );
      expect(previous.text).toMatch(new RegExp(`^\\*\\*The Game\\*\\* · ${actor.username} played`, "i"));
      expect(previous.text).toMatch(new RegExp(` · now: ${userById(next).username} · `, "i"));
      expectNoHandValueInPublic(channel);
    }
    expect(world.game(channel.id).moves).toBeGreaterThanOrEqual(1 + 3 * 3);
  });

  it("a card played within a turn: the table is edited in place first, and the mover's panel shows its very file by address (the picture is uploaded once)", async () => {
    const channel = world.channel("the-game-one-upload");
    await world.openGame("thegame", channel, alice, [bob]);
    const claim = await world.openPanel(bob, channel, "thegame");
    await world.click(bob, claim, button(claim, "claim").customId!);
    const table = await world.settledTable(channel, "thegame");
    const tables = world.tables(channel, "thegame").length;
    const played = await world.playTheGameCard(bob, await world.openPanel(bob, channel, "thegame"));
    // One card of at least two: Bob's turn goes on, so the table changes in place.
    expect(activePlayer(channel)).toBe(bob.id);
    const edited = await world.settledTable(channel, "thegame");
    expect(world.tables(channel, "thegame")).toHaveLength(tables);
    expect(edited.id).toBe(table.id);
    expect(edited.attachments).toHaveLength(1);
    expect(played.attachments).toHaveLength(1);
    expect(played.attachments[0]).toMatchObject({ id: edited.attachments[0]!.id, linked: true });
  });

  it("scenario 2: isolation — nobody sees another player's ephemeral hand, and public messages hold no hand value", async () => {
    const channel = tableChannel.c;
    const s = stateOf(channel);
    for (const [me, other] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const mine = world.emulator.ephemeralsFor(me);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((m) => m.audienceUserId === me.id)).toBe(true);
      const otherHand = `**${s.hands[other.id]!.join(", ")}**`;
      expect(mine.some((m) => m.text.includes(otherHand))).toBe(false);
    }
    expect(world.emulator.ephemeralsFor(carol)).toEqual([]);
    expectNoHandValueInPublic(channel);
  });

  it("scenario 3: bad input — non-player, out of turn, stale button, double click, forged custom_id — changes nothing", async () => {
    const channel = tableChannel.c;
    const table = await world.settledTable(channel, "thegame");
    const before = world.game(channel.id);
    const actor = userById(activePlayer(channel));
    const waiting = actor.id === alice.id ? bob : alice;

    const nonPlayer = await world.click(carol, table, button(table, "panel").customId!);
    expect(nonPlayer.ephemeral).toBe(true);
    expect(nonPlayer.text).toMatch(/not playing in this game/);

    const outOfTurn = await world.click(waiting, table, `g:${before.id}:${before.version}:end`, {
      stale: true,
    });
    expect(outOfTurn.ephemeral).toBe(true);
    expect(outOfTurn.text).toMatch(/not your turn/i);

    const oldTable = world.tables(channel, "thegame").at(-2)!;
    const stale = await world.click(actor, oldTable, `g:${before.id}:${before.version - 1}:end`, {
      stale: true,
    });
    expect(stale.text).toMatch(/came too late|out of date/);

    for (const forged of [
      "g:999999:1:panel",
      `g:${before.id}:${before.version}:explode`,
      "x:y",
      `g:${before.id}:abc:end`,
    ]) {
      const answer = await world.click(actor, table, forged, { stale: true });
      expect(answer.ephemeral).toBe(true);
      expect(answer.text.length).toBeGreaterThan(0);
    }
    expect(world.game(channel.id)).toEqual(before);

    const panel = await world.openPanel(actor, channel, "thegame");
    const chosen = await world.click(actor, panel, playableCard(panel)!.customId!);
    const pile = componentsOf(chosen).find((c) => c.customId?.split(":")[3] === "play" && !c.disabled)!;

    // A database locked by another process: the player is told, nothing changes.
    const release = world.lockDatabase();
    let locked: MessageView;
    try {
      locked = await world.click(actor, chosen, pile.customId!);
    } finally {
      release();
    }
    const busyAnswer = [locked, ...world.emulator.ephemeralsFor(actor)].some((m) =>
      /database is not answering/.test(m.text),
    );
    expect(busyAnswer).toBe(true);
    expect(world.game(channel.id)).toEqual(before);

    // A double click: the same card/pile button pressed twice; the second press changes nothing and
    // says the move was already made (the shared stale-click answer for the clicker's own move).
    await world.click(actor, chosen, pile.customId!);
    const afterFirst = world.game(channel.id);
    expect(afterFirst.version).toBeGreaterThan(before.version);
    const second = await world.click(actor, chosen, pile.customId!, { stale: true });
    expect(second.text).toMatch(/already made/);
    expect(world.game(channel.id).moves).toBe(afterFirst.moves);
  });

  it("scenario 4: restart — after SIGKILL the last table's buttons still work and no move is lost", async () => {
    const channel = tableChannel.c;
    const before = world.game(channel.id);
    const t = Date.now();
    await world.bot.kill("SIGKILL");
    await world.bot.start();
    await world.emulator.waitForBotReady({ after: t, bot: world.bot });
    expect(world.game(channel.id)).toEqual(before);
    const actor = userById(activePlayer(channel));
    await playTurn(actor, channel);
    const after = world.game(channel.id);
    expect(after.moves).toBeGreaterThan(before.moves);
    expect(activePlayer(channel)).not.toBe(actor.id);
  });

  it("a Discord API error while showing a stored move: the player is told the move counted, and play goes on", async () => {
    const channel = tableChannel.c;
    const actor = userById(activePlayer(channel));
    const before = world.game(channel.id);
    const panel = await world.openPanel(actor, channel, "thegame");
    const chosen = await world.click(actor, panel, playableCard(panel)!.customId!);
    const pile = componentsOf(chosen).find((c) => c.customId?.split(":")[3] === "play" && !c.disabled)!;
    const missingAccess = { status: 403, code: 50001, message: "Missing Access" };
    // A card played within a turn edits the current table: through the token that sent it, and on
    // the channel route when the token is refused. (A failing follow-up POST would also refuse the
    // note that tells the player.)
    world.emulator.failNext("PATCH", /^\/webhooks\/\d+\/[^/]+\/messages\/\d+$/, missingAccess);
    world.emulator.failNext("POST", /^\/channels\/\d+\/messages$/, missingAccess);
    world.emulator.failNext("PATCH", /^\/channels\/\d+\/messages\/\d+$/, missingAccess);
    const after = await world.click(actor, chosen, pile.customId!);
    if (findComponent(after, "playc"))
      await world.click(actor, after, findComponent(after, "playc")!.customId!);
    await world.emulator.waitFor(
      () => world.emulator.ephemeralsFor(actor).find((m) => m.text.includes("Your move was saved")),
      WAIT_LIMIT_MS,
      "the note that the move was saved",
    );
    world.emulator.clearFaults();
    expect(world.game(channel.id).moves).toBe(before.moves + 1);
    // The player goes on from their panel; the next move re-posts the table that missed an update.
    let panelNow = world.latest(after);
    for (let guard = 0; guard < 12 && world.game(channel.id).status === "active"; guard++) {
      const end = findComponent(panelNow, "end");
      if (end && !end.disabled) {
        await world.click(actor, panelNow, end.customId!);
        break;
      }
      panelNow = await world.playTheGameCard(actor, panelNow);
    }
    const table = await world.settledTable(channel, "thegame");
    expect(world.game(channel.id).moves).toBeGreaterThan(before.moves + 1);
    expect(table.text).toContain(world.game(channel.id).status === "active" ? "your move" : "game over");
  });

  it("scenario 5: a whole solo game played to its end through the UI, with the result message", async () => {
    const channel = world.channel("solo");
    const lobby = (await world.slash(carol, channel, "play", {}, "thegame")).message!;
    await world.click(carol, lobby, lobbyButton(lobby, "start"));
    await world.settledTable(channel, "thegame");
    for (let turn = 0; turn < 120 && world.game(channel.id).status === "active"; turn++) {
      await playTurn(carol, channel);
    }
    const game = world.game(channel.id);
    expect(game.status).toBe("finished");
    const result = await world.settledTable(channel, "thegame");
    expect(result.text).toMatch(/game over/);
    expect(result.text).toMatch(/cards left|Perfect/);
    expect(componentsOf(result)).toEqual([]);
    const s = game.state as unknown as TheGameState;
    const left = Object.values(s.hands).flat();
    for (const card of left) expect(result.text).toContain(String(card));
  });
});
