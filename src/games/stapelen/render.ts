import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import type { Rank } from "../../engine/core/cards.js";
import type { Foundation } from "../../engine/core/foundations.js";
import type { PlayerId } from "../../engine/core/game.js";
import { type Words, wordsFor } from "../../i18n/index.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import {
  cardHeight,
  drawBadge,
  drawPile,
  drawText,
  fitFontSize,
  type Rect,
  THEME,
} from "../../render/primitives.js";
import { drawTableauCard, pictureName, renderTableauPicture, type StatusTone } from "../../render/tableau.js";
import { FOUNDATIONS_PER_PLAYER } from "./engine/index.js";
import type { StapelenPublicView } from "./engine/types.js";

/**
 * Options of a picture: the panel picture lights up the viewer's legal columns and foundations.
 * Plain arrays, so the options cross to a render worker and key its cache.
 */
export interface StapelenPictureOptions {
  highlight?: readonly number[];
  /** Foundations (0-based) of one player to light up. */
  foundations?: { player: PlayerId; indices: readonly number[] };
  fourColour?: boolean;
}

const PILE_W = 112;
const PILE_H = cardHeight(PILE_W);
const PILE_GAP = 72;
/** The piles' left edge inside the player area: their centred labels need half a gap on the left. */
const PILES_X = 30;
const LABEL_H = 34;
const LABEL_SIZE = 25;
const SHORT_NAME = 16;

function status(
  view: StapelenPublicView,
  names: Record<string, string>,
  words: Words,
): { text: string; tone: StatusTone } {
  if (view.phase === "play") {
    return {
      text: words("stapelen.pic.places", { player: pictureName(names, view.active, SHORT_NAME) }),
      tone: "turn",
    };
  }
  if (view.endReason === "allTaken") return { text: words("stapelen.pic.won"), tone: "win" };
  return { text: words("stapelen.pic.lost"), tone: "loss" };
}

function drawFoundations(
  ctx: CanvasRenderingContext2D,
  foundations: readonly Foundation[],
  needs: readonly (Rank | null)[],
  inner: Rect,
  lit: ReadonlySet<number>,
  fourColour: boolean,
  words: Words,
): void {
  const y = inner.y + LABEL_H;
  for (let i = 0; i < FOUNDATIONS_PER_PLAYER; i++) {
    const foundation = foundations[i] ?? [];
    const x = inner.x + PILES_X + i * (PILE_W + PILE_GAP);
    const next = needs[i] ?? null;
    const label =
      next === null
        ? words("stapelen.pic.needsAny", { foundation: i + 1 })
        : words("stapelen.pic.needs", { foundation: i + 1, needs: words.rank(next) });
    drawText(ctx, label, x + PILE_W / 2, inner.y + LABEL_H / 2 - 2, {
      size: fitFontSize(ctx, label, PILE_W + PILE_GAP - 10, LABEL_SIZE, true, 16),
      bold: true,
      colour: lit.has(i) ? THEME.highlight : THEME.textMuted,
      align: "center",
      maxWidth: PILE_W + PILE_GAP - 10,
    });
    const top = foundation[foundation.length - 1];
    drawPile(ctx, x, y, PILE_W, PILE_H, {
      count: foundation.length,
      top: top
        ? (c, px, py, w, h) =>
            drawTableauCard(c, top, px, py, w, h, words.locale, { glow: lit.has(i), fourColour })
        : null,
      emptyLabel: words("stapelen.pic.empty"),
      countLabel: "",
    });
    if (foundation.length > 0) {
      drawBadge(ctx, `${foundation.length}`, x + PILE_W / 2, y + PILE_H + 4, {
        size: 22,
        align: "center",
        bg: "rgba(0, 0, 0, 0.72)",
        stroke: "rgba(255, 255, 255, 0.35)",
        cache: true,
      });
    }
  }
  const total = foundations.reduce((n, f) => n + f.length, 0);
  const textX = inner.x + PILES_X + FOUNDATIONS_PER_PLAYER * (PILE_W + PILE_GAP) - 24;
  drawText(ctx, `${total}`, textX, y + PILE_H / 2 - 22, { size: 48, bold: true });
  drawText(ctx, words.count("stapelen.pic.stacked", total), textX, y + PILE_H / 2 + 22, {
    size: 26,
    colour: THEME.textMuted,
    maxWidth: inner.x + inner.w - textX,
  });
}

/** The Stacking table, from the public view only. */
export function renderStapelenTable(
  view: StapelenPublicView,
  { names, locale }: PaintContext,
  options: StapelenPictureOptions = {},
): Buffer {
  const words = wordsFor(locale);
  const fourColour = options.fourColour ?? false;
  return renderTableauPicture({
    title: words("game.stapelen.title"),
    columns: view.columns,
    labels: {
      cardsLeft: words.count("stapelen.pic.cardsLeft", view.cardsLeft),
      emptyColumn: words("stapelen.pic.empty"),
    },
    status: status(view, names, words),
    ...(options.highlight ? { highlight: new Set(options.highlight) } : {}),
    fourColour,
    locale,
    players: view.players.map((p, seat) => ({
      name: pictureName(names, p),
      active: view.active === p,
      tags: seat === 0 ? [words("stapelen.pic.started")] : [],
    })),
    playerAreaHeight: 54 + LABEL_H + PILE_H + 40,
    drawPlayer(ctx, seat, inner) {
      const player = view.players[seat] as PlayerId;
      const lit = new Set(options.foundations?.player === player ? options.foundations.indices : []);
      drawFoundations(
        ctx,
        view.foundations[player] ?? [],
        view.needs[player] ?? [],
        inner,
        lit,
        fourColour,
        words,
      );
    },
  });
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const stapelenTable = painting("stapelen.table", renderStapelenTable);
