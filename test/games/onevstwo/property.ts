import { type Card, cardCode, SUITS, standardDeck } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { nextFloat, nextInt, type RngState } from "../../../src/engine/core/rng.js";
import {
  contractScore,
  gamesInMatch,
  legalCards,
  type OnevstwoMove,
  type OnevstwoState,
  onevstwo,
  PLACES,
  type Place,
  placeToPlay,
  stackOf,
} from "../../../src/games/onevstwo/engine/index.js";
import type { PropertySpec } from "../../support/property/spec.js";

const PUBLIC_KEYS = [
  "actor",
  "bossTricks",
  "cardsLeft",
  "contract",
  "dummy",
  "gameNumber",
  "games",
  "lastTrick",
  "lastTrickSide",
  "liceTricks",
  "pairs",
  "phase",
  "players",
  "roles",
  "round",
  "rounds",
  "sheet",
  "standings",
  "tally",
  "toPlay",
  "totals",
  "trick",
  "tricksPlayed",
  "winning",
].join();

const PRIVATE_KEYS = [...PUBLIC_KEYS.split(","), "canAnnounce", "contracts", "hand", "play", "viewer"]
  .sort()
  .join();

const HIDDEN_PLACES: readonly Place[] = ["boss", "left", "right"];

const SUIT_INDEX: Record<string, number> = { S: 0, H: 1, D: 2, C: 3 };
const index = (card: Card): number => (SUIT_INDEX[card.suit] as number) * 13 + card.rank - 1;

/** Sheet lines already checked (a line's position is checked through `game`). */
const checkedLines = new WeakSet<object>();

function fail(message: string): never {
  throw new Error(message);
}

/** Every card value in a view, wherever it sits. */
export function cardsIn(value: unknown, found: Card[] = []): Card[] {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, found);
  else if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    if (typeof v.rank === "number" && typeof v.suit === "string") found.push(v as unknown as Card);
    else for (const key of Object.keys(v)) cardsIn(v[key], found);
  }
  return found;
}

/** The cards held in hands nobody else may see now (not the dummy's), as deck indices. */
export function hiddenCards(state: OnevstwoState, except: PlayerId | null = null): Set<number> {
  const hidden = new Set<number>();
  for (const place of HIDDEN_PLACES) {
    if (except !== null && state.players.indexOf(except) === stackOf(state, place)) continue;
    for (const card of state.stacks[stackOf(state, place)] ?? []) hidden.add(index(card));
  }
  return hidden;
}

/**
 * The deal is a whole deck in four stacks of 13; every stack holds only its own dealt cards; the
 * cards out of the stacks are exactly those played (the current trick plus 4 per finished trick),
 * each stack the same number short; tricks sum to at most 13; the sheet has one consistent line
 * per finished game (score by the contract, lice the negative, the boss rotation); the phase fits.
 */
