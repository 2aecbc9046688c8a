import { ComponentType } from "discord.js";
import { type ParsedCustomId, parseCustomId, RESERVED_ACTIONS } from "../../src/bot/ui/customId.js";
import { nextFloat, nextInt, type RngState } from "../../src/engine/core/rng.js";
import { wordsFor } from "../../src/i18n/index.js";
import type { AnyEngine, AnyGameUi } from "./games.js";
import { type ComponentView, componentsOf, type MessageView } from "./world.js";

/**
 * Simulated players: what they see of a game (the bot's custom_ids, table pictures) and how they
 * pick a click from it. Which component is a move is decided from outside the bot: each enabled
 * component is read back through the game's own UI module (`interpret`) at the stored state and the
 * engine judges the move (`apply`), one path for every game.
 */

export function pick<T>(rng: RngState, items: readonly T[]): T {
  return items[nextInt(rng, items.length)] as T;
}

export function chance(rng: RngState, p: number): boolean {
  return nextFloat(rng) < p;
}

/** A random legal move of `actor` from the engine's own list; undefined when there is none. */
export function randomLegalMove(engine: AnyEngine, state: unknown, actor: string, rng: RngState): unknown {
  const moves = engine.legalMoves(state, actor);
  return moves.length === 0 ? undefined : pick(rng, moves);
}

/** Players per game the load and memory benches seat (each game type's own limits are honoured). */
const SEATS: Record<string, number> = { fourkings: 1, troubadour: 3, onevstwo: 3 };

export function seatsFor(engine: AnyEngine, gameType: string): number {
  return Math.max(engine.minPlayers, Math.min(engine.maxPlayers, SEATS[gameType] ?? 2));
}

/** The most seats `seatsFor` gives: how many users a bench channel needs. */
export const MAX_SEATS = 3;

// ---- what a player sees -------------------------------------------------------------------------

export type GameClick = Extract<ParsedCustomId, { kind: "game" }>;

/** A game component's custom_id, read by the bot's own parser; null for any other. */
export function parseGameClick(customId: string | null | undefined): GameClick | null {
  const parsed = parseCustomId(customId ?? "");
  return parsed?.kind === "game" ? parsed : null;
}

/** The game versions a message's components carry for `gameId`. */
export function versionsIn(components: readonly ComponentView[], gameId: number): number[] {
  return components
    .map((c) => parseGameClick(c.customId))
    .filter((p): p is GameClick => p !== null && p.gameId === gameId)
    .map((p) => p.version);
}

/** A table picture's file name: `<type>-<id>-<version>-<picture key in letters>.png` (as `tablePictureName` in src/bot/table.ts). */
export const TABLE_FILE = /^([a-z0-9]+)-(\d+)-(\d+)(?:-[a-z]+)?\.png$/;

/** The enabled component of a table message that opens a player's panel. */
export function panelButton(message: MessageView): ComponentView | undefined {
  return componentsOf(message).find(
    (c) => !c.disabled && parseGameClick(c.customId)?.action === RESERVED_ACTIONS.panel,
  );
}

// ---- what a player may click --------------------------------------------------------------------

/** Navigation: opening, refreshing or leaving a panel changes no game. */
export const NAV_ACTIONS: ReadonlySet<string> = new Set([
  RESERVED_ACTIONS.panel,
  RESERVED_ACTIONS.refresh,
  RESERVED_ACTIONS.back,
]);

