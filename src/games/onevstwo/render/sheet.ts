import type { CanvasRenderingContext2D } from "canvas";
import { type Card, SUIT_SYMBOL } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { Words } from "../../../i18n/index.js";
import {
  drawBadge,
  drawPanel,
  drawText,
  finishPng,
  font,
  measureText,
  THEME,
  tableCanvas,
  wrapText,
} from "../../../render/primitives.js";
import type { OnevstwoPublicView, SheetLine } from "../engine/types.js";

import {
  BAD_TEXT,
  BLUE_SUIT_TEXT,
  drawContractPill,
  HEADER_TOP,
  INNER,
  LABEL,
  MARGIN,
  NAME_SIZE,
  nameOf,
  RED_SUIT_TEXT,
  WIDTH,
} from "./pieces.js";

/**
 * One versus Two's result picture (public view), between games and once the match is over: the game
 * just finished and the match's score sheet.
 */

const fourPlayers = (view: OnevstwoPublicView): boolean => view.players.length === 4;

/** The columns of the sheet: one per player (3) or per pair (4), each with its members. */
function sheetColumns(view: OnevstwoPublicView): PlayerId[][] {
  return view.pairs ? view.pairs.map((pair) => [...pair]) : view.players.map((p) => [p]);
}

function columnName(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  members: PlayerId[],
  words: Words,
): string {
  return members.map((m) => nameOf(view, names, m, words)).join(" & ");
}

/** Whether a column (a player, or a pair by either member) holds the best total. */
function leads(view: OnevstwoPublicView, members: PlayerId[]): boolean {
  return view.standings.some((s) => s.first && s.members.includes(members[0] as PlayerId));
}

function resultWords(line: SheetLine, words: Words): { text: string; colour: string } {
  if (line.made) {
    return {
      text:
        line.margin > 0
          ? words("onevstwo.pic.madeOver", { over: line.margin })
          : words("onevstwo.pic.madeExactly"),
      colour: THEME.good,
    };
  }
  return { text: words("onevstwo.pic.failedBy", { short: line.margin }), colour: BAD_TEXT };
}

const RESULT_HEAD_H = 168;
/** The sheet's header: the columns' headings (a pair's two names on two lines). */
const SHEET_HEAD_H = 78;
/** Score sheet rows: 27 px text, about 12 px when a phone shows the picture 400 px wide. */
const ROW_H = 42;
const SHEET_SIZE = LABEL;
const TOTAL_H = 56;
/** Under the sheet: what comes next, or who won, on up to two lines. */
const FOOT_LINE_H = 38;
const FOOT_H = 2 * FOOT_LINE_H + 20;

function resultHeight(view: OnevstwoPublicView): number {
  return HEADER_TOP + RESULT_HEAD_H + 14 + SHEET_HEAD_H + view.sheet.length * ROW_H + TOTAL_H + 8 + FOOT_H;
}

