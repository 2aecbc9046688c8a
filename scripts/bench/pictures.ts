import { endingOf } from "../../src/bot/table.js";
import { createRng } from "../../src/engine/core/rng.js";
import { wordsFor } from "../../src/i18n/index.js";
import { LOCALES, type Locale } from "../../src/i18n/locale.js";
import { endedJob, type PictureJob, paint } from "../../src/render/jobs.js";
import { type DrawnLabel, recordLabels } from "../../src/render/primitives.js";
import type { GameRecord } from "../../src/store/store.js";
import { type AnyGameUi, GAME_UIS } from "./games.js";
import { randomGame, sampleOptions, samplePlayers } from "./samples.js";

/**
 * The picture audit (`npm run bench -- pictures`, and test/render/phoneAudit.test.ts): every painter
 * of every game drawn over sample states (both languages, every player count, the deal, the middle
 * and the end of a random game), measured as a phone shows it, 400 px wide: the smallest text there
 * and the lowest contrast of a text against what lies under it (WCAG).
 */

/** How wide Discord shows a picture on a phone. */
export const PHONE_WIDTH = 400;
/** The smallest text a phone reader can read, at that width (px). */
export const MIN_PHONE_PX = 11;
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** Short names, as most players have (a long name is cut with "…" and is not what this measures). */
const NAMES = ["Anna", "Bram", "Cor", "Daan", "Eva"];

/** One text as a phone shows it. */
export interface PhoneText {
  text: string;
  /** Its size when the picture is shown PHONE_WIDTH px wide. */
  px: number;
  /** Its contrast against what lies under it; null when that cannot be told (a pattern, nothing under it). */
  contrast: number | null;
}

/** One picture drawn: which painter, over which sample, its size and its texts. */
export interface DrawnPicture {
  game: string;
  painter: string;
  locale: Locale;
  /** "3p middle", say. */
  moment: string;
  width: number;
  height: number;
  texts: PhoneText[];
}

/** Which samples: the games (all unless given), the player counts (all allowed, 1–5, unless given). */
export interface AuditScope {
  games?: readonly string[];
  counts?: (ui: AnyGameUi) => number[];
  locales?: readonly Locale[];
}

/** Every player count a game allows, up to five. */
export function everyCount(ui: AnyGameUi): number[] {
  const counts: number[] = [];
  for (let n = ui.engine.minPlayers; n <= Math.min(ui.engine.maxPlayers, 5); n++) counts.push(n);
  return counts;
}

/** Every picture of every game in scope, drawn over its sample states. */
export function drawSamples(scope: AuditScope = {}): DrawnPicture[] {
  const out: DrawnPicture[] = [];
  for (const ui of GAME_UIS) {
    if (scope.games && !scope.games.includes(ui.gameType)) continue;
    for (const count of (scope.counts ?? everyCount)(ui)) {
      const players = samplePlayers(count);
      const names = Object.fromEntries(players.map((p, i) => [p, NAMES[i]!]));
      const states = randomGame(ui.engine, players, sampleOptions(ui.engine, count), count, createRng(count));
      const moments: [string, unknown][] = [
        ["start", states[0]],
        ["middle", states[Math.floor(states.length / 2)]],
        ["end", states.at(-1)],
      ];
      for (const locale of scope.locales ?? LOCALES) {
        for (const [when, state] of moments) {
          const moment = `${count}p ${when}`;
          for (const job of picturesOf(ui, state, players, names, locale)) {
            out.push({ game: ui.gameType, locale, moment, ...drawn(job) });
          }
        }
      }
    }
  }
  return out;
}

/** The pictures a game shows at a state: its table (under the ended band once it is over) and every seat's panel pictures. */
function picturesOf(
  ui: AnyGameUi,
  state: unknown,
  players: readonly string[],
  names: Record<string, string>,
  locale: Locale,
): PictureJob[] {
  const table = ui.tablePicture(ui.engine.publicView(state), names, locale);
  const outcome = ui.engine.outcome(state);
  const ending = outcome && endingOf(endedGame(ui, state, players), outcome, names, locale);
  const panels = players.flatMap((userId) =>
    ui
      .panel({
        ref: { gameId: 1, version: 1 },
        userId,
        view: ui.engine.privateView(state, userId),
        names,
        selection: null,
        notice: null,
        words: wordsFor(locale),
      })
      .pictures.map((p) => p.job),
  );
  return [table, ...(ending ? [endedJob(table, ending.headline, ending.detail)] : []), ...panels];
}

/** A finished game's record, as the table message reads its ending from it. */
function endedGame(ui: AnyGameUi, state: unknown, players: readonly string[]): GameRecord {
  return {
    id: 1,
    guildId: "1",
    channelId: "1",
    gameType: ui.gameType,
    options: {},
    seed: 1,
    status: "finished",
    hostId: players[0]!,
    version: 1,
    state,
    endReason: null,
    createdAt: 0,
    updatedAt: 0,
    players: [],
  };
}

/** A job drawn with its texts recorded: the painter's name ("ended" bands by the table they stand over). */
function drawn(job: PictureJob): Omit<DrawnPicture, "game" | "locale" | "moment"> {
  let png: Buffer | null = null;
  const labels = recordLabels(() => {
    png = paint(job);
  });
  const picture = png as Buffer | null;
  if (!picture) throw new Error(`${job.painter} drew nothing`);
  const width = picture.readUInt32BE(16);
  const height = picture.readUInt32BE(20);
  // An ended band's picture first draws its table (a picture of its own, audited as the table).
  const own =
    job.painter === "ended"
      ? labels.slice(recordLabels(() => paint(job.args[0] as PictureJob)).length)
      : labels;
  const painter =
    job.painter === "ended" ? `ended band over ${(job.args[0] as PictureJob).painter}` : job.painter;
  return {
    painter,
    width,
    height,
    texts: own.filter((l) => l.canvasWidth === width).map((l) => phoneText(l, width)),
  };
}

