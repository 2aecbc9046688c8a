import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import { type Card, cardLabel, rankLabel, SUIT_SYMBOL, SUITS, type Suit } from "../../engine/core/cards.js";
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
  drawEmptySlot,
  drawFan,
  drawFelt,
  drawPanel,
  drawPile,
  drawText,
  fanPeek,
  finishPng,
  newCanvas,
  paint,
  suitColour,
  THEME,
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

/** What the private panel is about to do: the hand chosen so far, or the stacks built so far. */
export interface FourKingsProposal {
  chosen?: Card[];
  stacks?: Card[][];
}

/**
 * Drawn in 1000-wide units at 0.8 px each: Discord shows a picture about 400 px wide on a phone,
 * where a unit becomes 0.4 px, so every card is 96 units wide and its rank (0.44 of the width)
 * stays about 12 px tall there.
 */
const WIDTH = 1000;
const SCALE = 0.8;
const MARGIN = 16;
const HEADER_H = 108;

const CARD_W = 96;
const CARD_H = cardHeight(CARD_W);
/** Neighbours in a fan: the whole corner index of a covered card shows. */
const FAN_STEP = fanPeek(CARD_W);

const ROW_GAP = 10;
const ROWS_TOP = HEADER_H + 46;
const SUIT_LABEL_W = 58;
const ROWS_BOTTOM = ROWS_TOP + 4 * CARD_H + 3 * ROW_GAP;

const PILES_TITLE_Y = ROWS_BOTTOM + 34;
const PILES_TOP = ROWS_BOTTOM + 80;
const PILE_GAP = 22;
/** A pile's count badge hangs below it. */
const BADGE_HANG = 26;

const TURN_X = MARGIN + 12;
const TURN_W = WIDTH - 2 * TURN_X;
const GROUP_GAP = 24;
const GROUP_W = (TURN_W - GROUP_GAP) / 2;
/** A drawn card's group: its mark, the card, the sum under it. */
const GROUP_H = 40 + CARD_H + 44;
/** Room under the turn area's last line or card, inside its panel. */
const TURN_PAD = 18;

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
  drawPanel(ctx, MARGIN / 2, MARGIN / 2, WIDTH - MARGIN, HEADER_H - MARGIN / 2 - 4, { radius: 14 });
  const line1 = MARGIN / 2 + 30;
  const line2 = MARGIN / 2 + 72;
  const left = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  const turnNow = view.phase === "over" ? view.turn : view.turn + 1;
  const roundW = drawText(
    ctx,
    words("fourkings.pic.roundTurn", { round: view.round, turn: turnNow }),
    right,
    line1,
    {
      size: 28,
      bold: true,
      align: "right",
    },
  );
  const title = drawText(ctx, words("game.fourkings.title"), left, line1, {
    size: 30,
    bold: true,
    colour: THEME.highlight,
  });
  drawText(ctx, cleanText(names[view.player] ?? words("fourkings.pic.player")), left + title + 16, line1, {
    size: 26,
    colour: THEME.text,
    maxWidth: right - roundW - 24 - (left + title + 16),
  });
  const { have, need, top } = view.progress;
  const goal =
    top === null
      ? words("fourkings.pic.progressKings", { have, need })
      : words("fourkings.pic.progress", { have, need, top });
  const label = drawText(ctx, goal, left, line2, { size: 24, bold: true });
  const barX = left + label + 20;
  const barW = right - barX;
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  ctx.fillRect(barX, line2 - 8, barW, 16);
  ctx.fillStyle = have >= need ? THEME.good : THEME.highlight;
  ctx.fillRect(barX, line2 - 8, Math.round((barW * Math.min(have, need)) / need), 16);
}

