import type { CanvasRenderingContext2D } from "canvas";
import type { Card } from "../engine/core/cards.js";
import type { PlayerId } from "../engine/core/game.js";
import { FOUNDATION_MAX } from "../engine/games/sirtommy/index.js";
import type {
  SirTommyPrivateView,
  SirTommyPublicView,
  SirTommySource,
} from "../engine/games/sirtommy/types.js";
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
  drawFelt,
  drawPanel,
  drawPile,
  drawText,
  fanPeek,
  finishPng,
  newCanvas,
  paint,
  spreadStep,
  THEME,
} from "./primitives.js";

/**
 * Sir Tommy for two. Layout, top to bottom: a header with whose turn it is; both players'
 * foundations side by side (the active player's panel outlined in gold); the stock, what is
 * happening and this turn's drawn cards; the four shared rows as overlapped fans.
 */

/**
 * The layout is drawn in 1000-wide units and scaled down (the table to 800 px, the panel picture,
 * redrawn on every click, to 700 px). Discord shows a picture about 400 px wide on a phone, where
 * a unit becomes 0.4 px: every card is 96 units wide, so its rank (0.44 of the width) is about
 * 12 px tall there.
 */
const W = 1000;
const TABLE_SCALE = 0.8;
const PANEL_SCALE = 0.7;
const M = 14;
const PAD = 14;
const HEADER_H = 62;

const CARD_W = 96;
const CARD_H = cardHeight(CARD_W);
/** Room under a pile for its count badge. */
const BADGE_HANG = 26;
/** Small number pills over foundations (the buttons say "Foundation 2"). */
const PILL_H = 30;
const PILL_SIZE = 20;

const PLAYER_PANEL_W = (W - 3 * M) / 2;
const NAME_ROW_H = 42;
const TAG_ROW_H = 34;
const PLAYER_PANEL_H = PAD + NAME_ROW_H + TAG_ROW_H + PILL_H + CARD_H + BADGE_HANG;

const STOCK_Y = HEADER_H + PLAYER_PANEL_H + M;
const LABEL_H = 32;
const STOCK_PANEL_H = PAD + LABEL_H + CARD_H + BADGE_HANG;
const DRAWN_GAP = 12;
const DRAWN_W = 3 * CARD_W + 2 * DRAWN_GAP;

const ROW_GAP = 12;
const ROW_LABEL_W = 44;
/** Extra space before a row's top card so that the card that can move stands apart. */
const TOP_GAP = 14;
/** Room right of a row for its card count. */
const COUNT_W = 44;

const ROWS_Y = STOCK_Y + STOCK_PANEL_H + M;
const ROWS_H = PAD + 4 * CARD_H + 3 * ROW_GAP + PAD;
const H = ROWS_Y + ROWS_H + M;

const TAG_SIZE = 19;
const ASCENDING_LABEL = "▲ Ascending A→K";
const DESCENDING_LABEL = "▼ Descending K→A";

/** What the private panel adds to the table: the viewer's movable cards and the chosen one. */
interface Marks {
  viewer: PlayerId | null;
  /** Cards the viewer can put on one of their foundations now. */
  movable: SirTommySource[];
  selected: SirTommySource | null;
  /** The viewer's foundations that take the selected card. */
  targets: number[];
}

const NO_MARKS: Marks = { viewer: null, movable: [], selected: null, targets: [] };

function sourceKey(source: SirTommySource): string {
  return source.kind === "drawn" ? `d${source.index}` : `r${source.row}`;
}

function sameSource(a: SirTommySource, b: SirTommySource | null): boolean {
  return b !== null && sourceKey(a) === sourceKey(b);
}

function isMovable(marks: Marks, source: SirTommySource): boolean {
  return marks.movable.some((m) => sameSource(m, source));
}

/** The outline a card gets: gold when chosen, green when it fits a foundation, else `fallback`. */
function outline(marks: Marks, source: SirTommySource, fallback: boolean | string): boolean | string {
  if (sameSource(source, marks.selected)) return THEME.highlight;
  if (isMovable(marks, source)) return THEME.good;
  return fallback;
}

function nameOf(view: SirTommyPublicView, names: Record<string, string>, id: PlayerId | null): string {
  if (id === null) return "nobody";
  const seat = view.players.indexOf(id);
  return drawableName(names[id] ?? "") || `Player ${seat + 1}`;
}

