import type { CanvasRenderingContext2D } from "canvas";
import { type Card, cardLabel, SUIT_SYMBOL, SUITS, type Suit } from "../engine/core/cards.js";
import { winsDrawnCard } from "../engine/games/fourkings/rules.js";
import type {
  FourKingsPublicView,
  FourKingsRequirement,
  FourKingsStackResult,
} from "../engine/games/fourkings/types.js";
import {
  cardHeight,
  cleanText,
  drawBadge,
  drawCardFace,
  drawEmptySlot,
  drawFan,
  drawFelt,
  drawPanel,
  drawPile,
  drawText,
  finishPng,
  newCanvas,
  paint,
  suitColour,
  THEME,
} from "./primitives.js";

/**
 * The Four Kings table: the controlled cards in four suit rows on the left; the three draw piles
 * (counts only) and the round's lost pile on the right; under them the turn: the hand and the drawn
 * cards with what each needs, or the outcome of the turn just played. A solo game, so everything the
 * player owns is public; only the draw piles (never their order) and, without `peek`, the lost pile
 * are face down.
 */

/** What the private panel is about to do: the hand chosen so far, or the stacks built so far. */
export interface FourKingsProposal {
  chosen?: Card[];
  stacks?: Card[][];
}

const WIDTH = 1200;
const HEIGHT = 730;
const MARGIN = 24;
const HEADER_H = 78;

const ROW_W = 84;
const ROW_H = cardHeight(ROW_W);
const ROW_GAP = 12;
const ROWS_TOP = HEADER_H + 50;
const SUIT_LABEL_W = 58;
const LEFT_RIGHT = 590;

const RIGHT_X = 614;
const RIGHT_W = WIDTH - MARGIN - RIGHT_X;

const PILE_W = 74;
const PILE_H = cardHeight(PILE_W);
const PILES_TOP = HEADER_H + 60;

const TURN_TOP = 330;
const DRAWN_W = 96;
const DRAWN_H = cardHeight(DRAWN_W);
const PLACED_W = 70;
const PLACED_H = cardHeight(PLACED_W);
const GROUP_W = (RIGHT_W - 24) / 2;

const PILE_NAMES = ["I", "II", "III"];
const PILE_RANKS = ["4–6", "7–10", "J–K"];

const byRankAsc = (a: Card, b: Card): number => a.rank - b.rank;
/** Small fans read like the rows: suit by suit, lowest first. */
const bySuitThenRankAsc = (a: Card, b: Card): number =>
  SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit) || a.rank - b.rank;

/** The round's goal: every card up to 6 (round 1), up to 10 (round 2), the four Kings (round 3). */
export function roundProgress(view: FourKingsPublicView): { have: number; need: number; goal: string } {
  const held = [...view.controlled, ...view.hand];
  if (view.round === 3) return { have: view.kingsControlled, need: 4, goal: "Kings" };
  const top = view.round === 1 ? 6 : 10;
  return { have: held.filter((c) => c.rank <= top).length, need: 4 * top, goal: `cards A–${top}` };
}

function drawHeader(
  ctx: CanvasRenderingContext2D,
  view: FourKingsPublicView,
  names: Record<string, string>,
): void {
  drawPanel(ctx, MARGIN / 2, MARGIN / 2, WIDTH - MARGIN, HEADER_H - MARGIN / 2 - 4, { radius: 14 });
  const cy = MARGIN / 2 + (HEADER_H - MARGIN / 2 - 4) / 2;
  const title = drawText(ctx, "Four Kings", MARGIN + 8, cy, {
    size: 30,
    bold: true,
    colour: THEME.highlight,
  });
  drawText(ctx, cleanText(names[view.player] ?? "Player"), MARGIN + 24 + title, cy, {
    size: 26,
    colour: THEME.text,
    maxWidth: 250,
  });
  const { have, need, goal } = roundProgress(view);
  const barX = 510;
  const barW = 330;
  drawText(ctx, `${have} / ${need} ${goal}`, barX, cy - 13, { size: 22, bold: true });
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  ctx.fillRect(barX, cy + 8, barW, 14);
  ctx.fillStyle = have >= need ? THEME.good : THEME.highlight;
  ctx.fillRect(barX, cy + 8, Math.round((barW * Math.min(have, need)) / need), 14);
  const turnNow = view.phase === "over" ? view.turn : view.turn + 1;
  drawText(ctx, `Round ${view.round}/3 · Turn ${turnNow}`, WIDTH - MARGIN - 8, cy, {
    size: 28,
    bold: true,
    align: "right",
  });
}

