import { ButtonStyle } from "discord.js";
import { type Card, cardLabel } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { FOUNDATIONS_PER_PLAYER, ROWS, sirTommy } from "../../engine/games/sirtommy/index.js";
import type {
  SirTommyMove,
  SirTommyPrivateView,
  SirTommyPublicView,
  SirTommySource,
  SirTommyTerms,
} from "../../engine/games/sirtommy/types.js";
import { tm } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { withNames } from "../table.js";
import type { ButtonSpec } from "./components.js";
import { agreementWaitingFor, nameOf, refuse } from "./helpers.js";
import {
  agreementPanel,
  type Codec,
  indexCodec,
  navRow,
  type PanelParts,
  type Picker,
  panelPayload,
  pickerRows,
  readAgreement,
  readPick,
  seatCodec,
  waitingPanel,
} from "./kit.js";
import type { GameUi, Intent, Names, TableRef } from "./types.js";

type View = SirTommyPrivateView;
/** The chosen card: a drawn card or a row top. */
type Sel = SirTommySource;
type SirTommyIntent = Intent<SirTommyMove, Sel>;

const PANEL_LABEL = "My moves";
const MALFORMED = refuse("core.malformedMove");

function directionOf(view: SirTommyPublicView, player: PlayerId): string {
  if (view.ascending === null) return "";
  return view.ascending === player ? "▲ Ascending" : "▼ Descending";
}

/** Who is Ascending travels as that player's seat. */
function termsCodec(players: readonly PlayerId[]): Codec<SirTommyTerms> {
  const seat = seatCodec(players);
  return {
    encode: (terms) => seat.encode(terms.ascending),
    decode(raw) {
      const ascending = seat.decode(raw);
      return ascending === null ? null : { ascending };
    },
  };
}

/** Sources travel as "d<drawn index>" or "r<row index>"; only a card there in this view decodes. */
function sourceCodec(view: SirTommyPublicView): Codec<SirTommySource> {
  return {
    encode: (source) => (source.kind === "drawn" ? `d${source.index}` : `r${source.row}`),
    decode(raw) {
      const m = /^([dr])(\d)$/.exec(raw ?? "");
      if (!m) return null;
      const n = Number(m[2]);
      if (m[1] === "d") return n < view.drawn.length ? { kind: "drawn", index: n } : null;
      return (view.rows[n]?.length ?? 0) > 0 ? { kind: "row", row: n } : null;
    },
  };
}

/**
 * Two pickers share the "Move which card?" select: a chosen card goes to a foundation
 * ("found:d0:2"), and a chosen drawn card may instead go on a row ("row:0:3", by drawn index).
 */
function pickers(view: View) {
  const foundation: Picker<SirTommySource, number> = {
    sourceAction: "pick",
    targetAction: "found",
    source: sourceCodec(view),
    target: indexCodec(FOUNDATIONS_PER_PLAYER),
  };
  const row: Picker<number, number> = {
    sourceAction: "pick",
    targetAction: "row",
    source: indexCodec(view.drawn.length),
    target: indexCodec(ROWS),
  };
  return { foundation, row };
}

function topOf(cards: readonly Card[] | undefined): Card | null {
  return cards?.[cards.length - 1] ?? null;
}

function sourceCard(view: SirTommyPublicView, source: SirTommySource): Card | null {
  return source.kind === "drawn" ? (view.drawn[source.index] ?? null) : topOf(view.rows[source.row]);
}

function describeSource(view: SirTommyPublicView, source: SirTommySource): string {
  const card = sourceCard(view, source);
  const label = card ? cardLabel(card) : "?";
  return source.kind === "drawn" ? `${label} (drawn)` : `${label} (top of row ${source.row + 1})`;
}

function sameSource(a: SirTommySource, b: SirTommySource): boolean {
  return a.kind === "drawn" ? b.kind === "drawn" && a.index === b.index : b.kind === "row" && a.row === b.row;
}

/** The viewer's foundations that take the card from `source`, from the engine's legal moves. */
function foundationsFor(view: View, source: SirTommySource): number[] {
  return view.legalMoves.flatMap((m) =>
    m.type === "toFoundation" && sameSource(m.from, source) ? [m.foundation] : [],
  );
}

/** "on 7♠" or "(empty)": what a target pile shows. */
function onTop(pile: readonly Card[] | undefined): string {
  const top = topOf(pile);
  return top ? ` on ${cardLabel(top)}` : " (empty)";
}

