import type { CanvasRenderingContext2D } from "canvas";
import { type Card, cardCode, cardLabel } from "../engine/core/cards.js";
import {
  CASTLE_COUNT,
  type NoblePower,
  POWER_LABEL,
  POWER_NOBLES,
  type TroubadourBoardView,
  type TroubadourPrivateView,
  type TroubadourPublicView,
  type VillageCardView,
} from "../engine/games/troubadour/index.js";
import {
  type CardPainter,
  type CardStyle,
  cachedCard,
  cardHeight,
  cleanText,
  drawArrow,
  drawBadge,
  drawEmptySlot,
  drawFelt,
  drawPanel,
  drawPile,
  drawText,
  finishPng,
  font,
  newCanvas,
  paint,
  type RenderOptions,
  roundedRect,
  suitColour,
  THEME,
} from "./primitives.js";

/**
 * Troubadour's pictures. The table shows every player's board stacked top to bottom (one board per
 * band, so four players still read on a phone by scrolling): five villages as overlapped columns,
 * four castles, the waste top and the draw pile count, and in the band's header the trio (after the
 * reveal) or only whether the player has chosen (before it). The private panel picture shows the
 * viewer's own board larger, with their twelve nobles and their own pick.
 */

/** Layout units across; the picture is drawn at SCALE px per unit. */
const WIDTH = 1000;
/**
 * Discord shows a picture at the screen's width whatever its size, so only proportions matter for
 * legibility; 800 px across keeps PNG encoding (the bulk of the render time) within budget.
 */
const SCALE = 0.8;
const MARGIN = 16;
const CASTLE_TOP = 10;

/** Sizes of one board band; the panel picture uses a larger set. */
interface Metrics {
  villageW: number;
  villageH: number;
  villageGap: number;
  /** Vertical step under a face-down village card (its back tells nothing, so it may hide more). */
  downStep: number;
  /** Vertical step under a face-up card: enough for its rank and suit. */
  upStep: number;
  /** Tallest a village column may grow before its steps are squeezed. */
  villageMax: number;
  pileW: number;
  pileH: number;
  headerH: number;
  labelH: number;
  nameSize: number;
  chipW: number;
  chipH: number;
}

function metrics(villageW: number, pileW: number): Metrics {
  const villageH = cardHeight(villageW);
  const upStep = Math.ceil(villageH * 0.26);
  return {
    villageW,
    villageH,
    villageGap: Math.round(villageW * 0.12),
    downStep: Math.ceil(villageH * 0.13),
    upStep,
    villageMax: villageH + 11 * upStep,
    pileW,
    pileH: cardHeight(pileW),
    headerH: 66,
    labelH: 26,
    nameSize: 28,
    chipW: 62,
    chipH: 46,
  };
}

const TABLE_METRICS = metrics(104, 74);
const PANEL_METRICS = metrics(108, 74);

function styleKey(style: CardStyle): string {
  return `${style.highlight === undefined ? "" : String(style.highlight)}|${style.dim ? 1 : 0}|${style.fourColour ? 1 : 0}`;
}

function faceOf(card: Card, style: CardStyle = {}): CardPainter {
  return cachedCard(`f${cardCode(card)}|${styleKey(style)}`, paint.face(card, style), SCALE);
}

function backOf(style: CardStyle = {}): CardPainter {
  return cachedCard(`b|${styleKey(style)}`, paint.back(style), SCALE);
}

/** Vertical offset of each card of a village column, squeezed to fit `m.villageMax`. */
function villageOffsets(village: readonly VillageCardView[], m: Metrics): number[] {
  const under = village.slice(0, -1);
  const ups = under.filter((vc) => vc.faceUp).length;
  const downs = under.length - ups;
  const room = m.villageMax - m.villageH;
  // Squeeze the backs first (they tell nothing), then the face-up cards.
  const downStep = Math.max(
    Math.min(m.downStep, downs > 0 ? (room - ups * m.upStep) / downs : m.downStep),
    m.downStep / 3,
  );
  const upStep = ups > 0 ? Math.min(m.upStep, (room - downs * downStep) / ups) : m.upStep;
  const offsets = [0];
  for (const vc of under) offsets.push((offsets.at(-1) as number) + (vc.faceUp ? upStep : downStep));
  return offsets;
}