/** A plain face drawn once per card and size; `dim` / `highlight` are added over the copy. */
function face(card: Card, locale: Locale, style: CardStyle = {}): CardPainter {
  return (ctx, x, y, w, h) => {
    const look = cachedCard(
      `fourkings|${card.rank}${card.suit}|${locale}`,
      paint.face(card, { locale }),
      deviceScale(ctx),
    );
    look(ctx, x, y, w, h);
    if (style.dim || style.highlight) cardFinish(ctx, x, y, w, h, style);
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

/** The controlled cards (not in the hand), one row per suit, lowest first; chosen ones lifted and outlined. */
function drawControlled(
  ctx: CanvasRenderingContext2D,
  view: FourKingsPublicView,
  chosen: readonly Card[],
  words: Words,
): void {
  const inHand = view.hand.length;
  const total = view.controlled.length + inHand;
  drawText(
    ctx,
    inHand
      ? words.count("fourkings.pic.controlledInHand", total, { inHand })
      : words.count("fourkings.pic.controlled", total),
    MARGIN,
    HEADER_H + 22,
    { size: 26, bold: true, maxWidth: WIDTH - 2 * MARGIN },
  );
  const isChosen = (c: Card): boolean => chosen.some((h) => h.rank === c.rank && h.suit === c.suit);
  SUITS.forEach((suit, row) => {
    const y = ROWS_TOP + row * (CARD_H + ROW_GAP);
    drawSuitMark(ctx, suit, MARGIN + 24, y + CARD_H / 2, 24);
    const cards = view.controlled.filter((c) => c.suit === suit).sort(byRankAsc);
    const x = MARGIN + SUIT_LABEL_W;
    if (cards.length === 0) {
      drawText(ctx, words("fourkings.pic.none"), x + 8, y + CARD_H / 2, {
        size: 24,
        colour: THEME.textFaint,
      });
      return;
    }
    const painters = cards.map((c): CardPainter => {
      const lifted = isChosen(c);
      const painter = face(c, words.locale, { highlight: lifted });
      return (c2, px, py, w, h) => painter(c2, px, lifted ? py - 8 : py, w, h);
    });
    drawFan(ctx, painters, x, y, CARD_W, CARD_H, { max: WIDTH - MARGIN - x, step: FAN_STEP });
  });
}

function drawPiles(ctx: CanvasRenderingContext2D, view: FourKingsPublicView, words: Words): void {
  drawText(ctx, words("fourkings.pic.drawPiles"), MARGIN, PILES_TITLE_Y, { size: 26, bold: true });
  view.drawPileCounts.forEach((count, i) => {
    const ranks = view.drawPileRanks[i];
    const rankSpan = ranks ? `${rankLabel(ranks.lowest)}–${rankLabel(ranks.highest)}` : "";
    const x = MARGIN + i * (CARD_W + PILE_GAP);
    const active = i === view.round - 1;
    const finished = i < view.round - 1;
    drawText(ctx, `${active ? "▶ " : ""}${PILE_NAMES[i]} ${rankSpan}`, x + CARD_W / 2, PILES_TOP - 10, {
      size: 20,
      bold: active,
      colour: active ? THEME.highlight : THEME.textMuted,
      align: "center",
      baseline: "alphabetic",
    });
    drawPile(ctx, x, PILES_TOP, CARD_W, CARD_H, {
      count,
      top: cachedCard(
        `fourkings|back|${active ? "on" : "off"}`,
        paint.back({ highlight: active, dim: !active }),
        deviceScale(ctx),
      ),
      emptyLabel: words(finished ? "fourkings.pic.pileDone" : "fourkings.pic.pileEmpty"),
      emptyLabelSize: 22,
      badgeBg: active ? "#8a6a00" : undefined,
      badgeSize: 20,
    });
  });
  const lostX = MARGIN + 3 * (CARD_W + PILE_GAP) + 18;
  drawText(ctx, words("fourkings.pic.lostPile"), lostX + CARD_W / 2, PILES_TOP - 10, {
    size: 20,
    bold: true,
    colour: THEME.bad,
    align: "center",
    baseline: "alphabetic",
  });
  drawPile(ctx, lostX, PILES_TOP, CARD_W, CARD_H, {
    count: view.lostPileCount,
    top: null,
    emptyLabel: words("fourkings.pic.pileEmpty"),
    emptyLabelSize: 22,
    badgeSize: 20,
  });
  const noteX = lostX + CARD_W + 26;
  const noteW = WIDTH - MARGIN - noteX;
  const reshuffled = view.reshuffledOnDraw || (view.lastTurn?.reshuffled && view.phase === "chooseHand");
  const note = view.reshuffledOnDraw
    ? words("fourkings.pic.reshuffledOnDraw")
    : reshuffled
      ? words("fourkings.pic.reshuffled")
      : [
          words("fourkings.pic.faceDown"),
          ...(view.options.peek ? [words("fourkings.pic.peekBelow")] : []),
        ].join("\n");
  const colour = reshuffled ? THEME.highlight : THEME.textFaint;
  wrapText(ctx, note, noteW, 22).forEach((line, i) => {
    drawText(ctx, line, noteX, PILES_TOP + 20 + i * 30, { size: 22, colour, maxWidth: noteW });
  });
  if (view.lostPile !== null) drawPeek(ctx, view.lostPile, PILES_BOTTOM + 2, words);
}

/** Where the piles' area ends: under the piles, or under the peek row. */
const PILES_BOTTOM = PILES_TOP + CARD_H + BADGE_HANG;
const PEEK_LABEL_H = 34;
const PEEK_H = 2 + PEEK_LABEL_H + CARD_H + 14;

/** Where the turn area starts: under the piles, or under the peek row. */
function turnTop(view: FourKingsPublicView): number {
  return view.lostPile === null ? PILES_BOTTOM : PILES_BOTTOM + PEEK_H;
}

/** The picture's height, in layout units: as tall as its turn area needs. */
function tableHeight(view: FourKingsPublicView, proposal: FourKingsProposal): number {
  return turnLayout(view, proposal, turnTop(view)).bottom + TURN_PAD + MARGIN;
}

/**
 * The `peek` house rule: the lost pile's contents (sorted, so they say nothing of any order), a
 * full-width row of cards under its label.
 */
function drawPeek(ctx: CanvasRenderingContext2D, lost: readonly Card[], top: number, words: Words): void {
  drawText(ctx, words.count("fourkings.pic.peek", lost.length), MARGIN, top + 14, {
    size: 22,
    bold: true,
    colour: THEME.textMuted,
    maxWidth: WIDTH - 2 * MARGIN,
  });
  const y = top + PEEK_LABEL_H;
  if (lost.length === 0) {
    drawEmptySlot(ctx, MARGIN, y, CARD_W, CARD_H, words("fourkings.pic.pileEmpty"), { labelSize: 22 });
  } else {
    drawFan(
      ctx,
      [...lost].sort(bySuitThenRankAsc).map((c) => face(c, words.locale)),
      MARGIN,
      y,
      CARD_W,
      CARD_H,
      { max: WIDTH - 2 * MARGIN, step: FAN_STEP, minStep: 18 },
    );
  }
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
  words: Words,
): void {
  const { requirement, sum, target } = stackForecast(drawn, placed);
  const need = requirementText(requirement);
  if (mark) {
    drawBadge(ctx, mark.text, x, y + 16, {
      size: 22,
      bg: mark.firm ? (mark.good ? "#1f8f4a" : "#b3262d") : "rgba(0, 0, 0, 0.55)",
      fg: mark.firm ? "#ffffff" : mark.good ? THEME.good : THEME.bad,
      stroke: mark.good ? THEME.good : THEME.bad,
      cache: true,
    });
  }
  const cardY = y + 40;
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
      cardY + CARD_H + 24,
      {
        size: 22,
        colour: THEME.textMuted,
        maxWidth: GROUP_W,
      },
    );
  } else {
    drawText(ctx, words("fourkings.pic.toWin"), sideX, cardY + 14, {
      size: 22,
      colour: THEME.textMuted,
      maxWidth: sideW,
    });
    drawText(ctx, need[0], sideX, cardY + 48, { size: 34, bold: true, maxWidth: sideW });
    drawText(ctx, words("fourkings.pic.orOtherSuit"), sideX, cardY + 86, {
      size: 22,
      colour: THEME.textMuted,
      maxWidth: sideW,
    });
    drawText(ctx, need[1], sideX, cardY + 120, { size: 34, bold: true, maxWidth: sideW });
  }
}

