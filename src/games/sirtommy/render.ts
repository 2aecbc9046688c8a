import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import type { Card } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { rankText, type Words, wordsFor } from "../../i18n/index.js";
import type { Locale } from "../../i18n/locale.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import {
  type CardPainter,
  cachedCard,
  cardFinish,
  cardHeight,
  deviceScale,
  drawArrow,
  drawableName,
  drawBadge,
  drawCardFace,
  drawEmptySlot,
  drawPanel,
  drawPile,
  drawText,
  fanPeek,
  finishPng,
  fitText,
  font,
  measureText,
  paint,
  spreadStep,
  THEME,
  tableCanvas,
  wrapText,
} from "../../render/primitives.js";
import { FOUNDATION_MAX } from "./engine/index.js";
import type { SirTommyPublicView } from "./engine/types.js";

/**
 * Sir Tommy for two. Layout, top to bottom: a header with whose turn it is; both players'
 * foundations side by side (the active player's panel outlined in gold); the stock, what is
 * happening and this turn's drawn cards; the four shared rows as overlapped fans.
 */

/**
 * The layout is drawn in 1000-wide units (TABLE_PICTURE_WIDTH px). Discord shows a picture about
 * 400 px wide on a phone, where a unit becomes 0.4 px: every card is 96 units wide, so its rank
 * (0.44 of the width) is about 12 px tall there. A panel shows this same picture: what the viewer
 * may move and has chosen lives in the panel's controls and lines, so a choice costs no picture.
 */
const W = 1000;
/** The least text size: 11 px when a phone shows the 1000 units 400 px wide. */
const SMALL = 28;
const M = 14;
const PAD = 14;
const HEADER_H = 62;

const CARD_W = 96;
const CARD_H = cardHeight(CARD_W);
/** Room under a pile for its count badge. */
const BADGE_HANG = 30;
/** Small number pills over foundations (the buttons say "Foundation 2"). */
const PILL_H = 44;
const PILL_SIZE = SMALL;

const PLAYER_PANEL_W = (W - 3 * M) / 2;
const NAME_ROW_H = 42;
const TAG_ROW_H = 46;
const PLAYER_PANEL_H = PAD + NAME_ROW_H + TAG_ROW_H + PILL_H + CARD_H + BADGE_HANG;

const STOCK_Y = HEADER_H + PLAYER_PANEL_H + M;
const LABEL_H = 32;
const STOCK_PANEL_H = PAD + LABEL_H + CARD_H + BADGE_HANG;
const DRAWN_GAP = 12;
const DRAWN_W = 3 * CARD_W + 2 * DRAWN_GAP;
/** Room for the stock's count ("25 left") under it. */
const STOCK_COLUMN_W = 150;

const ROW_GAP = 12;
const ROW_LABEL_W = 58;
/** Extra space before a row's top card so that the card that can move stands apart. */
const TOP_GAP = 14;
/** Room right of a row for its card count. */
const COUNT_W = 72;

const ROWS_Y = STOCK_Y + STOCK_PANEL_H + M;
const ROWS_H = PAD + 4 * CARD_H + 3 * ROW_GAP + PAD;
const H = ROWS_Y + ROWS_H + M;

const TAG_SIZE = SMALL;

/** What one picture needs besides the view: the names and the words of its language. */
interface Ink {
  names: Record<string, string>;
  words: Words;
}

function nameOf(view: SirTommyPublicView, ink: Ink, id: PlayerId | null): string {
  if (id === null) return ink.words("sirtommy.pic.nobody");
  const seat = view.players.indexOf(id);
  return drawableName(ink.names[id] ?? "") || ink.words("sirtommy.pic.player", { seat: seat + 1 });
}

/**
 * A line with a player's name in it, fitted to `maxWidth` at `size` by cutting the name only: the
 * words around it stay whole whatever the language puts before or after the name.
 */
function fitName(
  ctx: CanvasRenderingContext2D,
  line: (name: string) => string,
  name: string,
  maxWidth: number,
  size: number,
  bold: boolean,
): string {
  ctx.font = font(size, bold);
  const whole = line(name);
  if (measureText(ctx, whole).width <= maxWidth) return whole;
  return line(fitText(ctx, name, Math.max(0, maxWidth - measureText(ctx, line("")).width)));
}

