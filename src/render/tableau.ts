import type { CanvasRenderingContext2D } from "canvas";
import type { Card } from "../engine/core/cards.js";
import type { Column } from "../engine/core/tableau.js";
import { TABLEAU_COLUMNS, TABLEAU_DEPTH } from "../engine/core/tableau.js";
import type { Locale } from "../i18n/locale.js";
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
  drawColumn,
  drawEmptySlot,
  drawFelt,
  drawPanel,
  drawText,
  finishPng,
  fitFontSize,
  font,
  newCanvas,
  type Rect,
  STRIP_INDEX_SCALE,
  THEME,
} from "./primitives.js";

/**
 * The picture shared by Twelves and Stacking: a header (title, whose turn or the result, cards
 * left), the 13 numbered columns of the face-up tableau, and a row of player areas that each
 * game fills with its own things (pairs, foundations). Only the top cards stand out: covered
 * cards are shaded, so their corners stay readable for planning but never look takeable.
 */

/**
 * Laid out for a phone: Discord shows the picture about 400 px wide there, so the 13 columns stand
 * in two rows (7 + 6) and the picture is about 850 px wide: a rank's glyph is then ≈ 16 px tall at
 * 400 px, and the turn badge and names stay readable too. Columns keep their numbers (1–13).
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
/** Room for four cards plus the card shadow. */
const COLUMN_H = CARD_H + (TABLEAU_DEPTH - 1) * STEP + 12;
const TABLEAU_ROWS = Math.ceil(TABLEAU_COLUMNS / ROW_COLUMNS);
const TABLEAU_H = TABLEAU_ROWS * (NUMBERS_H + COLUMN_H) + (TABLEAU_ROWS - 1) * ROW_GAP;
const PLAYERS_GAP = 16;
const TAG_SIZE = 22;
/** drawBadge's horizontal padding at TAG_SIZE. */
const TAG_PAD = Math.round(TAG_SIZE * 0.6);

export const TABLEAU_PICTURE_WIDTH = 2 * MARGIN + ROW_COLUMNS * CARD_W + (ROW_COLUMNS - 1) * GAP;
/** A tableau card's width in the picture (its rank is `STRIP_INDEX_SCALE` of it). */
export const TABLEAU_CARD_WIDTH = CARD_W;

/** Width of the inner area a player area hands to `drawPlayer` (players stand one under the other). */
export const PLAYER_INNER_WIDTH = TABLEAU_PICTURE_WIDTH - 2 * MARGIN - 28;

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
  /** Columns (0-based) whose top card glows gold: the viewer's legal choices in a panel picture. */
  highlight?: ReadonlySet<number>;
  fourColour?: boolean;
  /** The reader's language, for the court cards' letters. */
  locale: Locale;
  players: PlayerArea[];
  /** Height of each player area, name row included. */
  playerAreaHeight: number;
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
 * A tableau card: the shared face in its "strip" layout, shaded when covered, lit when takeable.
 * The plain face is drawn once per card and size and then copied (a table holds up to 52 cards).
 */
export function drawTableauCard(
  ctx: CanvasRenderingContext2D,
  card: Card,
  x: number,
  y: number,
  w: number,
  h: number,
  locale: Locale,
  style: { covered?: boolean; glow?: boolean; fourColour?: boolean } = {},
): void {
  const fourColour = style.fourColour ?? false;
  const covered = style.covered ?? false;
  // The shading of a covered card is part of the cached copy; the glow is drawn over it.
  const face = cachedCard(
    `strip|${card.rank}${card.suit}|${fourColour ? 4 : 2}|${covered ? "covered" : "top"}|${locale}`,
    (c, px, py, pw, ph) =>
      drawCardFace(c, card, px, py, pw, ph, { layout: "strip", fourColour, covered, locale }),
    deviceScale(ctx),
  );
  face(ctx, x, y, w, h);
  if (style.glow) cardFinish(ctx, x, y, w, h, { highlight: true });
}

function tableauCard(
  card: Card,
  locale: Locale,
  style: { covered: boolean; glow: boolean; fourColour: boolean },
): CardPainter {
  return (ctx, x, y, w, h) => drawTableauCard(ctx, card, x, y, w, h, locale, style);
}

