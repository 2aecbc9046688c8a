import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import { type Card, cardLabel, SUIT_SYMBOL, SUITS, type Suit } from "../../engine/core/cards.js";
import { type Words, wordsFor } from "../../i18n/index.js";
import type { Locale } from "../../i18n/locale.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import {
  type CardPainter,
  type CardStyle,
  cachedCard,
  cardFinish,
  cardHeight,
  cleanText,
  deviceScale,
  drawBadge,
  drawFan,
  drawPanel,
  drawPile,
  drawText,
  fanPeek,
  finishPng,
  newCanvas,
  paint,
  suitColour,
  THEME,
  tableCanvas,
  wrapText,
} from "../../render/primitives.js";
import type { FourKingsPublicView, FourKingsRequirement, FourKingsStackResult } from "./engine/types.js";
import { stackForecast } from "./engine/views.js";

/**
 * The Four Kings table, top to bottom: a header with the round's progress; the controlled cards in
 * four suit rows; the three draw piles (counts only) and the round's lost pile; the turn: the hand
 * and the drawn cards with what each needs, or the outcome of the turn just played. A solo game, so
 * everything the player owns is public; only the draw piles (never their order) and, without
 * `peek`, the lost pile are face down.
 */

/**
 * Laid out in 1000-wide units (drawn TABLE_PICTURE_WIDTH px wide). Discord shows a picture about 400 px wide on a phone,
 * where a unit becomes 0.4 px: no text is under 28 units (11 px there), and every card is 92 units
 * wide, its rank (0.44 of the width) about 16 px tall there. Texts stand on dark panels or the felt
 * in light ink (WCAG AA, 4.5:1).
 */
const WIDTH = 1000;
const MARGIN = 16;
const HEADER_H = 112;
/** Text sizes: the smallest (captions), the body, a title. */
const SMALL = 28;
const BODY = 30;
const TITLE = 32;

const CARD_W = 92;
const CARD_H = cardHeight(CARD_W);
/** Neighbours in a fan: the whole corner index of a covered card shows. */
const FAN_STEP = fanPeek(CARD_W);
/** A suit row of 13 (round 3, J–K won) squeezes a little; its ranks still show. */
const ROW_MIN_STEP = 44;

const ROW_GAP = 10;
const TOP = HEADER_H + 8;
const ROWS_TOP = TOP + 46;
const SUIT_LABEL_W = 54;
const ROWS_BOTTOM = ROWS_TOP + 4 * CARD_H + 3 * ROW_GAP;

/** The piles' column, right of the controlled rows: the three draw piles, the lost pile, a note. */
const PILES_W = 250;
const PILES_X = WIDTH - MARGIN - PILES_W;
const ROWS_RIGHT = PILES_X - 10;
const PILE_W = 56;
const PILE_H = cardHeight(PILE_W);
const PILE_GAP = 18;
const PILE_TEXT_X = PILES_X + 12 + PILE_W + 12;

const TURN_X = MARGIN + 12;
const TURN_W = WIDTH - 2 * TURN_X;
const GROUP_GAP = 24;
const GROUP_W = (TURN_W - GROUP_GAP) / 2;
/** A drawn card's group: its mark, the card, the sum under it. */
const MARK_H = 48;
const GROUP_H = MARK_H + CARD_H + 48;
/** Room under the turn area's last line or card, inside its panel. */
const TURN_PAD = 18;

/** The panels' fill: darker than the felt, so light text keeps its contrast on every part of it. */
const PANEL_FILL = "rgba(0, 0, 0, 0.34)";
/** Light inks that keep 4.5:1 on the panels: a loss, a lost pile. */
const LOSS_INK = "#ff9c9c";
/** A firm result's badge: white on these. */
const WON_BG = "#17703a";
const LOST_BG = "#b3262d";

const PILE_NAMES = ["I", "II", "III"];

