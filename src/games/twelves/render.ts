import "./words/index.js";
import type { CanvasRenderingContext2D } from "canvas";
import type { PlayerId } from "../../engine/core/game.js";
import { type Words, wordsFor } from "../../i18n/index.js";
import { painting } from "../../render/jobs.js";
import type { PaintContext } from "../../render/painter.js";
import { cachedCard, deviceScale, drawPanel, drawText, type Rect, THEME } from "../../render/primitives.js";
import {
  pictureName,
  playerAreaHeight,
  renderTableauPicture,
  type StatusTone,
} from "../../render/tableau.js";
import { ROLE_PAIRS, TARGET } from "./engine/index.js";
import type { TwelvesPair, TwelvesPublicView, TwelvesRole } from "./engine/types.js";
import { roleWord } from "./words/pairs.js";

/**
 * Options of a picture (plain data, see Stacking's). A panel shows the table's own picture: what the
 * viewer may take is in its controls and lines, never in the picture.
 */
export interface TwelvesPictureOptions {
  fourColour?: boolean;
}

/**
 * A player's pairs are the seven kinds of their role, each a chip with a dot per pair of that kind
 * a won game takes (two, one for 6+6 and 7+7), filled as they are taken: suits never matter, and
 * what a player plans with is which kinds are still open. Compact, so the table fits a phone.
 */
const CHIP_GAP = 8;
const CHIP_H = 76;
const CHIP_TEXT = 28;
const DOT = 20;
const DOT_GAP = 8;
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

/** The role whose pairs a player's area shows: theirs, or the one the open proposal would give them. */
function shownRole(view: TwelvesPublicView, player: PlayerId): TwelvesRole | null {
  const role = view.roles?.[player];
  if (role) return role;
  if (!view.proposal) return null;
  return view.proposal.terms.twelves === player ? "twelve" : "fourteen";
}

/** The role a player holds and their pairs so far, or the role and start the open proposal would give them. */
function roleTags(view: TwelvesPublicView, player: PlayerId, words: Words): string[] {
  if (view.roles) {
    const role = view.roles[player];
    if (!role) return [];
    return [
      words("twelves.pic.tag.collects", { role: roleWord(words, role) }),
      words.count("twelves.scoreUnit", view.pairs[player]?.length ?? 0),
    ];
  }
  // Before any proposal the area itself says the roles are open.
  if (!view.proposal) return [];
  const { twelves, starter } = view.proposal.terms;
  const tags = [`${roleWord(words, player === twelves ? "twelve" : "fourteen")}?`];
  if (player === starter) tags.push(words("twelves.pic.tag.starts"));
  return tags;
}

/** How many pairs of each of the role's kinds (in ROLE_PAIRS order) were taken. */
function kindCounts(role: TwelvesRole, pairs: readonly TwelvesPair[]): number[] {
  return ROLE_PAIRS[role].map(
    ([x, y]) =>
      pairs.filter(([a, b]) => (a.rank === x && b.rank === y) || (a.rank === y && b.rank === x)).length,
  );
}

/** One chip: the kind ("2+10"), then a dot per pair of it a won game takes, filled when taken. */
function drawKindChip(
  ctx: CanvasRenderingContext2D,
  label: string,
  taken: number,
  wanted: number,
  box: Rect,
): void {
  const done = taken === wanted;
  const over = taken > wanted;
  drawPanel(ctx, box.x, box.y, box.w, box.h, {
    fill: "rgba(0, 0, 0, 0.32)",
    stroke: over ? THEME.bad : done ? THEME.good : THEME.panelStroke,
    lineWidth: over || done ? 3 : 2,
    radius: 12,
  });
  const cx = box.x + box.w / 2;
  drawText(ctx, label, cx, box.y + 8 + CHIP_TEXT / 2, {
    size: CHIP_TEXT,
    bold: true,
    align: "center",
    maxWidth: box.w - 8,
  });
  const dots = Math.max(wanted, taken);
  const dotsW = dots * DOT + (dots - 1) * DOT_GAP;
  const dotY = box.y + box.h - 10 - DOT / 2;
  for (let i = 0; i < dots; i++) {
    ctx.beginPath();
    ctx.arc(box.x + (box.w - dotsW) / 2 + i * (DOT + DOT_GAP) + DOT / 2, dotY, DOT / 2 - 1, 0, 2 * Math.PI);
    if (i < taken) {
      ctx.fillStyle = i >= wanted ? THEME.bad : done ? THEME.good : THEME.text;
      ctx.fill();
    } else {
      ctx.lineWidth = 2;
      ctx.strokeStyle = THEME.textMuted;
      ctx.stroke();
    }
  }
}

/** A player's seven pair kinds with how many of each are taken; before any proposal, a line saying roles are open. */
function drawPlayerPairs(
  ctx: CanvasRenderingContext2D,
  view: TwelvesPublicView,
  player: PlayerId,
  inner: Rect,
  words: Words,
): void {
  const role = shownRole(view, player);
  if (!role) {
    drawText(ctx, words("twelves.pic.roleOpen"), inner.x + 4, inner.y + inner.h / 2, {
      size: CHIP_TEXT,
      colour: THEME.textMuted,
      maxWidth: inner.w - 8,
    });
    return;
  }
  const kinds = ROLE_PAIRS[role];
  const counts = kindCounts(role, view.pairs[player] ?? []);
  const chipW = (inner.w - (kinds.length - 1) * CHIP_GAP) / kinds.length;
  kinds.forEach(([a, b], i) => {
    const label = `${words.rank(a)}+${words.rank(b)}`;
    const taken = counts[i] ?? 0;
    const wanted = a === b ? 1 : 2;
    // A chip is one of few looks (a kind, how many of it are taken): drawn once, then copied.
    cachedCard(
      `twelves-chip|${label}|${taken}|${wanted}`,
      (c, x, y, w, h) => drawKindChip(c, label, taken, wanted, { x, y, w, h }),
      deviceScale(ctx),
    )(ctx, inner.x + i * (chipW + CHIP_GAP), inner.y, chipW, CHIP_H);
  });
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
    title: words("game.twelves.title"),
    columns: view.columns,
    labels: {
      cardsLeft: words.count("twelves.pic.cardsLeft", view.cardsLeft),
      emptyColumn: words("twelves.pic.emptyColumn"),
    },
    status: status(view, names, words),
    fourColour,
    locale,
    players: view.players.map((p) => ({
      name: pictureName(names, p),
      active: view.active === p,
      tags: roleTags(view, p, words),
    })),
    playerAreaHeight: playerAreaHeight(CHIP_H),
    drawPlayer(ctx, seat, inner) {
      drawPlayerPairs(ctx, view, view.players[seat] as PlayerId, inner, words);
    },
  });
}

/** The game's pictures by name, for the render pool (registered when this module loads). */
export const twelvesTable = painting("twelves.table", renderTwelvesTable);
