import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AnyGameUi } from "../../src/bot/ui/types.js";
import { createRng } from "../../src/engine/core/rng.js";
import { GAMES } from "../../src/games/index.js";
import { LOCALES } from "../../src/i18n/locale.js";
import { type PictureJob, paint } from "../../src/render/jobs.js";
import { type DrawnLabel, recordLabels } from "../../src/render/primitives.js";
import { picturesAt, playRandomly } from "./moments.js";

/**
 * Every word a picture draws fits its box, in every language: no label cut with "…", none spilling
 * out of the box it was given or off the picture. Player names may be cut (they are the players'
 * own and can be any length); these tests seat short names so that a cut name stands out too.
 */
const PLAYERS = ["100000000000000001", "100000000000000002", "100000000000000003", "100000000000000004"];
const NAMES = Object.fromEntries(PLAYERS.map((p, i) => [p, ["Anna", "Bram", "Cor", "Daan"][i] as string]));
/** How deep into a random game each sampled moment is: the deal, early, middle, late. */
const DEPTHS = [0, 6, 25, 80];
/** Deep enough for any game to have ended by then. */
const END = 2000;
/** Where the pictures go to be looked at (`LOOK=1`), one per game, moment and language. */
const LOOK_DIR = "test/.tmp/labels";

interface Moment {
  name: string;
  jobs: PictureJob[];
}

/** A game's pictures at a few moments of random games (its table, and every seat's panel pictures). */
function moments(ui: AnyGameUi, locale: (typeof LOCALES)[number]): Moment[] {
  const engine = ui.engine;
  const out: Moment[] = [];
  const counts = [...new Set([engine.minPlayers, Math.min(engine.maxPlayers, 4)])];
  for (const count of counts) {
    const seated = PLAYERS.slice(0, count);
    const options = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
    const rng = createRng(count * 7 + 1);
    let state = engine.setup(seated, options, count + 3);
    let played = 0;
    for (const depth of [...DEPTHS, END]) {
      state = playRandomly(engine, state, rng, depth - played);
      played = depth;
      const jobs = picturesAt(ui, state, seated, NAMES, locale);
      out.push({ name: `${count}p-${depth === END ? "end" : depth}`, jobs });
    }
  }
  return out;
}

/**
 * Games whose every word stays at least 11 px when a phone shows the picture 400 px wide (issue
 * 37's bound; a card's index suit, noted since, is 11.3 px on the narrowest cards). The others are
 * checked by the picture audit (test/render/phoneAudit.test.ts) as their painters are laid out anew.
 */
const READABLE_GAMES = new Set(["onevstwo"]);
const MIN_PHONE_PX = 11;

/** How tall a label's font is when its picture is shown 400 px wide. */
function phonePx(label: DrawnLabel, pictureWidth: number): number {
  return (label.size * 400) / pictureWidth;
}

/** What is wrong with one drawn text, or null when it fits. */
function misfit(label: DrawnLabel): string | null {
  const isName = Object.values(NAMES).some((n) => label.text.includes(n)) && label.text.length <= 24;
  if (label.shown !== label.text && !isName) return `cut to "${label.shown}"`;
  if (label.overflows) return "spills out of its box";
  if (label.left < -1 || label.right > label.canvasWidth + 1)
    return `off the picture (${Math.round(label.left)}–${Math.round(label.right)} of ${label.canvasWidth})`;
  return null;
}

describe("every label fits its box (and, in the games that keep to it, is readable on a phone)", () => {
  for (const ui of GAMES.list.map((game) => game.ui)) {
    for (const locale of LOCALES) {
      it(`${ui.gameType} in ${locale}`, () => {
        const problems: string[] = [];
        let drawn = 0;
        for (const moment of moments(ui, locale)) {
          moment.jobs.forEach((job, i) => {
            let png: Buffer | null = null;
            const labels = recordLabels(() => {
              png = paint(job);
            });
            drawn += labels.length;
            // The picture is the widest canvas drawn on; a card drawn once and copied has its own.
            const width = Math.max(...labels.map((l) => l.canvasWidth));
            for (const label of labels) {
              const problem = misfit(label);
              if (problem) problems.push(`${moment.name} ${job.painter}: "${label.text}" ${problem}`);
              const px = phonePx(label, width);
              if (READABLE_GAMES.has(ui.gameType) && label.canvasWidth === width && px < MIN_PHONE_PX)
                problems.push(
                  `${moment.name} ${job.painter}: "${label.text}" ${px.toFixed(1)} px on a phone`,
                );
            }
            if (process.env.LOOK && png) {
              mkdirSync(LOOK_DIR, { recursive: true });
              writeFileSync(`${LOOK_DIR}/${ui.gameType}-${locale}-${moment.name}-${i}.png`, png);
            }
          });
        }
        expect([...new Set(problems)]).toEqual([]);
        // The check saw the pictures' words, not an empty log.
        expect(drawn).toBeGreaterThan(20);
      });
    }
  }
});
