import "./words/index.js";
import { altCards, columnsInWords, fitAlt } from "../../bot/ui/alt.js";
import { selectRow } from "../../bot/ui/components.js";
import { agreementWaitingFor, nameOf, refuse, shortName, withNames } from "../../bot/ui/helpers.js";
import {
  AGREE_CONFIRM,
  AGREE_PROPOSE,
  agreementPanel,
  type Codec,
  indexCodec,
  navRow,
  type PanelParts,
  pairCodec,
  panelPayload,
  readAgreement,
  seatCodec,
  tableViewOf,
  waitingPanel,
} from "../../bot/ui/kit.js";
import type { GameUi, Names, TableRef } from "../../bot/ui/types.js";
import { cardLabel } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { TABLEAU_COLUMNS, topCard } from "../../engine/core/tableau.js";
import type { Words } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { TARGET, twelves } from "./engine/index.js";
import type { TwelvesMove, TwelvesPrivateView, TwelvesPublicView, TwelvesTerms } from "./engine/types.js";
import { twelvesTable } from "./render.js";
import { rolePairs, roleWord } from "./words/pairs.js";

/** Discord allows 25 options per select and 5 rows per message: 4 selects of pairs + 1 button row. */
const OPTIONS_PER_SELECT = 25;
const MAX_PAIR_SELECTS = 4;
const PAIR_ACTION = "pair";

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

/** "Alice collects twelves, Bob starts", with "you" for the viewer when given. */
function describeTerms(
  terms: TwelvesTerms,
  players: readonly PlayerId[],
  names: Names,
  words: Words,
  viewer?: PlayerId,
): string {
  const fourteens = players.find((p) => p !== terms.twelves) ?? terms.twelves;
  const clause = (id: PlayerId, mine: string, theirs: string) =>
    id === viewer ? words(mine) : words(theirs, { name: nameOf(names, id, words) });
  return [
    clause(terms.twelves, "twelves.ui.terms.youCollect12", "twelves.ui.terms.collects12"),
    clause(fourteens, "twelves.ui.terms.youCollect14", "twelves.ui.terms.collects14"),
    clause(terms.starter, "twelves.ui.terms.youStart", "twelves.ui.terms.starts"),
  ].join(", ");
}

/** The viewer's legal pairs, lower column first (the engine also lists each the other way round). */
function legalPairs(view: TwelvesPrivateView): [number, number][] {
  return view.legalMoves.flatMap((m) =>
    m.type === "takePair" && m.columns[0] < m.columns[1] ? [m.columns] : [],
  );
}

function pairLabel(view: TwelvesPublicView, [a, b]: readonly [number, number], words: Words): string {
  const first = topCard(view.columns, a);
  const second = topCard(view.columns, b);
  return words("twelves.ui.pairOption", {
    first: first ? cardLabel(first) : "?",
    a: a + 1,
    second: second ? cardLabel(second) : "?",
    b: b + 1,
  });
}

/** A proposal as a button: which role the viewer takes, and who starts. */
function termsLabel(
  prefix: "twelves.ui.choice" | "twelves.ui.confirm",
  terms: TwelvesTerms,
  me: PlayerId,
  names: Names,
  words: Words,
): string {
  const role = terms.twelves === me ? "twelves" : "fourteens";
  return terms.starter === me
    ? words(`${prefix}.${role}IStart`)
    : words(`${prefix}.${role}OtherStarts`, { name: shortName(names, terms.starter, words) });
}

function agreement(ref: TableRef, view: TwelvesPrivateView, names: Names, words: Words): PanelParts {
  const me = view.viewer;
  const other = view.players.find((p) => p !== me) ?? me;
  const choices: TwelvesTerms[] = [
    { twelves: me, starter: me },
    { twelves: me, starter: other },
    { twelves: other, starter: me },
    { twelves: other, starter: other },
  ];
  const parts = agreementPanel(ref, words, {
    viewer: me,
    players: view.players,
    names,
    proposal: view.proposal,
    describe: (terms) => describeTerms(terms, view.players, names, words, me),
    choices: choices.map((terms) => ({
      terms,
      label: termsLabel("twelves.ui.choice", terms, me, names, words),
    })),
    codec: termsCodec(view.players),
    confirmLabel: (terms) => termsLabel("twelves.ui.confirm", terms, me, names, words),
  });
  return { ...parts, lines: [words("twelves.ui.agreeFirst"), ...parts.lines] };
}