function agreement(ref: TableRef, view: View, names: Names): PanelParts {
  const viewer = view.viewer;
  const other = view.players.find((p) => p !== viewer) ?? viewer;
  const parts = agreementPanel(ref, {
    viewer,
    players: view.players,
    names,
    proposal: view.proposal,
    describe: ({ ascending }) =>
      ascending === viewer ? "**you** are Ascending" : `**${nameOf(names, ascending)}** is Ascending`,
    choices: [
      { terms: { ascending: viewer }, label: "I'm Ascending" },
      { terms: { ascending: other }, label: `You're Ascending (${nameOf(names, other)})` },
    ],
    codec: termsCodec(view.players),
    confirmLabel: ({ ascending }) =>
      `Confirm: ${ascending === viewer ? "I'm" : `${nameOf(names, ascending)} is`} Ascending`,
  });
  return {
    ...parts,
    lines: [
      "**Who builds up from the Aces?** Ascending builds A→K and takes the first turn; Descending builds K→A.",
      ...parts.lines,
    ],
  };
}

function turnLines(view: View): string[] {
  const lines = [
    `Your turn — you build **${view.direction === "ascending" ? "up from the Aces (A→K)" : "down from the Kings (K→A)"}**.`,
  ];
  if (view.turnKind === "draw") {
    lines.push(
      view.drawn.length > 0
        ? `In front of you: **${view.drawn.map(cardLabel).join("  ")}** — put each on one of your foundations or on a row, then End turn.`
        : "All drawn cards are placed. Move more row tops to your foundations if you like, then End turn.",
    );
  } else {
    lines.push(
      view.movedThisTurn > 0
        ? `The stock is used up. You moved ${view.movedThisTurn} this turn: move more row tops, or End turn.`
        : `The stock is used up: move row tops to your foundations and End turn, or Pass (passes in a row: ${view.passesInRow} of 2).`,
    );
  }
  return lines;
}

function turn(ref: TableRef, view: View, selected: Sel | null): PanelParts {
  const lines = turnLines(view);
  const { foundation, row } = pickers(view);
  // Every drawn card (it must go somewhere), and the row tops that fit one of the viewer's foundations.
  const sources: SirTommySource[] = [
    ...view.drawn.map((_, index): SirTommySource => ({ kind: "drawn", index })),
    ...view.rows.flatMap((_, r): SirTommySource[] =>
      foundationsFor(view, { kind: "row", row: r }).length > 0 ? [{ kind: "row", row: r }] : [],
    ),
  ];
  if (sources.length > 0) {
    lines.push("In the picture, green cards fit one of your foundations; the chosen card is gold.");
  } else {
    lines.push("No row top fits any of your foundations now.");
  }
  const fits = selected ? foundationsFor(view, selected) : [];
  if (selected) lines.push(`Where does **${describeSource(view, selected)}** go?`);
  const rows = [
    ...pickerRows(ref, foundation, {
      placeholder: "Move which card?",
      sources: sources.map((source) => {
        const fit = foundationsFor(view, source);
        return {
          value: source,
          label: describeSource(view, source),
          description:
            fit.length > 0
              ? `fits your foundation ${fit.map((f) => f + 1).join(", ")}`
              : "fits none of your foundations: put it on a row",
        };
      }),
      chosen: selected,
      targets: (view.foundations[view.viewer] ?? []).map((pile, f) => ({
        value: f,
        label: `Foundation ${f + 1}${onTop(pile)}`,
        enabled: fits.includes(f),
      })),
    }),
    // A drawn card may go on any row instead: the same choice, its row buttons.
    ...pickerRows(ref, row, {
      placeholder: "",
      sources: [],
      chosen: selected?.kind === "drawn" ? selected.index : null,
      targets: view.rows.map((pile, r) => ({ value: r, label: `Row ${r + 1}${onTop(pile)}`, enabled: true })),
    }),
  ];
  const controls: ButtonSpec[] = [
    { action: "end", label: "End turn", style: ButtonStyle.Success, disabled: !view.canEndTurn },
  ];
  if (view.turnKind === "clear") {
    controls.push({ action: "pass", label: "Pass", style: ButtonStyle.Danger, disabled: !view.canPass });
  }
  rows.push(navRow(ref, { back: selected !== null, extra: controls }));
  return { lines, rows };
}

