import { ButtonStyle } from "discord.js";
import { theGame } from "../../engine/games/thegame/index.js";
import type {
  TheGameMove,
  TheGamePrivateView,
  TheGamePublicView,
  TheGameSignal,
} from "../../engine/games/thegame/types.js";
import { tm } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { type Row, selectRow } from "./components.js";
import { nameOf, refuse } from "./helpers.js";
import {
  confirmPanel,
  enumCodec,
  indexCodec,
  navRow,
  type PanelParts,
  type Picker,
  pairCodec,
  panelPayload,
  pickerRows,
  readPick,
  waitingPanel,
} from "./kit.js";
import type { GameUi, Names, TableRef } from "./types.js";

/** A card chosen by its place in the hand; `confirmPile` once a play there would end the game. */
interface Sel {
  index: number;
  confirmPile: number | null;
}

const PLAY = "play";
const PLAY_CONFIRMED = "playc";
const SIGNAL = "sig";
const PILES = indexCodec(4);

/** A signal choice in the menu: a pile and a word ("clear" takes the viewer's signal there back). */
type SignalChoice = TheGameSignal | "clear";
const SIGNAL_CHOICES = pairCodec(PILES, enumCodec<SignalChoice>(["hold", "playWell", "bigJump", "clear"]));

/** How each signal reads in the menu and in the panel's lines (never a number). */
const SIGNAL_WORDS: Record<TheGameSignal, { menu: string; short: string; hint: string }> = {
  hold: { menu: "Hold this pile", short: "hold", hint: "please leave it to me" },
  playWell: { menu: "I can play well here", short: "I can play well here", hint: "a good card for it" },
  bigJump: { menu: "Big jump coming", short: "big jump coming", hint: "my cards are far from it" },
};

