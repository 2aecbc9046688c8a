import type { CanvasRenderingContext2D } from "canvas";
import type { Card } from "../../../engine/core/cards.js";
import { cardText, type Words, wordsFor } from "../../../i18n/index.js";
import type { Locale } from "../../../i18n/locale.js";
import type { PaintContext } from "../../../render/painter.js";
import {
  type CardStyle,
  cardHeight,
  drawBadge,
  drawFelt,
  drawPanel,
  drawText,
  finishPng,
  newCanvas,
  type RenderOptions,
  roundedRect,
  suitColour,
  THEME,
} from "../../../render/primitives.js";
import type { OnevstwoPrivateView } from "../engine/types.js";

import {
  bestIndex,
  CARD_W,
  cardsText,
  drawContractPill,
  face,
  HEADER_TOP,
  INNER,
  LABEL,
  MARGIN,
  NAME_SIZE,
  nameOf,
  placeInfo,
  placeName,
  ROLE_SIZE,
  type Role,
  roleColours,
  rowOffsets,
  trickScore,
  WIDTH,
  WIN_COLOUR,
} from "./pieces.js";

/**
 * One versus Two's hand picture (private view): the viewer's cards, and the dummy's when they choose
 * for it, the cards they may play now marked, and the current trick small.
 */

/** A short card label in a small white chip ("K♠", "H♠"), for the hand picture's trick. */
function drawCardChip(
  ctx: CanvasRenderingContext2D,
  card: Card,
  locale: Locale,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { highlight?: string; fourColour?: boolean } = {},
): void {
  roundedRect(ctx, x, y, w, h, 8);
  ctx.fillStyle = THEME.cardFace;
  ctx.fill();
  ctx.lineWidth = opts.highlight ? 4 : 1.5;
  ctx.strokeStyle = opts.highlight ?? THEME.cardEdge;
  ctx.stroke();
  const colour = suitColour(card.suit, opts.fourColour);
  const text = cardText(card, locale);
  drawText(ctx, text, x + w / 2, y + h / 2 + 1, {
    size: Math.round(h * 0.56),
    bold: true,
    colour,
    align: "center",
    maxWidth: w - 6,
  });
}

const HAND_W = CARD_W;
const HAND_H = cardHeight(HAND_W);
const RAISE = 18;
/** The hand picture's header: the viewer's role, name and the contract; what to do now; the tricks. */
const HAND_HEAD_H = 150;
/**
 * The trick's panel in the hand picture: its label on a line of its own, then the chips, each
 * over its place's name and what the card did; just the label before the first card.
 */
const TRICK_LABEL_H = 34;
const HAND_TRICK_H = TRICK_LABEL_H + 12 + 64 + 84;
const HAND_TRICK_EMPTY_H = 70;
const ROW_LABEL_H = 44;
const HAND_ROW_H = ROW_LABEL_H + RAISE + HAND_H + 18;

interface HandRow {
  label: string;
  cards: Card[];
  /** Cards to mark as playable; null: this row is not played from now. */
  legal: Card[] | null;
  /** Played from now: the others are dimmed. */
  active: boolean;
}

function handRows(view: OnevstwoPrivateView, names: Record<string, string>, words: Words): HandRow[] {
  const servantHand = view.roles.servant === view.viewer;
  const own: HandRow = {
    label: words(servantHand ? "onevstwo.pic.servantHand" : "onevstwo.pic.yourHand"),
    cards: view.hand,
    legal: null,
    active: false,
  };
  const rows: HandRow[] = [own];
  // The dummy too for whoever chooses its cards (and the boss announcing), unless it is their own hand.
  const seesDummy = !servantHand && (view.roles.dummyController === view.viewer || view.canAnnounce);
  const servant = view.roles.servant;
  const dummy: HandRow = {
    label:
      servant === null
        ? words("onevstwo.pic.dummy")
        : words("onevstwo.pic.dummyOf", { name: nameOf(view, names, servant, words) }),
    cards: view.dummy,
    legal: null,
    active: false,
  };
  if (seesDummy) rows.push(dummy);
  if (view.play) {
    const row = view.play.from === "dummy" && seesDummy ? dummy : own;
    row.legal = view.play.legal;
    row.active = true;
    if (row === dummy) {
      dummy.label = words("onevstwo.pic.dummyToPlay");
      rows.reverse();
    }
  }
  return rows;
}

function hasCard(cards: readonly Card[], card: Card): boolean {
  return cards.some((c) => c.rank === card.rank && c.suit === card.suit);
}

