import type { Message } from "../../engine/core/errors.js";
import type { GameEngine, Outcome, PlayerId } from "../../engine/core/game.js";
import type { Words } from "../../i18n/index.js";
import type { Locale } from "../../i18n/locale.js";
import type { Picture, PictureJob } from "../../render/jobs.js";
import type { ButtonStyle, Row } from "./controls.js";

export type Names = Record<PlayerId, string>;

/**
 * What an ephemeral panel or a public message carries: its pictures are described, not drawn, and
 * its controls are the kit's rows (made Discord's components only where the message is sent).
 */
export interface Payload {
  /** The lines above the picture. */
  content: string;
  pictures: Picture[];
  /** A line after the picture, beside the controls: a refusal, a warning, a hint. */
  notice?: string;
  components: Row[];
}

/** A file a message shows: its name (which names its picture, `showsPicture`) and its address. */
export interface ShownFile {
  filename: string;
  url: string;
}

/** Which game and which moment of it a panel's components belong to (both go into custom_ids). */
export interface TableRef {
  gameId: number;
  version: number;
}

/**
 * What a click in a game means, decided by the game's UI module. `Sel` is the game's own typed
 * selection (a chosen card, a chosen source...), carried from one panel to the next.
 */
export type Intent<M, Sel> =
  /** Show the panel again with this selection (null: none). */
  | { kind: "panel"; selection: Sel | null }
  /** Ask the engine to apply this move. */
  | { kind: "move"; move: M }
  /** Refuse with a reason, changing nothing. */
  | { kind: "refuse"; message: Message };

export interface PanelContext<PrivateV, Sel> {
  ref: TableRef;
  userId: PlayerId;
  /** The engine's private view for this user: the panel never sees the game's state. */
  view: PrivateV;
  names: Names;
  selection: Sel | null;
  /** A line shown beside the controls (a refusal, a warning, a hint), already in `words`' language. */
  notice: string | null;
  /** The viewer's language: a private panel follows its reader. */
  words: Words;
}

export interface ClickContext<PrivateV> {
  userId: PlayerId;
  view: PrivateV;
  action: string;
  args: string[];
  /** Chosen values of a select menu. */
  values: string[];
}

/**
 * One module per game: how its table looks and how its private panel works, typed over the
 * engine's views and moves. The shared code in `bot/play.ts` does everything else (loading,
 * seating and version checks, storing, posting); `refresh` and `back` are handled there too.
 * Every word comes from the catalogs: public parts (table picture, status, actions, result) in the
 * server's language, the private panel in its reader's. The game's name and its panel button are
 * the catalog's `game.<gameType>.title` and `game.<gameType>.panelButton`.
 */
export interface GameUi<PublicV, PrivateV, M, Sel = never> {
  gameType: string;
  engine: GameEngine<unknown, M, PublicV, PrivateV>;
  /** The public table picture, described for the render pool, its labels in `locale`. */
  tablePicture(view: PublicV, names: Names, locale: Locale): PictureJob;
  /**
   * What the table picture shows, in words (its alt text), from the same public view: sentences,
   * most important first (`fitAlt` keeps them within Discord's limit).
   */
  describeTable(view: PublicV, names: Names, words: Words): string[];
  /** A short line under the table picture about the state of play (without mentions). */
  tableStatus(view: PublicV, names: Names, words: Words): string;
  /**
   * Who the table waits for, when that is narrower than the engine's actors (Twelves' agreement:
   * both may propose, but once one has proposed, the table waits for the other to confirm). These
   * players are mentioned, and a change of them posts a new table message. Default: the actors.
   */
  waitingFor?(view: PublicV): PlayerId[];
  /**
   * Actions whose clicks still count after the game has moved on (the engine checks the move
   * against the current state anyway): choices several players make at once, such as Troubadour's
   * secret picks, where one player's choice would otherwise make every other open panel stale.
   */
  unversionedActions?: readonly string[];
  /**
   * Every action the game's own components carry (its panels' and its table's buttons and select
   * menus), besides the shared ones the kit adds: the manifest check refuses one named like a
   * shared action (`RESERVED_ACTIONS`), which the bot would answer before the game saw the click.
   */
  actions: readonly string[];
  /** Public buttons besides the panel button, e.g. The Game's "I'll start". */
  tableActions(view: PublicV, words: Words): { action: string; label: string; style: ButtonStyle }[];
  panel(ctx: PanelContext<PrivateV, Sel>): Payload;
  interpret(ctx: ClickContext<PrivateV>): Intent<M, Sel>;
  /**
   * When true, every move's public events are also posted as their own log message in the channel
   * (Troubadour: each noble use must stay checkable), not only shown on the table message.
   */
  eventsAsLog?: boolean;
  /** The result line(s) posted when the game ends. */
  resultText(view: PublicV, outcome: Outcome, names: Names, words: Words): string;
}

/** Any game's UI, as the shared code holds them (method parameters are bivariant). */
// biome-ignore lint/suspicious/noExplicitAny: the registry erases each game's own view and move types
export type AnyGameUi = GameUi<any, any, any, any>;
