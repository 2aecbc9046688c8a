import "./words/index.js";
import { fitAlt, numberRuns } from "../../bot/ui/alt.js";
import { buttonRow, buttonRows, selectRow } from "../../bot/ui/components.js";
import type { ButtonSpec, ButtonStyle, Row } from "../../bot/ui/controls.js";
import { nameOf, refuse } from "../../bot/ui/helpers.js";
import {
  type Codec,
  confirmPanel,
  enumCodec,
  indexCodec,
  navRow,
  type PanelParts,
  pairCodec,
  panelPayload,
  tableViewOf,
  waitingPanel,
} from "../../bot/ui/kit.js";
import type { GameUi, Names, TableRef } from "../../bot/ui/types.js";
import type { Words } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { theGame } from "./engine/index.js";
import type { TheGameMove, TheGamePrivateView, TheGamePublicView, TheGameSignal } from "./engine/types.js";
import { theGameTable } from "./render.js";

/** A card chosen by its place in the hand; `confirmPile` once a play there would end the game. */
interface Sel {
  index: number;
  confirmPile: number | null;
}

const CARD = "card";
const PLAY = "play";
const PLAY_CONFIRMED = "playc";
const SIGNAL = "sig";
const PILES = indexCodec(4);

/** A signal choice in the menu: a pile and a word ("clear" takes the viewer's signal there back). */
type SignalChoice = TheGameSignal | "clear";
const SIGNAL_CHOICES = pairCodec(PILES, enumCodec<SignalChoice>(["hold", "playWell", "bigJump", "clear"]));

/**
 * How a signal reads in the menu (`menu`) and in the panel's lines (`short`): the catalog's
 * `thegame.ui.signal.<signal>.<form>`, never a number.
 */
function signalWords(words: Words, signal: TheGameSignal, form: "menu" | "short"): string {
  return words(`thegame.ui.signal.${signal}.${form}`);
}

/** A card of the viewer's hand by its place there: a custom_id carries the place, never the card. */
function handCodec(view: TheGamePrivateView): Codec<number> {
  return indexCodec(view.hand.length);
}

function pileName(view: TheGamePublicView, pile: number): string {
  return `${view.piles[pile]?.direction === "up" ? "▲" : "▼"}${pile + 1}`;
}

/** The viewer's own signal on each pile (null where none). */
function mySignals(view: TheGamePrivateView): (TheGameSignal | null)[] {
  return view.piles.map(
    (_, pile) => view.signals[pile]?.find((s) => s.player === view.viewer)?.signal ?? null,
  );
}

/** Signals are for play with others: any seated player, whatever the turn. */
function maySignal(view: TheGamePrivateView): boolean {
  return view.phase === "play" && view.players.length > 1;
}

/** The line naming the viewer's signals on the table, if any. */
function signalLine(view: TheGamePrivateView, words: Words): string[] {
  const mine = mySignals(view).flatMap((signal, pile) =>
    signal === null ? [] : [`${pileName(view, pile)} ${signalWords(words, signal, "short")}`],
  );
  return mine.length > 0 ? [words("thegame.ui.signalLine", { signals: mine.join(" · ") })] : [];
}

/**
 * "Signal to the table…": per pile each signal the viewer has not set there, then "clear" for the
 * piles where they have one. At most 4 × 3 + 4 = 16 options (Discord allows 25), each one short line
 * (pile, then the word) so the menu reads at a glance.
 */
function signalRow(ref: TableRef, view: TheGamePrivateView, words: Words): Row {
  const mine = mySignals(view);
  const options = view.piles.flatMap((_, pile) =>
    (["hold", "playWell", "bigJump"] as const)
      .filter((signal) => mine[pile] !== signal)
      .map((signal) => ({
        value: SIGNAL_CHOICES.encode([pile, signal]),
        label: `${pileName(view, pile)} · ${signalWords(words, signal, "menu")}`,
      })),
  );
  mine.forEach((signal, pile) => {
    if (signal === null) return;
    options.push({
      value: SIGNAL_CHOICES.encode([pile, "clear"]),
      label: words("thegame.ui.clearSignal", { pile: pileName(view, pile) }),
    });
  });
  return selectRow(ref, SIGNAL, words("thegame.ui.signalPlaceholder"), options);
}

