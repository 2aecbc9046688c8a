import type { CanvasRenderingContext2D } from "canvas";
import { CARD_COUNT, HIGHEST_CARD, LOWEST_CARD } from "../engine/games/thegame/rules.js";
import type { TheGamePrivateView, TheGamePublicView } from "../engine/games/thegame/types.js";
import {
  cardHeight,
  cleanText,
  drawArrow,
  drawBadge,
  drawFelt,
  drawNumberCard,
  drawPanel,
  drawPile,
  drawPips,
  drawPlayerStrip,
  drawText,
  finishPng,
  newCanvas,
  paint,
  type RenderOptions,
  roundedRect,
  THEME,
} from "./primitives.js";

/** Pictures of The Game: the public table (from the public view only) and a player's hand. */

const WIDTH = 1200;
const PAD = 28;
const PILE_W = 170;
const PILE_H = cardHeight(PILE_W);
const PILES_H = 44 + PILE_H + 76;
const PLAYER_H = 56;
const PLAYER_GAP = 14;
const TRACKER_COLUMNS = 14;
const TRACKER_CELL_H = 40;
const TRACKER_GAP = 6;
const TRACKER_H = 34 + Math.ceil(CARD_COUNT / TRACKER_COLUMNS) * (TRACKER_CELL_H + TRACKER_GAP) + 8;

/** Player strips per row: side by side for two, then two or three a row. */
function playerColumns(players: number): number {
  return players <= 2 ? Math.max(1, players) : players <= 4 ? 2 : 3;
}

function directionColour(direction: "up" | "down"): string {
  return direction === "up" ? THEME.up : THEME.down;
}

function drawPiles(ctx: CanvasRenderingContext2D, view: TheGamePublicView, top: number): number {
  const gap = (WIDTH - 2 * PAD - 5 * PILE_W) / 4;
  view.piles.forEach((pile, i) => {
    const x = PAD + i * (PILE_W + gap);
    const colour = directionColour(pile.direction);
    drawArrow(ctx, x + 18, top + 20, 26, pile.direction, colour);
    drawText(ctx, `${i + 1}`, x + 40, top + 20, { size: 30, bold: true, colour });
    drawText(ctx, pile.direction === "up" ? "1 → 99" : "100 → 2", x + PILE_W, top + 20, {
      size: 20,
      colour: THEME.textMuted,
      align: "right",
    });
    const cardTop = top + 44;
    drawPile(ctx, x, cardTop, PILE_W, PILE_H, {
      count: pile.count,
      top: paint.number(pile.top, { band: colour }),
      countLabel: `${pile.count} card${pile.count === 1 ? "" : "s"}`,
      emptyLabel: pile.direction === "up" ? "starts at 1" : "starts at 100",
    });
    const back = pile.direction === "up" ? pile.top - 10 : pile.top + 10;
    const hint =
      pile.direction === "up"
        ? `> ${pile.top}${back >= LOWEST_CARD ? ` or ${back}` : ""}`
        : `< ${pile.top}${back <= HIGHEST_CARD ? ` or ${back}` : ""}`;
    drawText(ctx, `takes ${hint}`, x + PILE_W / 2, cardTop + PILE_H + 40, {
      size: 21,
      bold: true,
      colour: THEME.text,
      align: "center",
      maxWidth: PILE_W + gap - 8,
    });
  });
  const drawX = WIDTH - PAD - PILE_W;
  drawText(ctx, "Draw pile", drawX + PILE_W / 2, top + 20, {
    size: 22,
    bold: true,
    colour: THEME.textMuted,
    align: "center",
  });
  drawPile(ctx, drawX, top + 44, PILE_W, PILE_H, {
    count: view.drawPileCount,
    top: null,
    countLabel: `${view.drawPileCount} left`,
    emptyLabel: "empty",
  });
  return top + PILES_H;
}

function drawPlayers(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
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
      name: cleanText(names[player.id] ?? "Player"),
      count: player.handCount,
      active,
      ...(active
        ? { tag: "playing" }
        : player.handCount === 0 && view.phase === "play"
          ? { tag: "out", muted: true }
          : {}),
    });
  });
  return top + rows * (h + gap) + 6;
}

