import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import { type Words, wordsFor } from "../../i18n/index.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import {
  type CardPainter,
  cachedCard,
  cardHeight,
  deviceScale,
  drawArrow,
  drawableName,
  drawBadge,
  drawPanel,
  drawPile,
  drawPips,
  drawPlayerStrip,
  drawText,
  finishPng,
  font,
  measureText,
  newCanvas,
  paint,
  roundedRect,
  THEME,
  tableCanvas,
  wrapText,
} from "../../render/primitives.js";
import { CARD_COUNT, HIGHEST_CARD, LOWEST_CARD } from "./engine/index.js";
import type { TheGamePublicView, TheGameSignal } from "./engine/types.js";

/** The picture of The Game: the public table, from the public view only (the panels show it too). */

/**
 * Laid out for a phone, which shows a picture about 400 px wide: in a layout 860 units wide, a text of
 * `SMALL` units comes out 11 px there, the least a phone reader can read. No text is drawn smaller.
 */
const WIDTH = 860;
const SMALL = 24;
const PAD = 20;
const PILE_W = 136;
const PILE_H = cardHeight(PILE_W);
/** What a pile takes, under it: two lines when the jump back fits, each line kept within the pile's column. */
const TAKES_SIZE = SMALL;
const TAKES_LINE_H = 30;
/** Half the least room between two piles' "takes" words. */
const TAKES_GAP = 12;
const PILES_H = 40 + PILE_H + 62 + TAKES_LINE_H;

/** The piles' band: without the "takes" lines once the game is over (nothing is taken any more). */
function pilesHeight(view: TheGamePublicView): number {
  return view.phase === "over" ? 40 + PILE_H + 40 : PILES_H;
}
/**
 * One block of table signals under a pile: the word on its colour, and below it who gave it. A pile
 * shows at most three blocks (one per kind of signal), so the table grows by at most three.
 */
const SIGNAL_BLOCK_H = 84;
const SIGNAL_WORD_SIZE = SMALL;
const SIGNAL_NAME_SIZE = 26;
const PLAYER_H = 60;
const PLAYER_GAP = 10;
const TRACKER_COLUMNS = 14;
const TRACKER_CELL_H = 42;
const TRACKER_GAP = 5;
const TRACKER_NUMBER_SIZE = 26;
const TRACKER_GRID_H = Math.ceil(CARD_COUNT / TRACKER_COLUMNS) * (TRACKER_CELL_H + TRACKER_GAP) + 6;
/** The turn panel: whose turn (and the pips) on one line, the counts on the next. */
const TURN_H = 92;

/** Player strips per row: side by side for two, then two or three a row. */
function playerColumns(players: number): number {
  return players <= 2 ? Math.max(1, players) : players <= 4 ? 2 : 3;
}

/** A player's display name, made safe to draw; "Player 2" when the name is missing or blank. */
function nameOf(view: TheGamePublicView, names: Record<string, string>, id: string, words: Words): string {
  const clean = drawableName(names[id] ?? "");
  return clean !== ""
    ? clean
    : words("thegame.pic.player", { seat: view.players.findIndex((p) => p.id === id) + 1 });
}

function directionColour(direction: "up" | "down"): string {
  return direction === "up" ? THEME.up : THEME.down;
}

/**
 * Each signal as one short capital word (the catalog's `thegame.pic.signal.<signal>`) on its own
 * colour: no numbers, readable on a phone.
 */
const SIGNAL_LOOK: Record<TheGameSignal, { bg: string; fg: string }> = {
  hold: { bg: THEME.bad, fg: "#2a0707" },
  playWell: { bg: THEME.good, fg: "#06240f" },
  bigJump: { bg: THEME.highlight, fg: THEME.highlightText },
};
const SIGNAL_ORDER: readonly TheGameSignal[] = ["hold", "playWell", "bigJump"];

