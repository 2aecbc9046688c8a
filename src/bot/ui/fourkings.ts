import { ButtonStyle } from "discord.js";
import { type Card, cardLabel, indexOfCard, SUIT_NAME, SUIT_SYMBOL, SUITS } from "../../engine/core/cards.js";
import { RuleError } from "../../engine/core/errors.js";
import {
  type FourKingsPrivateView,
  type FourKingsPublicView,
  type FourKingsStackResult,
  fourKings,
  placeableOn,
  validateAssignment,
  winsDrawnCard,
} from "../../engine/games/fourkings/index.js";
import { tm } from "../../i18n/index.js";
import { renderFourKingsPanel, renderFourKingsTable, roundProgress } from "../../render/fourkings.js";
import { buttonRow, type Row, selectRow } from "./components.js";
import { refuse } from "./helpers.js";
import type { GameUi, Intent } from "./types.js";

/**
 * Four Kings through Discord. The turn's strict order is the engine's: the hand is one move and the
 * draw happens inside it, so nothing about the draw is known while the hand is chosen. The panel is
 * stateless: the partial hand travels in the custom_ids as a bit mask of controlled-card indexes
 * (selection ["h", mask]); the partial stacks as one bit mask of hand indexes per drawn card
 * (selection ["a", mask, mask], plus ["x", card, mask] for a stack just refused). Indexes point
 * into the view's own sorted lists, which cannot change without a new game version.
 */

const RULES = [
  "**Four Kings** — a solo patience: conquer all four Kings in three rounds.",
  "• You start in control of the twelve A, 2 and 3 (face up). The rest are three face-down draw piles, each shuffled: **I** = the 4–6, **II** = the 7–10, **III** = J, Q, K (A=1, J=11, Q=12, K=13). Round 1 draws from I, round 2 from II, round 3 from III; each round has its own face-down lost pile.",
  "• A turn, strictly in this order: **1.** choose your hand from your controlled cards — 5 in round 1, 3 in rounds 2–3 (all of them if you control fewer). **2.** Only then are 2 cards drawn, face up. **3.** Place 1 to 3 hand cards (1 to 2 in rounds 2–3) on each drawn card; cards on the same drawn card must share one suit.",
  "• A drawn card is **won** when the cards on it are of its suit and add up to at least its value, or of another suit and add up to at least **three times** its value. A won card and the cards on it become yours; a card not won goes face down to the lost pile together with the cards on it. Hand cards you did not place come back.",
  "• When the draw pile is empty the lost pile is shuffled into a new draw pile — also in the middle of a draw. If both are empty you draw what is left (perhaps a single card).",
  "• Round 1 ends when you control all 24 cards A–6, round 2 when you control all 40 cards A–10. You **win** in round 3 as soon as you control all four Kings. You **lose** when a turn would start with fewer than 2 controlled cards, or after 1000 turns (giving one card back for each one won could otherwise go on for ever).",
  "• The draw piles are only ever counted, never shown. Option `peek` (for beginners) shows the lost pile's contents.",
  "Press **Play** on the table: one menu per suit picks the hand, then one menu per drawn card places it.",
].join("\n");

const MAX_MASK_BITS = 52;

/** A set of list indexes as a hex bit mask (custom_id-safe, ≤ 13 characters for 52 cards). */
export function encodeMask(indexes: readonly number[]): string {
  return indexes.reduce((mask, i) => mask | (1n << BigInt(i)), 0n).toString(16);
}

/** The indexes in a hex bit mask, ascending; null when malformed or pointing past `length`. */
export function decodeMask(arg: string | undefined, length: number): number[] | null {
  if (arg === undefined || !/^[0-9a-f]{1,13}$/.test(arg)) return null;
  const mask = BigInt(`0x${arg}`);
  const indexes: number[] = [];
  for (let i = 0; i < MAX_MASK_BITS; i++) if (mask & (1n << BigInt(i))) indexes.push(i);
  if (mask >> BigInt(MAX_MASK_BITS) !== 0n || indexes.some((i) => i >= length)) return null;
  return indexes;
}

const labels = (cards: readonly Card[]): string => cards.map(cardLabel).join(" ");
const sumOf = (cards: readonly Card[]): number => cards.reduce((s, c) => s + c.rank, 0);