function villageHeight(village: readonly VillageCardView[], m: Metrics): number {
  return (villageOffsets(village, m).at(-1) as number) + m.villageH;
}

/** Castles (label, pile, badge), then waste and draw pile the same way. */
function sideHeight(m: Metrics): number {
  const badge = Math.round(m.pileH * 0.14) + 8;
  return 2 * (m.labelH + m.pileH + badge) + 10;
}

function bodyHeight(board: TroubadourBoardView, m: Metrics): number {
  const villages = Math.max(...board.villages.map((v) => villageHeight(v, m)), m.villageH);
  return Math.max(m.labelH + villages + 14, sideHeight(m));
}

function boardHeight(board: TroubadourBoardView, m: Metrics): number {
  return m.headerH + bodyHeight(board, m) + 18;
}

/** A noble as a small white chip ("J♠") in its suit colour; used ones are dimmed and ticked. */
function drawNobleChip(
  ctx: CanvasRenderingContext2D,
  noble: Card,
  x: number,
  y: number,
  w: number,
  h: number,
  style: { used?: boolean; picked?: boolean; fourColour?: boolean } = {},
): void {
  roundedRect(ctx, x, y, w, h, 8);
  ctx.fillStyle = THEME.cardFace;
  ctx.fill();
  ctx.lineWidth = style.picked ? 4 : 1.5;
  ctx.strokeStyle = style.picked ? THEME.highlight : THEME.cardEdge;
  ctx.stroke();
  drawText(ctx, cardLabel(noble), x + w / 2, y + h / 2 + 1, {
    size: Math.round(h * 0.56),
    bold: true,
    colour: suitColour(noble.suit, style.fourColour),
    align: "center",
  });
  if (style.used) {
    // Greyed but still readable, with a tick in a green dot on the corner.
    roundedRect(ctx, x, y, w, h, 8);
    ctx.fillStyle = "rgba(12, 40, 26, 0.38)";
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x + w - 2, y + 2, 11, 0, Math.PI * 2);
    ctx.fillStyle = THEME.good;
    ctx.fill();
    drawText(ctx, "✓", x + w - 2, y + 3, { size: 16, bold: true, colour: "#06301a", align: "center" });
  }
}

/** The nobles of the trio that some announced power needed (♠J+Q+K marks all three). */
function usedNobles(powers: readonly NoblePower[]): Card[] {
  return powers.flatMap((p) => POWER_NOBLES[p]);
}

function isUsed(noble: Card, used: readonly Card[]): boolean {
  return used.some((u) => u.rank === noble.rank && u.suit === noble.suit);
}

interface BandContext {
  view: TroubadourPublicView;
  names: Record<string, string>;
  fourColour: boolean;
  /** The panel picture's viewer: their own (still secret) pick is drawn in their band. */
  ownPick?: Card[] | null;
}

/** Emoji: the shipped font has none, so they would be drawn as empty boxes. */
const NO_GLYPH = /\p{Extended_Pictographic}|\u200d|\ufe0f/gu;

function nameOf(names: Record<string, string>, id: string): string {
  return cleanText((names[id] ?? "").replace(NO_GLYPH, "")) || "Player";
}

