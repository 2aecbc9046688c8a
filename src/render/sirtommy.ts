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
  cleanText,
  drawArrow,
  drawBadge,
  drawCardFace,
  drawEmptySlot,
  drawFelt,
  drawPanel,
  drawPile,
  drawText,
  fanPeek,
  finishPng,
  font,
  newCanvas,
  paint,
  spreadStep,
  THEME,
} from "./primitives.js";

/**
 * Sir Tommy for two. Layout: a header with whose turn it is; both players' foundations side by
 * side (the active player's panel outlined in gold); below, the stock and this turn's drawn cards
 * on the left and the four shared rows as overlapped fans on the right.
 */

/**
 * The layout is drawn in 1440-wide units and scaled down: a phone shows about 1200 px across, and
 * a smaller PNG encodes faster. The panel picture, redrawn on every click, is smaller still.
 */
const W = 1440;
const TABLE_SCALE = 1200 / 1440;
const PANEL_SCALE = 900 / 1440;
const M = 24;
const PAD = 16;
const HEADER_H = 64;

const FOUND_W = 124;
const FOUND_H = cardHeight(FOUND_W);
const STRIP_H = 50;
const PLAYER_PANEL_W = (W - 3 * M) / 2;
const PLAYER_PANEL_H = PAD + STRIP_H + 30 + FOUND_H + 34;

const DRAWN_W = 112;
const DRAWN_H = cardHeight(DRAWN_W);
const DRAWN_GAP = 14;
const SIDE_W = 3 * DRAWN_W + 2 * DRAWN_GAP + 2 * PAD;

const ROW_W = 104;
const ROW_H = cardHeight(ROW_W);
const ROW_GAP = 14;
const ROW_LABEL_W = 46;
/** Extra space before a row's top card so that the card that can move stands apart. */
const TOP_GAP = 16;

const MIDDLE_Y = HEADER_H + PLAYER_PANEL_H + M;
const MIDDLE_H = PAD + 4 * ROW_H + 3 * ROW_GAP + PAD;
const H = MIDDLE_Y + MIDDLE_H + M;

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
  return cleanText(names[id] ?? "") || `Player ${seat + 1}`;
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
    const best = view.superWinner ? ` ★ ${nameOf(view, names, view.superWinner)} is super-winner` : "";
    return view.endReason === "allPlaced"
      ? { text: `Game over — you both win!${best}`, bg: THEME.good, fg: "#06300f" }
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
  const cy = y + PAD + STRIP_H / 2;
  let left = x + PAD;
  if (active) {
    drawArrow(ctx, left + 12, cy, 22, "right", THEME.highlight);
    left += 32;
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
    },
  );
  const direction = directionLabel(view, player);
  const tags: { text: string; bg: string; fg: string }[] = [];
  if (marks.viewer === player)
    tags.push({ text: "you", bg: "rgba(255, 255, 255, 0.16)", fg: THEME.textMuted });
  if (direction) {
    const up = direction === ASCENDING_LABEL;
    tags.push({ text: direction, bg: up ? THEME.up : THEME.down, fg: "#10202c" });
  }
  ctx.font = font(TAG_SIZE, true);
  const tagsW = tags.reduce(
    (w, tag) => w + ctx.measureText(tag.text).width + 2 * Math.round(TAG_SIZE * 0.6) + 8,
    12,
  );
  const nameW = drawText(ctx, nameOf(view, names, player), left, cy, {
    size: 28,
    bold: true,
    colour: active ? THEME.text : THEME.textMuted,
    maxWidth: Math.max(60, totalBadge.x - left - 16 - tagsW),
  });
  let tagX = left + nameW + 12;
  for (const tag of tags) {
    const box = drawBadge(ctx, tag.text, tagX, cy, { size: TAG_SIZE, bg: tag.bg, fg: tag.fg });
    tagX = box.x + box.w + 8;
  }

  const foundations = view.foundations[player] ?? [];
  const pilesY = y + PAD + STRIP_H + 30;
  const gap = (PLAYER_PANEL_W - 2 * PAD - 4 * FOUND_W) / 3;
  const emptyLabel = view.ascending === null ? "" : view.ascending === player ? "A" : "K";
  const viewerPiles = marks.viewer === player;
  foundations.forEach((pile, index) => {
    const px = x + PAD + index * (FOUND_W + gap);
    drawText(ctx, `Foundation ${index + 1}`, px + FOUND_W / 2, pilesY - 15, {
      size: 17,
      bold: true,
      colour: THEME.textMuted,
      align: "center",
    });
    const top = pile[pile.length - 1];
    const target = viewerPiles && marks.targets.includes(index);
    if (!top) {
      drawEmptySlot(ctx, px, pilesY, FOUND_W, FOUND_H, emptyLabel, {
        colour: target ? THEME.highlight : THEME.slot,
        labelSize: 56,
      });
      return;
    }
    drawPile(ctx, px, pilesY, FOUND_W, FOUND_H, {
      count: pile.length,
      top: paint.face(top, target ? { highlight: THEME.highlight } : {}),
      countLabel: pile.length === FOUNDATION_MAX ? `${FOUNDATION_MAX} ✓` : `${pile.length}/${FOUNDATION_MAX}`,
      badgeBg: pile.length === FOUNDATION_MAX ? "#1d7a3f" : undefined,
    });
  });
}

