import type { AnyGameUi, Names } from "../../src/bot/ui/types.js";
import type { GameEngine } from "../../src/engine/core/game.js";
import { nextInt, type RngState } from "../../src/engine/core/rng.js";
import { wordsFor } from "../../src/i18n/index.js";
import type { Locale } from "../../src/i18n/locale.js";
import type { Picture, PictureJob } from "../../src/render/jobs.js";

/** `state` after up to `steps` random legal moves by random actors (fewer if the game ends first). */
export function playRandomly<S>(
  engine: GameEngine<S, unknown, unknown, unknown>,
  state: S,
  rng: RngState,
  steps: number,
): S {
  let current = state;
  for (let s = 0; s < steps && !engine.outcome(current); s++) {
    const actors = engine.actors(current);
    if (actors.length === 0) break;
    const actor = actors[nextInt(rng, actors.length)] as string;
    const moves = engine.legalMoves(current, actor);
    if (moves.length === 0) break;
    const applied = engine.apply(current, actor, moves[nextInt(rng, moves.length)]);
    if (applied.ok) current = applied.state;
  }
  return current;
}

/** Each seat's panel pictures at `state` (no selection made), in `locale`. */
export function panelPicturesAt(
  ui: AnyGameUi,
  state: unknown,
  seated: readonly string[],
  names: Names,
  locale: Locale,
): { player: string; pictures: Picture[] }[] {
  return seated.map((player) => ({
    player,
    pictures: ui.panel({
      ref: { gameId: 1, version: 1 },
      userId: player,
      view: ui.engine.privateView(state, player),
      names,
      selection: null,
      notice: null,
      words: wordsFor(locale),
    }).pictures,
  }));
}

/** Every picture a game shows at `state`: its table, and each seat's panel pictures, in `locale`. */
export function picturesAt(
  ui: AnyGameUi,
  state: unknown,
  seated: readonly string[],
  names: Names,
  locale: Locale,
): PictureJob[] {
  const table = ui.tablePicture(ui.engine.publicView(state), names, locale);
  const panels = panelPicturesAt(ui, state, seated, names, locale);
  return [table, ...panels.flatMap((panel) => panel.pictures.map((p) => p.job))];
}
