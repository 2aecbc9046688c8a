import { ButtonStyle } from "discord.js";
import {
  type Card,
  cardCode,
  cardLabel,
  parseCardCode,
  rankLabel,
  SUIT_SYMBOL,
  SUITS,
  type Suit,
} from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import { trickWinner } from "../../engine/core/tricks.js";
import {
  type Contract,
  contractScore,
  type OnevstwoMove,
  type OnevstwoPrivateView,
  type OnevstwoPublicView,
  onevstwo,
  type Place,
  type PlayedCard,
  premiumFor,
} from "../../engine/games/onevstwo/index.js";
import { tm } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { withNames } from "../table.js";
import { type ButtonSpec, buttonRow, type Row, selectRow } from "./components.js";
import { nameOf, refuse } from "./helpers.js";
import { type Codec, enumCodec, navRow, type PanelParts, panelPayload, waitingPanel } from "./kit.js";
import type { GameUi, Intent, Names, TableRef } from "./types.js";

/**
 * One versus Two's Discord side. The panel is stateless: the contract being put together travels
 * in the next components' custom_ids (tricks, trump), and a card travels as its code only in the
 * select of the hand the clicker controls now — their own, or the open dummy — never a card of
 * anyone else's hand.
 */

const PANEL_LABEL = "My cards";

/** What the panel shows besides its main controls: the contract so far, or the last trick. */
export type OnevstwoSelection =
  | { kind: "tricks"; tricks: number }
  | { kind: "trump"; tricks: number; trump: Suit | null }
  | { kind: "lastTrick" };

type Sel = OnevstwoSelection;
type Intention = Intent<OnevstwoMove, Sel>;

const move = (m: OnevstwoMove): Intention => ({ kind: "move", move: m });
const show = (selection: Sel): Intention => ({ kind: "panel", selection });

// ---- codecs ----

/** 1..13 tricks. */
export const TRICKS: Codec<number> = {
  encode: (n) => String(n),
  decode: (raw) => (/^(?:[1-9]|1[0-3])$/.test(raw ?? "") ? Number(raw) : null),
};

/** A trump suit, or "NT" for no trump (a codec's null means "not understood", so no trump needs a token). */
type TrumpToken = Suit | "NT";
const TRUMP_TOKENS: readonly TrumpToken[] = [...SUITS, "NT"];
const TRUMP = enumCodec(TRUMP_TOKENS);
const trumpToken = (trump: Suit | null): TrumpToken => trump ?? "NT";
const trumpOf = (token: TrumpToken): Suit | null => (token === "NT" ? null : token);

/** A card by its code ("10H"); only ever the clicker's own or the open dummy's. */
export const CARD: Codec<Card> = { encode: cardCode, decode: (raw) => parseCardCode(raw ?? "") };

// ---- words ----

function trumpWords(trump: Suit | null): string {
  return trump ? `${SUIT_SYMBOL[trump]} trumps` : "no trump";
}

/** "10 tricks, ♠ trumps" — never "10♠", which would read as a card. */
export function contractText(contract: Pick<Contract, "tricks" | "trump">): string {
  return `${contract.tricks} ${contract.tricks === 1 ? "trick" : "tricks"}, ${trumpWords(contract.trump)}`;
}

const ROLE: Record<Exclude<Place, "dummy">, string> = {
  boss: "boss",
  left: "left louse",
  right: "right louse",
};

/** Who sits at a place: the boss and the lice by name; the dummy's cards are the servant's with 4 players. */
function placePlayer(view: OnevstwoPublicView, place: Place): PlayerId | null {
  return place === "dummy" ? view.roles.servant : view.roles[place];
}

function placeLabel(view: OnevstwoPublicView, names: Names, place: Place): string {
  if (place === "dummy") return view.roles.servant ? `dummy (${nameOf(names, view.roles.servant)})` : "dummy";
  return `${nameOf(names, placePlayer(view, place))} (${ROLE[place]})`;
}

/** The viewer's role this game, in words. */
function roleOf(view: OnevstwoPublicView, player: PlayerId): string {
  const { roles } = view;
  if (roles.boss === player) return "the boss";
  if (roles.servant === player) return "the servant (your cards are the open dummy, and you play them)";
  if (roles.left === player) return "the left louse";
  if (roles.right === player) return "the right louse";
  return "a spectator";
}

function trickLine(view: OnevstwoPublicView, names: Names, cards: readonly PlayedCard[]): string {
  return cards.map((pc) => `${placeLabel(view, names, pc.place)} **${cardLabel(pc.card)}**`).join(" · ");
}