function drawTurn(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
): number {
  const h = 64;
  drawPanel(ctx, PAD, top, WIDTH - 2 * PAD, h, { radius: 18 });
  const cy = top + h / 2;
  if (view.phase === "claim") {
    drawText(ctx, "Who starts? Anyone may claim the first turn.", PAD + 24, cy, {
      size: 28,
      bold: true,
      colour: THEME.highlight,
    });
    return top + h + 18;
  }
  const who = cleanText(names[view.active ?? ""] ?? "");
  const used = drawText(ctx, `${who}'s turn`, PAD + 24, cy, {
    size: 28,
    bold: true,
    colour: THEME.highlight,
    maxWidth: 430,
  });
  const x = PAD + 24 + used + 30;
  const label = drawText(ctx, `played ${view.playedThisTurn}, at least ${view.minimumThisTurn}:`, x, cy, {
    size: 24,
    colour: THEME.textMuted,
  });
  drawPips(ctx, x + label + 16, cy, view.playedThisTurn, view.minimumThisTurn, { radius: 12 });
  drawText(ctx, `${view.cardsLeft} cards not yet played`, WIDTH - PAD - 24, cy, {
    size: 24,
    bold: true,
    align: "right",
  });
  return top + h + 18;
}

/** 2..99 in a 14 × 7 grid: played numbers dimmed, so everyone sees what is still out. */
function drawTracker(ctx: CanvasRenderingContext2D, view: TheGamePublicView, top: number): number {
  const played = new Set(view.playedCards);
  drawText(ctx, "Card tracker", PAD, top + 14, { size: 22, bold: true, colour: THEME.textMuted });
  drawText(
    ctx,
    `bright = still out (${CARD_COUNT - played.size})   dim = played (${played.size})`,
    WIDTH - PAD,
    top + 14,
    {
      size: 20,
      colour: THEME.textFaint,
      align: "right",
    },
  );
  const gridTop = top + 34;
  const gap = TRACKER_GAP;
  const cellW = (WIDTH - 2 * PAD - (TRACKER_COLUMNS - 1) * gap) / TRACKER_COLUMNS;
  const cellH = TRACKER_CELL_H;
  for (let value = LOWEST_CARD; value <= HIGHEST_CARD; value++) {
    const i = value - LOWEST_CARD;
    const x = PAD + (i % TRACKER_COLUMNS) * (cellW + gap);
    const y = gridTop + Math.floor(i / TRACKER_COLUMNS) * (cellH + gap);
    const isPlayed = played.has(value);
    roundedRect(ctx, x, y, cellW, cellH, 8);
    ctx.fillStyle = isPlayed ? "rgba(0, 0, 0, 0.30)" : "rgba(255, 255, 255, 0.88)";
    ctx.fill();
    drawText(ctx, String(value), x + cellW / 2, y + cellH / 2 + 1, {
      size: 22,
      bold: !isPlayed,
      colour: isPlayed ? "rgba(255, 255, 255, 0.28)" : THEME.numberInk,
      align: "center",
    });
  }
  return top + TRACKER_H;
}

function drawResult(
  ctx: CanvasRenderingContext2D,
  view: TheGamePublicView,
  names: Record<string, string>,
  top: number,
): number {
  const won = view.endReason === "allPlayed";
  const hands = Object.entries(view.finalHands ?? {}).filter(([, cards]) => cards.length > 0);
  const h = 92 + hands.length * 40;
  drawPanel(ctx, PAD, top, WIDTH - 2 * PAD, h, {
    stroke: won ? THEME.good : THEME.bad,
    lineWidth: 4,
    radius: 18,
  });
  const headline = won
    ? "All 98 cards played — a perfect win!"
    : `Game over: ${view.cardsLeft} card${view.cardsLeft === 1 ? "" : "s"} left${view.cardsLeft < 10 ? " — excellent!" : ""}`;
  drawText(ctx, headline, PAD + 24, top + 40, {
    size: 32,
    bold: true,
    colour: won ? THEME.good : THEME.text,
  });
  hands.forEach(([id, cards], i) => {
    const y = top + 88 + i * 40;
    const used = drawText(ctx, `${cleanText(names[id] ?? "Player")}:`, PAD + 24, y, {
      size: 24,
      bold: true,
      colour: THEME.textMuted,
      maxWidth: 300,
    });
    drawText(ctx, cards.join("  "), PAD + 24 + used + 14, y, {
      size: 24,
      maxWidth: WIDTH - 2 * PAD - used - 70,
    });
  });
  return top + h + 18;
}

