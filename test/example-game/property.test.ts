import { describe, expect, it } from "vitest";
import { manifestProblems } from "../../src/bot/manifest.js";
import { GAMES } from "../../src/games/index.js";
import { hasPainting } from "../../src/render/jobs.js";
import { assertGames } from "../support/property/harness.js";
import { higherLowerRobot } from "./engine/robot.js";
import { higherLowerManifest } from "./manifest.js";
import { spec } from "./property.js";

/** Fewer than the harness's 1,000 a listed game gets: the example is ten moves deep and proves the wiring. */
const GAMES_PLAYED = 300;

describe("Higher or Lower: the manifest and the game kit's contract", () => {
  it("its manifest is complete beside every listed game, and names modules that load", async () => {
    expect(manifestProblems(higherLowerManifest, [...GAMES.list, higherLowerManifest])).toEqual([]);
    const robot = await import(higherLowerManifest.robot.module.url.replace(/\.js$/, ".ts"));
    expect(robot[higherLowerManifest.robot.module.name]).toBe(higherLowerRobot);
    await import(higherLowerManifest.painters.module.replace(/\.js$/, ".ts"));
    expect(hasPainting("higherlower.table")).toBe(true);
  });

  it(`${GAMES_PLAYED} generated games: listed moves accepted, unlisted refused, invariant, no leak, exact replay`, () => {
    expect(spec.engine).toBe(higherLowerManifest.engine);
    assertGames(spec, GAMES_PLAYED);
  });
});