/** Tricks finished in this game. */
function tricksDone(view: OnevstwoPublicView): number {
  return view.bossTricks + view.liceTricks;
}

/** "♠ A K 7 · ♥ Q 3 · ♦ — · ♣ 10 2" */
function handLine(cards: readonly Card[]): string {
  return SUITS.map((suit) => {
    const ranks = cards.filter((c) => c.suit === suit).map((c) => rankLabel(c.rank));
    return `${SUIT_SYMBOL[suit]} ${ranks.length > 0 ? ranks.join(" ") : "—"}`;
  }).join(" · ");
}

function scoreLine(view: OnevstwoPublicView): string {
  if (!view.contract) return "No contract yet.";
  const { tricks } = view.contract;
  return `Contract **${contractText(view.contract)}** · tricks: boss side **${view.bossTricks}** of ${tricks}, lice **${view.liceTricks}** (they need ${14 - tricks} to defeat it)`;
}

function gameLine(view: OnevstwoPublicView, names: Names): string {
  return `Game ${view.gameNumber} of ${view.games} (round ${view.round + 1} of ${view.rounds}) · boss ${nameOf(names, view.roles.boss)}`;
}

/** Who acts now, for the table and the waiting panels. */
function turnWords(view: OnevstwoPublicView, names: Names): string {
  if (view.phase === "over") return "the match is over";
  const actor = nameOf(names, view.actor);
  if (view.phase === "contract") return `${actor} (boss) to announce the contract`;
  if (view.toPlay === "dummy") return `${actor} to play for the dummy`;
  if (view.toPlay === null) return `${actor} to play`;
  return `${actor} (${ROLE[view.toPlay]}) to play`;
}

/** Points as players read them: a real minus sign for a loss. */
const points = (n: number) => (n < 0 ? `−${-n}` : String(n));
const signed = (n: number) => (n > 0 ? `+${n}` : points(n));

/** What a made contract earns and what each trick short costs, for the boss choosing it. */
function stakes(contract: Contract): string {
  const premium = premiumFor(contract);
  const made = contractScore(contract, contract.tricks);
  return `Made: 10 per trick won${premium > 0 ? ` + ${premium} premium` : ""} (exactly ${contract.tricks}: **${points(made)}**). Failed: −50 per trick short (one short: ${points(contractScore(contract, contract.tricks - 1))}).`;
}

// ---- the panel ----

function lastTrickLines(view: OnevstwoPublicView, names: Names): string[] {
  const last = view.lastTrick;
  if (!last) return ["No trick has been finished yet in this game."];
  const done = tricksDone(view);
  return [
    `**Last trick**${done > 0 ? ` (trick ${done})` : ""}: ${trickLine(view, names, last.cards)} — won by ${placeLabel(view, names, last.winner)}`,
  ];
}

/** Refresh, plus Last trick (or, while it is shown, a Back that hides it). */
function nav(ref: TableRef, view: OnevstwoPublicView, selection: Sel | null, back = false): Row {
  if (selection?.kind === "lastTrick") return navRow(ref, { back: "Hide last trick" });
  const extra: ButtonSpec[] = view.lastTrick ? [{ action: "last", label: "Last trick" }] : [];
  return navRow(ref, { back, extra });
}

