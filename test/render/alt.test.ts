import { describe, expect, it } from "vitest";
import { tableAlt } from "../../src/bot/table.js";
import { ALT_TEXT_MAX } from "../../src/bot/ui/alt.js";
import type { AnyGameUi } from "../../src/bot/ui/types.js";
import { type Card, cardCode, SUITS, type Suit } from "../../src/engine/core/cards.js";
import type { PlayerId } from "../../src/engine/core/game.js";
import { createRng } from "../../src/engine/core/rng.js";
import type { FourKingsState } from "../../src/games/fourkings/engine/types.js";
import { GAMES } from "../../src/games/index.js";
import type { OnevstwoState } from "../../src/games/onevstwo/engine/types.js";
import type { SirTommyState } from "../../src/games/sirtommy/engine/types.js";
import type { TheGameState } from "../../src/games/thegame/engine/types.js";
import type { TroubadourState } from "../../src/games/troubadour/engine/types.js";
import { wordsFor } from "../../src/i18n/index.js";
import { LOCALES, type Locale } from "../../src/i18n/locale.js";
import { hiddenCards as onevstwoHidden } from "../games/onevstwo/property.js";
import type { PropertySpec } from "../support/property/spec.js";
import { PROPERTY_SPECS } from "../support/property/specs.js";
import { panelPicturesAt, playRandomly } from "./moments.js";

/**
 * Every picture's alt text, for every game in both languages, over random games: within Discord's
 * 1,024 characters, never empty, and never naming a hidden card. A table's alt text is written
 * from the public view (which passes the game's own public leak check here too) and names only
 * cards that view shows; a panel's names only cards its reader's view shows, and of the hidden
 * cards only the reader's own.
 */
const PLAYERS = ["100000000000000001", "100000000000000002", "100000000000000003", "100000000000000004"];
const NAMES = Object.fromEntries(PLAYERS.map((p, i) => [p, ["Anna", "Bram", "Cor", "Daan"][i] as string]));
const SEEDS = [1, 2];
/** Moves per game: enough for every phase of the longer games; every other state is checked, and the last. */
const MAX_MOVES = 300;
const STRIDE = 2;

const RANK_BY_LETTER: Record<string, number> = { A: 1, J: 11, B: 11, Q: 12, V: 12, K: 13, H: 13 };
const SUIT_BY_SYMBOL: Record<string, Suit> = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

/** The cards a text names ("10♥", "Q♠", Dutch "V♠"), as card codes. */
function cardsNamed(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}\d])(10|[2-9]|[AJQKBVH])([♠♥♦♣])/gu)].map(([, rank, symbol]) =>
    cardCode({
      rank: RANK_BY_LETTER[rank as string] ?? Number(rank),
      suit: SUIT_BY_SYMBOL[symbol as string] as Suit,
    }),
  );
}

/** Every card value in a view, wherever it sits, as card codes. */
function cardsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, found);
  else if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    if (typeof v.rank === "number" && typeof v.suit === "string") found.add(cardCode(v as unknown as Card));
    else for (const key of Object.keys(v)) cardsIn(v[key], found);
  }
  return found;
}

/** Every number in a view (The Game's cards are numbers), wherever it sits. */
function numbersIn(value: unknown, found = new Set<number>()): Set<number> {
  if (typeof value === "number") found.add(value);
  else if (typeof value === "object" && value !== null)
    for (const v of Object.values(value)) numbersIn(v, found);
  return found;
}

const code = (c: Card) => cardCode(c);
const deckIndex = (c: Card) => SUITS.indexOf(c.suit) * 13 + c.rank - 1;

/**
 * The cards hidden from `viewer` (null: from everyone) where a card's name says whose it is (one
 * deck per game); Troubadour's players each have their own deck, so its names are checked against
 * the view alone (and, while the trios are secret, the table names no noble at all).
 */
function hiddenFrom(game: string, state: unknown, viewer: PlayerId | null): Set<string> {
  switch (game) {
    case "thegame": {
      const s = state as TheGameState;
      const hands =
        s.phase === "over" ? [] : s.players.filter((p) => p !== viewer).flatMap((p) => s.hands[p] ?? []);
      return new Set([...hands, ...s.drawPile].map(String));
    }
    case "sirtommy":
      return new Set((state as SirTommyState).stock.map(code));
    case "fourkings": {
      // The last turn's record shows the cards it drew and lost: everyone saw them then.
      const s = state as FourKingsState;
      const hidden = new Set([...s.drawPiles.flat(), ...(s.options.peek ? [] : s.lostPile)].map(code));
      for (const stack of s.lastTurn?.stacks ?? [])
        for (const c of [stack.drawn, ...stack.placed]) hidden.delete(code(c));
      return hidden;
    }
    case "onevstwo": {
      const s = state as OnevstwoState;
      const hidden = onevstwoHidden(s, viewer);
      // Before the new game's first trick, the last game's final trick is still on the table.
      const earlier = s.phase !== "over" && s.bossTricks + s.liceTricks === 0;
      for (const pc of earlier ? (s.lastTrick?.cards ?? []) : []) hidden.delete(deckIndex(pc.card));
      const deck = SUITS.flatMap((suit) => Array.from({ length: 13 }, (_, i) => ({ rank: i + 1, suit })));
      return new Set(deck.filter((c) => hidden.has(deckIndex(c))).map(code));
    }
    default:
      return new Set();
  }
}

