import { ButtonStyle } from "discord.js";
import { type Card, cardLabel, indexOfCard, SUIT_NAME, SUIT_SYMBOL, SUITS } from "../../engine/core/cards.js";
import {
  type FourKingsMove,
  type FourKingsPrivateView,
  type FourKingsPublicView,
  type FourKingsStackResult,
  fourKings,
  partialAssignmentError,
  stackChoice,
  winsDrawnCard,
} from "../../engine/games/fourkings/index.js";
import { tm } from "../../i18n/index.js";
import { roundProgress } from "../../render/fourkings.js";
import { type PictureJob, picture, pictureJob } from "../../render/jobs.js";
import { type Row, selectRow } from "./components.js";
import { refuse } from "./helpers.js";
import { type Codec, decodeAll, indexCodec, navRow, type PanelParts, panelPayload } from "./kit.js";
import type { GameUi, Intent, Names, TableRef } from "./types.js";

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

const labels = (cards: readonly Card[]): string => cards.map(cardLabel).join(" ");
const sumOf = (cards: readonly Card[]): number => cards.reduce((s, c) => s + c.rank, 0);
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

function panelPicture(job: PictureJob) {
  return picture("fourkings-panel", job);
}

function needText(drawn: Card): string {
  return `${SUIT_SYMBOL[drawn.suit]} ${drawn.rank}+ or another suit ${3 * drawn.rank}+`;
}

function progressText(view: FourKingsPublicView): string {
  const { have, need, goal } = roundProgress(view);
  return `${have}/${need} ${goal} controlled`;
}

function resultLine(s: FourKingsStackResult): string {
  return `${cardLabel(s.drawn)} **${s.won ? "WON" : "LOST"}** with ${labels(s.placed)}`;
}