function drawSuitMark(ctx: CanvasRenderingContext2D, suit: Suit, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = THEME.cardFace;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = THEME.cardEdge;
  ctx.stroke();
  drawText(ctx, SUIT_SYMBOL[suit], cx, cy + 2, {
    size: Math.round(r * 1.3),
    bold: true,
    colour: suitColour(suit),
    align: "center",
  });
}

/** The controlled cards (not in the hand), one row per suit, lowest first; chosen ones lifted and outlined. */
function drawControlled(
  ctx: CanvasRenderingContext2D,
  view: FourKingsPublicView,
  chosen: readonly Card[],
): void {
  const inHand = view.hand.length;
  const total = view.controlled.length + inHand;
  drawText(
    ctx,
    `Controlled: ${total} card${total === 1 ? "" : "s"}${inHand ? ` (${inHand} in the hand)` : ""}`,
    MARGIN,
    HEADER_H + 22,
    { size: 24, bold: true },
  );
  const isChosen = (c: Card): boolean => chosen.some((h) => h.rank === c.rank && h.suit === c.suit);
  SUITS.forEach((suit, row) => {
    const y = ROWS_TOP + row * (ROW_H + ROW_GAP);
    drawSuitMark(ctx, suit, MARGIN + 22, y + ROW_H / 2, 22);
    const cards = view.controlled.filter((c) => c.suit === suit).sort(byRankAsc);
    const x = MARGIN + SUIT_LABEL_W;
    if (cards.length === 0) {
      drawText(ctx, "none", x + 8, y + ROW_H / 2, { size: 22, colour: THEME.textFaint });
      return;
    }
    const painters = cards.map((c) => {
      const lifted = isChosen(c);
      return (c2: CanvasRenderingContext2D, px: number, py: number, w: number, h: number) =>
        drawCardFace(c2, c, px, lifted ? py - 8 : py, w, h, { highlight: lifted });
    });
    drawFan(ctx, painters, x, y, ROW_W, ROW_H, { max: LEFT_RIGHT - x, step: 44 });
  });
}

function drawPiles(ctx: CanvasRenderingContext2D, view: FourKingsPublicView): number {
  drawText(ctx, "Draw piles", RIGHT_X, HEADER_H + 22, { size: 24, bold: true });
  view.drawPileCounts.forEach((count, i) => {
    const x = RIGHT_X + i * (PILE_W + 28);
    const active = i === view.round - 1;
    const finished = i < view.round - 1;
    drawText(ctx, `${active ? "▶ " : ""}${PILE_NAMES[i]} ${PILE_RANKS[i]}`, x + PILE_W / 2, PILES_TOP - 2, {
      size: 19,
      bold: active,
      colour: active ? THEME.highlight : THEME.textMuted,
      align: "center",
      baseline: "alphabetic",
    });
    drawPile(ctx, x, PILES_TOP + 6, PILE_W, PILE_H, {
      count,
      top: paint.back({ highlight: active, dim: !active }),
      emptyLabel: finished ? "done" : "empty",
      badgeBg: active ? "#8a6a00" : undefined,
    });
  });
  const lostX = RIGHT_X + 3 * (PILE_W + 28) + 18;
  drawText(ctx, "Lost pile", lostX + PILE_W / 2, PILES_TOP - 2, {
    size: 19,
    bold: true,
    colour: THEME.bad,
    align: "center",
    baseline: "alphabetic",
  });
  drawPile(ctx, lostX, PILES_TOP + 6, PILE_W, PILE_H, {
    count: view.lostPileCount,
    top: null,
    emptyLabel: "empty",
  });
  const noteX = lostX + PILE_W + 22;
  const noteW = WIDTH - MARGIN - noteX;
  const lines = view.reshuffledOnDraw
    ? ["Lost pile was", "shuffled into", "the draw pile", "while drawing"]
    : view.lastTurn?.reshuffled && view.phase === "chooseHand"
      ? ["Lost pile was", "shuffled into", "a new draw pile"]
      : [
          "Face down:",
          "counts only",
          view.options.peek ? "(peek: lost pile" : "",
          view.options.peek ? "shown below)" : "",
        ];
  const colour = lines[0] === "Face down:" ? THEME.textFaint : THEME.highlight;
  lines.forEach((line, i) => {
    drawText(ctx, line, noteX, PILES_TOP + 22 + i * 24, { size: 18, colour, maxWidth: noteW });
  });
  if (view.lostPile === null) return PILES_BOTTOM;
  return drawPeek(ctx, view.lostPile, PILES_BOTTOM + 2) + 6;
}

