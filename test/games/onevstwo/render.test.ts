import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type Card, SUITS, type Suit, standardDeck } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng, nextInt, type RngState, shuffle } from "../../../src/engine/core/rng.js";
import { followSuit, trickRank, trickWinner } from "../../../src/engine/core/tricks.js";
import {
  type OnevstwoMove,
  type OnevstwoState,
  onevstwo,
  stackOf,
} from "../../../src/games/onevstwo/engine/index.js";
import type {
  CompletedTrick,
  Contract,
  OnevstwoPhase,
  OnevstwoPrivateView,
  OnevstwoPublicView,
  OnevstwoRoles,
  Place,
  PlayedCard,
  SheetLine,
} from "../../../src/games/onevstwo/engine/types.js";
import { onevstwoTable, renderOnevstwoTable } from "../../../src/games/onevstwo/render/index.js";
import { LOCALES } from "../../../src/i18n/locale.js";
import { endedJob, paint, pictureJob } from "../../../src/render/jobs.js";
import { type DrawnLabel, recordLabels, TABLE_PICTURE_WIDTH } from "../../../src/render/primitives.js";
import { pngSize } from "../../support/pictures.js";

const OUT = join(import.meta.dirname, "..", "..", ".tmp");

const SHORT: Record<string, string> = { a: "Alice", b: "Bob", c: "Carol", d: "Dmitri" };
const LONG: Record<string, string> = {
  a: "Bartholomew the Extremely Long-Named Wanderer of the Northern Realms",
  b: "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
  c: "Zoë Ångström-Núñez 👩‍👩‍👧",
  d: "a\u202Eevil\nname",
};

const NEXT: Record<Place, Place> = { boss: "left", left: "dummy", dummy: "right", right: "boss" };

/** High to low within a suit, suits in a fixed order with the trump suit first. */
function sortCards(cards: Card[], trump: Suit | null): Card[] {
  const order = trump ? [trump, ...SUITS.filter((s) => s !== trump)] : [...SUITS];
  return [...cards].sort(
    (x, y) => order.indexOf(x.suit) - order.indexOf(y.suit) || trickRank(y) - trickRank(x),
  );
}

/** The boss's score as docs/RULES.md §7 gives it (a copy for building sheets; the engine's is tested elsewhere). */
function score(contract: Contract, won: number): number {
  if (won < contract.tricks) return -50 * (contract.tricks - won);
  let premium = 0;
  if (contract.tricks === 13) premium = 1000;
  else if (contract.tricks === 12) premium = 500;
  else if (
    contract.trump === null
      ? contract.tricks >= 9
      : contract.tricks >= (contract.trump === "H" || contract.trump === "S" ? 10 : 11)
  )
    premium = 300;
  return 10 * won + premium;
}

interface Spec {
  players: 3 | 4;
  /** Finished games before this one (the score sheet's length). */
  games?: number;
  phase: OnevstwoPhase;
  /** Complete tricks of this game. */
  tricks?: number;
  /** Cards of the trick in progress (0–3). */
  inTrick?: number;
  contract?: Contract;
  seed?: number;
  shortMatch?: boolean;
}

interface Built {
  view: OnevstwoPublicView;
  /** Each place's remaining cards (the hidden ones included). */
  stacks: Record<Place, Card[]>;
  /** Whose hand each place is. */
  holder: Record<Place, PlayerId | null>;
}

function rolesFor(players: PlayerId[], bossSeat: number): OnevstwoRoles {
  const n = players.length;
  const at = (k: number) => players[(bossSeat + k) % n] as PlayerId;
  return n === 4
    ? { boss: at(0), left: at(1), servant: at(2), right: at(3), dummyController: at(2) }
    : { boss: at(0), left: at(1), right: at(2), servant: null, dummyController: at(0) };
}

