import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import { type Card, cardCode } from "../../engine/core/cards.js";
import { cardText, type Words, wordsFor } from "../../i18n/index.js";
import type { Locale } from "../../i18n/locale.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import {
  type CardPainter,
  type CardStyle,
  cachedCard,
  cardHeight,
  drawArrow,
  drawableName,
  drawBadge,
  drawEmptySlot,
  drawPanel,
  drawPile,
  drawText,
  finishPng,
  fitFontSize,
  font,
  measureText,
  newCanvas,
  paint,
  type RenderOptions,
  roundedRect,
  STRIP_INDEX_SCALE,
  suitColour,
  TABLE_PICTURE_WIDTH,
  THEME,
  tableCanvas,
  wrapText,
} from "../../render/primitives.js";
import {
  CASTLE_COUNT,
  type NoblePower,
  POWER_LABEL,
  POWER_NOBLES,
  type TroubadourBoardView,
  type TroubadourPublicView,
  type VillageCardView,
} from "./engine/index.js";

/**
 * Troubadour's pictures. The table shows every player's board stacked top to bottom (one board per
 * band, so four players still read on a phone by scrolling): five villages as overlapped columns,
 * four castles, the waste top and the draw pile count, and in the band's header the trio (after the
 * reveal) or only whether the player has chosen (before it). A panel shows this same picture: a
 * player's secret pick is never drawn.
 */

/** Layout units across. */
const WIDTH = 1000;
/**
 * Pixels per unit: Discord shows a picture at the screen's width whatever its size, so only
 * proportions matter for legibility (see TABLE_PICTURE_WIDTH).
 */
const SCALE = TABLE_PICTURE_WIDTH / WIDTH;
const MARGIN = 12;
/** Inside a band: left and right padding. */
const BAND_PAD = 14;
const BAND_W = WIDTH - 2 * MARGIN;
const CASTLE_TOP = 10;

/**
 * Every card is drawn 96 units wide with its index in the top strip (rank ≈ 0.44 of the width):
 * on a phone, where the 1000 units become about 400 px, a rank is then about 12 px tall. Five
 * villages and four castles of that width fill a band's width exactly.
 */
const CARD_W = 96;
const CARD_H = cardHeight(CARD_W);
const VILLAGE_GAP = 8;
const VILLAGES_W = 5 * CARD_W + 4 * VILLAGE_GAP;
/** Between the villages and the castles. */
const SIDE_GAP = 22;
const SIDE_X = BAND_PAD + VILLAGES_W + SIDE_GAP;
const SIDE_W = BAND_W - BAND_PAD - SIDE_X;
const CASTLE_GAP = Math.floor((SIDE_W - CASTLE_COUNT * CARD_W) / (CASTLE_COUNT - 1));
/** Vertical step under a face-up village card: its whole strip index (a Q keeps its tail). */
const UP_STEP = Math.ceil(CARD_W * (STRIP_INDEX_SCALE + 0.1));
/** Vertical step under a face-down village card (its back tells nothing, so it may hide more). */
const DOWN_STEP = Math.ceil(CARD_H * 0.13);
/**
 * Tallest a village column may grow before its steps are squeezed: two backs and eight face-up
 * cards at full steps; a longer run still shows each rank, down to a 13-card run.
 */
const VILLAGE_MAX = CARD_H + 8 * UP_STEP;
/**
 * The smallest text: 28 units, 11.2 px when a phone shows the picture 400 px wide (a unit is then
 * 0.4 px). Every label, badge and count is at least this big.
 */
const TEXT_MIN = 28;
const HEADER_H = 78;
const LABEL_H = 36;
const LABEL_SIZE = TEXT_MIN;
const NAME_SIZE = 30;
const BADGE_SIZE = TEXT_MIN;
/** Count badges on piles, and labels in empty slots. */
const COUNT_SIZE = TEXT_MIN;
const SLOT_LABEL_SIZE = TEXT_MIN;
/** Noble chips ("Q♠"): as tall on a phone as a card's rank. */
const CHIP_W = 76;
const CHIP_H = 60;
const CHIP_TEXT = 40;
/** The widest label ("Q♦") fits at CHIP_TEXT. */
const CHIP_TEXT_ROOM = CHIP_W - 6;
const CHIP_GAP = 8;
/** A pile's count badge hangs below the card. */
const BADGE_HANG = 30;