export interface Choice {
  /**
   * `move`: the engine takes it; `select-step`: a choice toward a move (the panel changes);
   * `refused-step`: a choice the panel answers with a refusal, keeping what was chosen before (a
   * Four Kings stack of mixed suits); `nav`: panel, refresh, back; `illegal`: refused by the UI or
   * the engine; `stale`: the message is from an older version of the game.
   */
  kind: "move" | "select-step" | "refused-step" | "nav" | "illegal" | "stale";
  message: MessageView;
  component: ComponentView;
  click: GameClick;
  /** The values to select; null for a button. */
  values: string[] | null;
  /** The move it makes, for `move`. */
  move: unknown;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/**
 * Value lists to try on a select: each option alone, or `tries` random sets within its limits.
 * A select that needs a value and takes several is filled as far as it takes, as a player picks
 * a Four Kings hand (its list takes as many as the hand still needs: one pick completes it); one
 * that may stay empty (a Four Kings stack) gets sets of random sizes. Other components than
 * buttons and string selects are not tried.
 */
export function selectValueSets(rng: RngState, component: ComponentView, tries: number): string[][] {
  if (component.type !== ComponentType.StringSelect) return [];
  const values = component.options.map((o) => o.value);
  const min = component.minValues ?? 1;
  const max = Math.min(component.maxValues ?? 1, values.length);
  if (values.length === 0) return [];
  // What the menu already shows is no choice: a person does not pick it again.
  const shown = component.options.filter((o) => o.default).map((o) => o.value);
  if (max <= 1) return values.filter((v) => !sameSet([v], shown)).map((v) => [v]);
  const sets: string[][] = [];
  for (let i = 0; i < tries; i++) {
    const size = min >= 1 ? max : min + nextInt(rng, max - min + 1);
    const pool = [...values];
    const chosen: string[] = [];
    while (chosen.length < size && pool.length > 0)
      chosen.push(pool.splice(nextInt(rng, pool.length), 1)[0]!);
    if (!sameSet(chosen, shown)) sets.push(chosen);
  }
  return sets;
}

/** The words a panel is read in to see whether it answers a choice with a refusal. */
const PANEL_WORDS = wordsFor("en");

/**
 * Every enabled component of a message for this game (a select by its option values, or `tries`
 * random subsets of a multi-select), read back through the game's UI at the stored state. A choice
 * of several values toward a move is shown as the panel would show it: a panel that carries a notice
 * of its own for that selection (no notice was given it) answers the choice with a refusal.
 */
export function choicesIn(
  ui: AnyGameUi,
  game: { id: number; version: number; state: unknown },
  player: string,
  message: MessageView,
  rng: RngState,
  tries: number,
): Choice[] {
  const out: Choice[] = [];
  let view: unknown = null;
  try {
    view = ui.engine.privateView(game.state, player);
  } catch {
    return out;
  }
  for (const component of componentsOf(message)) {
    const click = parseGameClick(component.customId);
    if (!click || click.gameId !== game.id || component.disabled) continue;
    const samples = component.type === ComponentType.Button ? [null] : selectValueSets(rng, component, tries);
    for (const values of samples) {
      const base = { message, component, click, values };
      if (NAV_ACTIONS.has(click.action)) {
        out.push({ ...base, kind: "nav", move: null });
        continue;
      }
      const unversioned = ui.unversionedActions?.includes(click.action) ?? false;
      if (click.version !== game.version && !unversioned) {
        out.push({ ...base, kind: "stale", move: null });
        continue;
      }
      let intent: ReturnType<AnyGameUi["interpret"]>;
      try {
        intent = ui.interpret({
          userId: player,
          view,
          action: click.action,
          args: click.args,
          values: values ?? [],
        });
      } catch {
        continue;
      }
      // Only a pick of several values can combine what the panel refuses (a stack of mixed
      // suits); showing the panel for every single pick would cost the bench more than the bot.
      if (intent.kind === "panel" && (values?.length ?? 0) < 2) {
        out.push({ ...base, kind: "select-step", move: null });
      } else if (intent.kind === "panel") {
        const refused = panelRefuses(game.state, player, intent.selection, () =>
          ui.panel({
            ref: { gameId: game.id, version: game.version },
            userId: player,
            view,
            names: {},
            selection: intent.selection,
            notice: null,
            words: PANEL_WORDS,
          }),
        );
        out.push({ ...base, kind: refused ? "refused-step" : "select-step", move: null });
      } else if (intent.kind === "refuse") out.push({ ...base, kind: "illegal", move: null });
      else {
        const legal = ui.engine.apply(game.state, player, intent.move).ok;
        out.push({ ...base, kind: legal ? "move" : "illegal", move: legal ? intent.move : null });
      }
    }
  }
  return out;
}

/**
 * Whether the panel answers a selection with a notice of its own, kept per game state (the driver
 * keeps one state object per version) and player: a player making choices toward a move meets the
 * same selections again at every step of the same version, and drawing a panel is the players'
 * largest cost.
 */
const refusals = new WeakMap<object, Map<string, boolean>>();

function panelRefuses(
  state: unknown,
  player: string,
  selection: unknown,
  draw: () => { notice?: unknown },
): boolean {
  if (typeof state !== "object" || state === null) return Boolean(draw().notice);
  let known = refusals.get(state);
  if (!known) {
    known = new Map();
    refusals.set(state, known);
  }
  const key = `${player} ${JSON.stringify(selection)}`;
  let refused = known.get(key);
  if (refused === undefined) {
    refused = Boolean(draw().notice);
    known.set(key, refused);
  }
  return refused;
}

/** How often a player makes a choice the panel refuses although it offers others. */
const MISCHOICE = 0.1;
/** How often a player changes a choice already made (a menu showing it) while a menu waits for one. */
const REVISION = 0.2;

/**
 * What a player clicks among the choices at the game's version: mostly a legal move, else a choice
 * toward one, else Back; null when nothing is left. A person reads the panel's rule ("two or three
 * cards on one drawn card must be of one suit") and seldom makes a choice it refuses, but now and
 * then does: a refused choice is made 1 time in 10 while an accepted one exists, so the refusal's
 * own path keeps being exercised without a dozen wasted clicks per move. Likewise a person fills a
 * menu still waiting for its choice before changing one already made (a Four Kings stack placed).
 */
export function chooseAsAPlayer(rng: RngState, current: readonly Choice[]): Choice | null {
  const moves = current.filter((c) => c.kind === "move");
  const steps = current.filter((c) => c.kind === "select-step");
  const refused = current.filter((c) => c.kind === "refused-step");
  const backs = current.filter((c) => c.kind === "nav" && c.click.action === RESERVED_ACTIONS.back);
  const choosing = steps.length + refused.length > 0;
  if (moves.length > 0 && (!choosing || nextInt(rng, 10) < 8)) return pick(rng, moves);
  if (refused.length > 0 && (steps.length === 0 || chance(rng, MISCHOICE))) return pick(rng, refused);
  const open = steps.filter((c) => !c.component.options.some((o) => o.default));
  if (open.length > 0 && open.length < steps.length && !chance(rng, REVISION)) return pick(rng, open);
  if (steps.length > 0) return pick(rng, steps);
  if (backs.length > 0) return pick(rng, backs);
  return null;
}