function directionLabel(view: SirTommyPublicView, player: PlayerId): string | null {
  if (view.ascending === null) return null;
  return view.ascending === player ? ASCENDING_LABEL : DESCENDING_LABEL;
}

function headerStatus(
  view: SirTommyPublicView,
  names: Record<string, string>,
): { text: string; bg: string; fg: string } {
  if (view.phase === "agree") {
    return { text: "Choosing who is Ascending", bg: THEME.highlight, fg: THEME.highlightText };
  }
  if (view.phase === "over") {
    // The super-winner is named beside the stock, where a long name has room.
    return view.endReason === "allPlaced"
      ? { text: `Game over — you both win!${view.superWinner ? " ★" : ""}`, bg: THEME.good, fg: "#06300f" }
      : { text: "Game over — you both lose", bg: THEME.bad, fg: "#3a0808" };
  }
  return { text: `${nameOf(view, names, view.active)}'s turn`, bg: THEME.highlight, fg: THEME.highlightText };
}

function drawHeader(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  names: Record<string, string>,
): void {
  drawText(ctx, "Sir Tommy for two", M, HEADER_H / 2 + 2, { size: 30, bold: true });
  const status = headerStatus(view, names);
  let right = W - M;
  if (view.phase === "play" && view.stockCount === 0) {
    const passes = drawBadge(ctx, `Passes in a row: ${view.passesInRow} of 2`, right, HEADER_H / 2 + 2, {
      size: 22,
      align: "right",
      bg: view.passesInRow > 0 ? THEME.bad : THEME.badgeBg,
      fg: view.passesInRow > 0 ? "#3a0808" : THEME.text,
    });
    right = passes.x - 14;
  }
  drawBadge(ctx, status.text, right, HEADER_H / 2 + 2, {
    size: 24,
    align: "right",
    bg: status.bg,
    fg: status.fg,
    maxWidth: right - 330,
  });
}

function drawPlayerPanel(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  names: Record<string, string>,
  marks: Marks,
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
    `${superWinner ? "★ " : ""}${total} ${total === 1 ? "card" : "cards"}`,
    x + PLAYER_PANEL_W - PAD,
    cy,
    {
      size: 22,
      align: "right",
      bg: superWinner ? THEME.highlight : "rgba(255, 255, 255, 0.14)",
      fg: superWinner ? THEME.highlightText : THEME.text,
      cache: true,
    },
  );
  drawText(ctx, nameOf(view, names, player), left, cy, {
    size: 28,
    bold: true,
    colour: active ? THEME.text : THEME.textMuted,
    maxWidth: Math.max(60, totalBadge.x - left - 12),
  });
  // The direction (and "you" in a panel) on a line of their own, so a name keeps its room.
  const direction = directionLabel(view, player);
  const tags: { text: string; bg: string; fg: string }[] = [];
  if (marks.viewer === player)
    tags.push({ text: "you", bg: "rgba(255, 255, 255, 0.16)", fg: THEME.textMuted });
  if (direction) {
    const up = direction === ASCENDING_LABEL;
    tags.push({ text: direction, bg: up ? THEME.up : THEME.down, fg: "#10202c" });
  }
  let tagX = x + PAD;
  const tagY = y + PAD + NAME_ROW_H + TAG_ROW_H / 2 - 2;
  for (const tag of tags) {
    const box = drawBadge(ctx, tag.text, tagX, tagY, { size: TAG_SIZE, bg: tag.bg, fg: tag.fg, cache: true });
    tagX = box.x + box.w + 8;
  }

  const foundations = view.foundations[player] ?? [];
  const pillsY = y + PAD + NAME_ROW_H + TAG_ROW_H;
  const pilesY = pillsY + PILL_H;
  const gap = (PLAYER_PANEL_W - 2 * PAD - 4 * CARD_W) / 3;
  const emptyLabel = view.ascending === null ? "" : view.ascending === player ? "A" : "K";
  const viewerPiles = marks.viewer === player;
  foundations.forEach((pile, index) => {
    const px = x + PAD + index * (CARD_W + gap);
    const target = viewerPiles && marks.targets.includes(index);
    drawBadge(ctx, String(index + 1), px + CARD_W / 2, pillsY + PILL_H / 2 - 3, {
      size: PILL_SIZE,
      align: "center",
      bg: target ? THEME.highlight : "rgba(0, 0, 0, 0.45)",
      fg: target ? THEME.highlightText : THEME.textMuted,
      cache: true,
    });
    const top = pile[pile.length - 1];
    if (!top) {
      drawEmptySlot(ctx, px, pilesY, CARD_W, CARD_H, emptyLabel, {
        colour: target ? THEME.highlight : THEME.slot,
        labelSize: 50,
      });
      return;
    }
    drawPile(ctx, px, pilesY, CARD_W, CARD_H, {
      count: pile.length,
      top: face(top, target ? THEME.highlight : false),
      countLabel: pile.length === FOUNDATION_MAX ? `${FOUNDATION_MAX} ✓` : `${pile.length}/${FOUNDATION_MAX}`,
      badgeBg: pile.length === FOUNDATION_MAX ? "#1d7a3f" : undefined,
      badgeSize: 20,
    });
  });
}