function drawResultHead(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): void {
  const line = view.sheet.at(-1);
  drawPanel(ctx, MARGIN / 2, HEADER_TOP, WIDTH - MARGIN, RESULT_HEAD_H, { radius: 16 });
  const left = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  if (!line) {
    drawText(ctx, words("onevstwo.pic.matchOver"), left, HEADER_TOP + 40, {
      size: 32,
      bold: true,
      colour: THEME.highlight,
    });
    return;
  }
  const title = words(view.phase === "over" ? "onevstwo.pic.resultLast" : "onevstwo.pic.result", {
    game: line.game,
    games: view.games,
  });
  // The contract beside the title; the boss (and servant) beside the boss's score.
  const pill = drawContractPill(ctx, line.contract, right, HEADER_TOP + 32, 30, words, {
    align: "right",
    fourColour,
  });
  drawText(ctx, title, left, HEADER_TOP + 32, {
    size: LABEL,
    bold: true,
    colour: THEME.textMuted,
    maxWidth: pill.x - 20 - left,
  });
  const row2 = HEADER_TOP + 82;
  const score = drawBadge(
    ctx,
    words("onevstwo.pic.bossScore", { score: words.signed(line.score) }),
    right,
    row2,
    {
      size: 30,
      align: "right",
      bg: line.score >= 0 ? "#1f7a45" : "#9b2c2c",
    },
  );
  const room = score.x - 24 - left;
  const roleStyle = { size: LABEL, bold: true, colour: THEME.textMuted } as const;
  const bossW = drawText(ctx, words("onevstwo.pic.role.boss"), left, row2, roleStyle);
  let x = left + bossW + 10;
  x += drawText(ctx, nameOf(view, names, line.boss, words), x, row2, {
    size: NAME_SIZE,
    bold: true,
    maxWidth: line.servant !== null ? room / 2 - bossW - 10 : room - bossW - 10,
  });
  if (line.servant !== null) {
    x += 18;
    x += drawText(ctx, words("onevstwo.pic.servantLabel"), x, row2, roleStyle) + 10;
    drawText(ctx, nameOf(view, names, line.servant, words), x, row2, {
      size: NAME_SIZE,
      bold: true,
      maxWidth: score.x - 24 - x,
    });
  }
  // Tricks, made or failed.
  const row3 = HEADER_TOP + 130;
  const result = resultWords(line, words);
  const tricks = words.count("onevstwo.pic.tricksWon", line.tricksWon, { lice: line.liceTricks });
  const tw = drawText(ctx, tricks, left, row3, { size: LABEL, bold: true });
  drawText(ctx, `· ${result.text}`, left + tw + 10, row3, { size: LABEL, bold: true, colour: result.colour });
}

/**
 * The match's score sheet: per game its boss, contract, tricks won and the boss's points
 * (the boss's side scores them, the other side the negative), then each player's (or pair's)
 * running total under their name; the totals row at the foot.
 */
