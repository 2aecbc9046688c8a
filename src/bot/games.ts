import { type GameRecord, memberOf } from "../store/store.js";
import type { BotContext } from "./context.js";
import type { AnyGameUi, Names } from "./ui/types.js";

// A stored game as the bot reads it: who sits where, under which names, and whom it waits for.

/** Each seat's display name by seat id. */
export function namesOf(game: GameRecord): Names {
  return Object.fromEntries(game.players.map((p) => [p.userId, p.displayName]));
}

/** The person's seats by id, each with the Discord user who holds it now; robots have none. */
export function membersOf(game: GameRecord): Map<string, string> {
  return new Map(
    game.players.flatMap((p): [string, string][] => {
      const member = memberOf(p);
      return member ? [[p.userId, member]] : [];
    }),
  );
}

export function uiFor(ctx: BotContext, game: GameRecord): AnyGameUi {
  const ui = ctx.uis.get(game.gameType);
  if (!ui) throw new Error(`no UI registered for game type ${game.gameType}`);
  return ui;
}

/** Whom the table mentions and waits for now: the UI's narrower choice, else the engine's actors. */
export function waitingFor(ui: AnyGameUi, state: unknown): string[] {
  return ui.waitingFor ? ui.waitingFor(ui.engine.publicView(state)) : ui.engine.actors(state);
}