/** The panel's rows with the signal menu put just above the last (navigation) row. */
function withSignals(ref: TableRef, view: TheGamePrivateView, words: Words, parts: PanelParts): PanelParts {
  if (!maySignal(view)) return parts;
  const rows = [...parts.rows];
  rows.splice(Math.max(0, rows.length - 1), 0, signalRow(ref, view, words));
  return { ...parts, lines: [...parts.lines, ...signalLine(view, words)], rows };
}

/**
 * The hand as buttons, one per card in the order of the hand, so the player sees it at a glance: the
 * cards that fit a pile now in blue, the chosen one in green, the others greyed out (all of them
 * while it is not the viewer's turn). A click on a card chooses it.
 */
function handRows(ref: TableRef, view: TheGamePrivateView, chosen: number | null): Row[] {
  const cards = handCodec(view);
  return buttonRows(
    ref,
    view.hand.map((card, index) => {
      const fits = (view.playable[card] ?? []).length > 0;
      return {
        action: CARD,
        args: [cards.encode(index)],
        label: String(card),
        style: index === chosen ? "success" : fits ? "primary" : "secondary",
        disabled: !fits,
      };
    }),
  );
}

/**
 * The line on where the playable cards fit now, cards that fit the same piles together, so it stays
 * short on a phone ("**16, 19** on ▲2, ▼3 · **47** on ▼4").
 */
function fitsLine(view: TheGamePrivateView, words: Words): string[] {
  const byPiles = new Map<string, { cards: number[]; piles: number[] }>();
  for (const card of view.hand) {
    const piles = view.playable[card] ?? [];
    if (piles.length === 0) continue;
    const key = piles.join(",");
    const group = byPiles.get(key) ?? { cards: [], piles };
    group.cards.push(card);
    byPiles.set(key, group);
  }
  if (byPiles.size === 0) return [words("thegame.ui.nothingFits")];
  const fits = [...byPiles.values()].map(({ cards, piles }) =>
    words("thegame.ui.fits", {
      cards: cards.join(", "),
      piles: piles.map((p) => pileName(view, p)).join(", "),
    }),
  );
  return [words("thegame.ui.fitsLine", { fits: fits.join(" · ") })];
}

/** The controls under the hand: claim, wait, confirm a stranding play, or pick a card and a pile. */
function controls(
  ref: TableRef,
  view: TheGamePrivateView,
  names: Names,
  selection: Sel | null,
  words: Words,
): PanelParts {
  if (view.phase === "claim") {
    return {
      lines: [words("thegame.ui.claimLine")],
      rows: [...handRows(ref, view, null), navRow(ref, words, { extra: [claimButton(words)] })],
    };
  }
  if (view.phase === "over") return { lines: [words("thegame.ui.over")], rows: [] };
  if (view.active !== view.viewer) {
    const awaited = view.active ? [view.active] : [];
    const waiting = waitingPanel(ref, words, names, awaited, words("thegame.ui.waitingDoing"));
    return withSignals(ref, view, words, {
      ...waiting,
      rows: [...handRows(ref, view, null), ...waiting.rows],
    });
  }
  const cards = handCodec(view);
  const sel = selection !== null && view.hand[selection.index] !== undefined ? selection : null;
  const card = sel === null ? null : (view.hand[sel.index] as number);
  if (sel !== null && sel.confirmPile !== null) {
    const pile = sel.confirmPile;
    return confirmPanel(
      ref,
      words,
      words("thegame.ui.strandWarning", {
        card: card as number,
        pile: pileName(view, pile),
        minimum: view.minimumThisTurn,
      }),
      {
        action: PLAY_CONFIRMED,
        args: [cards.encode(sel.index), PILES.encode(pile)],
        label: words("thegame.ui.playAnyway"),
      },
    );
  }
  const lines = [
    words(view.canEndTurn ? "thegame.ui.turnMayEnd" : "thegame.ui.turn", {
      played: view.playedThisTurn,
      minimum: view.minimumThisTurn,
    }),
    ...(card === null ? fitsLine(view, words) : [words("thegame.ui.whereTo", { card })]),
  ];
  const rows = handRows(ref, view, sel?.index ?? null);
  if (sel !== null) {
    const legal = view.playable[card as number] ?? [];
    rows.push(
      buttonRow(
        ref,
        view.piles.map((pile, i) => ({
          action: PLAY,
          args: [cards.encode(sel.index), PILES.encode(i)],
          label: words("thegame.ui.pileOn", { pile: pileName(view, i), top: pile.top }),
          style: legal.includes(i) ? "success" : "secondary",
          disabled: !legal.includes(i),
        })),
      ),
    );
  }
  const end: ButtonSpec = {
    action: "end",
    label: words("thegame.ui.endTurn"),
    style: "success",
    disabled: !view.canEndTurn,
  };
  rows.push(navRow(ref, words, { back: sel !== null, extra: [end] }));
  return withSignals(ref, view, words, { lines, rows });
}