/** Select values: indexes, each once, all in `allowed`. */
function indexValues(values: readonly string[], allowed: readonly number[]): number[] | null {
  const indexes = values.map((v) => (/^\d{1,2}$/.test(v) ? Number(v) : -1));
  const unique = new Set(indexes);
  return unique.size === indexes.length && indexes.every((i) => allowed.includes(i)) ? indexes : null;
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

function handPanel(
  game: { id: number; version: number },
  view: FourKingsPrivateView,
  chosen: number[],
  lines: string[],
): Row[] {
  const chosenCards = chosen.map((i) => view.controlled[i] as Card);
  const mask = encodeMask(chosen);
  lines.push(
    `Choose exactly **${view.handSize}** card${view.handSize === 1 ? "" : "s"} for your hand with the menus (one per suit), then **Confirm hand**. The 2 cards are drawn only after that.`,
  );
  lines.push(
    `Chosen so far (${chosen.length} of ${view.handSize}): ${chosen.length ? `**${labels(chosenCards)}**` : "nothing yet"}`,
  );
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
        game.id,
        game.version,
        "hs",
        `${SUIT_SYMBOL[suit]} ${SUIT_NAME[suit]}: ${picked.length ? labels(picked.map(({ c }) => c)) : "none chosen"}`,
        ofSuit.map(({ c, i }) => ({
          value: String(i),
          label: cardLabel(c),
          description: `worth ${c.rank}`,
          default: chosen.includes(i),
        })),
        { min: 0, max: Math.max(picked.length, Math.min(ofSuit.length, view.handSize)) },
        [suitIndex, mask],
      ),
    );
  });
  rows.push(
    buttonRow(game.id, game.version, [
      {
        action: "hand",
        args: [mask],
        label: `Confirm hand (${chosen.length}/${view.handSize})`,
        style: ButtonStyle.Success,
        disabled: chosen.length !== view.handSize,
      },
      { action: "hclear", label: "Clear", disabled: chosen.length === 0 },
    ]),
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Placing the hand on the drawn cards

/** The stacks as cards, from one hand-index list per drawn card. */
function stackCards(view: FourKingsPublicView, stacks: readonly number[][]): Card[][] {
  return view.drawn.map((_, i) => (stacks[i] ?? []).map((h) => view.hand[h] as Card));
}

/** Hand indexes that may go on drawn card `index` (its own stack cleared), and how many at most. */
function stackChoices(view: FourKingsPublicView, stacks: readonly number[][], index: number) {
  const others = stackCards(
    view,
    view.drawn.map((_, i) => (i === index ? [] : (stacks[i] ?? []))),
  );
  const placeable = placeableOn(view, others, index);
  const allowed = view.hand.flatMap((c, h) => (indexOfCard(placeable, c) >= 0 ? [h] : []));
  const otherEmpty = others.filter((s, i) => i !== index && s.length === 0).length;
  return { allowed, max: Math.min(view.maxPerCard, allowed.length - otherEmpty) };
}

function stackStatus(drawn: Card, placed: readonly Card[]): string {
  if (placed.length === 0) return "nothing yet";
  const suit = placed[0]?.suit;
  const target = suit === drawn.suit ? drawn.rank : 3 * drawn.rank;
  const verdict = winsDrawnCard(drawn, placed) ? "✅ would be **won**" : "❌ would be **lost**";
  return `${labels(placed)} — ${verdict} (${suit ? SUIT_SYMBOL[suit] : ""} ${sumOf(placed)} vs ${target} needed)`;
}

function assignPanel(
  game: { id: number; version: number },
  view: FourKingsPrivateView,
  stacks: number[][],
  lines: string[],
): Row[] {
  const cards = stackCards(view, stacks);
  const masks = view.drawn.map((_, i) => encodeMask(stacks[i] ?? []));
  lines.push(
    `Drawn: ${view.drawn.map((d) => `**${cardLabel(d)}** (needs ${needText(d)})`).join(", ")}.`,
    `Your hand: **${labels(view.hand)}**. Put 1 to ${view.maxPerCard} cards of one suit on each drawn card, then **Confirm**.`,
    ...view.drawn.map((d, i) => `• On ${cardLabel(d)}: ${stackStatus(d, cards[i] ?? [])}`),
  );
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
        game.id,
        game.version,
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
        [i, ...masks],
      ),
    );
  });
  rows.push(
    buttonRow(game.id, game.version, [
      {
        action: "assign",
        args: masks,
        label: "Confirm",
        style: ButtonStyle.Success,
        disabled: cards.some((s) => s.length === 0),
      },
      { action: "aclear", label: "Clear", disabled: cards.every((s) => s.length === 0) },
    ]),
  );
  return rows;
}

