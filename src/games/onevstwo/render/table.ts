import type { CanvasRenderingContext2D } from "canvas";
import type { Words } from "../../../i18n/index.js";
import {
  type CardPainter,
  type CardStyle,
  cachedCard,
  cardHeight,
  deviceScale,
  drawArrow,
  drawBadge,
  drawEmptySlot,
  drawPanel,
  drawText,
  finishPng,
  fitFontSize,
  font,
  paint,
  THEME,
  tableCanvas,
  wrapText,
} from "../../../render/primitives.js";
import type { CompletedTrick, OnevstwoPublicView, Place, PlayedCard } from "../engine/types.js";

import {
  ACTIVE_FILL,
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
 * One versus Two's table while a game is played (public view): the four places around the table as
 * the boss sees them, the trick in the middle, the contract and the tricks of both sides against it.
 */

// The table's layout, top to bottom.
const HEADER_H = 142;
const DUMMY_TOP = HEADER_TOP + HEADER_H + 10;
const STRIP_H = 54;
const DUMMY_W = CARD_W;
const DUMMY_H = cardHeight(DUMMY_W);
const DUMMY_PANEL_H = STRIP_H + DUMMY_H + 18;
const MID_TOP = DUMMY_TOP + DUMMY_PANEL_H + 14;
const TRICK_W = CARD_W;
const TRICK_H = cardHeight(TRICK_W);
/** The trick's cross: the left and right cards sit half a card lower than the top one. */
const CROSS_DY = Math.round(TRICK_H * 0.56);
const CROSS_DX = TRICK_W + 14;
const CROSS_H = 2 * CROSS_DY + TRICK_H;
/** Under the cross: the trick's caption, on up to two lines. */
const CAPTION_LINE_H = 36;
const CAPTION_H = 2 * CAPTION_LINE_H + 8;
const MID_H = CROSS_H + CAPTION_H;
const BOSS_TOP = MID_TOP + MID_H + 6;
const BOSS_H = 76;
const TABLE_H = BOSS_TOP + BOSS_H + 14;
/** The lice's panels beside the cross: role, name, hidden hand, and whether they play now. */
const SIDE_W = Math.floor((INNER - TRICK_W - 2 * CROSS_DX - 24) / 2);
const SIDE_H = 236;

const BACK_W = 38;
const BACK_H = cardHeight(BACK_W);

const back: CardPainter = (ctx, x, y, w, h) =>
  cachedCard("b", paint.back(), deviceScale(ctx))(ctx, x, y, w, h);

function drawHeader(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): void {
  drawPanel(ctx, MARGIN / 2, HEADER_TOP, WIDTH - MARGIN, HEADER_H, { radius: 16 });
  const row1 = HEADER_TOP + 30;
  const row2 = HEADER_TOP + 72;
  const row3 = HEADER_TOP + 112;
  const left = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  const where = words("onevstwo.pic.where", {
    game: view.gameNumber,
    games: view.games,
    round: view.round + 1,
    rounds: view.rounds,
  });
  const muted = { size: LABEL, colour: THEME.textMuted } as const;
  if (!view.contract || !view.tally) {
    // Announcing: who announces, and where in the match.
    drawText(
      ctx,
      words("onevstwo.pic.contractPending", { name: nameOf(view, names, view.roles.boss, words) }),
      left,
      row1,
      { size: LABEL, bold: true, colour: THEME.highlight, maxWidth: INNER - 16 },
    );
    drawText(ctx, where, left, row2, muted);
    return;
  }
  // Row 1: the contract, and where in the match.
  const label = drawText(ctx, words("onevstwo.pic.contract"), left, row1, {
    size: LABEL,
    bold: true,
    colour: THEME.textMuted,
  });
  const pill = drawContractPill(ctx, view.contract, left + label + 12, row1, 30, words, { fourColour });
  drawText(ctx, where, right, row1, { ...muted, align: "right", maxWidth: right - (pill.x + pill.w + 20) });
  // Row 2: the tricks of both sides against the contract; row 3: who plays now.
  const parts = trickScore(view, view.tally, words);
  let x = left;
  for (const part of parts) {
    x += drawText(ctx, part.text, x, row2, { size: LABEL, bold: true, colour: part.colour }) + 28;
  }
  if (view.phase === "play" && view.toPlay && view.actor) {
    const name = nameOf(view, names, view.actor, words);
    const now = words(
      view.toPlay === "dummy" && view.roles.servant === null
        ? "onevstwo.pic.now.forDummy"
        : view.toPlay === "dummy"
          ? "onevstwo.pic.now.dummy"
          : "onevstwo.pic.now.play",
      { name },
    );
    drawText(ctx, now, left, row3, {
      size: LABEL,
      bold: true,
      colour: THEME.highlight,
      maxWidth: INNER - 16,
    });
  }
}

/** Name, role and (for hidden hands) a fan of backs with the count, in a place's panel. */
function drawPlaceLabel(
  ctx: CanvasRenderingContext2D,
  x: number,
  cy: number,
  maxW: number,
  info: { name: string; role: Role },
  active: boolean,
  words: Words,
): number {
  let left = x;
  if (active) {
    drawArrow(ctx, left + 11, cy, 24, "right", THEME.highlight);
    left += 30;
  }
  const badge = drawBadge(ctx, words(`onevstwo.pic.role.${info.role}`), left, cy, {
    size: ROLE_SIZE,
    ...roleColours(info.role),
  });
  left += badge.w + 10;
  if (info.name !== "") {
    left += drawText(ctx, info.name, left, cy, {
      size: NAME_SIZE,
      bold: true,
      colour: active ? THEME.highlight : THEME.text,
      maxWidth: Math.max(40, x + maxW - left),
    });
  }
  return left - x;
}

function placePanel(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  active: boolean,
) {
  drawPanel(ctx, x, y, w, h, {
    fill: active ? ACTIVE_FILL : THEME.panel,
    stroke: active ? THEME.highlight : THEME.panelStroke,
    lineWidth: active ? 4 : 2,
    radius: 16,
  });
}

/** A small fan of backs for a hidden hand, one per card; returns its width. */
function drawBacks(ctx: CanvasRenderingContext2D, count: number, x: number, y: number, step: number): number {
  const painter = back;
  for (let i = 0; i < count; i++) painter(ctx, x + i * step, y, BACK_W, BACK_H);
  return count === 0 ? 0 : BACK_W + (count - 1) * step;
}

/** The badge beside the place that acts now (who chooses the dummy's card is in its label). */
function turnBadge(view: OnevstwoPublicView, place: Place, words: Words): string | null {
  if (view.phase === "contract" && place === "boss") return words("onevstwo.pic.badge.announcing");
  return view.phase === "play" && view.toPlay === place ? words("onevstwo.pic.badge.toPlay") : null;
}

function isActive(view: OnevstwoPublicView, place: Place): boolean {
  return (view.phase === "play" && view.toPlay === place) || (view.phase === "contract" && place === "boss");
}

function drawDummyPlace(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): void {
  const active = isActive(view, "dummy");
  const x = MARGIN;
  const y = DUMMY_TOP;
  placePanel(ctx, x, y, INNER, DUMMY_PANEL_H, active);
  const cy = y + STRIP_H / 2 + 4;
  const info = placeInfo(view, names, "dummy", words);
  const badge = turnBadge(view, "dummy", words);
  const count = cardsText(view.cardsLeft.dummy, words);
  ctx.font = font(LABEL, true);
  const countW = ctx.measureText(count).width;
  let right = x + INNER - 16 - countW;
  drawText(ctx, count, x + INNER - 16, cy, {
    size: LABEL,
    bold: true,
    colour: THEME.textMuted,
    align: "right",
  });
  const badgeW = badge ? Math.min(360, ctx.measureText(badge).width + 40) : 0;
  const labelW = drawPlaceLabel(
    ctx,
    x + 14,
    cy,
    right - 24 - badgeW - (x + 14),
    {
      name:
        info.player === null
          ? words("onevstwo.pic.playedBy", { name: nameOf(view, names, view.roles.boss, words) })
          : info.name,
      role: info.role,
    },
    active,
    words,
  );
  if (badge) {
    right -= 16;
    drawBadge(ctx, badge, Math.min(right, x + 14 + labelW + 16 + badgeW), cy, {
      size: ROLE_SIZE,
      bg: THEME.highlight,
      fg: THEME.highlightText,
      align: "right",
      maxWidth: badgeW,
    });
  }
  const cardsY = y + STRIP_H + 4;
  if (view.dummy.length === 0) {
    drawText(ctx, words("onevstwo.pic.allPlayed"), WIDTH / 2, cardsY + DUMMY_H / 2, {
      size: LABEL,
      colour: THEME.textMuted,
      align: "center",
    });
    return;
  }
  const { xs, width } = rowOffsets(view.dummy, DUMMY_W, INNER - 44);
  const left = Math.round(WIDTH / 2 - width / 2);
  view.dummy.forEach((card, i) => {
    face(card, words.locale, { fourColour })(ctx, left + (xs[i] as number), cardsY, DUMMY_W, DUMMY_H);
  });
}

function drawSidePlace(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  place: "left" | "right",
  words: Words,
): void {
  const active = isActive(view, place);
  const x = place === "left" ? MARGIN : WIDTH - MARGIN - SIDE_W;
  const y = MID_TOP + Math.round((CROSS_H - SIDE_H) / 2);
  placePanel(ctx, x, y, SIDE_W, SIDE_H, active);
  const info = placeInfo(view, names, place, words);
  // The role on the first line, the name under it, then the hidden hand, then the turn.
  let bx = x + 14;
  if (active) {
    drawArrow(ctx, bx + 11, y + 32, 24, "right", THEME.highlight);
    bx += 30;
  }
  drawBadge(ctx, words(`onevstwo.pic.role.${info.role}`), bx, y + 32, {
    size: ROLE_SIZE,
    bg: "#3d5a80",
  });
  drawText(ctx, info.name, x + 16, y + 80, {
    size: fitFontSize(ctx, info.name, SIDE_W - 32, NAME_SIZE, true, LABEL),
    bold: true,
    colour: active ? THEME.highlight : THEME.text,
    maxWidth: SIDE_W - 32,
  });
  const n = view.cardsLeft[place];
  const backsY = y + 106;
  const step = n > 1 ? Math.min(12, Math.floor((SIDE_W - 100 - BACK_W) / (n - 1))) : 0;
  const fanW = drawBacks(ctx, n, x + 16, backsY, step);
  drawText(
    ctx,
    n === 0 ? words("onevstwo.pic.noCards") : String(n),
    x + 16 + fanW + (n === 0 ? 0 : 14),
    backsY + BACK_H / 2,
    {
      size: n === 0 ? LABEL : 30,
      bold: true,
      colour: n === 0 ? THEME.textMuted : THEME.text,
      maxWidth: SIDE_W - 32 - fanW,
    },
  );
  const badge = turnBadge(view, place, words);
  if (badge) {
    drawBadge(ctx, badge, x + 16, y + SIDE_H - 38, {
      size: ROLE_SIZE,
      bg: THEME.highlight,
      fg: THEME.highlightText,
      maxWidth: SIDE_W - 32,
    });
  }
}

function drawBossPlace(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  words: Words,
): void {
  const active = isActive(view, "boss");
  const x = MARGIN;
  const y = BOSS_TOP;
  placePanel(ctx, x, y, INNER, BOSS_H, active);
  const cy = y + BOSS_H / 2;
  const n = view.cardsLeft.boss;
  const step = n > 1 ? 14 : 0;
  const fanW = n === 0 ? 0 : BACK_W + (n - 1) * step;
  ctx.font = font(30, true);
  const countText = n === 0 ? words("onevstwo.pic.noCards") : String(n);
  const countW = ctx.measureText(countText).width;
  const right = x + INNER - 16;
  drawText(ctx, countText, right, cy, {
    size: 30,
    bold: true,
    colour: n === 0 ? THEME.textMuted : THEME.text,
    align: "right",
  });
  drawBacks(ctx, n, right - countW - 14 - fanW, cy - BACK_H / 2, step);
  let limit = right - countW - 14 - fanW - 20;
  const badge = turnBadge(view, "boss", words);
  if (badge) {
    const box = drawBadge(ctx, badge, limit, cy, {
      size: ROLE_SIZE,
      bg: THEME.highlight,
      fg: THEME.highlightText,
      align: "right",
    });
    limit = box.x - 14;
  }
  drawPlaceLabel(ctx, x + 14, cy, limit - (x + 14), placeInfo(view, names, "boss", words), active, words);
}

/** Where each place's card lies in the middle of the table. */
function crossSpot(place: Place): { x: number; y: number } {
  const cx = WIDTH / 2 - TRICK_W / 2;
  switch (place) {
    case "dummy":
      return { x: cx, y: MID_TOP };
    case "left":
      return { x: cx - CROSS_DX, y: MID_TOP + CROSS_DY };
    case "right":
      return { x: cx + CROSS_DX, y: MID_TOP + CROSS_DY };
    case "boss":
      return { x: cx, y: MID_TOP + 2 * CROSS_DY };
  }
}

function drawTrick(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): void {
  const captionTop = MID_TOP + CROSS_H + 8;
  if (view.phase === "contract") {
    // Between the lice's panels: the boss, and what they do now.
    const boss = nameOf(view, names, view.roles.boss, words);
    const w = INNER - 2 * SIDE_W - 24;
    const lines = wrapText(
      ctx,
      `${words("onevstwo.pic.announcing1")} ${words("onevstwo.pic.announcing2")}`,
      w - 24,
      LABEL,
    );
    const h = 64 + lines.length * 34;
    const top = MID_TOP + CROSS_H / 2 - h / 2;
    drawPanel(ctx, WIDTH / 2 - w / 2, top, w, h, { radius: 18 });
    drawText(ctx, boss, WIDTH / 2, top + 32, {
      size: NAME_SIZE,
      bold: true,
      colour: THEME.highlight,
      align: "center",
      maxWidth: w - 24,
    });
    lines.forEach((line, i) => {
      drawText(ctx, line, WIDTH / 2, top + 76 + i * 34, {
        size: LABEL,
        colour: THEME.textMuted,
        align: "center",
      });
    });
    return;
  }
  const last: CompletedTrick | null = view.trick.length === 0 ? view.lastTrick : null;
  const cards = last ? last.cards : view.trick;
  const best = bestIndex(view, last);
  const played = new Set(cards.map((p) => p.place));
  // Empty spots for the places still to play (the one to play now in gold).
  if (!last) {
    for (const place of ["dummy", "left", "right", "boss"] as const) {
      if (played.has(place)) continue;
      const spot = crossSpot(place);
      drawEmptySlot(ctx, spot.x, spot.y, TRICK_W, TRICK_H, undefined, {
        colour: view.toPlay === place ? THEME.highlight : THEME.slot,
      });
    }
  }
  cards.forEach((p, i) => {
    const spot = crossSpot(p.place);
    const winning = i === best && cards.length > 1;
    // The finished trick's other cards lightly shaded: it is over, only its winner matters now.
    const style: CardStyle = winning
      ? { fourColour, highlight: WIN_COLOUR }
      : last
        ? { fourColour, covered: true }
        : { fourColour };
    face(p.card, words.locale, style)(ctx, spot.x, spot.y, TRICK_W, TRICK_H);
    // The order the cards were played in (1 led), on each card's foot: no words to fit a card's width.
    drawBadge(ctx, String(i + 1), spot.x + TRICK_W / 2, spot.y + TRICK_H - 4, {
      size: LABEL,
      align: "center",
      bg: i === 0 ? "rgba(0, 0, 0, 0.8)" : "rgba(0, 0, 0, 0.55)",
      stroke: i === 0 ? THEME.highlight : undefined,
      cache: true,
    });
  });
  const trickNo = view.tricksPlayed + (last ? 0 : 1);
  const caption = last
    ? words("onevstwo.pic.lastTrick", {
        trick: trickNo,
        name: placeName(view, names, last.winner, words),
        side: words(view.lastTrickSide === "boss" ? "onevstwo.pic.side.boss" : "onevstwo.pic.side.lice"),
      })
    : cards.length > 1
      ? words("onevstwo.pic.trickHigh", {
          trick: trickNo,
          name: placeName(view, names, (cards[best] as PlayedCard).place, words),
        })
      : words("onevstwo.pic.trick", { trick: trickNo });
  const lines = wrapText(ctx, caption, INNER - 16, LABEL, { bold: true, separator: " · " }).slice(0, 2);
  const top = captionTop + (lines.length === 1 ? CAPTION_LINE_H / 2 : 0);
  // On a dark strip between the lice's panels: green and grey words keep 4.5:1 there, not on the felt.
  ctx.font = font(LABEL, true);
  const stripW = Math.min(INNER, Math.max(...lines.map((l) => ctx.measureText(l).width)) + 40);
  drawPanel(ctx, WIDTH / 2 - stripW / 2, top - 2, stripW, lines.length * CAPTION_LINE_H + 4, { radius: 14 });
  lines.forEach((line, i) => {
    drawText(ctx, line, WIDTH / 2, top + CAPTION_LINE_H / 2 + i * CAPTION_LINE_H, {
      size: LABEL,
      bold: true,
      colour: last ? THEME.good : THEME.textMuted,
      align: "center",
      maxWidth: INNER - 16,
    });
  });
}

export function renderPlay(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): Buffer {
  const { canvas, ctx } = tableCanvas(WIDTH, TABLE_H);
  drawHeader(ctx, view, names, fourColour, words);
  drawDummyPlace(ctx, view, names, fourColour, words);
  drawSidePlace(ctx, view, names, "left", words);
  drawSidePlace(ctx, view, names, "right", words);
  drawTrick(ctx, view, names, fourColour, words);
  drawBossPlace(ctx, view, names, words);
  return finishPng(canvas);
}
