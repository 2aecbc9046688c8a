import { ButtonStyle } from "discord.js";
import { cardLabel } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { topCard } from "../../engine/core/tableau.js";
import { twelves } from "../../engine/games/twelves/index.js";
import type {
  TwelvesPrivateView,
  TwelvesPublicView,
  TwelvesRole,
  TwelvesTerms,
} from "../../engine/games/twelves/types.js";
import { tm } from "../../i18n/index.js";
import { ROLE_PAIRS, ROLE_SHORT, renderTwelvesTable } from "../../render/twelves.js";
import { withNames } from "../table.js";
import { type ButtonSpec, buttonRow, type Row, selectRow } from "./components.js";
import { agreementWaitingFor, nameOf, refuse } from "./helpers.js";
import type { GameUi, Names } from "./types.js";

const PANEL_LABEL = "My move";
/** Discord allows 25 options per select and 5 rows per message: 4 selects of pairs + 1 button row. */
const OPTIONS_PER_SELECT = 25;
const MAX_PAIR_SELECTS = 4;

/** A name short enough for a button label. */
function shortName(names: Names, id: PlayerId | null | undefined): string {
  const name = nameOf(names, id);
  return name.length > 20 ? `${name.slice(0, 19)}…` : name;
}

function seatArg(arg: string | undefined, players: readonly PlayerId[]): PlayerId | null {
  if (arg === undefined || !/^\d$/.test(arg)) return null;
  return players[Number(arg)] ?? null;
}

function roleOf(terms: TwelvesTerms, player: PlayerId): TwelvesRole {
  return terms.twelves === player ? "twelve" : "fourteen";
}

/** "Alice collects 12s, Bob starts", with "you" for the viewer when given. */
function describeTerms(
  terms: TwelvesTerms,
  players: readonly PlayerId[],
  names: Names,
  viewer?: PlayerId,
): string {
  const who = (id: PlayerId) => (id === viewer ? "you" : nameOf(names, id));
  const fourteens = players.find((p) => p !== terms.twelves) ?? terms.twelves;
  return `**${who(terms.twelves)}** collect${terms.twelves === viewer ? "" : "s"} 12s, **${who(fourteens)}** collect${fourteens === viewer ? "" : "s"} 14s, **${who(terms.starter)}** start${terms.starter === viewer ? "" : "s"}`;
}

function sameTerms(a: TwelvesTerms | undefined, b: TwelvesTerms): boolean {
  return a !== undefined && a.twelves === b.twelves && a.starter === b.starter;
}

/** A pair travels in select values as "<column>-<column>" (0-based), e.g. "2-8". */
function pairValue(columns: readonly [number, number]): string {
  return `${columns[0]}-${columns[1]}`;
}