/** One line per player: direction, foundation cards, win or loss (the same for both), super-winner. */
function resultLines(view: SirTommyPublicView, names: Names): string[] {
  const result = view.endReason === "allPlaced" ? "win" : "loss";
  return view.players.map(
    (p) =>
      `• ${nameOf(names, p)} (${directionOf(view, p)}): ${view.foundationCounts[p] ?? 0} cards on foundations — ${result}${view.superWinner === p ? " ★ super-winner" : ""}`,
  );
}

export const sirTommyUi: GameUi<SirTommyPublicView, SirTommyPrivateView, SirTommyMove, Sel> = {
  gameType: "sirtommy",
  title: "Sir Tommy for two",
  engine: sirTommy,
  panelLabel: PANEL_LABEL,

  tablePicture: (view, names) => pictureJob("sirtommy.table", view, names),

  tableStatus(view, names) {
    if (view.phase === "agree") {
      const proposal = view.proposal;
      if (!proposal) {
        return "who is Ascending (builds up from the Aces and starts)? Either player proposes, the other confirms.";
      }
      const other = view.players.find((p) => p !== proposal.by) ?? null;
      const terms =
        proposal.terms.ascending === proposal.by
          ? "to be Ascending"
          : `that ${nameOf(names, proposal.terms.ascending)} is Ascending`;
      return `${nameOf(names, proposal.by)} proposes ${terms} — ${nameOf(names, other)}, confirm or propose the other way.`;
    }
    const active = view.active;
    const who = `${nameOf(names, active)}'s turn (${active ? directionOf(view, active) : ""})`;
    const totals = view.players.map((p) => `${nameOf(names, p)} ${view.foundationCounts[p] ?? 0}`).join(", ");
    if (view.turnKind === "draw") {
      return `${who}: ${view.drawn.length} drawn card(s) to place · stock ${view.stockCount} · on foundations: ${totals}.`;
    }
    return `${who}: stock used up — move row tops or pass · passes in a row ${view.passesInRow} of 2 · on foundations: ${totals}.`;
  },

  tableActions: () => [],

  waitingFor(view) {
    if (view.phase === "agree") return agreementWaitingFor(view.players, view.proposal);
    return view.active ? [view.active] : [];
  },

  panel({ ref, userId, view, names, selection, notice }) {
    // A selection only ever comes from a click read against this same view; still, show no stale one.
    const selected = selection && sourceCard(view, selection) ? selection : null;
    const parts: PanelParts =
      view.phase === "agree"
        ? agreement(ref, view, names)
        : view.phase === "over"
          ? { lines: ["This game is over.", ...resultLines(view, names)], rows: [] }
          : view.active !== userId
            ? waitingPanel(ref, names, view.active ? [view.active] : [], "to play", [
                `You are ${directionOf(view, userId)}.`,
              ])
            : turn(ref, view, selected);
    const job = pictureJob("sirtommy.panel", view, names, view.active === userId ? selected : null);
    return panelPayload(notice, { ...parts, picture: picture("sirtommy-panel", job) });
  },

  interpret({ view, action, args, values }): SirTommyIntent {
    const move = (m: SirTommyMove): SirTommyIntent => ({ kind: "move", move: m });
    const agreed = readAgreement(termsCodec(view.players), { action, args });
    if (agreed) {
      if (agreed.kind === "malformed") return MALFORMED;
      return move(agreed.kind === "confirm" ? { type: "confirm" } : { type: "propose", ...agreed.terms });
    }
    const { foundation, row } = pickers(view);
    const click = { action, args, values };
    const toFoundation = readPick(foundation, click);
    if (toFoundation) {
      if (toFoundation.kind === "malformed") return MALFORMED;
      if (toFoundation.kind === "source") return { kind: "panel", selection: toFoundation.source };
      return move({ type: "toFoundation", from: toFoundation.source, foundation: toFoundation.target });
    }
    const toRow = readPick(row, click);
    if (toRow?.kind === "pick") return move({ type: "toRow", drawnIndex: toRow.source, row: toRow.target });
    if (action === "end") return move({ type: "endTurn" });
    if (action === "pass") return move({ type: "pass" });
    return MALFORMED;
  },

  resultText(view, outcome, names) {
    const lines = [tm(withNames(outcome.summary, names)), ...resultLines(view, names)];
    if (view.endReason === "allPlaced" && !view.superWinner) {
      lines.push("No super-winner: nobody reached 30 foundation cards.");
    }
    return lines.join("\n");
  },
};
