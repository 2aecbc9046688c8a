import type { CanvasRenderingContext2D } from "canvas";
import { type Card, cardCode, SUIT_SYMBOL } from "../engine/core/cards.js";
import type { PlayerId } from "../engine/core/game.js";
import type {
  CompletedTrick,
  Contract,
  ContractTally,
  OnevstwoPrivateView,
  OnevstwoPublicView,
  Place,
  PlayedCard,
  SheetLine,
} from "../engine/games/onevstwo/types.js";
import { cardText, type Words, wordsFor } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import {
  type CardPainter,
  type CardStyle,
  cachedCard,
  cardFinish,
  cardHeight,
  drawArrow,
  drawableName,
  drawBadge,
  drawEmptySlot,
  drawFelt,
  drawPanel,
  drawText,
  finishPng,
  fitFontSize,
  font,
  measureText,
  newCanvas,
  paint,
  type RenderOptions,
  roundedRect,
  suitColour,
  THEME,
  wrapText,
} from "./primitives.js";

/**
 * One versus Two's pictures, from views only.
 *
 * - The table (public view): the four places around the table as the boss sees them — the boss at
 *   the bottom, the left louse on the left, the dummy opposite at the top (face up), the right louse
 *   on the right — with the current trick in the middle at its players' places (or, between tricks,
 *   the finished one, marked), the contract and the tricks of both sides against it.
 * - Between games and when the match is over the table is the result picture instead: the game
 *   just finished (contract made or failed, by how much, its score) and the match's score sheet.
 * - The hand (private view): the viewer's cards, and the dummy's when they choose for it, with the
 *   cards they may play now marked and the others dimmed, and the current trick small.
 */

/**
 * Laid out 880 units wide: a phone shows the picture about 400 px wide, where a unit becomes 0.45 px,
 * so every word is at least `LABEL` (27) units, about 12 px there, and a card (104) keeps its rank
 * readable as well.
 */
const WIDTH = 880;
const MARGIN = 16;
const INNER = WIDTH - 2 * MARGIN;

/** The smallest size of any word in these pictures: about 12 px when a phone shows them 400 px wide. */
const LABEL = 27;
const NAME_SIZE = 30;
const ROLE_SIZE = LABEL;

// The table's layout, top to bottom.
const HEADER_TOP = 10;
const HEADER_H = 142;
const DUMMY_TOP = HEADER_TOP + HEADER_H + 10;
const STRIP_H = 54;
/** One card size for the dummy, the trick and the hand: one cached bitmap per card. */
const CARD_W = 104;
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

function nameOf(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  id: PlayerId | null,
  words: Words,
): string {
  if (id === null) return "";
  const clean = drawableName(names[id] ?? "");
  return clean !== "" ? clean : words("onevstwo.pic.player", { n: view.players.indexOf(id) + 1 });
}

const fourPlayers = (view: OnevstwoPublicView): boolean => view.players.length === 4;

// ---------------------------------------------------------------------------------------------
// Cards, drawn once per look and size and then copied

function face(card: Card, locale: Locale, style: CardStyle = {}): CardPainter {
  const fourColour = style.fourColour === true;
  const plain = cachedCard(
    `f${cardCode(card)}|${fourColour ? 4 : 2}|${locale}`,
    paint.face(card, { fourColour, locale }),
  );
  return (ctx, x, y, w, h) => {
    plain(ctx, x, y, w, h);
    cardFinish(ctx, Math.round(x), Math.round(y), w, h, style);
  };
}

function back(): CardPainter {
  return cachedCard("b", paint.back());
}

/**
 * Left offsets of a row of cards, in the order given, with a little extra room where the suit
 * changes: cards side by side when they fit in `maxW`, else overlapping evenly.
 */