/** The turn just played, for the panel and the result message. */
function lastTurnText(view: FourKingsPublicView): string[] {
  const last = view.lastTurn;
  if (!last) return [];
  const lines = [`Turn ${last.turn}: ${last.stacks.map(resultLine).join(" · ")}.`];
  if (last.returned.length > 0) lines.push(`Back in control: ${labels(last.returned)}.`);
  if (last.reshuffled)
    lines.push("The draw pile was empty, so the lost pile was shuffled into a new draw pile.");
  if (last.round !== view.round) lines.push(`🎉 **Round ${view.round} begins!**`);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Choosing the hand

function handPanel(ref: TableRef, view: FourKingsPrivateView, names: Names, chosen: number[]): PanelParts {
  const chosenCards = chosen.map((i) => view.controlled[i] as Card);
  const mask = maskCodec(view.controlled.length).encode(chosen);
  const lines = [
    ...lastTurnText(view),
    `Choose exactly **${view.handSize}** card${view.handSize === 1 ? "" : "s"} for your hand with the menus (one per suit), then **Confirm hand**. The 2 cards are drawn only after that.`,
    `Chosen so far (${chosen.length} of ${view.handSize}): ${chosen.length ? `**${labels(chosenCards)}**` : "nothing yet"}`,
  ];
  if (chosen.length > view.handSize) {
    const extra = chosen.length - view.handSize;
    lines.push(`⚠️ That is ${extra} too many: take ${extra === 1 ? "one" : extra} out.`);
  }
  const rows: Row[] = [];
  SUITS.forEach((suit, suitIndex) => {
    const ofSuit = view.controlled.map((c, i) => ({ c, i })).filter(({ c }) => c.suit === suit);
    if (ofSuit.length === 0) return;
    const picked = ofSuit.filter(({ i }) => chosen.includes(i));
    rows.push(
      selectRow(
        ref,
        "hs",
        `${SUIT_SYMBOL[suit]} ${SUIT_NAME[suit]}: ${picked.length ? labels(picked.map(({ c }) => c)) : "none chosen"}`,
        ofSuit.map(({ c, i }) => ({
          value: String(i),
          label: cardLabel(c),
          description: `worth ${c.rank}`,
          default: chosen.includes(i),
        })),
        { min: 0, max: Math.max(picked.length, Math.min(ofSuit.length, view.handSize)) },
        [SUIT.encode(suitIndex), mask],
      ),
    );
  });
  const confirm = {
    action: "hand",
    args: [mask],
    label: `Confirm hand (${chosen.length}/${view.handSize})`,
    style: ButtonStyle.Success,
    disabled: chosen.length !== view.handSize,
  };
  rows.push(navRow(ref, { extra: [confirm], back: chosen.length > 0 && "Clear" }));
  return {
    lines,
    rows,
    picture: panelPicture(pictureJob("fourkings.panel", view, names, { chosen: chosenCards })),
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

function stackStatus(drawn: Card, placed: readonly Card[]): string {
  if (placed.length === 0) return "nothing yet";
  const suit = placed[0]?.suit;
  const target = suit === drawn.suit ? drawn.rank : 3 * drawn.rank;
  const verdict = winsDrawnCard(drawn, placed) ? "✅ would be **won**" : "❌ would be **lost**";
  return `${labels(placed)} — ${verdict} (${suit ? SUIT_SYMBOL[suit] : ""} ${sumOf(placed)} vs ${target} needed)`;
}

function assignPanel(
  ref: TableRef,
  view: FourKingsPrivateView,
  names: Names,
  stacks: number[][],
): PanelParts {
  const cards = stackCards(view, stacks);
  const masks = stacks.map(maskCodec(view.hand.length).encode);
  const lines = [
    `Drawn: ${view.drawn.map((d) => `**${cardLabel(d)}** (needs ${needText(d)})`).join(", ")}.`,
    `Your hand: **${labels(view.hand)}**. Put 1 to ${view.maxPerCard} cards of one suit on each drawn card, then **Confirm**.`,
    ...view.drawn.map((d, i) => `• On ${cardLabel(d)}: ${stackStatus(d, cards[i] ?? [])}`),
  ];
  if (view.reshuffledOnDraw)
    lines.push("(The draw pile ran out while drawing: the lost pile was shuffled in.)");
  if (view.drawn.length < 2) lines.push("(Both piles ran out, so only one card could be drawn.)");
  const rows: Row[] = [];
  view.drawn.forEach((drawn, i) => {
    const { allowed, max } = stackChoices(view, stacks, i);
    const current = stacks[i] ?? [];
    if (allowed.length === 0 || Math.max(max, current.length) < 1) return;
    rows.push(
      selectRow(
        ref,
        "as",
        `On ${cardLabel(drawn)} (${needText(drawn)}): choose cards`,
        allowed.map((h) => {
          const c = view.hand[h] as Card;
          return {
            value: String(h),
            label: cardLabel(c),
            description:
              c.suit === drawn.suit
                ? `same suit: counts ${c.rank} of ${drawn.rank}`
                : `other suit: counts ${c.rank} of ${3 * drawn.rank}`,
            default: current.includes(h),
          };
        }),
        { min: 0, max: Math.max(max, current.length) },
        [indexCodec(view.drawn.length).encode(i), ...masks],
      ),
    );
  });
  const confirm = {
    action: "assign",
    args: masks,
    label: "Confirm",
    style: ButtonStyle.Success,
    disabled: cards.some((s) => s.length === 0),
  };
  rows.push(navRow(ref, { extra: [confirm], back: cards.some((s) => s.length > 0) && "Clear" }));
  return {
    lines,
    rows,
    picture: panelPicture(pictureJob("fourkings.panel", view, names, { stacks: cards })),
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

function header(view: FourKingsPublicView): string {
  return view.phase === "over"
    ? `**Four Kings** — game over after ${view.turn} turns, in round ${view.round}.`
    : `**Four Kings** — round ${view.round} of 3 · turn ${view.turn + 1} · ${progressText(view)}.`;
}

function chooseHandClick(
  view: FourKingsPrivateView,
  action: string,
  args: string[],
  values: string[],
): FourKingsIntent {
  const chosen = maskCodec(view.controlled.length).decode(action === "hs" ? args[1] : args[0]);
  if (!chosen) return refuse("core.malformedMove");
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
  title: "Four Kings",
  engine: fourKings,
  panelLabel: "Play",

  tablePicture: (view, names) => pictureJob("fourkings.table", view, names),

  tableStatus(view) {
    const where = `round ${view.round} of 3, turn ${view.turn + 1}`;
    const doing =
      view.phase === "assign"
        ? `drew ${labels(view.drawn)}: place the hand on ${view.drawn.length === 1 ? "it" : "them"}`
        : `choose ${view.handSize} cards for the hand`;
    return `${where} — ${doing} · ${progressText(view)} · draw pile ${view.drawPileCounts[view.round - 1]} · lost pile ${view.lostPileCount}.`;
  },

  tableActions: () => [],

  panel({ ref, view, names, selection, notice }) {
    if (!view.canAct) {
      const lines = [header(view), ...lastTurnText(view), "This game is over."];
      return panelPayload(notice, {
        lines,
        rows: [],
        picture: panelPicture(pictureJob("fourkings.table", view, names)),
      });
    }
    if (view.phase === "chooseHand") {
      const chosen = selection?.kind === "hand" ? selection.chosen : [];
      const parts = handPanel(ref, view, names, chosen);
      return panelPayload(notice, { ...parts, lines: [header(view), ...parts.lines] });
    }
    const assign = selection?.kind === "assign" ? selection : null;
    const stacks = assign?.stacks ?? view.drawn.map(() => []);
    const tried = assign?.refused ? withStack(stacks, assign.refused.index, assign.refused.chosen) : null;
    const refused = tried ? partialAssignmentError(view, stackCards(view, tried)) : null;
    const parts = assignPanel(ref, view, names, stacks);
    const notices = [refused && `⚠️ ${tm(refused)} Nothing was changed.`, notice].filter(Boolean);
    return panelPayload(notices.join("\n") || null, { ...parts, lines: [header(view), ...parts.lines] });
  },

  interpret({ view, action, args, values }) {
    if (action === "hs" || action === "hand") {
      return view.phase === "chooseHand"
        ? chooseHandClick(view, action, args, values)
        : refuse("core.wrongPhase");
    }
    if (action === "as" || action === "assign") {
      return view.phase === "assign" ? assignClick(view, action, args, values) : refuse("core.wrongPhase");
    }
    return refuse("core.malformedMove");
  },

  resultText: (view, outcome) => [tm(outcome.summary), ...lastTurnText(view)].join("\n"),
};
