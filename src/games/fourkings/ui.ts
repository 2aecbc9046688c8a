import "./words/index.js";
import { altCards, fitAlt } from "../../bot/ui/alt.js";
import { buttonRow, selectRow } from "../../bot/ui/components.js";
import type { ButtonSpec, Row } from "../../bot/ui/controls.js";
import { refuse } from "../../bot/ui/helpers.js";
import {
  type Codec,
  decodeAll,
  indexCodec,
  navRow,
  type PanelParts,
  panelPayload,
  tableViewOf,
} from "../../bot/ui/kit.js";
import type { GameUi, Intent, Names, TableRef } from "../../bot/ui/types.js";
import { type Card, cardLabel, indexOfCard, SUIT_SYMBOL, SUITS, type Suit } from "../../engine/core/cards.js";
import type { Words } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import {
  type FourKingsMove,
  type FourKingsPrivateView,
  type FourKingsPublicView,
  type FourKingsRequirement,
  type FourKingsStackResult,
  fourKings,
} from "./engine/index.js";
import { cardCountsToward, partialAssignmentError, stackChoice, stackForecast } from "./engine/views.js";
import { fourKingsTable } from "./render.js";

/**
 * Four Kings through Discord. The turn's strict order is the engine's: the hand is one move and the
 * draw happens inside it, so nothing about the draw is known while the hand is chosen. The panel is
 * stateless: the partial hand travels in the custom_ids as a bit mask of controlled-card indexes,
 * the partial stacks as one bit mask of hand indexes per drawn card. Indexes point into the view's
 * own sorted lists, which cannot change without a new game version.
 */

/** The panel's selection: the hand chosen so far, or the stacks built so far (and one just refused). */
export type FourKingsSelection =
  | { kind: "hand"; chosen: number[] }
  | { kind: "assign"; stacks: number[][]; refused: { index: number; chosen: number[] } | null };

type Ui = GameUi<FourKingsPublicView, FourKingsPrivateView, FourKingsMove, FourKingsSelection>;
type FourKingsIntent = Intent<FourKingsMove, FourKingsSelection>;

/** A set of indexes below `length` (at most 52) as a hex bit mask, ≤ 13 characters; decoded ascending. */
export function maskCodec(length: number): Codec<number[]> {
  return {
    encode: (indexes) => indexes.reduce((mask, i) => mask | (1n << BigInt(i)), 0n).toString(16),
    decode(raw) {
      if (raw === undefined || !/^[0-9a-f]{1,13}$/.test(raw)) return null;
      const mask = BigInt(`0x${raw}`);
      if (mask >> BigInt(length) !== 0n) return null;
      const indexes: number[] = [];
      for (let i = 0; i < length; i++) if (mask & (1n << BigInt(i))) indexes.push(i);
      return indexes;
    },
  };
}

/** A list of cards to pick (its values: controlled cards, as many as the hand still needs) adds them to the hand. */
const ADD = "ha";
/** A chosen card's button takes it out of the hand again. */
const TAKE_OUT = "hr";

const labels = (cards: readonly Card[]): string => cards.map(cardLabel).join(" ");
const ascending = (list: number[]): number[] => list.sort((a, b) => a - b);

/** A select's values: list indexes, each once, all in `allowed`; null for anything else. */
function pickedValues(
  values: readonly string[],
  length: number,
  allowed: readonly number[],
): number[] | null {
  const picked = decodeAll(indexCodec(length), values);
  if (!picked || new Set(picked).size !== picked.length) return null;
  return picked.every((i) => allowed.includes(i)) ? ascending(picked) : null;
}

/**
 * The panel's picture: the public table's own picture and words, its labels in the viewer's
 * language. The hand so far and the stacks live in the panel's controls and lines, never in this
 * picture: after a move the panel and the new table cost one picture, and a choice costs none (nor
 * an upload). The player's memory stays in the lines.
 */
function panelPicture(view: FourKingsPrivateView, names: Names, words: Words) {
  const table = tableViewOf(view, ["viewer", "canAct", "memory"]);
  return picture(
    "fourkings-panel",
    pictureJob(fourKingsTable, table, { names, locale: words.locale }),
    fitAlt(describeTable(table, names, words)),
  );
}