/** The public table: four piles, draw pile, players, the turn, the card tracker (and the result). */
export function renderTheGameTable(
  view: TheGamePublicView,
  names: Record<string, string>,
  _opts: RenderOptions = {},
): Buffer {
  const columns = playerColumns(view.players.length);
  const playerRows = Math.ceil(view.players.length / columns);
  const handsShown = Object.values(view.finalHands ?? {}).filter((c) => c.length > 0).length;
  const middle = view.phase === "over" ? 92 + handsShown * 40 + 18 : 64 + 18;
  const height = 24 + PILES_H + playerRows * (PLAYER_H + PLAYER_GAP) + 6 + middle + TRACKER_H + PAD;
  const { canvas, ctx } = newCanvas(WIDTH, height);
  drawFelt(ctx, WIDTH, height);
  let y = drawPiles(ctx, view, 24);
  y = drawPlayers(ctx, view, names, y);
  y = view.phase === "over" ? drawResult(ctx, view, names, y) : drawTurn(ctx, view, names, y);
  drawTracker(ctx, view, y);
  return finishPng(canvas);
}

/** A player's hand: big cards, the playable ones lit, and under each the piles it fits now. */
export function renderTheGameHand(view: TheGamePrivateView, _opts: RenderOptions = {}): Buffer {
  const n = Math.max(1, view.hand.length);
  const cardW = Math.min(150, Math.floor((WIDTH - 2 * PAD - (n - 1) * 14) / n));
  const cardH = cardHeight(cardW);
  const height = 24 + 70 + 20 + cardH + 70 + PAD;
  const { canvas, ctx } = newCanvas(WIDTH, height);
  drawFelt(ctx, WIDTH, height);
  // The piles' tops, small, so a choice can be made from this picture alone.
  const chipW = (WIDTH - 2 * PAD - 3 * 14) / 4;
  view.piles.forEach((pile, i) => {
    const x = PAD + i * (chipW + 14);
    drawPanel(ctx, x, 24, chipW, 62, { radius: 14, stroke: directionColour(pile.direction), lineWidth: 3 });
    drawArrow(ctx, x + 26, 55, 24, pile.direction, directionColour(pile.direction));
    drawText(ctx, `${i + 1}`, x + 48, 55, { size: 26, bold: true, colour: directionColour(pile.direction) });
    drawText(ctx, `on ${pile.top}`, x + chipW - 18, 55, { size: 30, bold: true, align: "right" });
  });
  const rowW = n * cardW + (n - 1) * 14;
  const left = (WIDTH - rowW) / 2;
  const top = 24 + 62 + 30;
  if (view.hand.length === 0) {
    drawText(ctx, "Your hand is empty.", WIDTH / 2, top + cardH / 2, {
      size: 34,
      bold: true,
      align: "center",
    });
  }
  view.hand.forEach((card, i) => {
    const x = left + i * (cardW + 14);
    const fits = view.playable[card] ?? [];
    drawNumberCard(ctx, card, x, top, cardW, cardH, {
      highlight: fits.length > 0,
      dim: view.active === view.viewer && fits.length === 0,
    });
    let chipX = x + cardW / 2 - (fits.length * 40) / 2;
    for (const pile of fits) {
      const dir = view.piles[pile]!.direction;
      drawBadge(ctx, `${dir === "up" ? "▲" : "▼"}${pile + 1}`, chipX, top + cardH + 36, {
        size: 17,
        bg: directionColour(dir),
        fg: "#10202a",
      });
      chipX += 40;
    }
  });
  return finishPng(canvas);
}
