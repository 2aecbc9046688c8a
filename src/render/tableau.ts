import type { CanvasRenderingContext2D } from "canvas";
import type { Card } from "../engine/core/cards.js";
import type { Column } from "../engine/core/tableau.js";
import { TABLEAU_COLUMNS, TABLEAU_DEPTH } from "../engine/core/tableau.js";
import type { Locale } from "../i18n/locale.js";
import {
  type CardPainter,
  cachedCard,
  cardHeight,
  deviceScale,
  drawArrow,
  drawableName,
  drawBadge,
  drawCardFace,
  drawColumn,
  drawEmptySlot,
  drawPanel,
  drawText,
  finishPng,
  fitFontSize,
  font,
  measureText,
  type Rect,
  STRIP_INDEX_SCALE,
  THEME,
  tableCanvas,
} from "./primitives.js";

/**
 * The picture shared by Twelves and Stacking: a header (title, whose turn or the result, cards
 * left), the 13 numbered columns of the face-up tableau, and a row of player areas that each
 * game fills with its own things (pairs, foundations). Only the top cards show their whole face;
 * covered cards show their corner strip, unshaded: a shade over them would darken their ink too,
 * and a four-colour green or blue rank would fall under WCAG AA contrast.
 */

/**
 * Laid out for a phone: Discord shows the picture about 400 px wide there, so the 13 columns stand
 * in two rows (7 + 6) of a layout 848 units wide: a rank's glyph is then ≈ 16 px tall at
 * 400 px, and every word at least 11 px (24 units here). Columns keep their numbers (1–13). Each row is
 * as tall as its deepest column, so the picture shortens as the columns clear.
 */
const MARGIN = 24;
const CARD_W = 104;
const CARD_H = cardHeight(CARD_W);
const GAP = 12;
/** Columns in the first row; the rest go in the second. */
const ROW_COLUMNS = Math.ceil(TABLEAU_COLUMNS / 2);
const ROW_GAP = 14;
/** What a covered card shows: its whole index, so a Q or J keeps its tail and never reads as O or I. */
const STEP = Math.ceil(CARD_W * (STRIP_INDEX_SCALE + 0.1));
const TITLE_H = 50;
const STATUS_H = 58;
const STATUS_SIZE = 30;
const HEADER_H = TITLE_H + STATUS_H;
const NUMBERS_H = 44;
/** Below a column's last card: room for its shadow. */
const COLUMN_PAD = 12;
/** A row whose columns are all empty: low slots, their label still readable. */
const CLEARED_ROW_H = 64;
const PLAYERS_GAP = 16;
/**
 * The smallest text the tableau and its games draw: 11 px once a phone shows the picture 400 px
 * wide. Games size their own words from it too.
 */
export const TABLEAU_MIN_TEXT = 24;
const TAG_SIZE = TABLEAU_MIN_TEXT;
/** drawBadge's horizontal padding at TAG_SIZE. */
const TAG_PAD = Math.round(TAG_SIZE * 0.6);
/** The name row at the top of a player area, and the padding round what the game draws below it. */
const NAME_ROW_H = 46;
const AREA_PAD = 14;
const INNER_PAD_Y = 8;

export const TABLEAU_PICTURE_WIDTH = 2 * MARGIN + ROW_COLUMNS * CARD_W + (ROW_COLUMNS - 1) * GAP;
/** A tableau card's width in the picture (its rank is `STRIP_INDEX_SCALE` of it). */
export const TABLEAU_CARD_WIDTH = CARD_W;

/** Height of the inner area a player area hands to `drawPlayer`, for a player area of `areaHeight`. */
export function playerInnerHeight(areaHeight: number): number {
  return areaHeight - NAME_ROW_H - 2 * INNER_PAD_Y;
}

/** The player area's height that gives `drawPlayer` an inner area `innerHeight` tall. */
export function playerAreaHeight(innerHeight: number): number {
  return innerHeight + NAME_ROW_H + 2 * INNER_PAD_Y;
}