/** A plain face drawn once per card and size, with an outline (if any) added over the copy. */
function face(card: Card, highlight: boolean | string): CardPainter {
  return (ctx, x, y, w, h) => {
    cachedCard(`sirtommy|${card.rank}${card.suit}`, paint.face(card), deviceScale(ctx))(ctx, x, y, w, h);
    if (highlight) cardFinish(ctx, x, y, w, h, { highlight });
  };
}

function drawStockAndDrawn(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  names: Record<string, string>,
  marks: Marks,
): void {
  const x = M;
  const y = STOCK_Y;
  drawPanel(ctx, x, y, W - 2 * M, STOCK_PANEL_H);
  const innerX = x + PAD;
  const labelY = y + PAD + LABEL_H / 2 - 4;
  const cardY = y + PAD + LABEL_H;
  drawText(ctx, "Stock", innerX + CARD_W / 2, labelY, {
    size: 22,
    bold: true,
    colour: THEME.textMuted,
    align: "center",
  });
  drawPile(ctx, innerX, cardY, CARD_W, CARD_H, {
    count: view.stockCount,
    top: null,
    countLabel: `${view.stockCount} left`,
    emptyLabel: "empty",
    emptyLabelSize: 22,
    badgeSize: 20,
  });
  const drawnX = x + W - 2 * M - PAD - DRAWN_W;
  const textX = innerX + CARD_W + 24;
  const textW = drawnX - 24 - textX;
  const side = sideText(view, names);
  drawText(ctx, side.title, textX, labelY, { size: 26, bold: true, colour: side.colour, maxWidth: textW });
  const note =
    view.phase !== "play"
      ? []
      : view.stockCount === 0
        ? ["Stock used up: move row tops or pass."]
        : view.stockCount === 1
          ? ["Next draw: the last card."]
          : ["Each turn draws 3 cards."];
  [...side.lines, ...note].forEach((line, i) => {
    drawText(ctx, line, textX, cardY + 16 + i * 30, {
      size: 22,
      colour: i < side.lines.length ? THEME.textMuted : THEME.textFaint,
      maxWidth: textW,
    });
  });
  if (view.phase !== "play" || view.turnKind !== "draw") return;
  for (let i = 0; i < 3; i++) {
    const cx = drawnX + i * (CARD_W + DRAWN_GAP);
    const card = view.drawn[i];
    if (card) {
      const source: SirTommySource = { kind: "drawn", index: i };
      // On the table the drawn cards glow gold (they must be placed); in a panel gold means "chosen".
      const fallback = marks.viewer === null ? true : "rgba(255, 255, 255, 0.85)";
      face(card, outline(marks, source, fallback))(ctx, cx, cardY, CARD_W, CARD_H);
    } else {
      drawEmptySlot(ctx, cx, cardY, CARD_W, CARD_H);
    }
  }
}

