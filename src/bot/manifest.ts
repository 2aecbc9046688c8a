import type { AnyEngine, GameEngine } from "../engine/core/game.js";
import type { AnyRobot, Robot } from "../engine/core/robot.js";
import type { GameReview } from "../engine/core/winnable.js";
import { playOptionName } from "../i18n/commands.js";
import type { GameWords } from "../i18n/games.js";
import { LOCALES } from "../i18n/locale.js";
import type { Painting } from "../render/jobs.js";
import { gameActionProblem } from "./ui/customId.js";
import type { AnyGameUi, GameUi } from "./ui/types.js";

/** An export of a module, named so a worker thread can load it (a function cannot be sent to one). */
export interface ModuleExport {
  /** The module's URL (`new URL("./engine/robot.js", import.meta.url).href` in the manifest). */
  url: string;
  name: string;
}

/**
 * Everything the bot knows of one game, exported by the game's folder (`src/games/<id>/manifest.ts`):
 * the bot, the commands, the render and robot threads and the tests derive every registry from the
 * list of manifests, so adding a game is its folder and one line in that list.
 */
export interface GameManifest<PublicV, PrivateV, M, Sel = never> {
  /** The game's id: `/play <id>`, the database's game type, its words' and pictures' prefix. */
  id: string;
  engine: GameEngine<unknown, M, PublicV, PrivateV>;
  ui: GameUi<PublicV, PrivateV, M, Sel>;
  /**
   * The game's robot, which gives hints; it also takes seats unless `seats` is false (a solo game),
   * and `module` is where the robots' thread finds it.
   */
  robot: {
    player: Robot<PrivateV, M>;
    module: ModuleExport;
    seats: boolean;
    /** After a lost game, names the move that lost it (searched in the robots' thread), and where that thread finds it. */
    review?: { run: GameReview; module: ModuleExport };
  };
  /** Its pictures, and the module that registers them in a render worker (its renderer). */
  painters: { all: readonly Painting<never, never>[]; module: string };
  words: GameWords;
  /**
   * Offered as a daily deal (`/daily`) when set. `bar`: the share line's full bar in the game's
   * score unit (`engine.score`): a perfect score when higher is better, the score a deal starts
   * from when lower is better.
   */
  daily?: { bar: number };
}

/** Any game's manifest, as the registries hold them (each game's own types erased). */
// biome-ignore lint/suspicious/noExplicitAny: the registry erases each game's own view and move types
export type AnyManifest = GameManifest<any, any, any, any>;

/** A manifest, typed by its parts (an identity: the types of engine, UI and robot must agree). */
export function gameManifest<PublicV, PrivateV, M, Sel = never>(
  manifest: GameManifest<PublicV, PrivateV, M, Sel>,
): GameManifest<PublicV, PrivateV, M, Sel> {
  return manifest;
}

/**
 * What a manifest lacks or gets wrong, in sentences (none: it is complete). Types check the
 * shapes; this checks what types cannot: that the parts are the same game's, and that every word the
 * shared code asks of a game is there in every language.
 */
