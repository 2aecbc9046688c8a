import { ButtonStyle } from "discord.js";
import { type Card, cardLabel } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { sirTommy } from "../../engine/games/sirtommy/index.js";
import type {
  SirTommyMove,
  SirTommyPrivateView,
  SirTommyPublicView,
  SirTommySource,
} from "../../engine/games/sirtommy/types.js";
import { tm } from "../../i18n/index.js";
import { renderSirTommyPanel, renderSirTommyTable } from "../../render/sirtommy.js";
import { withNames } from "../table.js";
import { type ButtonSpec, buttonRow, type Row, selectRow } from "./components.js";
import { agreementWaitingFor, indexArg, nameOf, refuse } from "./helpers.js";
import type { GameUi, Intent, Names } from "./types.js";

const PANEL_LABEL = "My moves";

function directionOf(view: SirTommyPublicView, player: PlayerId): string {
  if (view.ascending === null) return "";
  return view.ascending === player ? "▲ Ascending" : "▼ Descending";
}

/** Sources travel in custom_ids and select values as "d<drawn index>" or "r<row index>". */
function sourceToken(source: SirTommySource): string {
  return source.kind === "drawn" ? `d${source.index}` : `r${source.row}`;
}

/** The source a token names, if that card is there in this view (a drawn card, or a non-empty row). */
function parseSource(token: string | undefined, view: SirTommyPublicView): SirTommySource | null {
  const m = /^([dr])(\d)$/.exec(token ?? "");
  if (!m) return null;
  const n = Number(m[2]);
  if (m[1] === "d") return n < view.drawn.length ? { kind: "drawn", index: n } : null;
  return (view.rows[n]?.length ?? 0) > 0 ? { kind: "row", row: n } : null;
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

/** The viewer's foundations that take the card from `source`, from the engine's legal moves. */
function foundationsFor(view: SirTommyPrivateView, source: SirTommySource): number[] {
  const token = sourceToken(source);
  return view.legalMoves.flatMap((m) =>
    m.type === "toFoundation" && sourceToken(m.from) === token ? [m.foundation] : [],
  );
}

const RULES = [
  "**Sir Tommy for two** — 2 players, cooperative with a competitive edge. Together, get all 52 cards onto foundations.",
  "• Each player has four **own foundations**. One player is **Ascending**: a foundation starts with an Ace and goes up to the King. The other is **Descending**: King down to Ace. Suits never matter; a foundation holds at most 13 cards.",
  "• First agree who is Ascending: one of you proposes (**I'm Ascending** / **You're Ascending**), the other confirms or proposes the other way. Ascending takes the first turn.",
  "• **Your turn:** the bot draws 3 cards from the stock for you at once (the last draw is a single card: 52 = 17×3+1). Put drawn cards and the top cards of the four **shared rows** on your own foundations, as many as you like, in any order; a newly uncovered row top can move too. Nothing is compulsory.",
  "• Every drawn card that does not go on a foundation goes on a row of your choice — on any card, whatever its value, or into an empty row — at any moment of the turn. **End turn** works only when no drawn card is left in front of you; no passing while you have drawn cards.",
  "• Foundation cards never move again, and a row card never moves to another row.",
  "• **Stock used up:** turns alternate; move row tops to your foundations, then end your turn, or **Pass** (always allowed before you move a card that turn, even when you could move).",
  "• **End:** all 52 cards on foundations and you both win — a player with **30 or more** of them is the **super-winner**. Two passes in a row, or a moment when neither of you can move any row card, ends the game with cards left: you both lose.",
  `Press **${PANEL_LABEL}** on the table for your controls (only you see them).`,
].join("\n");

function agreementPanel(
  view: SirTommyPrivateView,
  userId: PlayerId,
  names: Names,
  gameId: number,
  version: number,
) {
  const other = view.players.find((p) => p !== userId) ?? null;
  const lines = [
    "**Who builds up from the Aces?** Ascending builds A→K and takes the first turn; Descending builds K→A.",
  ];
  const proposal = view.proposal;
  if (proposal) {
    const mineToBe = proposal.terms.ascending === userId;
    lines.push(
      proposal.by === userId
        ? `You proposed that **${mineToBe ? "you" : nameOf(names, other)}** ${mineToBe ? "are" : "is"} Ascending. Waiting for ${nameOf(names, other)} to confirm.`
        : `${nameOf(names, proposal.by)} proposes ${mineToBe ? "that **you** are Ascending" : "to be **Ascending** themselves"}. Confirm it, or propose the other way.`,
    );
  } else {
    lines.push("Nobody has proposed yet: propose, and the other player confirms.");
  }
  const mine = proposal?.by === userId ? proposal.terms.ascending : null;
  const seat = (id: PlayerId | null) => String(view.players.indexOf(id ?? ""));
  const buttons: ButtonSpec[] = [
    {
      action: "prop",
      args: [seat(userId)],
      label: "I'm Ascending",
      style: ButtonStyle.Primary,
      disabled: mine === userId,
    },
    {
      action: "prop",
      args: [seat(other)],
      label: `You're Ascending (${nameOf(names, other)})`,
      style: ButtonStyle.Primary,
      disabled: mine === other,
    },
  ];
  if (view.canConfirm && proposal) {
    buttons.push({
      action: "confirm",
      label: `Confirm: ${proposal.terms.ascending === userId ? "I'm" : `${nameOf(names, proposal.terms.ascending)} is`} Ascending`,
      style: ButtonStyle.Success,
    });
  }
  buttons.push({ action: "refresh", label: "Refresh" });
  return { lines, rows: [buttonRow(gameId, version, buttons)] };
}

function turnLines(view: SirTommyPrivateView): string[] {
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

function turnPanel(view: SirTommyPrivateView, selection: string[], gameId: number, version: number) {
  const lines = turnLines(view);
  const rows: Row[] = [];
  const selected = parseSource(selection[0], view);
  const sources: SirTommySource[] = [
    ...view.drawn.map((_, index): SirTommySource => ({ kind: "drawn", index })),
    ...view.rows.flatMap((_, row): SirTommySource[] => {
      const source: SirTommySource = { kind: "row", row };
      return foundationsFor(view, source).length > 0 ? [source] : [];
    }),
  ];
  if (sources.length > 0) {
    rows.push(
      selectRow(
        gameId,
        version,
        "pick",
        "Move which card?",
        sources.map((source) => {
          const fits = foundationsFor(view, source);
          return {
            value: sourceToken(source),
            label: describeSource(view, source),
            description:
              fits.length > 0
                ? `fits your foundation ${fits.map((f) => f + 1).join(", ")}`
                : "fits none of your foundations: put it on a row",
            default: selected !== null && sourceToken(selected) === sourceToken(source),
          };
        }),
      ),
    );
    lines.push("In the picture, green cards fit one of your foundations; the chosen card is gold.");
  } else {
    lines.push("No row top fits any of your foundations now.");
  }
  if (selected) {
    const token = sourceToken(selected);
    const fits = foundationsFor(view, selected);
    const own = view.foundations[view.viewer] ?? [];
    lines.push(`Where does **${describeSource(view, selected)}** go?`);
    rows.push(
      buttonRow(
        gameId,
        version,
        own.map((pile, f) => {
          const top = topOf(pile);
          return {
            action: "found",
            args: [token, f],
            label: `Foundation ${f + 1}${top ? ` on ${cardLabel(top)}` : " (empty)"}`,
            style: fits.includes(f) ? ButtonStyle.Success : ButtonStyle.Secondary,
            disabled: !fits.includes(f),
          };
        }),
      ),
    );
    if (selected.kind === "drawn") {
      rows.push(
        buttonRow(
          gameId,
          version,
          view.rows.map((row, r) => {
            const top = topOf(row);
            return {
              action: "row",
              args: [selected.index, r],
              label: `Row ${r + 1}${top ? ` on ${cardLabel(top)}` : " (empty)"}`,
              style: ButtonStyle.Primary,
            };
          }),
        ),
      );
    }
  }
  const controls: ButtonSpec[] = [
    { action: "end", label: "End turn", style: ButtonStyle.Success, disabled: !view.canEndTurn },
  ];
  if (view.turnKind === "clear") {
    controls.push({ action: "pass", label: "Pass", style: ButtonStyle.Danger, disabled: !view.canPass });
  }
  if (selected) controls.push({ action: "back", label: "Back" });
  controls.push({ action: "refresh", label: "Refresh" });
  rows.push(buttonRow(gameId, version, controls));
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

export const sirTommyUi: GameUi = {
  gameType: "sirtommy",
  title: "Sir Tommy for two",
  engine: sirTommy,
  panelLabel: PANEL_LABEL,
  rules: RULES,

  renderTable: (view, names) => renderSirTommyTable(view as SirTommyPublicView, names),

  tableStatus(raw, names) {
    const view = raw as SirTommyPublicView;
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

  waitingFor(raw) {
    const view = raw as SirTommyPublicView;
    if (view.phase === "agree") return agreementWaitingFor(view.players, view.proposal);
    return view.active ? [view.active] : [];
  },

  panel({ game, userId, view: raw, names, selection, notice }) {
    const view = raw as SirTommyPrivateView;
    const lines: string[] = notice ? [notice] : [];
    let rows: Row[] = [];
    let selected: SirTommySource | null = null;
    if (view.phase === "agree") {
      const agreement = agreementPanel(view, userId, names, game.id, game.version);
      lines.push(...agreement.lines);
      rows = agreement.rows;
    } else if (view.phase === "over") {
      lines.push("This game is over.", ...resultLines(view, names));
    } else if (view.active !== userId) {
      lines.push(
        `You are ${directionOf(view, userId)}. Waiting for ${nameOf(names, view.active)} to play; you will be mentioned when it is your turn.`,
      );
      rows = [buttonRow(game.id, game.version, [{ action: "refresh", label: "Refresh" }])];
    } else {
      const turn = turnPanel(view, selection, game.id, game.version);
      lines.push(...turn.lines);
      rows = turn.rows;
      selected = parseSource(selection[0], view);
    }
    return {
      content: lines.join("\n"),
      files: [{ attachment: renderSirTommyPanel(view, names, selected), name: "sirtommy-panel.png" }],
      components: rows,
    };
  },

  interpret({ view: raw, action, args, values }) {
    const view = raw as SirTommyPrivateView;
    const move = (m: SirTommyMove): Intent => ({ kind: "move", move: m });
    switch (action) {
      case "prop": {
        const seat = indexArg(args[0], view.players.length);
        return seat === null
          ? refuse("core.malformedMove")
          : move({ type: "propose", ascending: view.players[seat] as PlayerId });
      }
      case "confirm":
        return move({ type: "confirm" });
      case "pick": {
        const source = parseSource(values[0], view);
        return source ? { kind: "panel", selection: [sourceToken(source)] } : refuse("core.malformedMove");
      }
      case "found": {
        const source = parseSource(args[0], view);
        const foundation = indexArg(args[1], 4);
        if (!source || foundation === null) return refuse("core.malformedMove");
        return move({ type: "toFoundation", from: source, foundation });
      }
      case "row": {
        const drawnIndex = indexArg(args[0], view.drawn.length);
        const row = indexArg(args[1], view.rows.length);
        if (drawnIndex === null || row === null) return refuse("core.malformedMove");
        return move({ type: "toRow", drawnIndex, row });
      }
      case "end":
        return move({ type: "endTurn" });
      case "pass":
        return move({ type: "pass" });
      case "refresh":
      case "back":
        return { kind: "panel", selection: [] };
      default:
        return refuse("core.malformedMove");
    }
  },

  resultText(raw, outcome, names) {
    const view = raw as SirTommyPublicView;
    const lines = [tm(withNames(outcome.summary, names)), ...resultLines(view, names)];
    if (view.endReason === "allPlaced" && !view.superWinner) {
      lines.push("No super-winner: nobody reached 30 foundation cards.");
    }
    return lines.join("\n");
  },
};