/** A player's direction as a tag, or null before it is agreed. */
function directionTag(
  view: SirTommyPublicView,
  player: PlayerId,
  words: Words,
): { text: string; up: boolean } | null {
  if (view.ascending === null) return null;
  const up = view.ascending === player;
  return { text: words(up ? "sirtommy.pic.ascending" : "sirtommy.pic.descending"), up };
}

function headerStatus(
  view: SirTommyPublicView,
  ink: Ink,
): { text: (name: string) => string; name: string; bg: string; fg: string } {
  const { words } = ink;
  const fixed = (text: string) => () => text;
  if (view.phase === "agree") {
    return {
      text: fixed(words("sirtommy.pic.choosing")),
      name: "",
      bg: THEME.highlight,
      fg: THEME.highlightText,
    };
  }
  if (view.phase === "over") {
    // The super-winner is named beside the stock, where a long name has room.
    return view.endReason === "allPlaced"
      ? {
          text: fixed(`${words("sirtommy.pic.won")}${view.superWinner ? " ★" : ""}`),
          name: "",
          bg: THEME.good,
          fg: "#06300f",
        }
      : { text: fixed(words("sirtommy.pic.lost")), name: "", bg: THEME.bad, fg: "#3a0808" };
  }
  return {
    text: (name) => words("sirtommy.pic.turn", { name }),
    name: nameOf(view, ink, view.active),
    bg: THEME.highlight,
    fg: THEME.highlightText,
  };
}

/** The title, then from the right: the passes in a row (clearing turns) and whose turn it is, in the room left. */
function drawHeader(ctx: CanvasRenderingContext2D, view: SirTommyPublicView, ink: Ink): void {
  const cy = HEADER_H / 2 + 2;
  const titleW = drawText(ctx, ink.words("game.sirtommy.title"), M, cy, { size: 30, bold: true });
  const status = headerStatus(view, ink);
  let right = W - M;
  if (view.phase === "play" && view.stockCount === 0) {
    const passesText = ink.words("sirtommy.pic.passes", { passes: view.passesInRow });
    const passes = drawBadge(ctx, passesText, right, cy, {
      size: SMALL,
      align: "right",
      bg: view.passesInRow > 0 ? THEME.bad : THEME.badgeBg,
      fg: view.passesInRow > 0 ? "#3a0808" : THEME.text,
    });
    right = passes.x - 14;
  }
  const size = SMALL;
  const room = right - (M + titleW + 16);
  drawBadge(
    ctx,
    fitName(ctx, status.text, status.name, room - 2 * Math.round(size * 0.6), size, true),
    right,
    cy,
    {
      size,
      align: "right",
      bg: status.bg,
      fg: status.fg,
      maxWidth: room,
    },
  );
}