function drawHandRow(
  ctx: CanvasRenderingContext2D,
  row: HandRow,
  top: number,
  anyActive: boolean,
  fourColour: boolean,
  words: Words,
): void {
  // Each row on a dark panel (its gold words keep 4.5:1 there), the one played from outlined in gold.
  drawPanel(ctx, MARGIN / 2, top + 2, WIDTH - MARGIN, HAND_ROW_H - 8, {
    radius: 14,
    stroke: row.active ? THEME.highlight : undefined,
    lineWidth: row.active ? 3 : undefined,
  });
  const cards = cardsText(row.cards.length, words);
  const count = row.legal ? words("onevstwo.pic.playable", { cards, count: row.legal.length }) : cards;
  const countW = drawText(ctx, count, WIDTH - MARGIN - 8, top + ROW_LABEL_H / 2, {
    size: LABEL,
    bold: row.active,
    colour: row.active ? THEME.highlight : THEME.textMuted,
    align: "right",
  });
  drawText(ctx, row.label, MARGIN + 8, top + ROW_LABEL_H / 2, {
    size: 28,
    bold: true,
    colour: row.active ? THEME.highlight : THEME.text,
    maxWidth: INNER - countW - 32,
  });
  const cardsTop = top + ROW_LABEL_H + RAISE;
  if (row.cards.length === 0) {
    drawText(ctx, words("onevstwo.pic.noCardsLeft"), WIDTH / 2, cardsTop + HAND_H / 2, {
      size: LABEL,
      colour: THEME.textMuted,
      align: "center",
    });
    return;
  }
  const { xs, width } = rowOffsets(row.cards, HAND_W, INNER - 16);
  const left = Math.round(WIDTH / 2 - width / 2);
  row.cards.forEach((card, i) => {
    const legal = row.legal !== null && hasCard(row.legal, card);
    const style: CardStyle = row.active
      ? legal
        ? { fourColour, highlight: true }
        : { fourColour, dim: true }
      : anyActive
        ? { fourColour, covered: true }
        : { fourColour };
    face(card, words.locale, style)(
      ctx,
      left + (xs[i] as number),
      cardsTop - (legal ? RAISE : 0),
      HAND_W,
      HAND_H,
    );
  });
}

/** The trick (or the last one) as chips in play order, each over its player's name and what the card did. */
function drawHandTrick(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPrivateView,
  names: Record<string, string>,
  top: number,
  fourColour: boolean,
  words: Words,
): void {
  const last = view.trick.length === 0 ? view.lastTrick : null;
  const cards = last ? last.cards : view.trick;
  const panelH = (cards.length === 0 ? HAND_TRICK_EMPTY_H : HAND_TRICK_H) - 10;
  drawPanel(ctx, MARGIN / 2, top, WIDTH - MARGIN, panelH, { radius: 14 });
  const label = words(
    last
      ? "onevstwo.pic.lastTrickLabel"
      : cards.length === 0
        ? "onevstwo.pic.newTrick"
        : "onevstwo.pic.trickLabel",
  );
  const labelStyle = { size: LABEL, bold: true, colour: THEME.textMuted, maxWidth: INNER - 20 } as const;
  if (cards.length === 0) {
    drawText(ctx, label, MARGIN + 10, top + panelH / 2, labelStyle);
    return;
  }
  // The label above the chips; each place's name and note under its chip, the slot's whole width.
  drawText(ctx, label, MARGIN + 10, top + TRICK_LABEL_H / 2 + 6, labelStyle);
  const best = bestIndex(view, last);
  // A chip's rank is as tall as a card's (about 12 px when a phone shows the picture 400 px wide).
  const chipW = 92;
  const chipH = 64;
  const x0 = MARGIN + 10;
  const slotW = Math.floor((WIDTH - MARGIN - 10 - x0) / 4);
  const chipY = top + TRICK_LABEL_H + 12;
  cards.forEach((p, i) => {
    const x = x0 + i * slotW;
    const wins = i === best && cards.length > 1;
    drawCardChip(ctx, p.card, words.locale, x, chipY, chipW, chipH, {
      highlight: wins ? WIN_COLOUR : undefined,
      fourColour,
    });
    const name = placeName(view, names, p.place, words);
    drawText(ctx, name, x, chipY + chipH + 24, { size: LABEL, bold: true, maxWidth: slotW - 14 });
    const note = wins
      ? words(last ? "onevstwo.pic.note.won" : "onevstwo.pic.note.highest")
      : i === 0
        ? words("onevstwo.pic.led")
        : words(`onevstwo.pic.note.${placeInfo(view, names, p.place, words).role}`);
    drawText(ctx, note, x, chipY + chipH + 58, {
      size: LABEL,
      colour: wins ? THEME.good : THEME.textMuted,
      maxWidth: slotW - 14,
    });
  });
}

/** What the viewer is asked to play: one marked card or one of several, from their hand or for the dummy. */
const PLAY_STATUS = [
  "onevstwo.pic.status.playOne",
  "onevstwo.pic.status.dummyOne",
  "onevstwo.pic.status.playMany",
  "onevstwo.pic.status.dummyMany",
] as const;