const forecast = (wins: boolean, words: Words): GroupMark => ({
  text: words(wins ? "fourkings.pic.wouldWin" : "fourkings.pic.wouldLose"),
  good: wins,
  firm: false,
});

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
      firm: true,
    };
    drawGroup(ctx, groupX(i), top, s.drawn, s.placed, mark, words);
  });
}

/** The hand (or the cards chosen for it) as a fan, suit by suit; `dim` ones are already placed. */
function drawHandFan(
  ctx: CanvasRenderingContext2D,
  cards: readonly Card[],
  locale: Locale,
  x: number,
  y: number,
  dim: readonly Card[] = [],
): void {
  drawFan(
    ctx,
    [...cards]
      .sort(bySuitThenRankAsc)
      .map((c) => face(c, locale, { dim: dim.some((d) => d.rank === c.rank && d.suit === c.suit) })),
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
  /** What comes next: the line saying so, then the cards chosen for the hand. */
  nextY: number;
  chosenY: number;
  bottom: number;
}

/**
 * The turn area's layout for what it shows now: the assign phase's hand and groups, a turn's
 * result, what comes next, and the cards chosen so far. The picture is as tall as this content, so
 * no empty band is left under a short turn area.
 */
function turnLayout(view: FourKingsPublicView, proposal: FourKingsProposal, top: number): TurnLayout {
  const titleY = top + 30;
  const handY = titleY + 56;
  if (view.phase === "assign") {
    const groupsY = handY + CARD_H + 10;
    return { titleY, handY, groupsY, returnedY: 0, nextY: 0, chosenY: 0, bottom: groupsY + GROUP_H - 8 };
  }
  const last = view.lastTurn;
  let next = titleY + 36;
  // The first turn's explanation, under its title.
  if (!last && view.phase !== "over") next += 30;
  let bottom = next - 20;
  const groupsY = next - 4;
  const returnedY = next + GROUP_H + 10;
  if (last) {
    bottom = groupsY + GROUP_H - 8;
    next = returnedY;
    if (last.returned.length > 0) bottom = returnedY + 12;
    next += 32;
  }
  const chosenY = next + (last ? 38 : 26);
  if (view.phase === "chooseHand") {
    const chosen = proposal.chosen;
    if (chosen !== undefined || last) bottom = next + 16;
    if (chosen !== undefined) bottom = last ? chosenY + 12 : chosenY + CARD_H;
  }
  return { titleY, handY, groupsY, returnedY, nextY: next + 4, chosenY, bottom };
}

/** The turn area: what to do now, the drawn cards and their needs, or the turn just played. */
function drawTurn(
  ctx: CanvasRenderingContext2D,
  view: FourKingsPublicView,
  top: number,
  proposal: FourKingsProposal,
  words: Words,
): void {
  const layout = turnLayout(view, proposal, top);
  drawPanel(ctx, MARGIN, top, WIDTH - 2 * MARGIN, layout.bottom + TURN_PAD - top, { radius: 14 });
  const { titleY } = layout;
  const title = (text: string, colour: string = THEME.text): void => {
    drawText(ctx, text, TURN_X, titleY, { size: 26, bold: true, colour, maxWidth: TURN_W });
  };
  if (view.phase === "assign") {
    const stacks = proposal.stacks ?? [];
    const placed = stacks.flat();
    title(words("fourkings.pic.placeHand", { turn: view.turn + 1 }));
    drawText(ctx, words("fourkings.pic.handRule", { max: view.maxPerCard }), TURN_X, titleY + 36, {
      size: 22,
      colour: THEME.textMuted,
      maxWidth: TURN_W,
    });
    drawHandFan(ctx, view.hand, words.locale, TURN_X, layout.handY, placed);
    view.drawn.forEach((drawn, i) => {
      const onIt = stacks[i] ?? [];
      const mark = onIt.length > 0 ? forecast(stackForecast(drawn, onIt).wins, words) : null;
      drawGroup(ctx, groupX(i), layout.groupsY, drawn, onIt, mark, words);
    });
    if (view.drawn.length < 2) {
      wrapText(ctx, words("fourkings.pic.oneDrawn"), GROUP_W, 22).forEach((line, i) => {
        drawText(ctx, line, groupX(1), layout.groupsY + 80 + i * 30, {
          size: 22,
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
      won ? THEME.good : THEME.bad,
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
    drawText(ctx, words("fourkings.pic.thenDrawn"), TURN_X, titleY + 36, {
      size: 22,
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
          size: 22,
          colour: THEME.textMuted,
          maxWidth: TURN_W,
        },
      );
    }
  }
  if (view.phase === "chooseHand") {
    const chosen = proposal.chosen;
    if (chosen === undefined) {
      if (last)
        drawText(ctx, words.count("fourkings.pic.next", view.handSize), TURN_X, layout.nextY, {
          size: 24,
          bold: true,
          maxWidth: TURN_W,
        });
    } else {
      const complete = chosen.length === view.handSize;
      drawText(
        ctx,
        words("fourkings.pic.chosenSoFar", { chosen: chosen.length, size: view.handSize }),
        TURN_X,
        layout.nextY,
        {
          size: 24,
          bold: true,
          maxWidth: TURN_W,
          colour: complete ? THEME.good : THEME.highlight,
        },
      );
      // After a turn's result there is no room for cards: the chosen ones are lifted in the rows.
      if (last) {
        drawText(ctx, [...chosen].sort(bySuitThenRankAsc).map(words.card).join(" "), TURN_X, layout.chosenY, {
          size: 24,
          maxWidth: TURN_W,
        });
      } else if (chosen.length > 0) {
        drawHandFan(ctx, chosen, words.locale, TURN_X, layout.chosenY);
      } else {
        drawEmptySlot(ctx, TURN_X, layout.chosenY, CARD_W, CARD_H, "?", { labelSize: 40 });
      }
    }
  }
}

function drawTable(
  view: FourKingsPublicView,
  { names, locale }: PaintContext,
  proposal: FourKingsProposal,
): Buffer {
  const words = wordsFor(locale);
  const height = tableHeight(view, proposal);
  const surface = newCanvas(WIDTH * SCALE, height * SCALE, { opaque: true });
  const { canvas, ctx } = surface;
  ctx.scale(SCALE, SCALE);
  drawFelt(ctx, surface.width / SCALE, surface.height / SCALE);
  drawHeader(ctx, view, names, words);
  drawControlled(ctx, view, proposal.chosen ?? [], words);
  drawPiles(ctx, view, words);
  drawTurn(ctx, view, turnTop(view), proposal, words);
  return finishPng(canvas);
}

/** The public table picture, from the public view only. */
export function renderFourKingsTable(view: FourKingsPublicView, at: PaintContext): Buffer {
  return drawTable(view, at, {});
}

/**
 * The private panel's picture: the table with the choice being made drawn in — the cards chosen
 * for the hand so far lifted and outlined, or the stacks built so far on the drawn cards with
 * whether each would be won.
 */
export function renderFourKingsPanel(
  view: FourKingsPublicView,
  at: PaintContext,
  proposal: FourKingsProposal = {},
): Buffer {
  return drawTable(view, at, proposal);
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const fourKingsTable = painting("fourkings.table", renderFourKingsTable);
export const fourKingsPanel = painting("fourkings.panel", renderFourKingsPanel);