function drawSheet(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  top: number,
  fourColour: boolean,
  words: Words,
): number {
  const columns = sheetColumns(view);
  const x0 = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  // Each fixed column as wide as its heading or its widest entry; the running totals share what
  // is left with the boss's name.
  const head = { size: SHEET_SIZE, bold: true, colour: THEME.textMuted } as const;
  ctx.font = font(SHEET_SIZE, true);
  const wide = (...texts: string[]) =>
    Math.ceil(Math.max(...texts.map((t) => measureText(ctx, t).width))) + 18;
  const contractW = wide(words("onevstwo.pic.contract"), `13 ${words("onevstwo.pic.nt")}`);
  const wonW = wide(words("onevstwo.pic.won"), "13");
  const pointsW = wide(words("onevstwo.pic.points"), "−1000", "+1000");
  // A column holds its widest total, the leader's with its star, without reaching the next one.
  const totals = columns.map((members) => `★ ${words.number(view.totals[members[0] as PlayerId] ?? 0)}`);
  // The boss's column keeps room for its own heading however wide the totals grow.
  const bossMin = wide(words("onevstwo.pic.role.boss"));
  const colW = Math.min(
    Math.max(wide("−0000", ...totals), (right - x0) * (columns.length === 2 ? 0.19 : 0.13)),
    (right - x0 - bossMin - pointsW - wonW - contractW) / columns.length,
  );
  const scoresX = right - columns.length * colW;
  const bossX = x0;
  const bossW = scoresX - pointsW - wonW - contractW - bossX;
  const contractX = bossX + bossW;
  const wonX = contractX + contractW;
  const pointsX = wonX + wonW;
  const height = SHEET_HEAD_H + view.sheet.length * ROW_H + TOTAL_H;
  drawPanel(ctx, MARGIN / 2, top, WIDTH - MARGIN, height + 8, { radius: 16 });
  // Header row.
  const hy = top + SHEET_HEAD_H / 2 + 2;
  drawText(ctx, words("onevstwo.pic.role.boss"), bossX + 4, hy, { ...head, maxWidth: bossW - 8 });
  drawText(ctx, words("onevstwo.pic.contract"), contractX + contractW / 2, hy, { ...head, align: "center" });
  drawText(ctx, words("onevstwo.pic.won"), wonX + wonW / 2, hy, { ...head, align: "center" });
  drawText(ctx, words("onevstwo.pic.points"), pointsX + pointsW - 10, hy, { ...head, align: "right" });
  const over = view.phase === "over";
  columns.forEach((members, i) => {
    const cellRight = scoresX + (i + 1) * colW - 10;
    const lead = over && leads(view, members);
    const style = {
      size: SHEET_SIZE,
      bold: true,
      colour: lead ? THEME.highlight : THEME.text,
      align: "right",
      maxWidth: colW - 14,
    } as const;
    if (members.length === 2) {
      drawText(ctx, nameOf(view, names, members[0] as PlayerId, words), cellRight, hy - 17, style);
      drawText(ctx, `& ${nameOf(view, names, members[1] as PlayerId, words)}`, cellRight, hy + 17, style);
    } else {
      drawText(ctx, nameOf(view, names, members[0] as PlayerId, words), cellRight, hy, style);
    }
  });
  ctx.fillStyle = "rgba(255, 255, 255, 0.25)";
  ctx.fillRect(x0, top + SHEET_HEAD_H - 2, right - x0, 2);
  // One row per game (rounds apart by a line): the boss, the contract, the tricks, the boss's
  // points, each running total.
  view.sheet.forEach((line, r) => {
    const y = top + SHEET_HEAD_H + r * ROW_H;
    const cy = y + ROW_H / 2;
    const latest = r === view.sheet.length - 1;
    if (latest) {
      // Outlined in gold, not filled: a light fill would take red and green words under 4.5:1.
      ctx.lineWidth = 2;
      ctx.strokeStyle = THEME.highlight;
      ctx.strokeRect(x0 - 5, y + 2, right - x0 + 10, ROW_H - 4);
    } else if (r % 2 === 1) {
      ctx.fillStyle = "rgba(0, 0, 0, 0.14)";
      ctx.fillRect(x0 - 6, y + 1, right - x0 + 12, ROW_H - 2);
    }
    if (r > 0 && view.sheet[r - 1]?.round !== line.round) {
      ctx.fillStyle = "rgba(255, 255, 255, 0.3)";
      ctx.fillRect(x0 - 6, y - 1, right - x0 + 12, 2);
    }
    drawText(ctx, nameOf(view, names, line.boss, words), bossX + 4, cy, {
      size: SHEET_SIZE,
      maxWidth: bossW - 12,
    });
    const c = line.contract;
    const trump = c.trump === null ? words("onevstwo.pic.nt") : SUIT_SYMBOL[c.trump];
    const trumpColour = c.trump === null ? THEME.text : suitTint(c.trump, fourColour);
    const trumpSize = c.trump === null ? SHEET_SIZE : SHEET_SIZE + 2;
    ctx.font = font(SHEET_SIZE, true);
    const numW = measureText(ctx, `${c.tricks} `).width;
    ctx.font = font(trumpSize, true);
    const trW = measureText(ctx, trump).width;
    const cl = contractX + contractW / 2 - (numW + trW) / 2;
    drawText(ctx, `${c.tricks} `, cl, cy, { size: SHEET_SIZE, bold: true });
    drawText(ctx, trump, cl + numW, cy, { size: trumpSize, bold: true, colour: trumpColour });
    drawText(ctx, String(line.tricksWon), wonX + wonW / 2, cy, {
      size: SHEET_SIZE,
      bold: true,
      colour: line.made ? THEME.good : BAD_TEXT,
      align: "center",
    });
    drawText(ctx, words.signed(line.score), pointsX + pointsW - 10, cy, {
      size: SHEET_SIZE,
      bold: true,
      colour: line.score > 0 ? THEME.good : line.score < 0 ? BAD_TEXT : THEME.textMuted,
      align: "right",
    });
    columns.forEach((members, i) => {
      drawText(
        ctx,
        words.number(line.totals[members[0] as PlayerId] ?? 0),
        scoresX + (i + 1) * colW - 10,
        cy,
        {
          size: SHEET_SIZE,
          bold: true,
          align: "right",
        },
      );
    });
  });
  // Totals.
  const ty = top + SHEET_HEAD_H + view.sheet.length * ROW_H;
  ctx.fillStyle = "rgba(255, 255, 255, 0.25)";
  ctx.fillRect(x0, ty, right - x0, 2);
  const tcy = ty + TOTAL_H / 2 + 2;
  const totalW = drawText(ctx, words(over ? "onevstwo.pic.final" : "onevstwo.pic.total"), x0 + 4, tcy, {
    size: 28,
    bold: true,
  });
  drawText(
    ctx,
    words("onevstwo.pic.after", { played: view.sheet.length, games: view.games }),
    x0 + 4 + totalW + 16,
    tcy,
    { size: SHEET_SIZE, colour: THEME.textMuted, maxWidth: scoresX - 16 - (x0 + totalW + 20) },
  );
  columns.forEach((members, i) => {
    const total = view.totals[members[0] as PlayerId] ?? 0;
    const lead = over && leads(view, members);
    const cellRight = scoresX + (i + 1) * colW;
    // The leader's total starred in gold: a badge would reach into the next column.
    drawText(ctx, lead ? `★ ${words.number(total)}` : words.number(total), cellRight - 10, tcy, {
      size: 28,
      bold: true,
      colour: lead ? THEME.highlight : THEME.text,
      align: "right",
    });
  });
  return height + 8;
}

