import { cardLabel } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { TABLEAU_COLUMNS, topCard } from "../../engine/core/tableau.js";
import { twelves } from "../../engine/games/twelves/index.js";
import type {
  TwelvesMove,
  TwelvesPrivateView,
  TwelvesPublicView,
  TwelvesTerms,
} from "../../engine/games/twelves/types.js";
import { tm } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { ROLE_PAIRS, ROLE_SHORT } from "../../render/twelves.js";
import { withNames } from "../table.js";
import { selectRow } from "./components.js";
import { agreementWaitingFor, nameOf, refuse, shortName } from "./helpers.js";
import {
  agreementPanel,
  type Codec,
  indexCodec,
  navRow,
  type PanelParts,
  pairCodec,
  panelPayload,
  readAgreement,
  seatCodec,
  waitingPanel,
} from "./kit.js";
import type { GameUi, Names, TableRef } from "./types.js";

const PANEL_LABEL = "My move";
/** Discord allows 25 options per select and 5 rows per message: 4 selects of pairs + 1 button row. */
const OPTIONS_PER_SELECT = 25;
const MAX_PAIR_SELECTS = 4;
const PAIR_ACTION = "pair";

/** A name short enough for a button label. */
/** Terms travel as "<seat of the twelves collector>-<seat of the starter>", e.g. "0-1". */
function termsCodec(players: readonly PlayerId[]): Codec<TwelvesTerms> {
  const seats = pairCodec(seatCodec(players), seatCodec(players));
  return {
    encode: (terms) => seats.encode([terms.twelves, terms.starter]),
    decode(raw) {
      const pair = seats.decode(raw);
      return pair && { twelves: pair[0], starter: pair[1] };
    },
  };
}

/** A pair of columns travels in select values as "<column>-<column>" (0-based), e.g. "2-8". */
const PAIR = pairCodec(indexCodec(TABLEAU_COLUMNS), indexCodec(TABLEAU_COLUMNS));

/** "Alice collects 12s, Bob starts", with "you" for the viewer when given. */
function describeTerms(
  terms: TwelvesTerms,
  players: readonly PlayerId[],
  names: Names,
  viewer?: PlayerId,
): string {
  const who = (id: PlayerId) => (id === viewer ? "you" : nameOf(names, id));
  const verb = (id: PlayerId, word: string) => (id === viewer ? word : `${word}s`);
  const fourteens = players.find((p) => p !== terms.twelves) ?? terms.twelves;
  return `**${who(terms.twelves)}** ${verb(terms.twelves, "collect")} 12s, **${who(fourteens)}** ${verb(fourteens, "collect")} 14s, **${who(terms.starter)}** ${verb(terms.starter, "start")}`;
}

/** The viewer's legal pairs, lower column first (the engine also lists each the other way round). */
function legalPairs(view: TwelvesPrivateView): [number, number][] {
  return view.legalMoves.flatMap((m) =>
    m.type === "takePair" && m.columns[0] < m.columns[1] ? [m.columns] : [],
  );
}

function pairLabel(view: TwelvesPublicView, [a, b]: readonly [number, number]): string {
  const first = topCard(view.columns, a);
  const second = topCard(view.columns, b);
  return `${first ? cardLabel(first) : "?"} (col ${a + 1}) + ${second ? cardLabel(second) : "?"} (col ${b + 1})`;
}

function agreement(ref: TableRef, view: TwelvesPrivateView, names: Names): PanelParts {
  const me = view.viewer;
  const other = view.players.find((p) => p !== me) ?? me;
  const parts = agreementPanel(ref, {
    viewer: me,
    players: view.players,
    names,
    proposal: view.proposal,
    describe: (terms) => describeTerms(terms, view.players, names, me),
    choices: [
      { terms: { twelves: me, starter: me }, label: "I collect 12s, I start" },
      { terms: { twelves: me, starter: other }, label: `I collect 12s, ${shortName(names, other)} starts` },
      { terms: { twelves: other, starter: me }, label: "I collect 14s, I start" },
      {
        terms: { twelves: other, starter: other },
        label: `I collect 14s, ${shortName(names, other)} starts`,
      },
    ],
    codec: termsCodec(view.players),
    confirmLabel: (terms) =>
      `Confirm: I collect ${terms.twelves === me ? "12s" : "14s"}, ${terms.starter === me ? "I start" : `${shortName(names, terms.starter)} starts`}`,
  });
  return {
    ...parts,
    lines: [
      "**Agree first** who collects the 12s and who takes the first pair. No card is taken until a proposal is confirmed.",
      ...parts.lines,
    ],
  };
}

