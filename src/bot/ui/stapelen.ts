import { ButtonStyle } from "discord.js";
import { cardLabel } from "../../engine/core/cards.js";
import { foundationTop } from "../../engine/core/foundations.js";
import type { PlayerId } from "../../engine/core/game.js";
import { topCard } from "../../engine/core/tableau.js";
import { FOUNDATIONS_PER_PLAYER, stapelen } from "../../engine/games/stapelen/index.js";
import type { StapelenPrivateView, StapelenPublicView } from "../../engine/games/stapelen/types.js";
import { tm } from "../../i18n/index.js";
import { foundationNeeds, renderStapelenTable, type StapelenPictureOptions } from "../../render/stapelen.js";
import { withNames } from "../table.js";
import { type ButtonSpec, buttonRow, type Row, selectRow } from "./components.js";
import { indexArg, nameOf, refuse } from "./helpers.js";
import type { GameUi, Names } from "./types.js";

const PANEL_LABEL = "My move";

/** The viewer's foundations that take the top card of `column`, from the engine's legal moves. */
function foundationsFor(view: StapelenPrivateView, column: number): number[] {
  return view.legalMoves.flatMap((m) => (m.column === column ? [m.foundation] : []));
}

function fitsText(foundations: readonly number[]): string {
  const list = foundations.map((f) => f + 1).join(", ");
  return `fits your foundation${foundations.length === 1 ? "" : "s"} ${list}`;
}

/** Columns whose top card fits one of the viewer's foundations, in column order. */
function playableColumns(view: StapelenPrivateView): number[] {
  return [...new Set(view.legalMoves.map((m) => m.column))].sort((a, b) => a - b);
}

function describeColumn(view: StapelenPublicView, column: number): string {
  const card = topCard(view.columns, column);
  return `${card ? cardLabel(card) : "?"} (column ${column + 1})`;
}

/** "1 on 6♦ (needs 7) · 2 on K♥ (needs A) · 3 empty (any card)" */
function describeFoundations(view: StapelenPublicView, player: PlayerId): string {
  const own = view.foundations[player] ?? [];
  return own
    .map((foundation, i) => {
      const top = foundationTop(foundation);
      return top
        ? `${i + 1} on ${cardLabel(top)} (${foundation.length}, needs ${foundationNeeds(foundation)})`
        : `${i + 1} empty (any card)`;
    })
    .join(" · ");
}

const RULES = [
  "**Stacking** — 2 players, cooperative. Together, move all 52 cards from the table onto your foundations.",
  "• The whole deck lies face up in **13 numbered columns** of 4 overlapping cards. Only the fully visible card of each column, its **top card**, may be taken. Everything is public.",
  "• Each of you has **3 foundations of your own**, empty at the start. Only you build on yours.",
  "• Turns alternate. Who starts makes no difference, so the player who created the game starts.",
  "• **Your turn:** take exactly one top card and put it on one of your own foundations. An empty foundation takes any card; on a foundation with cards, the card must be exactly **one higher** than its top card, and after the King comes the Ace again (… Q, K, A, 2 …). Suits never matter, and a foundation may grow past 13 cards.",
  "• There is no passing, and nothing moves back: a card never returns to the table, never moves to another foundation or column.",
  "• **End:** all 52 cards stacked and you both win. When the player to move cannot put any top card on any of **their own** foundations, the game ends at once and you both lose — strictly, even if the other player could still have placed one.",
  `Press **${PANEL_LABEL}** on the table for your controls (only you see them).`,
].join("\n");