/** Per pile, the kinds of signal on it (in a fixed order) with who gave each, in seat order. */
function signalBlocks(view: TheGamePublicView): { signal: TheGameSignal; players: string[] }[][] {
  // Once the game is over, signals mean nothing any more.
  if (view.phase !== "play") return view.piles.map(() => []);
  return view.piles.map((_, pile) => {
    const signals = view.signals?.[pile] ?? [];
    return SIGNAL_ORDER.flatMap((signal) => {
      const players = signals.filter((s) => s.signal === signal).map((s) => s.player);
      return players.length > 0 ? [{ signal, players }] : [];
    });
  });
}

/** Blocks of signals the table needs room for: the most kinds on one pile. */
function signalRows(view: TheGamePublicView): number {
  return Math.max(0, ...signalBlocks(view).map((blocks) => blocks.length));
}

/**
 * Under each pile, one block per kind of signal on it: the word ("HOLD", "GOOD", "JUMP") on its
 * colour, and under it the names of the players who gave it.
 */
function drawSignals(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
  columnX: (pile: number) => number,
  columnW: number,
  words: Words,
): void {
  signalBlocks(view).forEach((blocks, pile) => {
    const x = columnX(pile);
    blocks.forEach(({ signal, players }, row) => {
      const look = SIGNAL_LOOK[signal];
      const y = top + row * SIGNAL_BLOCK_H;
      const h = SIGNAL_BLOCK_H - 10;
      drawPanel(ctx, x, y, columnW, h, {
        radius: 16,
        fill: "rgba(0, 0, 0, 0.45)",
        stroke: look.bg,
        lineWidth: 3,
      });
      drawBadge(ctx, words(`thegame.pic.signal.${signal}`), x + 6, y + 25, {
        size: SIGNAL_WORD_SIZE,
        bg: look.bg,
        fg: look.fg,
        cache: true,
      });
      drawText(ctx, players.map((p) => nameOf(view, names, p, words)).join(", "), x + 10, y + h - 18, {
        size: SIGNAL_NAME_SIZE,
        bold: true,
        colour: THEME.text,
        maxWidth: columnW - 16,
      });
    });
  });
}

/**
 * What a pile takes ("takes > 76 or 66"), centred under the pile: broken before its "or" part
 * (no line wider than the pile's column less a clear gap to the next pile's words) and kept off
 * the picture's edges.
 */
function drawTakes(
  ctx: CanvasRenderingContext2D,
  takes: string,
  cx: number,
  top: number,
  column: number,
): void {
  // The sign stays with its number ("< 100"): a line breaks before it rather than after.
  const kept = takes.replace(/([<>]) /g, "$1\u00a0");
  const lines = wrapText(ctx, kept, column - 2 * TAKES_GAP, TAKES_SIZE, { bold: true });
  lines.forEach((line, i) => {
    const w = measureText(ctx, line).width;
    const left = Math.min(Math.max(cx - w / 2, PAD), WIDTH - PAD - w);
    drawText(ctx, line, left, top + i * TAKES_LINE_H, {
      size: TAKES_SIZE,
      bold: true,
      colour: THEME.text,
      maxWidth: column - 2 * TAKES_GAP,
    });
  });
}