/** A consistent view built by hand: a random deal, random legal play, and a sheet of earlier games. */
function build(spec: Spec): Built {
  const rng: RngState = createRng(spec.seed ?? 1);
  const players = ["a", "b", "c", "d"].slice(0, spec.players);
  const n = players.length;
  const rounds = spec.shortMatch ? 1 : n === 4 ? 4 : 3;
  const games = rounds * n;
  const played = spec.games ?? 0;
  const sheet: SheetLine[] = [];
  const running: Record<PlayerId, number> = Object.fromEntries(players.map((p) => [p, 0]));
  for (let g = 0; g < played; g++) {
    const round = Math.floor(g / n);
    const roles = rolesFor(players, (round + (g % n)) % n);
    const contract: Contract = {
      tricks: 6 + nextInt(rng, 8),
      trump: nextInt(rng, 5) === 0 ? null : (SUITS[nextInt(rng, 4)] as Suit),
    };
    const won = Math.max(0, Math.min(13, contract.tricks + nextInt(rng, 5) - 3));
    const s = score(contract, won);
    const perPlayer: Record<PlayerId, number> = {};
    for (const p of players) perPlayer[p] = p === roles.boss || p === roles.servant ? s : -s;
    for (const p of players) running[p] = (running[p] ?? 0) + (perPlayer[p] ?? 0);
    sheet.push({
      liceTricks: 13 - won,
      made: won >= contract.tricks,
      margin: Math.abs(won - contract.tricks),
      totals: { ...running },
      round,
      game: g + 1,
      boss: roles.boss,
      servant: roles.servant,
      contract,
      tricksWon: won,
      score: s,
      perPlayer,
    });
  }
  const over = spec.phase === "over";
  const gameIndex = over ? games - 1 : played;
  const round = Math.floor(gameIndex / n);
  const roles = rolesFor(players, (round + (gameIndex % n)) % n);
  const deck = shuffle(rng, standardDeck());
  const holder: Record<Place, PlayerId | null> = {
    boss: roles.boss,
    left: roles.left,
    right: roles.right,
    dummy: roles.servant,
  };
  const contract = spec.phase === "play" ? (spec.contract ?? { tricks: 9, trump: "S" }) : null;
  const trump = contract?.trump ?? null;
  const stacks: Record<Place, Card[]> = {
    boss: sortCards(deck.slice(0, 13), trump),
    left: sortCards(deck.slice(13, 26), trump),
    dummy: sortCards(deck.slice(26, 39), trump),
    right: sortCards(deck.slice(39, 52), trump),
  };
  let trick: PlayedCard[] = [];
  let lastTrick: CompletedTrick | null = null;
  let bossTricks = 0;
  let liceTricks = 0;
  let leader: Place = "left";
  const playOne = (place: Place) => {
    const led = trick[0]?.card.suit ?? null;
    const legal = followSuit(stacks[place], led);
    const card = legal[nextInt(rng, legal.length)] as Card;
    stacks[place] = stacks[place].filter((c) => c !== card);
    trick.push({ place, card });
  };
  if (spec.phase === "play") {
    for (let t = 0; t < (spec.tricks ?? 0); t++) {
      trick = [];
      let place = leader;
      for (let k = 0; k < 4; k++) {
        playOne(place);
        place = NEXT[place];
      }
      const winner = (
        trick[
          trickWinner(
            trick.map((p) => p.card),
            trump,
          )
        ] as PlayedCard
      ).place;
      if (winner === "boss" || winner === "dummy") bossTricks++;
      else liceTricks++;
      lastTrick = { cards: trick, winner };
      leader = winner;
    }
    trick = [];
    let place = leader;
    for (let k = 0; k < (spec.inTrick ?? 0); k++) {
      playOne(place);
      place = NEXT[place];
    }
  }
  if (over) for (const p of ["boss", "left", "dummy", "right"] as const) stacks[p] = [];
  const toPlay: Place | null =
    spec.phase !== "play" ? null : trick.length > 0 ? NEXT[(trick.at(-1) as PlayedCard).place] : leader;
  const actor =
    spec.phase === "contract"
      ? roles.boss
      : toPlay === null
        ? null
        : toPlay === "dummy"
          ? roles.dummyController
          : (holder[toPlay] as PlayerId);
  const totals: Record<PlayerId, number> = {};
  for (const p of players) totals[p] = sheet.reduce((sum, line) => sum + (line.perPlayer[p] ?? 0), 0);
  const pairs: [PlayerId, PlayerId][] | null =
    n === 4
      ? [
          ["a", "c"],
          ["b", "d"],
        ]
      : null;
  const groups = pairs ?? players.map((p) => [p]);
  const best = Math.max(...groups.map((g) => totals[g[0] as PlayerId] ?? 0));
  const standings = groups
    .map((g) => ({ members: [...g], total: totals[g[0] as PlayerId] ?? 0 }))
    .map((e) => ({ ...e, first: e.total === best }))
    .sort((x, y) => y.total - x.total);
  const view: OnevstwoPublicView = {
    phase: spec.phase,
    players,
    round,
    rounds,
    gameNumber: gameIndex + 1,
    games,
    roles,
    dummy: [...stacks.dummy],
    cardsLeft: {
      boss: stacks.boss.length,
      left: stacks.left.length,
      dummy: stacks.dummy.length,
      right: stacks.right.length,
    },
    contract,
    trick,
    lastTrick,
    lastTrickSide: lastTrick ? (["boss", "dummy"].includes(lastTrick.winner) ? "boss" : "lice") : null,
    bossTricks,
    liceTricks,
    tricksPlayed: bossTricks + liceTricks,
    tally: contract
      ? {
          need: contract.tricks,
          against: 14 - contract.tricks,
          made: bossTricks >= contract.tricks,
          beaten: liceTricks >= 14 - contract.tricks,
        }
      : null,
    winning:
      trick.length > 0
        ? (
            trick[
              trickWinner(
                trick.map((p) => p.card),
                trump,
              )
            ] as PlayedCard
          ).place
        : null,
    toPlay,
    actor,
    sheet,
    totals,
    standings,
    pairs,
  };
  return { view, stacks, holder };
}

