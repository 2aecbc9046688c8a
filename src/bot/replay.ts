import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  LabelBuilder,
  ModalBuilder,
  type ModalSubmitInteraction,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import type { AnyEngine } from "../engine/core/game.js";
import { gameTitle, tm, type Words, wordsFor } from "../i18n/index.js";
import type { Locale } from "../i18n/locale.js";
import { endedJob, picture } from "../render/jobs.js";
import { type GameRecord, memberOf } from "../store/store.js";
import { now } from "./clock.js";
import type { BotContext } from "./context.js";
import { dayOf } from "./dailyShare.js";
import { namesOf } from "./games.js";
import { readerLocale, serverLocale } from "./locale.js";
import { replayEvents, stateAt } from "./record.js";
import { type Answerable, type AnswerMode, answer, textPayload } from "./respond.js";
import { endingOf, tableAlt } from "./table.js";
import type { Button, Row } from "./ui/controls.js";
import { withNames } from "./ui/helpers.js";
import { parseReplayId, type ReplayControl, replayCustomId } from "./ui/replayId.js";
import type { AnyGameUi, Payload } from "./ui/types.js";

type StoredMove = { seq: number; userId: string; move: unknown };

/** Who asks to watch a game: from which server and channel, and whether they sat at it. */
export interface Viewer {
  userId: string;
  guildId: string | null;
  channelId: string | null;
  /** They held a seat of the game at some time: to its end, or until they left or handed it over. */
  seated: boolean;
}

/**
 * An attempt at a daily deal: "open" while its day lasts (or, for a viewer, while their own
 * attempt at that deal still goes on), "over" after; null for any other game.
 */
export type DailyDeal = "open" | "over" | null;

/**
 * Who may step through an ended game: whoever sat at it, from anywhere; anyone else from the
 * channel it was played in, which they can read (asking there shows it). A daily deal's attempt
 * stays its player's own while the deal is open, since its moves would spoil it; once over, its
 * server's board offers it to everyone there. Everyone else is told only that they cannot see it.
 */
export function mayWatch(game: GameRecord, viewer: Viewer, daily: DailyDeal = null): boolean {
  if (viewer.seated) return true;
  if (daily === "open") return false;
  if (daily === "over") return viewer.guildId === game.guildId;
  return viewer.channelId === game.channelId;
}

/**
 * Whether `game` is an attempt at a daily deal, and whether that deal is still open to `viewerId`:
 * its day has not ended, or the viewer's own attempt at it (begun before midnight) still goes on.
 */
async function dailyDeal(ctx: BotContext, game: GameRecord, viewerId: string): Promise<DailyDeal> {
  const attempt = await ctx.store.daily.ofGame(game.id);
  if (!attempt) return null;
  if (attempt.day >= dayOf(now())) return "open";
  const own = await ctx.store.daily.attempt(attempt.day, attempt.gameType, viewerId);
  return own !== undefined && own.finishedAt === null ? "open" : "over";
}

/** Whether `userId` held a seat: one of the seats now, or a result of the game (a leaver's, a hand-over's). */
async function wasSeated(ctx: BotContext, game: GameRecord, userId: string): Promise<boolean> {
  if (game.players.some((p) => p.userId === userId || memberOf(p) === userId)) return true;
  const result = await ctx.store.results.getResult(game.id);
  return result?.players.some((p) => p.userId === userId) ?? false;
}

/**
 * The seat whose hand `userId` sees in a replay: the one they held to the end. Null for a watcher
 * who held none, and for one who left or handed theirs over: when they did is not kept, and the
 * seat's later cards were never theirs to see.
 */
export function seatOf(game: GameRecord, userId: string): string | null {
  return game.players.find((p) => memberOf(p) === userId)?.userId ?? null;
}

/** The game version after `step` stored moves (0: the deal). */
function versionAt(moves: readonly StoredMove[], step: number): number {
  return step === 0 ? 0 : (moves[step - 1]?.seq ?? 0);
}

/**
 * How many of the stored moves replay from the seed: all of them, unless a move stored by an older
 * release is refused by today's rules. A replay that fails at one move fails at every later one,
 * so a binary search finds the first that fails.
 */