function invariant(state: OnevstwoState): void {
  const n = state.players.length;
  const deal = state.deal.flat();
  if (state.deal.length !== 4 || state.deal.some((s) => s.length !== 13)) fail("the deal is not 4 × 13");
  const seen = new Uint8Array(52);
  for (const card of deal) seen[index(card)]++;
  if (seen.some((k) => k !== 1)) fail(`the deal is not one deck: ${deal.map(cardCode).sort().join(" ")}`);
  const done = state.bossTricks + state.liceTricks;
  // Once over, the last game's 13 tricks stay on show; between games the count starts again at 0.
  const expectedDone = state.phase === "over" ? 13 : state.phase === "contract" ? 0 : -1;
  if (done > (state.phase === "over" ? 13 : 12) || state.bossTricks < 0 || state.liceTricks < 0) {
    fail(`tricks ${state.bossTricks}+${state.liceTricks}`);
  }
  if (expectedDone >= 0 && done !== expectedDone) fail(`${done} tricks in phase ${state.phase}`);
  if (state.phase !== "play" && state.trick.length !== 0) fail("a trick outside the play phase");
  if (state.trick.length > 3) fail("a full trick left on the table");
  // Which stack each card was dealt to, and where it is now (-1: played in an earlier trick).
  const owner = new Int8Array(52);
  for (let stack = 0; stack < 4; stack++)
    for (const card of state.deal[stack] ?? []) owner[index(card)] = stack;
  const where = new Int8Array(52).fill(-1);
  for (const { place, card } of state.trick) {
    const i = index(card);
    if (owner[i] !== stackOf(state, place)) fail(`${cardCode(card)} not dealt to ${place}`);
    if (where[i] !== -1) fail("a card twice in the trick");
    where[i] = 9;
  }
  if (state.phase !== "over") {
    for (const place of PLACES) {
      const stack = stackOf(state, place);
      const cards = state.stacks[stack] ?? [];
      const inTrick = state.trick.some((p) => p.place === place) ? 1 : 0;
      if (cards.length !== 13 - done - inTrick)
        fail(`${place} holds ${cards.length} cards after ${done} tricks`);
      for (const card of cards) {
        const i = index(card);
        if (where[i] !== -1) fail(`${cardCode(card)} held twice, or both played and held`);
        if (owner[i] !== stack) fail(`${cardCode(card)} moved stacks`);
        where[i] = stack;
      }
    }
    if (state.phase === "contract") {
      if (state.contract !== null) fail("a contract before it is announced");
      if (
        state.stacks.some((stack, i) => stack.length !== 13 || stack.some((c, j) => c !== state.deal[i]?.[j]))
      ) {
        if (JSON.stringify(state.stacks) !== JSON.stringify(state.deal))
          fail("a game starts without the round's deal");
      }
    } else if (state.contract === null) fail("play without a contract");
    if (state.sheet.length !== state.round * n + state.gameInRound)
      fail(`sheet of ${state.sheet.length} lines`);
  } else {
    if (state.stacks.some((s) => s.length !== 0)) fail("cards left after the match");
    if (state.sheet.length !== gamesInMatch(n, state.options.shortMatch))
      fail(`${state.sheet.length} games played`);
  }
  for (const [i, line] of state.sheet.entries()) {
    // Finished lines never change, and states share them: check each line object once.
    if (checkedLines.has(line)) continue;
    checkedLines.add(line);
    if (line.game !== i + 1) fail(`sheet line ${i} is game ${line.game}`);
    const round = Math.floor(i / n);
    if (line.round !== round) fail(`game ${line.game} in round ${line.round}`);
    const boss = state.players[(round + (i % n)) % n];
    if (line.boss !== boss) fail(`game ${line.game}: boss ${line.boss}, expected ${boss}`);
    if (line.tricksWon < 0 || line.tricksWon > 13) fail(`game ${line.game}: ${line.tricksWon} tricks`);
    if (line.score !== contractScore(line.contract, line.tricksWon))
      fail(`game ${line.game}: score ${line.score}`);
    const servant = n === 4 ? state.players[(state.players.indexOf(line.boss) + 2) % 4] : null;
    if (line.servant !== servant) fail(`game ${line.game}: servant ${line.servant}`);
    for (const p of state.players) {
      const own = p === line.boss || p === servant ? line.score : -line.score;
      if (line.perPlayer[p] !== own) fail(`game ${line.game}: ${p} scores ${line.perPlayer[p]}, not ${own}`);
    }
  }
}

/** The public view has exactly its fields and shows no card of a hidden hand (the dummy is public). */
function publicLeak(state: OnevstwoState, view: unknown): string | null {
  const keys = Object.keys(view as object)
    .sort()
    .join();
  if (keys !== PUBLIC_KEYS) return `public view fields ${keys}`;
  const hidden = hiddenCards(state);
  const shown = cardsIn(withoutEarlierTrick(state, view)).filter((c) => hidden.has(index(c)));
  return shown.length > 0 ? `hidden cards ${shown.map(cardCode).join(" ")}` : null;
}

/**
 * Until the new game's first trick is complete, `lastTrick` is the finished game's 13th trick
 * (ruling: it stays on the table until the next card, and can be looked at after). Its cards were
 * played in public, though with the same deal they are back in their hands: the scan skips it
 * (the rest of the view is scanned as always).
 */
function withoutEarlierTrick(state: OnevstwoState, view: unknown): unknown {
  const earlier = state.phase !== "over" && state.bossTricks + state.liceTricks === 0;
  return earlier ? { ...(view as object), lastTrick: null } : view;
}

