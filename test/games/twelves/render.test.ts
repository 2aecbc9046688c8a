import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRng, nextInt } from "../../../src/engine/core/rng.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesPublicView, TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { renderTwelvesTable } from "../../../src/games/twelves/render.js";
import { wordsFor } from "../../../src/i18n/index.js";
import { LOCALES } from "../../../src/i18n/locale.js";
import { font, newCanvas, recordLabels, STRIP_INDEX_SCALE } from "../../../src/render/primitives.js";
import { TABLEAU_CARD_WIDTH, TABLEAU_PICTURE_WIDTH } from "../../../src/render/tableau.js";
import {
  deepFreeze,
  expectPhoneReadable,
  expectPhoneTableau,
  expectSamplesWritten,
  pngSize,
} from "../../support/pictures.js";

const OUT = join(import.meta.dirname, "..", "..", ".tmp");
const PLAYERS = ["u-alice", "u-bob"];
const NAMES = { "u-alice": "Alice", "u-bob": "Bartholomew the Very Long-Named 🃏 Player" };

/** Every state of one random game: agreement (a proposal or two), then random legal pairs. */
function randomGame(seed: number): TwelvesState[] {
  const rng = createRng(seed ^ 0x5eed);
  let state = twelves.setup(PLAYERS, {}, seed);
  const states = [state];
  const step = (player: string, move: unknown) => {
    const r = twelves.apply(state, player, move as never);
    if (!r.ok) throw new Error(`illegal move in a random game: ${r.error.key}`);
    state = r.state;
    states.push(state);
  };
  for (let i = 0; i <= nextInt(rng, 2); i++) {
    const by = PLAYERS[nextInt(rng, 2)]!;
    step(by, { type: "propose", twelves: PLAYERS[nextInt(rng, 2)], starter: PLAYERS[nextInt(rng, 2)] });
  }
  step(PLAYERS.find((p) => p !== state.proposal?.by)!, { type: "confirm" });
  while (state.phase === "play") {
    const active = state.players[state.activeSeat]!;
    const moves = twelves.legalMoves(state, active);
    step(active, moves[nextInt(rng, moves.length)]);
  }
  return states;
}

/** A finished, won game built by hand: every card taken as pairs of the right kind. */
function wonView(): TwelvesPublicView {
  const view = twelves.publicView(randomGame(3).at(-1)!);
  const twelvesPairs: [number, number][] = [
    [12, 13],
    [12, 13],
    [1, 11],
    [1, 11],
    [2, 10],
    [2, 10],
    [3, 9],
    [3, 9],
    [4, 8],
    [4, 8],
    [5, 7],
    [5, 7],
    [6, 6],
  ];
  const fourteensPairs: [number, number][] = [
    [1, 13],
    [1, 13],
    [2, 12],
    [2, 12],
    [3, 11],
    [3, 11],
    [4, 10],
    [4, 10],
    [5, 9],
    [5, 9],
    [6, 8],
    [6, 8],
    [7, 7],
  ];
  const suits = ["S", "H", "D", "C"] as const;
  const toPairs = (pairs: [number, number][]) =>
    pairs.map(([a, b], i) => [
      { rank: a, suit: suits[i % 4]! },
      { rank: b, suit: suits[(i + 1) % 4]! },
    ]) as TwelvesPublicView["pairs"][string];
  return {
    ...view,
    phase: "over",
    columns: view.columns.map(() => []),
    cardsLeft: 0,
    active: null,
    roles: { "u-alice": "twelve", "u-bob": "fourteen" },
    pairs: { "u-alice": toPairs(twelvesPairs), "u-bob": toPairs(fourteensPairs) },
    endReason: "allTaken",
  };
}

