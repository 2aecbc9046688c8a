import { describe, expect, it } from "vitest";
import { withNames } from "../../../src/bot/ui/helpers.js";
import type { Payload } from "../../../src/bot/ui/types.js";
import { type Card, cardCode, cardLabel, sameCard } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { GAMES } from "../../../src/games/index.js";
import {
  legalCards,
  type OnevstwoMove,
  type OnevstwoState,
  onevstwo,
} from "../../../src/games/onevstwo/engine/index.js";
import type { OnevstwoPublicView } from "../../../src/games/onevstwo/engine/types.js";
import { type OnevstwoSelection, onevstwoUi } from "../../../src/games/onevstwo/ui.js";
import { tm, type Words, wordsFor } from "../../../src/i18n/index.js";
import { jobText } from "../../../src/render/jobs.js";
import {
  expectDiscordLimits,
  moveOf,
  type PanelPart,
  panelHarness,
  partsOf,
  partsWith,
  partWith,
  selectionOf,
} from "../../support/panels.js";

/** The public table's picture as a panel must show it: the very job of the table, in English. */
const tablePictureText = (state: OnevstwoState) =>
  jobText(onevstwoUi.tablePicture(onevstwo.publicView(state), NAMES, "en"));

/** Discord's button styles, as a panel's parts carry them. */
const STYLE = { primary: 1, secondary: 2, success: 3 } as const;

/** The card buttons of a panel, by label: all of them, or those enabled (the cards that may be played). */
const cardLabels = (payload: Payload, enabledOnly = false) =>
  partsWith(payload, "card")
    .filter((c) => !enabledOnly || !c.disabled)
    .map((c) => c.label);

const THREE = ["a", "b", "c"];
const FOUR = ["a", "b", "c", "d"];
const NAMES: Record<string, string> = { a: "Alice", b: "Bob", c: "Carol", d: "Dave" };
type Sel = OnevstwoSelection | null;
const EN = wordsFor("en");
const NL = wordsFor("nl");

const harness = panelHarness(onevstwoUi, NAMES);

const panelOf = (state: OnevstwoState, player: PlayerId, selection: Sel = null, words?: Words): Payload =>
  harness.open(state, player, { selection, words });

const click = (state: OnevstwoState, player: PlayerId, component: PanelPart, values: string[] = []) =>
  harness.click(state, player, component.action, component.args, values);

const actions = (payload: Payload) => partsOf(payload).map((c) => c.action);

function apply(state: OnevstwoState, player: PlayerId, move: OnevstwoMove): OnevstwoState {
  const r = onevstwo.apply(state, player, move);
  if (!r.ok) throw new Error(`refused: ${tm(r.error)}`);
  return r.state;
}

/** Announces through the panel: tricks select, trump button, Confirm; returns the move asked for. */
function announceThroughPanel(
  state: OnevstwoState,
  boss: PlayerId,
  tricks: number,
  trump: string,
): OnevstwoMove {
  let payload = panelOf(state, boss);
  payload = panelOf(
    state,
    boss,
    selectionOf(click(state, boss, partWith(payload, "tricks"), [String(tricks)])),
  );
  const button = partsWith(payload, "trump").find((b) => b.args[1] === trump) as PanelPart;
  payload = panelOf(state, boss, selectionOf(click(state, boss, button)));
  expectDiscordLimits(payload);
  return moveOf(click(state, boss, partWith(payload, "contract")));
}

/** Plays `card` through the actor's card buttons; exactly the engine's legal cards must be enabled. */
function playThroughPanel(state: OnevstwoState, player: PlayerId, card: Card): OnevstwoMove {
  const payload = panelOf(state, player);
  expectDiscordLimits(payload);
  expect([...cardLabels(payload, true)].sort()).toEqual(legalCards(state, player).map(cardLabel).sort());
  const button = partsWith(payload, "card").find((c) => c.label === cardLabel(card)) as PanelPart;
  return moveOf(click(state, player, button));
}

const actor = (state: OnevstwoState) => onevstwo.actors(state)[0] as PlayerId;
const CARD_CODE = /(?:^|[^A-Za-z0-9])(?:10|[2-9AJQK])[SHDC](?![A-Za-z0-9])/;