/** The table in words: round and turn, what is controlled, this turn's hand and draw, the piles, the last turn. */
function describeTable(view: FourKingsPublicView, _names: Names, words: Words): string[] {
  const turn =
    view.phase === "assign"
      ? [
          words("fourkings.alt.hand", { cards: altCards(view.hand, words) }),
          words("fourkings.ui.drawn", {
            cards: view.drawn
              .map((d, i) =>
                words("fourkings.alt.drawnCard", {
                  card: cardLabel(d),
                  need: needText(requirementOf(view, i), words),
                }),
              )
              .join(", "),
          }),
        ]
      : view.phase === "chooseHand"
        ? [words.count("fourkings.alt.chooseHand", view.handSize)]
        : [];
  const [first, second, third] = view.drawPileCounts;
  const lost = view.lostPile
    ? words.count("fourkings.alt.lostPeek", view.lostPileCount, { cards: altCards(view.lostPile, words) })
    : words.count("fourkings.alt.lost", view.lostPileCount);
  return [
    header(view, words),
    words.count("fourkings.alt.controlled", view.controlled.length, {
      cards: altCards(view.controlled, words),
    }),
    ...turn,
    words("fourkings.alt.piles", { first: first ?? 0, second: second ?? 0, third: third ?? 0, lost }),
    ...lastTurnText(view, words),
  ];
}

function needText(need: FourKingsRequirement, words: Words): string {
  return words("fourkings.ui.need", {
    suit: SUIT_SYMBOL[need.suit],
    same: need.sameSuit,
    other: need.otherSuit,
  });
}

/** What drawn card `index` needs, as the engine's view states it. */
function requirementOf(view: FourKingsPublicView, index: number): FourKingsRequirement {
  return view.requirements[index] as FourKingsRequirement;
}

function suitName(suit: Suit, words: Words): string {
  return words(`fourkings.ui.suit.${suit}`);
}

function progressText(view: FourKingsPublicView, words: Words): string {
  const { have, need, top } = view.progress;
  return top === null
    ? words("fourkings.ui.progressKings", { have, need })
    : words("fourkings.ui.progress", { have, need, top });
}

function resultLine(s: FourKingsStackResult, words: Words): string {
  const params = { card: cardLabel(s.drawn), placed: labels(s.placed) };
  return words(s.won ? "fourkings.ui.stackWon" : "fourkings.ui.stackLost", params);
}