/** The band header: turn marker, name, seat in the order, and the trio or the pick status. */
function drawBandHeader(
  ctx: CanvasRenderingContext2D,
  board: TroubadourBoardView,
  x: number,
  y: number,
  w: number,
  m: Metrics,
  bc: BandContext,
): void {
  const { view } = bc;
  const active = view.active === board.player;
  const winner = view.winner === board.player;
  const cy = y + m.headerH / 2 + 4;
  let left = x + 18;
  if (active) {
    drawArrow(ctx, left + 10, cy, 24, "right", THEME.highlight);
    left += 30;
  }
  const trio = bc.ownPick !== undefined ? bc.ownPick : board.trio;
  const chipsW = trio ? trio.length * (m.chipW + 8) : 0;
  // Right side first, so the name gets whatever room is left.
  let right = x + w - 16;
  if (trio) {
    const used = usedNobles(board.noblesUsed);
    trio.forEach((noble, i) => {
      const cx = right - chipsW + 8 + i * (m.chipW + 8);
      drawNobleChip(ctx, noble, cx, cy - m.chipH / 2, m.chipW, m.chipH, {
        used: isUsed(noble, used),
        fourColour: bc.fourColour,
      });
    });
    right -= chipsW + 10;
  }
  const rolls = view.dieRolls[board.player];
  const badges: { text: string; bg: string; fg: string }[] = [];
  if (view.phase === "pick") {
    badges.push(
      board.hasPicked
        ? { text: "✓ chosen", bg: THEME.good, fg: "#06301a" }
        : { text: "choosing…", bg: "rgba(255, 255, 255, 0.16)", fg: THEME.textMuted },
    );
  }
  if (rolls && rolls.length > 0) {
    badges.push({ text: `die ${rolls.join(" → ")}`, bg: "#f2f2f2", fg: "#1d1d1d" });
  }
  if (winner) badges.push({ text: "winner", bg: THEME.highlight, fg: THEME.highlightText });
  else if (active) badges.push({ text: "to play", bg: THEME.highlight, fg: THEME.highlightText });
  const seat = view.order.indexOf(board.player);
  const nameText =
    seat >= 0 ? `${seat + 1}. ${nameOf(bc.names, board.player)}` : nameOf(bc.names, board.player);
  // Measure the badges to leave them room, then draw them after the name.
  ctx.font = font(19, true);
  const badgeRoom = badges.reduce((sum, b) => sum + ctx.measureText(b.text).width + 2 * 11 + 22, 0);
  const nameW = drawText(ctx, nameText, left, cy, {
    size: m.nameSize,
    bold: true,
    colour: active || winner ? THEME.highlight : THEME.text,
    maxWidth: Math.max(80, right - left - badgeRoom),
  });
  let bx = left + nameW + 14;
  for (const b of badges) {
    const box = drawBadge(ctx, b.text, bx, cy, { size: 19, bg: b.bg, fg: b.fg, maxWidth: right - bx });
    bx += box.w + 8;
  }
}

/** The light outline that makes a village's top card stand out from the cards under it. */
const TOP_OUTLINE = "#f4f1e0";

/** One village: face-down backs, then face-up cards; the top card gets a light outline. */
function drawVillage(
  ctx: CanvasRenderingContext2D,
  village: readonly VillageCardView[],
  x: number,
  y: number,
  m: Metrics,
  fourColour: boolean,
): void {
  if (village.length === 0) {
    drawEmptySlot(ctx, x, y, m.villageW, m.villageH, "empty");
    return;
  }
  const offsets = villageOffsets(village, m);
  village.forEach((vc, i) => {
    const top = i === village.length - 1;
    const cy = y + (offsets[i] as number);
    const style = top ? { highlight: TOP_OUTLINE, fourColour } : { fourColour };
    const painter = vc.faceUp ? faceOf(vc.card, style) : backOf(top ? { highlight: TOP_OUTLINE } : {});
    painter(ctx, x, cy, m.villageW, m.villageH);
  });
}

function drawLabel(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, w: number): void {
  drawText(ctx, text, x + w / 2, y, { size: 17, bold: true, colour: THEME.textMuted, align: "center" });
}

function drawCastles(
  ctx: CanvasRenderingContext2D,
  castles: readonly Card[][],
  x: number,
  y: number,
  m: Metrics,
  gap: number,
  fourColour: boolean,
): void {
  drawText(ctx, "Castles", x, y + m.labelH / 2 - 2, { size: 17, bold: true, colour: THEME.textMuted });
  for (let i = 0; i < CASTLE_COUNT; i++) {
    const castle = castles[i] ?? [];
    const top = castle.at(-1);
    const complete = top?.rank === CASTLE_TOP;
    const cx = x + i * (m.pileW + gap);
    const cy = y + m.labelH;
    drawPile(ctx, cx, cy, m.pileW, m.pileH, {
      count: castle.length,
      top: top ? faceOf(top, { fourColour, highlight: complete ? THEME.highlight : false }) : null,
      countLabel: castle.length === 0 ? "" : complete ? "✓ 10" : `${castle.length}/10`,
      emptyLabel: "Ace",
      badgeBg: complete ? "#8a6a00" : undefined,
    });
  }
}