export function manifestProblems(game: AnyManifest, list: readonly AnyManifest[] = [game]): string[] {
  const { id } = game;
  const problems: string[] = [];
  const problemUnless = (holds: boolean, problem: string) => {
    if (!holds) problems.push(`${id}: ${problem}`);
  };
  problemUnless(list.filter((other) => other.id === id).length === 1, "listed twice");
  problemUnless(
    /^[a-z][a-z0-9]*$/.test(id),
    "the id must be lower-case letters and digits (a slash command's name)",
  );
  problemUnless(game.engine.id === id, `its engine is ${game.engine.id}`);
  problemUnless(game.ui.gameType === id, `its UI is ${game.ui.gameType}'s`);
  problemUnless(game.ui.engine === game.engine, "its UI drives another engine");
  const { actions } = game.ui;
  problemUnless(new Set(actions).size === actions.length, "its UI declares an action twice");
  for (const action of actions) {
    const problem = gameActionProblem(action);
    problemUnless(
      problem !== "reserved",
      `its action ${action} is a shared one, which the bot answers before the game sees the click`,
    );
    problemUnless(problem !== "malformed", `its action ${action} cannot stand in a custom_id`);
  }
  for (const painter of game.painters.all)
    problemUnless(painter.name.startsWith(`${id}.`), `its picture ${painter.name} is not named ${id}.…`);
  problemUnless(game.painters.all.length > 0, "it has no pictures");
  const { catalogs, commands, rules } = game.words;
  const keys = new Set(LOCALES.flatMap((locale) => Object.keys(catalogs[locale])));
  for (const key of keys) {
    problemUnless(
      key.startsWith(`${id}.`) || key.startsWith(`game.${id}.`),
      `its word ${key} is not its own`,
    );
    for (const locale of LOCALES)
      problemUnless(key in catalogs[locale], `its word ${key} is missing in ${locale}`);
  }
  for (const key of ["title", "panelButton"])
    problemUnless(keys.has(`game.${id}.${key}`), `the shared table needs the word game.${id}.${key}`);
  const paths = [`play ${id}`, ...game.engine.options.map((o) => `play ${id} ${playOptionName(o.name)}`)];
  for (const path of paths) problemUnless(path in commands.names, `/${path} has no Dutch name`);
  for (const path of Object.keys(commands.names))
    problemUnless(paths.includes(path), `a Dutch name for /${path}, which the game does not have`);
  problemUnless(`rules game=${id}` in commands.choices, "its /rules choice has no Dutch name");
  // The lobby names the game after `/rules` by its title, as the choice list offers it.
  const title = catalogs.nl[`game.${id}.title`];
  problemUnless(
    title === undefined || commands.choices[`rules game=${id}`] === title,
    "its Dutch /rules choice is not its Dutch title",
  );
  for (const locale of LOCALES) {
    const text = rules[locale];
    problemUnless(text.length > 0 && text.length <= 4000, `its ${locale} rules must have 1–4,000 characters`);
  }
  problemUnless(
    game.robot.module.url.length > 0 && game.robot.module.name.length > 0,
    "its robot's module is not named",
  );
  return problems;
}

/** The games the bot offers, from their manifests, in the order `/play` lists them. */
export class Games {
  readonly list: readonly AnyManifest[];
  readonly #byId: ReadonlyMap<string, AnyManifest>;

  /** Throws on an incomplete manifest or a second game of one id: the bot must not start half a game. */
  constructor(manifests: readonly AnyManifest[]) {
    const problems = [...new Set(manifests.flatMap((m) => manifestProblems(m, manifests)))];
    if (problems.length > 0) throw new Error(`incomplete game manifests:\n${problems.join("\n")}`);
    this.list = manifests;
    this.#byId = new Map(manifests.map((m) => [m.id, m]));
  }

  get(id: string): AnyManifest | undefined {
    return this.#byId.get(id);
  }

  get ids(): string[] {
    return this.list.map((m) => m.id);
  }

  uis(): Map<string, AnyGameUi> {
    return new Map(this.list.map((m) => [m.id, m.ui]));
  }

  engines(): Record<string, AnyEngine> {
    return Object.fromEntries(this.list.map((m) => [m.id, m.engine as AnyEngine]));
  }

  robots(): Map<string, AnyRobot> {
    return new Map(this.list.map((m) => [m.id, m.robot.player as AnyRobot]));
  }

  /** Whether a robot may take a seat in this game (a solo game's robot only gives hints). */
  seatsRobots(id: string): boolean {
    return this.#byId.get(id)?.robot.seats ?? false;
  }

  /** The modules a render worker loads: each game's renderer, which registers its painters. */
  painterModules(): string[] {
    return this.list.map((m) => m.painters.module);
  }

  /** The games whose lost games are reviewed, by id. */
  reviews(): Map<string, GameReview> {
    return new Map(this.list.flatMap((m) => (m.robot.review ? [[m.id, m.robot.review.run] as const] : [])));
  }

  /** Where the robots' thread finds each game's robot and review. */
  robotModules(): { gameType: string; module: ModuleExport; review?: ModuleExport }[] {
    return this.list.map((m) => ({
      gameType: m.id,
      module: m.robot.module,
      ...(m.robot.review ? { review: m.robot.review.module } : {}),
    }));
  }
}
