import type { CanvasRenderingContext2D } from "canvas";
import { painting } from "./jobs.js";
import {
  drawableName,
  drawFelt,
  drawPanel,
  drawText,
  finishPng,
  fitFontSize,
  newCanvas,
  TABLE_PICTURE_WIDTH,
  THEME,
} from "./primitives.js";

/** How a cell's text reads: plain, quieter, or a rise or fall. */
export type BoardTone = "plain" | "muted" | "up" | "down";

export interface BoardCell {
  text: string;
  tone?: BoardTone;
}

export interface BoardColumn {
  heading: string;
  /** Its part of the row's width; a board's parts add up to 1. */
  share: number;
  align: "left" | "right";
  /** A column of people's names: drawn without what the font lacks (emoji), robots with ⚙. */
  names?: boolean;
}

/**
 * A ranked board: a title, a subtitle, and rows of columns under their headings, best first (a
 * game's leaderboard, a day's results). Every word is given, already in the reader's language.
 */
export interface RankedBoard {
  title: string;
  subtitle: string;
  columns: readonly BoardColumn[];
  rows: readonly (readonly BoardCell[])[];
  /** A line under the rows that explains a mark in them; empty for none. */
  footnote: string;
}

const WIDTH = TABLE_PICTURE_WIDTH;
const MARGIN = 20;
const CELL_PAD = 8;
// Sizes at 600 px wide: a phone shows the picture 400 px wide, where the smallest (20) is 13 px.
const TITLE_SIZE = 36;
const TITLE_MIN = 26;
const SUBTITLE_SIZE = 24;
const HEADING_SIZE = 21;
/** A heading wider than its column shrinks to this, still 11 px on a phone, before it is cut. */
const HEADING_MIN = 17;
const ROW_SIZE = 27;
/** A cell wider than its column shrinks to this, 13 px on a phone, before it is cut. */
const CELL_MIN = 20;
const FOOTNOTE_SIZE = 20;
const TITLE_H = 52;
const SUBTITLE_H = 36;
const HEADING_H = 40;
const ROW_H = 50;
const FOOTNOTE_H = 40;

const TONES: Record<BoardTone, string> = {
  plain: THEME.text,
  muted: THEME.textMuted,
  up: THEME.good,
  down: THEME.bad,
};

/** The picture's height for `rows` rows. */
function boardHeight(board: RankedBoard): number {
  const footnote = board.footnote ? FOOTNOTE_H : 0;
  return MARGIN + TITLE_H + SUBTITLE_H + 12 + HEADING_H + board.rows.length * ROW_H + footnote + MARGIN;
}

/** Each column's left edge and width across the row. */
function columnBoxes(columns: readonly BoardColumn[]): { x: number; w: number }[] {
  const inner = WIDTH - 2 * MARGIN;
  let x = MARGIN;
  return columns.map((column) => {
    const box = { x, w: inner * column.share };
    x += box.w;
    return box;
  });
}

function drawCell(
  ctx: CanvasRenderingContext2D,
  column: BoardColumn,
  box: { x: number; w: number },
  y: number,
  cell: { text: string; size: number; bold?: boolean; colour: string },
): void {
  const right = column.align === "right";
  const text = column.names ? drawableName(cell.text) : cell.text;
  // A long score ("38 cards on own foundations") shrinks to stay whole; a long name is cut instead.
  const size = column.names
    ? cell.size
    : fitFontSize(ctx, text, box.w - 2 * CELL_PAD, cell.size, cell.bold ?? false, CELL_MIN);
  drawText(ctx, text, right ? box.x + box.w - CELL_PAD : box.x + CELL_PAD, y, {
    size,
    bold: cell.bold ?? false,
    colour: cell.colour,
    align: right ? "right" : "left",
    maxWidth: box.w - 2 * CELL_PAD,
  });
}

export function renderBoard(board: RankedBoard): Buffer {
  const height = boardHeight(board);
  const { canvas, ctx } = newCanvas(WIDTH, height, { opaque: true });
  drawFelt(ctx, WIDTH, height);
  const textWidth = WIDTH - 2 * MARGIN;
  let y = MARGIN;
  drawText(ctx, board.title, MARGIN, y + TITLE_H / 2, {
    // A long game's title ("Dagelijks Sir Tommy voor twee #341") shrinks before it is cut.
    size: fitFontSize(ctx, board.title, textWidth, TITLE_SIZE, true, TITLE_MIN),
    bold: true,
    colour: THEME.highlight,
    maxWidth: textWidth,
  });
  y += TITLE_H;
  drawText(ctx, board.subtitle, MARGIN, y + SUBTITLE_H / 2, {
    size: SUBTITLE_SIZE,
    colour: THEME.textMuted,
    maxWidth: textWidth,
  });
  y += SUBTITLE_H + 12;
  const boxes = columnBoxes(board.columns);
  board.columns.forEach((column, i) => {
    drawCell(ctx, column, boxes[i]!, y + HEADING_H / 2, {
      text: column.heading,
      size: fitFontSize(ctx, column.heading, boxes[i]!.w - 2 * CELL_PAD, HEADING_SIZE, true, HEADING_MIN),
      bold: true,
      colour: THEME.textFaint,
    });
  });
  y += HEADING_H;
  board.rows.forEach((row, r) => {
    // Every other row on a band, so a phone's reader follows a row across.
    if (r % 2 === 0)
      drawPanel(ctx, MARGIN, y + 2, textWidth, ROW_H - 4, { radius: 10, stroke: "rgba(0, 0, 0, 0)" });
    board.columns.forEach((column, i) => {
      const cell = row[i];
      if (!cell) return;
      drawCell(ctx, column, boxes[i]!, y + ROW_H / 2, {
        text: cell.text,
        size: ROW_SIZE,
        bold: i === 0,
        colour: TONES[cell.tone ?? "plain"],
      });
    });
    y += ROW_H;
  });
  if (board.footnote) {
    drawText(ctx, board.footnote, MARGIN, y + FOOTNOTE_H / 2 + 4, {
      size: FOOTNOTE_SIZE,
      colour: THEME.textMuted,
      maxWidth: textWidth,
    });
  }
  return finishPng(canvas);
}

/** The ranked board's picture, drawn by any render worker (the worker loads this module itself). */
export const boardPainting = painting<RankedBoard>("board", renderBoard);