function drawPiles(
  ctx: CanvasRenderingContext2D,
  board: TroubadourBoardView,
  x: number,
  y: number,
  m: Metrics,
  gap: number,
  fourColour: boolean,
): void {
  const wasteX = x;
  const drawX = x + m.pileW + gap;
  drawLabel(ctx, "Waste", wasteX, y + m.labelH / 2 - 2, m.pileW);
  drawLabel(ctx, "Draw", drawX, y + m.labelH / 2 - 2, m.pileW);
  const py = y + m.labelH;
  drawPile(ctx, wasteX, py, m.pileW, m.pileH, {
    count: board.wasteCount,
    top: board.wasteTop ? faceOf(board.wasteTop, { fourColour }) : null,
    emptyLabel: "empty",
  });
  drawPile(ctx, drawX, py, m.pileW, m.pileH, { count: board.drawPileCount, top: null, emptyLabel: "empty" });
}

/** One player's band: header, villages (numbered), castles, waste and draw pile. */
function drawBoard(
  ctx: CanvasRenderingContext2D,
  board: TroubadourBoardView,
  x: number,
  y: number,
  w: number,
  m: Metrics,
  bc: BandContext,
): number {
  const h = boardHeight(board, m);
  const active = bc.view.active === board.player || bc.view.winner === board.player;
  drawPanel(ctx, x, y, w, h, {
    fill: active ? "rgba(255, 204, 51, 0.12)" : THEME.panel,
    stroke: active ? THEME.highlight : THEME.panelStroke,
    lineWidth: active ? 4 : 2,
  });
  drawBandHeader(ctx, board, x, y, w, m, bc);
  const bodyY = y + m.headerH;
  const vx = x + 16;
  board.villages.forEach((village, i) => {
    const cx = vx + i * (m.villageW + m.villageGap);
    drawLabel(ctx, `Village ${i + 1}`, cx, bodyY + m.labelH / 2 - 2, m.villageW);
    drawVillage(ctx, village, cx, bodyY + m.labelH, m, bc.fourColour);
  });
  const sideX = vx + 5 * m.villageW + 4 * m.villageGap + 26;
  const sideW = x + w - 14 - sideX;
  const gap = Math.max(6, Math.floor((sideW - CASTLE_COUNT * m.pileW) / (CASTLE_COUNT - 1)));
  drawCastles(ctx, board.castles, sideX, bodyY, m, gap, bc.fourColour);
  const pilesY = bodyY + m.labelH + m.pileH + Math.round(m.pileH * 0.14) + 18;
  drawPiles(ctx, board, sideX, pilesY, m, gap, bc.fourColour);
  return h;
}

function powerList(powers: readonly NoblePower[]): string {
  return powers.map((p) => POWER_LABEL[p]).join(", ");
}

/** The first header line: round and what happens now (the part that matters first, as names may be cut). */
function headline(view: TroubadourPublicView, names: Record<string, string>): string {
  if (view.phase === "over") {
    return view.winner ? `Winner: ${nameOf(names, view.winner)}` : `Draw after ${view.round} rounds`;
  }
  if (view.phase === "pick") return `Round ${view.round} · choosing nobles in secret`;
  return `Round ${view.round} · to play: ${view.active ? nameOf(names, view.active) : "nobody"}`;
}

/** The second header line: who has chosen, or the turn's progress. */
function subline(view: TroubadourPublicView): string {
  if (view.phase === "pick") {
    const chosen = view.boards.filter((b) => b.hasPicked).length;
    return `${chosen} of ${view.boards.length} have chosen · trios are revealed together`;
  }
  const turn = view.turn;
  if (view.phase === "over") {
    const rounds = `${view.round} round${view.round === 1 ? "" : "s"} played`;
    return view.winner
      ? `all four castles complete · ${rounds}`
      : `no one completed four castles · ${rounds}`;
  }
  if (!turn || !view.active) return `Round ${view.round}`;
  const parts = [
    `turn ${view.order.indexOf(view.active) + 1} of ${view.order.length}`,
    turn.standardDrawDone ? "draw made" : "draw not made yet",
  ];
  if (turn.extraDraws > 0)
    parts.push(`${turn.extraDraws} extra card${turn.extraDraws === 1 ? "" : "s"} to turn`);
  if (turn.revealedAce) parts.push("the turned-up Ace may start a castle now");
  const used = view.boards.find((b) => b.player === view.active)?.noblesUsed ?? [];
  if (used.length > 0) parts.push(`used ${powerList(used)}`);
  return parts.join(" · ");
}

