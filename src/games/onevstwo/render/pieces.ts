import type { CanvasRenderingContext2D } from "canvas";
import { type Card, cardCode, SUIT_SYMBOL } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { Words } from "../../../i18n/index.js";
import type { Locale } from "../../../i18n/locale.js";
import {
  type CardPainter,
  type CardStyle,
  cachedCard,
  cardFinish,
  deviceScale,
  drawableName,
  drawText,
  font,
  paint,
  roundedRect,
  suitColour,
  THEME,
} from "../../../render/primitives.js";
import type { CompletedTrick, Contract, ContractTally, OnevstwoPublicView, Place } from "../engine/types.js";

/**
 * What One versus Two's pictures share: their width and type sizes, names, cards, roles, the
 * contract, and the tricks of both sides against it.
 */

/**
 * Laid out 880 units wide: a phone shows the picture about 400 px wide, where a unit becomes 0.45 px,
 * so every word is at least `LABEL` (27) units, about 12 px there, and a card (104) keeps its rank
 * readable as well.
 */
export const WIDTH = 880;
export const MARGIN = 16;
export const INNER = WIDTH - 2 * MARGIN;

/** The smallest size of any word in these pictures: about 12 px when a phone shows them 400 px wide. */
export const LABEL = 27;
export const NAME_SIZE = 30;
export const ROLE_SIZE = LABEL;

/** Where every picture's header panel starts. */
export const HEADER_TOP = 10;
/** One card size for the dummy, the trick and the hand: one cached bitmap per card. */
export const CARD_W = 104;

/** The colour of a trick's best card and its winner. */
export const WIN_COLOUR = THEME.good;

/**
 * Colours of words on the pictures' dark panels that keep a 4.5:1 contrast there (the theme's red
 * does not): a failed contract and negative points, and red suits on the score sheet.
 */
export const BAD_TEXT = "#ff9999";
export const RED_SUIT_TEXT = "#ff9aa6";
/** The four-colour deck's blue diamonds on a dark panel. */
export const BLUE_SUIT_TEXT = "#8cbaff";

/** The fill of the place that acts now: dark like every panel (its gold outline marks it), so words keep 4.5:1. */
export const ACTIVE_FILL = "rgba(40, 30, 0, 0.35)";

/** A card that may not be played now: shaded only so far that its index keeps 4.5:1 against the face. */
const DIM_SHADE = "rgba(12, 40, 26, 0.3)";

export function nameOf(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  id: PlayerId | null,
  words: Words,
): string {
  if (id === null) return "";
  const clean = drawableName(names[id] ?? "");
  return clean !== "" ? clean : words("onevstwo.pic.player", { n: view.players.indexOf(id) + 1 });
}

export function face(card: Card, locale: Locale, style: CardStyle = {}): CardPainter {
  const fourColour = style.fourColour === true;
  const look = `f${cardCode(card)}|${fourColour ? 4 : 2}|${locale}`;
  const painter = paint.face(card, { fourColour, locale });
  return (ctx, x, y, w, h) => {
    cachedCard(look, painter, deviceScale(ctx))(ctx, x, y, w, h);
    cardFinish(ctx, Math.round(x), Math.round(y), w, h, { ...style, dim: false });
    if (style.dim) {
      // The card's own corner (7 % of its width).
      roundedRect(ctx, Math.round(x), Math.round(y), w, h, Math.max(4, Math.round(w * 0.07)));
      ctx.fillStyle = DIM_SHADE;
      ctx.fill();
    }
  };
}

/**
 * Left offsets of a row of cards, in the order given, with a little extra room where the suit
 * changes: cards side by side when they fit in `maxW`, else overlapping evenly.
 */
export function rowOffsets(cards: readonly Card[], w: number, maxW: number): { xs: number[]; width: number } {
  if (cards.length === 0) return { xs: [], width: 0 };
  const suitGap = Math.round(w * 0.2);
  let breaks = 0;
  for (let i = 1; i < cards.length; i++) if (cards[i]?.suit !== cards[i - 1]?.suit) breaks++;
  const n = cards.length;
  const step =
    n === 1 ? 0 : Math.min(w + Math.round(w * 0.08), Math.floor((maxW - w - breaks * suitGap) / (n - 1)));
  const xs: number[] = [];
  let x = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) x += step + (cards[i]?.suit !== cards[i - 1]?.suit ? suitGap : 0);
    xs.push(x);
  }
  return { xs, width: x + w };
}