/** The left louse leads its first legal card: the dummy must then play. */
function toDummyTurn(players: string[], seed = 11): OnevstwoState {
  let state = onevstwo.setup(players, { shortMatch: true, autoplay: false }, seed);
  state = apply(state, "a", { type: "contract", tricks: 7, trump: "H" });
  return apply(state, "b", { type: "play", card: legalCards(state, "b")[0] as Card });
}

describe("One versus Two panel", () => {
  it("is registered after Troubadour", () => {
    const types = GAMES.list.map((game) => game.ui).map((ui) => ui.gameType);
    expect(types.indexOf("onevstwo")).toBe(types.indexOf("troubadour") + 1);
  });

  it("the boss announces in three steps — tricks, trump, Confirm — and only Confirm is a move", () => {
    const state = onevstwo.setup(THREE, { shortMatch: true, autoplay: false }, 5);
    let payload = panelOf(state, "a");
    expectDiscordLimits(payload);
    expect(payload.content).toMatch(/You are the boss/);
    expect(payload.content).toMatch(/Announcing is final/);
    expect(partWith(payload, "tricks").options?.map((o) => o.value)).toEqual(
      Array.from({ length: 13 }, (_, i) => String(i + 1)),
    );
    expect(partsWith(payload, "trump").map((b) => [b.label, b.disabled])).toEqual([
      ["♠", true],
      ["♥", true],
      ["♦", true],
      ["♣", true],
      ["No trump", true],
    ]);
    expect(partsWith(payload, "contract")).toEqual([]);

    const chosen = selectionOf(click(state, "a", partWith(payload, "tricks"), ["10"]));
    expect(chosen).toEqual({ kind: "tricks", tricks: 10 });
    payload = panelOf(state, "a", chosen);
    expect(partWith(payload, "tricks").options?.find((o) => o.default)?.value).toBe("10");
    expect(partsWith(payload, "trump").every((b) => !b.disabled && b.args[0] === "10")).toBe(true);
    expect(partsWith(payload, "contract")).toEqual([]);

    const spades = selectionOf(click(state, "a", partWith(payload, "trump", "10")));
    expect(spades).toEqual({ kind: "trump", tricks: 10, trump: "S" });
    payload = panelOf(state, "a", spades);
    const confirm = partWith(payload, "contract");
    expect(confirm.label).toBe("Confirm: 10 tricks, ♠ trumps (final)");
    expect(confirm.args).toEqual(["10", "S"]);
    // The stakes of the rulebook's example: 10 with ♠ trumps, made exactly: 400; one short: −50.
    expect(payload.content).toContain("exactly 10: **400**");
    expect(payload.content).toContain("one short: −50");
    expect(moveOf(click(state, "a", confirm))).toEqual({ type: "contract", tricks: 10, trump: "S" });
    // Changing the number of tricks keeps the trump already chosen.
    const eleven = selectionOf(click(state, "a", partWith(payload, "tricks"), ["11"]));
    expect(eleven).toEqual({ kind: "trump", tricks: 11, trump: "S" });
    expect(partWith(panelOf(state, "a", eleven), "contract").label).toBe(
      "Confirm: 11 tricks, ♠ trumps (final)",
    );

    expect(announceThroughPanel(state, "a", 9, "NT")).toEqual({ type: "contract", tricks: 9, trump: null });
    expect(announceThroughPanel(state, "a", 13, "C")).toEqual({ type: "contract", tricks: 13, trump: "C" });
  });

  it("the lice wait for the boss's contract, told who must act, with their own hand only", () => {
    const state = onevstwo.setup(THREE, { shortMatch: true, autoplay: false }, 5);
    for (const louse of ["b", "c"]) {
      const payload = panelOf(state, louse);
      expect(payload.content).toMatch(/Waiting for Alice \(the boss\) to announce the contract/);
      expect(actions(payload)).toEqual(["refresh"]);
    }
    expect(onevstwoUi.waitingFor?.(onevstwo.publicView(state))).toEqual(["a"]);
    expect(onevstwoUi.tableStatus(onevstwo.publicView(state), NAMES, EN)).toBe(
      "Game 1 of 3 (round 1 of 1) · boss Alice · no contract yet · Alice (boss) to announce the contract.",
    );
  });

  it("speaks Dutch to a Dutch reader: the panel, its buttons and picture, and the table status", () => {
    const state = onevstwo.setup(THREE, { shortMatch: true, autoplay: false }, 5);
    let boss = panelOf(state, "a", null, NL);
    expect(boss.content).toMatch(/\*\*Jij bent de baas\*\* van spel 1 van 3/);
    expect(boss.content).toMatch(/\*\*Bieden is definitief\*\*/);
    expect(boss.content).toMatch(/^Je hand: ♠/m);
    expect(boss.content).toMatch(/^Blinde: ♠/m);
    expect(
      partWith(boss, "tricks")
        .options?.slice(0, 2)
        .map((o) => o.label),
    ).toEqual(["1 slag", "2 slagen"]);
    expect(partWith(boss, "tricks").options?.[0]?.description).toBe(
      "de luizen hebben er 13 nodig om het contract te laten mislukken",
    );
    expect(partsWith(boss, "trump").at(-1)?.label).toBe("Zonder troef");
    expect(partWith(boss, "refresh").label).toBe("Vernieuwen");
    // The table's picture in the panel is drawn in the reader's language too.
    expect(boss.pictures[0]?.job.args[1]).toMatchObject({ locale: "nl" });
    boss = panelOf(state, "a", { kind: "trump", tricks: 10, trump: "S" }, NL);
    expect(partWith(boss, "contract").label).toBe("Bevestigen: 10 slagen, ♠ troef (definitief)");
    expect(boss.content).toContain(
      "Je keuze: **10 slagen, ♠ troef**. Gehaald: 10 per gewonnen slag + 300 premie",
    );
    expect(boss.content).toContain("precies 10: **400**");
    expect(partWith(boss, "back").label).toBe("Terug");

    const louse = panelOf(state, "b", null, NL);
    expect(louse.content).toMatch(/^Wachten op Alice \(de baas maakt het contract bekend\);/);
    expect(louse.content).toContain("jij bent de linkerluis.");
    expect(louse.content).toContain("Nog geen contract.");
    expect(onevstwoUi.tableStatus(onevstwo.publicView(state), NAMES, NL)).toBe(
      "Spel 1 van 3 (ronde 1 van 1) · baas Alice · nog geen contract · Alice (baas) maakt het contract bekend.",
    );

    const dummyTurn = toDummyTurn(THREE);
    const play = panelOf(dummyTurn, "a", null, NL);
    expect(play.content).toMatch(/je speelt voor de blinde/);
    expect(play.content).toMatch(/Slag 1 van 13 tot nu toe: Bob \(linkerluis\) \*\*/);
    // The dummy's cards as buttons, in Dutch letters.
    expect(cardLabels(play)).toEqual(onevstwo.publicView(dummyTurn).dummy.map((c) => NL.card(c)));
    expect(onevstwoUi.tableStatus(onevstwo.publicView(dummyTurn), NAMES, NL)).toBe(
      "Spel 1 van 3 (ronde 1 van 1) · baas Alice · contract 7 slagen, ♥ troef · slagen: kant van de baas 0, luizen 0 · de kant van de baas heeft er nog 7 nodig · Alice speelt voor de blinde.",
    );
    for (const payload of [boss, louse, play]) {
      expect(payload.content).not.toMatch(/\b(trick|tricks|boss|dummy|Waiting|Your)\b/);
    }
  });

  it("3 players: on the dummy's turn the boss is pinged and offered the dummy's legal cards", () => {
    const state = toDummyTurn(THREE);
    expect(onevstwoUi.waitingFor?.(onevstwo.publicView(state))).toEqual(["a"]);
    const payload = panelOf(state, "a");
    expect(payload.content).toMatch(/you play for the dummy/i);
    // The whole dummy as buttons, the legal cards enabled; a button carries the card's place, not the card.
    const dummy = onevstwo.publicView(state).dummy;
    expect(cardLabels(payload)).toEqual(dummy.map(cardLabel));
    expect([...cardLabels(payload, true)].sort()).toEqual(legalCards(state, "a").map(cardLabel).sort());
    expect(partsWith(payload, "card").map((c) => c.args)).toEqual(dummy.map((_, i) => [String(i)]));
    for (const louse of ["b", "c"]) {
      const waiting = panelOf(state, louse);
      expect(waiting.content).toMatch(/Waiting for Alice to play for the dummy/);
      expect(partsWith(waiting, "card")).toEqual([]);
    }
    expect(onevstwoUi.tableStatus(onevstwo.publicView(state), NAMES, EN)).toBe(
      "Game 1 of 3 (round 1 of 1) · boss Alice · contract 7 tricks, ♥ trumps · tricks: boss side 0, lice 0 · the boss side needs 7 more · Alice to play for the dummy.",
    );
  });

  /** The table mid-game with these tricks won against a contract of `need` (the engine's tally as it would be). */
  function tallied(need: number, boss: number, lice: number): OnevstwoPublicView {
    const view = structuredClone(onevstwo.publicView(toDummyTurn(THREE)));
    view.contract = { tricks: need, trump: null };
    view.bossTricks = boss;
    view.liceTricks = lice;
    view.tricksPlayed = boss + lice;
    view.tally = { need, against: 14 - need, made: boss >= need, beaten: lice >= 14 - need };
    return view;
  }
  const tableWords = (view: OnevstwoPublicView, words: Words) =>
    [onevstwoUi.tableStatus(view, NAMES, words), ...onevstwoUi.describeTable(view, NAMES, words)].join("\n");

  it("while the contract is open, the table says how many more tricks each side needs", () => {
    const view = tallied(8, 3, 2);
    expect(onevstwoUi.tableStatus(view, NAMES, EN)).toContain(
      "contract 8 tricks, no trump · tricks: boss side 3, lice 2 · the boss side needs 5 more ·",
    );
    expect(onevstwoUi.describeTable(view, NAMES, EN)).toContain(
      "Contract **8 tricks, no trump** · tricks: boss side **3**, lice **2** · the boss side needs 5 more to make it, the lice 4 more to defeat it",
    );
  });

  it("once the contract is made, the table says so instead of what either side still needs", () => {
    // The case of issue 37: a contract of 1, the boss's side at 4, the lice at 8.
    const view = tallied(1, 4, 8);
    expect(onevstwoUi.tableStatus(view, NAMES, EN)).toContain(
      "contract made (1 trick, no trump) · tricks: boss side 4, lice 8 ·",
    );
    expect(onevstwoUi.describeTable(view, NAMES, EN)).toContain(
      "Contract made (**1 trick, no trump**) · tricks: boss side **4**, lice **8**",
    );
    expect(onevstwoUi.tableStatus(view, NAMES, NL)).toContain(
      "contract gehaald (1 slag, zonder troef) · slagen: kant van de baas 4, luizen 8 ·",
    );
    for (const words of [EN, NL]) {
      expect(tableWords(view, words)).not.toMatch(/need|nodig|4 of 1|4\/1|4 van 1/);
    }
  });

  it("once the contract can no longer be made, the table says it failed instead of what either side still needs", () => {
    const view = tallied(10, 6, 5);
    expect(onevstwoUi.tableStatus(view, NAMES, EN)).toContain(
      "contract failed (10 tricks, no trump) · tricks: boss side 6, lice 5 ·",
    );
    expect(onevstwoUi.describeTable(view, NAMES, EN)).toContain(
      "Contract failed (**10 tricks, no trump**) · tricks: boss side **6**, lice **5**",
    );
    expect(onevstwoUi.tableStatus(view, NAMES, NL)).toContain(
      "contract mislukt (10 slagen, zonder troef) · slagen: kant van de baas 6, luizen 5 ·",
    );
    for (const words of [EN, NL]) expect(tableWords(view, words)).not.toMatch(/need|nodig/);
  });

  it("4 players: the servant is pinged and plays the dummy; the boss waits", () => {
    const state = toDummyTurn(FOUR);
    const view = onevstwo.publicView(state);
    expect(view.roles.servant).toBe("c");
    expect(onevstwoUi.waitingFor?.(view)).toEqual(["c"]);
    const servant = panelOf(state, "c");
    expect(servant.content).toMatch(/you play for the dummy/i);
    expect(servant.content).toMatch(/You are the servant/);
    expect(cardLabels(servant)).toEqual(onevstwo.publicView(state).dummy.map(cardLabel));
    expect([...cardLabels(servant, true)].sort()).toEqual(legalCards(state, "c").map(cardLabel).sort());
    const boss = panelOf(state, "a");
    expect(boss.content).toMatch(/Waiting for Carol to play for the dummy/);
    expect(partsWith(boss, "card")).toEqual([]);
    expect(onevstwoUi.tableStatus(view, NAMES, EN)).toMatch(/Carol to play for the dummy\.$/);
  });

  it("a card that would take the trick so far says so: green, and named in the lines", () => {
    const state = toDummyTurn(THREE);
    const led = state.trick[0]?.card as Card;
    const payload = panelOf(state, "a");
    const legal = legalCards(state, "a");
    const winning: string[] = [];
    for (const button of partsWith(payload, "card")) {
      const card = legal.find((c) => cardLabel(c) === button.label);
      if (!card) {
        expect([button.style, button.disabled]).toEqual([STYLE.secondary, true]);
        continue;
      }
      const higher =
        card.suit === led.suit && (card.rank === 1 ? 14 : card.rank) > (led.rank === 1 ? 14 : led.rank);
      const trumps = card.suit === "H" && led.suit !== "H";
      expect(button.style).toBe(higher || trumps ? STYLE.success : STYLE.primary);
      if (higher || trumps) winning.push(cardLabel(card));
    }
    expect(winning.length).toBeGreaterThan(0);
    expect(payload.content).toContain(`Would take the trick so far (green): **${winning.join(" ")}**`);
  });

  it("Last trick shows the finished trick in the panel, and Back hides it", () => {
    let state = toDummyTurn(THREE);
    expect(partsWith(panelOf(state, "a"), "last")).toEqual([]);
    while (state.trick.length > 0)
      state = apply(state, actor(state), { type: "play", card: legalCards(state, actor(state))[0] as Card });
    const last = state.lastTrick!;
    for (const player of THREE) {
      const payload = panelOf(state, player);
      const shown = panelOf(state, player, selectionOf(click(state, player, partWith(payload, "last"))));
      expect(shown.content).toMatch(/\*\*Last trick\*\* \(trick 1\): /);
      for (const pc of last.cards) expect(shown.content).toContain(`**${cardLabel(pc.card)}**`);
      expect(shown.content).toMatch(/won by /);
      expect(partWith(shown, "back").label).toBe("Hide last trick");
      expect(partsWith(shown, "last")).toEqual([]);
    }
    // The player to lead keeps their cards while looking back.
    const leader = actor(state);
    const view = onevstwo.privateView(state, leader);
    const from = view.play?.from === "dummy" ? view.dummy : view.hand;
    expect(cardLabels(panelOf(state, leader, { kind: "lastTrick" }))).toEqual(from.map(cardLabel));
  });

  it("refuses forged or malformed clicks, changing nothing", () => {
    const state = toDummyTurn(THREE);
    const forged: [string, string[], string[]][] = [
      ["card", [], ["ZZ"]],
      ["card", [], []],
      ["card", [], ["1S"]],
      ["card", ["1S"], []],
      ["card", ["13"], []],
      ["card", ["-1"], []],
      ["card", ["0", "1"], []],
      ["tricks", [], ["14"]],
      ["tricks", [], ["0"]],
      ["tricks", [], ["07"]],
      ["tricks", ["X"], ["7"]],
      ["tricks", ["S", "S"], ["7"]],
      ["trump", ["10", "X"], []],
      ["trump", ["14", "S"], []],
      ["contract", ["10"], []],
      ["contract", ["", "NT"], []],
      ["explode", [], []],
    ];
    for (const [action, args, values] of forged) {
      const intent = onevstwoUi.interpret({
        userId: "a",
        view: onevstwo.privateView(state, "a"),
        action,
        args,
        values,
      });
      expect(intent).toMatchObject({ kind: "refuse", message: { key: "core.malformedMove" } });
    }
  });

  for (const [players, label] of [
    [THREE, "3 players"],
    [FOUR, "4 players"],
  ] as const) {
    it(`${label}: a short match through the panels only; no panel offers or names a card of another's hand`, () => {
      let state = onevstwo.setup([...players], { shortMatch: true, autoplay: false }, 23);
      let seed = 99;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      let moves = 0;
      while (state.phase !== "over") {
        const now = actor(state);
        const view = onevstwo.publicView(state);
        expect(onevstwoUi.waitingFor?.(view)).toEqual([now]);
        for (const player of players) {
          const payload = panelOf(state, player);
          expectDiscordLimits(payload);
          expectDiscordLimits(panelOf(state, player, null, NL));
          // The panel shows the public table's own picture: drawn once for the table and every panel.
          expect(payload.pictures.map((p) => p.text)).toEqual([tablePictureText(state)]);
          // Hands other than the viewer's own that are private now (with 4 players the servant's is the open dummy).
          const others = players
            .filter((p) => p !== player && p !== view.roles.servant)
            .flatMap((p) => state.stacks[state.players.indexOf(p)] as Card[]);
          for (const c of partsOf(payload)) {
            expect(c.custom_id).not.toMatch(CARD_CODE);
            for (const o of c.options ?? []) expect(others.some((k) => cardCode(k) === o.value)).toBe(false);
          }
          for (const label of cardLabels(payload)) expect(others.map(cardLabel)).not.toContain(label);
          for (const k of others) expect(payload.content).not.toContain(cardLabel(k));
          if (player !== now) expect(partsWith(payload, "card")).toEqual([]);
        }
        const status = onevstwoUi.tableStatus(view, NAMES, EN);
        for (const k of state.stacks.flat()) expect(status).not.toContain(cardLabel(k));
        let move: OnevstwoMove;
        if (state.phase === "contract") {
          const trump = ["S", "H", "D", "C", "NT"][random(5)] as string;
          move = announceThroughPanel(state, now, 1 + random(13), trump);
        } else {
          const legal = legalCards(state, now);
          move = playThroughPanel(state, now, legal[random(legal.length)] as Card);
        }
        state = apply(state, now, move);
        moves++;
      }
      const games = players.length;
      expect(moves).toBe(games * 53);
      expect(state.sheet).toHaveLength(games);
      const view = onevstwo.publicView(state);
      const outcome = onevstwo.outcome(state)!;
      const result = onevstwoUi.resultText(view, outcome, NAMES, EN);
      // The summary names the winner once; the totals follow.
      expect(result.split("\n")).toEqual([
        tm(withNames(outcome.summary, NAMES)),
        expect.stringMatching(new RegExp(`^Totals after ${games} games: `)),
      ]);
      if (players.length === 4) expect(result).toMatch(/Alice & Carol [+−]?\d+/);
      const over = panelOf(state, "a");
      expect(over.content).toMatch(/The match is over/);
      // A pair wins as two.
      const winner =
        outcome.summary.key === "onevstwo.summary.pairWon"
          ? /🏆 Winners: \w+ & \w+ \(/
          : players.length === 4
            ? /🏆 Shared first place: /
            : /🏆 (Winner: \w+|Shared first place: \w+, \w+) \(/;
      expect(over.content).toMatch(winner);
      expect(over.components).toEqual([]);
    });
  }

  it("second game of a round: the same hands again and the boss one seat left", () => {
    let state = onevstwo.setup(THREE, { shortMatch: true, autoplay: false }, 31);
    const deal = structuredClone(state.deal);
    state = apply(state, "a", { type: "contract", tricks: 1, trump: null });
    while (state.sheet.length === 0)
      state = apply(state, actor(state), { type: "play", card: legalCards(state, actor(state))[0] as Card });
    expect(state.deal).toEqual(deal);
    const view = onevstwo.privateView(state, "a");
    expect(view.roles.boss).toBe("b");
    expect(view.hand.every((c) => deal[0]?.some((d) => sameCard(c, d)))).toBe(true);
    expect(view.hand).toHaveLength(13);
    const payload = panelOf(state, "b");
    expect(payload.content).toMatch(/You are the boss\*\* of game 2 of 3/);
    expect(panelOf(state, "a").content).toMatch(/Waiting for Bob \(the boss\) to announce the contract/);
    expect(onevstwoUi.tableStatus(onevstwo.publicView(state), NAMES, EN)).toMatch(
      /^Game 2 of 3 \(round 1 of 1\) · boss Bob/,
    );
  });

  it("explains the rules with every ruling, in under 4000 characters", () => {
    const rules = GAMES.get("onevstwo")!.words.rules.en;
    expect(rules.length).toBeLessThan(4000);
    for (const ruling of [
      /join order, clockwise/,
      /seats 1 and 3 play as a pair against seats 2 and 4/,
      /host \(seat 1\) is the very first boss/,
      /first boss sits left of the last round's first boss/,
      /1 to 13/,
      /announced once, before the first card, is public at once, and can never be changed/,
      /dummy always lies opposite whoever is boss/,
      /the boss may not/,
      /only the largest premium counts/,
      /−50 for every trick short/,
      /400/,
      /−100/,
      /stays on the table until the next card/,
      /\*\*Last trick\*\*/,
      /equal totals share the place/,
      /3 rounds \(9 games\)/,
      /4 rounds \(16 games\)/,
    ]) {
      expect(rules).toMatch(ruling);
    }
  });
});