function drawStockAndDrawn(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  names: Record<string, string>,
  marks: Marks,
): void {
  const x = M;
  const y = MIDDLE_Y;
  drawPanel(ctx, x, y, SIDE_W, MIDDLE_H);
  const innerX = x + PAD;
  drawText(ctx, "Stock", innerX, y + PAD + 14, { size: 22, bold: true });
  const stockY = y + PAD + 36;
  drawPile(ctx, innerX, stockY, DRAWN_W, DRAWN_H, {
    count: view.stockCount,
    top: null,
    countLabel: `${view.stockCount} left`,
    emptyLabel: "empty",
  });
  const noteX = innerX + DRAWN_W + 24;
  const note =
    view.stockCount === 0
      ? view.phase === "over"
        ? ["Stock used up."]
        : ["Stock used up:", "move row tops", "or pass."]
      : view.stockCount === 1
        ? ["Next draw:", "the last card."]
        : ["Each turn draws", "3 cards."];
  note.forEach((line, i) => {
    drawText(ctx, line, noteX, stockY + 24 + i * 30, {
      size: 21,
      colour: THEME.textMuted,
      maxWidth: SIDE_W - (noteX - x) - PAD,
    });
  });

  const titleY = stockY + DRAWN_H + 60;
  const side = sideText(view, names);
  drawText(ctx, side.title, innerX, titleY, {
    size: 24,
    bold: true,
    colour: side.colour,
    maxWidth: SIDE_W - 2 * PAD,
  });
  side.lines.forEach((line, i) => {
    drawText(ctx, line, innerX, titleY + 32 + i * 27, {
      size: 19,
      colour: THEME.textMuted,
      maxWidth: SIDE_W - 2 * PAD,
    });
  });
  if (view.phase !== "play" || view.turnKind !== "draw") return;
  const drawnY = titleY + 32 + side.lines.length * 27 + 10;
  for (let i = 0; i < 3; i++) {
    const cx = innerX + i * (DRAWN_W + DRAWN_GAP);
    const card = view.drawn[i];
    if (card) {
      const source: SirTommySource = { kind: "drawn", index: i };
      // On the table the drawn cards glow gold (they must be placed); in a panel gold means "chosen".
      const fallback = marks.viewer === null ? true : "rgba(255, 255, 255, 0.85)";
      drawCardFace(ctx, card, cx, drawnY, DRAWN_W, DRAWN_H, { highlight: outline(marks, source, fallback) });
    } else {
      drawEmptySlot(ctx, cx, drawnY, DRAWN_W, DRAWN_H);
    }
  }
}

/** What the left panel says under the stock: this turn's drawn cards, a clearing turn, or the end. */
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
      lines: ["The Ascending player", "takes the first turn."],
    };
  }
  if (view.phase === "over") {
    if (view.endReason === "allPlaced") {
      const best = view.superWinner;
      return {
        title: "Game over: won",
        colour: THEME.good,
        lines: [
          "All 52 cards are on",
          "the foundations.",
          best ? `★ ${nameOf(view, names, best)} is the` : "Nobody reached 30 cards:",
          best ? "super-winner (30+ cards)." : "no super-winner.",
        ],
      };
    }
    return {
      title: "Game over: lost",
      colour: THEME.bad,
      lines:
        view.endReason === "twoPasses"
          ? ["Both players passed", `in a row: ${left} cards left.`]
          : ["No row card can move", `any more: ${left} cards left.`],
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
      "Two passes in a row end",
      "the game.",
    ],
  };
}

/**
 * What a covered row card shows: its whole corner index (rank over suit), "10" unsqueezed. Fewer
 * cards than that leave the oldest folded away behind a "+n" mark.
 */
const ROW_PEEK = Math.ceil(ROW_W * 0.42);
/** Room for the "+n" mark of folded-away cards at the start of a long row. */
const FOLDED_W = 52;

/**
 * A row card under others: only its corner index, so the slivers of its centre pip or J/Q/K frame
 * that show between the indices cannot be taken for more cards.
 */