function contractPanel(
  ref: TableRef,
  view: OnevstwoPrivateView,
  names: Names,
  selection: Sel | null,
): PanelParts {
  const tricks = selection?.kind === "tricks" || selection?.kind === "trump" ? selection.tricks : null;
  const trump = selection?.kind === "trump" ? selection.trump : undefined;
  const lines: string[] = [
    `**You are the boss** of game ${view.gameNumber} of ${view.games}. Look at your hand and the open dummy, then announce how many tricks your side will take (1–13) and the trump suit, or no trump.`,
    "Choose the number of tricks, then the trump, then confirm. **Announcing is final**: the contract cannot be changed afterwards.",
    `Your hand: ${handLine(view.hand)}`,
    `Dummy: ${handLine(view.dummy)}`,
  ];
  if (tricks !== null && trump !== undefined) {
    const contract = { tricks, trump };
    lines.push(`Your choice: **${contractText(contract)}**. ${stakes(contract)}`);
  } else if (tricks !== null) {
    lines.push(`${tricks} ${tricks === 1 ? "trick" : "tricks"} chosen: now choose the trump.`);
  }
  if (selection?.kind === "lastTrick") lines.push(...lastTrickLines(view, names));
  const options = Array.from({ length: 13 }, (_, i) => {
    const n = i + 1;
    return {
      value: TRICKS.encode(n),
      label: `${n} ${n === 1 ? "trick" : "tricks"}`,
      description: `the lice need ${14 - n} to defeat it`,
      default: n === tricks,
    };
  });
  // A trump already chosen rides along, so changing the number of tricks keeps it.
  const kept = trump === undefined ? [] : [TRUMP.encode(trumpToken(trump))];
  const rows: Row[] = [selectRow(ref, "tricks", "How many tricks will you take?", options, {}, kept)];
  rows.push(
    buttonRow(
      ref,
      TRUMP_TOKENS.map((token) => ({
        action: "trump",
        args: [TRICKS.encode(tricks ?? 1), TRUMP.encode(token)],
        label: token === "NT" ? "No trump" : SUIT_SYMBOL[token],
        style:
          trump !== undefined && trumpToken(trump) === token ? ButtonStyle.Primary : ButtonStyle.Secondary,
        disabled: tricks === null,
      })),
    ),
  );
  if (tricks !== null && trump !== undefined) {
    rows.push(
      buttonRow(ref, [
        {
          action: "contract",
          args: [TRICKS.encode(tricks), TRUMP.encode(trumpToken(trump))],
          label: `Confirm: ${contractText({ tricks, trump })} (final)`,
          style: ButtonStyle.Success,
        },
      ]),
    );
  }
  rows.push(nav(ref, view, selection, tricks !== null));
  return { lines, rows };
}

function playPanel(
  ref: TableRef,
  view: OnevstwoPrivateView,
  names: Names,
  selection: Sel | null,
): PanelParts {
  const play = view.play as NonNullable<OnevstwoPrivateView["play"]>;
  const forDummy = play.from === "dummy";
  const trickNo = tricksDone(view) + 1;
  const led = view.trick[0]?.card.suit ?? null;
  const lines = [
    forDummy
      ? "**Your turn: you play for the dummy.** Choose one of the dummy's cards (the open hand on the table)."
      : "**Your turn: play a card from your own hand.**",
    view.trick.length === 0
      ? `${forDummy ? "The dummy leads" : "You lead"} trick ${trickNo} of 13: any card.`
      : `Trick ${trickNo} of 13 so far: ${trickLine(view, names, view.trick)}. ${SUIT_SYMBOL[led as Suit]} was led: follow suit if ${forDummy ? "the dummy" : "you"} can.`,
    scoreLine(view),
    `${forDummy ? "Dummy" : "Your hand"}: ${handLine(forDummy ? view.dummy : view.hand)}`,
  ];
  if (forDummy && view.roles.servant === view.viewer)
    lines.push(
      `You are the servant: these are your own cards, and ${nameOf(names, view.roles.boss)} (the boss) may not advise you.`,
    );
  else if (forDummy && view.hand.length > 0) lines.push(`Your own hand: ${handLine(view.hand)}`);
  if (selection?.kind === "lastTrick") lines.push(...lastTrickLines(view, names));
  const trump = view.contract?.trump ?? null;
  const options = play.legal.map((card) => {
    const wins =
      view.trick.length > 0 &&
      trickWinner([...view.trick.map((pc) => pc.card), card], trump) === view.trick.length;
    return {
      value: CARD.encode(card),
      label: cardLabel(card),
      description: `${forDummy ? "from the dummy" : "from your hand"}${wins ? " · would take the trick so far" : ""}`,
    };
  });
  const placeholder = forDummy ? "Play which card from the dummy?" : "Play which card?";
  return { lines, rows: [selectRow(ref, "card", placeholder, options), nav(ref, view, selection)] };
}

function waitPanel(
  ref: TableRef,
  view: OnevstwoPrivateView,
  names: Names,
  selection: Sel | null,
): PanelParts {
  const doing =
    view.phase === "contract"
      ? "(the boss) to announce the contract"
      : view.toPlay === "dummy"
        ? "to play for the dummy"
        : `(${ROLE[view.toPlay as Exclude<Place, "dummy">] ?? "player"}) to play`;
  const extra = [
    `${gameLine(view, names)} · you are ${roleOf(view, view.viewer)}.`,
    ...(view.phase === "play" && view.trick.length > 0
      ? [`Trick ${tricksDone(view) + 1} of 13 so far: ${trickLine(view, names, view.trick)}`]
      : []),
    scoreLine(view),
    ...(view.hand.length === 0
      ? []
      : view.roles.servant === view.viewer
        ? [`Your cards (the open dummy, which you play): ${handLine(view.hand)}`]
        : [`Your hand: ${handLine(view.hand)}`]),
    ...(selection?.kind === "lastTrick" ? lastTrickLines(view, names) : []),
  ];
  const parts = waitingPanel(ref, names, view.actor ? [view.actor] : [], doing, extra);
  return { ...parts, rows: [nav(ref, view, selection)] };
}