/** The `peek` thumbnails: big enough to read the index ("10" included) in a fan. */
const PEEK_W = 64;
const PEEK_H = cardHeight(PEEK_W);
const PEEK_LABEL_H = 28;
/** Where the piles' area ends: under the piles, or under the peek row. */
const PILES_BOTTOM = PILES_TOP + 6 + PILE_H + 22;
const PEEK_BOTTOM = PILES_BOTTOM + 2 + PEEK_LABEL_H + PEEK_H + 8 + 6;

/** The picture's height: taller by what the peek row pushes the turn area down. */
function tableHeight(view: FourKingsPublicView): number {
  return view.lostPile === null ? HEIGHT : HEIGHT + Math.max(0, PEEK_BOTTOM - TURN_TOP);
}

/**
 * The `peek` house rule: the lost pile's contents (sorted, so they say nothing of any order), a
 * full-width row of thumbnails under its label.
 */
function drawPeek(ctx: CanvasRenderingContext2D, lost: readonly Card[], top: number): number {
  drawText(
    ctx,
    `Lost pile (peek, sorted): ${lost.length} card${lost.length === 1 ? "" : "s"}`,
    RIGHT_X,
    top + 10,
    {
      size: 20,
      bold: true,
      colour: THEME.textMuted,
      maxWidth: RIGHT_W,
    },
  );
  const y = top + PEEK_LABEL_H;
  if (lost.length === 0) {
    drawEmptySlot(ctx, RIGHT_X, y, PEEK_W, PEEK_H, "empty");
  } else {
    drawFan(
      ctx,
      [...lost].sort(bySuitThenRankAsc).map((c) => paint.face(c)),
      RIGHT_X,
      y,
      PEEK_W,
      PEEK_H,
      { max: RIGHT_W, minStep: 18 },
    );
  }
  return y + PEEK_H + 8;
}

function requirementText(need: FourKingsRequirement): [string, string] {
  return [`${SUIT_SYMBOL[need.suit]} ${need.sameSuit}+`, `${need.otherSuit}+`];
}

interface GroupMark {
  text: string;
  good: boolean;
  /** A firm result (WON/LOST) is solid; a forecast is outlined. */
  firm: boolean;
}