/** The layout's sizes that decide legibility on a phone (for tests). */
export const TROUBADOUR_LAYOUT = {
  width: WIDTH,
  textMin: TEXT_MIN,
  cardWidth: CARD_W,
  chipText: CHIP_TEXT,
  chipTextRoom: CHIP_TEXT_ROOM,
} as const;

/** A face in the strip layout (rank left, suit right in the top strip), drawn once per look. */
function faceOf(card: Card, locale: Locale, style: CardStyle = {}): CardPainter {
  return cachedCard(
    `troubadour|f${cardCode(card)}|${styleKey(style)}|${locale}`,
    paint.face(card, { ...style, layout: "strip", locale }),
    SCALE,
  );
}

function backOf(style: CardStyle = {}): CardPainter {
  return cachedCard(`troubadour|b|${styleKey(style)}`, paint.back(style), SCALE);
}

function styleKey(style: CardStyle): string {
  return `${style.highlight === undefined ? "" : String(style.highlight)}|${style.dim ? 1 : 0}|${style.fourColour ? 1 : 0}`;
}

/** Vertical offset of each card of a village column, squeezed to fit `VILLAGE_MAX`. */
function villageOffsets(village: readonly VillageCardView[]): number[] {
  const under = village.slice(0, -1);
  const ups = under.filter((vc) => vc.faceUp).length;
  const downs = under.length - ups;
  const room = VILLAGE_MAX - CARD_H;
  // Squeeze the backs first (they tell nothing), then the face-up cards.
  const downStep = Math.max(
    Math.min(DOWN_STEP, downs > 0 ? (room - ups * UP_STEP) / downs : DOWN_STEP),
    DOWN_STEP / 3,
  );
  const upStep = ups > 0 ? Math.min(UP_STEP, (room - downs * downStep) / ups) : UP_STEP;
  const offsets = [0];
  for (const vc of under) offsets.push((offsets.at(-1) as number) + (vc.faceUp ? upStep : downStep));
  return offsets;
}

function villageHeight(village: readonly VillageCardView[]): number {
  return (villageOffsets(village).at(-1) as number) + CARD_H;
}

/** One row of the side: label, card, count badge. Castles, then waste and draw pile. */
const SIDE_ROW_H = LABEL_H + CARD_H + BADGE_HANG;
/** Castles with their label row; waste and draw pile below them, labelled beside (no row of their own). */
const SIDE_H = SIDE_ROW_H + 6 + CARD_H + BADGE_HANG;

function bodyHeight(board: TroubadourBoardView): number {
  const villages = Math.max(...board.villages.map((v) => villageHeight(v)), CARD_H);
  return Math.max(LABEL_H + villages + 14, SIDE_H);
}

function boardHeight(board: TroubadourBoardView): number {
  return HEADER_H + bodyHeight(board) + 8;
}

interface ChipStyle {
  /** Used this turn: greyed, with a tick. */
  used?: boolean;
  fourColour?: boolean;
  /** The reader's language, for the noble's letter. */
  locale: Locale;
}

/** A noble as a small white chip ("J♠") in its suit colour, drawn once per look and copied. */
function drawNobleChip(
  ctx: CanvasRenderingContext2D,
  noble: Card,
  x: number,
  y: number,
  style: ChipStyle,
): void {
  const key = `troubadour|chip|${cardCode(noble)}|${style.locale}|${style.used ? 1 : 0}${style.fourColour ? 1 : 0}`;
  cachedCard(key, (c, cx, cy) => paintNobleChip(c, noble, cx, cy, style), SCALE)(ctx, x, y, CHIP_W, CHIP_H);
}