const byRankAsc = (a: Card, b: Card): number => a.rank - b.rank;
/** Small fans read like the rows: suit by suit, lowest first. */
const bySuitThenRankAsc = (a: Card, b: Card): number =>
  SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit) || a.rank - b.rank;

function drawHeader(
  ctx: CanvasRenderingContext2D,
  view: FourKingsPublicView,
  names: Record<string, string>,
  words: Words,
): void {
  drawPanel(ctx, MARGIN / 2, MARGIN / 2, WIDTH - MARGIN, HEADER_H - MARGIN / 2, {
    radius: 14,
    fill: PANEL_FILL,
  });
  const line1 = MARGIN / 2 + 32;
  const line2 = MARGIN / 2 + 76;
  const left = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  const turnNow = view.phase === "over" ? view.turn : view.turn + 1;
  const roundW = drawText(
    ctx,
    words("fourkings.pic.roundTurn", { round: view.round, turn: turnNow }),
    right,
    line1,
    { size: BODY, bold: true, align: "right" },
  );
  const title = drawText(ctx, words("game.fourkings.title"), left, line1, {
    size: 34,
    bold: true,
    colour: THEME.highlight,
  });
  drawText(ctx, cleanText(names[view.player] ?? words("fourkings.pic.player")), left + title + 16, line1, {
    size: BODY,
    colour: THEME.text,
    maxWidth: right - roundW - 24 - (left + title + 16),
  });
  const { have, need, top } = view.progress;
  const goal =
    top === null
      ? words("fourkings.pic.progressKings", { have, need })
      : words("fourkings.pic.progress", { have, need, top });
  const label = drawText(ctx, goal, left, line2, { size: SMALL, bold: true });
  const barX = left + label + 20;
  const barW = right - barX;
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  ctx.fillRect(barX, line2 - 8, barW, 16);
  ctx.fillStyle = have >= need ? THEME.good : THEME.highlight;
  ctx.fillRect(barX, line2 - 8, Math.round((barW * Math.min(have, need)) / need), 16);
}