/** Width of the inner area a player area hands to `drawPlayer`, with `perRow` players side by side. */
export function playerInnerWidth(perRow: 1 | 2): number {
  const areaW = (TABLEAU_PICTURE_WIDTH - 2 * MARGIN - (perRow - 1) * PLAYERS_GAP) / perRow;
  return areaW - 2 * AREA_PAD;
}

/** The tone of the header's status: someone must act, a neutral note, or the end of the game. */
export type StatusTone = "turn" | "info" | "win" | "loss";

export interface PlayerArea {
  /** Already cleaned (see `pictureName`); cut further to fit. */
  name: string;
  /** The player who must act: gold frame and a ▶ marker. */
  active: boolean;
  /** Small pills after the name (a role, "starts", a count). */
  tags: string[];
}

/** The words the tableau draws itself, already in the picture's language (the caller's catalog). */
export interface TableauLabels {
  /** The header's count, e.g. "12 cards left". */
  cardsLeft: string;
  /** What an empty column shows, e.g. "empty". */
  emptyColumn: string;
}

export interface TableauPicture {
  title: string;
  columns: readonly Column[];
  labels: TableauLabels;
  status: { text: string; tone: StatusTone };
  fourColour?: boolean;
  /** The reader's language, for the court cards' letters. */
  locale: Locale;
  players: PlayerArea[];
  /** Height of each player area, name row included (see `playerAreaHeight`). */
  playerAreaHeight: number;
  /** Player areas side by side (2) or one under the other (1, the default). */
  playersPerRow?: 1 | 2;
  /** Draws one player's own things inside `inner` (the area below the name row). */
  drawPlayer(ctx: CanvasRenderingContext2D, seat: number, inner: Rect): void;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * A display name as the picture shows it: one clean line without emoji (the shipped font has no
 * emoji and would draw boxes), cut to `maxChars` characters with an ellipsis.
 */
export function pictureName(
  names: Record<string, string>,
  id: string | null | undefined,
  maxChars = 40,
): string {
  const raw = id ? (names[id] ?? "") : "";
  const name = drawableName(raw) || "?";
  const parts = Array.from(graphemes.segment(name), (g) => g.segment);
  return parts.length <= maxChars
    ? name
    : `${parts
        .slice(0, maxChars - 1)
        .join("")
        .trimEnd()}…`;
}

const STATUS_COLOURS: Record<StatusTone, { bg: string; fg: string }> = {
  turn: { bg: THEME.highlight, fg: THEME.highlightText },
  info: { bg: "rgba(255, 255, 255, 0.16)", fg: THEME.text },
  win: { bg: THEME.good, fg: "#0b2a16" },
  loss: { bg: THEME.bad, fg: "#2a0707" },
};

/**
 * A tableau card: the shared face in its "strip" layout, drawn once per card and size and then
 * copied (a table holds up to 52 cards).
 */
export function drawTableauCard(
  ctx: CanvasRenderingContext2D,
  card: Card,
  x: number,
  y: number,
  w: number,
  h: number,
  locale: Locale,
  style: { fourColour?: boolean } = {},
): void {
  const fourColour = style.fourColour ?? false;
  const face = cachedCard(
    `strip|${card.rank}${card.suit}|${fourColour ? 4 : 2}|${locale}`,
    (c, px, py, pw, ph) => drawCardFace(c, card, px, py, pw, ph, { layout: "strip", fourColour, locale }),
    deviceScale(ctx),
  );
  face(ctx, x, y, w, h);
}

function tableauCard(card: Card, locale: Locale, style: { fourColour: boolean }): CardPainter {
  return (ctx, x, y, w, h) => drawTableauCard(ctx, card, x, y, w, h, locale, style);
}

/** Height of the cards of a row of columns, the deepest `depth` cards deep. */
function rowCardsHeight(depth: number): number {
  return depth === 0 ? CLEARED_ROW_H : CARD_H + (depth - 1) * STEP + COLUMN_PAD;
}

/** Height of each row of columns, from the deepest column in it. */
function rowHeights(columns: readonly Column[]): number[] {
  return Array.from({ length: Math.ceil(TABLEAU_COLUMNS / ROW_COLUMNS) }, (_, row) => {
    const depth = Math.max(
      0,
      ...columns.slice(row * ROW_COLUMNS, (row + 1) * ROW_COLUMNS).map((column) => column.length),
    );
    return NUMBERS_H + rowCardsHeight(depth);
  });
}

/** Height the 13 columns take, row gaps included; none once every column is cleared. */
export function tableauHeight(columns: readonly Column[]): number {
  if (columns.every((column) => column.length === 0)) return 0;
  const rows = rowHeights(columns);
  return rows.reduce((sum, h) => sum + h, 0) + (rows.length - 1) * ROW_GAP;
}

/** The 13 numbered columns at (x, y), 7 in the first row and 6 in the second; returns the area used. */
export function drawTableau(
  ctx: CanvasRenderingContext2D,
  columns: readonly Column[],
  x: number,
  y: number,
  locale: Locale,
  opts: { fourColour?: boolean; emptyLabel?: string } = {},
): Rect {
  const fourColour = opts.fourColour ?? false;
  const area = { x, y, w: TABLEAU_PICTURE_WIDTH - 2 * MARGIN, h: tableauHeight(columns) };
  if (area.h === 0) return area;
  const rows = rowHeights(columns);
  const rowTops = rows.map((_, r) => y + rows.slice(0, r).reduce((sum, h) => sum + h + ROW_GAP, 0));
  for (let c = 0; c < TABLEAU_COLUMNS; c++) {
    const row = Math.floor(c / ROW_COLUMNS);
    const cx = x + (c % ROW_COLUMNS) * (CARD_W + GAP);
    const cy = rowTops[row] ?? y;
    const cards = columns[c] ?? [];
    drawBadge(ctx, String(c + 1), cx + CARD_W / 2, cy + NUMBERS_H / 2 - 3, {
      size: 26,
      align: "center",
      bg: "rgba(0, 0, 0, 0.45)",
      fg: THEME.text,
      cache: true,
    });
    const top = cy + NUMBERS_H;
    if (cards.length === 0) {
      const slotH = Math.min(CARD_H, (rows[row] ?? 0) - NUMBERS_H - COLUMN_PAD);
      drawEmptySlot(ctx, cx, top, CARD_W, slotH, opts.emptyLabel, {
        colour: THEME.textMuted,
        labelSize: TABLEAU_MIN_TEXT,
      });
      continue;
    }
    const painters = cards.map((card) => tableauCard(card, locale, { fourColour }));
    drawColumn(ctx, painters, cx, top, CARD_W, CARD_H, { step: STEP, max: rowCardsHeight(TABLEAU_DEPTH) });
  }
  return area;
}

/** Title and cards left on the first line; whose turn it is (or the result) big on the second. */
function drawHeader(ctx: CanvasRenderingContext2D, picture: TableauPicture, width: number): void {
  const cy = MARGIN + TITLE_H / 2 - 4;
  const left = drawBadge(ctx, picture.labels.cardsLeft, width - MARGIN, cy, {
    size: 24,
    align: "right",
    bg: "rgba(0, 0, 0, 0.45)",
    cache: true,
  });
  drawText(ctx, picture.title, MARGIN, cy, { size: 34, bold: true, maxWidth: left.x - MARGIN - 16 });
  const colours = STATUS_COLOURS[picture.status.tone];
  // Shrunk (not below 24 px) before it is cut: whose turn it is must stay whole where it can.
  const room = width - 2 * MARGIN - 2 * Math.round(STATUS_SIZE * 0.6);
  drawBadge(ctx, picture.status.text, MARGIN, MARGIN + TITLE_H + STATUS_H / 2 - 6, {
    size: fitFontSize(ctx, picture.status.text, room, STATUS_SIZE, true, 24),
    bg: colours.bg,
    fg: colours.fg,
    maxWidth: width - 2 * MARGIN,
  });
}

function drawPlayerArea(ctx: CanvasRenderingContext2D, player: PlayerArea, area: Rect): Rect {
  // The player to act shows by the gold frame and marker; the fill stays dark under every player,
  // so muted and gold words keep their contrast on it.
  drawPanel(ctx, area.x, area.y, area.w, area.h, {
    fill: THEME.panel,
    stroke: player.active ? THEME.highlight : THEME.panelStroke,
    lineWidth: player.active ? 4 : 2,
  });
  const cy = area.y + NAME_ROW_H / 2 + 6;
  let x = area.x + 18;
  if (player.active) {
    drawArrow(ctx, x + 10, cy, 24, "right", THEME.highlight);
    x += 32;
  }
  ctx.font = font(TAG_SIZE, true);
  const tagsW = Math.min(
    area.w * 0.5,
    player.tags.reduce((w, tag) => w + measureText(ctx, tag).width + 2 * TAG_PAD + 8, 14),
  );
  // White, not gold, on the gold-tinted area of the player to act: gold on it reads too faintly.
  const nameW = drawText(ctx, player.name, x, cy, {
    size: 30,
    bold: true,
    colour: THEME.text,
    maxWidth: area.x + area.w - 18 - x - tagsW,
  });
  let tagX = x + nameW + 14;
  for (const tag of player.tags) {
    const box = drawBadge(ctx, tag, tagX, cy, {
      size: TAG_SIZE,
      bg: player.active ? THEME.highlight : "rgba(255, 255, 255, 0.16)",
      fg: player.active ? THEME.highlightText : THEME.text,
      maxWidth: area.x + area.w - 14 - tagX,
      // Tags are a few fixed words and counts per language ("started", "twelves?", "5 pairs").
      cache: true,
    });
    tagX += box.w + 8;
  }
  return {
    x: area.x + AREA_PAD,
    y: area.y + NAME_ROW_H + INNER_PAD_Y,
    w: area.w - 2 * AREA_PAD,
    h: playerInnerHeight(area.h),
  };
}

/**
 * The whole table picture as a PNG: header, the two rows of columns, then the players, one under
 * the other or side by side.
 */
export function renderTableauPicture(picture: TableauPicture): Buffer {
  const width = TABLEAU_PICTURE_WIDTH;
  const perRow = picture.playersPerRow ?? 1;
  const tableauY = MARGIN + HEADER_H;
  const playersY = tableauY + tableauHeight(picture.columns) + PLAYERS_GAP;
  const rows = Math.max(1, Math.ceil(picture.players.length / perRow));
  const height = playersY + rows * picture.playerAreaHeight + (rows - 1) * PLAYERS_GAP + MARGIN;
  const { canvas, ctx } = tableCanvas(width, height);
  drawHeader(ctx, picture, width);
  drawTableau(ctx, picture.columns, MARGIN, tableauY, picture.locale, {
    fourColour: picture.fourColour ?? false,
    emptyLabel: picture.labels.emptyColumn,
  });
  const areaW = playerInnerWidth(perRow) + 2 * AREA_PAD;
  picture.players.forEach((player, seat) => {
    const area = {
      x: MARGIN + (seat % perRow) * (areaW + PLAYERS_GAP),
      y: playersY + Math.floor(seat / perRow) * (picture.playerAreaHeight + PLAYERS_GAP),
      w: areaW,
      h: picture.playerAreaHeight,
    };
    picture.drawPlayer(ctx, seat, drawPlayerArea(ctx, player, area));
  });
  return finishPng(canvas);
}