export function playableMoves(engine: AnyEngine, game: GameRecord, moves: readonly StoredMove[]): number {
  const replays = (step: number) => stateAt(engine, game, moves, versionAt(moves, step)) !== null;
  if (replays(moves.length)) return moves.length;
  let good = 0;
  let bad = moves.length;
  while (bad - good > 1) {
    const middle = (good + bad) >> 1;
    if (replays(middle)) good = middle;
    else bad = middle;
  }
  return good;
}

/** What one step of a replay is drawn from: the game, its moves, how far they replay, and who watches. */
export interface ReplayInput {
  ui: AnyGameUi;
  game: GameRecord;
  moves: readonly StoredMove[];
  /** How many moves replay (`playableMoves`); steps go from 0 to this. */
  playable: number;
  step: number;
  /** The seat whose hand the viewer sees, or null: the public table only. */
  seatId: string | null;
  /** The viewer's words: the message is theirs alone. */
  words: Words;
  /** The channel's language, in which its events were told. */
  channelLocale: Locale;
}

/**
 * One step of a replay as a private message: the caption and the events of that move as the
 * channel saw them, the table picture drawn from the public view after it, the viewer's own
 * panel lines (their hand) without its controls, and the replay's controls.
 */
export function replayStep(input: ReplayInput): Payload {
  const { ui, game, moves, playable, step, seatId, words } = input;
  const engine = ui.engine;
  const state = stateAt(engine, game, moves, versionAt(moves, step));
  if (state === null) throw new Error(`game ${game.id} does not replay to step ${step}`);
  const names = namesOf(game);
  const view = engine.publicView(state);
  const total = moves.length;
  // The last step is the game's final table: it says how the game ended, as that table did.
  const ending = step === total ? endingOf(game, engine.outcome(state), names, words.locale) : null;
  const table = ui.tablePicture(view, names, words.locale);
  const job = ending ? endedJob(table, ending.headline, ending.detail) : table;
  const shown = picture(`replay-${game.id}-${step}`, job, tableAlt(ui, view, names, words, ending));
  const seq = versionAt(moves, step);
  const events =
    // Replayed only up to the step: its events are the last the record holds there.
    step === 0
      ? []
      : (replayEvents(engine, game, moves.slice(0, step)).find((m) => m.seq === seq)?.events ?? []);
  const lines = [
    words("replay.heading", { title: gameTitle(game.gameType, words.locale), id: game.id }),
    step === 0 ? words("replay.captionDeal", { total }) : words("replay.caption", { step, total }),
    ...events.map((e) => `• ${tm(withNames(e, names), input.channelLocale)}`),
  ];
  if (playable < total) lines.push(words("replay.stops", { step: playable, total }));
  const hand =
    seatId === null
      ? ""
      : ui.panel({
          ref: { gameId: game.id, version: seq },
          userId: seatId,
          view: engine.privateView(state, seatId),
          names,
          selection: null,
          notice: null,
          words,
        }).content;
  return {
    content: lines.join("\n"),
    pictures: [shown],
    ...(hand ? { notice: `${words("replay.yourPanel")}\n${hand}` } : {}),
    components: [controlsRow(game.id, step, playable, words)],
  };
}

/** ⏮ ◀ ▶ ⏭ and "Go to move…", those that would lead nowhere disabled. */
function controlsRow(gameId: number, step: number, last: number, words: Words): Row {
  const button = (control: ReplayControl, to: number, emoji: string | null, disabled: boolean): Button => ({
    customId: replayCustomId(gameId, to, control),
    label: words(`replay.${control}`),
    ...(emoji ? { emoji } : {}),
    style: control === "goTo" ? "primary" : "secondary",
    disabled,
  });
  return {
    kind: "buttons",
    buttons: [
      button("first", 0, "⏮", step === 0),
      button("previous", Math.max(step - 1, 0), "◀", step === 0),
      button("next", Math.min(step + 1, last), "▶", step >= last),
      button("last", last, "⏭", step >= last),
      button("goTo", step, null, last === 0),
    ],
  };
}

/** The text field of the "Go to move…" dialog. */
const MOVE_FIELD = "move";