/** Each pile in words: which way it goes, its top and count, and what it takes now. */
function pilesInWords(view: TheGamePublicView, words: Words): string[] {
  return view.piles.map((pile, i) => {
    const params = { pile: i + 1, top: pile.top, count: pile.count };
    if (pile.count === 0) return words(`thegame.alt.pileEmpty.${pile.direction}`, params);
    if (view.phase === "over")
      return words.count(`thegame.alt.pileOver.${pile.direction}`, pile.count, params);
    return pile.back === null
      ? words.count(`thegame.alt.pile.${pile.direction}`, pile.count, params)
      : words.count(`thegame.alt.pileOrBack.${pile.direction}`, pile.count, { ...params, back: pile.back });
  });
}

/** The table signals in words: who says what on which pile. */
function signalsInWords(view: TheGamePublicView, names: Names, words: Words): string[] {
  const said = view.signals.flatMap((signals, pile) =>
    signals.map((s) =>
      words("thegame.alt.signal", {
        player: nameOf(names, s.player, words),
        signal: signalWords(words, s.signal, "short"),
        pile: pile + 1,
      }),
    ),
  );
  return said.length > 0 ? [words("thegame.alt.signals", { signals: said.join("; ") })] : [];
}

/** The table picture in words: the turn, the piles, signals, hands, draw pile, the card tracker. */
function describeTable(view: TheGamePublicView, names: Names, words: Words): string[] {
  const headline =
    view.phase === "claim"
      ? words("thegame.alt.claim")
      : view.phase === "over"
        ? words.count("thegame.alt.over", view.cardsLeft)
        : words("thegame.alt.turn", {
            player: nameOf(names, view.active, words),
            played: view.playedThisTurn,
            minimum: view.minimumThisTurn,
          });
  const hands = view.players.map((p) =>
    words.count("thegame.alt.handCount", p.handCount, { player: nameOf(names, p.id, words) }),
  );
  const finalHands = Object.entries(view.finalHands ?? {})
    .filter(([, cards]) => cards.length > 0)
    .map(([id, cards]) => `${nameOf(names, id, words)}: ${cards.join(", ")}`);
  return [
    headline,
    ...pilesInWords(view, words),
    ...signalsInWords(view, names, words),
    view.phase === "over" && finalHands.length > 0
      ? words("thegame.alt.finalHands", { hands: finalHands.join("; ") })
      : words("thegame.alt.hands", { hands: words.list(hands) }),
    words.count("thegame.alt.drawPile", view.drawPileCount),
    view.playedCards.length > 0
      ? words.count("thegame.alt.played", view.playedCards.length, {
          cards: numberRuns(view.playedCards, words),
        })
      : "",
  ];
}