function drawPlayerPanel(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  ink: Ink,
  player: PlayerId,
  x: number,
  y: number,
): void {
  const active = view.active === player;
  const superWinner = view.superWinner === player;
  drawPanel(ctx, x, y, PLAYER_PANEL_W, PLAYER_PANEL_H, {
    fill: active ? "rgba(255, 204, 51, 0.14)" : THEME.panel,
    stroke: active ? THEME.highlight : superWinner ? THEME.good : THEME.panelStroke,
    lineWidth: active || superWinner ? 4 : 2,
  });
  const cy = y + PAD + NAME_ROW_H / 2;
  let left = x + PAD;
  if (active) {
    drawArrow(ctx, left + 11, cy, 22, "right", THEME.highlight);
    left += 30;
  }
  const total = view.foundationCounts[player] ?? 0;
  const totalBadge = drawBadge(
    ctx,
    `${superWinner ? "★ " : ""}${ink.words.count("sirtommy.pic.cards", total)}`,
    x + PLAYER_PANEL_W - PAD,
    cy,
    {
      size: SMALL,
      align: "right",
      bg: superWinner ? THEME.highlight : "rgba(255, 255, 255, 0.14)",
      fg: superWinner ? THEME.highlightText : THEME.text,
      cache: true,
    },
  );
  drawText(ctx, nameOf(view, ink, player), left, cy, {
    size: 28,
    bold: true,
    colour: active ? THEME.text : THEME.textMuted,
    maxWidth: Math.max(60, totalBadge.x - left - 12),
  });
  // The direction on a line of its own, so a name keeps its room.
  const direction = directionTag(view, player, ink.words);
  if (direction) {
    drawBadge(ctx, direction.text, x + PAD, y + PAD + NAME_ROW_H + TAG_ROW_H / 2 - 2, {
      size: TAG_SIZE,
      bg: direction.up ? THEME.up : THEME.down,
      fg: "#10202c",
      cache: true,
    });
  }

  const foundations = view.foundations[player] ?? [];
  const pillsY = y + PAD + NAME_ROW_H + TAG_ROW_H;
  const pilesY = pillsY + PILL_H;
  const gap = (PLAYER_PANEL_W - 2 * PAD - 4 * CARD_W) / 3;
  // An empty foundation shows the rank it starts with: Aces ascending, Kings descending.
  const emptyLabel =
    view.ascending === null ? "" : rankText(view.ascending === player ? 1 : 13, ink.words.locale);
  foundations.forEach((pile, index) => {
    const px = x + PAD + index * (CARD_W + gap);
    drawBadge(ctx, String(index + 1), px + CARD_W / 2, pillsY + PILL_H / 2 - 3, {
      size: PILL_SIZE,
      align: "center",
      bg: "rgba(0, 0, 0, 0.45)",
      fg: THEME.textMuted,
      cache: true,
    });
    const top = pile[pile.length - 1];
    if (!top) {
      drawEmptySlot(ctx, px, pilesY, CARD_W, CARD_H, emptyLabel, { labelSize: 50 });
      return;
    }
    drawPile(ctx, px, pilesY, CARD_W, CARD_H, {
      count: pile.length,
      top: face(top, ink.words.locale, false),
      countLabel: pile.length === FOUNDATION_MAX ? `${FOUNDATION_MAX} ✓` : `${pile.length}/${FOUNDATION_MAX}`,
      badgeBg: pile.length === FOUNDATION_MAX ? "#1d7a3f" : undefined,
      badgeSize: SMALL,
    });
  });
}

/** A plain face drawn once per card and size, with an outline (if any) added over the copy. */
function face(card: Card, locale: Locale, highlight: boolean | string): CardPainter {
  return (ctx, x, y, w, h) => {
    const look = cachedCard(
      `sirtommy|${card.rank}${card.suit}|${locale}`,
      paint.face(card, { locale }),
      deviceScale(ctx),
    );
    look(ctx, x, y, w, h);
    if (highlight) cardFinish(ctx, x, y, w, h, { highlight });
  };
}