describe("Twelves table picture", () => {
  it("renders a phone-sized PNG whose every word reads at 400 px wide, for states of 40 random games in both languages, from the public view only", () => {
    let count = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const states = randomGame(seed);
      const locale = LOCALES[seed % LOCALES.length]!;
      for (const [i, state] of states.entries()) {
        if (i % 3 !== 0 && i !== states.length - 1) continue;
        const view = deepFreeze(twelves.publicView(state));
        let png: Buffer = Buffer.alloc(0);
        const labels = recordLabels(() => {
          png = renderTwelvesTable(view, { names: NAMES, locale }, i % 2 === 0 ? { fourColour: true } : {});
        });
        expectPhoneTableau(png);
        expectPhoneReadable(labels);
        count++;
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  it("draws a won table without its cleared columns, every word readable at 400 px, in every language", () => {
    for (const locale of LOCALES) {
      let png: Buffer = Buffer.alloc(0);
      const labels = recordLabels(() => {
        png = renderTwelvesTable(wonView(), { names: NAMES, locale });
      });
      expectPhoneTableau(png);
      expectPhoneReadable(labels);
      expect(labels.map((l) => l.text)).not.toContain(wordsFor(locale)("twelves.pic.emptyColumn"));
      expect(pngSize(png).height).toBeLessThan(
        pngSize(renderTwelvesTable(twelves.publicView(randomGame(3)[0]!), { names: NAMES, locale })).height /
          2,
      );
    }
  });

  it("shows each player's seven pair kinds with how many of each are taken, not the taken cards", () => {
    const labels = recordLabels(() => renderTwelvesTable(wonView(), { names: NAMES, locale: "en" }));
    const texts = labels.map((l) => l.text);
    for (const kind of ["Q+K", "A+J", "2+10", "6+6", "A+K", "2+Q", "7+7"]) expect(texts).toContain(kind);
    expect(texts.filter((t) => t === "13 pairs")).toHaveLength(2);
  });

  it("keeps a tableau rank at least 12 px tall when a phone shows the picture 400 px wide", () => {
    const { ctx } = newCanvas(10, 10);
    ctx.font = font(Math.round(TABLEAU_CARD_WIDTH * STRIP_INDEX_SCALE), true);
    for (const rank of ["A", "2", "10", "Q", "K"]) {
      const glyph = ctx.measureText(rank).actualBoundingBoxAscent;
      expect((glyph * 400) / TABLEAU_PICTURE_WIDTH, rank).toBeGreaterThanOrEqual(12);
    }
  });

  it("draws the same picture from a JSON copy of the view: the renderer needs nothing but public data", () => {
    const state = randomGame(7)[12]!;
    const view = twelves.publicView(state);
    const copy = JSON.parse(JSON.stringify(view)) as TwelvesPublicView;
    expect(
      renderTwelvesTable(copy, { names: NAMES, locale: "en" }).equals(
        renderTwelvesTable(view, { names: NAMES, locale: "en" }),
      ),
    ).toBe(true);
  });

  it("writes sample pictures for review in every language, each a valid PNG", () => {
    mkdirSync(OUT, { recursive: true });
    const game = randomGame(11);
    const agreeing = twelves.publicView(game[0]!);
    const proposed = twelves.publicView(game[1]!);
    const middle = game[Math.floor(game.length / 2)]!;
    const playing = twelves.publicView(middle);
    const lost = twelves.publicView(game.at(-1)!);
    for (const locale of LOCALES) {
      const file = (name: string) => join(OUT, `twelves-${name}${locale === "en" ? "" : `-${locale}`}.png`);
      writeFileSync(file("agree"), renderTwelvesTable(agreeing, { names: NAMES, locale }));
      writeFileSync(file("proposed"), renderTwelvesTable(proposed, { names: NAMES, locale }));
      writeFileSync(file("play"), renderTwelvesTable(playing, { names: NAMES, locale }));
      writeFileSync(file("lost"), renderTwelvesTable(lost, { names: NAMES, locale }, { fourColour: true }));
      writeFileSync(file("won"), renderTwelvesTable(wonView(), { names: NAMES, locale }));
    }
    expectSamplesWritten(OUT, "twelves-");
  });
});