function drawPiles(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
  words: Words,
): number {
  const gap = (WIDTH - 2 * PAD - 5 * PILE_W) / 4;
  view.piles.forEach((pile, i) => {
    const x = PAD + i * (PILE_W + gap);
    const colour = directionColour(pile.direction);
    // The arrow and the pile's number, as the panel's marks name it (▲1); "takes" below says the rest.
    drawArrow(ctx, x + PILE_W / 2 - 14, top + 18, 26, pile.direction, colour);
    drawText(ctx, `${i + 1}`, x + PILE_W / 2 + 4, top + 18, { size: 30, bold: true, colour });
    const cardTop = top + 40;
    drawPile(ctx, x, cardTop, PILE_W, PILE_H, {
      count: pile.count,
      top: paint.number(pile.top, { band: colour }),
      emptyLabel: words("thegame.pic.startsAt", { start: pile.top }),
      badgeSize: SMALL,
      emptyLabelSize: SMALL,
    });
    const back = pile.back;
    const sign = pile.direction === "up" ? ">" : "<";
    const takes =
      back !== null
        ? words("thegame.pic.takesOrBack", { sign, top: pile.top, back })
        : words("thegame.pic.takes", { sign, top: pile.top });
    // Once the game is over, nothing is taken any more.
    if (view.phase !== "over") drawTakes(ctx, takes, x + PILE_W / 2, cardTop + PILE_H + 36, PILE_W + gap);
  });
  const drawX = WIDTH - PAD - PILE_W;
  drawText(ctx, words("thegame.pic.drawPile"), drawX + PILE_W / 2, top + 18, {
    size: SMALL,
    bold: true,
    colour: THEME.textMuted,
    align: "center",
  });
  drawPile(ctx, drawX, top + 40, PILE_W, PILE_H, {
    count: view.drawPileCount,
    top: null,
    countLabel: words("thegame.pic.drawLeft", { count: view.drawPileCount }),
    emptyLabel: words("thegame.pic.drawEmpty"),
    badgeSize: SMALL,
    emptyLabelSize: SMALL,
  });
  // The signals under the piles, each column as wide as a pile and most of the gap beside it.
  drawSignals(
    ctx,
    view,
    names,
    top + PILES_H - 8,
    (pile) => PAD + pile * (PILE_W + gap) - 8,
    PILE_W + gap - 8,
    words,
  );
  return top + pilesHeight(view) + signalRows(view) * SIGNAL_BLOCK_H;
}

function drawPlayers(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
  words: Words,
): number {
  const columns = playerColumns(view.players.length);
  const rows = Math.ceil(view.players.length / columns);
  const gap = PLAYER_GAP;
  const w = (WIDTH - 2 * PAD - (columns - 1) * gap) / columns;
  const h = PLAYER_H;
  view.players.forEach((player, i) => {
    const x = PAD + (i % columns) * (w + gap);
    const y = top + Math.floor(i / columns) * (h + gap);
    const active = view.active === player.id;
    drawPlayerStrip(ctx, x, y, w, h, {
      name: nameOf(view, names, player.id, words),
      count: player.handCount,
      active,
      ...(active
        ? { tag: words("thegame.pic.playing") }
        : player.handCount === 0 && view.phase === "play"
          ? { tag: words("thegame.pic.out"), muted: true }
          : {}),
    });
  });
  return top + rows * (h + gap) + 6;
}

const CLAIM_LINE_H = 36;

/** "Who starts? …", wrapped to the turn panel. */
function claimLines(ctx: CanvasRenderingContext2D, words: Words): string[] {
  return wrapText(ctx, words("thegame.pic.claim"), WIDTH - 2 * PAD - 40, 28, { bold: true });
}

function turnHeight(ctx: CanvasRenderingContext2D, view: TheGamePublicView, words: Words): number {
  return view.phase === "claim" ? 28 + claimLines(ctx, words).length * CLAIM_LINE_H : TURN_H;
}

function drawTurn(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
  words: Words,
): number {
  const h = turnHeight(ctx, view, words);
  drawPanel(ctx, PAD, top, WIDTH - 2 * PAD, h, { radius: 18 });
  const left = PAD + 20;
  const right = WIDTH - PAD - 20;
  if (view.phase === "claim") {
    claimLines(ctx, words).forEach((line, i) => {
      drawText(ctx, line, left, top + 32 + i * CLAIM_LINE_H, {
        size: 28,
        bold: true,
        colour: THEME.highlight,
        maxWidth: right - left,
      });
    });
    return top + h + 14;
  }
  // First line: whose turn, and the turn's cards as pips on the right.
  const cy = top + 28;
  const pipR = 11;
  const pips = Math.max(view.playedThisTurn, view.minimumThisTurn);
  const pipsW = pips * 2 * pipR + Math.max(0, pips - 1) * 6;
  drawPips(ctx, right - pipsW, cy, view.playedThisTurn, view.minimumThisTurn, {
    radius: pipR,
    colour: view.playedThisTurn >= view.minimumThisTurn ? THEME.good : THEME.highlight,
  });
  const who = view.active === null ? "" : nameOf(view, names, view.active, words);
  // "{player}'s turn": the words around the name are drawn whole, only the name is cut.
  const [before = "", after = ""] = words("thegame.pic.turnOf").split("{player}");
  const turn = { size: 28, bold: true, colour: THEME.highlight };
  ctx.font = font(28, true);
  const aroundW = measureText(ctx, before).width + measureText(ctx, after).width;
  let x = left;
  if (before !== "") x += drawText(ctx, before, x, cy, turn);
  x += drawText(ctx, who, x, cy, { ...turn, maxWidth: right - pipsW - 20 - left - aroundW });
  if (after !== "") drawText(ctx, after, x, cy, turn);
  // Second line: the turn's count against its minimum, and the cards not yet played.
  const cy2 = top + h - 26;
  const notPlayed = words.count("thegame.pic.notPlayed", view.cardsLeft);
  const used = drawText(ctx, notPlayed, right, cy2, { size: SMALL, bold: true, align: "right" });
  drawText(
    ctx,
    words("thegame.pic.played", { played: view.playedThisTurn, minimum: view.minimumThisTurn }),
    left,
    cy2,
    {
      size: SMALL,
      colour: THEME.textMuted,
      maxWidth: right - used - 20 - left,
    },
  );
  return top + h + 14;
}