/** The 13 numbered columns at (x, y), 7 in the first row and 6 in the second; returns the area used. */
export function drawTableau(
  ctx: CanvasRenderingContext2D,
  columns: readonly Column[],
  x: number,
  y: number,
  locale: Locale,
  opts: { highlight?: ReadonlySet<number>; fourColour?: boolean; emptyLabel?: string } = {},
): Rect {
  const fourColour = opts.fourColour ?? false;
  for (let c = 0; c < TABLEAU_COLUMNS; c++) {
    const cx = x + (c % ROW_COLUMNS) * (CARD_W + GAP);
    const cy = y + Math.floor(c / ROW_COLUMNS) * (NUMBERS_H + COLUMN_H + ROW_GAP);
    const cards = columns[c] ?? [];
    const glow = opts.highlight?.has(c) === true && cards.length > 0;
    drawBadge(ctx, String(c + 1), cx + CARD_W / 2, cy + NUMBERS_H / 2 - 3, {
      size: 26,
      align: "center",
      bg: glow ? THEME.highlight : "rgba(0, 0, 0, 0.45)",
      fg: glow ? THEME.highlightText : THEME.text,
      cache: true,
    });
    const top = cy + NUMBERS_H;
    if (cards.length === 0) {
      drawEmptySlot(ctx, cx, top, CARD_W, CARD_H, opts.emptyLabel);
      continue;
    }
    const painters = cards.map((card, i) => {
      const covered = i < cards.length - 1;
      return tableauCard(card, locale, { covered, glow: glow && !covered, fourColour });
    });
    drawColumn(ctx, painters, cx, top, CARD_W, CARD_H, { step: STEP, max: COLUMN_H });
  }
  return { x, y, w: TABLEAU_PICTURE_WIDTH - 2 * MARGIN, h: TABLEAU_H };
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
  drawPanel(ctx, area.x, area.y, area.w, area.h, {
    fill: player.active ? "rgba(255, 204, 51, 0.14)" : THEME.panel,
    stroke: player.active ? THEME.highlight : THEME.panelStroke,
    lineWidth: player.active ? 4 : 2,
  });
  const rowH = 46;
  const cy = area.y + rowH / 2 + 6;
  let x = area.x + 18;
  if (player.active) {
    drawArrow(ctx, x + 10, cy, 24, "right", THEME.highlight);
    x += 32;
  }
  ctx.font = font(TAG_SIZE, true);
  const tagsW = Math.min(
    area.w * 0.5,
    player.tags.reduce((w, tag) => w + ctx.measureText(tag).width + 2 * TAG_PAD + 8, 14),
  );
  const nameW = drawText(ctx, player.name, x, cy, {
    size: 30,
    bold: true,
    colour: player.active ? THEME.highlight : THEME.text,
    maxWidth: area.x + area.w - 18 - x - tagsW,
  });
  let tagX = x + nameW + 14;
  for (const tag of player.tags) {
    const box = drawBadge(ctx, tag, tagX, cy, {
      size: TAG_SIZE,
      bg: player.active ? THEME.highlight : "rgba(255, 255, 255, 0.16)",
      fg: player.active ? THEME.highlightText : THEME.text,
      maxWidth: area.x + area.w - 14 - tagX,
      // Tags are a few fixed words per language ("started", "12s?").
      cache: true,
    });
    tagX += box.w + 8;
  }
  return { x: area.x + 14, y: area.y + rowH + 8, w: area.w - 28, h: area.h - rowH - 16 };
}

/** The whole table picture as a PNG: header, the two rows of columns, then the players one under the other. */
export function renderTableauPicture(picture: TableauPicture): Buffer {
  const width = TABLEAU_PICTURE_WIDTH;
  const tableauY = MARGIN + HEADER_H;
  const playersY = tableauY + TABLEAU_H + PLAYERS_GAP;
  const n = Math.max(1, picture.players.length);
  const height = playersY + n * picture.playerAreaHeight + (n - 1) * PLAYERS_GAP + MARGIN;
  const { canvas, ctx } = newCanvas(width, height, { opaque: true });
  drawFelt(ctx, width, height);
  drawHeader(ctx, picture, width);
  drawTableau(ctx, picture.columns, MARGIN, tableauY, picture.locale, {
    ...(picture.highlight ? { highlight: picture.highlight } : {}),
    fourColour: picture.fourColour ?? false,
    emptyLabel: picture.labels.emptyColumn,
  });
  picture.players.forEach((player, seat) => {
    const area = {
      x: MARGIN,
      y: playersY + seat * (picture.playerAreaHeight + PLAYERS_GAP),
      w: width - 2 * MARGIN,
      h: picture.playerAreaHeight,
    };
    picture.drawPlayer(ctx, seat, drawPlayerArea(ctx, player, area));
  });
  return finishPng(canvas);
}
