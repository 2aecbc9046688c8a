import { describe, expect, it } from "vitest";
import type { AnyManifest } from "../../src/bot/manifest.js";
import type { Row } from "../../src/bot/ui/controls.js";
import { isReservedAction, parseCustomId } from "../../src/bot/ui/customId.js";
import type { Payload } from "../../src/bot/ui/types.js";
import type { GameOptions, PlayerId } from "../../src/engine/core/game.js";
import { createRng, nextInt } from "../../src/engine/core/rng.js";
import { GAMES } from "../../src/games/index.js";
import { wordsFor } from "../../src/i18n/index.js";

/**
 * A game's components carry only the actions its UI declares (`GameUi.actions`, which the manifest
 * check holds apart from the shared ones), plus the shared ones the UI kit adds. Random games of
 * every kind are walked: at each moment every seat's panel, and the panel after each click on it
 * that only changes the selection, two clicks deep.
 */
const GAMES_PER_KIND = 4;
const MAX_STEPS = 120;
const words = wordsFor("en");

interface Clicked {
  action: string;
  args: string[];
  values: string[];
}

/** Each component of a payload as the click it makes (a select menu: its first option chosen). */
function clicksOf(rows: readonly Row[]): Clicked[] {
  return rows.flatMap((row) => {
    const parts =
      row.kind === "buttons"
        ? row.buttons
            .filter((b) => !b.disabled)
            .map((b) => ({ customId: b.customId, values: [] as string[] }))
        : [{ customId: row.select.customId, values: row.select.options.slice(0, 1).map((o) => o.value) }];
    return parts.flatMap(({ customId, values }) => {
      const parsed = parseCustomId(customId);
      if (parsed?.kind !== "game") throw new Error(`a game component with custom_id ${customId}`);
      return [{ action: parsed.action, args: parsed.args, values }];
    });
  });
}

function defaults(game: AnyManifest): GameOptions {
  return Object.fromEntries(
    game.engine.options.map((o: { name: string; default: boolean }) => [o.name, o.default]),
  );
}

/** The actions on every panel and table of a few random games of `game`. */
function actionsSeen(game: AnyManifest): Set<string> {
  const { engine, ui } = game;
  const seen = new Set<string>();
  const rng = createRng(36);
  const note = (payload: Payload) => {
    for (const click of clicksOf(payload.components)) seen.add(click.action);
    return payload;
  };
  for (let g = 0; g < GAMES_PER_KIND; g++) {
    const count = engine.minPlayers + (g % (engine.maxPlayers - engine.minPlayers + 1));
    const players: PlayerId[] = Array.from({ length: count }, (_, i) => `p${i + 1}`);
    const names = Object.fromEntries(players.map((p) => [p, p]));
    let state = engine.setup(players, defaults(game), 1000 + g);
    for (let step = 0; step < MAX_STEPS && engine.outcome(state) === null; step++) {
      for (const action of ui.tableActions(engine.publicView(state), words)) seen.add(action.action);
      for (const userId of players) {
        const view = engine.privateView(state, userId);
        const panel = (selection: unknown) =>
          note(
            ui.panel({
              ref: { gameId: 1, version: step },
              userId,
              view,
              names,
              selection,
              notice: null,
              words,
            }),
          );
        let frontier: unknown[] = [null];
        for (let depth = 0; depth < 2; depth++) {
          const next: unknown[] = [];
          for (const selection of frontier)
            for (const click of clicksOf(panel(selection).components)) {
              if (isReservedAction(click.action)) continue;
              const intent = ui.interpret({ userId, view, ...click });
              if (intent.kind === "panel") next.push(intent.selection);
            }
          frontier = next;
        }
        for (const selection of frontier) panel(selection);
      }
      const movers = engine.actors(state);
      const mover = movers[nextInt(rng, movers.length)] as PlayerId;
      const legal = engine.legalMoves(state, mover);
      const applied = engine.apply(state, mover, legal[nextInt(rng, legal.length)]);
      if (!applied.ok) throw new Error(`${game.id}: a listed move was refused`);
      state = applied.state;
    }
  }
  return seen;
}

describe("a game's component actions", () => {
  for (const game of GAMES.list) {
    it(`${game.id}: every action its panels and table carry is declared in its UI, or a shared one`, () => {
      const undeclared = [...actionsSeen(game)].filter(
        (action) => !isReservedAction(action) && !game.ui.actions.includes(action),
      );
      expect(undeclared).toEqual([]);
    });
  }
});
