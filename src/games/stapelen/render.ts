import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import type { Rank } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { type Words, wordsFor } from "../../i18n/index.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import { cardHeight, drawBadge, drawPile, drawText, type Rect, THEME } from "../../render/primitives.js";
import {
  drawTableauCard,
  pictureName,
  playerAreaHeight,
  renderTableauPicture,
  type StatusTone,
  TABLEAU_MIN_TEXT,
} from "../../render/tableau.js";
import { FOUNDATIONS_PER_PLAYER } from "./engine/index.js";
import type { StapelenPublicView } from "./engine/types.js";

/**
 * Options of a picture: plain values, so they cross to a render worker and key its cache. A panel
 * shows the table's own picture: a choice in it changes its controls, never its picture.
 */
export interface StapelenPictureOptions {
  fourColour?: boolean;
}

/**
 * The two players stand side by side under the tableau, each with three foundations in a row: its
 * number over it (as the panel's buttons name it), the pile with its count, and under it what it
 * takes next. Side by side keeps the whole table within about 1.5 × its width.
 */
const PILE_W = 96;
const PILE_H = cardHeight(PILE_W);
const NUMBER_H = 38;
/** Below the pile: its count badge hangs over the bottom edge, then the line of what it takes. */
const BADGE_ROOM = 24;
const NEEDS_H = 32;
const SLOT_BLEED = 8;
const NEEDS_GAP = 8;
const FOUNDATIONS_H = NUMBER_H + PILE_H + BADGE_ROOM + NEEDS_H;

function won(view: StapelenPublicView): boolean {
  return view.phase === "over" && view.endReason === "allTaken";
}
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

/**
 * What a foundation takes next, under it; nothing once the game is over and won (every
 * foundation is then finished, and the header says so).
 */
function needsLabel(view: StapelenPublicView, next: Rank | null, words: Words): string | null {
  if (won(view)) return null;
  return next === null
    ? words("stapelen.pic.needsAny")
    : words("stapelen.pic.needs", { needs: words.rank(next) });
}

function drawFoundations(
  ctx: CanvasRenderingContext2D,
  view: StapelenPublicView,
  player: PlayerId,
  inner: Rect,
  fourColour: boolean,
  words: Words,
): void {
  const foundations = view.foundations[player] ?? [];
  // The three slots reach into the area's padding: what a foundation takes ("hierna 10") needs
  // nearly a third of the area at a size a phone reads, with a gap to the next.
  const left = inner.x - SLOT_BLEED;
  const slotW = (inner.w + 2 * SLOT_BLEED) / FOUNDATIONS_PER_PLAYER;
  for (let i = 0; i < FOUNDATIONS_PER_PLAYER; i++) {
    const foundation = foundations[i] ?? [];
    const cx = left + (i + 0.5) * slotW;
    drawBadge(ctx, String(i + 1), cx, inner.y + NUMBER_H / 2 - 2, {
      size: TABLEAU_MIN_TEXT,
      align: "center",
      bg: "rgba(0, 0, 0, 0.45)",
      fg: THEME.text,
      cache: true,
    });
    const y = inner.y + NUMBER_H;
    const top = foundation[foundation.length - 1];
    drawPile(ctx, cx - PILE_W / 2, y, PILE_W, PILE_H, {
      count: foundation.length,
      top: top
        ? (c, px, py, w, h) => drawTableauCard(c, top, px, py, w, h, words.locale, { fourColour })
        : null,
      badgeSize: TABLEAU_MIN_TEXT,
    });
    const label = needsLabel(view, view.needs[player]?.[i] ?? null, words);
    if (label === null) continue;
    drawText(ctx, label, cx, y + PILE_H + BADGE_ROOM + NEEDS_H / 2, {
      size: TABLEAU_MIN_TEXT,
      colour: THEME.textMuted,
      align: "center",
      maxWidth: slotW - NEEDS_GAP,
    });
  }
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
    fourColour,
    locale,
    players: view.players.map((p, seat) => ({
      name: pictureName(names, p),
      active: view.active === p,
      tags: seat === 0 ? [words("stapelen.pic.started")] : [],
    })),
    playersPerRow: 2,
    playerAreaHeight: playerAreaHeight(won(view) ? FOUNDATIONS_H - NEEDS_H : FOUNDATIONS_H),
    drawPlayer(ctx, seat, inner) {
      const player = view.players[seat] as PlayerId;
      drawFoundations(ctx, view, player, inner, fourColour, words);
    },
  });
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const stapelenTable = painting("stapelen.table", renderStapelenTable);