/** Card (by hand position) → pile; the confirmed play carries the same two arguments. */
function picker(view: TheGamePrivateView, targetAction = PLAY): Picker<number, number> {
  return { sourceAction: "card", targetAction, source: indexCodec(view.hand.length), target: PILES };
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
function signalLine(view: TheGamePrivateView): string[] {
  const mine = mySignals(view).flatMap((signal, pile) =>
    signal === null ? [] : [`${pileName(view, pile)} ${SIGNAL_WORDS[signal].short}`],
  );
  return mine.length > 0
    ? [`Your signals on the table: ${mine.join(" · ")} (cleared when your turn begins).`]
    : [];
}

/**
 * "Signal to the table…": per pile each signal the viewer has not set there, then "clear" for the
 * piles where they have one. At most 4 × 3 + 4 = 16 options (Discord allows 25).
 */
function signalRow(ref: TableRef, view: TheGamePrivateView): Row {
  const mine = mySignals(view);
  const options = view.piles.flatMap((_, pile) =>
    (["hold", "playWell", "bigJump"] as const)
      .filter((signal) => mine[pile] !== signal)
      .map((signal) => ({
        value: SIGNAL_CHOICES.encode([pile, signal]),
        label: `${pileName(view, pile)} · ${SIGNAL_WORDS[signal].menu}`,
        description: `On the table: "${SIGNAL_WORDS[signal].hint}" — no numbers`,
      })),
  );
  mine.forEach((signal, pile) => {
    if (signal === null) return;
    options.push({
      value: SIGNAL_CHOICES.encode([pile, "clear"]),
      label: `${pileName(view, pile)} · Clear my signal (${SIGNAL_WORDS[signal].short})`,
      description: "Takes your signal on this pile off the table",
    });
  });
  return selectRow(ref, SIGNAL, "Signal to the table…", options);
}

/** The panel's rows with the signal menu put just above the last (navigation) row. */
function withSignals(ref: TableRef, view: TheGamePrivateView, parts: PanelParts): PanelParts {
  if (!maySignal(view)) return parts;
  const rows = [...parts.rows];
  rows.splice(Math.max(0, rows.length - 1), 0, signalRow(ref, view));
  return { ...parts, lines: [...parts.lines, ...signalLine(view)], rows };
}

/** The controls under the hand: claim, wait, confirm a stranding play, or pick a card and a pile. */
function controls(ref: TableRef, view: TheGamePrivateView, names: Names, selection: Sel | null): PanelParts {
  if (view.phase === "claim") {
    return {
      lines: ["Nobody has started yet. Talk it over, then claim the first turn if you like your hand."],
      rows: [navRow(ref, { extra: [{ action: "claim", label: "I'll start", style: ButtonStyle.Success }] })],
    };
  }
  if (view.phase === "over") return { lines: ["The game is over: the result is on the table."], rows: [] };
  if (view.active !== view.viewer)
    return withSignals(ref, view, waitingPanel(ref, names, view.active ? [view.active] : [], "to play"));
  const p = picker(view);
  const sel = selection !== null && view.hand[selection.index] !== undefined ? selection : null;
  const card = sel === null ? null : (view.hand[sel.index] as number);
  if (sel !== null && sel.confirmPile !== null) {
    const pile = sel.confirmPile;
    return confirmPanel(
      ref,
      `Playing **${card}** on ${pileName(view, pile)} leaves you unable to reach this turn's minimum of ${view.minimumThisTurn}: the game would end. Play it anyway?`,
      {
        action: PLAY_CONFIRMED,
        args: [p.source.encode(sel.index), PILES.encode(pile)],
        label: "Play anyway",
      },
    );
  }
  const lines = [
    `Your turn: ${view.playedThisTurn} played, at least ${view.minimumThisTurn} this turn.` +
      (view.canEndTurn ? " You may end your turn or keep playing." : ""),
  ];
  const sources = view.hand.flatMap((c, index) => {
    const fits = view.playable[c] ?? [];
    return fits.length > 0
      ? [
          {
            value: index,
            label: String(c),
            description: `fits ${fits.map((f) => pileName(view, f)).join(", ")}`,
          },
        ]
      : [];
  });
  if (sources.length === 0) lines.push("No card in your hand fits any pile now.");
  if (card !== null) lines.push(`Where does **${card}** go?`);
  const legal = card === null ? [] : (view.playable[card] ?? []);
  const rows = pickerRows(ref, p, {
    placeholder: "Choose a card to play",
    sources,
    chosen: sel?.index ?? null,
    targets: view.piles.map((pile, i) => ({
      value: i,
      label: `${pileName(view, i)} on ${pile.top}`,
      enabled: legal.includes(i),
    })),
  });
  const end = { action: "end", label: "End turn", style: ButtonStyle.Success, disabled: !view.canEndTurn };
  rows.push(navRow(ref, { back: sel !== null, extra: [end] }));
  return withSignals(ref, view, { lines, rows });
}

export const theGameUi: GameUi<TheGamePublicView, TheGamePrivateView, TheGameMove, Sel> = {
  gameType: "thegame",
  title: "The Game",
  engine: theGame,
  panelLabel: "Show my hand",

  tablePicture: (view, names) => pictureJob("thegame.table", view, names),

  tableStatus(view, names) {
    if (view.phase === "claim")
      return "everyone has seen their hand: who starts? The first to press **I'll start** begins.";
    return `${nameOf(names, view.active)} to play: ${view.playedThisTurn} played of at least ${view.minimumThisTurn} · draw pile ${view.drawPileCount} · ${view.cardsLeft} cards left.`;
  },

  // A signal may be given whatever the turn, so a panel opened before other moves still gives it.
  unversionedActions: [SIGNAL],

  tableActions(view) {
    return view.phase === "claim"
      ? [{ action: "claim", label: "I'll start", style: ButtonStyle.Success }]
      : [];
  },

  panel({ ref, view, names, selection, notice }) {
    const parts = controls(ref, view, names, selection);
    return panelPayload(notice, {
      lines: [`Your hand (only you can see this): **${view.hand.join(", ") || "empty"}**`, ...parts.lines],
      rows: parts.rows,
      picture: picture(
        "hand",
        pictureJob(
          "thegame.hand",
          view,
          selection === null ? {} : { chosen: { index: selection.index, strandPile: selection.confirmPile } },
        ),
      ),
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
    const click = { action, args, values };
    const pick = readPick(picker(view), click) ?? readPick(picker(view, PLAY_CONFIRMED), click);
    if (pick === null || pick.kind === "malformed") return refuse("core.malformedMove");
    if (pick.kind === "source")
      return { kind: "panel", selection: { index: pick.source, confirmPile: null } };
    const card = view.hand[pick.source] as number;
    if (action === PLAY && (view.stranding[card] ?? []).includes(pick.target)) {
      return { kind: "panel", selection: { index: pick.source, confirmPile: pick.target } };
    }
    return { kind: "move", move: { type: "play", card, pile: pick.target } };
  },

  resultText(view, outcome, names) {
    const hands = Object.entries(view.finalHands ?? {})
      .filter(([, cards]) => cards.length > 0)
      .map(([id, cards]) => `${nameOf(names, id)}: ${cards.join(", ")}`);
    return [
      tm(outcome.summary),
      ...(hands.length ? [`Cards left in hands — ${hands.join(" · ")}`] : []),
    ].join("\n");
  },
};
