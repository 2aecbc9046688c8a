import "./words/index.js";
import { altCards } from "../../src/bot/ui/alt.js";
import { buttonRow } from "../../src/bot/ui/components.js";
import type { ButtonSpec } from "../../src/bot/ui/controls.js";
import { nameOf, refuse, withNames } from "../../src/bot/ui/helpers.js";
import { navRow, panelPayload, waitingPanel } from "../../src/bot/ui/kit.js";
import type { GameUi, Names } from "../../src/bot/ui/types.js";
import { cardLabel } from "../../src/engine/core/cards.js";
import type { Words } from "../../src/i18n/index.js";
import { pictureJob } from "../../src/render/jobs.js";
import {
  ARROW,
  GUESSES,
  type HigherLowerMove,
  type HigherLowerPrivateView,
  type HigherLowerPublicView,
  higherLower,
} from "./engine/index.js";
import { higherLowerTable } from "./render.js";

/** The two guesses as buttons: their action is the guess, on the table and in the panel alike. */
function guessButtons(words: Words): (ButtonSpec & { style: "primary" })[] {
  return GUESSES.map((guess) => ({
    action: guess,
    label: `${ARROW[guess]} ${words(`higherlower.ui.${guess}`)}`,
    style: "primary",
  }));
}

/** "• Alice: 2 points, 3 guesses left", one line per player. */
function scoreLines(view: HigherLowerPublicView, names: Names, words: Words): string[] {
  return view.players.map((p) =>
    words("higherlower.ui.score", {
      player: nameOf(names, p, words),
      points: view.scores[p] ?? 0,
      left: view.guessesLeft[p] ?? 0,
    }),
  );
}

function describeTable(view: HigherLowerPublicView, names: Names, words: Words): string[] {
  const { last } = view;
  const headline =
    view.phase === "play"
      ? words("higherlower.pic.guesses", { player: nameOf(names, view.active, words) })
      : view.winner
        ? words("higherlower.pic.won", { player: nameOf(names, view.winner, words) })
        : words("higherlower.pic.draw");
  return [
    words("game.higherlower.title"),
    headline,
    words("higherlower.alt.faceUp", { card: cardLabel(view.faceUp) }),
    ...(last
      ? [
          words("higherlower.alt.last", {
            player: nameOf(names, last.player, words),
            arrow: ARROW[last.guess],
            from: cardLabel(last.from),
            turned: cardLabel(last.turned),
            result: words(`higherlower.pic.${last.result}`),
          }),
        ]
      : []),
    ...scoreLines(view, names, words),
    altCards(view.turned, words),
  ];
}

export const higherLowerUi: GameUi<HigherLowerPublicView, HigherLowerPrivateView, HigherLowerMove> = {
  gameType: "higherlower",
  actions: GUESSES,
  engine: higherLower,

  tablePicture: (view, names, locale) => pictureJob(higherLowerTable, view, { names, locale }),
  describeTable,

  tableStatus: (view, names, words) =>
    words.count("higherlower.ui.status", view.toTurn, {
      player: nameOf(names, view.active, words),
      card: cardLabel(view.faceUp),
    }),

  // Guessing is one click: whoever's turn it is clicks on the table; the engine refuses the other.
  tableActions: (view, words) => (view.phase === "play" ? guessButtons(words) : []),

  panel({ ref, userId, view, names, notice, words }) {
    const scores = scoreLines(view, names, words);
    if (view.phase === "over")
      return panelPayload(notice, { lines: [words("higherlower.ui.over"), ...scores], rows: [] });
    if (view.active !== userId) {
      const awaited = view.active ? [view.active] : [];
      return panelPayload(
        notice,
        waitingPanel(ref, words, names, awaited, words("higherlower.ui.waitingDoing"), scores),
      );
    }
    return panelPayload(notice, {
      lines: [words("higherlower.ui.turn", { card: cardLabel(view.faceUp) }), ...scores],
      rows: [buttonRow(ref, guessButtons(words)), navRow(ref, words)],
    });
  },

  interpret({ action }) {
    const guess = GUESSES.find((g) => g === action);
    return guess ? { kind: "move", move: { type: "guess", guess } } : refuse("core.malformedMove");
  },

  resultText: (view, outcome, names, words) =>
    [words.message(withNames(outcome.summary, names)), ...scoreLines(view, names, words)].join("\n"),
};