/** Selection ["a", mask...] back to hand-index lists; null when malformed. */
function stacksFrom(view: FourKingsPublicView, masks: readonly (string | undefined)[]): number[][] | null {
  const stacks = view.drawn.map((_, i) => decodeMask(masks[i], view.hand.length));
  if (stacks.some((s) => s === null)) return null;
  const lists = stacks as number[][];
  const used = lists.flat();
  return new Set(used).size === used.length ? lists : null;
}

/** Why stack `chosen` may not go on drawn card `index` (the engine's reason), or null when it may. */
function stackError(
  view: FourKingsPrivateView,
  stacks: readonly number[][],
  index: number,
  chosen: number[],
) {
  const drawn = view.drawn[index] as Card;
  const placed = chosen.map((h) => view.hand[h] as Card);
  const error =
    placed.length === 0
      ? null
      : validateAssignment({ round: view.round, hand: view.hand, drawn: [drawn] }, [placed]);
  if (error) return error;
  // The other drawn cards still need a card each: the engine would refuse the whole turn.
  const next = stacks.map((s, i) => (i === index ? chosen : s));
  const emptyOthers = view.drawn.filter((_, i) => i !== index && (next[i] ?? []).length === 0);
  const unused = view.hand.length - next.flat().length;
  return unused < emptyOthers.length
    ? new RuleError("fourkings.emptyStack", { card: cardLabel(emptyOthers[0] as Card) })
    : null;
}

/** A new stack for drawn card `index`: kept when legal, else the old stacks and the refused one. */
function tryStack(view: FourKingsPrivateView, stacks: number[][], index: number, chosen: number[]): Intent {
  const masks = stacks.map(encodeMask);
  if (stackError(view, stacks, index, chosen)) {
    return { kind: "panel", selection: ["a", ...masks, "x", String(index), encodeMask(chosen)] };
  }
  return { kind: "panel", selection: ["a", ...stacks.map((s, i) => encodeMask(i === index ? chosen : s))] };
}

/** The reason a stack was refused, recomputed from the selection's ["x", card, mask] tail. */
function refusedStackNotice(view: FourKingsPrivateView, stacks: number[][], tail: string[]): string | null {
  const index = /^\d$/.test(tail[1] ?? "") ? Number(tail[1]) : -1;
  const chosen = decodeMask(tail[2], view.hand.length);
  if (tail[0] !== "x" || index < 0 || index >= view.drawn.length || !chosen) return null;
  const error = stackError(view, stacks, index, chosen);
  return error ? `⚠️ ${tm(error)} Nothing was changed.` : null;
}

