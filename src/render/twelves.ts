import type { CanvasRenderingContext2D } from "canvas";
import type { PlayerId } from "../engine/core/game.js";
import type { TwelvesPair, TwelvesPublicView, TwelvesRole } from "../engine/games/twelves/types.js";
import { cardHeight, drawText, fitFontSize, type Rect, STRIP_INDEX_SCALE, THEME } from "./primitives.js";
import { drawTableauCard, pictureName, renderTableauPicture, type StatusTone } from "./tableau.js";

/** Options of a picture: the panel picture lights up the viewer's legal columns (plain data, see Stacking's). */
export interface TwelvesPictureOptions {
  highlight?: readonly number[];
  fourColour?: boolean;
}

export const ROLE_SHORT: Record<TwelvesRole, string> = { twelve: "12s", fourteen: "14s" };

/** Each role's pairs, as the player-facing reminder under the name. */
export const ROLE_PAIRS: Record<TwelvesRole, string> = {
  twelve: "Q+K · A+J · 2+10 · 3+9 · 4+8 · 5+7 · 6+6",
  fourteen: "A+K · 2+Q · 3+J · 4+10 · 5+9 · 6+8 · 7+7",
};

const TARGET: Record<TwelvesRole, number> = { twelve: 12, fourteen: 14 };
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

function status(view: TwelvesPublicView, names: Record<string, string>): { text: string; tone: StatusTone } {
  if (view.phase === "agree") {
    if (!view.proposal) return { text: "Agree first: who collects 12s, who starts?", tone: "info" };
    const other = view.players.find((p) => p !== view.proposal?.by);
    const by = pictureName(names, view.proposal.by, SHORT_NAME);
    return { text: `${by} proposed · ${pictureName(names, other, SHORT_NAME)} may confirm`, tone: "turn" };
  }
  if (view.phase === "play") {
    const role = view.active ? view.roles?.[view.active] : undefined;
    return {
      text: `${pictureName(names, view.active, SHORT_NAME)} takes a pair of ${role ? ROLE_SHORT[role] : "?"}`,
      tone: "turn",
    };
  }
  if (view.endReason === "allTaken") return { text: "All 52 cards taken: you both win!", tone: "win" };
  return { text: `Stuck with no pair to take: you both lose`, tone: "loss" };
}

/** The pairs a player collects, or would collect under the open proposal. */
function roleLine(view: TwelvesPublicView, player: PlayerId): string {
  const role = view.roles?.[player];
  if (role) return `Pairs of ${TARGET[role]}: ${ROLE_PAIRS[role]}`;
  if (!view.proposal) return "Role not agreed yet: pairs of 12 or of 14";
  const proposed: TwelvesRole = view.proposal.terms.twelves === player ? "twelve" : "fourteen";
  return `If agreed, ${ROLE_SHORT[proposed]}: ${ROLE_PAIRS[proposed]}`;
}

/** The role a player holds, or the one the open proposal would give them. */
function roleTags(view: TwelvesPublicView, player: PlayerId): string[] {
  if (view.roles) {
    const role = view.roles[player];
    return role ? [`collects ${ROLE_SHORT[role]}`] : [];
  }
  if (!view.proposal) return ["role open"];
  const { twelves, starter } = view.proposal.terms;
  const tags = [`${player === twelves ? "12s" : "14s"}?`];
  if (player === starter) tags.push("starts?");
  return tags;
}

function drawPairs(
  ctx: CanvasRenderingContext2D,
  pairs: readonly TwelvesPair[],
  inner: Rect,
  fourColour: boolean,
): void {
  const y = inner.y + PAIRS_TOP;
  const countW = drawText(
    ctx,
    `${pairs.length} ${pairs.length === 1 ? "pair" : "pairs"}`,
    inner.x + 4,
    y + PAIR_H / 2,
    {
      size: 30,
      bold: true,
    },
  );
  const startX = inner.x + Math.max(countW, 120) + 20;
  const pairW = MINI_W + PAIR_GAP;
  const room = Math.max(0, Math.floor((inner.x + inner.w - startX + PAIR_GAP) / pairW));
  if (pairs.length === 0) {
    drawText(ctx, "none taken yet", startX, y + PAIR_H / 2, { size: 24, colour: THEME.textMuted });
    return;
  }
  const shown = pairs.slice(-room);
  let x = startX;
  if (pairs.length > shown.length) {
    drawText(ctx, "…", x, y + PAIR_H / 2, { size: 28, bold: true, colour: THEME.textMuted });
    x += 30;
  }
  for (const [a, b] of shown.slice(pairs.length > shown.length ? 1 : 0)) {
    drawTableauCard(ctx, a, x, y, MINI_W, MINI_H, { fourColour });
    drawTableauCard(ctx, b, x, y + PAIR_STEP, MINI_W, MINI_H, { fourColour });
    x += pairW;
  }
}

/** The Twelves and Fourteens table, from the public view only. */
export function renderTwelvesTable(
  view: TwelvesPublicView,
  names: Record<string, string>,
  options: TwelvesPictureOptions = {},
): Buffer {
  const fourColour = options.fourColour ?? false;
  return renderTableauPicture({
    title: "Twelves & Fourteens",
    columns: view.columns,
    cardsLeft: view.cardsLeft,
    status: status(view, names),
    ...(options.highlight ? { highlight: new Set(options.highlight) } : {}),
    fourColour,
    players: view.players.map((p) => ({
      name: pictureName(names, p),
      active: view.active === p,
      tags: roleTags(view, p),
    })),
    playerAreaHeight: 54 + PAIRS_TOP + PAIR_H + 18,
    drawPlayer(ctx, seat, inner) {
      const player = view.players[seat] as PlayerId;
      const line = roleLine(view, player);
      drawText(ctx, line, inner.x + 4, inner.y + 14, {
        size: fitFontSize(ctx, line, inner.w - 8, ROLE_SIZE, true, 22),
        bold: true,
        colour: THEME.textMuted,
        maxWidth: inner.w - 8,
      });
      drawPairs(ctx, view.pairs[player] ?? [], inner, fourColour);
    },
  });
}