function turn(ref: TableRef, view: TwelvesPrivateView, words: Words): PanelParts {
  const role = view.role ?? "twelve";
  const pairs = legalPairs(view);
  const chunks = Math.min(MAX_PAIR_SELECTS, Math.ceil(pairs.length / OPTIONS_PER_SELECT));
  const rows = Array.from({ length: chunks }, (_, i) => {
    const chunk = pairs.slice(i * OPTIONS_PER_SELECT, (i + 1) * OPTIONS_PER_SELECT);
    const placeholder =
      chunks === 1
        ? words("twelves.ui.pickPair")
        : words("twelves.ui.pickPairPart", {
            from: i * OPTIONS_PER_SELECT + 1,
            to: i * OPTIONS_PER_SELECT + chunk.length,
            total: pairs.length,
          });
    const options = chunk.map((columns) => ({
      value: PAIR.encode(columns),
      label: pairLabel(view, columns, words),
    }));
    return selectRow(ref, PAIR_ACTION, placeholder, options, {}, [i]);
  });
  // The columns whose top cards make a pair, in words: the panel's picture is the table's own.
  const inPlay = [...new Set(pairs.flat())].sort((a, b) => a - b).map((column) => String(column + 1));
  return {
    lines: [
      words("twelves.ui.yourTurn", {
        role: roleWord(words, role),
        pairs: rolePairs(role, words.locale),
        count: pairs.length,
      }),
      ...(inPlay.length > 0 ? [words("twelves.ui.columnsInPlay", { columns: words.list(inPlay) })] : []),
    ],
    rows: [...rows, navRow(ref, words)],
  };
}

/** One line per player: role, pairs taken, and the result (the same for both). */
function resultLines(view: TwelvesPublicView, names: Names, words: Words): string[] {
  const result = words(view.endReason === "allTaken" ? "twelves.ui.result.win" : "twelves.ui.result.loss");
  return view.players.map((p) =>
    words.count("twelves.ui.resultLine", view.pairs[p]?.length ?? 0, {
      name: nameOf(names, p, words),
      role: roleWord(words, view.roles?.[p]),
      result,
    }),
  );
}

/** The sum of the active player's pairs, "?" before roles are agreed. */
function activeTarget(view: TwelvesPublicView): number | string {
  const role = view.active ? view.roles?.[view.active] : undefined;
  return role ? TARGET[role] : "?";
}

/** The table in words: the agreement or whose turn, each player's role and pairs, the columns. */
function describeTable(view: TwelvesPublicView, names: Names, words: Words): string[] {
  const headline =
    view.phase === "agree"
      ? view.proposal
        ? words("twelves.alt.proposal", {
            proposer: nameOf(names, view.proposal.by, words),
            terms: describeTerms(view.proposal.terms, view.players, names, words),
          })
        : words("twelves.pic.agree")
      : view.phase === "over"
        ? words(view.endReason === "allTaken" ? "twelves.pic.won" : "twelves.pic.lost")
        : words("twelves.pic.takes", { name: nameOf(names, view.active, words), target: activeTarget(view) });
  const cleared = view.columns.every((column) => column.length === 0);
  const players = view.players.map((p) => {
    const pairs = view.pairs[p] ?? [];
    // A cleared table: every kind of pair was taken, so the totals say it all.
    if (cleared) {
      return words.count("twelves.alt.playerTotal", pairs.length, {
        name: nameOf(names, p, words),
        role: roleWord(words, view.roles?.[p]),
      });
    }
    return words.count("twelves.alt.player", pairs.length, {
      name: nameOf(names, p, words),
      role: roleWord(words, view.roles?.[p]),
      pairs:
        pairs.length === 0 ? words("kit.alt.none") : pairs.map((pair) => altCards(pair, words)).join("; "),
    });
  });
  return [
    words("game.twelves.title"),
    headline,
    ...(cleared
      ? [words("twelves.alt.cleared")]
      : [words.count("kit.alt.cardsLeft", view.cardsLeft), columnsInWords(view.columns, words)]),
    // Before the roles are agreed nobody has taken a pair.
    ...(view.roles ? players : []),
  ];
}