/** One drawn card with the cards on it (if any), its mark, and what it needs. */
function drawGroup(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  drawn: Card,
  placed: readonly Card[],
  mark: GroupMark | null,
): void {
  const need = requirementText({ suit: drawn.suit, sameSuit: drawn.rank, otherSuit: 3 * drawn.rank });
  if (mark) {
    drawBadge(ctx, mark.text, x, y + 16, {
      size: 22,
      bg: mark.firm ? (mark.good ? "#1f8f4a" : "#b3262d") : "rgba(0, 0, 0, 0.55)",
      fg: mark.firm ? "#ffffff" : mark.good ? THEME.good : THEME.bad,
      stroke: mark.good ? THEME.good : THEME.bad,
    });
  }
  const cardY = y + 40;
  drawCardFace(ctx, drawn, x, cardY, DRAWN_W, DRAWN_H, {
    highlight: mark ? (mark.good ? THEME.good : THEME.bad) : true,
  });
  const sideX = x + DRAWN_W + 14;
  if (placed.length > 0) {
    drawFan(
      ctx,
      [...placed].sort(byRankAsc).map((c) => paint.face(c)),
      sideX,
      cardY + (DRAWN_H - PLACED_H) / 2,
      PLACED_W,
      PLACED_H,
      { max: GROUP_W - DRAWN_W - 14, step: 32 },
    );
    const sum = placed.reduce((s, c) => s + c.rank, 0);
    const suit = placed[0]?.suit as Suit;
    const target = suit === drawn.suit ? drawn.rank : 3 * drawn.rank;
    drawText(ctx, `${SUIT_SYMBOL[suit]} ${sum} vs ${target} needed`, x, cardY + DRAWN_H + 22, {
      size: 19,
      colour: THEME.textMuted,
      maxWidth: GROUP_W,
    });
  } else {
    const sideW = GROUP_W - DRAWN_W - 14;
    drawText(ctx, "to win:", sideX, cardY + 14, { size: 20, colour: THEME.textMuted });
    drawText(ctx, need[0], sideX, cardY + 48, { size: 32, bold: true, maxWidth: sideW });
    drawText(ctx, "or other suit:", sideX, cardY + 84, {
      size: 20,
      colour: THEME.textMuted,
      maxWidth: sideW,
    });
    drawText(ctx, need[1], sideX, cardY + 118, { size: 32, bold: true, maxWidth: sideW });
  }
}

const forecast = (wins: boolean): GroupMark => ({
  text: wins ? "would win ✓" : "would be lost ✗",
  good: wins,
  firm: false,
});

function drawResults(
  ctx: CanvasRenderingContext2D,
  top: number,
  stacks: readonly FourKingsStackResult[],
): void {
  stacks.forEach((s, i) => {
    const mark: GroupMark = { text: s.won ? "WON" : "LOST", good: s.won, firm: true };
    drawGroup(ctx, RIGHT_X + i * (GROUP_W + 24), top, s.drawn, s.placed, mark);
  });
}

function drawSmallFan(
  ctx: CanvasRenderingContext2D,
  cards: readonly Card[],
  x: number,
  y: number,
  dim: readonly Card[] = [],
): void {
  const w = 62;
  const h = cardHeight(w);
  drawFan(
    ctx,
    [...cards]
      .sort(bySuitThenRankAsc)
      .map((c) => paint.face(c, { dim: dim.some((d) => d.rank === c.rank && d.suit === c.suit) })),
    x,
    y,
    w,
    h,
    { max: WIDTH - MARGIN - x, step: 40 },
  );
}

function handSizeText(view: FourKingsPublicView): string {
  return `${view.handSize} card${view.handSize === 1 ? "" : "s"}`;
}

