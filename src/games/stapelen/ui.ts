import "./words/index.js";
import { columnsInWords, fitAlt } from "../../bot/ui/alt.js";
import { nameOf, refuse, withNames } from "../../bot/ui/helpers.js";
import {
  indexCodec,
  navRow,
  type PanelParts,
  type Picker,
  panelPayload,
  pickerRows,
  readPick,
  tableViewOf,
  waitingPanel,
} from "../../bot/ui/kit.js";
import type { GameUi, Names, TableRef } from "../../bot/ui/types.js";
import { cardLabel } from "../../engine/core/cards.js";
import { foundationCount, foundationTop } from "../../engine/core/foundations.js";
import type { PlayerId } from "../../engine/core/game.js";
import { TABLEAU_COLUMNS, topCard } from "../../engine/core/tableau.js";
import type { Words } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { FOUNDATIONS_PER_PLAYER, stapelen } from "./engine/index.js";
import type { StapelenMove, StapelenPrivateView, StapelenPublicView } from "./engine/types.js";
import { stapelenTable } from "./render.js";

/** The panel's selection: the column whose top card the player is placing. */
type Column = number;

/** Pick a column (select "col"), then one of your foundations (button "place" column, foundation). */
const PICK: Picker<Column, number> = {
  sourceAction: "col",
  targetAction: "place",
  source: indexCodec(TABLEAU_COLUMNS),
  target: indexCodec(FOUNDATIONS_PER_PLAYER),
};

/** The viewer's foundations that take the top card of `column`, from the engine's legal moves. */
function foundationsFor(view: StapelenPrivateView, column: Column): number[] {
  return view.legalMoves.flatMap((m) => (m.column === column ? [m.foundation] : []));
}

function describeColumn(view: StapelenPublicView, column: Column, words: Words): string {
  const card = topCard(view.columns, column);
  return words("stapelen.ui.column", { card: card ? cardLabel(card) : "?", column: column + 1 });
}

/** "1 shows 6♦, takes 7 next · 2 shows K♥, takes A next · 3 is empty, takes any card" */
function describeFoundations(view: StapelenPublicView, player: PlayerId, words: Words): string {
  const won = view.phase === "over" && view.endReason === "allTaken";
  return (view.foundations[player] ?? [])
    .map((foundation, i) => {
      const top = foundationTop(foundation);
      const needs = view.needs[player]?.[i] ?? null;
      // Once every card is stacked, a foundation takes nothing more: it is complete.
      if (top && won) return words("stapelen.ui.foundationDone", { foundation: i + 1, top: cardLabel(top) });
      return top
        ? words("stapelen.ui.foundationOn", {
            foundation: i + 1,
            top: cardLabel(top),
            needs: needs === null ? "" : words.rank(needs),
          })
        : words("stapelen.ui.foundationEmpty", { foundation: i + 1 });
    })
    .join(" · ");
}

/** The table in words: whose turn, each player's foundations, the columns. */
function describeTable(view: StapelenPublicView, names: Names, words: Words): string[] {
  const headline =
    view.phase === "over"
      ? words(view.endReason === "allTaken" ? "stapelen.pic.won" : "stapelen.pic.lost")
      : words("stapelen.pic.places", { player: nameOf(names, view.active, words) });
  const foundations = view.players.map((p) =>
    words.count("stapelen.alt.foundations", foundationCount(view.foundations[p] ?? []), {
      player: nameOf(names, p, words),
      foundations: describeFoundations(view, p, words),
    }),
  );
  return [
    words("game.stapelen.title"),
    headline,
    ...foundations,
    ...(view.columns.every((column) => column.length === 0)
      ? [words("stapelen.alt.cleared")]
      : [words.count("kit.alt.cardsLeft", view.cardsLeft), columnsInWords(view.columns, words)]),
  ];
}

/** The panel's picture in words: where the viewer may place a card now, then the table. */
function describePanel(view: StapelenPrivateView, names: Names, words: Words): string {
  const columns = [...new Set(view.legalMoves.map((m) => m.column))].sort((a, b) => a - b);
  const moves = columns.map((column) =>
    words("stapelen.alt.move", {
      column: describeColumn(view, column, words),
      foundations: words.list(foundationsFor(view, column).map((f) => String(f + 1))),
    }),
  );
  const yours = moves.length > 0 ? [words("stapelen.alt.moves", { moves: moves.join("; ") })] : [];
  return fitAlt([...yours, ...describeTable(view, names, words)]);
}