function paintCoveredRowCard(ctx: CanvasRenderingContext2D, card: Card, x: number, y: number): void {
  drawCardFace(ctx, card, x, y, ROW_W, ROW_H);
  // Beside the rank (a squeezed "10" reaches 0.4·w) and, below it, right of the index column
  // (drawCardFace: a 0.06·w pad, then a 0.3·w wide index), where a J/Q/K frame begins.
  const rankBottom = y + Math.round(ROW_W * 0.06) + Math.round(ROW_W * 0.3) * 1.25;
  const besideRank = x + Math.ceil(ROW_W * 0.41);
  const besideIndex = x + Math.round(ROW_W * 0.06) + Math.round(ROW_W * 0.3) + 1;
  const right = x + ROW_W - 8;
  ctx.fillStyle = THEME.cardFace;
  ctx.fillRect(besideRank, y + 3, right - besideRank, rankBottom - y - 3);
  ctx.fillRect(besideIndex, rankBottom, right - besideIndex, y + ROW_H - 3 - rankBottom);
}

/**
 * The scale of the picture being drawn (set by `draw`, which draws synchronously): row cards are
 * drawn once per card, look and scale, then copied, so a long row costs little.
 */
let pictureScale = 1;

function rowCard(card: Card, covered: boolean): CardPainter {
  const key = `sirtommy-row|${covered ? "covered" : "face"}|${card.rank}${card.suit}`;
  return cachedCard(
    key,
    covered ? (c, x, y) => paintCoveredRowCard(c, card, x, y) : paint.face(card),
    pictureScale,
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
  drawText(ctx, String(rowIndex + 1), x + ROW_LABEL_W / 2 - 4, y + ROW_H / 2, {
    size: 34,
    bold: true,
    colour: THEME.textMuted,
    align: "center",
  });
  drawText(ctx, "row", x + ROW_LABEL_W / 2 - 4, y + ROW_H / 2 + 30, {
    size: 15,
    colour: THEME.textFaint,
    align: "center",
  });
  let fanX = x + ROW_LABEL_W;
  let available = width - ROW_LABEL_W - TOP_GAP;
  if (cards.length === 0) {
    drawEmptySlot(ctx, fanX, y, ROW_W, ROW_H, "empty");
    return;
  }
  let shown = cards;
  if (ROW_W + (cards.length - 1) * ROW_PEEK > available) {
    available -= FOLDED_W;
    const fits = 1 + Math.floor((available - ROW_W) / ROW_PEEK);
    const folded = cards.length - fits;
    shown = cards.slice(folded);
    drawBadge(ctx, `+${folded}`, fanX + FOLDED_W / 2 - 4, y + ROW_H / 2, {
      size: 20,
      align: "center",
      bg: THEME.badgeBg,
      stroke: "rgba(255, 255, 255, 0.35)",
    });
    fanX += FOLDED_W;
  }
  const under = shown.length - 1;
  const step = spreadStep(shown.length, ROW_W, { max: available, minStep: ROW_PEEK }, fanPeek(ROW_W));
  for (let i = 0; i < under; i++) rowCard(shown[i] as Card, true)(ctx, fanX + i * step, y, ROW_W, ROW_H);
  const topX = fanX + under * step + (under > 0 ? TOP_GAP : 0);
  const source: SirTommySource = { kind: "row", row: rowIndex };
  rowCard(shown[under] as Card, false)(ctx, topX, y, ROW_W, ROW_H);
  cardFinish(ctx, topX, y, ROW_W, ROW_H, {
    highlight: outline(marks, source, "rgba(255, 255, 255, 0.85)"),
  });
  if (cards.length > 1) {
    drawBadge(ctx, String(cards.length), topX + ROW_W + 10, y + ROW_H / 2, {
      size: 18,
      bg: THEME.badgeBg,
    });
  }
}

function drawRows(
  ctx: CanvasRenderingContext2D,
  view: SirTommyPublicView,
  names: Record<string, string>,
  marks: Marks,
): void {
  const x = M + SIDE_W + M;
  const y = MIDDLE_Y;
  const w = W - x - M;
  drawPanel(ctx, x, y, w, MIDDLE_H);
  // The rows are still empty while agreeing: the open proposal takes their place.
  if (view.phase === "agree") {
    drawProposal(ctx, view, names, { x: x + PAD, y: y + PAD, w: w - 2 * PAD, h: MIDDLE_H - 2 * PAD });
    return;
  }
  // Room on the right for the row's count badge.
  const rowWidth = w - 2 * PAD - 44;
  view.rows.forEach((row, index) => {
    drawRow(ctx, row, index, x + PAD, y + PAD + index * (ROW_H + ROW_GAP), rowWidth, marks);
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
  text(`▲ ${nameOf(view, names, proposal.terms.ascending)} ascending (A→K)`, 310, 34, THEME.up, true);
  text(`▼ ${nameOf(view, names, descending)} descending (K→A)`, 365, 34, THEME.down, true);
  text(
    `Waiting for ${nameOf(view, names, other)} to confirm (or propose the other way).`,
    440,
    22,
    THEME.highlight,
  );
}

function draw(view: SirTommyPublicView, names: Record<string, string>, marks: Marks, scale: number): Buffer {
  pictureScale = scale;
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