export const fourKingsUi: GameUi = {
  gameType: "fourkings",
  title: "Four Kings",
  engine: fourKings,
  panelLabel: "Play",
  rules: RULES,

  renderTable: (view, names) => renderFourKingsTable(view as FourKingsPublicView, names),

  tableStatus(raw) {
    const view = raw as FourKingsPublicView;
    const where = `round ${view.round} of 3, turn ${view.turn + 1}`;
    const doing =
      view.phase === "assign"
        ? `drew ${labels(view.drawn)}: place the hand on ${view.drawn.length === 1 ? "it" : "them"}`
        : `choose ${view.handSize} cards for the hand`;
    return `${where} — ${doing} · ${progressText(view)} · draw pile ${view.drawPileCounts[view.round - 1]} · lost pile ${view.lostPileCount}.`;
  },

  tableActions: () => [],

  panel({ game, view: raw, names, selection, notice }) {
    const view = raw as FourKingsPrivateView;
    const lines: string[] = [];
    if (notice) lines.push(notice);
    lines.push(
      view.phase === "over"
        ? `**Four Kings** — game over after ${view.turn} turns, in round ${view.round}.`
        : `**Four Kings** — round ${view.round} of 3 · turn ${view.turn + 1} · ${progressText(view)}.`,
    );
    let rows: Row[] = [];
    let picture: Buffer;
    if (!view.canAct) {
      lines.push(...lastTurnText(view), "This game is over.");
      picture = renderFourKingsTable(view, names);
    } else if (view.phase === "chooseHand") {
      lines.push(...lastTurnText(view));
      const chosen = (selection[0] === "h" ? decodeMask(selection[1], view.controlled.length) : null) ?? [];
      rows = handPanel(game, view, chosen, lines);
      picture = renderFourKingsPanel(view, names, { chosen: chosen.map((i) => view.controlled[i] as Card) });
    } else {
      const stacks =
        (selection[0] === "a" ? stacksFrom(view, selection.slice(1, 1 + view.drawn.length)) : null) ??
        view.drawn.map(() => []);
      const refused = refusedStackNotice(view, stacks, selection.slice(1 + view.drawn.length));
      if (refused) lines.unshift(refused);
      rows = assignPanel(game, view, stacks, lines);
      picture = renderFourKingsPanel(view, names, { stacks: stackCards(view, stacks) });
    }
    return {
      content: lines.join("\n").slice(0, 2000),
      files: [{ attachment: picture, name: "fourkings-panel.png" }],
      components: rows,
    };
  },

  interpret({ view: raw, action, args, values }) {
    const view = raw as FourKingsPrivateView;
    const inHand = view.phase === "chooseHand";
    const inAssign = view.phase === "assign";
    switch (action) {
      case "refresh":
        return { kind: "panel", selection: [] };
      case "hclear":
        return inHand ? { kind: "panel", selection: [] } : refuse("core.wrongPhase");
      case "hs": {
        if (!inHand) return refuse("core.wrongPhase");
        const suit = SUITS[Number(args[0])];
        const chosen = decodeMask(args[1], view.controlled.length);
        const ofSuit = view.controlled.flatMap((c, i) => (c.suit === suit ? [i] : []));
        const picked = indexValues(values, ofSuit);
        if (!/^[0-3]$/.test(args[0] ?? "") || !chosen || !picked) return refuse("core.malformedMove");
        const next = [...chosen.filter((i) => !ofSuit.includes(i)), ...picked].sort((a, b) => a - b);
        return { kind: "panel", selection: ["h", encodeMask(next)] };
      }
      case "hand": {
        if (!inHand) return refuse("core.wrongPhase");
        const chosen = decodeMask(args[0], view.controlled.length);
        if (!chosen) return refuse("core.malformedMove");
        return { kind: "move", move: { type: "chooseHand", cards: chosen.map((i) => view.controlled[i]) } };
      }
      case "aclear":
        return inAssign ? { kind: "panel", selection: [] } : refuse("core.wrongPhase");
      case "as": {
        if (!inAssign) return refuse("core.wrongPhase");
        const index = /^\d$/.test(args[0] ?? "") ? Number(args[0]) : -1;
        const stacks = stacksFrom(view, args.slice(1));
        if (index < 0 || index >= view.drawn.length || !stacks || args.length !== 1 + view.drawn.length) {
          return refuse("core.malformedMove");
        }
        const others = stacks.flatMap((s, i) => (i === index ? [] : s));
        const free = view.hand.map((_, h) => h).filter((h) => !others.includes(h));
        const chosen = indexValues(values, free);
        if (!chosen) return refuse("core.malformedMove");
        return tryStack(
          view,
          stacks,
          index,
          chosen.sort((a, b) => a - b),
        );
      }
      case "assign": {
        if (!inAssign) return refuse("core.wrongPhase");
        const stacks = args.length === view.drawn.length ? stacksFrom(view, args) : null;
        if (!stacks) return refuse("core.malformedMove");
        return { kind: "move", move: { type: "assign", stacks: stackCards(view, stacks) } };
      }
      default:
        return refuse("core.malformedMove");
    }
  },

  resultText(raw, outcome) {
    const view = raw as FourKingsPublicView;
    return [tm(outcome.summary), ...lastTurnText(view)].join("\n");
  },
};