function rowOffsets(cards: readonly Card[], w: number, maxW: number): { xs: number[]; width: number } {
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

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** "9 ♠" / "9 no trump" in a white pill, the suit in its colour; returns its box. */
function drawContractPill(
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

type Role = "boss" | "louse" | "servant" | "dummy";

/** A role's badge colours: the boss in gold, the lice in blue, the servant and the dummy in purple. */
function roleColours(role: Role): { bg: string; fg: string } {
  if (role === "boss") return { bg: THEME.highlight, fg: THEME.highlightText };
  return { bg: role === "louse" ? "#3d5a80" : "#6b4f8a", fg: THEME.text };
}

/** Who sits at a place in this game and their role (3 players: the dummy's place has no one). */
function placeInfo(
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
function placeName(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  place: Place,
  words: Words,
): string {
  const info = placeInfo(view, names, place, words);
  return info.player === null ? words("onevstwo.pic.theDummy") : info.name;
}

function placeSide(place: Place, words: Words): string {
  return words(place === "boss" || place === "dummy" ? "onevstwo.pic.side.boss" : "onevstwo.pic.side.lice");
}

/**
 * The index of the trick's best card: the finished trick's winner, or the engine's `winning` place
 * of the trick being played (-1: none).
 */
function bestIndex(view: OnevstwoPublicView, last: CompletedTrick | null): number {
  const best = last ? last.winner : view.winning;
  return (last ? last.cards : view.trick).findIndex((p) => p.place === best);
}

/**
 * Tricks of both sides against the contract (the engine's tally): what the boss's side needs and
 * what the lice need to beat it. Green once the contract is made, orange once it has failed.
 */
function trickScore(
  view: OnevstwoPublicView,
  tally: ContractTally,
  words: Words,
): { text: string; colour: string }[] {
  const { need, against, made, beaten } = tally;
  return [
    {
      text: words(made ? "onevstwo.pic.bossSideMade" : "onevstwo.pic.bossSide", {
        won: view.bossTricks,
        need,
      }),
      colour: made ? THEME.good : THEME.text,
    },
    {
      text: beaten
        ? words("onevstwo.pic.liceBeat", { won: view.liceTricks })
        : words("onevstwo.pic.lice", { won: view.liceTricks, need: against }),
      colour: beaten ? THEME.down : THEME.text,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The table

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
    fill: active ? "rgba(255, 204, 51, 0.14)" : THEME.panel,
    stroke: active ? THEME.highlight : THEME.panelStroke,
    lineWidth: active ? 4 : 2,
    radius: 16,
  });
}

/** A small fan of backs for a hidden hand, one per card; returns its width. */
function drawBacks(ctx: CanvasRenderingContext2D, count: number, x: number, y: number, step: number): number {
  const painter = back();
  for (let i = 0; i < count; i++) painter(ctx, x + i * step, y, BACK_W, BACK_H);
  return count === 0 ? 0 : BACK_W + (count - 1) * step;
}

function cardsText(n: number, words: Words): string {
  return words.count("onevstwo.pic.cards", n);
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
      colour: THEME.textFaint,
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
      colour: n === 0 ? THEME.textFaint : THEME.text,
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
    colour: n === 0 ? THEME.textFaint : THEME.text,
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

const WIN_COLOUR = THEME.good;

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
  const trickNo = view.bossTricks + view.liceTricks + (last ? 0 : 1);
  const caption = last
    ? words("onevstwo.pic.lastTrick", {
        trick: trickNo,
        name: placeName(view, names, last.winner, words),
        side: placeSide(last.winner, words),
      })
    : cards.length > 1
      ? words("onevstwo.pic.trickHigh", {
          trick: trickNo,
          name: placeName(view, names, (cards[best] as PlayedCard).place, words),
        })
      : words("onevstwo.pic.trick", { trick: trickNo });
  const lines = wrapText(ctx, caption, INNER - 16, LABEL, { bold: true, separator: " · " }).slice(0, 2);
  const top = captionTop + (lines.length === 1 ? CAPTION_LINE_H / 2 : 0);
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

function renderPlay(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): Buffer {
  const { canvas, ctx } = newCanvas(WIDTH, TABLE_H, { opaque: true });
  drawFelt(ctx, WIDTH, TABLE_H);
  drawHeader(ctx, view, names, fourColour, words);
  drawDummyPlace(ctx, view, names, fourColour, words);
  drawSidePlace(ctx, view, names, "left", words);
  drawSidePlace(ctx, view, names, "right", words);
  drawTrick(ctx, view, names, fourColour, words);
  drawBossPlace(ctx, view, names, words);
  return finishPng(canvas);
}

// ---------------------------------------------------------------------------------------------
// The result picture and the score sheet

/** The columns of the sheet: one per player (3) or per pair (4), each with its members. */
function sheetColumns(view: OnevstwoPublicView): PlayerId[][] {
  return view.pairs ? view.pairs.map((pair) => [...pair]) : view.players.map((p) => [p]);
}

function columnName(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  members: PlayerId[],
  words: Words,
): string {
  return members.map((m) => nameOf(view, names, m, words)).join(" & ");
}

/** Whether a column (a player, or a pair by either member) holds the best total. */
function leads(view: OnevstwoPublicView, members: PlayerId[]): boolean {
  return view.standings.some((s) => s.first && s.members.includes(members[0] as PlayerId));
}

function resultWords(line: SheetLine, words: Words): { text: string; colour: string } {
  if (line.made) {
    return {
      text:
        line.margin > 0
          ? words("onevstwo.pic.madeOver", { over: line.margin })
          : words("onevstwo.pic.madeExactly"),
      colour: THEME.good,
    };
  }
  return { text: words("onevstwo.pic.failedBy", { short: line.margin }), colour: THEME.bad };
}

const RESULT_HEAD_H = 168;
/** The sheet's header: the columns' headings (a pair's two names on two lines). */
const SHEET_HEAD_H = 78;
/** Score sheet rows: 27 px text, about 12 px when a phone shows the picture 400 px wide. */
const ROW_H = 42;
const SHEET_SIZE = LABEL;
const TOTAL_H = 56;
/** Under the sheet: what comes next, or who won, on up to two lines. */
const FOOT_LINE_H = 38;
const FOOT_H = 2 * FOOT_LINE_H + 20;

function resultHeight(view: OnevstwoPublicView): number {
  return HEADER_TOP + RESULT_HEAD_H + 14 + SHEET_HEAD_H + view.sheet.length * ROW_H + TOTAL_H + 8 + FOOT_H;
}

function drawResultHead(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): void {
  const line = view.sheet.at(-1);
  drawPanel(ctx, MARGIN / 2, HEADER_TOP, WIDTH - MARGIN, RESULT_HEAD_H, { radius: 16 });
  const left = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  if (!line) {
    drawText(ctx, words("onevstwo.pic.matchOver"), left, HEADER_TOP + 40, {
      size: 32,
      bold: true,
      colour: THEME.highlight,
    });
    return;
  }
  const title = words(view.phase === "over" ? "onevstwo.pic.resultLast" : "onevstwo.pic.result", {
    game: line.game,
    games: view.games,
  });
  // The contract beside the title; the boss (and servant) beside the boss's score.
  const pill = drawContractPill(ctx, line.contract, right, HEADER_TOP + 32, 30, words, {
    align: "right",
    fourColour,
  });
  drawText(ctx, title, left, HEADER_TOP + 32, {
    size: LABEL,
    bold: true,
    colour: THEME.textMuted,
    maxWidth: pill.x - 20 - left,
  });
  const row2 = HEADER_TOP + 82;
  const score = drawBadge(
    ctx,
    words("onevstwo.pic.bossScore", { score: words.signed(line.score) }),
    right,
    row2,
    {
      size: 30,
      align: "right",
      bg: line.score >= 0 ? "#1f7a45" : "#9b2c2c",
    },
  );
  const room = score.x - 24 - left;
  const roleStyle = { size: LABEL, bold: true, colour: THEME.textMuted } as const;
  const bossW = drawText(ctx, words("onevstwo.pic.role.boss"), left, row2, roleStyle);
  let x = left + bossW + 10;
  x += drawText(ctx, nameOf(view, names, line.boss, words), x, row2, {
    size: NAME_SIZE,
    bold: true,
    maxWidth: line.servant !== null ? room / 2 - bossW - 10 : room - bossW - 10,
  });
  if (line.servant !== null) {
    x += 18;
    x += drawText(ctx, words("onevstwo.pic.servantLabel"), x, row2, roleStyle) + 10;
    drawText(ctx, nameOf(view, names, line.servant, words), x, row2, {
      size: NAME_SIZE,
      bold: true,
      maxWidth: score.x - 24 - x,
    });
  }
  // Tricks, made or failed.
  const row3 = HEADER_TOP + 130;
  const result = resultWords(line, words);
  const tricks = words.count("onevstwo.pic.tricksWon", line.tricksWon, { lice: line.liceTricks });
  const tw = drawText(ctx, tricks, left, row3, { size: LABEL, bold: true });
  drawText(ctx, `· ${result.text}`, left + tw + 10, row3, { size: LABEL, bold: true, colour: result.colour });
}

/**
 * The match's score sheet: per game its boss, contract, tricks won and the boss's points
 * (the boss's side scores them, the other side the negative), then each player's (or pair's)
 * running total under their name; the totals row at the foot.
 */
function drawSheet(
  ctx: CanvasRenderingContext2D,
  view: OnevstwoPublicView,
  names: Record<string, string>,
  top: number,
  fourColour: boolean,
  words: Words,
): number {
  const columns = sheetColumns(view);
  const x0 = MARGIN + 8;
  const right = WIDTH - MARGIN - 8;
  // Each fixed column as wide as its heading or its widest entry; the running totals share what
  // is left with the boss's name.
  const head = { size: SHEET_SIZE, bold: true, colour: THEME.textMuted } as const;
  ctx.font = font(SHEET_SIZE, true);
  const wide = (...texts: string[]) =>
    Math.ceil(Math.max(...texts.map((t) => measureText(ctx, t).width))) + 18;
  const contractW = wide(words("onevstwo.pic.contract"), `13 ${words("onevstwo.pic.nt")}`);
  const wonW = wide(words("onevstwo.pic.won"), "13");
  const pointsW = wide(words("onevstwo.pic.points"), "−1000", "+1000");
  const colW = Math.max(wide("−0000"), (right - x0) * (columns.length === 2 ? 0.19 : 0.13));
  const scoresX = right - columns.length * colW;
  const bossX = x0;
  const bossW = scoresX - pointsW - wonW - contractW - bossX;
  const contractX = bossX + bossW;
  const wonX = contractX + contractW;
  const pointsX = wonX + wonW;
  const height = SHEET_HEAD_H + view.sheet.length * ROW_H + TOTAL_H;
  drawPanel(ctx, MARGIN / 2, top, WIDTH - MARGIN, height + 8, { radius: 16 });
  // Header row.
  const hy = top + SHEET_HEAD_H / 2 + 2;
  drawText(ctx, words("onevstwo.pic.role.boss"), bossX + 4, hy, { ...head, maxWidth: bossW - 8 });
  drawText(ctx, words("onevstwo.pic.contract"), contractX + contractW / 2, hy, { ...head, align: "center" });
  drawText(ctx, words("onevstwo.pic.won"), wonX + wonW / 2, hy, { ...head, align: "center" });
  drawText(ctx, words("onevstwo.pic.points"), pointsX + pointsW - 10, hy, { ...head, align: "right" });
  const over = view.phase === "over";
  columns.forEach((members, i) => {
    const cellRight = scoresX + (i + 1) * colW - 10;
    const lead = over && leads(view, members);
    const style = {
      size: SHEET_SIZE,
      bold: true,
      colour: lead ? THEME.highlight : THEME.text,
      align: "right",
      maxWidth: colW - 14,
    } as const;
    if (members.length === 2) {
      drawText(ctx, nameOf(view, names, members[0] as PlayerId, words), cellRight, hy - 17, style);
      drawText(ctx, `& ${nameOf(view, names, members[1] as PlayerId, words)}`, cellRight, hy + 17, style);
    } else {
      drawText(ctx, nameOf(view, names, members[0] as PlayerId, words), cellRight, hy, style);
    }
  });
  ctx.fillStyle = "rgba(255, 255, 255, 0.25)";
  ctx.fillRect(x0, top + SHEET_HEAD_H - 2, right - x0, 2);
  // One row per game (rounds apart by a line): the boss, the contract, the tricks, the boss's
  // points, each running total.
  view.sheet.forEach((line, r) => {
    const y = top + SHEET_HEAD_H + r * ROW_H;
    const cy = y + ROW_H / 2;
    const latest = r === view.sheet.length - 1;
    if (latest) {
      ctx.fillStyle = "rgba(255, 204, 51, 0.14)";
      ctx.fillRect(x0 - 6, y + 1, right - x0 + 12, ROW_H - 2);
    } else if (r % 2 === 1) {
      ctx.fillStyle = "rgba(0, 0, 0, 0.14)";
      ctx.fillRect(x0 - 6, y + 1, right - x0 + 12, ROW_H - 2);
    }
    if (r > 0 && view.sheet[r - 1]?.round !== line.round) {
      ctx.fillStyle = "rgba(255, 255, 255, 0.3)";
      ctx.fillRect(x0 - 6, y - 1, right - x0 + 12, 2);
    }
    drawText(ctx, nameOf(view, names, line.boss, words), bossX + 4, cy, {
      size: SHEET_SIZE,
      maxWidth: bossW - 12,
    });
    const c = line.contract;
    const trump = c.trump === null ? words("onevstwo.pic.nt") : SUIT_SYMBOL[c.trump];
    const trumpColour = c.trump === null ? THEME.text : suitTint(c.trump, fourColour);
    const trumpSize = c.trump === null ? SHEET_SIZE : SHEET_SIZE + 2;
    ctx.font = font(SHEET_SIZE, true);
    const numW = measureText(ctx, `${c.tricks} `).width;
    ctx.font = font(trumpSize, true);
    const trW = measureText(ctx, trump).width;
    const cl = contractX + contractW / 2 - (numW + trW) / 2;
    drawText(ctx, `${c.tricks} `, cl, cy, { size: SHEET_SIZE, bold: true });
    drawText(ctx, trump, cl + numW, cy, { size: trumpSize, bold: true, colour: trumpColour });
    drawText(ctx, String(line.tricksWon), wonX + wonW / 2, cy, {
      size: SHEET_SIZE,
      bold: true,
      colour: line.made ? THEME.good : THEME.bad,
      align: "center",
    });
    drawText(ctx, words.signed(line.score), pointsX + pointsW - 10, cy, {
      size: SHEET_SIZE,
      bold: true,
      colour: line.score > 0 ? THEME.good : line.score < 0 ? THEME.bad : THEME.textFaint,
      align: "right",
    });
    columns.forEach((members, i) => {
      drawText(
        ctx,
        words.number(line.totals[members[0] as PlayerId] ?? 0),
        scoresX + (i + 1) * colW - 10,
        cy,
        {
          size: SHEET_SIZE,
          bold: true,
          align: "right",
        },
      );
    });
  });
  // Totals.
  const ty = top + SHEET_HEAD_H + view.sheet.length * ROW_H;
  ctx.fillStyle = "rgba(255, 255, 255, 0.25)";
  ctx.fillRect(x0, ty, right - x0, 2);
  const tcy = ty + TOTAL_H / 2 + 2;
  const totalW = drawText(ctx, words(over ? "onevstwo.pic.final" : "onevstwo.pic.total"), x0 + 4, tcy, {
    size: 28,
    bold: true,
  });
  drawText(
    ctx,
    words("onevstwo.pic.after", { played: view.sheet.length, games: view.games }),
    x0 + 4 + totalW + 16,
    tcy,
    { size: SHEET_SIZE, colour: THEME.textMuted, maxWidth: scoresX - 16 - (x0 + totalW + 20) },
  );
  columns.forEach((members, i) => {
    const total = view.totals[members[0] as PlayerId] ?? 0;
    const lead = over && leads(view, members);
    const cellRight = scoresX + (i + 1) * colW;
    if (lead) {
      drawBadge(ctx, `★ ${words.number(total)}`, cellRight, tcy, {
        size: SHEET_SIZE,
        align: "right",
        bg: THEME.highlight,
        fg: THEME.highlightText,
      });
    } else {
      drawText(ctx, words.number(total), cellRight - 10, tcy, { size: 28, bold: true, align: "right" });
    }
  });
  return height + 8;
}

/** Hearts and diamonds (and, four-coloured, clubs) in a colour readable on the dark sheet. */
function suitTint(suit: Card["suit"], fourColour: boolean): string {
  if (suit === "H") return "#ff7a8a";
  if (suit === "D") return fourColour ? "#7fb0ff" : "#ff7a8a";
  if (suit === "C") return fourColour ? "#6fdc8c" : THEME.text;
  return THEME.text;
}

function renderResult(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  fourColour: boolean,
  words: Words,
): Buffer {
  const height = resultHeight(view);
  const { canvas, ctx } = newCanvas(WIDTH, height, { opaque: true });
  drawFelt(ctx, WIDTH, height);
  drawResultHead(ctx, view, names, fourColour, words);
  const sheetTop = HEADER_TOP + RESULT_HEAD_H + 14;
  const sheetH = drawSheet(ctx, view, names, sheetTop, fourColour, words);
  let text: string;
  if (view.phase === "over") {
    const winners = view.standings.filter((s) => s.first).map((s) => s.members);
    text =
      winners.length === 1
        ? words(fourPlayers(view) ? "onevstwo.pic.over.winners" : "onevstwo.pic.over.winner", {
            name: columnName(view, names, winners[0] as PlayerId[], words),
          })
        : words("onevstwo.pic.over.shared", {
            names: winners.map((m) => columnName(view, names, m, words)).join(", "),
          });
  } else {
    // The name last: a long one is cut at its end, never the words that say what happens.
    text = words("onevstwo.pic.next", {
      game: view.gameNumber,
      games: view.games,
      name: nameOf(view, names, view.roles.boss, words),
    });
  }
  const lines = wrapText(ctx, text, INNER, 28, { bold: true, separator: " · " }).slice(0, 2);
  const top = sheetTop + sheetH + 10 + (lines.length === 1 ? FOOT_LINE_H / 2 : 0);
  lines.forEach((line, i) => {
    drawText(ctx, line, WIDTH / 2, top + FOOT_LINE_H / 2 + i * FOOT_LINE_H, {
      size: 28,
      bold: true,
      colour: THEME.highlight,
      align: "center",
      maxWidth: INNER,
    });
  });
  return finishPng(canvas);
}

/** Between games (a new game waiting for its contract after another finished) and after the match. */
export function showsResult(view: OnevstwoPublicView): boolean {
  return (
    view.phase === "over" || (view.phase === "contract" && view.sheet.length > 0 && view.trick.length === 0)
  );
}

/**
 * The table picture from the public view: the four places and the trick, or — between games and
 * once the match is over — the result of the game just played with the match's score sheet.
 */
export function renderOnevstwoTable(
  view: OnevstwoPublicView,
  names: Record<string, string>,
  options: RenderOptions,
  locale: Locale,
): Buffer {
  const fourColour = options?.fourColour ?? false;
  const words = wordsFor(locale);
  return showsResult(view)
    ? renderResult(view, names, fourColour, words)
    : renderPlay(view, names, fourColour, words);
}

// ---------------------------------------------------------------------------------------------
// The hand

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
      colour: THEME.textFaint,
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
  names: Record<string, string>,
  options: RenderOptions,
  locale: Locale,
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
