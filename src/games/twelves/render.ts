import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import type { PlayerId } from "../../engine/core/game.js";
import { type Words, wordsFor } from "../../i18n/index.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import {
  cardHeight,
  drawText,
  fitFontSize,
  type Rect,
  STRIP_INDEX_SCALE,
  THEME,
} from "../../render/primitives.js";
import { drawTableauCard, pictureName, renderTableauPicture, type StatusTone } from "../../render/tableau.js";
import { TARGET } from "./engine/index.js";
import type { TwelvesPair, TwelvesPublicView, TwelvesRole } from "./engine/types.js";
import { rolePairs, roleWord } from "./words/pairs.js";

/** Options of a picture: the panel picture lights up the viewer's legal columns (plain data, see Stacking's). */
export interface TwelvesPictureOptions {
  highlight?: readonly number[];
  fourColour?: boolean;
}

/**
 * A taken pair is a little column of two tableau cards, the first showing its top strip: big
 * enough that both ranks stay readable when a phone shows the picture 400 px wide.
 */
const MINI_W = 80;
const MINI_H = cardHeight(MINI_W);
const PAIR_STEP = Math.ceil(MINI_W * (STRIP_INDEX_SCALE + 0.1));
const PAIR_H = MINI_H + PAIR_STEP;
const PAIR_GAP = 12;
/** The role line under a player's name: as big as fits, never below 22 px. */
const ROLE_SIZE = 28;
const PAIRS_TOP = 42;

const SHORT_NAME = 16;

function status(
  view: TwelvesPublicView,
  names: Record<string, string>,
  words: Words,
): { text: string; tone: StatusTone } {
  if (view.phase === "agree") {
    if (!view.proposal) return { text: words("twelves.pic.agree"), tone: "info" };
    const other = view.players.find((p) => p !== view.proposal?.by);
    return {
      text: words("twelves.pic.proposed", {
        proposer: pictureName(names, view.proposal.by, SHORT_NAME),
        other: pictureName(names, other, SHORT_NAME),
      }),
      tone: "turn",
    };
  }
  if (view.phase === "play") {
    const role = view.active ? view.roles?.[view.active] : undefined;
    return {
      text: words("twelves.pic.takes", {
        name: pictureName(names, view.active, SHORT_NAME),
        target: role ? TARGET[role] : "?",
      }),
      tone: "turn",
    };
  }
  if (view.endReason === "allTaken") return { text: words("twelves.pic.won"), tone: "win" };
  return { text: words("twelves.pic.lost"), tone: "loss" };
}

/** The pairs a player collects, or would collect under the open proposal. */
function roleLine(view: TwelvesPublicView, player: PlayerId, words: Words): string {
  const role = view.roles?.[player];
  if (role)
    return words("twelves.pic.rolePairs", { target: TARGET[role], pairs: rolePairs(role, words.locale) });
  if (!view.proposal) return words("twelves.pic.roleOpen");
  const proposed: TwelvesRole = view.proposal.terms.twelves === player ? "twelve" : "fourteen";
  return words("twelves.pic.ifAgreed", {
    role: roleWord(words, proposed),
    pairs: rolePairs(proposed, words.locale),
  });
}

/** The role a player holds, or the one the open proposal would give them. */
function roleTags(view: TwelvesPublicView, player: PlayerId, words: Words): string[] {
  if (view.roles) {
    const role = view.roles[player];
    return role ? [words("twelves.pic.tag.collects", { role: roleWord(words, role) })] : [];
  }
  if (!view.proposal) return [words("twelves.pic.tag.roleOpen")];
  const { twelves, starter } = view.proposal.terms;
  const tags = [`${roleWord(words, player === twelves ? "twelve" : "fourteen")}?`];
  if (player === starter) tags.push(words("twelves.pic.tag.starts"));
  return tags;
}

function drawPairs(
  ctx: CanvasRenderingContext2D,
  pairs: readonly TwelvesPair[],
  inner: Rect,
  fourColour: boolean,
  words: Words,
): void {
  const y = inner.y + PAIRS_TOP;
  const countW = drawText(ctx, words.count("twelves.scoreUnit", pairs.length), inner.x + 4, y + PAIR_H / 2, {
    size: 30,
    bold: true,
  });
  const startX = inner.x + Math.max(countW, 120) + 20;
  const pairW = MINI_W + PAIR_GAP;
  const room = Math.max(0, Math.floor((inner.x + inner.w - startX + PAIR_GAP) / pairW));
  if (pairs.length === 0) {
    drawText(ctx, words("twelves.pic.noPairs"), startX, y + PAIR_H / 2, {
      size: 24,
      colour: THEME.textMuted,
    });
    return;
  }
  const shown = pairs.slice(-room);
  let x = startX;
  if (pairs.length > shown.length) {
    drawText(ctx, "…", x, y + PAIR_H / 2, { size: 28, bold: true, colour: THEME.textMuted });
    x += 30;
  }
  for (const [a, b] of shown.slice(pairs.length > shown.length ? 1 : 0)) {
    drawTableauCard(ctx, a, x, y, MINI_W, MINI_H, words.locale, { fourColour });
    drawTableauCard(ctx, b, x, y + PAIR_STEP, MINI_W, MINI_H, words.locale, { fourColour });
    x += pairW;
  }
}

/** The Twelves and Fourteens table, from the public view only. */
export function renderTwelvesTable(
  view: TwelvesPublicView,
  { names, locale }: PaintContext,
  options: TwelvesPictureOptions = {},
): Buffer {
  const words = wordsFor(locale);
  const fourColour = options.fourColour ?? false;
  return renderTableauPicture({
    title: words("twelves.pic.title"),
    columns: view.columns,
    labels: {
      cardsLeft: words.count("twelves.pic.cardsLeft", view.cardsLeft),
      emptyColumn: words("twelves.pic.emptyColumn"),
    },
    status: status(view, names, words),
    ...(options.highlight ? { highlight: new Set(options.highlight) } : {}),
    fourColour,
    locale,
    players: view.players.map((p) => ({
      name: pictureName(names, p),
      active: view.active === p,
      tags: roleTags(view, p, words),
    })),
    playerAreaHeight: 54 + PAIRS_TOP + PAIR_H + 18,
    drawPlayer(ctx, seat, inner) {
      const player = view.players[seat] as PlayerId;
      const line = roleLine(view, player, words);
      drawText(ctx, line, inner.x + 4, inner.y + 14, {
        size: fitFontSize(ctx, line, inner.w - 8, ROLE_SIZE, true, 22),
        bold: true,
        colour: THEME.textMuted,
        maxWidth: inner.w - 8,
      });
      drawPairs(ctx, view.pairs[player] ?? [], inner, fourColour, words);
    },
  });
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const twelvesTable = painting("twelves.table", renderTwelvesTable);