/**
 * The panel's picture: the public table's own picture, its labels in the viewer's language. The hand
 * and a choice live in the panel's buttons and lines, never in this picture: after a move the mover's
 * panel and the new table cost one picture, and a choice costs none (nor an upload).
 */
function panelPicture(view: TheGamePrivateView, names: Names, words: Words) {
  const table = tableViewOf(view, ["viewer", "hand", "playable", "stranding", "canEndTurn"]);
  return picture(
    "thegame-panel",
    pictureJob(theGameTable, table, { names, locale: words.locale }),
    fitAlt(describeTable(table, names, words)),
  );
}

/** "I'll start": on the panel and under the table while nobody has taken the first turn. */
function claimButton(words: Words): { action: string; label: string; style: ButtonStyle } {
  return { action: "claim", label: words("thegame.ui.claim"), style: "success" };
}

export const theGameUi: GameUi<TheGamePublicView, TheGamePrivateView, TheGameMove, Sel> = {
  gameType: "thegame",
  actions: ["card", PLAY, PLAY_CONFIRMED, SIGNAL, "end", "claim"],
  engine: theGame,

  tablePicture: (view, names, locale) => pictureJob(theGameTable, view, { names, locale }),
  describeTable,

  tableStatus(view, names, words) {
    if (view.phase === "claim") return words("thegame.ui.statusClaim", { button: words("thegame.ui.claim") });
    return words.count("thegame.ui.status", view.cardsLeft, {
      player: nameOf(names, view.active, words),
      played: view.playedThisTurn,
      minimum: view.minimumThisTurn,
      drawPile: view.drawPileCount,
    });
  },

  // A signal may be given whatever the turn, so a panel opened before other moves still gives it.
  unversionedActions: [SIGNAL],

  tableActions(view, words) {
    return view.phase === "claim" ? [claimButton(words)] : [];
  },

  panel({ ref, view, names, selection, notice, words }) {
    const parts = controls(ref, view, names, selection, words);
    const cards = view.hand.join(", ") || words("thegame.ui.handEmpty");
    return panelPayload(notice, {
      lines: [words("thegame.ui.hand", { cards }), ...parts.lines],
      rows: parts.rows,
      picture: panelPicture(view, names, words),
    });
  },

  interpret({ view, action, args, values }) {
    if (action === "claim") return { kind: "move", move: { type: "claimStart" } };
    if (action === "end") return { kind: "move", move: { type: "endTurn" } };
    if (action === SIGNAL) {
      const choice = SIGNAL_CHOICES.decode(values[0]);
      if (choice === null) return refuse("core.malformedMove");
      const [pile, word] = choice;
      return { kind: "move", move: { type: "signal", pile, signal: word === "clear" ? null : word } };
    }
    const cards = handCodec(view);
    if (action === CARD) {
      const index = cards.decode(args[0]);
      return index === null
        ? refuse("core.malformedMove")
        : { kind: "panel", selection: { index, confirmPile: null } };
    }
    if (action !== PLAY && action !== PLAY_CONFIRMED) return refuse("core.malformedMove");
    const index = cards.decode(args[0]);
    const pile = PILES.decode(args[1]);
    if (index === null || pile === null) return refuse("core.malformedMove");
    const card = view.hand[index] as number;
    if (action === PLAY && (view.stranding[card] ?? []).includes(pile)) {
      return { kind: "panel", selection: { index, confirmPile: pile } };
    }
    return { kind: "move", move: { type: "play", card, pile } };
  },

  resultText(view, outcome, names, words) {
    const hands = Object.entries(view.finalHands ?? {})
      .filter(([, cards]) => cards.length > 0)
      .map(([id, cards]) => `${nameOf(names, id, words)}: ${cards.join(", ")}`);
    return [
      words.message(outcome.summary),
      ...(hands.length ? [words("thegame.ui.handsLeft", { hands: hands.join(" · ") })] : []),
    ].join("\n");
  },
};