/** What the middle panel says beside the stock: this turn's drawn cards, a clearing turn, or the end. */
function sideText(
  view: SirTommyPublicView,
  names: Record<string, string>,
): { title: string; colour: string; lines: string[] } {
  const who = nameOf(view, names, view.active);
  const left = view.stockCount + view.drawn.length + view.rows.reduce((n, row) => n + row.length, 0);
  if (view.phase === "agree") {
    return {
      title: "Not started yet",
      colour: THEME.textMuted,
      lines: ["The Ascending player takes the first turn."],
    };
  }
  if (view.phase === "over") {
    if (view.endReason === "allPlaced") {
      const best = view.superWinner;
      return {
        title: "Game over: won",
        colour: THEME.good,
        lines: [
          "All 52 cards are on the foundations.",
          best ? `★ Super-winner (30+ cards): ${nameOf(view, names, best)}` : "Nobody reached 30 cards:",
          ...(best ? [] : ["no super-winner."]),
        ],
      };
    }
    return {
      title: "Game over: lost",
      colour: THEME.bad,
      lines:
        view.endReason === "twoPasses"
          ? ["Both players passed in a row:", `${left} cards left.`]
          : ["No row card can move any more:", `${left} cards left.`],
    };
  }
  if (view.turnKind === "draw") {
    return {
      title: `Drawn by ${who}`,
      colour: THEME.highlight,
      lines: [
        view.drawn.length === 0
          ? "All placed: the turn can end."
          : `${view.drawn.length} to place before the turn ends.`,
      ],
    };
  }
  return {
    title: `${who} clears rows`,
    colour: THEME.highlight,
    lines: [
      view.movedThisTurn > 0 ? `${view.movedThisTurn} moved this turn.` : "Nothing moved yet this turn.",
      "Two passes in a row end the game.",
    ],
  };
}

/**
 * What a covered row card shows: its whole corner index (rank over suit), "10" included. Fewer
 * cards than that leave the oldest folded away behind a "+n" mark.
 */
const ROW_PEEK = fanPeek(CARD_W);
/** Room for the "+n" mark of folded-away cards at the start of a long row. */
const FOLDED_W = 52;

/**
 * A row card under others: only its corner index, so the slivers of its centre pip or J/Q/K frame
 * that show beside the index cannot be taken for more cards.
 */
function paintCoveredRowCard(ctx: CanvasRenderingContext2D, card: Card, x: number, y: number): void {
  drawCardFace(ctx, card, x, y, CARD_W, CARD_H);
  // Right of the index column (rank and suit end within fanPeek), and below the index.
  const right = x + CARD_W - 4;
  const besideIndex = x + ROW_PEEK - 2;
  const belowIndex = y + Math.round(CARD_H * 0.5);
  ctx.fillStyle = THEME.cardFace;
  ctx.fillRect(besideIndex, y + 3, right - besideIndex, CARD_H - 6);
  ctx.fillRect(x + 3, belowIndex, right - x - 3, y + CARD_H - 3 - belowIndex);
}