function handStatus(
  view: OnevstwoPrivateView,
  names: Record<string, string>,
  words: Words,
): { text: string; colour: string } {
  if (view.phase === "over") return { text: words("onevstwo.pic.status.over"), colour: THEME.textMuted };
  if (view.canAnnounce) return { text: words("onevstwo.pic.status.announce"), colour: THEME.highlight };
  if (view.play) {
    const forDummy = view.play.from === "dummy" && view.roles.servant !== view.viewer;
    const key = view.play.legal.length === 1 ? PLAY_STATUS[forDummy ? 1 : 0] : PLAY_STATUS[forDummy ? 3 : 2];
    return {
      text: words(key),
      colour: THEME.highlight,
    };
  }
  if (view.actor) {
    const name = nameOf(view, names, view.actor, words);
    return {
      text: words(
        view.phase === "contract" ? "onevstwo.pic.status.waitAnnounce" : "onevstwo.pic.status.wait",
        {
          name,
        },
      ),
      colour: THEME.textMuted,
    };
  }
  return { text: "", colour: THEME.textMuted };
}

function viewerRole(view: OnevstwoPrivateView): Role | null {
  const r = view.roles;
  if (r.boss === view.viewer) return "boss";
  if (r.servant === view.viewer) return "servant";
  if (r.left === view.viewer || r.right === view.viewer) return "louse";
  return null;
}

/**
 * The viewer's private picture: their hand (and the dummy's cards when they choose for it), the
 * cards they may play now raised and outlined, the rest dimmed, and the current trick small.
 */
export function renderOnevstwoHand(
  view: OnevstwoPrivateView,
  { names, locale }: PaintContext,
  options: RenderOptions = {},
): Buffer {
  const words = wordsFor(locale);
  const fourColour = options?.fourColour ?? false;
  const over = view.phase === "over";
  // Once the match is over there is nothing left to hold: the header alone, with the viewer's total.
  const rows = over ? [] : handRows(view, names, words);
  // The trick only while cards are played: before the first lead there is none to show.
  const trickShown = view.trick.length > 0 || view.lastTrick !== null;
  const trickH = view.phase !== "play" ? 0 : trickShown ? HAND_TRICK_H : HAND_TRICK_EMPTY_H;
  const height = HEADER_TOP + HAND_HEAD_H + trickH + rows.length * HAND_ROW_H + (over ? 0 : 6);
  const { canvas, ctx } = newCanvas(WIDTH, height, { opaque: true });
  drawFelt(ctx, WIDTH, height);
  drawPanel(ctx, MARGIN / 2, HEADER_TOP, WIDTH - MARGIN, HAND_HEAD_H - 10, { radius: 16 });
  const row1 = HEADER_TOP + 32;
  const row2 = HEADER_TOP + 76;
  const row3 = HEADER_TOP + 114;
  const left = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  let contractX = right;
  if (view.contract && !over) {
    const pill = drawContractPill(ctx, view.contract, right, row1 + 4, 30, words, {
      align: "right",
      fourColour,
    });
    contractX = pill.x;
  }
  const role = over ? null : viewerRole(view);
  const roleW = role
    ? drawBadge(ctx, words(`onevstwo.pic.role.${role}`), left, row1, {
        size: ROLE_SIZE,
        ...roleColours(role),
      }).w + 12
    : 0;
  drawText(ctx, nameOf(view, names, view.viewer, words), left + roleW, row1, {
    size: NAME_SIZE,
    bold: true,
    maxWidth: contractX - 24 - left - roleW,
  });
  const status = handStatus(view, names, words);
  const total = view.totals[view.viewer];
  const tricks = over
    ? total === undefined
      ? ""
      : words(view.pairs ? "onevstwo.pic.pairTotal" : "onevstwo.pic.yourTotal", { total })
    : view.tally
      ? trickScore(view, view.tally, words)
          .map((p) => p.text)
          .join(" · ")
      : "";
  drawText(ctx, status.text, left, row2, {
    size: 28,
    bold: true,
    colour: status.colour,
    maxWidth: INNER - 16,
  });
  if (tricks)
    drawText(ctx, tricks, left, row3, { size: LABEL, bold: true, colour: THEME.text, maxWidth: INNER - 16 });
  if (trickH > 0) drawHandTrick(ctx, view, names, HEADER_TOP + HAND_HEAD_H, fourColour, words);
  const anyActive = rows.some((r) => r.active);
  rows.forEach((row, i) => {
    drawHandRow(ctx, row, HEADER_TOP + HAND_HEAD_H + trickH + i * HAND_ROW_H, anyActive, fourColour, words);
  });
  return finishPng(canvas);
}
