import { describe, expect, it } from "vitest";
import { createRng, nextInt } from "../../src/engine/core/rng.js";
import { GAMES } from "../../src/games/index.js";
import { theGameTable } from "../../src/games/thegame/render.js";
import { jobText, namedPicture, type PictureJob, paint, picture, pictureJob } from "../../src/render/jobs.js";
import { type Painter, RenderPool } from "../../src/render/pool.js";
import { picturesAt, playRandomly } from "./moments.js";

const PLAYERS = ["100000000000000001", "100000000000000002", "100000000000000003", "100000000000000004"];
/** Every picture of every game, as the manifests list them. */
const PAINTER_NAMES = GAMES.list.flatMap((game) => game.painters.all.map((painter) => painter.name));
const NAMES = Object.fromEntries(PLAYERS.map((p, i) => [p, `Player ${i + 1}`]));

/** Every picture job the UIs make: each game's table, and each seat's panel, at random moments. */
function jobsOfRandomGames(perGame: number): PictureJob[] {
  const rng = createRng(11);
  const jobs: PictureJob[] = [];
  for (const ui of GAMES.list.map((game) => game.ui)) {
    const engine = ui.engine;
    for (let g = 0; g < perGame; g++) {
      const seated = PLAYERS.slice(0, engine.minPlayers + (g % (engine.maxPlayers - engine.minPlayers + 1)));
      const options = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
      const steps = g === 0 ? 0 : nextInt(rng, 60);
      const state = playRandomly(engine, engine.setup(seated, options, g + 1), rng, steps);
      jobs.push(...picturesAt(ui, state, seated, NAMES, "en"));
    }
  }
  return jobs;
}

/**
 * The pool as the bot runs it: from the build (dist/), whose workers are compiled JavaScript and
 * load the games' renderers the built manifests name.
 */
async function builtPool(threads: number): Promise<RenderPool> {
  const built = (path: string) => import(new URL(`../../dist/src/${path}`, import.meta.url).href);
  const { RenderPool: Pool } = (await built("render/pool.js")) as { RenderPool: typeof RenderPool };
  const { GAMES: games } = (await built("games/index.js")) as { GAMES: typeof GAMES };
  return new Pool({ threads, modules: games.painterModules() });
}

describe("pictures are described by the UI and drawn by the render pool", () => {
  const jobs = jobsOfRandomGames(3);

  it("every picture job of every game is plain data: it crosses to a worker thread unchanged", () => {
    expect(new Set(jobs.map((j) => j.painter))).toEqual(new Set(PAINTER_NAMES));
    for (const job of jobs) {
      expect(() => jobText(job)).not.toThrow();
      expect(structuredClone(job)).toEqual(job);
      expect(JSON.parse(JSON.stringify(job))).toEqual(job);
    }
  });

  it("a job holding a Set or a Map is refused, so two different pictures never share a cache key", () => {
    const view = { highlight: new Set([1]) } as unknown as PictureJob;
    expect(() => jobText(view)).toThrow(/plain data/);
  });

  it("a panel picture's file name tells its content apart; equal jobs get equal names", () => {
    const tables = jobs.filter((j) => j.painter === "thegame.table");
    const a = tables[0];
    const b = tables.find((j) => a !== undefined && jobText(j) !== jobText(a));
    expect(a && b).toBeTruthy();
    const first = picture("hand", a as PictureJob, "alt");
    expect(first.name).toMatch(/^hand-[0-9a-f]{12}\.png$/);
    expect(picture("hand", structuredClone(a as PictureJob), "alt").name).toBe(first.name);
    expect(picture("hand", b as PictureJob, "alt").name).not.toBe(first.name);
  });

  it("an equal picture is drawn once: the second comes from the cache, byte for byte", async () => {
    const pool: Painter = new RenderPool({ threads: 0 });
    const job = jobs[0] as PictureJob;
    const first = await pool.draw(namedPicture("t", job, "alt"), "table");
    const again = await pool.draw(namedPicture("t", structuredClone(job), "alt"), "panel");
    expect(again.equals(first)).toBe(true);
    expect(pool.stats()).toMatchObject({ drawn: 1, cacheHits: 1 });
  });

  it("two requests for the same picture while it is being drawn share one drawing", async () => {
    const pool = new RenderPool({ threads: 0 });
    const job = jobs[1] as PictureJob;
    const [a, b] = await Promise.all([
      pool.draw(namedPicture("a", job, "alt"), "panel"),
      pool.draw(namedPicture("b", job, "alt"), "panel"),
    ]);
    expect(a.equals(b)).toBe(true);
    expect(pool.stats()).toMatchObject({ drawn: 1, shared: 1 });
  });

  it("the cache is bounded by bytes: the least recently used picture is drawn again", async () => {
    const table = (seed: number) => {
      const ui = GAMES.list.map((game) => game.ui)[0];
      if (!ui) throw new Error("no game");
      const state = ui.engine.setup(PLAYERS.slice(0, 2), {}, 1);
      const names = { ...NAMES, [PLAYERS[0] as string]: `Player ${seed}` };
      return namedPicture(`${seed}`, ui.tablePicture(ui.engine.publicView(state), names, "en"), "alt");
    };
    const size = paint(table(1).job).length;
    const pool = new RenderPool({ threads: 0, cacheBytes: Math.floor(size * 4.5) });
    for (const seed of [1, 2, 3, 4, 5]) await pool.draw(table(seed), "table");
    await pool.draw(table(5), "table");
    expect(pool.stats()).toMatchObject({ drawn: 5, cacheHits: 1 });
    await pool.draw(table(1), "table");
    expect(pool.stats()).toMatchObject({ drawn: 6, cacheHits: 1 });
  });

  it("a picture drawn on a worker thread equals the one drawn in place, for every painter", async () => {
    // The workers run the build (dist/), as the bot does.
    const pool = await builtPool(2);
    try {
      const sample = [...new Map(jobs.map((j) => [j.painter, j])).values()];
      const drawn = await Promise.all(sample.map((job) => pool.draw(namedPicture("x", job, "alt"), "panel")));
      sample.forEach((job, i) => {
        expect([job.painter, drawn[i]?.equals(paint(job))]).toEqual([job.painter, true]);
      });
      expect(pool.stats()).toMatchObject({ drawn: sample.length, failed: 0 });
    } finally {
      await pool.close();
    }
  });

  it("a failing picture is refused with its painter's name, and the pool goes on drawing", async () => {
    const pool = await builtPool(1);
    try {
      const broken = namedPicture(
        "x",
        pictureJob(theGameTable, null as never, { names: NAMES, locale: "en" }),
        "alt",
      );
      await expect(pool.draw(broken, "table")).rejects.toThrow(/drawing thegame\.table failed/);
      const job = jobs[0] as PictureJob;
      expect((await pool.draw(namedPicture("y", job, "alt"), "table")).equals(paint(job))).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