/** The panel's picture in words: the viewer's role and the pairs they may take, then the table. */
function describePanel(view: TwelvesPrivateView, names: Names, words: Words): string {
  const pairs = view.active === view.viewer ? legalPairs(view) : [];
  const mine = view.role ? [words("twelves.ui.youCollect", { role: roleWord(words, view.role) })] : [];
  const choices =
    pairs.length > 0
      ? [words("twelves.alt.legalPairs", { pairs: pairs.map((p) => pairLabel(view, p, words)).join("; ") })]
      : [];
  return fitAlt([...mine, ...choices, ...describeTable(view, names, words)]);
}

export const twelvesUi: GameUi<TwelvesPublicView, TwelvesPrivateView, TwelvesMove, never> = {
  gameType: "twelves",
  actions: [AGREE_PROPOSE, AGREE_CONFIRM, PAIR_ACTION],
  engine: twelves,

  tablePicture: (view, names, locale) => pictureJob(twelvesTable, view, { names, locale }),
  describeTable,

  tableStatus(view, names, words) {
    if (view.phase === "agree") {
      const proposal = view.proposal;
      if (!proposal) return words("twelves.ui.status.agree");
      const other = view.players.find((p) => p !== proposal.by) ?? null;
      return words("twelves.ui.status.proposal", {
        proposer: nameOf(names, proposal.by, words),
        terms: describeTerms(proposal.terms, view.players, names, words),
        other: nameOf(names, other, words),
      });
    }
    const totals = view.players
      .map(
        (p) =>
          `${nameOf(names, p, words)} (${roleWord(words, view.roles?.[p])}) ${view.pairs[p]?.length ?? 0}`,
      )
      .join(", ");
    return words.count("twelves.ui.status.play", view.cardsLeft, {
      name: nameOf(names, view.active, words),
      target: activeTarget(view),
      totals,
    });
  },

  tableActions: () => [],

  waitingFor(view) {
    if (view.phase === "agree") return agreementWaitingFor(view.players, view.proposal);
    return view.active ? [view.active] : [];
  },

  panel({ ref, view, names, notice, words }) {
    let parts: PanelParts;
    if (view.phase === "agree") {
      parts = agreement(ref, view, names, words);
    } else if (view.phase === "over") {
      parts = { lines: [words("twelves.ui.over"), ...resultLines(view, names, words)], rows: [] };
    } else if (view.active !== view.viewer) {
      const waiting = waitingPanel(
        ref,
        words,
        names,
        view.active ? [view.active] : [],
        words("twelves.ui.waitingDoing", { target: activeTarget(view) }),
      );
      parts = {
        ...waiting,
        lines: [words("twelves.ui.youCollect", { role: roleWord(words, view.role) }), ...waiting.lines],
      };
    } else {
      parts = turn(ref, view, words);
    }
    // The public table's very picture: what the viewer may take lives in the selects and lines, so
    // a move's table and panels are drawn once.
    const table = tableViewOf(view, ["viewer", "role", "canConfirm", "legalMoves"]);
    const job = pictureJob(twelvesTable, table, { names, locale: words.locale });
    return panelPayload(notice, {
      ...parts,
      picture: picture("twelves-panel", job, describePanel(view, names, words)),
    });
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

  resultText(view, outcome, names, words) {
    return [words.message(withNames(outcome.summary, names)), ...resultLines(view, names, words)].join("\n");
  },
};