/** The tracker's heading and key: on one line when both fit, the key under the heading otherwise. */
function trackerHeading(ctx: CanvasRenderingContext2D, view: TheGamePublicView, words: Words) {
  const title = words("thegame.pic.tracker");
  const key = words("thegame.pic.trackerKey", { out: view.cardsLeft, played: view.playedCards.length });
  ctx.font = font(SMALL, true);
  const titleW = measureText(ctx, title).width;
  ctx.font = font(SMALL, false);
  const keyW = measureText(ctx, key).width;
  return { title, key, oneLine: titleW + 24 + keyW <= WIDTH - 2 * PAD };
}

function trackerHeight(ctx: CanvasRenderingContext2D, view: TheGamePublicView, words: Words): number {
  return (trackerHeading(ctx, view, words).oneLine ? 34 : 66) + TRACKER_GRID_H;
}

/** 2..99 in a 14 × 7 grid: played numbers on dark cells, so everyone sees what is still out. */
function drawTracker(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  top: number,
  words: Words,
): number {
  const played = new Set(view.playedCards);
  const { title, key, oneLine } = trackerHeading(ctx, view, words);
  drawText(ctx, title, PAD, top + 14, { size: SMALL, bold: true, colour: THEME.textMuted });
  drawText(ctx, key, oneLine ? WIDTH - PAD : PAD, oneLine ? top + 14 : top + 46, {
    size: SMALL,
    colour: THEME.textMuted,
    align: oneLine ? "right" : "left",
    maxWidth: WIDTH - 2 * PAD,
  });
  const gridTop = top + (oneLine ? 34 : 66);
  const gap = TRACKER_GAP;
  const cellW = (WIDTH - 2 * PAD - (TRACKER_COLUMNS - 1) * gap) / TRACKER_COLUMNS;
  const cellH = TRACKER_CELL_H;
  for (let value = LOWEST_CARD; value <= HIGHEST_CARD; value++) {
    const i = value - LOWEST_CARD;
    const x = PAD + (i % TRACKER_COLUMNS) * (cellW + gap);
    const y = gridTop + Math.floor(i / TRACKER_COLUMNS) * (cellH + gap);
    trackerCell(value, played.has(value))(ctx, x, y, cellW, cellH);
  }
  return gridTop + TRACKER_GRID_H;
}

/**
 * One tracker cell, drawn once per number and look and then copied: 98 numbers' text was most of
 * the table's drawing time. A played number stays readable (a phone reader checks it too), on a
 * dark cell instead of a bright one.
 */
