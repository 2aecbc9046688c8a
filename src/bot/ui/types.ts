import type { ActionRowBuilder, ButtonStyle, MessageActionRowComponentBuilder } from "discord.js";
import type { Message } from "../../engine/core/errors.js";
import type { Outcome, PlayerId } from "../../engine/core/game.js";
import type { AnyEngine } from "../../engine/games/index.js";
import type { GameRecord } from "../../store/store.js";

export type Names = Record<PlayerId, string>;

/** What an ephemeral panel or a public message carries. */
export interface Payload {
  content: string;
  files: { attachment: Buffer; name: string }[];
  components: ActionRowBuilder<MessageActionRowComponentBuilder>[];
}

/** What a click in a game means, decided by the game's UI module. */
export type Intent =
  /** Show the panel again with this selection (a chosen card, a chosen source...). */
  | { kind: "panel"; selection: string[] }
  /** Ask the engine to apply this move. */
  | { kind: "move"; move: unknown }
  /** Refuse with a reason, changing nothing. */
  | { kind: "refuse"; message: Message };

export interface PanelContext {
  game: GameRecord;
  userId: PlayerId;
  /** The engine's private view for this user. */
  view: unknown;
  names: Names;
  selection: string[];
  /** A line shown above the controls (a refusal, a warning, a confirmation). */
  notice: string | null;
}

export interface ClickContext {
  game: GameRecord;
  userId: PlayerId;
  view: unknown;
  action: string;
  args: string[];
  /** Chosen values of a select menu. */
  values: string[];
}

/**
 * One module per game: how its table looks and how its private panel works. The shared code in
 * `bot/play.ts` does everything else (loading, seating and version checks, storing, posting).
 */
export interface GameUi {
  gameType: string;
  title: string;
  engine: AnyEngine;
  /** Label of the public table button that opens the private panel ("Show my hand"). */
  panelLabel: string;
  /** The rules in the project's own words, for `/rules` (Discord markdown, at most 4000 characters). */
  rules: string;
  renderTable(view: unknown, names: Names): Buffer;
  /** A short line under the table picture about the state of play (without mentions). */
  tableStatus(view: unknown, names: Names): string;
  /**
   * Who the table waits for, when that is narrower than the engine's actors (Twelves' agreement:
   * both may propose, but once one has proposed, the table waits for the other to confirm). These
   * players are mentioned, and a change of them posts a new table message. Default: the actors.
   */
  waitingFor?(view: unknown): PlayerId[];
  /**
   * Actions whose clicks still count after the game has moved on (the engine checks the move
   * against the current state anyway): choices several players make at once, such as Troubadour's
   * secret picks, where one player's choice would otherwise make every other open panel stale.
   */
  unversionedActions?: readonly string[];
  /** Public buttons besides the panel button, e.g. The Game's "I'll start". */
  tableActions(view: unknown): { action: string; label: string; style: ButtonStyle }[];
  panel(ctx: PanelContext): Payload;
  interpret(ctx: ClickContext): Intent;
  /**
   * When true, every move's public events are also posted as their own log message in the channel
   * (Troubadour: each noble use must stay checkable), not only shown on the table message.
   */
  eventsAsLog?: boolean;
  /** The result line(s) posted when the game ends. */
  resultText(view: unknown, outcome: Outcome, names: Names): string;
}