/** Hearts and diamonds (and, four-coloured, clubs) in a colour readable on the dark sheet. */
function suitTint(suit: Card["suit"], fourColour: boolean): string {
  if (suit === "H") return RED_SUIT_TEXT;
  if (suit === "D") return fourColour ? BLUE_SUIT_TEXT : RED_SUIT_TEXT;
  if (suit === "C") return fourColour ? "#6fdc8c" : THEME.text;
  return THEME.text;
}

export function renderResult(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): Buffer {
  const height = resultHeight(view);
  const { canvas, ctx } = tableCanvas(WIDTH, height);
  drawResultHead(ctx, view, names, fourColour, words);
  const sheetTop = HEADER_TOP + RESULT_HEAD_H + 14;
  const sheetH = drawSheet(ctx, view, names, sheetTop, fourColour, words);
  let text: string;
  if (view.phase === "over") {
    const winners = view.standings.filter((s) => s.first).map((s) => s.members);
    text =
      winners.length === 1
        ? words(fourPlayers(view) ? "onevstwo.pic.over.winners" : "onevstwo.pic.over.winner", {
            name: columnName(view, names, winners[0] as PlayerId[], words),
          })
        : words("onevstwo.pic.over.shared", {
            names: winners.map((m) => columnName(view, names, m, words)).join(", "),
          });
  } else {
    // The name last: a long one is cut at its end, never the words that say what happens.
    text = words("onevstwo.pic.next", {
      game: view.gameNumber,
      games: view.games,
      name: nameOf(view, names, view.roles.boss, words),
    });
  }
  const lines = wrapText(ctx, text, INNER - 24, 28, { bold: true, separator: " · " }).slice(0, 2);
  const top = sheetTop + sheetH + 10 + (lines.length === 1 ? FOOT_LINE_H / 2 : 0);
  // On a dark panel, as the sheet: the gold words keep 4.5:1 there, not on the felt.
  drawPanel(ctx, MARGIN / 2, top - 4, WIDTH - MARGIN, lines.length * FOOT_LINE_H + 8, { radius: 16 });
  lines.forEach((line, i) => {
    drawText(ctx, line, WIDTH / 2, top + FOOT_LINE_H / 2 + i * FOOT_LINE_H, {
      size: 28,
      bold: true,
      colour: THEME.highlight,
      align: "center",
      maxWidth: INNER - 24,
    });
  });
  return finishPng(canvas);
}