function turnPanel(view: StapelenPrivateView, selection: string[], gameId: number, version: number) {
  const lines = [
    "Your turn: take one top card and put it on one of your foundations — one higher than its top (an Ace after a King), any card on an empty one.",
    `Your foundations: ${describeFoundations(view, view.viewer)}`,
  ];
  const rows: Row[] = [];
  const columns = playableColumns(view);
  const selected = indexArg(selection[0], view.columns.length);
  const chosen = selected !== null && columns.includes(selected) ? selected : null;
  rows.push(
    selectRow(
      gameId,
      version,
      "col",
      "Take the top card of which column?",
      columns.map((column) => ({
        value: String(column),
        label: describeColumn(view, column),
        description: fitsText(foundationsFor(view, column)),
        default: column === chosen,
      })),
    ),
  );
  const controls: ButtonSpec[] = [];
  if (chosen !== null) {
    const fits = foundationsFor(view, chosen);
    const own = view.foundations[view.viewer] ?? [];
    lines.push(`Where does **${describeColumn(view, chosen)}** go?`);
    rows.push(
      buttonRow(
        gameId,
        version,
        own.slice(0, FOUNDATIONS_PER_PLAYER).map((foundation, f) => {
          const top = foundationTop(foundation);
          return {
            action: "place",
            args: [chosen, f],
            label: `Foundation ${f + 1}${top ? ` on ${cardLabel(top)}` : " (empty)"}`,
            style: fits.includes(f) ? ButtonStyle.Success : ButtonStyle.Secondary,
            disabled: !fits.includes(f),
          };
        }),
      ),
    );
    controls.push({ action: "back", label: "Back" });
  }
  controls.push({ action: "refresh", label: "Refresh" });
  rows.push(buttonRow(gameId, version, controls));
  const picture: StapelenPictureOptions = {
    highlight: new Set(chosen === null ? columns : [chosen]),
    ...(chosen === null
      ? {}
      : { foundations: { player: view.viewer, indices: new Set(foundationsFor(view, chosen)) } }),
  };
  return { lines, rows, picture };
}

/** One line per player: cards stacked and the result (the same for both). */
function resultLines(view: StapelenPublicView, names: Names): string[] {
  const result = view.endReason === "allTaken" ? "win" : "loss";
  return view.players.map((p) => {
    const count = (view.foundations[p] ?? []).reduce((n, f) => n + f.length, 0);
    return `• ${nameOf(names, p)}: ${count} ${count === 1 ? "card" : "cards"} stacked — ${result}`;
  });
}

export const stapelenUi: GameUi = {
  gameType: "stapelen",
  title: "Stacking",
  engine: stapelen,
  panelLabel: PANEL_LABEL,
  rules: RULES,

  renderTable: (view, names) => renderStapelenTable(view as StapelenPublicView, names),

  tableStatus(raw, names) {
    const view = raw as StapelenPublicView;
    const totals = view.players
      .map((p) => `${nameOf(names, p)} ${(view.foundations[p] ?? []).reduce((n, f) => n + f.length, 0)}`)
      .join(", ");
    return `${nameOf(names, view.active)} to place a top card · stacked: ${totals} · ${view.cardsLeft} cards left.`;
  },

  tableActions: () => [],

  panel({ game, userId, view: raw, names, selection, notice }) {
    const view = raw as StapelenPrivateView;
    const lines: string[] = notice ? [notice] : [];
    let rows: Row[] = [];
    let picture: StapelenPictureOptions = {};
    if (view.phase === "over") {
      lines.push("This game is over.", ...resultLines(view, names));
    } else if (view.active !== userId) {
      lines.push(
        `Waiting for ${nameOf(names, view.active)} to place a card; you will be mentioned when it is your turn.`,
        `Your foundations: ${describeFoundations(view, userId)}`,
      );
      rows = [buttonRow(game.id, game.version, [{ action: "refresh", label: "Refresh" }])];
    } else {
      const turn = turnPanel(view, selection, game.id, game.version);
      lines.push(...turn.lines);
      rows = turn.rows;
      picture = turn.picture;
    }
    return {
      content: lines.join("\n"),
      files: [{ attachment: renderStapelenTable(view, names, picture), name: "stapelen-panel.png" }],
      components: rows,
    };
  },

  interpret({ view: raw, action, args, values }) {
    const view = raw as StapelenPrivateView;
    switch (action) {
      case "col": {
        const column = indexArg(values[0], view.columns.length);
        return column === null
          ? refuse("core.malformedMove")
          : { kind: "panel", selection: [String(column)] };
      }
      case "place": {
        const column = indexArg(args[0], view.columns.length);
        const foundation = indexArg(args[1], FOUNDATIONS_PER_PLAYER);
        if (column === null || foundation === null) return refuse("core.malformedMove");
        return { kind: "move", move: { type: "place", column, foundation } };
      }
      case "back":
      case "refresh":
        return { kind: "panel", selection: [] };
      default:
        return refuse("core.malformedMove");
    }
  },

  resultText(raw, outcome, names) {
    const view = raw as StapelenPublicView;
    return [tm(withNames(outcome.summary, names)), ...resultLines(view, names)].join("\n");
  },
};