/** The private view of `viewer` for a built game. */
function privateOf(built: Built, viewer: PlayerId): OnevstwoPrivateView {
  const { view, stacks, holder } = built;
  const place = (["boss", "left", "dummy", "right"] as const).find((p) => holder[p] === viewer);
  const hand = place ? [...stacks[place]] : [];
  let play: OnevstwoPrivateView["play"] = null;
  if (view.phase === "play" && view.toPlay && view.actor === viewer) {
    const led = view.trick[0]?.card.suit ?? null;
    const legal = followSuit(stacks[view.toPlay], led);
    const played = view.trick.map((p) => p.card);
    const trump = view.contract?.trump ?? null;
    const winning =
      played.length === 0 ? [] : legal.filter((c) => trickWinner([...played, c], trump) === played.length);
    play = { from: view.toPlay, legal, winning };
  }
  const canAnnounce = view.phase === "contract" && view.roles.boss === viewer;
  return {
    ...structuredClone(view),
    viewer,
    hand,
    canAnnounce,
    // The hand picture never reads the contracts on offer.
    contracts: [],
    play,
  };
}

/** The public part of a private view, as the engine's publicView would give it. */
function publicPart(v: OnevstwoPrivateView): OnevstwoPublicView {
  const { viewer: _v, hand: _h, canAnnounce: _c, contracts: _k, play: _p, ...rest } = v;
  return rest;
}

/** Every moment worth a picture, for 3 and 4 players. */
function moments(players: 3 | 4): [string, Spec][] {
  const full = players === 4 ? 16 : 9;
  return [
    ["contract-first", { players, phase: "contract" }],
    ["lead", { players, phase: "play", tricks: 0, inTrick: 0 }],
    ["dummy-to-play", { players, phase: "play", tricks: 0, inTrick: 1 }],
    ["mid-trick", { players, phase: "play", tricks: 4, inTrick: 2, contract: { tricks: 10, trump: "H" } }],
    ["boss-to-play", { players, phase: "play", tricks: 6, inTrick: 3, contract: { tricks: 8, trump: null } }],
    ["last-trick", { players, phase: "play", tricks: 7, inTrick: 0, contract: { tricks: 11, trump: "D" } }],
    ["final-trick", { players, phase: "play", tricks: 12, inTrick: 2, contract: { tricks: 13, trump: "C" } }],
    ["between-games", { players, phase: "contract", games: 1, seed: 3 }],
    ["between-rounds", { players, phase: "contract", games: players, seed: 4 }],
    ["late-match", { players, phase: "contract", games: full - 1, seed: 5 }],
    ["over", { players, phase: "over", games: full, seed: 6 }],
    ["over-short", { players, phase: "over", games: players, seed: 7, shortMatch: true }],
  ];
}

const ALL: [string, Spec][] = [
  ...moments(3).map(([k, s]) => [`3p-${k}`, s] as [string, Spec]),
  ...moments(4).map(([k, s]) => [`4p-${k}`, s] as [string, Spec]),
];