function paintNobleChip(
  ctx: CanvasRenderingContext2D,
  noble: Card,
  x: number,
  y: number,
  style: ChipStyle,
): void {
  roundedRect(ctx, x, y, CHIP_W, CHIP_H, 8);
  ctx.fillStyle = THEME.cardFace;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = THEME.cardEdge;
  ctx.stroke();
  const label = cardText(noble, style.locale);
  drawText(ctx, label, x + CHIP_W / 2, y + CHIP_H / 2 + 2, {
    size: fitFontSize(ctx, label, CHIP_TEXT_ROOM, CHIP_TEXT, true),
    bold: true,
    colour: suitColour(noble.suit, style.fourColour),
    align: "center",
  });
  // Greyed only so far that the letter keeps a 4.5:1 contrast against the chip.
  if (style.used) {
    roundedRect(ctx, x, y, CHIP_W, CHIP_H, 8);
    ctx.fillStyle = CHIP_SHADE;
    ctx.fill();
    // A drawn tick in a green dot on the corner (inside the cached copy's margin).
    const cx = x + CHIP_W - 4;
    const cy = y + 4;
    ctx.beginPath();
    ctx.arc(cx, cy, 12, 0, Math.PI * 2);
    ctx.fillStyle = THEME.good;
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(cx - 6, cy);
    ctx.lineTo(cx - 1.5, cy + 5);
    ctx.lineTo(cx + 6.5, cy - 5);
    ctx.lineWidth = 3;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#06301a";
    ctx.stroke();
  }
}

/** The shade over a used noble chip. */
const CHIP_SHADE = "rgba(12, 40, 26, 0.28)";

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
  words: Words;
}

function nameOf(names: Record<string, string>, id: string, words: Words): string {
  return drawableName(names[id] ?? "") || words("troubadour.pic.player");
}