function drawStockAndDrawn(ctx: CanvasRenderingContext2D, view: SirTommyPublicView, ink: Ink): void {
  const { words } = ink;
  const x = M;
  const y = STOCK_Y;
  drawPanel(ctx, x, y, W - 2 * M, STOCK_PANEL_H);
  const innerX = x + PAD;
  const labelY = y + PAD + LABEL_H / 2 - 4;
  const cardY = y + PAD + LABEL_H;
  // The stock's column is as wide as its label and its count need, the pile in its middle.
  const stockLabel = words("sirtommy.pic.stock");
  ctx.font = font(SMALL, true);
  const stockW = Math.max(STOCK_COLUMN_W, Math.ceil(measureText(ctx, stockLabel).width));
  const stockX = innerX + (stockW - CARD_W) / 2;
  drawText(ctx, stockLabel, innerX + stockW / 2, labelY, {
    size: SMALL,
    bold: true,
    colour: THEME.textMuted,
    align: "center",
  });
  drawPile(ctx, stockX, cardY, CARD_W, CARD_H, {
    count: view.stockCount,
    top: null,
    countLabel: words("sirtommy.pic.stockLeft", { count: view.stockCount }),
    emptyLabel: words("sirtommy.pic.empty"),
    emptyLabelSize: SMALL,
    emptyLabelBold: false,
    badgeSize: SMALL,
    badgeMaxWidth: stockW,
  });
  const drawnX = x + W - 2 * M - PAD - DRAWN_W;
  const textX = innerX + stockW + 20;
  const textW = drawnX - 24 - textX;
  const side = sideText(view, ink);
  const title = fitName(ctx, side.title, side.name, textW, 30, true);
  drawText(ctx, title, textX, labelY, { size: 30, bold: true, colour: side.colour, maxWidth: textW });
  const note =
    view.phase !== "play"
      ? []
      : view.stockCount === 0
        ? [words("sirtommy.pic.stockUsedUp")]
        : view.stockCount === 1
          ? [words("sirtommy.pic.lastDraw")]
          : [words("sirtommy.pic.drawsThree")];
  // Wrapped, never shrunk: at most four lines fit beside the stock.
  const lines = [
    ...side.lines.flatMap((line) => wrapText(ctx, line, textW, SMALL).map((text) => ({ text, note: false }))),
    ...note.flatMap((line) => wrapText(ctx, line, textW, SMALL).map((text) => ({ text, note: true }))),
  ].slice(0, 4);
  lines.forEach((line, i) => {
    drawText(ctx, line.text, textX, cardY + 16 + i * 34, {
      size: SMALL,
      colour: line.note ? THEME.textFaint : THEME.textMuted,
      maxWidth: textW,
    });
  });
  if (view.phase !== "play" || view.turnKind !== "draw") return;
  for (let i = 0; i < 3; i++) {
    const cx = drawnX + i * (CARD_W + DRAWN_GAP);
    const card = view.drawn[i];
    if (card) {
      // The drawn cards glow gold: they must be placed this turn.
      face(card, words.locale, true)(ctx, cx, cardY, CARD_W, CARD_H);
    } else {
      drawEmptySlot(ctx, cx, cardY, CARD_W, CARD_H);
    }
  }
}

/** What the middle panel says beside the stock: this turn's drawn cards, a clearing turn, or the end. */
function sideText(
  view: SirTommyPublicView,
  ink: Ink,
): { title: (name: string) => string; name: string; colour: string; lines: string[] } {
  const { words } = ink;
  const who = nameOf(view, ink, view.active);
  const left = view.stockCount + view.drawn.length + view.rows.reduce((n, row) => n + row.length, 0);
  if (view.phase === "agree") {
    return {
      title: () => words("sirtommy.pic.notStarted"),
      name: "",
      colour: THEME.textMuted,
      lines: [words("sirtommy.pic.ascendingStarts")],
    };
  }
  if (view.phase === "over") {
    if (view.endReason === "allPlaced") {
      const best = view.superWinner;
      return {
        title: () => words("sirtommy.pic.overWon"),
        name: "",
        colour: THEME.good,
        lines: [
          words("sirtommy.pic.allPlaced"),
          best
            ? words("sirtommy.pic.superWinner", { name: nameOf(view, ink, best) })
            : words("sirtommy.pic.nobodyReached"),
          ...(best ? [] : [words("sirtommy.pic.noSuperWinner")]),
        ],
      };
    }
    // How it was lost; that it was is said once, by the band over the ended table.
    return {
      title: () => words.count("sirtommy.pic.cardsLeft", left),
      name: "",
      colour: THEME.bad,
      lines: [words(view.endReason === "twoPasses" ? "sirtommy.pic.twoPasses" : "sirtommy.pic.noMoves")],
    };
  }
  if (view.turnKind === "draw") {
    return {
      title: (name) => words("sirtommy.pic.drawnBy", { name }),
      name: who,
      colour: THEME.highlight,
      lines: [
        view.drawn.length === 0
          ? words("sirtommy.pic.allDrawnPlaced")
          : words("sirtommy.pic.toPlace", { count: view.drawn.length }),
      ],
    };
  }
  return {
    title: (name) => words("sirtommy.pic.clears", { name }),
    name: who,
    colour: THEME.highlight,
    lines: [
      view.movedThisTurn > 0
        ? words("sirtommy.pic.moved", { count: view.movedThisTurn })
        : words("sirtommy.pic.nothingMoved"),
      words("sirtommy.pic.twoPassesEnd"),
    ],
  };
}