/** "9 ♠" / "9 no trump" in a white pill, the suit in its colour; returns its box. */
export function drawContractPill(
  ctx: CanvasRenderingContext2D,
  contract: Contract,
  x: number,
  cy: number,
  size: number,
  words: Words,
  opts: { align?: "left" | "right" | "center"; fourColour?: boolean } = {},
): { x: number; w: number } {
  const num = `${contract.tricks}`;
  const trump = contract.trump === null ? words("onevstwo.pic.noTrump") : SUIT_SYMBOL[contract.trump];
  const trumpSize =
    contract.trump === null ? Math.max(LABEL, Math.round(size * 0.72)) : Math.round(size * 1.1);
  ctx.font = font(size, true);
  const numW = ctx.measureText(num).width;
  ctx.font = font(trumpSize, true);
  const trumpW = ctx.measureText(trump).width;
  const padX = Math.round(size * 0.5);
  const gap = Math.round(size * 0.22);
  const w = Math.ceil(numW + gap + trumpW + 2 * padX);
  const h = Math.round(size * 1.45);
  const align = opts.align ?? "left";
  const left = align === "left" ? x : align === "right" ? x - w : x - w / 2;
  roundedRect(ctx, left, cy - h / 2, w, h, h / 2);
  ctx.fillStyle = THEME.cardFace;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = THEME.cardEdge;
  ctx.stroke();
  let tx = left + padX;
  drawText(ctx, num, tx, cy + 1, { size, bold: true, colour: "#1d1d1d" });
  tx += numW + gap;
  const colour = contract.trump === null ? "#1d1d1d" : suitColour(contract.trump, opts.fourColour);
  drawText(ctx, trump, tx, cy + 1, { size: trumpSize, bold: true, colour });
  return { x: left, w };
}

export type Role = "boss" | "louse" | "servant" | "dummy";

/** A role's badge colours: the boss in gold, the lice in blue, the servant and the dummy in purple. */
export function roleColours(role: Role): { bg: string; fg: string } {
  if (role === "boss") return { bg: THEME.highlight, fg: THEME.highlightText };
  return { bg: role === "louse" ? "#3d5a80" : "#6b4f8a", fg: THEME.text };
}

/** Who sits at a place in this game and their role (3 players: the dummy's place has no one). */
export function placeInfo(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  place: Place,
  words: Words,
): { name: string; role: Role; player: PlayerId | null } {
  const r = view.roles;
  switch (place) {
    case "boss":
      return { name: nameOf(view, names, r.boss, words), role: "boss", player: r.boss };
    case "left":
      return { name: nameOf(view, names, r.left, words), role: "louse", player: r.left };
    case "right":
      return { name: nameOf(view, names, r.right, words), role: "louse", player: r.right };
    case "dummy":
      return r.servant !== null
        ? { name: nameOf(view, names, r.servant, words), role: "servant", player: r.servant }
        : { name: "", role: "dummy", player: null };
  }
}

/** How a place is named in a sentence: the player, or "the dummy" (3 players). */
export function placeName(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  place: Place,
  words: Words,
): string {
  const info = placeInfo(view, names, place, words);
  return info.player === null ? words("onevstwo.pic.theDummy") : info.name;
}

/**
 * The index of the trick's best card: the finished trick's winner, or the engine's `winning` place
 * of the trick being played (-1: none).
 */
export function bestIndex(view: OnevstwoPublicView, last: CompletedTrick | null): number {
  const best = last ? last.winner : view.winning;
  return (last ? last.cards : view.trick).findIndex((p) => p.place === best);
}

/**
 * Tricks of both sides against the contract (the engine's tally): while it is open, what the boss's
 * side needs and what the lice need to beat it; once made (green) or failed (orange), that alone.
 */
export function trickScore(
  view: OnevstwoPublicView,
  tally: ContractTally,
  words: Words,
): { text: string; colour: string }[] {
  const { need, against, made, beaten } = tally;
  const boss = { won: view.bossTricks, need };
  const lice = { won: view.liceTricks, need: against };
  const open = !made && !beaten;
  return [
    {
      text: words(
        made ? "onevstwo.pic.bossSideMade" : open ? "onevstwo.pic.bossSide" : "onevstwo.pic.bossSideOnly",
        boss,
      ),
      colour: made ? THEME.good : THEME.text,
    },
    {
      text: words(
        beaten ? "onevstwo.pic.liceBeat" : open ? "onevstwo.pic.lice" : "onevstwo.pic.liceOnly",
        lice,
      ),
      colour: beaten ? THEME.down : THEME.text,
    },
  ];
}

export function cardsText(n: number, words: Words): string {
  return words.count("onevstwo.pic.cards", n);
}