/** The band header: turn marker, name, seat in the order, and the trio or the pick status. */
function drawBandHeader(
  ctx: CanvasRenderingContext2D,
  board: TroubadourBoardView,
  x: number,
  y: number,
  bc: BandContext,
): void {
  const { view, words } = bc;
  const active = view.active === board.player;
  const winner = view.winner === board.player;
  const cy = y + HEADER_H / 2 + 2;
  let left = x + BAND_PAD + 4;
  if (active) {
    drawArrow(ctx, left + 11, cy, 26, "right", THEME.highlight);
    left += 32;
  }
  const trio = board.trio;
  // Right side first, so the name gets whatever room is left.
  let right = x + BAND_W - BAND_PAD;
  if (trio && trio.length > 0) {
    const used = usedNobles(board.noblesUsed);
    const chipsW = trio.length * CHIP_W + (trio.length - 1) * CHIP_GAP;
    trio.forEach((noble, i) => {
      drawNobleChip(ctx, noble, right - chipsW + i * (CHIP_W + CHIP_GAP), cy - CHIP_H / 2, {
        used: isUsed(noble, used),
        fourColour: bc.fourColour,
        locale: words.locale,
      });
    });
    right -= chipsW + 14;
  }
  const rolls = view.dieRolls[board.player];
  // Fixed words are drawn once and copied; the die rolls vary, so they are drawn each time.
  const badges: { text: string; bg: string; fg: string; cache?: boolean }[] = [];
  if (view.phase === "pick") {
    badges.push(
      board.hasPicked
        ? { text: words("troubadour.pic.chosen"), bg: THEME.good, fg: "#06301a", cache: true }
        : {
            text: words("troubadour.pic.choosing"),
            bg: "rgba(255, 255, 255, 0.16)",
            fg: THEME.text,
            cache: true,
          },
    );
  }
  if (rolls && rolls.length > 0) {
    badges.push({
      text: words("troubadour.pic.die", { rolls: rolls.join(" → ") }),
      bg: "#f2f2f2",
      fg: "#1d1d1d",
    });
  }
  const highlight = { bg: THEME.highlight, fg: THEME.highlightText, cache: true };
  if (winner) badges.push({ text: words("troubadour.pic.winner"), ...highlight });
  else if (active) badges.push({ text: words("troubadour.pic.toPlay"), ...highlight });
  const seat = view.order.indexOf(board.player);
  const name = nameOf(bc.names, board.player, words);
  const nameText = seat >= 0 ? `${seat + 1}. ${name}` : name;
  // Measure the badges to leave them room, then draw them after the name.
  ctx.font = font(BADGE_SIZE, true);
  const padX = Math.round(BADGE_SIZE * 0.6);
  const badgeRoom = badges.reduce(
    (sum, b) => sum + Math.ceil(measureText(ctx, b.text).width) + 2 * padX + 10,
    8,
  );
  const nameW = drawText(ctx, nameText, left, cy, {
    size: NAME_SIZE,
    bold: true,
    colour: active || winner ? THEME.highlight : THEME.text,
    maxWidth: Math.max(90, right - left - badgeRoom),
  });
  let bx = left + nameW + 14;
  for (const b of badges) {
    const box = drawBadge(ctx, b.text, bx, cy, {
      size: BADGE_SIZE,
      bg: b.bg,
      fg: b.fg,
      maxWidth: right - bx,
      cache: b.cache === true,
    });
    bx += box.w + 10;
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
  fourColour: boolean,
  words: Words,
): void {
  if (village.length === 0) {
    // The dashed outline under the village's number says it is empty: no word to fit a card's width.
    drawEmptySlot(ctx, x, y, CARD_W, CARD_H);
    return;
  }
  const offsets = villageOffsets(village);
  village.forEach((vc, i) => {
    const top = i === village.length - 1;
    const style = top ? { highlight: TOP_OUTLINE, fourColour } : { fourColour };
    const painter = vc.faceUp
      ? faceOf(vc.card, words.locale, style)
      : backOf(top ? { highlight: TOP_OUTLINE } : {});
    painter(ctx, x, y + (offsets[i] as number), CARD_W, CARD_H);
  });
}

/** A grey label in a row `LABEL_H` high from `y`, starting at `x` (or ending there, aligned right). */
function drawLabel(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  align: "left" | "right" = "left",
): void {
  drawText(ctx, text, x, y + LABEL_H / 2 - 2, {
    size: LABEL_SIZE,
    bold: true,
    colour: THEME.textMuted,
    align,
  });
}

/** An empty slot's word, bright enough to read against the slot (4.5:1). */
const SLOT_TEXT = "rgba(255, 255, 255, 0.72)";

function drawCastles(
  ctx: CanvasRenderingContext2D,
  castles: readonly Card[][],
  x: number,
  y: number,
  fourColour: boolean,
  words: Words,
): void {
  drawLabel(ctx, words("troubadour.pic.castles"), x, y);
  for (let i = 0; i < CASTLE_COUNT; i++) {
    const castle = castles[i] ?? [];
    const top = castle.at(-1);
    const cx = x + i * (CARD_W + CASTLE_GAP);
    const cy = y + LABEL_H;
    if (!top) {
      drawEmptySlot(ctx, cx, cy, CARD_W, CARD_H, words("troubadour.pic.ace"), {
        labelSize: SLOT_LABEL_SIZE,
        colour: SLOT_TEXT,
      });
      continue;
    }
    const complete = top.rank === CASTLE_TOP;
    drawPile(ctx, cx, cy, CARD_W, CARD_H, {
      count: castle.length,
      top: faceOf(top, words.locale, complete ? { fourColour, highlight: THEME.highlight } : { fourColour }),
      countLabel: complete ? "✓ 10" : `${castle.length}/10`,
      badgeBg: complete ? "#8a6a00" : undefined,
      badgeSize: COUNT_SIZE,
    });
  }
}

function drawPiles(
  ctx: CanvasRenderingContext2D,
  board: TroubadourBoardView,
  x: number,
  y: number,
  fourColour: boolean,
  words: Words,
): void {
  // The waste under the first castle, the draw pile under the last; their labels between them,
  // each beside its pile (the waste's by its top, the draw pile's by its foot), so "Aflegstapel"
  // and "Trekstapel" both fit at full size without a row of their own.
  const wasteX = x;
  const drawX = x + (CASTLE_COUNT - 1) * (CARD_W + CASTLE_GAP);
  const py = y;
  drawLabel(ctx, words("troubadour.pic.waste"), wasteX + CARD_W + 10, py + 4);
  drawLabel(ctx, words("troubadour.pic.drawPile"), drawX - 10, py + CARD_H - LABEL_H - 4, "right");
  // An empty pile: the dashed slot with a "0" under it, as a count (no word to fit a card's width).
  drawPile(ctx, wasteX, py, CARD_W, CARD_H, {
    count: board.wasteCount,
    countLabel: String(board.wasteCount),
    badgeSize: COUNT_SIZE,
    top: board.wasteTop ? faceOf(board.wasteTop, words.locale, { fourColour }) : null,
  });
  drawPile(ctx, drawX, py, CARD_W, CARD_H, {
    count: board.drawPileCount,
    countLabel: String(board.drawPileCount),
    badgeSize: COUNT_SIZE,
    top: null,
  });
}

const ACTIVE_FILL = "rgba(40, 30, 0, 0.35)";

/** One player's band: header, villages (numbered 1–5), castles, waste and draw pile. */
function drawBoard(
  ctx: CanvasRenderingContext2D,
  board: TroubadourBoardView,
  x: number,
  y: number,
  bc: BandContext,
): number {
  const h = boardHeight(board);
  const active = bc.view.active === board.player || bc.view.winner === board.player;
  drawPanel(ctx, x, y, BAND_W, h, {
    // The active band is marked by its gold outline; its fill stays dark, so gold and grey words keep 4.5:1.
    fill: active ? ACTIVE_FILL : THEME.panel,
    stroke: active ? THEME.highlight : THEME.panelStroke,
    lineWidth: active ? 4 : 2,
  });
  drawBandHeader(ctx, board, x, y, bc);
  const bodyY = y + HEADER_H;
  board.villages.forEach((village, i) => {
    const cx = x + BAND_PAD + i * (CARD_W + VILLAGE_GAP);
    // Numbered like the tableau columns of other games ("Village 3" on the buttons): a word per
    // column would not fit at a readable size.
    drawBadge(ctx, String(i + 1), cx + CARD_W / 2, bodyY + LABEL_H / 2 - 2, {
      size: LABEL_SIZE,
      align: "center",
      bg: "rgba(0, 0, 0, 0.45)",
      fg: THEME.textMuted,
      cache: true,
    });
    drawVillage(ctx, village, cx, bodyY + LABEL_H, bc.fourColour, bc.words);
  });
  drawCastles(ctx, board.castles, x + SIDE_X, bodyY, bc.fourColour, bc.words);
  drawPiles(ctx, board, x + SIDE_X, bodyY + SIDE_ROW_H + 6, bc.fourColour, bc.words);
  return h;
}

function powerList(powers: readonly NoblePower[]): string {
  return powers.map((p) => POWER_LABEL[p]).join(", ");
}

/** The first header line: round and what happens now (the part that matters first, as names may be cut). */
function headline(view: TroubadourPublicView, names: Record<string, string>, words: Words): string {
  const round = view.round;
  if (view.phase === "over") {
    return view.winner
      ? words("troubadour.pic.won", { player: nameOf(names, view.winner, words) })
      : words("troubadour.pic.drawn", { round });
  }
  if (view.phase === "pick") return words("troubadour.pic.picking", { round });
  const player = view.active ? nameOf(names, view.active, words) : words("troubadour.pic.nobody");
  return words("troubadour.pic.playing", { round, player });
}

/** The second header line's parts: who has chosen, or the turn's progress. */
function subline(view: TroubadourPublicView, words: Words): string[] {
  if (view.phase === "pick") {
    const chosen = view.boards.filter((b) => b.hasPicked).length;
    return [words("troubadour.pic.haveChosen", { chosen, total: view.boards.length })];
  }
  const turn = view.turn;
  if (view.phase === "over") {
    const rounds = words.count("troubadour.pic.roundsPlayed", view.round);
    return [words(view.winner ? "troubadour.pic.overWon" : "troubadour.pic.overDrawn", { rounds })];
  }
  if (!turn || !view.active) return [words("troubadour.pic.round", { round: view.round })];
  const parts = [
    words("troubadour.pic.turnOf", { turn: view.order.indexOf(view.active) + 1, turns: view.order.length }),
    words(turn.standardDrawDone ? "troubadour.pic.drawMade" : "troubadour.pic.drawNotMade"),
  ];
  if (turn.extraDraws > 0) parts.push(words.count("troubadour.pic.extraDraws", turn.extraDraws));
  if (turn.revealedAce) parts.push(words("troubadour.pic.revealedAce"));
  const used = view.boards.find((b) => b.player === view.active)?.noblesUsed ?? [];
  if (used.length > 0) parts.push(words("troubadour.pic.used", { powers: powerList(used) }));
  return parts;
}

const HEADLINE_SIZE = 32;
const SUBLINE_SIZE = TEXT_MIN;
const SUBLINE_STEP = 34;
const TITLE_W = WIDTH - 2 * MARGIN - 12;
/** The header: the headline and one line of progress (more when a long turn's parts wrap). */
const TITLE_H = 90;
const PART_SEPARATOR = " · ";

/** The subline's parts on as few lines as fit the picture's width, breaking between parts first. */
function sublineRows(parts: readonly string[]): string[] {
  const { ctx } = newCanvas(1, 1);
  return wrapText(ctx, parts.join(PART_SEPARATOR), TITLE_W - 8, SUBLINE_SIZE, { separator: PART_SEPARATOR });
}
const BAND_GAP = 10;

export function renderTroubadourTable(
  view: TroubadourPublicView,
  { names, locale }: PaintContext,
  options: RenderOptions = {},
): Buffer {
  const words = wordsFor(locale);
  const fourColour = options.fourColour ?? false;
  const heights = view.boards.map((b) => boardHeight(b));
  const rows = sublineRows(subline(view, words));
  const titleH = TITLE_H + (rows.length - 1) * SUBLINE_STEP;
  const height = titleH + heights.reduce((a, b) => a + b, 0) + (heights.length - 1) * BAND_GAP + MARGIN;
  const { canvas, ctx } = newSurface(height);
  // The header on a dark panel, as the bands are: its gold headline keeps 4.5:1 there.
  drawPanel(ctx, MARGIN, 4, BAND_W, titleH - 10, { fill: THEME.panel, stroke: THEME.panelStroke });
  drawText(ctx, headline(view, names, words), MARGIN + 12, 30, {
    size: HEADLINE_SIZE,
    bold: true,
    colour: view.phase === "over" ? THEME.highlight : THEME.text,
    maxWidth: TITLE_W,
  });
  rows.forEach((row, i) => {
    drawText(ctx, row, MARGIN + 12, 68 + i * SUBLINE_STEP, {
      size: SUBLINE_SIZE,
      colour: THEME.textMuted,
      maxWidth: TITLE_W,
    });
  });
  let y = titleH;
  const bc: BandContext = { view, names, fourColour, words };
  // Bands in this round's turn order once it is known, else in seat order.
  const ordered =
    view.order.length > 0
      ? [...view.boards].sort((a, b) => view.order.indexOf(a.player) - view.order.indexOf(b.player))
      : view.boards;
  for (const board of ordered) {
    y += drawBoard(ctx, board, MARGIN, y, bc) + BAND_GAP;
  }
  return finishPng(canvas);
}

/**
 * An opaque felt canvas of WIDTH × `height` layout units (the felt covers every pixel, so the PNG
 * needs no alpha channel and encodes faster).
 */
function newSurface(height: number) {
  return tableCanvas(WIDTH, height);
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const troubadourTable = painting("troubadour.table", renderTroubadourTable);