/** A private view shows its viewer's own hand (exactly) and no other hidden card. */
export function privateLeak(state: OnevstwoState, player: PlayerId, view: unknown): string | null {
  const keys = Object.keys(view as object)
    .sort()
    .join();
  if (keys !== PRIVATE_KEYS) return `private view fields ${keys}`;
  const hidden = hiddenCards(state, player);
  const shown = cardsIn(withoutEarlierTrick(state, view)).filter((c) => hidden.has(index(c)));
  if (shown.length > 0) return `${player} sees ${shown.map(cardCode).join(" ")}`;
  const hand = (view as { hand: Card[] }).hand.map(index).sort((a, b) => a - b);
  const own = (state.stacks[state.players.indexOf(player)] ?? []).map(index).sort((a, b) => a - b);
  return hand.join() === own.join() ? null : `${player}'s hand is not their own stack`;
}

const DECK = standardDeck();

/**
 * Moves that must be refused, so every state checks that `legalMoves` is complete (a listed
 * candidate tells nothing, and applying it costs time): contracts out of range and a few in it;
 * every card the place to play holds but may not play, and a few cards from anywhere in the deck;
 * then one malformed shape.
 */
function candidates(state: OnevstwoState, player: PlayerId, rng: RngState): unknown[] {
  const moves: unknown[] = [];
  if (state.phase === "contract") {
    for (const trump of [...SUITS, null]) {
      moves.push({ type: "contract", tricks: 0, trump }, { type: "contract", tricks: 14, trump });
      moves.push({ type: "contract", tricks: 1 + nextInt(rng, 13), trump });
    }
    moves.push({ type: "play", card: DECK[nextInt(rng, 52)] });
  } else {
    const place = placeToPlay(state) as Place;
    const legal = new Set(legalCards(state, player).map(index));
    for (const card of state.stacks[stackOf(state, place)] ?? []) {
      if (!legal.has(index(card))) moves.push({ type: "play", card });
    }
    for (let i = 0; i < 4; i++) moves.push({ type: "play", card: DECK[nextInt(rng, 52)] });
    moves.push({ type: "contract", tricks: 7, trump: null });
  }
  const junk = [
    { type: "contract", tricks: 7 },
    { type: "contract", tricks: 7.5, trump: "S" },
    { type: "contract", tricks: "7", trump: "S" },
    { type: "contract", tricks: 7, trump: "X" },
    { type: "contract", tricks: 7, trump: null, extra: 1 },
    { type: "play", card: { rank: 14, suit: "S" } },
    { type: "play", card: { rank: 1, suit: "S", extra: 1 } },
    { type: "play", card: "AS" },
    { type: "play" },
    { type: "pass" },
  ];
  return [...moves, junk[nextInt(rng, junk.length)]];
}

/** Contracts mostly of a plausible size, so made contracts and premiums both occur. */
function choose(
  legal: OnevstwoMove[],
  _state: OnevstwoState,
  _player: PlayerId,
  rng: RngState,
): OnevstwoMove {
  if (legal[0]?.type === "contract" && nextFloat(rng) < 0.7) {
    const plausible = legal.filter((m) => m.type === "contract" && m.tricks >= 4 && m.tricks <= 9);
    return plausible[nextInt(rng, plausible.length)] as OnevstwoMove;
  }
  return legal[nextInt(rng, legal.length)] as OnevstwoMove;
}

export const spec: PropertySpec<OnevstwoState, OnevstwoMove> = {
  engine: onevstwo,
  // Mostly short matches (one round) to keep the run fast; one full match of each size in 24 games
  // covers the rounds, new shuffles and first-boss rotation.
  setups: [
    ...Array.from({ length: 11 }, (_, i) => [
      { players: 3, options: { shortMatch: true, autoplay: i % 2 === 1 } },
      { players: 4, options: { shortMatch: true, autoplay: i % 3 === 1 } },
    ]).flat(),
    { players: 3, options: { autoplay: true } },
    { players: 4, options: {} },
  ],
  games: 1000,
  maxSteps: 16 * 53 + 10,
  invariant,
  publicLeak,
  candidates,
  tryLegal: 4,
  choose,
};