/** The turn just played, for the panel and the result message. */
function lastTurnText(view: FourKingsPublicView, words: Words): string[] {
  const last = view.lastTurn;
  if (!last) return [];
  const stacks = last.stacks.map((s) => resultLine(s, words)).join(" · ");
  const lines = [words("fourkings.ui.lastTurn", { turn: last.turn, stacks })];
  if (last.returned.length > 0)
    lines.push(words("fourkings.ui.backInControl", { cards: labels(last.returned) }));
  if (last.reshuffled) lines.push(words("fourkings.ui.reshuffled"));
  if (last.round !== view.round) lines.push(words("fourkings.ui.roundBegins", { round: view.round }));
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Choosing the hand: a list of the cards still to pick (one list per group of suits when more than
// a list holds), in which the player picks as many cards at once as the hand still needs, a button
// to take each chosen card out, and Confirm hand once the hand is complete.

/** The draw pile of the round, by its name on the table: I, II or III. */
const PILE_NAMES = ["I", "II", "III"];

/** Discord's options per select menu. */
const LIST_MAX = 25;

/** The hand as chosen when the player has made no choice: nothing, or every card when all must go. */
function defaultHand(view: FourKingsPublicView): number[] {
  return view.handSize === view.controlled.length ? view.controlled.map((_, i) => i) : [];
}

/**
 * The controlled cards still to pick, as lists of whole suits of at most 25 cards each: one list
 * up to round 1's 24 cards A–6; in later rounds at most three (a turn starts with a King missing).
 */
function addLists(
  view: FourKingsPublicView,
  chosen: readonly number[],
): { suits: Suit[]; cards: number[] }[] {
  const lists: { suits: Suit[]; cards: number[] }[] = [];
  for (const suit of SUITS) {
    const cards = view.controlled.flatMap((c, i) => (c.suit === suit && !chosen.includes(i) ? [i] : []));
    if (cards.length === 0) continue;
    const last = lists.at(-1);
    if (last && last.cards.length + cards.length <= LIST_MAX) {
      last.suits.push(suit);
      last.cards.push(...cards);
    } else lists.push({ suits: [suit], cards });
  }
  return lists;
}

function memoryLines(view: FourKingsPrivateView, words: Words): string[] {
  const memory = view.memory;
  if (!memory) return [];
  const list = (cards: readonly Card[]) => (cards.length ? labels(cards) : words("fourkings.ui.memoryNone"));
  return [
    words.count("fourkings.ui.memoryLost", memory.lost.length, { cards: list(memory.lost) }),
    words.count("fourkings.ui.memoryDraw", memory.drawPile.length, {
      pile: PILE_NAMES[view.round - 1] ?? "",
      cards: list(memory.drawPile),
    }),
  ];
}

/** Step 1: the hand so far in words, lists to add cards, and each chosen card as a lit Take out button. */
function handPanel(ref: TableRef, view: FourKingsPrivateView, chosen: number[], words: Words): PanelParts {
  const chosenCards = chosen.map((i) => view.controlled[i] as Card);
  const mask = maskCodec(view.controlled.length).encode(chosen);
  const size = view.handSize;
  const pile = PILE_NAMES[view.round - 1] ?? "";
  const forced = size === view.controlled.length;
  const soFar = { chosen: chosen.length, size, left: size - chosen.length, cards: labels(chosenCards) };
  const status =
    chosen.length === 0
      ? words("fourkings.ui.handNone", soFar)
      : chosen.length === size
        ? words("fourkings.ui.handComplete", soFar)
        : words("fourkings.ui.handSoFar", soFar);
  const lines = [
    ...lastTurnText(view, words),
    ...memoryLines(view, words),
    forced
      ? words.count("fourkings.ui.handForced", size, { pile })
      : words.count("fourkings.ui.handStep", size, { pile }),
    status,
  ];
  const rows: Row[] = [];
  if (chosen.length < size) {
    const left = size - chosen.length;
    const lists = addLists(view, chosen);
    lists.forEach((list, n) => {
      const suits = list.suits.map((s) => SUIT_SYMBOL[s]).join(" ");
      rows.push(
        selectRow(
          ref,
          ADD,
          words.count(lists.length > 1 ? "fourkings.ui.addCardOf" : "fourkings.ui.addCard", left, { suits }),
          list.cards.map((i) => {
            const c = view.controlled[i] as Card;
            return {
              value: String(i),
              label: words.card(c),
              description: words("fourkings.ui.cardOption", { suit: suitName(c.suit, words), rank: c.rank }),
            };
          }),
          { min: 1, max: Math.min(left, list.cards.length) },
          [indexCodec(SUITS.length).encode(n), mask],
        ),
      );
    });
  }
  if (chosen.length > 0) {
    rows.push(
      buttonRow(
        ref,
        chosen.map((i) => ({
          action: TAKE_OUT,
          args: [String(i), mask],
          label: words("fourkings.ui.takeOut", { card: cardLabel(view.controlled[i] as Card) }),
          style: "primary",
        })),
      ),
    );
  }
  const confirm: ButtonSpec[] =
    chosen.length === size
      ? [{ action: "hand", args: [mask], label: words("fourkings.ui.confirmHand", soFar), style: "success" }]
      : [];
  const changed = chosen.join() !== defaultHand(view).join();
  rows.push(navRow(ref, words, { extra: confirm, back: changed && words("fourkings.ui.startOver") }));
  return { lines, rows };
}

// ---------------------------------------------------------------------------------------------
// Placing the hand on the drawn cards

/** The stacks as cards, from one hand-index list per drawn card. */
function stackCards(view: FourKingsPublicView, stacks: readonly number[][]): Card[][] {
  return view.drawn.map((_, i) => (stacks[i] ?? []).map((h) => view.hand[h] as Card));
}

/** Hand indexes that may go on drawn card `index` (its own stack chosen anew), and how many at most: the engine's. */
function stackChoices(view: FourKingsPublicView, stacks: readonly number[][], index: number) {
  const { cards, max } = stackChoice(view, stackCards(view, stacks), index);
  return { allowed: view.hand.flatMap((c, h) => (indexOfCard(cards, c) >= 0 ? [h] : [])), max };
}

function stackStatus(drawn: Card, placed: readonly Card[], words: Words): string {
  const { sum, target, wins } = stackForecast(drawn, placed);
  const suit = placed[0]?.suit;
  if (target === null || !suit) return words("fourkings.ui.stackEmpty");
  const key = wins ? "fourkings.ui.stackWouldWin" : "fourkings.ui.stackWouldLose";
  return words(key, { cards: labels(placed), suit: SUIT_SYMBOL[suit], sum, target });
}

/** Step 2: what each drawn card has on it and would do, in words, and a list per drawn card (its stack chosen). */
function assignPanel(
  ref: TableRef,
  view: FourKingsPrivateView,
  stacks: number[][],
  words: Words,
): PanelParts {
  const cards = stackCards(view, stacks);
  const masks = stacks.map(maskCodec(view.hand.length).encode);
  const drawn = view.drawn.map((d, i) =>
    words("fourkings.ui.drawnCard", { card: cardLabel(d), need: needText(requirementOf(view, i), words) }),
  );
  const lines = [
    ...memoryLines(view, words),
    words("fourkings.ui.drawn", { cards: drawn.join(", ") }),
    words("fourkings.ui.placeHand", { hand: labels(view.hand), max: view.maxPerCard }),
    ...view.drawn.map((d, i) =>
      words("fourkings.ui.onCard", { card: cardLabel(d), status: stackStatus(d, cards[i] ?? [], words) }),
    ),
  ];
  if (view.reshuffledOnDraw) lines.push(words("fourkings.ui.reshuffledOnDraw"));
  if (view.drawn.length < 2) lines.push(words("fourkings.ui.oneDrawn"));
  const rows: Row[] = [];
  view.drawn.forEach((drawn, i) => {
    const { allowed, max } = stackChoices(view, stacks, i);
    const current = stacks[i] ?? [];
    if (allowed.length === 0 || Math.max(max, current.length) < 1) return;
    rows.push(
      selectRow(
        ref,
        "as",
        words("fourkings.ui.stackPlaceholder", {
          card: cardLabel(drawn),
          need: needText(requirementOf(view, i), words),
        }),
        allowed.map((h) => {
          const c = view.hand[h] as Card;
          const { same, target } = cardCountsToward(requirementOf(view, i), c);
          return {
            value: String(h),
            label: words.card(c),
            description: words(same ? "fourkings.ui.sameSuitCounts" : "fourkings.ui.otherSuitCounts", {
              rank: c.rank,
              target,
            }),
            default: current.includes(h),
          };
        }),
        { min: 0, max: Math.max(max, current.length) },
        [indexCodec(view.drawn.length).encode(i), ...masks],
      ),
    );
  });
  const confirm: ButtonSpec = {
    action: "assign",
    args: masks,
    label: words("fourkings.ui.confirm"),
    style: "success",
    disabled: cards.some((s) => s.length === 0),
  };
  const back = cards.some((s) => s.length > 0) && words("fourkings.ui.startOver");
  rows.push(navRow(ref, words, { extra: [confirm], back }));
  return { lines, rows };
}

/** One hand-index list per drawn card from their masks, no index twice; null when malformed. */
function stacksFrom(view: FourKingsPublicView, masks: readonly string[]): number[][] | null {
  if (masks.length !== view.drawn.length) return null;
  const stacks = decodeAll(maskCodec(view.hand.length), masks);
  const used = stacks?.flat() ?? [];
  return stacks && new Set(used).size === used.length ? stacks : null;
}

/** The stacks with `chosen` as the stack on drawn card `index`. */
function withStack(stacks: readonly number[][], index: number, chosen: number[]): number[][] {
  return stacks.map((s, i) => (i === index ? chosen : s));
}

/** A new stack for drawn card `index`: kept when the engine allows it, else shown as refused. */
function tryStack(
  view: FourKingsPrivateView,
  stacks: number[][],
  index: number,
  chosen: number[],
): FourKingsIntent {
  const next = withStack(stacks, index, chosen);
  const refused = partialAssignmentError(view, stackCards(view, next)) ? { index, chosen } : null;
  return { kind: "panel", selection: { kind: "assign", stacks: refused ? stacks : next, refused } };
}

function header(view: FourKingsPublicView, words: Words): string {
  const title = words("game.fourkings.title");
  return view.phase === "over"
    ? words.count("fourkings.ui.headerOver", view.turn, { title, round: view.round })
    : words("fourkings.ui.header", {
        title,
        round: view.round,
        turn: view.turn + 1,
        progress: progressText(view, words),
      });
}

function chooseHandClick(
  view: FourKingsPrivateView,
  action: string,
  args: string[],
  values: string[],
): FourKingsIntent {
  const chosen = maskCodec(view.controlled.length).decode(action === "hand" ? args[0] : args[1]);
  if (!chosen) return refuse("core.malformedMove");
  if (action === "hand") {
    if (args.length !== 1) return refuse("core.malformedMove");
    return {
      kind: "move",
      move: { type: "chooseHand", cards: chosen.map((i) => view.controlled[i] as Card) },
    };
  }
  if (args.length !== 2) return refuse("core.malformedMove");
  if (action === TAKE_OUT) {
    const out = indexCodec(view.controlled.length).decode(args[0]);
    if (out === null || !chosen.includes(out)) return refuse("core.malformedMove");
    return { kind: "panel", selection: { kind: "hand", chosen: chosen.filter((i) => i !== out) } };
  }
  // ADD: the list's number only keeps custom_ids apart; each card picked must be controlled, not
  // chosen yet, and picked once. A pick beyond the hand's size adds none of its cards.
  const free = view.controlled.flatMap((_, i) => (chosen.includes(i) ? [] : [i]));
  const added = values.length > 0 ? pickedValues(values, view.controlled.length, free) : null;
  if (indexCodec(SUITS.length).decode(args[0]) === null || added === null)
    return refuse("core.malformedMove");
  if (chosen.length + added.length > view.handSize)
    return refuse("fourkings.handSize", { required: view.handSize });
  return { kind: "panel", selection: { kind: "hand", chosen: ascending([...chosen, ...added]) } };
}

function assignClick(
  view: FourKingsPrivateView,
  action: string,
  args: string[],
  values: string[],
): FourKingsIntent {
  if (action === "assign") {
    const stacks = stacksFrom(view, args);
    if (!stacks) return refuse("core.malformedMove");
    return { kind: "move", move: { type: "assign", stacks: stackCards(view, stacks) } };
  }
  const index = indexCodec(view.drawn.length).decode(args[0]);
  const stacks = stacksFrom(view, args.slice(1));
  if (index === null || !stacks) return refuse("core.malformedMove");
  const others = stacks.flatMap((s, i) => (i === index ? [] : s));
  const free = view.hand.map((_, h) => h).filter((h) => !others.includes(h));
  const chosen = pickedValues(values, view.hand.length, free);
  return chosen ? tryStack(view, stacks, index, chosen) : refuse("core.malformedMove");
}

export const fourKingsUi: Ui = {
  gameType: "fourkings",
  actions: [ADD, TAKE_OUT, "hand", "as", "assign"],
  engine: fourKings,

  tablePicture: (view, names, locale) => pictureJob(fourKingsTable, view, { names, locale }),
  describeTable,

  tableStatus(view, _names, words) {
    const params = {
      round: view.round,
      turn: view.turn + 1,
      cards: labels(view.drawn),
      progress: progressText(view, words),
      draw: view.drawPileCounts[view.round - 1] ?? 0,
      lost: view.lostPileCount,
    };
    return view.phase === "assign"
      ? words.count("fourkings.ui.statusAssign", view.drawn.length, params)
      : words.count("fourkings.ui.statusChoose", view.handSize, params);
  },

  tableActions: () => [],

  panel({ ref, view, names, selection, notice, words }) {
    const shown = panelPicture(view, names, words);
    if (!view.canAct) {
      const lines = [header(view, words), ...lastTurnText(view, words), words("fourkings.ui.over")];
      return panelPayload(notice, { lines, rows: [], picture: shown });
    }
    if (view.phase === "chooseHand") {
      const chosen = selection?.kind === "hand" ? selection.chosen : defaultHand(view);
      const parts = handPanel(ref, view, chosen, words);
      return panelPayload(notice, { ...parts, lines: [header(view, words), ...parts.lines], picture: shown });
    }
    const assign = selection?.kind === "assign" ? selection : null;
    const stacks = assign?.stacks ?? view.drawn.map(() => []);
    const tried = assign?.refused ? withStack(stacks, assign.refused.index, assign.refused.chosen) : null;
    const refused = tried ? partialAssignmentError(view, stackCards(view, tried)) : null;
    const parts = assignPanel(ref, view, stacks, words);
    const notices = [
      refused && words("fourkings.ui.refused", { reason: words.message(refused) }),
      notice,
    ].filter(Boolean);
    return panelPayload(notices.join("\n") || null, {
      ...parts,
      lines: [header(view, words), ...parts.lines],
      picture: shown,
    });
  },

  interpret({ view, action, args, values }) {
    if (action === ADD || action === TAKE_OUT || action === "hand") {
      return view.phase === "chooseHand"
        ? chooseHandClick(view, action, args, values)
        : refuse("core.wrongPhase");
    }
    if (action === "as" || action === "assign") {
      return view.phase === "assign" ? assignClick(view, action, args, values) : refuse("core.wrongPhase");
    }
    return refuse("core.malformedMove");
  },

  resultText: (view, outcome, _names, words) =>
    [words.message(outcome.summary), ...lastTurnText(view, words)].join("\n"),
};