function phoneText(label: DrawnLabel, width: number): PhoneText {
  return { text: label.shown, px: (label.size * PHONE_WIDTH) / width, contrast: contrastOf(label) };
}

// ---- contrast (WCAG 2) ------------------------------------------------------------------------

type Rgb = readonly [number, number, number];

/** "#rrggbb" or "rgba(r, g, b, a)", as a canvas names a colour; null for anything else. */
function parseColour(colour: string): { rgb: Rgb; alpha: number } | null {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return { rgb: [1, 2, 3].map((i) => Number.parseInt(hex[i]!, 16)) as unknown as Rgb, alpha: 1 };
  const rgba = /^rgba?\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\s*\)$/.exec(colour);
  if (!rgba) return null;
  return {
    rgb: [Number(rgba[1]), Number(rgba[2]), Number(rgba[3])],
    alpha: rgba[4] === undefined ? 1 : Number(rgba[4]),
  };
}

/** WCAG relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** A text's contrast ratio against the mean colour under its box (1–21); null when either is unknown. */
export function contrastOf(label: DrawnLabel): number | null {
  const fill = label.colour === undefined ? null : parseColour(label.colour);
  const under = label.under;
  if (!fill || !under || under[3] === 0) return null;
  const bg: Rgb = [under[0], under[1], under[2]];
  // A translucent text shows what is under it through its ink.
  const ink = fill.rgb.map((c, i) => c * fill.alpha + bg[i]! * (1 - fill.alpha)) as unknown as Rgb;
  const [hi, lo] = [luminance(ink), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// ---- the report ---------------------------------------------------------------------------------

/** One painter of one game over all its samples: its sizes and its worst text. */
export interface PainterSummary {
  game: string;
  painter: string;
  sizes: string[];
  smallest: PhoneText & { where: string };
  faintest: (PhoneText & { where: string }) | null;
}

export function summarise(pictures: readonly DrawnPicture[]): PainterSummary[] {
  const byPainter = new Map<string, DrawnPicture[]>();
  for (const p of pictures) {
    const key = `${p.game}\u0000${p.painter}`;
    byPainter.set(key, [...(byPainter.get(key) ?? []), p]);
  }
  return [...byPainter.values()].map((group) => {
    const first = group[0]!;
    const all = group.flatMap((p) => p.texts.map((t) => ({ ...t, where: `${p.locale} ${p.moment}` })));
    const smallest = all.reduce((a, b) => (b.px < a.px ? b : a));
    const rated = all.filter((t) => t.contrast !== null);
    const faintest = rated.length === 0 ? null : rated.reduce((a, b) => (b.contrast! < a.contrast! ? b : a));
    const sizes = [
      ...new Set(group.map((p) => `${p.width} × ${p.height} (h/w ${(p.height / p.width).toFixed(2)})`)),
    ];
    return { game: first.game, painter: first.painter, sizes, smallest, faintest };
  });
}

/** What breaks the phone rules in a picture: each text under MIN_PHONE_PX or under MIN_CONTRAST. */
export function phoneProblems(pictures: readonly DrawnPicture[]): string[] {
  const problems = new Set<string>();
  for (const p of pictures) {
    const at = `${p.painter} (${p.game}, ${p.locale}, ${p.moment})`;
    for (const t of p.texts) {
      if (t.px < MIN_PHONE_PX)
        problems.add(`${at}: "${t.text}" is ${t.px.toFixed(1)} px at ${PHONE_WIDTH} px wide`);
      if (t.contrast !== null && t.contrast < MIN_CONTRAST)
        problems.add(`${at}: "${t.text}" has contrast ${t.contrast.toFixed(2)}:1`);
    }
  }
  return [...problems];
}

/** `npm run bench -- pictures [game…]`: the audit's report, one line per painter, then the worst of all. */
export function runPictureAudit(args: string[]): number {
  const pictures = drawSamples(args.length > 0 ? { games: args } : {});
  const summaries = summarise(pictures);
  for (const s of summaries) {
    console.log(`${s.game} · ${s.painter}`);
    console.log(
      `  size: ${s.sizes.length > 4 ? `${s.sizes.slice(0, 4).join(", ")} … (${s.sizes.length} sizes)` : s.sizes.join(", ")}`,
    );
    console.log(
      `  smallest text: ${s.smallest.px.toFixed(1)} px at ${PHONE_WIDTH} px wide ("${s.smallest.text}", ${s.smallest.where})`,
    );
    console.log(
      s.faintest
        ? `  lowest contrast: ${s.faintest.contrast!.toFixed(2)}:1 ("${s.faintest.text}", ${s.faintest.where})`
        : "  lowest contrast: no text rated",
    );
  }
  const smallest = Math.min(...summaries.map((s) => s.smallest.px));
  const faintest = Math.min(...summaries.flatMap((s) => (s.faintest ? [s.faintest.contrast!] : [])));
  console.log(`\npictures drawn: ${pictures.length}`);
  console.log(`lowest text contrast: ${faintest.toFixed(2)}:1`);
  console.log(`smallest text at ${PHONE_WIDTH} px wide: ${(Math.floor(smallest * 10) / 10).toFixed(1)} px`);
  return 0;
}