/**
 * What a covered row card shows: its whole corner index (rank over suit), "10" included. Fewer
 * cards than that leave the oldest folded away behind a "+n" mark.
 */
const ROW_PEEK = fanPeek(CARD_W);
/** Room for the "+n" mark of folded-away cards at the start of a long row. */
const FOLDED_W = 64;

/**
 * A row card under others: only its corner index, so the slivers of its centre pip or J/Q/K frame
 * that show beside the index cannot be taken for more cards.
 */
function paintCoveredRowCard(
  ctx: CanvasRenderingContext2D,
  card: Card,
  locale: Locale,
  x: number,
  y: number,
): void {
  drawCardFace(ctx, card, x, y, CARD_W, CARD_H, { locale });
  // Right of the index column (rank and suit end within fanPeek), and below the index.
  const right = x + CARD_W - 4;
  const besideIndex = x + ROW_PEEK - 2;
  const belowIndex = y + Math.round(CARD_H * 0.5);
  ctx.fillStyle = THEME.cardFace;
  ctx.fillRect(besideIndex, y + 3, right - besideIndex, CARD_H - 6);
  ctx.fillRect(x + 3, belowIndex, right - x - 3, y + CARD_H - 3 - belowIndex);
}

/** Row cards are drawn once per card and look, then copied, so a long row costs little. */
function rowCard(ctx: CanvasRenderingContext2D, card: Card, locale: Locale, covered: boolean): CardPainter {
  if (!covered) return face(card, locale, false);
  return cachedCard(
    `sirtommy-row|covered|${card.rank}${card.suit}|${locale}`,
    (c, x, y) => paintCoveredRowCard(c, card, locale, x, y),
    deviceScale(ctx),
  );
}

/** One row as a fan from left to right; its top card stands apart after a small gap. */
function drawRow(
  ctx: CanvasRenderingContext2D,
  cards: readonly Card[],
  rowIndex: number,
  x: number,
  y: number,
  width: number,
  words: Words,
): void {
  drawText(ctx, String(rowIndex + 1), x + ROW_LABEL_W / 2 - 4, y + CARD_H / 2 - 4, {
    size: 36,
    bold: true,
    colour: THEME.textMuted,
    align: "center",
  });
  drawText(ctx, words("sirtommy.pic.row"), x + ROW_LABEL_W / 2 - 4, y + CARD_H / 2 + 32, {
    size: SMALL,
    colour: THEME.textMuted,
    align: "center",
  });
  let fanX = x + ROW_LABEL_W;
  let available = width - ROW_LABEL_W - TOP_GAP;
  if (cards.length === 0) {
    drawEmptySlot(ctx, fanX, y, CARD_W, CARD_H, words("sirtommy.pic.empty"), {
      labelSize: SMALL,
      labelBold: false,
    });
    return;
  }
  let shown = cards;
  if (CARD_W + (cards.length - 1) * ROW_PEEK > available) {
    available -= FOLDED_W;
    const fits = 1 + Math.floor((available - CARD_W) / ROW_PEEK);
    const folded = cards.length - fits;
    shown = cards.slice(folded);
    drawBadge(ctx, `+${folded}`, fanX + FOLDED_W / 2 - 4, y + CARD_H / 2, {
      size: SMALL,
      align: "center",
      bg: THEME.badgeBg,
      stroke: "rgba(255, 255, 255, 0.35)",
      cache: true,
    });
    fanX += FOLDED_W;
  }
  const under = shown.length - 1;
  const step = spreadStep(shown.length, CARD_W, { max: available, minStep: ROW_PEEK }, ROW_PEEK);
  for (let i = 0; i < under; i++)
    rowCard(ctx, shown[i] as Card, words.locale, true)(ctx, fanX + i * step, y, CARD_W, CARD_H);
  const topX = fanX + under * step + (under > 0 ? TOP_GAP : 0);
  face(shown[under] as Card, words.locale, "rgba(255, 255, 255, 0.85)")(ctx, topX, y, CARD_W, CARD_H);
  if (cards.length > 1) {
    drawBadge(ctx, String(cards.length), topX + CARD_W + 8, y + CARD_H / 2, {
      size: SMALL,
      bg: THEME.badgeBg,
      cache: true,
    });
  }
}

