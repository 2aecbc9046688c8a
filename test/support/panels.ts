import { expect } from "vitest";
import { discordRow } from "../../src/bot/ui/components.js";
import type { GameUi, Intent, Names, Payload, TableRef } from "../../src/bot/ui/types.js";
import type { PlayerId } from "../../src/engine/core/game.js";
import { type Words, wordsFor } from "../../src/i18n/index.js";

/** The table every panel under test belongs to: its custom_ids read `g:7:3:<action>[:args]`. */
export const PANEL_REF: TableRef = { gameId: 7, version: 3 };

/** One button or select of a panel as Discord receives it, with its custom_id's action and args. */
export interface PanelPart {
  type: number;
  custom_id: string;
  action: string;
  args: string[];
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: number;
  min_values?: number;
  max_values?: number;
  options?: { value: string; label: string; description?: string; default?: boolean }[];
}

export interface PanelOptions<Sel> {
  selection?: Sel | null;
  notice?: string | null;
  words?: Words;
}

/**
 * A game's panel as a seat sees it: `open` shows the panel the UI makes from the seat's private
 * view of `state`, `click` reads a click on one of its components back into an intent. The state
 * goes through the engine's private view, as in the bot: the UI never sees it.
 */
export function panelHarness<PrivateV, M, Sel>(ui: GameUi<unknown, PrivateV, M, Sel>, names: Names) {
  return {
    open(state: unknown, userId: PlayerId, options: PanelOptions<Sel> = {}): Payload {
      return ui.panel({
        ref: PANEL_REF,
        userId,
        view: ui.engine.privateView(state, userId),
        names,
        selection: options.selection ?? null,
        notice: options.notice ?? null,
        words: options.words ?? wordsFor("en"),
      });
    },
    click(
      state: unknown,
      userId: PlayerId,
      action: string,
      args: string[] = [],
      values: string[] = [],
    ): Intent<M, Sel> {
      return ui.interpret({ userId, view: ui.engine.privateView(state, userId), action, args, values });
    },
  };
}

/** Every component of the panel, row by row, as Discord receives it. */
export function partsOf(payload: Payload): PanelPart[] {
  return payload.components.flatMap((row) =>
    (discordRow(row).toJSON().components as unknown as Omit<PanelPart, "action" | "args">[]).map((c) => {
      const [, , , action = "", ...args] = c.custom_id.split(":");
      return { ...c, action, args };
    }),
  );
}

/** The components with this action. */
export function partsWith(payload: Payload, action: string): PanelPart[] {
  return partsOf(payload).filter((c) => c.action === action);
}

/** The component with this action (and this first argument, if given); throws naming what there is. */
export function partWith(payload: Payload, action: string, first?: string): PanelPart {
  const found = partsWith(payload, action).find((c) => first === undefined || c.args[0] === first);
  if (!found) {
    throw new Error(
      `no ${action}${first === undefined ? "" : `:${first}`} component on the panel: ${partsOf(payload)
        .map((c) => c.custom_id)
        .join(", ")}`,
    );
  }
  return found;
}

/** Every button's and select's visible words: labels, placeholders, option labels and descriptions. */
export function visibleWords(payload: Payload): string[] {
  return partsOf(payload).flatMap((c) => [
    ...(c.label ? [c.label] : []),
    ...(c.placeholder ? [c.placeholder] : []),
    ...(c.options ?? []).flatMap((o) => [o.label, ...(o.description ? [o.description] : [])]),
  ]);
}

/** The selection a click asks the panel to show; throws if the click asked for anything else. */
export function selectionOf<M, Sel>(intent: Intent<M, Sel>): Sel | null {
  if (intent.kind !== "panel") throw new Error(`expected a panel intent, got ${JSON.stringify(intent)}`);
  return intent.selection;
}

/** The move a click asks for; throws if the click asked for anything else. */
export function moveOf<M, Sel>(intent: Intent<M, Sel>): M {
  if (intent.kind !== "move") throw new Error(`expected a move, got ${JSON.stringify(intent)}`);
  return intent.move;
}

/** The limits Discord checks on every panel: rows, content, custom_id length, options and defaults within min/max. */
export function expectDiscordLimits(payload: Payload): void {
  expect(payload.components.length).toBeLessThanOrEqual(5);
  expect(payload.content.length).toBeLessThanOrEqual(2000);
  for (const c of partsOf(payload)) {
    expect(c.custom_id.length).toBeLessThanOrEqual(100);
    if (c.options) {
      expect(c.options.length).toBeGreaterThan(0);
      expect(c.options.length).toBeLessThanOrEqual(25);
      expect(c.min_values ?? 1).toBeLessThanOrEqual(c.max_values ?? 1);
      expect(c.max_values ?? 1).toBeLessThanOrEqual(c.options.length);
      expect(c.options.filter((o) => o.default).length).toBeLessThanOrEqual(c.max_values ?? 1);
    }
  }
}
