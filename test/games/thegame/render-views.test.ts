import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { TheGamePublicView } from "../../../src/games/thegame/engine/types.js";
import { renderTheGameTable } from "../../../src/games/thegame/render.js";
import { LOCALES } from "../../../src/i18n/locale.js";
import { drawableName, recordLabels, TABLE_PICTURE_WIDTH } from "../../../src/render/primitives.js";
import { pngSize } from "../../support/pictures.js";
import { type BuildSpec, buildGame, privateOf, randomSpec, rng } from "./fixtures.js";

const OUT = join(import.meta.dirname, "..", "..", ".tmp");

/** The pictures are laid out for a phone: TABLE_PICTURE_WIDTH px wide, every text at least 11 px when shown 400 px wide. */
function expectPicture(png: Buffer, maxHeight: number): void {
  const size = pngSize(png);
  expect(size.width).toBe(TABLE_PICTURE_WIDTH);
  expect(size.height).toBeGreaterThan(300);
  expect(size.height).toBeLessThanOrEqual(maxHeight);
}

const LONG = "Bartholomew the Extremely Long-Named Wanderer of the Northern Discord Realms";

/** Hand-built moments of a game, written to test/.tmp for a person to look at. */
const SAMPLES: Record<string, BuildSpec> = {
  "claim-3p": { players: 3, phase: "claim", played: 0, names: ["Alice", "Bo", "Zoë Ångström-Núñez"] },
  "play-5p": {
    players: 5,
    phase: "play",
    played: 41,
    activeSeat: 2,
    playedThisTurn: 1,
    expert: true,
    names: ["Alice", "李小龍", LONG, "🃏 CardSharp 🃏", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"],
    handCounts: [6, 6, 6, 5, 0],
  },
  "play-solo-late": {
    players: 1,
    phase: "play",
    played: 88,
    playedThisTurn: 1,
    smallerHands: true,
    names: ["Solo Sam"],
    handCounts: [7],
  },
  "signals-4p": {
    players: 4,
    phase: "play",
    played: 30,
    activeSeat: 1,
    playedThisTurn: 1,
    names: ["Alice", "Bo", "Zoë Ångström-Núñez", LONG],
    signals: [
      [0, 0, "hold"],
      [2, 0, "bigJump"],
      [3, 1, "playWell"],
      [0, 3, "playWell"],
      [2, 3, "hold"],
      [3, 3, "bigJump"],
    ],
  },
  "signals-5p-full": {
    players: 5,
    phase: "play",
    played: 50,
    activeSeat: 4,
    names: ["Alice", "Bo", "Cy", "Dee", "Eve"],
    signals: [0, 1, 2, 3].flatMap((seat) =>
      [0, 1, 2, 3].map(
        (pile) =>
          [seat, pile, (["hold", "playWell", "bigJump"] as const)[(seat + pile) % 3]!] as [
            number,
            number,
            "hold" | "playWell" | "bigJump",
          ],
      ),
    ),
  },
  "play-2p-start": { players: 2, phase: "play", played: 2, playedThisTurn: 2, names: ["Alice", "Bo"] },
  "over-win": { players: 4, phase: "over", played: 98, names: ["Alice", "Bo", "Cy", "Dee"] },
  "over-stuck-5p": {
    players: 5,
    phase: "over",
    played: 61,
    handCounts: [6, 0, 5, 3, 6],
    names: ["Alice", "Bo", "Владимир Красное Солнышко", "x", LONG],
  },
  "over-excellent-2p": { players: 2, phase: "over", played: 91, handCounts: [3, 4], names: ["Alice", "Bo"] },
  "many-played-2p": {
    players: 2,
    phase: "play",
    played: 20,
    activeSeat: 1,
    playedThisTurn: 7,
    names: ["Alice", "Maximiliaan van Oldenbarnevelt"],
    handCounts: [7, 0],
  },
};

describe("The Game pictures from hand-built views", () => {
  it("writes sample tables of every phase to test/.tmp for review", () => {
    mkdirSync(OUT, { recursive: true });
    for (const [name, spec] of Object.entries(SAMPLES)) {
      const game = buildGame(spec, rng(name.length * 97 + 13));
      const table = renderTheGameTable(game.view, { names: game.names, locale: "en" });
      expectPicture(table, 1.6 * TABLE_PICTURE_WIDTH);
      writeFileSync(join(OUT, `thegame-table-${name}.png`), table);
    }
  });

  it("renders a valid PNG for many random views: 1–5 players, odd names, empty and full piles, every phase", () => {
    const rand = rng(20240601);
    for (let i = 0; i < 60; i++) {
      const game = buildGame(randomSpec(rand), rand);
      expectPicture(
        renderTheGameTable(game.view, { names: game.names, locale: "en" }),
        1.6 * TABLE_PICTURE_WIDTH,
      );
    }
  });

  it("the public table takes the public view only and reads no field a private view adds", () => {
    expectTypeOf(renderTheGameTable).parameter(0).toEqualTypeOf<TheGamePublicView>();
    const game = buildGame(SAMPLES["play-5p"]!, rng(1));
    const withSecrets = privateOf(game, game.view.players[0]!.id);
    expect(
      renderTheGameTable(withSecrets, { names: game.names, locale: "en" }).equals(
        renderTheGameTable(game.view, { names: game.names, locale: "en" }),
      ),
    ).toBe(true);
    const publicKeys = new Set(Object.keys(game.view));
    const read = new Set<string>();
    const spy = new Proxy(withSecrets, {
      get(target, key, receiver) {
        if (typeof key === "string") read.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
    renderTheGameTable(spy, { names: game.names, locale: "en" });
    expect([...read].filter((k) => !publicKeys.has(k))).toEqual([]);
  });

  it("draws every word whole in every language: only players' names may be cut", () => {
    const rand = rng(77);
    const specs = [...Object.values(SAMPLES), ...Array.from({ length: 30 }, () => randomSpec(rand))];
    for (const locale of LOCALES) {
      const cut: string[] = [];
      specs.forEach((spec, i) => {
        const game = buildGame(spec, rng(i + 1));
        const names = Object.values(game.names)
          .map(drawableName)
          .filter((n) => n !== "");
        const labels = recordLabels(() => renderTheGameTable(game.view, { names: game.names, locale }));
        for (const label of labels) {
          const isName = names.some((n) => label.text.includes(n));
          if ((label.shown !== label.text || label.overflows) && !isName)
            cut.push(`${locale}: ${label.text}`);
        }
      });
      expect([...new Set(cut)]).toEqual([]);
    }
  });
});