function drawRows(ctx: CanvasRenderingContext2D, view: SirTommyPublicView, ink: Ink): void {
  const x = M;
  const y = ROWS_Y;
  const w = W - 2 * M;
  drawPanel(ctx, x, y, w, ROWS_H);
  // The rows are still empty while agreeing: the open proposal takes their place.
  if (view.phase === "agree") {
    drawProposal(ctx, view, ink, { x: x + PAD, y: y + PAD, w: w - 2 * PAD, h: ROWS_H - 2 * PAD });
    return;
  }
  const rowWidth = w - 2 * PAD - COUNT_W;
  view.rows.forEach((row, index) => {
    drawRow(ctx, row, index, x + PAD, y + PAD + index * (CARD_H + ROW_GAP), rowWidth, ink.words);
  });
}

function drawProposal(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  ink: Ink,
  box: { x: number; y: number; w: number; h: number },
): void {
  const { words } = ink;
  const cx = box.x + box.w / 2;
  const maxWidth = box.w - 60;
  const text = (line: string, y: number, size: number, colour: string, bold = false) =>
    drawText(ctx, line, cx, box.y + y, { size, bold, colour, align: "center", maxWidth });
  text(words("sirtommy.pic.question"), 70, 36, THEME.text, true);
  text(words("sirtommy.pic.explainUp"), 125, SMALL, THEME.textMuted);
  text(words("sirtommy.pic.explainDown"), 163, SMALL, THEME.textMuted);
  const proposal = view.proposal;
  if (!proposal) {
    text(words("sirtommy.pic.noProposal"), 280, 32, THEME.highlight, true);
    text(words("sirtommy.pic.eitherProposes"), 330, SMALL, THEME.textMuted);
    return;
  }
  const descending = view.players.find((p) => p !== proposal.terms.ascending) ?? null;
  const other = view.players.find((p) => p !== proposal.by) ?? null;
  const proposes = (name: string) => words("sirtommy.pic.proposes", { name });
  text(fitName(ctx, proposes, nameOf(view, ink, proposal.by), maxWidth, 26, false), 250, 26, THEME.text);
  // Names last: a long one is cut at its end, never the words that say what it is.
  const ascending = nameOf(view, ink, proposal.terms.ascending);
  text(words("sirtommy.pic.proposedUp", { name: ascending }), 310, 34, THEME.up, true);
  text(
    words("sirtommy.pic.proposedDown", { name: nameOf(view, ink, descending) }),
    365,
    34,
    THEME.down,
    true,
  );
  const waiting = wrapText(ctx, words("sirtommy.pic.waitingConfirm"), maxWidth, SMALL);
  waiting.forEach((line, i) => {
    text(line, 440 + i * 34, SMALL, THEME.highlight);
  });
  text(nameOf(view, ink, other), 440 + waiting.length * 34 + 4, SMALL, THEME.highlight, true);
}

/** The table picture, from the public view only: the table's and every panel's. */
export function renderSirTommyTable(view: SirTommyPublicView, { names, locale }: PaintContext): Buffer {
  const ink = { names, words: wordsFor(locale) };
  const { canvas, ctx } = tableCanvas(W, H);
  drawHeader(ctx, view, ink);
  view.players.forEach((player, seat) => {
    drawPlayerPanel(ctx, view, ink, player, M + seat * (PLAYER_PANEL_W + M), HEADER_H);
  });
  drawStockAndDrawn(ctx, view, ink);
  drawRows(ctx, view, ink);
  return finishPng(canvas);
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const sirTommyTable = painting("sirtommy.table", renderSirTommyTable);