/** Row cards are drawn once per card and look, then copied, so a long row costs little. */
function rowCard(ctx: CanvasRenderingContext2D, card: Card, covered: boolean): CardPainter {
  if (!covered) return face(card, false);
  return cachedCard(
    `sirtommy-row|covered|${card.rank}${card.suit}`,
    (c, x, y) => paintCoveredRowCard(c, card, x, y),
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
  marks: Marks,
): void {
  drawText(ctx, String(rowIndex + 1), x + ROW_LABEL_W / 2 - 4, y + CARD_H / 2 - 4, {
    size: 36,
    bold: true,
    colour: THEME.textMuted,
    align: "center",
  });
  drawText(ctx, "row", x + ROW_LABEL_W / 2 - 4, y + CARD_H / 2 + 28, {
    size: 17,
    colour: THEME.textFaint,
    align: "center",
  });
  let fanX = x + ROW_LABEL_W;
  let available = width - ROW_LABEL_W - TOP_GAP;
  if (cards.length === 0) {
    drawEmptySlot(ctx, fanX, y, CARD_W, CARD_H, "empty", { labelSize: 22 });
    return;
  }
  let shown = cards;
  if (CARD_W + (cards.length - 1) * ROW_PEEK > available) {
    available -= FOLDED_W;
    const fits = 1 + Math.floor((available - CARD_W) / ROW_PEEK);
    const folded = cards.length - fits;
    shown = cards.slice(folded);
    drawBadge(ctx, `+${folded}`, fanX + FOLDED_W / 2 - 4, y + CARD_H / 2, {
      size: 22,
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
    rowCard(ctx, shown[i] as Card, true)(ctx, fanX + i * step, y, CARD_W, CARD_H);
  const topX = fanX + under * step + (under > 0 ? TOP_GAP : 0);
  const source: SirTommySource = { kind: "row", row: rowIndex };
  face(shown[under] as Card, outline(marks, source, "rgba(255, 255, 255, 0.85)"))(
    ctx,
    topX,
    y,
    CARD_W,
    CARD_H,
  );
  if (cards.length > 1) {
    drawBadge(ctx, String(cards.length), topX + CARD_W + 8, y + CARD_H / 2, {
      size: 20,
      bg: THEME.badgeBg,
      cache: true,
    });
  }
}

function drawRows(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  names: Record<string, string>,
  marks: Marks,
): void {
  const x = M;
  const y = ROWS_Y;
  const w = W - 2 * M;
  drawPanel(ctx, x, y, w, ROWS_H);
  // The rows are still empty while agreeing: the open proposal takes their place.
  if (view.phase === "agree") {
    drawProposal(ctx, view, names, { x: x + PAD, y: y + PAD, w: w - 2 * PAD, h: ROWS_H - 2 * PAD });
    return;
  }
  const rowWidth = w - 2 * PAD - COUNT_W;
  view.rows.forEach((row, index) => {
    drawRow(ctx, row, index, x + PAD, y + PAD + index * (CARD_H + ROW_GAP), rowWidth, marks);
  });
}

function drawProposal(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  names: Record<string, string>,
  box: { x: number; y: number; w: number; h: number },
): void {
  const cx = box.x + box.w / 2;
  const maxWidth = box.w - 60;
  const text = (line: string, y: number, size: number, colour: string, bold = false) =>
    drawText(ctx, line, cx, box.y + y, { size, bold, colour, align: "center", maxWidth });
  text("Who builds up from the Aces?", 70, 36, THEME.text, true);
  text("Ascending builds A→K on their foundations and starts;", 125, 22, THEME.textMuted);
  text("Descending builds K→A. The four rows are shared.", 157, 22, THEME.textMuted);
  const proposal = view.proposal;
  if (!proposal) {
    text("No proposal yet.", 280, 32, THEME.highlight, true);
    text("Either player proposes; the other confirms.", 330, 24, THEME.textMuted);
    return;
  }
  const descending = view.players.find((p) => p !== proposal.terms.ascending) ?? null;
  const other = view.players.find((p) => p !== proposal.by) ?? null;
  text(`${nameOf(view, names, proposal.by)} proposes:`, 250, 26, THEME.text);
  // Names last: a long one is cut at its end, never the words that say what it is.
  text(`▲ Ascending (A→K): ${nameOf(view, names, proposal.terms.ascending)}`, 310, 34, THEME.up, true);
  text(`▼ Descending (K→A): ${nameOf(view, names, descending)}`, 365, 34, THEME.down, true);
  text("Waiting for the other player to confirm (or propose the other way):", 440, 22, THEME.highlight);
  text(nameOf(view, names, other), 474, 24, THEME.highlight, true);
}

function draw(view: SirTommyPublicView, names: Record<string, string>, marks: Marks, scale: number): Buffer {
  const { canvas, ctx, width, height } = newCanvas(W * scale, H * scale, { opaque: true });
  drawFelt(ctx, width, height);
  ctx.scale(scale, scale);
  drawHeader(ctx, view, names);
  view.players.forEach((player, seat) => {
    drawPlayerPanel(ctx, view, names, marks, player, M + seat * (PLAYER_PANEL_W + M), HEADER_H);
  });
  drawStockAndDrawn(ctx, view, names, marks);
  drawRows(ctx, view, names, marks);
  return finishPng(canvas);
}

/** The public table picture, from the public view only. */
export function renderSirTommyTable(view: SirTommyPublicView, names: Record<string, string>): Buffer {
  return draw(view, names, NO_MARKS, TABLE_SCALE);
}

/**
 * The picture in a player's private panel: the table as everyone sees it, plus the viewer's cards
 * that fit one of their foundations (green) and the chosen card with the foundations that take it (gold).
 */
export function renderSirTommyPanel(
  view: SirTommyPrivateView,
  names: Record<string, string>,
  selected: SirTommySource | null,
): Buffer {
  const movable: SirTommySource[] = [];
  const targets: number[] = [];
  for (const move of view.legalMoves) {
    if (move.type !== "toFoundation") continue;
    if (!movable.some((m) => sameSource(m, move.from))) movable.push(move.from);
    if (sameSource(move.from, selected)) targets.push(move.foundation);
  }
  return draw(view, names, { viewer: view.viewer, movable, selected, targets }, PANEL_SCALE);
}
