import { cardLabel } from "../../engine/core/cards.js";
import { foundationCount, foundationTop } from "../../engine/core/foundations.js";
import type { PlayerId } from "../../engine/core/game.js";
import { TABLEAU_COLUMNS, topCard } from "../../engine/core/tableau.js";
import { FOUNDATIONS_PER_PLAYER, stapelen } from "../../engine/games/stapelen/index.js";
import type {
  StapelenMove,
  StapelenPrivateView,
  StapelenPublicView,
} from "../../engine/games/stapelen/types.js";
import { tm } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { foundationNeeds, type StapelenPictureOptions } from "../../render/stapelen.js";
import { withNames } from "../table.js";
import { nameOf, refuse } from "./helpers.js";
import {
  indexCodec,
  navRow,
  type PanelParts,
  type Picker,
  panelPayload,
  pickerRows,
  readPick,
  waitingPanel,
} from "./kit.js";
import type { GameUi, Names, TableRef } from "./types.js";

const PANEL_LABEL = "My move";

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

function describeColumn(view: StapelenPublicView, column: Column): string {
  const card = topCard(view.columns, column);
  return `${card ? cardLabel(card) : "?"} (column ${column + 1})`;
}

/** "1 on 6♦ (2, needs 7) · 2 on K♥ (1, needs A) · 3 empty (any card)" */
function describeFoundations(view: StapelenPublicView, player: PlayerId): string {
  return (view.foundations[player] ?? [])
    .map((foundation, i) => {
      const top = foundationTop(foundation);
      return top
        ? `${i + 1} on ${cardLabel(top)} (${foundation.length}, needs ${foundationNeeds(foundation)})`
        : `${i + 1} empty (any card)`;
    })
    .join(" · ");
}

/** The panel's picture: the table, with what the viewer may choose lit up. */
function tableLit(view: StapelenPublicView, names: Names, lit: StapelenPictureOptions = {}) {
  return picture("stapelen-panel", pictureJob("stapelen.table", view, names, lit));
}

/** The active player's panel: pick a column, then a foundation; the picture lights up what fits. */
function turnPanel(
  ref: TableRef,
  view: StapelenPrivateView,
  names: Names,
  selection: Column | null,
): PanelParts {
  const columns = [...new Set(view.legalMoves.map((m) => m.column))].sort((a, b) => a - b);
  const chosen = selection !== null && columns.includes(selection) ? selection : null;
  const fits = chosen === null ? [] : foundationsFor(view, chosen);
  const lines = [
    "Your turn: take one top card and put it on one of your foundations — one higher than its top (an Ace after a King), any card on an empty one.",
    `Your foundations: ${describeFoundations(view, view.viewer)}`,
    ...(chosen === null ? [] : [`Where does **${describeColumn(view, chosen)}** go?`]),
  ];
  const picker = pickerRows(ref, PICK, {
    placeholder: "Take the top card of which column?",
    sources: columns.map((column) => {
      const list = foundationsFor(view, column).map((f) => f + 1);
      return {
        value: column,
        label: describeColumn(view, column),
        description: `fits your foundation${list.length === 1 ? "" : "s"} ${list.join(", ")}`,
      };
    }),
    chosen,
    targets: (view.foundations[view.viewer] ?? []).map((foundation, f) => {
      const top = foundationTop(foundation);
      return {
        value: f,
        label: `Foundation ${f + 1}${top ? ` on ${cardLabel(top)}` : " (empty)"}`,
        enabled: fits.includes(f),
      };
    }),
  });
  const lit: StapelenPictureOptions =
    chosen === null
      ? { highlight: columns }
      : { highlight: [chosen], foundations: { player: view.viewer, indices: fits } };
  return {
    lines,
    rows: [...picker, navRow(ref, { back: chosen !== null })],
    picture: tableLit(view, names, lit),
  };
}

/** One line per player: cards stacked and the result (the same for both). */
function resultLines(view: StapelenPublicView, names: Names): string[] {
  const result = view.endReason === "allTaken" ? "win" : "loss";
  return view.players.map((p) => {
    const count = foundationCount(view.foundations[p] ?? []);
    return `• ${nameOf(names, p)}: ${count} ${count === 1 ? "card" : "cards"} stacked — ${result}`;
  });
}

export const stapelenUi: GameUi<StapelenPublicView, StapelenPrivateView, StapelenMove, Column> = {
  gameType: "stapelen",
  title: "Stacking",
  engine: stapelen,
  panelLabel: PANEL_LABEL,

  tablePicture: (view, names) => pictureJob("stapelen.table", view, names),

  tableStatus(view, names) {
    const totals = view.players
      .map((p) => `${nameOf(names, p)} ${foundationCount(view.foundations[p] ?? [])}`)
      .join(", ");
    return `${nameOf(names, view.active)} to place a top card · stacked: ${totals} · ${view.cardsLeft} cards left.`;
  },

  tableActions: () => [],

  panel({ ref, userId, view, names, selection, notice }) {
    if (view.phase === "over") {
      const lines = ["This game is over.", ...resultLines(view, names)];
      return panelPayload(notice, { lines, rows: [], picture: tableLit(view, names) });
    }
    if (view.active !== userId) {
      const own = `Your foundations: ${describeFoundations(view, userId)}`;
      const waiting = waitingPanel(ref, names, view.active ? [view.active] : [], "to place a card", [own]);
      return panelPayload(notice, { ...waiting, picture: tableLit(view, names) });
    }
    return panelPayload(notice, turnPanel(ref, view, names, selection));
  },

  interpret({ action, args, values }) {
    const click = readPick(PICK, { action, args, values });
    if (click?.kind === "source") return { kind: "panel", selection: click.source };
    if (click?.kind === "pick") {
      return { kind: "move", move: { type: "place", column: click.source, foundation: click.target } };
    }
    return refuse("core.malformedMove");
  },

  resultText: (view, outcome, names) =>
    [tm(withNames(outcome.summary, names)), ...resultLines(view, names)].join("\n"),
};