/** A game the viewer may replay, with its moves, or the refusal to tell them. */
async function openGame(
  ctx: BotContext,
  interaction: Answerable,
  game: GameRecord | undefined,
): Promise<{ game: GameRecord; ui: AnyGameUi; moves: StoredMove[]; playable: number } | string> {
  if (!game) return "replay.cannotSee";
  const userId = interaction.user.id;
  const viewer = {
    userId,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    seated: await wasSeated(ctx, game, userId),
  };
  // Seen or not is decided first: a game one may not see is not even said to be running.
  if (!mayWatch(game, viewer, await dailyDeal(ctx, game, userId))) return "replay.cannotSee";
  const ui = ctx.uis.get(game.gameType);
  if (!ui) return "replay.cannotSee";
  if (game.status !== "finished" && game.status !== "abandoned") return "replay.notEnded";
  if (game.state === null) return "replay.neverStarted";
  const moves = await ctx.store.play.moves(game.id);
  return { game, ui, moves, playable: playableMoves(ui.engine, game, moves) };
}

/**
 * Answers with step `step` of `game`'s replay (a new private message, or the clicked one updated),
 * or with why not, privately and changing nothing.
 */
async function showStep(
  ctx: BotContext,
  interaction: Answerable,
  found: GameRecord | undefined,
  step: number,
  mode: AnswerMode,
): Promise<void> {
  const words = wordsFor(await readerLocale(ctx, interaction));
  const say = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
  const opened = await openGame(ctx, interaction, found);
  if (typeof opened === "string") return say(words(opened));
  const { game, ui, moves, playable } = opened;
  if (step > playable) return say(words("replay.outOfRange", { step, last: playable }));
  const channelLocale = await serverLocale(ctx, game.guildId);
  const seatId = seatOf(game, interaction.user.id);
  await answer(ctx, interaction, mode, () =>
    replayStep({ ui, game, moves, playable, step, seatId, words, channelLocale }),
  );
}

/** `/game replay [game]`: the channel's newest ended game, or the one of that number, from its deal. */
export async function replayCommand(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
): Promise<void> {
  const id = interaction.options.getInteger("game");
  if (id === null) {
    const latest = await ctx.store.games.latestEndedGameInChannel(interaction.channelId);
    if (!latest) {
      const words = wordsFor(await readerLocale(ctx, interaction));
      return answer(ctx, interaction, "ephemeral", () => textPayload(words("replay.noEnded")));
    }
    return showStep(ctx, interaction, latest, 0, "ephemeral");
  }
  return showStep(ctx, interaction, await ctx.store.games.getGame(id), 0, "ephemeral");
}

/**
 * A replay's control: a step button updates the replay in place; "Go to move…" asks for a number,
 * whose answer updates it too; the review line's button opens the replay anew for whoever clicks.
 */
export async function handleReplayClick(
  ctx: BotContext,
  interaction: ButtonInteraction | ModalSubmitInteraction,
): Promise<void> {
  const parsed = parseReplayId(interaction.customId);
  const words = wordsFor(await readerLocale(ctx, interaction));
  const say = (text: string) => answer(ctx, interaction, "ephemeral", () => textPayload(text));
  const fromModal = interaction.isModalSubmit();
  if (!parsed || fromModal !== (parsed.control === "jump")) return say(words("replay.malformed"));
  const game = await ctx.store.games.getGame(parsed.gameId);
  if (parsed.control === "open") return showStep(ctx, interaction, game, parsed.step, "ephemeral");
  if (parsed.control === "goTo" && interaction.isButton()) {
    const opened = await openGame(ctx, interaction, game);
    if (typeof opened === "string") return say(words(opened));
    return interaction.showModal(goToDialog(parsed.gameId, parsed.step, opened.playable, words));
  }
  if (interaction.isModalSubmit()) {
    const typed = interaction.fields.getTextInputValue(MOVE_FIELD).trim();
    if (!/^\d{1,6}$/.test(typed)) {
      const opened = await openGame(ctx, interaction, game);
      if (typeof opened === "string") return say(words(opened));
      return say(words("replay.notANumber", { text: typed.slice(0, 20), last: opened.playable }));
    }
    return showStep(ctx, interaction, game, Number(typed), "update");
  }
  return showStep(ctx, interaction, game, parsed.step, "update");
}

/** The "Go to move…" dialog: one number field, filled in with the step shown now. */
function goToDialog(gameId: number, step: number, last: number, words: Words): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(replayCustomId(gameId, step, "jump"))
    .setTitle(words("replay.modalTitle"))
    .addLabelComponents(
      new LabelBuilder()
        .setLabel(words("replay.modalLabel", { last }))
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId(MOVE_FIELD)
            .setStyle(TextInputStyle.Short)
            .setRequired(true)
            .setMinLength(1)
            .setMaxLength(6)
            .setValue(String(step)),
        ),
    );
}