/** The turn area: what to do now, the drawn cards and their needs, or the turn just played. */
function drawTurn(
  ctx: CanvasRenderingContext2D,
  view: FourKingsPublicView,
  top: number,
  proposal: FourKingsProposal,
  height: number,
): void {
  const y = Math.max(top, TURN_TOP);
  drawPanel(ctx, RIGHT_X - 12, y - 8, RIGHT_W + 24, height - y - 4, { radius: 14 });
  const titleY = y + 18;
  const title = (text: string, colour: string = THEME.text): void => {
    drawText(ctx, text, RIGHT_X, titleY, { size: 24, bold: true, colour, maxWidth: RIGHT_W });
  };
  if (view.phase === "assign") {
    const stacks = proposal.stacks ?? [];
    const placed = stacks.flat();
    title(`Turn ${view.turn + 1}: place your hand`);
    drawText(ctx, `Hand (at most ${view.maxPerCard} on a card, one suit each):`, RIGHT_X, titleY + 32, {
      size: 20,
      colour: THEME.textMuted,
    });
    drawSmallFan(ctx, view.hand, RIGHT_X, titleY + 48, placed);
    const groupsTop = titleY + 48 + cardHeight(62) + 8;
    view.drawn.forEach((drawn, i) => {
      const onIt = stacks[i] ?? [];
      const mark = onIt.length > 0 ? forecast(winsDrawnCard(drawn, onIt)) : null;
      drawGroup(ctx, RIGHT_X + i * (GROUP_W + 24), groupsTop, drawn, onIt, mark);
    });
    if (view.drawn.length < 2) {
      drawText(ctx, "Both piles ran out:", RIGHT_X + GROUP_W + 24, groupsTop + 80, {
        size: 19,
        colour: THEME.textMuted,
      });
      drawText(ctx, "only one card drawn", RIGHT_X + GROUP_W + 24, groupsTop + 106, {
        size: 19,
        colour: THEME.textMuted,
      });
    }
    return;
  }
  const last = view.lastTurn;
  let next = titleY + 34;
  if (view.phase === "over") {
    const won = view.endReason === "won";
    title(
      won
        ? "Game won: all four Kings!"
        : view.endReason === "turnLimit"
          ? "Game lost: turn limit reached"
          : "Game lost: fewer than 2 cards",
      won ? THEME.good : THEME.bad,
    );
  } else if (last) {
    const roundUp = last.round !== view.round;
    title(
      `Turn ${last.turn} result${roundUp ? ` · Round ${view.round} begins!` : ""}`,
      roundUp ? THEME.highlight : THEME.text,
    );
  } else {
    title(`Turn 1: choose ${handSizeText(view)} for your hand`);
    drawText(ctx, "Then 2 cards are drawn from pile I, face up.", RIGHT_X, next, {
      size: 19,
      colour: THEME.textMuted,
    });
    next += 28;
  }
  if (last) {
    drawResults(ctx, next - 4, last.stacks);
    next += 40 + DRAWN_H + 58;
    if (last.returned.length > 0) {
      drawText(ctx, `Back in control: ${last.returned.map(cardLabel).join(" ")}`, RIGHT_X, next, {
        size: 19,
        colour: THEME.textMuted,
        maxWidth: RIGHT_W,
      });
    }
    next += 28;
  }
  if (view.phase === "chooseHand") {
    const chosen = proposal.chosen;
    if (chosen === undefined) {
      if (last)
        drawText(ctx, `Next: choose ${handSizeText(view)} for the hand`, RIGHT_X, next + 4, {
          size: 22,
          bold: true,
        });
    } else {
      const complete = chosen.length === view.handSize;
      drawText(ctx, `Hand chosen so far: ${chosen.length} of ${view.handSize}`, RIGHT_X, next + 4, {
        size: 22,
        bold: true,
        colour: complete ? THEME.good : THEME.highlight,
      });
      // After a turn's result there is no room for cards: the chosen ones are lifted in the rows.
      if (last) {
        drawText(ctx, [...chosen].sort(bySuitThenRankAsc).map(cardLabel).join(" "), RIGHT_X, next + 34, {
          size: 22,
          maxWidth: RIGHT_W,
        });
      } else if (chosen.length > 0) {
        drawSmallFan(ctx, chosen, RIGHT_X, next + 24);
      } else {
        drawEmptySlot(ctx, RIGHT_X, next + 24, 62, cardHeight(62), "?");
      }
    }
  }
}

function drawTable(
  view: FourKingsPublicView,
  names: Record<string, string>,
  proposal: FourKingsProposal,
): Buffer {
  const height = tableHeight(view);
  const { canvas, ctx } = newCanvas(WIDTH, height, { opaque: true });
  drawFelt(ctx, WIDTH, height);
  drawHeader(ctx, view, names);
  drawControlled(ctx, view, proposal.chosen ?? []);
  const pilesBottom = drawPiles(ctx, view);
  drawTurn(ctx, view, pilesBottom, proposal, height);
  return finishPng(canvas);
}

/** The public table picture, from the public view only. */
export function renderFourKingsTable(view: FourKingsPublicView, names: Record<string, string>): Buffer {
  return drawTable(view, names, {});
}

/**
 * The private panel's picture: the table with the choice being made drawn in — the cards chosen
 * for the hand so far lifted and outlined, or the stacks built so far on the drawn cards with
 * whether each would be won.
 */
export function renderFourKingsPanel(
  view: FourKingsPublicView,
  names: Record<string, string>,
  proposal: FourKingsProposal,
): Buffer {
  return drawTable(view, names, proposal);
}