describe("One versus Two table picture", () => {
  it("takes the public view only", () => {
    expectTypeOf(renderOnevstwoTable).parameter(0).toEqualTypeOf<OnevstwoPublicView>();
  });

  it("renders a valid phone-sized PNG at every moment, with 3 and 4 players and long names, in every language", () => {
    for (const [k, names] of [SHORT, LONG, {} as Record<string, string>].entries()) {
      for (const [label, spec] of ALL) {
        for (const locale of LOCALES) {
          const view = build({ ...spec, seed: (spec.seed ?? 0) * 10 + k }).view;
          const png = renderOnevstwoTable(view, { names, locale });
          const { width, height } = pngSize(png);
          expect(width, label).toBe(TABLE_PICTURE_WIDTH);
          expect(height, label).toBeGreaterThan(300);
          expect(height, label).toBeLessThan(1200);
          expect(png.length, label).toBeLessThan(2 * 1024 * 1024);
        }
      }
    }
  });

  it("keeps every word at least 12 px when a phone shows the picture 400 px wide: names, badges, counts, the sheet", () => {
    const small = new Set<string>();
    let checked = 0;
    for (const [label, spec] of ALL) {
      const built = build(spec);
      for (const locale of LOCALES) {
        // The picture's own words: a card drawn once and copied has its own (its rank, tested elsewhere).
        const labels = recordLabels(() => renderOnevstwoTable(built.view, { names: SHORT, locale }));
        const width = Math.max(...labels.map((l) => l.canvasWidth));
        for (const l of labels.filter((l) => l.canvasWidth === width)) {
          const px = (l.size * 400) / l.canvasWidth;
          if (px < 12) small.add(`${label} ${locale}: "${l.text}" ${px.toFixed(1)} px`);
          checked++;
        }
      }
    }
    expect([...small]).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it("shows the whole score sheet of a finished match under the ended band: its headings and every row", () => {
    for (const players of [3, 4] as const) {
      const view = build({ players, phase: "over", games: players === 4 ? 16 : 9, seed: 6 }).view;
      const table = pictureJob(onevstwoTable, view, { names: SHORT, locale: "en" });
      const labels = recordLabels(() => paint(endedJob(table, "Game over", "Alice & Carol win")));
      // The table is drawn first, then the band's two lines over it.
      const band = labels.slice(-2);
      const sheet = labels.slice(0, -2);
      expect(band.map((l) => l.text)).toEqual(["Game over", "Alice & Carol win"]);
      // Where the table lands in the ended picture, every word of it is below the band's words.
      const shift = (band[0] as DrawnLabel).canvasHeight - (sheet[0] as DrawnLabel).canvasHeight;
      const bandBottom = Math.max(...band.map((l) => l.bottom));
      const sheetTop = Math.min(...sheet.map((l) => l.top + shift));
      expect(sheetTop).toBeGreaterThan(bandBottom);
      // The sheet's headings say what each column holds: the boss's points, each name over a running total.
      for (const heading of ["Boss", "Contract", "Won", "Points", "Alice", "Final"]) {
        expect(sheet.some((l) => l.text === heading)).toBe(true);
      }
    }
  });

  it("is the same picture whatever the hidden hands are", () => {
    for (const [label, spec] of ALL) {
      const built = build(spec);
      // Every player's private view carries the view plus their hand; the table must not depend on it.
      const pictures = built.view.players.map((p) =>
        renderOnevstwoTable(publicPart(privateOf(built, p)), { names: SHORT, locale: "en" }),
      );
      const plain = renderOnevstwoTable(built.view, { names: SHORT, locale: "en" });
      for (const picture of pictures) expect(picture.equals(plain), label).toBe(true);
      // Even a private view passed in whole draws no hand: the renderer reads public fields only.
      const boss = privateOf(built, built.view.roles.boss);
      expect(renderOnevstwoTable(boss, { names: SHORT, locale: "en" }).equals(plain), label).toBe(true);
    }
  });

  it("shows the result and score sheet between games and at the end, the table otherwise", () => {
    const height = (spec: Spec) =>
      pngSize(renderOnevstwoTable(build(spec).view, { names: SHORT, locale: "en" })).height;
    const table = height({ players: 4, phase: "play", tricks: 3, inTrick: 1 });
    // All play-phase tables have one size; result pictures grow with the sheet.
    expect(height({ players: 3, phase: "contract" })).toBe(table);
    expect(height({ players: 4, phase: "contract", games: 1 })).not.toBe(table);
    const sixteen = height({ players: 4, phase: "over", games: 16 });
    expect(sixteen).toBeGreaterThan(height({ players: 4, phase: "contract", games: 4 }));
    expect(sixteen).toBeLessThan(1200);
  });
});

/** States of random legal engine games at many moments: every trick's end, mid-trick, between games, over. */
function engineStates(players: number, games: number): OnevstwoState[] {
  const rng = createRng(17 + players);
  const ids = ["a", "b", "c", "d"].slice(0, players);
  const states: OnevstwoState[] = [];
  for (let g = 0; g < games; g++) {
    let state = onevstwo.setup(ids, { shortMatch: true, autoplay: g % 2 === 1 }, 100 + g);
    states.push(state);
    for (let step = 0; !onevstwo.outcome(state) && step < 2000; step++) {
      const actor = onevstwo.actors(state)[0] as PlayerId;
      const moves = onevstwo.legalMoves(state, actor);
      const r = onevstwo.apply(state, actor, moves[nextInt(rng, moves.length)] as OnevstwoMove);
      if (!r.ok) throw new Error(`legal move refused: ${r.error.key}`);
      state = r.state;
      if (nextInt(rng, 30) === 0 || state.phase !== "play") states.push(state);
    }
    states.push(state);
  }
  return states;
}

/** The same state with the lice's hands swapped (in this game's stacks and in the round's deal). */
function swapLice(state: OnevstwoState): OnevstwoState {
  const copy = structuredClone(state);
  const l = stackOf(copy, "left");
  const r = stackOf(copy, "right");
  [copy.stacks[l], copy.stacks[r]] = [copy.stacks[r] as Card[], copy.stacks[l] as Card[]];
  [copy.deal[l], copy.deal[r]] = [copy.deal[r] as Card[], copy.deal[l] as Card[]];
  return copy;
}

/**
 * The same state with the hidden cards (boss and lice, but not `keep`'s own) dealt anew, each hand
 * keeping its size.
 */
function reshuffleHidden(state: OnevstwoState, seed: number, keep?: PlayerId): OnevstwoState {
  const copy = structuredClone(state);
  const own = keep === undefined ? -1 : copy.players.indexOf(keep);
  const hidden = (["boss", "left", "right"] as const).map((p) => stackOf(copy, p)).filter((i) => i !== own);
  const cards = shuffle(
    createRng(seed),
    hidden.flatMap((i) => copy.stacks[i] as Card[]),
  );
  for (const i of hidden) copy.stacks[i] = cards.splice(0, (copy.stacks[i] as Card[]).length);
  return copy;
}

describe("One versus Two pictures from the engine", () => {
  const states = [...engineStates(3, 3), ...engineStates(4, 3)];

  it("covers every phase", () => {
    const phases = new Set(
      states.map((s) => (s.phase === "contract" && s.sheet.length > 0 ? "between" : s.phase)),
    );
    expect([...phases].sort()).toEqual(["between", "contract", "over", "play"]);
  });

  it("swapping the lice's hands, or dealing all hidden cards anew, changes no public picture", () => {
    let swaps = 0;
    for (const [i, state] of states.entries()) {
      const picture = renderOnevstwoTable(onevstwo.publicView(state), { names: SHORT, locale: "en" });
      const { width, height } = pngSize(picture);
      expect(width).toBe(TABLE_PICTURE_WIDTH);
      expect(height).toBeLessThan(1200);
      const swapped = swapLice(state);
      const l = stackOf(state, "left");
      const r = stackOf(state, "right");
      if (state.stacks[l]?.length === state.stacks[r]?.length) {
        expect(swapped).not.toEqual(state);
        expect(
          renderOnevstwoTable(onevstwo.publicView(swapped), { names: SHORT, locale: "en" }).equals(picture),
        ).toBe(true);
        swaps++;
      }
      const other = reshuffleHidden(state, i);
      expect(
        renderOnevstwoTable(onevstwo.publicView(other), { names: SHORT, locale: "en" }).equals(picture),
      ).toBe(true);
    }
    expect(swaps).toBeGreaterThan(10);
  });
});

describe("One versus Two sample pictures", () => {
  it("writes every moment to test/.tmp", () => {
    mkdirSync(OUT, { recursive: true });
    for (const [label, spec] of ALL) {
      const built = build(spec);
      const names = label.includes("mid") || label.includes("over-short") ? LONG : SHORT;
      for (const locale of LOCALES) {
        const suffix = locale === "en" ? "" : `-${locale}`;
        const table = renderOnevstwoTable(built.view, { names, locale });
        writeFileSync(join(OUT, `onevstwo-${label}${suffix}.png`), table);
        expect(pngSize(table).width).toBe(TABLE_PICTURE_WIDTH);
      }
    }
    // The four-colour deck (a player preference): ♦ blue, ♣ green, on the cards and the sheet.
    const four = build({
      players: 4,
      phase: "play",
      tricks: 5,
      inTrick: 2,
      contract: { tricks: 9, trump: "D" },
    });
    writeFileSync(
      join(OUT, "onevstwo-4p-four-colour.png"),
      renderOnevstwoTable(four.view, { names: SHORT, locale: "en" }, { fourColour: true }),
    );
    writeFileSync(
      join(OUT, "onevstwo-4p-four-colour-sheet.png"),
      renderOnevstwoTable(
        build({ players: 4, phase: "contract", games: 7, seed: 9 }).view,
        { names: SHORT, locale: "en" },
        {
          fourColour: true,
        },
      ),
    );
  });
});