function turn(ref: TableRef, view: TwelvesPrivateView): PanelParts {
  const role = view.role ?? "twelve";
  const pairs = legalPairs(view);
  const chunks = Math.min(MAX_PAIR_SELECTS, Math.ceil(pairs.length / OPTIONS_PER_SELECT));
  const rows = Array.from({ length: chunks }, (_, i) => {
    const chunk = pairs.slice(i * OPTIONS_PER_SELECT, (i + 1) * OPTIONS_PER_SELECT);
    const placeholder =
      chunks === 1
        ? "Take which pair?"
        : `Take which pair? (${i * OPTIONS_PER_SELECT + 1}–${i * OPTIONS_PER_SELECT + chunk.length} of ${pairs.length})`;
    const options = chunk.map((columns) => ({
      value: PAIR.encode(columns),
      label: pairLabel(view, columns),
    }));
    return selectRow(ref, PAIR_ACTION, placeholder, options, {}, [i]);
  });
  return {
    lines: [
      `Your turn — you collect **${ROLE_SHORT[role]}** (${ROLE_PAIRS[role]}). Choose a pair of top cards (${pairs.length} possible):`,
    ],
    rows: [...rows, navRow(ref)],
  };
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

function activeRole(view: TwelvesPublicView): string {
  const role = view.active ? view.roles?.[view.active] : undefined;
  return role ? ROLE_SHORT[role] : "?";
}

export const twelvesUi: GameUi<TwelvesPublicView, TwelvesPrivateView, TwelvesMove, never> = {
  gameType: "twelves",
  title: "Twelves and Fourteens",
  engine: twelves,
  panelLabel: PANEL_LABEL,

  tablePicture: (view, names) => pictureJob("twelves.table", view, names),

  tableStatus(view, names) {
    if (view.phase === "agree") {
      const proposal = view.proposal;
      if (!proposal) {
        return "agree first who collects the 12s and who starts: either player proposes, the other confirms.";
      }
      const other = view.players.find((p) => p !== proposal.by) ?? null;
      return `${nameOf(names, proposal.by)} proposes: ${describeTerms(proposal.terms, view.players, names)} — ${nameOf(names, other)}, confirm or propose something else.`;
    }
    const totals = view.players
      .map((p) => {
        const r = view.roles?.[p];
        return `${nameOf(names, p)} (${r ? ROLE_SHORT[r] : "?"}) ${view.pairs[p]?.length ?? 0}`;
      })
      .join(", ");
    return `${nameOf(names, view.active)} to take a pair of ${activeRole(view)} · pairs: ${totals} · ${view.cardsLeft} cards left.`;
  },

  tableActions: () => [],

  waitingFor(view) {
    if (view.phase === "agree") return agreementWaitingFor(view.players, view.proposal);
    return view.active ? [view.active] : [];
  },

  panel({ ref, view, names, notice }) {
    let parts: PanelParts;
    let highlight: number[] = [];
    if (view.phase === "agree") {
      parts = agreement(ref, view, names);
    } else if (view.phase === "over") {
      parts = { lines: ["This game is over.", ...resultLines(view, names)], rows: [] };
    } else if (view.active !== view.viewer) {
      const waiting = waitingPanel(
        ref,
        names,
        view.active ? [view.active] : [],
        `to take a pair of ${activeRole(view)}`,
      );
      parts = {
        ...waiting,
        lines: [`You collect **${view.role ? ROLE_SHORT[view.role] : "?"}**.`, ...waiting.lines],
      };
    } else {
      parts = turn(ref, view);
      highlight = [...new Set(legalPairs(view).flat())].sort((a, b) => a - b);
    }
    const lit = picture("twelves-panel", pictureJob("twelves.table", view, names, { highlight }));
    return panelPayload(notice, { ...parts, picture: lit });
  },

  interpret({ view, action, args, values }) {
    const agreed = readAgreement(termsCodec(view.players), { action, args });
    if (agreed?.kind === "propose") return { kind: "move", move: { type: "propose", ...agreed.terms } };
    if (agreed?.kind === "confirm") return { kind: "move", move: { type: "confirm" } };
    if (action === PAIR_ACTION) {
      const columns = PAIR.decode(values[0]);
      if (columns) return { kind: "move", move: { type: "takePair", columns } };
    }
    return refuse("core.malformedMove");
  },

  resultText(view, outcome, names) {
    return [tm(withNames(outcome.summary, names)), ...resultLines(view, names)].join("\n");
  },
};