function trackerCell(value: number, isPlayed: boolean): CardPainter {
  const look: CardPainter = (ctx, x, y, w, h) => {
    roundedRect(ctx, x, y, w, h, 8);
    ctx.fillStyle = isPlayed ? "#0b2f1d" : "rgba(255, 255, 255, 0.9)";
    ctx.fill();
    drawText(ctx, String(value), x + w / 2, y + h / 2 + 1, {
      size: TRACKER_NUMBER_SIZE,
      bold: !isPlayed,
      colour: isPlayed ? THEME.textFaint : THEME.numberInk,
      align: "center",
    });
  };
  return (ctx, x, y, w, h) =>
    cachedCard(`thegame-tracker|${value}|${isPlayed ? "played" : "out"}`, look, deviceScale(ctx))(
      ctx,
      x,
      y,
      w,
      h,
    );
}

const RESULT_LINE_H = 38;

/** The result's headline, wrapped to the panel (a long language takes two lines). */
function resultLines(ctx: CanvasRenderingContext2D, view: TheGamePublicView, words: Words): string[] {
  const headline =
    view.endReason === "allPlayed"
      ? words("thegame.pic.won")
      : words(view.cardsLeft < 10 ? "thegame.pic.overExcellent" : "thegame.pic.over", {
          score: view.cardsLeft,
        });
  return wrapText(ctx, headline, WIDTH - 2 * (PAD + 24), 30, { bold: true });
}

function resultHeight(ctx: CanvasRenderingContext2D, view: TheGamePublicView, words: Words): number {
  const hands = Object.values(view.finalHands ?? {}).filter((c) => c.length > 0).length;
  return 92 + (resultLines(ctx, view, words).length - 1) * RESULT_LINE_H + hands * 40;
}

function drawResult(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
  words: Words,
): number {
  const won = view.endReason === "allPlayed";
  const hands = Object.entries(view.finalHands ?? {}).filter(([, cards]) => cards.length > 0);
  const lines = resultLines(ctx, view, words);
  const h = resultHeight(ctx, view, words);
  drawPanel(ctx, PAD, top, WIDTH - 2 * PAD, h, {
    stroke: won ? THEME.good : THEME.bad,
    lineWidth: 4,
    radius: 18,
  });
  lines.forEach((line, i) => {
    drawText(ctx, line, PAD + 24, top + 40 + i * RESULT_LINE_H, {
      size: 30,
      maxWidth: WIDTH - 2 * (PAD + 24),
      bold: true,
      colour: won ? THEME.good : THEME.text,
    });
  });
  const handsTop = top + 88 + (lines.length - 1) * RESULT_LINE_H;
  hands.forEach(([id, cards], i) => {
    const y = handsTop + i * 40;
    const used = drawText(ctx, `${nameOf(view, names, id, words)}:`, PAD + 24, y, {
      size: 27,
      bold: true,
      colour: THEME.textMuted,
      maxWidth: 300,
    });
    drawText(ctx, cards.join("  "), PAD + 24 + used + 14, y, {
      size: 27,
      maxWidth: WIDTH - 2 * PAD - used - 70,
    });
  });
  return top + h + 14;
}

/** The public table: four piles, draw pile, players, the turn, the card tracker (and the result). */
export function renderTheGameTable(view: TheGamePublicView, { names, locale }: PaintContext): Buffer {
  const words = wordsFor(locale);
  const columns = playerColumns(view.players.length);
  const playerRows = Math.ceil(view.players.length / columns);
  const { ctx: measure } = newCanvas(1, 1);
  const middle =
    view.phase === "over" ? resultHeight(measure, view, words) + 14 : turnHeight(measure, view, words) + 14;
  const height =
    20 +
    pilesHeight(view) +
    signalRows(view) * SIGNAL_BLOCK_H +
    playerRows * (PLAYER_H + PLAYER_GAP) +
    6 +
    middle +
    trackerHeight(measure, view, words) +
    PAD;
  const { canvas, ctx } = tableCanvas(WIDTH, height);
  let y = drawPiles(ctx, view, names, 20, words);
  y = drawPlayers(ctx, view, names, y, words);
  y = view.phase === "over" ? drawResult(ctx, view, names, y, words) : drawTurn(ctx, view, names, y, words);
  drawTracker(ctx, view, y, words);
  return finishPng(canvas);
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const theGameTable = painting("thegame.table", renderTheGameTable);
