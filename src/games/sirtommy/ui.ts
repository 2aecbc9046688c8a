import "./words/index.js";
import { altCards, columnsInWords, fitAlt } from "../../bot/ui/alt.js";
import type { ButtonSpec } from "../../bot/ui/controls.js";
import { agreementWaitingFor, nameOf, refuse, withNames } from "../../bot/ui/helpers.js";
import {
  AGREE_CONFIRM,
  AGREE_PROPOSE,
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
  tableViewOf,
  waitingPanel,
} from "../../bot/ui/kit.js";
import type { GameUi, Intent, Names, TableRef } from "../../bot/ui/types.js";
import { type Card, cardLabel } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import type { Words } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { FOUNDATIONS_PER_PLAYER, ROWS, sirTommy } from "./engine/index.js";
import type {
  SirTommyMove,
  SirTommyPrivateView,
  SirTommyPublicView,
  SirTommySource,
  SirTommyTerms,
} from "./engine/types.js";
import { sirTommyTable } from "./render.js";

type View = SirTommyPrivateView;
/** The chosen card: a drawn card or a row top. */
type Sel = SirTommySource;
type SirTommyIntent = Intent<SirTommyMove, Sel>;

const MALFORMED = refuse("core.malformedMove");
/** The turn's own buttons (custom_id actions). */
const END = "end";
const PASS = "pass";