const TITLE_H = 92;

export function renderTroubadourTable(
  view: TroubadourPublicView,
  names: Record<string, string>,
  options: RenderOptions = {},
): Buffer {
  const m = TABLE_METRICS;
  const fourColour = options.fourColour ?? false;
  const heights = view.boards.map((b) => boardHeight(b, m));
  const height = TITLE_H + heights.reduce((a, b) => a + b + 12, 0) + MARGIN - 12;
  const { canvas, ctx, width } = newSurface(height);
  drawText(ctx, headline(view, names), MARGIN + 4, 30, {
    size: 30,
    bold: true,
    colour: view.phase === "over" ? THEME.highlight : THEME.text,
    maxWidth: width - 2 * MARGIN,
  });
  drawText(ctx, subline(view), MARGIN + 4, 68, {
    size: 21,
    colour: THEME.textMuted,
    maxWidth: width - 2 * MARGIN,
  });
  let y = TITLE_H;
  const bc: BandContext = { view, names, fourColour };
  // Bands in this round's turn order once it is known, else in seat order.
  const ordered =
    view.order.length > 0
      ? [...view.boards].sort((a, b) => view.order.indexOf(a.player) - view.order.indexOf(b.player))
      : view.boards;
  for (const board of ordered) {
    y += drawBoard(ctx, board, MARGIN, y, width - 2 * MARGIN, m, bc) + 12;
  }
  return finishPng(canvas);
}

/** A felt canvas of WIDTH × `height` layout units. */
function newSurface(height: number) {
  const surface = newCanvas(WIDTH * SCALE, height * SCALE);
  surface.ctx.scale(SCALE, SCALE);
  drawFelt(surface.ctx, WIDTH, height);
  return { canvas: surface.canvas, ctx: surface.ctx, width: WIDTH };
}

const NOBLES_H = 118;

/**
 * The private panel picture: the viewer's twelve nobles (their own pick outlined in gold, nobles
 * already used this turn ticked) and their own board drawn larger. Only the viewer receives it.
 */
export function renderTroubadourPanel(
  view: TroubadourPrivateView,
  names: Record<string, string>,
  options: RenderOptions = {},
): Buffer {
  const m = PANEL_METRICS;
  const fourColour = options.fourColour ?? false;
  const board = view.boards.find((b) => b.player === view.viewer);
  const bandH = board ? boardHeight(board, m) : 0;
  const { canvas, ctx, width } = newSurface(NOBLES_H + bandH + MARGIN);
  drawText(
    ctx,
    view.phase === "pick" ? "Your nobles (only you see your pick)" : "Your nobles",
    MARGIN + 4,
    24,
    {
      size: 21,
      bold: true,
      colour: THEME.textMuted,
    },
  );
  const chipW = 70;
  const chipH = 56;
  const gap = Math.floor((width - 2 * MARGIN - 12 * chipW) / 11);
  const used = usedNobles(board?.noblesUsed ?? []);
  view.nobles.forEach((noble, i) => {
    const picked = view.pick?.some((p) => p.rank === noble.rank && p.suit === noble.suit) ?? false;
    const x = MARGIN + i * (chipW + gap);
    drawNobleChip(ctx, noble, x, 46, chipW, chipH, {
      picked,
      used: picked && isUsed(noble, used),
      fourColour,
    });
    if (!picked && view.pick) {
      roundedRect(ctx, x, 46, chipW, chipH, 8);
      ctx.fillStyle = "rgba(12, 40, 26, 0.45)";
      ctx.fill();
    }
  });
  if (board) {
    drawBoard(ctx, board, MARGIN, NOBLES_H, width - 2 * MARGIN, m, {
      view,
      names,
      fourColour,
      ownPick: view.pick,
    });
  }
  return finishPng(canvas);
}