/** A plain face drawn once per card and size; a `highlight` is added over the copy. */
function face(card: Card, locale: Locale, style: Pick<CardStyle, "highlight"> = {}): CardPainter {
  return (ctx, x, y, w, h) => {
    const look = cachedCard(
      `fourkings|${card.rank}${card.suit}|${locale}`,
      paint.face(card, { locale }),
      deviceScale(ctx),
    );
    look(ctx, x, y, w, h);
    if (style.highlight) cardFinish(ctx, x, y, w, h, style);
  };
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

/** The controlled cards (not in the hand), one row per suit, lowest first. */
function drawControlled(ctx: CanvasRenderingContext2D, view: FourKingsPublicView, words: Words): void {
  const inHand = view.hand.length;
  const total = view.controlled.length + inHand;
  drawText(
    ctx,
    inHand
      ? words.count("fourkings.pic.controlledInHand", total, { inHand })
      : words.count("fourkings.pic.controlled", total),
    MARGIN,
    TOP + 24,
    { size: BODY, bold: true, maxWidth: ROWS_RIGHT - MARGIN },
  );
  SUITS.forEach((suit, row) => {
    const y = ROWS_TOP + row * (CARD_H + ROW_GAP);
    drawSuitMark(ctx, suit, MARGIN + 22, y + CARD_H / 2, 22);
    const cards = view.controlled.filter((c) => c.suit === suit).sort(byRankAsc);
    const x = MARGIN + SUIT_LABEL_W;
    if (cards.length === 0) {
      drawText(ctx, words("fourkings.pic.none"), x + 8, y + CARD_H / 2, { size: SMALL });
      return;
    }
    drawFan(
      ctx,
      cards.map((c) => face(c, words.locale)),
      x,
      y,
      CARD_W,
      CARD_H,
      {
        max: ROWS_RIGHT - x,
        step: FAN_STEP,
        minStep: ROW_MIN_STEP,
      },
    );
  });
}

/**
 * One pile of the column: a small face-down pile (or its empty place), its name and its count
 * beside it. Counts only: never what is in it.
 */
function drawPileRow(
  ctx: CanvasRenderingContext2D,
  y: number,
  pile: { name: string; count: number; emptyWord: string; ink: string; back: CardPainter | null },
  words: Words,
): void {
  drawPile(ctx, PILES_X + 12, y, PILE_W, PILE_H, {
    count: pile.count,
    top: pile.back,
    countLabel: "",
  });
  const textW = PILES_X + PILES_W - 8 - PILE_TEXT_X;
  drawText(ctx, pile.name, PILE_TEXT_X, y + PILE_H / 2 - 18, {
    size: SMALL,
    bold: true,
    colour: pile.ink,
    maxWidth: textW,
  });
  drawText(
    ctx,
    pile.count > 0 ? words.count("fourkings.pic.cards", pile.count) : pile.emptyWord,
    PILE_TEXT_X,
    y + PILE_H / 2 + 18,
    { size: SMALL, colour: pile.count > 0 ? THEME.text : THEME.textMuted, maxWidth: textW },
  );
}

/** The piles' column: the draw piles I–III (the active one marked), the lost pile, a note. */
function drawPiles(ctx: CanvasRenderingContext2D, view: FourKingsPublicView, words: Words): void {
  const bottom = rowsBottom(ctx, view, words);
  const top = bottom + 8;
  drawPanel(ctx, PILES_X, TOP, PILES_W, bottom - TOP, { radius: 14, fill: PANEL_FILL });
  let y = TOP + 14;
  view.drawPileCounts.forEach((count, i) => {
    const ranks = view.drawPileRanks[i];
    const rankSpan = ranks ? `${words.rank(ranks.lowest)}–${words.rank(ranks.highest)}` : "";
    const active = i === view.round - 1;
    drawPileRow(
      ctx,
      y,
      {
        name: `${active ? "▶ " : ""}${PILE_NAMES[i]} ${rankSpan}`,
        count,
        emptyWord: words(i < view.round - 1 ? "fourkings.pic.pileDone" : "fourkings.pic.pileEmpty"),
        ink: active ? THEME.highlight : THEME.textMuted,
        back: cachedCard(
          `fourkings|back|${active ? "on" : "off"}`,
          paint.back({ highlight: active, dim: !active }),
          deviceScale(ctx),
        ),
      },
      words,
    );
    y += PILE_H + PILE_GAP;
  });
  y += 6;
  drawPileRow(
    ctx,
    y,
    {
      name: words("fourkings.pic.lostPile"),
      count: view.lostPileCount,
      emptyWord: words("fourkings.pic.pileEmpty"),
      ink: LOSS_INK,
      back: null,
    },
    words,
  );
  const note = pilesNote(ctx, view, words);
  note.lines.forEach((line, i) => {
    drawText(ctx, line, PILES_X + 12, NOTE_TOP + i * NOTE_LINE, {
      size: SMALL,
      colour: note.highlight ? THEME.highlight : THEME.textMuted,
      maxWidth: NOTE_W,
    });
  });
  if (view.lostPile !== null) drawPeek(ctx, view.lostPile, top + 4, words);
}

/** The note under the piles: a reshuffle just now (highlighted), or that they are face down. */
const NOTE_TOP = TOP + 14 + 4 * (PILE_H + PILE_GAP) + 6 + 12;
const NOTE_LINE = 34;
const NOTE_W = PILES_W - 24;

function pilesNote(
  ctx: CanvasRenderingContext2D,
  view: FourKingsPublicView,
  words: Words,
): { lines: string[]; highlight: boolean } {
  const reshuffled = view.reshuffledOnDraw || (view.lastTurn?.reshuffled && view.phase === "chooseHand");
  const note = view.reshuffledOnDraw
    ? words("fourkings.pic.reshuffledOnDraw")
    : reshuffled
      ? words("fourkings.pic.reshuffled")
      : [
          words("fourkings.pic.faceDown"),
          ...(view.options.peek ? [words("fourkings.pic.peekBelow")] : []),
        ].join(" ");
  return { lines: wrapText(ctx, note, NOTE_W, SMALL), highlight: Boolean(reshuffled) };
}

/** Where the controlled rows and the piles' column end: under the rows, or under a long note. */
function rowsBottom(ctx: CanvasRenderingContext2D, view: FourKingsPublicView, words: Words): number {
  const lines = pilesNote(ctx, view, words).lines.length;
  return Math.max(ROWS_BOTTOM, NOTE_TOP + (lines - 0.5) * NOTE_LINE + 12);
}
const PEEK_LABEL_H = 40;
const PEEK_H = 4 + PEEK_LABEL_H + CARD_H + 14;

/** Where the turn area starts: under the rows and piles, or under the peek row. */
function turnTop(ctx: CanvasRenderingContext2D, view: FourKingsPublicView, words: Words): number {
  const top = rowsBottom(ctx, view, words) + 8;
  if (view.lostPile === null) return top;
  // An empty lost pile is its label alone ("0 cards"): no empty row of cards.
  return top + (view.lostPile.length === 0 ? 4 + PEEK_LABEL_H : PEEK_H);
}

/** A context to measure words with before the picture's height, and so its canvas, is known. */
let measuring: CanvasRenderingContext2D | null = null;

/** The picture's height, in layout units: as tall as its turn area needs. */
function tableHeight(view: FourKingsPublicView, words: Words): number {
  measuring ??= newCanvas(1, 1).ctx;
  return turnLayout(view, turnTop(measuring, view, words)).bottom + TURN_PAD + MARGIN;
}

/**
 * The `peek` house rule: the lost pile's contents (sorted, so they say nothing of any order), a
 * full-width row of cards under its label (the label alone while it is empty).
 */
function drawPeek(ctx: CanvasRenderingContext2D, lost: readonly Card[], top: number, words: Words): void {
  drawText(ctx, words.count("fourkings.pic.peek", lost.length), MARGIN, top + 18, {
    size: SMALL,
    bold: true,
    maxWidth: WIDTH - 2 * MARGIN,
  });
  if (lost.length > 0) {
    drawFan(
      ctx,
      [...lost].sort(bySuitThenRankAsc).map((c) => face(c, words.locale)),
      MARGIN,
      top + PEEK_LABEL_H,
      CARD_W,
      CARD_H,
      { max: WIDTH - 2 * MARGIN, step: FAN_STEP, minStep: 18 },
    );
  }
}

function requirementText(need: FourKingsRequirement): [string, string] {
  return [`${SUIT_SYMBOL[need.suit]} ${need.sameSuit}+`, `${need.otherSuit}+`];
}

/** A played stack's result: WON or LOST. */
interface GroupMark {
  text: string;
  good: boolean;
}

/** One drawn card with the cards on it (if any), its result, and what it needs. */
function drawGroup(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  drawn: Card,
  placed: readonly Card[],
  mark: GroupMark | null,
  words: Words,
): void {
  const { requirement, sum, target } = stackForecast(drawn, placed);
  const need = requirementText(requirement);
  if (mark) {
    drawBadge(ctx, mark.text, x, y + 22, {
      size: SMALL,
      bg: mark.good ? WON_BG : LOST_BG,
      fg: "#ffffff",
      stroke: mark.good ? THEME.good : THEME.bad,
      cache: true,
    });
  }
  const cardY = y + MARK_H;
  face(drawn, words.locale, { highlight: mark ? (mark.good ? THEME.good : THEME.bad) : true })(
    ctx,
    x,
    cardY,
    CARD_W,
    CARD_H,
  );
  const sideX = x + CARD_W + 14;
  const sideW = GROUP_W - CARD_W - 14;
  if (target !== null) {
    drawFan(
      ctx,
      [...placed].sort(byRankAsc).map((c) => face(c, words.locale)),
      sideX,
      cardY,
      CARD_W,
      CARD_H,
      { max: sideW, step: FAN_STEP },
    );
    const suit = placed[0]?.suit as Suit;
    drawText(
      ctx,
      words("fourkings.pic.sumVsTarget", { suit: SUIT_SYMBOL[suit], sum, target }),
      x,
      cardY + CARD_H + 26,
      { size: SMALL, bold: true, maxWidth: GROUP_W },
    );
  } else {
    drawText(ctx, words("fourkings.pic.toWin"), sideX, cardY + 16, {
      size: SMALL,
      colour: THEME.textMuted,
      maxWidth: sideW,
    });
    drawText(ctx, need[0], sideX, cardY + 50, { size: 34, bold: true, maxWidth: sideW });
    drawText(ctx, words("fourkings.pic.orOtherSuit"), sideX, cardY + 84, {
      size: SMALL,
      colour: THEME.textMuted,
      maxWidth: sideW,
    });
    drawText(ctx, need[1], sideX, cardY + 116, { size: 34, bold: true, maxWidth: sideW });
  }
}

function groupX(i: number): number {
  return TURN_X + i * (GROUP_W + GROUP_GAP);
}

function drawResults(
  ctx: CanvasRenderingContext2D,
  top: number,
  stacks: readonly FourKingsStackResult[],
  words: Words,
): void {
  stacks.forEach((s, i) => {
    const mark: GroupMark = {
      text: words(s.won ? "fourkings.pic.won" : "fourkings.pic.lost"),
      good: s.won,
    };
    drawGroup(ctx, groupX(i), top, s.drawn, s.placed, mark, words);
  });
}

/** The hand being placed as a fan, suit by suit. */
function drawHandFan(
  ctx: CanvasRenderingContext2D,
  cards: readonly Card[],
  locale: Locale,
  x: number,
  y: number,
): void {
  drawFan(
    ctx,
    [...cards].sort(bySuitThenRankAsc).map((c) => face(c, locale)),
    x,
    y,
    CARD_W,
    CARD_H,
    { max: TURN_W, step: FAN_STEP },
  );
}

/** Where the turn area's parts go from its `top` down, and where its content ends. */
interface TurnLayout {
  titleY: number;
  /** The hand being placed (assign). */
  handY: number;
  /** The drawn cards' groups. */
  groupsY: number;
  /** "Back in control: …" under a turn's result. */
  returnedY: number;
  /** The line saying what comes next. */
  nextY: number;
  bottom: number;
}

/**
 * The turn area's layout for what it shows now: the assign phase's hand and groups, or a turn's
 * result and what comes next. The picture is as tall as this content, so no empty band is left
 * under a short turn area.
 */
function turnLayout(view: FourKingsPublicView, top: number): TurnLayout {
  const titleY = top + 32;
  const handY = titleY + 66;
  if (view.phase === "assign") {
    const groupsY = handY + CARD_H + 10;
    // Nothing is placed on the drawn cards yet (the panel's lines say what would be): no sums under them.
    const bottom = groupsY + MARK_H + CARD_H;
    return { titleY, handY, groupsY, returnedY: 0, nextY: 0, bottom };
  }
  const last = view.lastTurn;
  let next = titleY + 40;
  // The first turn's explanation, under its title.
  if (!last && view.phase !== "over") next += 38;
  let bottom = next - 20;
  const groupsY = next - 4;
  const returnedY = next + GROUP_H + 14;
  if (last) {
    bottom = groupsY + GROUP_H - 8;
    next = returnedY;
    if (last.returned.length > 0) bottom = returnedY + 14;
    next += 40;
  }
  if (view.phase === "chooseHand" && last) bottom = next + 18;
  return { titleY, handY, groupsY, returnedY, nextY: next + 4, bottom };
}

/** The turn area: what to do now, the drawn cards and their needs, or the turn just played. */
function drawTurn(ctx: CanvasRenderingContext2D, view: FourKingsPublicView, top: number, words: Words): void {
  const layout = turnLayout(view, top);
  drawPanel(ctx, MARGIN, top, WIDTH - 2 * MARGIN, layout.bottom + TURN_PAD - top, {
    radius: 14,
    fill: PANEL_FILL,
  });
  const { titleY } = layout;
  const title = (text: string, colour: string = THEME.text): void => {
    drawText(ctx, text, TURN_X, titleY, { size: TITLE, bold: true, colour, maxWidth: TURN_W });
  };
  if (view.phase === "assign") {
    title(words("fourkings.pic.placeHand", { turn: view.turn + 1 }));
    drawText(ctx, words("fourkings.pic.handRule", { max: view.maxPerCard }), TURN_X, titleY + 40, {
      size: SMALL,
      colour: THEME.textMuted,
      maxWidth: TURN_W,
    });
    drawHandFan(ctx, view.hand, words.locale, TURN_X, layout.handY);
    view.drawn.forEach((drawn, i) => {
      drawGroup(ctx, groupX(i), layout.groupsY, drawn, [], null, words);
    });
    if (view.drawn.length < 2) {
      wrapText(ctx, words("fourkings.pic.oneDrawn"), GROUP_W, SMALL).forEach((line, i) => {
        drawText(ctx, line, groupX(1), layout.groupsY + 80 + i * 34, {
          size: SMALL,
          colour: THEME.textMuted,
          maxWidth: GROUP_W,
        });
      });
    }
    return;
  }
  const last = view.lastTurn;
  if (view.phase === "over") {
    const won = view.endReason === "won";
    title(
      words(
        won
          ? "fourkings.pic.gameWon"
          : view.endReason === "turnLimit"
            ? "fourkings.pic.turnLimit"
            : "fourkings.pic.tooFewCards",
      ),
      won ? THEME.good : LOSS_INK,
    );
  } else if (last) {
    const roundUp = last.round !== view.round;
    title(
      roundUp
        ? words("fourkings.pic.turnResultRound", { turn: last.turn, round: view.round })
        : words("fourkings.pic.turnResult", { turn: last.turn }),
      roundUp ? THEME.highlight : THEME.text,
    );
  } else {
    title(words.count("fourkings.pic.firstTurn", view.handSize));
    drawText(ctx, words("fourkings.pic.thenDrawn"), TURN_X, titleY + 40, {
      size: SMALL,
      colour: THEME.textMuted,
      maxWidth: TURN_W,
    });
  }
  if (last) {
    drawResults(ctx, layout.groupsY, last.stacks, words);
    if (last.returned.length > 0) {
      drawText(
        ctx,
        words("fourkings.pic.backInControl", { cards: last.returned.map(cardLabel).join(" ") }),
        TURN_X,
        layout.returnedY,
        {
          size: SMALL,
          colour: THEME.textMuted,
          maxWidth: TURN_W,
        },
      );
    }
  }
  if (view.phase === "chooseHand" && last) {
    drawText(ctx, words.count("fourkings.pic.next", view.handSize), TURN_X, layout.nextY, {
      size: BODY,
      bold: true,
      maxWidth: TURN_W,
    });
  }
}

/**
 * The table picture, from the public view only. The panel shows it too: a choice in the panel
 * changes its controls and lines, never this picture, so a choice costs no picture.
 */
export function renderFourKingsTable(view: FourKingsPublicView, { names, locale }: PaintContext): Buffer {
  const words = wordsFor(locale);
  const height = tableHeight(view, words);
  const { canvas, ctx } = tableCanvas(WIDTH, height);
  drawHeader(ctx, view, names, words);
  drawControlled(ctx, view, words);
  drawPiles(ctx, view, words);
  drawTurn(ctx, view, turnTop(ctx, view, words), words);
  return finishPng(canvas);
}

/** The game's picture by name, for the render pool (registered when this module loads). */
export const fourKingsTable = painting("fourkings.table", renderFourKingsTable);