function parsePair(value: string | undefined): [number, number] | null {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(value ?? "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The viewer's legal pairs, from the engine's legal moves. */
function legalPairs(view: TwelvesPrivateView): [number, number][] {
  return view.legalMoves.flatMap((m) => (m.type === "takePair" ? [m.columns] : []));
}

function pairLabel(view: TwelvesPublicView, [a, b]: readonly [number, number]): string {
  const first = topCard(view.columns, a);
  const second = topCard(view.columns, b);
  return `${first ? cardLabel(first) : "?"} (col ${a + 1}) + ${second ? cardLabel(second) : "?"} (col ${b + 1})`;
}

const RULES = [
  "**Twelves and Fourteens** — 2 players, cooperative. Together, clear all 52 cards from the table in pairs.",
  "• The whole deck lies face up in **13 numbered columns** of 4 overlapping cards. Only the fully visible card of each column, its **top card**, may be taken. Everything is public.",
  "• One of you collects pairs worth **12**, the other pairs worth **14** (A=1, J=11, Q=12, K=13; suits and colours never matter):",
  `  – 12s: ${ROLE_PAIRS.twelve} (Q+K is a special pair that counts as twelve)`,
  `  – 14s: ${ROLE_PAIRS.fourteen}`,
  "• **Agree first.** After looking at the table, either of you proposes who collects the 12s and who takes the first pair; the other presses **Confirm** or makes a new proposal, which replaces the old one. Nobody confirms their own proposal, and no card is taken until a proposal is confirmed.",
  "• **Your turn:** take the top cards of two different columns that together make one of **your** pairs. Taking is compulsory: there is no passing. Cards never move from one column to another. Then it is the other player's turn.",
  "• **End:** all 52 cards taken and you both win. When the player to move has no pair of their kind among the top cards, the game ends at once and you both lose.",
  "• Tip: in a won game each of you holds two cards of every rank, so every kind of pair is taken exactly twice (6+6 and 7+7 once). Taking one kind a third time makes the game unwinnable.",
  `Press **${PANEL_LABEL}** on the table for your controls (only you see them).`,
].join("\n");

function agreementPanel(
  view: TwelvesPrivateView,
  userId: PlayerId,
  names: Names,
  gameId: number,
  version: number,
) {
  const other = view.players.find((p) => p !== userId) ?? userId;
  const lines = [
    "**Agree first** who collects the 12s and who takes the first pair. No card is taken until a proposal is confirmed.",
  ];
  const proposal = view.proposal;
  if (!proposal) {
    lines.push(`Nobody has proposed yet: propose, and ${nameOf(names, other)} confirms.`);
  } else if (proposal.by === userId) {
    lines.push(
      `You proposed: ${describeTerms(proposal.terms, view.players, names, userId)}. Waiting for ${nameOf(names, other)} to confirm; you may still change it.`,
    );
  } else {
    lines.push(
      `${nameOf(names, proposal.by)} proposes: ${describeTerms(proposal.terms, view.players, names, userId)}. Confirm it, or propose something else.`,
    );
  }
  const seat = (id: PlayerId) => view.players.indexOf(id);
  const mine = proposal?.by === userId ? proposal.terms : undefined;
  const options: { terms: TwelvesTerms; label: string }[] = [
    { terms: { twelves: userId, starter: userId }, label: "I collect 12s, I start" },
    { terms: { twelves: userId, starter: other }, label: `I collect 12s, ${shortName(names, other)} starts` },
    { terms: { twelves: other, starter: userId }, label: "I collect 14s, I start" },
    { terms: { twelves: other, starter: other }, label: `I collect 14s, ${shortName(names, other)} starts` },
  ];
  const rows: Row[] = [];
  if (view.canConfirm && proposal) {
    const role = ROLE_SHORT[roleOf(proposal.terms, userId)];
    const starter =
      proposal.terms.starter === userId ? "I start" : `${shortName(names, proposal.terms.starter)} starts`;
    rows.push(
      buttonRow(gameId, version, [
        { action: "confirm", label: `Confirm: I collect ${role}, ${starter}`, style: ButtonStyle.Success },
      ]),
    );
  }
  rows.push(
    buttonRow(
      gameId,
      version,
      options.map(
        ({ terms, label }): ButtonSpec => ({
          action: "prop",
          args: [seat(terms.twelves), seat(terms.starter)],
          label,
          style: ButtonStyle.Primary,
          disabled: sameTerms(mine, terms),
        }),
      ),
    ),
  );
  rows.push(buttonRow(gameId, version, [{ action: "refresh", label: "Refresh" }]));
  return { lines, rows };
}

function turnPanel(view: TwelvesPrivateView, gameId: number, version: number) {
  const role = view.role ?? "twelve";
  const pairs = legalPairs(view);
  const lines = [
    `Your turn — you collect **${ROLE_SHORT[role]}** (${ROLE_PAIRS[role]}). Choose a pair of top cards (${pairs.length} possible):`,
  ];
  const rows: Row[] = [];
  const chunks = Math.min(MAX_PAIR_SELECTS, Math.ceil(pairs.length / OPTIONS_PER_SELECT));
  for (let i = 0; i < chunks; i++) {
    const chunk = pairs.slice(i * OPTIONS_PER_SELECT, (i + 1) * OPTIONS_PER_SELECT);
    const placeholder =
      chunks === 1
        ? "Take which pair?"
        : `Take which pair? (${i * OPTIONS_PER_SELECT + 1}–${i * OPTIONS_PER_SELECT + chunk.length} of ${pairs.length})`;
    rows.push(
      selectRow(
        gameId,
        version,
        "pair",
        placeholder,
        chunk.map((columns) => ({ value: pairValue(columns), label: pairLabel(view, columns) })),
        {},
        [i],
      ),
    );
  }
  rows.push(buttonRow(gameId, version, [{ action: "refresh", label: "Refresh" }]));
  return { lines, rows };
}

/** One line per player: role, pairs taken, and the result (the same for both). */
function resultLines(view: TwelvesPublicView, names: Names): string[] {
  const result = view.endReason === "allTaken" ? "win" : "loss";
  return view.players.map((p) => {
    const role = view.roles?.[p];
    const count = view.pairs[p]?.length ?? 0;
    return `• ${nameOf(names, p)} (${role ? ROLE_SHORT[role] : "?"}): ${count} ${count === 1 ? "pair" : "pairs"} — ${result}`;
  });
}

function panelHighlight(view: TwelvesPrivateView): ReadonlySet<number> {
  return new Set(legalPairs(view).flat());
}

export const twelvesUi: GameUi = {
  gameType: "twelves",
  title: "Twelves and Fourteens",
  engine: twelves,
  panelLabel: PANEL_LABEL,
  rules: RULES,

  renderTable: (view, names) => renderTwelvesTable(view as TwelvesPublicView, names),

  tableStatus(raw, names) {
    const view = raw as TwelvesPublicView;
    if (view.phase === "agree") {
      const proposal = view.proposal;
      if (!proposal) {
        return "agree first who collects the 12s and who starts: either player proposes, the other confirms.";
      }
      const other = view.players.find((p) => p !== proposal.by) ?? null;
      return `${nameOf(names, proposal.by)} proposes: ${describeTerms(proposal.terms, view.players, names)} — ${nameOf(names, other)}, confirm or propose something else.`;
    }
    const role = view.active ? view.roles?.[view.active] : undefined;
    const totals = view.players
      .map((p) => {
        const r = view.roles?.[p];
        return `${nameOf(names, p)} (${r ? ROLE_SHORT[r] : "?"}) ${view.pairs[p]?.length ?? 0}`;
      })
      .join(", ");
    return `${nameOf(names, view.active)} to take a pair of ${role ? ROLE_SHORT[role] : "?"} · pairs: ${totals} · ${view.cardsLeft} cards left.`;
  },

  tableActions: () => [],

  waitingFor(raw) {
    const view = raw as TwelvesPublicView;
    if (view.phase === "agree") return agreementWaitingFor(view.players, view.proposal);
    return view.active ? [view.active] : [];
  },

  panel({ game, userId, view: raw, names, notice }) {
    const view = raw as TwelvesPrivateView;
    const lines: string[] = notice ? [notice] : [];
    let rows: Row[] = [];
    let highlight: ReadonlySet<number> = new Set();
    if (view.phase === "agree") {
      const agreement = agreementPanel(view, userId, names, game.id, game.version);
      lines.push(...agreement.lines);
      rows = agreement.rows;
    } else if (view.phase === "over") {
      lines.push("This game is over.", ...resultLines(view, names));
    } else if (view.active !== userId) {
      const role = view.active ? view.roles?.[view.active] : undefined;
      lines.push(
        `You collect **${view.role ? ROLE_SHORT[view.role] : "?"}**. Waiting for ${nameOf(names, view.active)} to take a pair of ${role ? ROLE_SHORT[role] : "?"}; you will be mentioned when it is your turn.`,
      );
      rows = [buttonRow(game.id, game.version, [{ action: "refresh", label: "Refresh" }])];
    } else {
      const turn = turnPanel(view, game.id, game.version);
      lines.push(...turn.lines);
      rows = turn.rows;
      highlight = panelHighlight(view);
    }
    return {
      content: lines.join("\n"),
      files: [{ attachment: renderTwelvesTable(view, names, { highlight }), name: "twelves-panel.png" }],
      components: rows,
    };
  },

  interpret({ view: raw, action, args, values }) {
    const view = raw as TwelvesPrivateView;
    switch (action) {
      case "prop": {
        const twelvesPlayer = seatArg(args[0], view.players);
        const starter = seatArg(args[1], view.players);
        if (!twelvesPlayer || !starter) return refuse("core.malformedMove");
        return { kind: "move", move: { type: "propose", twelves: twelvesPlayer, starter } };
      }
      case "confirm":
        return { kind: "move", move: { type: "confirm" } };
      case "pair": {
        const columns = parsePair(values[0]);
        return columns ? { kind: "move", move: { type: "takePair", columns } } : refuse("core.malformedMove");
      }
      case "refresh":
        return { kind: "panel", selection: [] };
      default:
        return refuse("core.malformedMove");
    }
  },

  resultText(raw, outcome, names) {
    const view = raw as TwelvesPublicView;
    return [tm(withNames(outcome.summary, names)), ...resultLines(view, names)].join("\n");
  },
};