function directionOf(view: SirTommyPublicView, player: PlayerId, words: Words): string {
  if (view.ascending === null) return "";
  return words(view.ascending === player ? "sirtommy.ui.ascending" : "sirtommy.ui.descending");
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

function describeSource(view: SirTommyPublicView, source: SirTommySource, words: Words): string {
  const found = sourceCard(view, source);
  const card = found ? cardLabel(found) : "?";
  return source.kind === "drawn"
    ? words("sirtommy.ui.source.drawn", { card })
    : words("sirtommy.ui.source.row", { card, row: source.row + 1 });
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

/** A target button: "Foundation 2 on 7♠" or "Row 3 (empty)". */
function targetLabel(
  words: Words,
  keys: { on: string; empty: string },
  params: Record<string, number>,
  pile: readonly Card[] | undefined,
): string {
  const top = topOf(pile);
  return top ? words(keys.on, { ...params, card: cardLabel(top) }) : words(keys.empty, params);
}

function agreement(ref: TableRef, view: View, names: Names, words: Words): PanelParts {
  const viewer = view.viewer;
  const other = view.players.find((p) => p !== viewer) ?? viewer;
  const parts = agreementPanel(ref, words, {
    viewer,
    players: view.players,
    names,
    proposal: view.proposal,
    describe: ({ ascending }) =>
      ascending === viewer
        ? words("sirtommy.ui.terms.you")
        : words("sirtommy.ui.terms.other", { name: nameOf(names, ascending, words) }),
    choices: [
      { terms: { ascending: viewer }, label: words("sirtommy.ui.choice.me") },
      {
        terms: { ascending: other },
        label: words("sirtommy.ui.choice.other", { name: nameOf(names, other, words) }),
      },
    ],
    codec: termsCodec(view.players),
    confirmLabel: ({ ascending }) =>
      ascending === viewer
        ? words("sirtommy.ui.confirm.me")
        : words("sirtommy.ui.confirm.other", { name: nameOf(names, ascending, words) }),
  });
  return { ...parts, lines: [words("sirtommy.ui.agreeFirst"), ...parts.lines] };
}

function turnLines(view: View, words: Words): string[] {
  const lines = [
    words(view.direction === "ascending" ? "sirtommy.ui.yourTurn.up" : "sirtommy.ui.yourTurn.down"),
  ];
  if (view.turnKind === "draw") {
    lines.push(
      view.drawn.length > 0
        ? words("sirtommy.ui.drawn", { cards: view.drawn.map(cardLabel).join("  ") })
        : words("sirtommy.ui.allDrawnPlaced"),
    );
  } else {
    lines.push(
      view.movedThisTurn > 0
        ? words("sirtommy.ui.clearMoved", { count: view.movedThisTurn })
        : words("sirtommy.ui.clearStart", { passes: view.passesInRow }),
    );
  }
  return lines;
}

function turn(ref: TableRef, view: View, selected: Sel | null, words: Words): PanelParts {
  const lines = turnLines(view, words);
  const { foundation, row } = pickers(view);
  // Every drawn card (it must go somewhere), and the row tops that fit one of the viewer's foundations.
  const sources: SirTommySource[] = [
    ...view.drawn.map((_, index): SirTommySource => ({ kind: "drawn", index })),
    ...view.rows.flatMap((_, r): SirTommySource[] =>
      foundationsFor(view, { kind: "row", row: r }).length > 0 ? [{ kind: "row", row: r }] : [],
    ),
  ];
  // What fits where, in words: the panel's picture is the table's own.
  const movable = sources.filter((source) => foundationsFor(view, source).length > 0);
  lines.push(
    movable.length > 0
      ? words("sirtommy.ui.fitNow", {
          cards: words.list(movable.map((source) => describeSource(view, source, words))),
        })
      : words("sirtommy.ui.nothingFits"),
  );
  const fits = selected ? foundationsFor(view, selected) : [];
  if (selected) lines.push(words("sirtommy.ui.whereTo", { card: describeSource(view, selected, words) }));
  const foundationKeys = { on: "sirtommy.ui.foundationOn", empty: "sirtommy.ui.foundationEmpty" };
  const rowKeys = { on: "sirtommy.ui.rowOn", empty: "sirtommy.ui.rowEmpty" };
  const rows = [
    ...pickerRows(ref, foundation, {
      placeholder: words("sirtommy.ui.pickCard"),
      sources: sources.map((source) => {
        const fit = foundationsFor(view, source);
        return {
          value: source,
          label: describeSource(view, source, words),
          description:
            fit.length > 0
              ? words("sirtommy.ui.fits", { foundations: fit.map((f) => f + 1).join(", ") })
              : words("sirtommy.ui.fitsNone"),
        };
      }),
      chosen: selected,
      targets: (view.foundations[view.viewer] ?? []).map((pile, f) => ({
        value: f,
        label: targetLabel(words, foundationKeys, { foundation: f + 1 }, pile),
        enabled: fits.includes(f),
      })),
    }),
    // A drawn card may go on any row instead: the same choice, its row buttons.
    ...pickerRows(ref, row, {
      placeholder: "",
      sources: [],
      chosen: selected?.kind === "drawn" ? selected.index : null,
      targets: view.rows.map((pile, r) => ({
        value: r,
        label: targetLabel(words, rowKeys, { row: r + 1 }, pile),
        enabled: true,
      })),
    }),
  ];
  const controls: ButtonSpec[] = [
    {
      action: END,
      label: words("sirtommy.ui.endTurn"),
      style: "success",
      disabled: !view.canEndTurn,
    },
  ];
  if (view.turnKind === "clear") {
    controls.push({
      action: PASS,
      label: words("sirtommy.ui.pass"),
      style: "danger",
      disabled: !view.canPass,
    });
  }
  rows.push(navRow(ref, words, { back: selected !== null, extra: controls }));
  return { lines, rows };
}

/** One line per player: direction, foundation cards, win or loss (the same for both), super-winner. */
function resultLines(view: SirTommyPublicView, names: Names, words: Words): string[] {
  // A loss is said once, by the outcome's own line; each player's line then only counts their cards.
  const won = view.endReason === "allPlaced";
  const result = won ? words("sirtommy.ui.result.win") : "";
  return view.players.map((p) =>
    words.count(
      !won
        ? "sirtommy.ui.resultLineLost"
        : view.superWinner === p
          ? "sirtommy.ui.resultLineSuper"
          : "sirtommy.ui.resultLine",
      view.foundationCounts[p] ?? 0,
      { name: nameOf(names, p, words), direction: directionOf(view, p, words), result },
    ),
  );
}

/** A player's direction in words, without the picture's arrows (a screen reader reads them out). */
function directionInWords(view: SirTommyPublicView, player: PlayerId, words: Words): string {
  return words(view.ascending === player ? "sirtommy.alt.ascending" : "sirtommy.alt.descending");
}

/** What the turn is about: the agreement, the drawn cards to place, the rows being cleared, the end. */
function headlineInWords(view: SirTommyPublicView, names: Names, words: Words): string[] {
  const name = nameOf(names, view.active, words);
  if (view.phase === "agree") {
    const proposal = view.proposal;
    return [
      words("sirtommy.pic.question"),
      proposal
        ? words("sirtommy.alt.proposal", {
            proposer: nameOf(names, proposal.by, words),
            ascending: nameOf(names, proposal.terms.ascending, words),
          })
        : words("sirtommy.pic.noProposal"),
    ];
  }
  if (view.phase === "over") {
    const won = view.endReason === "allPlaced";
    const superWinner = view.superWinner
      ? [words("sirtommy.alt.superWinner", { name: nameOf(names, view.superWinner, words) })]
      : [];
    return [words(won ? "sirtommy.pic.won" : "sirtommy.pic.lost"), ...superWinner];
  }
  if (view.turnKind === "draw") {
    return [
      words("sirtommy.pic.turn", { name }),
      view.drawn.length > 0
        ? words("sirtommy.alt.drawn", { name, cards: altCards(view.drawn, words) })
        : words("sirtommy.pic.allDrawnPlaced"),
    ];
  }
  return [words("sirtommy.pic.clears", { name }), words("sirtommy.pic.passes", { passes: view.passesInRow })];
}

/** The table in words: the turn, each player's direction and foundations, the stock, the rows. */
function describeTable(view: SirTommyPublicView, names: Names, words: Words): string[] {
  const players = view.players.map((p) => {
    const foundations = (view.foundations[p] ?? []).map((pile, f) => {
      const top = topOf(pile);
      return top
        ? words("sirtommy.alt.foundationOn", { foundation: f + 1, card: cardLabel(top) })
        : words("sirtommy.alt.foundationEmpty", { foundation: f + 1 });
    });
    return words.count("sirtommy.alt.player", view.foundationCounts[p] ?? 0, {
      name: nameOf(names, p, words),
      direction:
        view.ascending === null ? words("sirtommy.alt.noDirection") : directionInWords(view, p, words),
      foundations: foundations.join(", "),
    });
  });
  return [
    words("game.sirtommy.title"),
    ...headlineInWords(view, names, words),
    ...players,
    words.count("sirtommy.alt.stock", view.stockCount),
    columnsInWords(view.rows, words, "sirtommy.alt.rows"),
  ];
}

/** The panel's picture in words: the viewer's direction and moves now, then the table. */
function describePanel(view: View, names: Names, words: Words): string {
  const mine =
    view.ascending === null
      ? []
      : [words("sirtommy.alt.youAre", { direction: directionInWords(view, view.viewer, words) })];
  const sources: SirTommySource[] = [
    ...view.drawn.map((_, index): SirTommySource => ({ kind: "drawn", index })),
    ...view.rows.map((_, row): SirTommySource => ({ kind: "row", row })),
  ];
  const fits =
    view.active === view.viewer
      ? sources.flatMap((source) => {
          const found = foundationsFor(view, source);
          return found.length > 0
            ? [
                words("sirtommy.alt.fits", {
                  card: describeSource(view, source, words),
                  foundations: words.list(found.map((f) => String(f + 1))),
                }),
              ]
            : [];
        })
      : [];
  const moves = fits.length > 0 ? [words("sirtommy.alt.moves", { moves: fits.join("; ") })] : [];
  return fitAlt([...mine, ...moves, ...describeTable(view, names, words)]);
}

export const sirTommyUi: GameUi<SirTommyPublicView, SirTommyPrivateView, SirTommyMove, Sel> = {
  gameType: "sirtommy",
  actions: [AGREE_PROPOSE, AGREE_CONFIRM, "pick", "found", "row", END, PASS],
  engine: sirTommy,

  tablePicture: (view, names, locale) => pictureJob(sirTommyTable, view, { names, locale }),
  describeTable,

  tableStatus(view, names, words) {
    if (view.phase === "agree") {
      const proposal = view.proposal;
      if (!proposal) return words("sirtommy.ui.status.agree");
      const other = view.players.find((p) => p !== proposal.by) ?? null;
      const params = {
        proposer: nameOf(names, proposal.by, words),
        ascending: nameOf(names, proposal.terms.ascending, words),
        other: nameOf(names, other, words),
      };
      return proposal.terms.ascending === proposal.by
        ? words("sirtommy.ui.status.proposesSelf", params)
        : words("sirtommy.ui.status.proposesOther", params);
    }
    const active = view.active;
    const totals = view.players
      .map((p) => `${nameOf(names, p, words)} ${view.foundationCounts[p] ?? 0}`)
      .join(", ");
    const params = {
      name: nameOf(names, active, words),
      direction: active ? directionOf(view, active, words) : "",
      totals,
    };
    if (view.turnKind === "draw") {
      return words("sirtommy.ui.status.draw", {
        ...params,
        count: view.drawn.length,
        stock: view.stockCount,
      });
    }
    return words("sirtommy.ui.status.clear", { ...params, passes: view.passesInRow });
  },

  tableActions: () => [],

  waitingFor(view) {
    if (view.phase === "agree") return agreementWaitingFor(view.players, view.proposal);
    return view.active ? [view.active] : [];
  },

  panel({ ref, userId, view, names, selection, notice, words }) {
    // A selection only ever comes from a click read against this same view; still, show no stale one.
    const selected = selection && sourceCard(view, selection) ? selection : null;
    const parts: PanelParts =
      view.phase === "agree"
        ? agreement(ref, view, names, words)
        : view.phase === "over"
          ? { lines: [words("sirtommy.ui.over"), ...resultLines(view, names, words)], rows: [] }
          : view.active !== userId
            ? waitingPanel(
                ref,
                words,
                names,
                view.active ? [view.active] : [],
                words("sirtommy.ui.waitingDoing"),
                [words("sirtommy.ui.youAre", { direction: directionOf(view, userId, words) })],
              )
            : turn(ref, view, selected, words);
    // The public table's very picture: what the viewer may move and has chosen lives in the
    // controls and lines, so a choice costs no picture and a move's table and panels are one.
    const table = tableViewOf(view, [
      "viewer",
      "direction",
      "canConfirm",
      "canEndTurn",
      "canPass",
      "legalMoves",
    ]);
    const job = pictureJob(sirTommyTable, table, { names, locale: words.locale });
    return panelPayload(notice, {
      ...parts,
      picture: picture("sirtommy-panel", job, describePanel(view, names, words)),
    });
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
    if (action === END) return move({ type: "endTurn" });
    if (action === PASS) return move({ type: "pass" });
    return MALFORMED;
  },

  resultText(view, outcome, names, words) {
    const lines = [words.message(withNames(outcome.summary, names)), ...resultLines(view, names, words)];
    if (view.endReason === "allPlaced" && !view.superWinner) lines.push(words("sirtommy.ui.noSuperWinner"));
    return lines.join("\n");
  },
};
