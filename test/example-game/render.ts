import "./words/index.js";
import type { PlayerId } from "../../src/engine/core/game.js";
import { wordsFor } from "../../src/i18n/index.js";
import { painting } from "../../src/render/jobs.js";
import type { PaintContext } from "../../src/render/painter.js";
import {
  cardHeight,
  drawArrow,
  drawBadge,
  drawCardFace,
  drawFelt,
  drawPile,
  drawPips,
  drawPlayerStrip,
  drawText,
  finishPng,
  newCanvas,
  THEME,
} from "../../src/render/primitives.js";
import { pictureName } from "../../src/render/tableau.js";
import { GUESSES_PER_PLAYER, type HigherLowerPublicView } from "./engine/index.js";

/** Laid out for a phone (about 400 px wide there): big cards, few words. */
const W = 800;
const CARD_W = 200;
const CARD_H = cardHeight(CARD_W);
const MINI_W = 56;
const STATUS_Y = 98;
const ROW_Y = 140;
const HISTORY_Y = ROW_Y + CARD_H + 40;
const STRIPS_Y = HISTORY_Y + cardHeight(MINI_W) + 24;
const STRIP_H = 64;
const H = STRIPS_Y + 2 * (STRIP_H + 12) + 12;
const RESULT_COLOUR = { right: THEME.good, wrong: THEME.bad, equal: THEME.textMuted } as const;

/** The table from the public view only: the draw pile is a back and a count, never its order. */
export function renderHigherLowerTable(view: HigherLowerPublicView, { names, locale }: PaintContext): Buffer {
  const words = wordsFor(locale);
  const { canvas, ctx } = newCanvas(W, H, { opaque: true });
  drawFelt(ctx, W, H);
  drawText(ctx, words("game.higherlower.title"), 32, 46, { size: 36, bold: true, maxWidth: W - 64 });
  const status =
    view.phase === "play"
      ? words("higherlower.pic.guesses", { player: pictureName(names, view.active, 24) })
      : view.winner
        ? words("higherlower.pic.won", { player: pictureName(names, view.winner, 24) })
        : words("higherlower.pic.draw");
  drawBadge(ctx, status, 32, STATUS_Y, {
    size: 30,
    bg: view.phase === "play" ? THEME.highlight : THEME.good,
    fg: THEME.highlightText,
    maxWidth: W - 64,
  });

  drawPile(ctx, 40, ROW_Y + 20, CARD_W * 0.8, CARD_H * 0.8, {
    count: view.drawPileCount,
    top: null,
    countLabel: words("higherlower.pic.toTurn", { count: view.toTurn }),
    badgeSize: 26,
  });
  const faceX = (W - CARD_W) / 2;
  drawCardFace(ctx, view.faceUp, faceX, ROW_Y, CARD_W, CARD_H, { locale, highlight: view.phase === "play" });

  const last = view.last;
  if (last) {
    const cx = faceX + CARD_W + (W - faceX - CARD_W) / 2;
    drawArrow(ctx, cx, ROW_Y + 70, 90, last.guess === "higher" ? "up" : "down", RESULT_COLOUR[last.result]);
    drawText(ctx, words(`higherlower.pic.${last.result}`), cx, ROW_Y + 160, {
      size: 40,
      bold: true,
      colour: RESULT_COLOUR[last.result],
      align: "center",
    });
    drawText(ctx, pictureName(names, last.player, 14), cx, ROW_Y + 210, {
      size: 28,
      colour: THEME.textMuted,
      align: "center",
      maxWidth: W - faceX - CARD_W - 20,
    });
  }

  // Every card seen so far, so players can count what is left.
  view.turned.forEach((card, i) => {
    drawCardFace(ctx, card, 40 + i * (MINI_W + 10), HISTORY_Y, MINI_W, cardHeight(MINI_W), { locale });
  });

  view.players.forEach((player: PlayerId, seat) => {
    const y = STRIPS_Y + seat * (STRIP_H + 12);
    drawPlayerStrip(ctx, 24, y, W - 48, STRIP_H, {
      name: pictureName(names, player),
      active: view.active === player,
      reserveRight: 300,
    });
    const left = view.guessesLeft[player] ?? 0;
    drawPips(ctx, W - 300, y + STRIP_H / 2, left, GUESSES_PER_PLAYER, { radius: 12 });
    drawText(ctx, String(view.scores[player] ?? 0), W - 52, y + STRIP_H / 2, {
      size: 40,
      bold: true,
      align: "right",
    });
  });
  return finishPng(canvas);
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const higherLowerTable = painting("higherlower.table", renderHigherLowerTable);
