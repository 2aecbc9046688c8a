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
} from "../../bot/ui/kit.js";
import type { GameUi, Intent, Names, TableRef } from "../../bot/ui/types.js";
import { type Card, cardLabel, indexOfCard, SUIT_SYMBOL, SUITS, type Suit } from "../../engine/core/cards.js";
import type { Words } from "../../i18n/index.js";
import { type PictureJob, picture, pictureJob } from "../../render/jobs.js";
import {
  type FourKingsMove,
  type FourKingsPrivateView,
  type FourKingsPublicView,
  type FourKingsRequirement,
  type FourKingsStackResult,
  fourKings,
} from "./engine/index.js";
import { cardCountsToward, partialAssignmentError, stackChoice, stackForecast } from "./engine/views.js";
import { fourKingsPanel, fourKingsTable } from "./render.js";

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

const SUIT = indexCodec(SUITS.length);
/** The button of a suit with a single controlled card: puts that card in the hand or takes it out. */
const TOGGLE = "ht";

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

/** The panel's picture, described by the table's words and what the panel adds (the hand so far, the stacks). */
function panelPicture(job: PictureJob, view: FourKingsPrivateView, words: Words, choice: string[] = []) {
  return picture("fourkings-panel", job, fitAlt([...choice, ...describeTable(view, {}, words)]));
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
// Choosing the hand

function handPanel(
  ref: TableRef,
  view: FourKingsPrivateView,
  names: Names,
  chosen: number[],
  words: Words,
): PanelParts {
  const chosenCards = chosen.map((i) => view.controlled[i] as Card);
  const mask = maskCodec(view.controlled.length).encode(chosen);
  const soFar = { chosen: chosen.length, size: view.handSize, cards: labels(chosenCards) };
  const lines = [
    ...lastTurnText(view, words),
    words.count("fourkings.ui.chooseHand", view.handSize),
    words(chosen.length ? "fourkings.ui.chosenSoFar" : "fourkings.ui.chosenNone", soFar),
  ];
  if (chosen.length > view.handSize) {
    lines.push(words.count("fourkings.ui.tooMany", chosen.length - view.handSize));
  }
  const rows: Row[] = [];
  const toggles: ButtonSpec[] = [];
  SUITS.forEach((suit, suitIndex) => {
    const ofSuit = view.controlled.map((c, i) => ({ c, i })).filter(({ c }) => c.suit === suit);
    if (ofSuit.length === 0) return;
    // A menu of one card would take effect on the pick while the other suits' menus wait for
    // Choose: a lone card is a button that puts it in or takes it out, like every button.
    const lone = ofSuit.length === 1 && view.handSize > 1 ? (ofSuit[0] as { c: Card; i: number }) : null;
    if (lone) {
      const inHand = chosen.includes(lone.i);
      toggles.push({
        action: TOGGLE,
        args: [String(lone.i), mask],
        label: words(inHand ? "fourkings.ui.loneIn" : "fourkings.ui.loneOut", { card: cardLabel(lone.c) }),
        style: inHand ? "primary" : "secondary",
      });
      return;
    }
    const picked = ofSuit.filter(({ i }) => chosen.includes(i));
    rows.push(
      selectRow(
        ref,
        "hs",
        words(picked.length ? "fourkings.ui.suitChosen" : "fourkings.ui.suitNone", {
          symbol: SUIT_SYMBOL[suit],
          suit: suitName(suit, words),
          cards: labels(picked.map(({ c }) => c)),
        }),
        ofSuit.map(({ c, i }) => ({
          value: String(i),
          label: words.card(c),
          description: words("fourkings.ui.worth", { rank: c.rank }),
          default: chosen.includes(i),
        })),
        { min: 0, max: Math.max(picked.length, Math.min(ofSuit.length, view.handSize)) },
        [SUIT.encode(suitIndex), mask],
      ),
    );
  });
  if (toggles.length > 0) rows.push(buttonRow(ref, toggles));
  const confirm: ButtonSpec = {
    action: "hand",
    args: [mask],
    label: words("fourkings.ui.confirmHand", { chosen: chosen.length, size: view.handSize }),
    style: "success",
    disabled: chosen.length !== view.handSize,
  };
  rows.push(navRow(ref, words, { extra: [confirm], back: chosen.length > 0 && words("fourkings.ui.clear") }));
  return {
    lines,
    rows,
    picture: panelPicture(
      pictureJob(fourKingsPanel, view, { names, locale: words.locale }, { chosen: chosenCards }),
      view,
      words,
      [words(chosen.length ? "fourkings.ui.chosenSoFar" : "fourkings.ui.chosenNone", soFar)],
    ),
  };
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

function assignPanel(
  ref: TableRef,
  view: FourKingsPrivateView,
  names: Names,
  stacks: number[][],
  words: Words,
): PanelParts {
  const cards = stackCards(view, stacks);
  const masks = stacks.map(maskCodec(view.hand.length).encode);
  const drawn = view.drawn.map((d, i) =>
    words("fourkings.ui.drawnCard", { card: cardLabel(d), need: needText(requirementOf(view, i), words) }),
  );
  const lines = [
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
  const back = cards.some((s) => s.length > 0) && words("fourkings.ui.clear");
  rows.push(navRow(ref, words, { extra: [confirm], back }));
  return {
    lines,
    rows,
    picture: panelPicture(
      pictureJob(fourKingsPanel, view, { names, locale: words.locale }, { stacks: cards }),
      view,
      words,
      view.drawn.map((d, i) =>
        words("fourkings.alt.onCard", { card: cardLabel(d), status: stackStatus(d, cards[i] ?? [], words) }),
      ),
    ),
  };
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
  if (action === TOGGLE) {
    const lone = indexCodec(view.controlled.length).decode(args[0]);
    if (lone === null || args.length !== 2) return refuse("core.malformedMove");
    const next = chosen.includes(lone) ? chosen.filter((i) => i !== lone) : ascending([...chosen, lone]);
    return { kind: "panel", selection: { kind: "hand", chosen: next } };
  }
  if (action === "hand") {
    return {
      kind: "move",
      move: { type: "chooseHand", cards: chosen.map((i) => view.controlled[i] as Card) },
    };
  }
  const suit = SUITS[SUIT.decode(args[0]) ?? -1];
  const ofSuit = view.controlled.flatMap((c, i) => (c.suit === suit ? [i] : []));
  const picked = pickedValues(values, view.controlled.length, ofSuit);
  if (!suit || !picked) return refuse("core.malformedMove");
  const next = ascending([...chosen.filter((i) => !ofSuit.includes(i)), ...picked]);
  return { kind: "panel", selection: { kind: "hand", chosen: next } };
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
  actions: ["hs", "as", "assign", TOGGLE, "hand"],
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
    if (!view.canAct) {
      const lines = [header(view, words), ...lastTurnText(view, words), words("fourkings.ui.over")];
      return panelPayload(notice, {
        lines,
        rows: [],
        picture: panelPicture(pictureJob(fourKingsTable, view, { names, locale: words.locale }), view, words),
      });
    }
    if (view.phase === "chooseHand") {
      const chosen = selection?.kind === "hand" ? selection.chosen : [];
      const parts = handPanel(ref, view, names, chosen, words);
      return panelPayload(notice, { ...parts, lines: [header(view, words), ...parts.lines] });
    }
    const assign = selection?.kind === "assign" ? selection : null;
    const stacks = assign?.stacks ?? view.drawn.map(() => []);
    const tried = assign?.refused ? withStack(stacks, assign.refused.index, assign.refused.chosen) : null;
    const refused = tried ? partialAssignmentError(view, stackCards(view, tried)) : null;
    const parts = assignPanel(ref, view, names, stacks, words);
    const notices = [
      refused && words("fourkings.ui.refused", { reason: words.message(refused) }),
      notice,
    ].filter(Boolean);
    return panelPayload(notices.join("\n") || null, {
      ...parts,
      lines: [header(view, words), ...parts.lines],
    });
  },

  interpret({ view, action, args, values }) {
    if (action === "hs" || action === TOGGLE || action === "hand") {
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