/** What is wrong with one alt text written from `view` for `viewer` (null: the public table). */
function altProblems(
  game: string,
  state: unknown,
  view: unknown,
  viewer: PlayerId | null,
  alt: string,
): string[] {
  const problems: string[] = [];
  if (alt.trim() === "") problems.push("empty");
  if (alt.length > ALT_TEXT_MAX) problems.push(`${alt.length} characters`);
  const hidden = hiddenFrom(game, state, viewer);
  if (game === "thegame") {
    // Besides the piles' own numbers ("pile 3"), every number it says is one of the view's
    // (a card shown, a count), and none is a hidden card.
    const shown = numbersIn(view);
    // A pile's "or 10 back" number is a rule fact the picture shows too, not a card anyone holds.
    // So is how many cards were played (the tracker's count).
    const { piles, playedCards } = view as { piles: { top: number }[]; playedCards: number[] };
    for (const pile of piles) shown.add(pile.top - 10).add(pile.top + 10);
    shown.add(playedCards.length);
    for (const n of alt.replace(/\b(?:pile|stapel) [1-4]\b/g, "").match(/\d+/g) ?? []) {
      if (hidden.has(n) && !shown.has(Number(n))) problems.push(`hidden card ${n}`);
      else if (!shown.has(Number(n))) problems.push(`number ${n} not in the view`);
    }
    return problems;
  }
  const shown = cardsIn(view);
  for (const card of cardsNamed(alt)) {
    if (hidden.has(card)) problems.push(`hidden card ${card}`);
    else if (!shown.has(card)) problems.push(`card ${card} not in the view`);
  }
  if (game === "troubadour" && viewer === null && (state as TroubadourState).phase === "pick") {
    const nobles = cardsNamed(alt).filter((c) => /^[JQK]/.test(c));
    if (nobles.length > 0) problems.push(`nobles named before the reveal: ${nobles.join(" ")}`);
  }
  return problems;
}

interface Tally {
  states: number;
  longest: number;
}

function checkGame(ui: AnyGameUi, locale: Locale, count: number, seed: number, tally: Tally): string[] {
  const engine = ui.engine;
  const words = wordsFor(locale);
  const seated = PLAYERS.slice(0, count);
  const options = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
  const rng = createRng(seed * 31 + count);
  const leakCheck = PROPERTY_SPECS[ui.gameType] as PropertySpec<unknown, unknown>;
  let state = engine.setup(seated, options, seed);
  const problems: string[] = [];
  for (let move = 0; move <= MAX_MOVES; move++) {
    const outcome = engine.outcome(state);
    const next = outcome ? state : playRandomly(engine, state, rng, 1);
    const last = next === state || move === MAX_MOVES;
    if (move % STRIDE !== 0 && !last) {
      state = next;
      continue;
    }
    const view = engine.publicView(state);
    const viewLeak = leakCheck.publicLeak(state, view);
    if (viewLeak) problems.push(`move ${move}: the public view leaks ${viewLeak}`);
    const ending = outcome
      ? { headline: words("bot.table.gameOver"), detail: words.message(outcome.summary) }
      : null;
    const table = tableAlt(ui, view, NAMES, words, ending);
    for (const p of altProblems(ui.gameType, state, view, null, table))
      problems.push(`move ${move} table: ${p}`);
    tally.longest = Math.max(tally.longest, table.length);
    for (const { player, pictures } of panelPicturesAt(ui, state, seated, NAMES, locale)) {
      const privateView = engine.privateView(state, player);
      for (const picture of pictures) {
        for (const p of altProblems(ui.gameType, state, privateView, player, picture.alt))
          problems.push(`move ${move} ${NAMES[player]}'s panel: ${p}`);
        tally.longest = Math.max(tally.longest, picture.alt.length);
      }
    }
    tally.states++;
    if (last || problems.length > 0) break;
    state = next;
  }
  return problems.map((p) => `${count} players, seed ${seed}, ${p}`);
}

describe("every picture's alt text: within 1,024 characters, never empty, no hidden card", () => {
  for (const ui of GAMES.list.map((game) => game.ui)) {
    for (const locale of LOCALES) {
      it(`${ui.gameType} in ${locale}`, () => {
        const engine = ui.engine;
        const counts = [...new Set([engine.minPlayers, Math.min(engine.maxPlayers, 4)])];
        const tally: Tally = { states: 0, longest: 0 };
        const problems = counts.flatMap((count) =>
          SEEDS.flatMap((seed) => checkGame(ui, locale, count, seed, tally)),
        );
        expect(problems.slice(0, 10)).toEqual([]);
        // The games were played, not stopped at the deal.
        expect(tally.states).toBeGreaterThanOrEqual(4 * SEEDS.length * counts.length);
      });
    }
  }
});