/**
 * The panel's picture: the public table's own picture, its labels in the viewer's language. A choice
 * in the panel changes its controls and lines, never this picture: after a move the mover's panel
 * and the new table cost one picture, and a choice costs none (nor an upload).
 */
function panelPicture(view: StapelenPrivateView, names: Names, words: Words) {
  const table = tableViewOf(view, ["viewer", "legalMoves"]);
  return picture(
    "stapelen-panel",
    pictureJob(stapelenTable, table, { names, locale: words.locale }),
    describePanel(view, names, words),
  );
}

/** The active player's panel: pick a column, then a foundation; the controls say what fits. */
function turnPanel(
  ref: TableRef,
  view: StapelenPrivateView,
  names: Names,
  selection: Column | null,
  words: Words,
): PanelParts {
  const columns = [...new Set(view.legalMoves.map((m) => m.column))].sort((a, b) => a - b);
  const chosen = selection !== null && columns.includes(selection) ? selection : null;
  const fits = chosen === null ? [] : foundationsFor(view, chosen);
  const lines = [
    words("stapelen.ui.turn"),
    words("stapelen.ui.yourFoundations", { foundations: describeFoundations(view, view.viewer, words) }),
    ...(chosen === null ? [] : [words("stapelen.ui.whereTo", { card: describeColumn(view, chosen, words) })]),
  ];
  const picker = pickerRows(ref, PICK, {
    placeholder: words("stapelen.ui.columnPlaceholder"),
    sources: columns.map((column) => {
      const list = foundationsFor(view, column).map((f) => f + 1);
      return {
        value: column,
        label: describeColumn(view, column, words),
        description: words.count("stapelen.ui.fits", list.length, { foundations: list.join(", ") }),
      };
    }),
    chosen,
    targets: (view.foundations[view.viewer] ?? []).map((foundation, f) => {
      const top = foundationTop(foundation);
      return {
        value: f,
        label: top
          ? words("stapelen.ui.targetOn", { foundation: f + 1, top: cardLabel(top) })
          : words("stapelen.ui.targetEmpty", { foundation: f + 1 }),
        enabled: fits.includes(f),
      };
    }),
  });
  return {
    lines,
    rows: [...picker, navRow(ref, words, { back: chosen !== null })],
    picture: panelPicture(view, names, words),
  };
}

/** One line per player: cards stacked and the result (the same for both). */
function resultLines(view: StapelenPublicView, names: Names, words: Words): string[] {
  const key = view.endReason === "allTaken" ? "stapelen.ui.resultWin" : "stapelen.ui.resultLoss";
  return view.players.map((p) =>
    words.count(key, foundationCount(view.foundations[p] ?? []), { player: nameOf(names, p, words) }),
  );
}

export const stapelenUi: GameUi<StapelenPublicView, StapelenPrivateView, StapelenMove, Column> = {
  gameType: "stapelen",
  actions: [PICK.sourceAction, PICK.targetAction],
  engine: stapelen,

  tablePicture: (view, names, locale) => pictureJob(stapelenTable, view, { names, locale }),
  describeTable,

  tableStatus(view, names, words) {
    const totals = view.players
      .map((p) => `${nameOf(names, p, words)} ${foundationCount(view.foundations[p] ?? [])}`)
      .join(", ");
    return words.count("stapelen.ui.status", view.cardsLeft, {
      player: nameOf(names, view.active, words),
      totals,
    });
  },

  tableActions: () => [],

  panel({ ref, userId, view, names, selection, notice, words }) {
    if (view.phase === "over") {
      const lines = [words("stapelen.ui.over"), ...resultLines(view, names, words)];
      return panelPayload(notice, { lines, rows: [], picture: panelPicture(view, names, words) });
    }
    if (view.active !== userId) {
      const own = words("stapelen.ui.yourFoundations", {
        foundations: describeFoundations(view, userId, words),
      });
      const awaited = view.active ? [view.active] : [];
      const waiting = waitingPanel(ref, words, names, awaited, words("stapelen.ui.waitingDoing"), [own]);
      return panelPayload(notice, { ...waiting, picture: panelPicture(view, names, words) });
    }
    return panelPayload(notice, turnPanel(ref, view, names, selection, words));
  },

  interpret({ action, args, values }) {
    const click = readPick(PICK, { action, args, values });
    if (click?.kind === "source") return { kind: "panel", selection: click.source };
    if (click?.kind === "pick") {
      return { kind: "move", move: { type: "place", column: click.source, foundation: click.target } };
    }
    return refuse("core.malformedMove");
  },

  resultText: (view, outcome, names, words) =>
    [words.message(withNames(outcome.summary, names)), ...resultLines(view, names, words)].join("\n"),
};