// ---- the match result ----

/** Final standings: per player (3) or per pair (4), best first; equal totals share the place. */
function standings(view: OnevstwoPublicView, names: Names): { who: string; total: number }[] {
  const entries = view.pairs
    ? view.pairs.map(([a, b]) => ({
        who: `${nameOf(names, a)} & ${nameOf(names, b)}`,
        total: view.totals[a] ?? 0,
      }))
    : view.players.map((p) => ({ who: nameOf(names, p), total: view.totals[p] ?? 0 }));
  return entries.sort((x, y) => y.total - x.total);
}

function matchLines(view: OnevstwoPublicView, names: Names): string[] {
  const table = standings(view, names);
  const best = table[0]?.total ?? 0;
  const winners = table.filter((e) => e.total === best).map((e) => e.who);
  const played = view.sheet.length;
  return [
    `🏆 ${winners.length > 1 ? `Shared first place: ${winners.join(", ")}` : `Winner: ${winners[0] ?? "nobody"}`} (${signed(best)})`,
    `Totals after ${played} ${played === 1 ? "game" : "games"}: ${table.map((e) => `${e.who} ${signed(e.total)}`).join(" · ")}`,
  ];
}

export const onevstwoUi: GameUi<OnevstwoPublicView, OnevstwoPrivateView, OnevstwoMove, Sel> = {
  gameType: "onevstwo",
  title: "One versus Two",
  engine: onevstwo,
  panelLabel: PANEL_LABEL,

  tablePicture: (view, names) => pictureJob("onevstwo.table", view, names),

  tableStatus(view, names) {
    if (view.phase === "over") return `${gameLine(view, names)} · the match is over.`;
    const contract = view.contract
      ? `contract ${contractText(view.contract)} · tricks: boss ${view.bossTricks}/${view.contract.tricks}, lice ${view.liceTricks}`
      : "no contract yet";
    return `${gameLine(view, names)} · ${contract} · ${turnWords(view, names)}.`;
  },

  // When the dummy must play, the table pings whoever plays it (the engine's actor).
  waitingFor: (view) => (view.actor ? [view.actor] : []),

  tableActions: () => [],

  panel({ ref, view, names, selection, notice }) {
    let parts: PanelParts;
    if (view.phase === "over")
      parts = { lines: ["The match is over.", ...matchLines(view, names)], rows: [] };
    else if (view.canAnnounce) parts = contractPanel(ref, view, names, selection);
    else if (view.play && view.play.legal.length > 0) parts = playPanel(ref, view, names, selection);
    else parts = waitPanel(ref, view, names, selection);
    return panelPayload(notice, {
      ...parts,
      picture: picture("onevstwo-hand", pictureJob("onevstwo.hand", view, names)),
    });
  },

  interpret({ action, args, values }) {
    switch (action) {
      case "tricks": {
        const tricks = TRICKS.decode(values[0]);
        const kept = args[0] === undefined ? undefined : TRUMP.decode(args[0]);
        if (tricks === null || kept === null || args.length > 1) break;
        return show(
          kept === undefined ? { kind: "tricks", tricks } : { kind: "trump", tricks, trump: trumpOf(kept) },
        );
      }
      case "trump":
      case "contract": {
        const tricks = TRICKS.decode(args[0]);
        const token = TRUMP.decode(args[1]);
        if (tricks === null || token === null) break;
        const trump = trumpOf(token);
        return action === "trump"
          ? show({ kind: "trump", tricks, trump })
          : move({ type: "contract", tricks, trump });
      }
      case "card": {
        const card = CARD.decode(values[0]);
        if (card) return move({ type: "play", card });
        break;
      }
      case "last":
        return show({ kind: "lastTrick" });
    }
    return refuse("core.malformedMove");
  },

  resultText: (view, outcome, names) =>
    [tm(withNames(outcome.summary, names)), ...matchLines(view, names)].join("\n"),
};
