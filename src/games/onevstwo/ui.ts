import "./words/index.js";
import { altCards, fitAlt } from "../../bot/ui/alt.js";
import { buttonRow, buttonRows, selectRow } from "../../bot/ui/components.js";
import type { ButtonSpec, Row } from "../../bot/ui/controls.js";
import { nameOf, refuse, withNames } from "../../bot/ui/helpers.js";
import {
  type Codec,
  enumCodec,
  indexCodec,
  navRow,
  type PanelParts,
  panelPayload,
  tableViewOf,
  waitingPanel,
} from "../../bot/ui/kit.js";
import type { GameUi, Intent, Names, TableRef } from "../../bot/ui/types.js";
import { type Card, cardLabel, SUIT_SYMBOL, SUITS, type Suit, sameCard } from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import type { Words } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import {
  type Contract,
  type ContractTerms,
  type OnevstwoMove,
  type OnevstwoPrivateView,
  type OnevstwoPublicView,
  onevstwo,
  type Place,
  type PlayedCard,
} from "./engine/index.js";
import { onevstwoTable } from "./render/index.js";

/**
 * One versus Two's Discord side. The panel is stateless: the contract being put together travels
 * in the next components' custom_ids (tricks, trump), and a card travels as its place in the hand
 * the clicker plays from now (their own, or the open dummy): a custom_id never names a card.
 */

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

/** The hand the viewer plays from now: the open dummy when they play for it, else their own. */
function playedFrom(view: OnevstwoPrivateView): Card[] {
  return view.play?.from === "dummy" ? view.dummy : view.hand;
}

// ---- words ----

/** "10 tricks, ♠ trumps" — never "10♠", which would read as a card. */
export function contractText(contract: Pick<Contract, "tricks" | "trump">, words: Words): string {
  return contract.trump
    ? words.count("onevstwo.ui.contract.trump", contract.tricks, { suit: SUIT_SYMBOL[contract.trump] })
    : words.count("onevstwo.ui.contract.noTrump", contract.tricks);
}

/** A place's role in words ("left louse"); "player" when no place is to play. */
function roleWord(place: Exclude<Place, "dummy"> | null, words: Words): string {
  return words(`onevstwo.ui.role.${place ?? "player"}`);
}

/** Who sits at a place: the boss and the lice by name; the dummy's cards are the servant's with 4 players. */
function placePlayer(view: OnevstwoPublicView, place: Place): PlayerId | null {
  return place === "dummy" ? view.roles.servant : view.roles[place];
}

function placeLabel(view: OnevstwoPublicView, names: Names, place: Place, words: Words): string {
  if (place === "dummy")
    return view.roles.servant
      ? words("onevstwo.ui.place.dummyOf", { name: nameOf(names, view.roles.servant, words) })
      : words("onevstwo.ui.place.dummy");
  return `${nameOf(names, placePlayer(view, place), words)} (${roleWord(place, words)})`;
}

/** The viewer's role this game, in words. */
function roleOf(view: OnevstwoPublicView, player: PlayerId, words: Words): string {
  const { roles } = view;
  if (roles.boss === player) return words("onevstwo.ui.you.boss");
  if (roles.servant === player) return words("onevstwo.ui.you.servant");
  if (roles.left === player) return words("onevstwo.ui.you.left");
  if (roles.right === player) return words("onevstwo.ui.you.right");
  return words("onevstwo.ui.you.spectator");
}

function trickLine(
  view: OnevstwoPublicView,
  names: Names,
  cards: readonly PlayedCard[],
  words: Words,
): string {
  return cards
    .map((pc) => `${placeLabel(view, names, pc.place, words)} **${cardLabel(pc.card)}**`)
    .join(" · ");
}

/** "♠ A K 7 · ♥ Q 3 · ♦ — · ♣ 10 2" ("♥ V 3" in Dutch) */
function handLine(cards: readonly Card[], words: Words): string {
  return SUITS.map((suit) => {
    const ranks = cards.filter((c) => c.suit === suit).map((c) => words.rank(c.rank));
    return `${SUIT_SYMBOL[suit]} ${ranks.length > 0 ? ranks.join(" ") : "—"}`;
  }).join(" · ");
}

/**
 * The contract and the tricks of both sides: while it is open, how many more each side needs; once
 * made or failed, that (a side's need no longer counts then).
 */
function scoreLine(view: OnevstwoPublicView, words: Words): string {
  if (!view.contract || !view.tally) return words("onevstwo.ui.noContract");
  const { tally } = view;
  const counts = {
    contract: contractText(view.contract, words),
    boss: view.bossTricks,
    lice: view.liceTricks,
  };
  if (tally.made) return words("onevstwo.ui.score.made", counts);
  if (tally.beaten) return words("onevstwo.ui.score.failed", counts);
  return words("onevstwo.ui.score", {
    ...counts,
    more: tally.need - view.bossTricks,
    against: tally.against - view.liceTricks,
  });
}

/** The table's status line's part on the contract: settled, or what the boss's side still needs. */
function contractStatus(view: OnevstwoPublicView, words: Words): string {
  if (!view.contract || !view.tally) return words("onevstwo.ui.status.noContract");
  const counts = {
    contract: contractText(view.contract, words),
    boss: view.bossTricks,
    lice: view.liceTricks,
  };
  if (view.tally.made) return words("onevstwo.ui.status.made", counts);
  if (view.tally.beaten) return words("onevstwo.ui.status.failed", counts);
  return words("onevstwo.ui.status.contract", { ...counts, more: view.tally.need - view.bossTricks });
}

function gameLine(view: OnevstwoPublicView, names: Names, words: Words): string {
  return words("onevstwo.ui.gameLine", {
    game: view.gameNumber,
    games: view.games,
    round: view.round + 1,
    rounds: view.rounds,
    boss: nameOf(names, view.roles.boss, words),
  });
}

/** Who acts now, for the table and the waiting panels. */
function turnWords(view: OnevstwoPublicView, names: Names, words: Words): string {
  if (view.phase === "over") return words("onevstwo.ui.turn.over");
  const name = nameOf(names, view.actor, words);
  if (view.phase === "contract") return words("onevstwo.ui.turn.announce", { name });
  if (view.toPlay === "dummy") return words("onevstwo.ui.turn.dummy", { name });
  if (view.toPlay === null) return words("onevstwo.ui.turn.play", { name });
  return words("onevstwo.ui.turn.playAs", { name, role: roleWord(view.toPlay, words) });
}

/** What a made contract earns and what each trick short costs, for the boss choosing it. */
function stakes(terms: ContractTerms, words: Words): string {
  const params = { premium: terms.premium, tricks: terms.tricks, made: terms.made, short: terms.short };
  return words(terms.premium > 0 ? "onevstwo.ui.stakes.premium" : "onevstwo.ui.stakes", params);
}

// ---- the panel ----

function lastTrickLines(view: OnevstwoPublicView, names: Names, words: Words): string[] {
  const last = view.lastTrick;
  if (!last) return [words("onevstwo.ui.last.none")];
  const done = view.tricksPlayed;
  const params = {
    trick: done,
    cards: trickLine(view, names, last.cards, words),
    winner: placeLabel(view, names, last.winner, words),
  };
  return [words(done > 0 ? "onevstwo.ui.last" : "onevstwo.ui.last.noNumber", params)];
}

/** Refresh, plus Last trick (or, while it is shown, a Back that hides it). */
function nav(
  ref: TableRef,
  view: OnevstwoPublicView,
  selection: Sel | null,
  words: Words,
  back = false,
): Row {
  if (selection?.kind === "lastTrick") return navRow(ref, words, { back: words("onevstwo.ui.hideLast") });
  const extra: ButtonSpec[] = view.lastTrick
    ? [{ action: "last", label: words("onevstwo.ui.lastTrick") }]
    : [];
  return navRow(ref, words, { back, extra });
}

function contractPanel(
  ref: TableRef,
  view: OnevstwoPrivateView,
  names: Names,
  selection: Sel | null,
  words: Words,
): PanelParts {
  const tricks = selection?.kind === "tricks" || selection?.kind === "trump" ? selection.tricks : null;
  const trump = selection?.kind === "trump" ? selection.trump : undefined;
  const lines: string[] = [
    words("onevstwo.ui.announce.intro", { game: view.gameNumber, games: view.games }),
    words("onevstwo.ui.announce.steps"),
    words("onevstwo.ui.yourHand", { cards: handLine(view.hand, words) }),
    words("onevstwo.ui.dummyHand", { cards: handLine(view.dummy, words) }),
  ];
  const chosen = view.contracts.find((c) => c.tricks === tricks && c.trump === trump);
  if (chosen) {
    lines.push(
      words("onevstwo.ui.announce.choice", {
        contract: contractText(chosen, words),
        stakes: stakes(chosen, words),
      }),
    );
  } else if (tricks !== null) {
    lines.push(words.count("onevstwo.ui.announce.tricksChosen", tricks));
  }
  if (selection?.kind === "lastTrick") lines.push(...lastTrickLines(view, names, words));
  // One option per number of tricks: the contracts come listed by tricks, each with every trump.
  const options = view.contracts
    .filter((c, i) => view.contracts[i - 1]?.tricks !== c.tricks)
    .map((c) => ({
      value: TRICKS.encode(c.tricks),
      label: words.count("onevstwo.ui.tricksOption", c.tricks),
      description: words("onevstwo.ui.tricksOption.description", { need: c.against }),
      default: c.tricks === tricks,
    }));
  // A trump already chosen rides along, so changing the number of tricks keeps it.
  const kept = trump === undefined ? [] : [TRUMP.encode(trumpToken(trump))];
  const rows: Row[] = [selectRow(ref, "tricks", words("onevstwo.ui.tricksPlaceholder"), options, {}, kept)];
  rows.push(
    buttonRow(
      ref,
      TRUMP_TOKENS.map((token) => ({
        action: "trump",
        args: [TRICKS.encode(tricks ?? 1), TRUMP.encode(token)],
        label: token === "NT" ? words("onevstwo.ui.noTrumpButton") : SUIT_SYMBOL[token],
        style: trump !== undefined && trumpToken(trump) === token ? "primary" : "secondary",
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
          label: words("onevstwo.ui.confirm", { contract: contractText({ tricks, trump }, words) }),
          style: "success",
        },
      ]),
    );
  }
  rows.push(nav(ref, view, selection, words, tricks !== null));
  return { lines, rows };
}

function playPanel(
  ref: TableRef,
  view: OnevstwoPrivateView,
  names: Names,
  selection: Sel | null,
  words: Words,
): PanelParts {
  const play = view.play as NonNullable<OnevstwoPrivateView["play"]>;
  const forDummy = play.from === "dummy";
  const trickNo = view.tricksPlayed + 1;
  const led = view.trick[0]?.card.suit ?? null;
  const cards = handLine(forDummy ? view.dummy : view.hand, words);
  const lines = [
    words(forDummy ? "onevstwo.ui.play.dummy" : "onevstwo.ui.play.own"),
    view.trick.length === 0
      ? words(forDummy ? "onevstwo.ui.play.leadDummy" : "onevstwo.ui.play.lead", { trick: trickNo })
      : words(forDummy ? "onevstwo.ui.play.followDummy" : "onevstwo.ui.play.follow", {
          trick: trickNo,
          cards: trickLine(view, names, view.trick, words),
          suit: SUIT_SYMBOL[led as Suit],
        }),
    scoreLine(view, words),
    words(forDummy ? "onevstwo.ui.dummyHand" : "onevstwo.ui.yourHand", { cards }),
  ];
  if (forDummy && view.roles.servant === view.viewer)
    lines.push(words("onevstwo.ui.play.servant", { boss: nameOf(names, view.roles.boss, words) }));
  else if (forDummy && view.hand.length > 0)
    lines.push(words("onevstwo.ui.yourOwnHand", { cards: handLine(view.hand, words) }));
  if (play.winning.length > 0)
    lines.push(
      words("onevstwo.ui.play.winning", { cards: play.winning.map((c) => words.card(c)).join(" ") }),
    );
  if (selection?.kind === "lastTrick") lines.push(...lastTrickLines(view, names, words));
  return { lines, rows: [...cardRows(ref, view, words), nav(ref, view, selection, words)] };
}

/**
 * The hand the viewer plays from as buttons, in its order (by suit, high to low), so it reads at a
 * glance: the cards they may play now in blue (green when it would take the trick so far), the
 * others greyed out. A click plays the card.
 */
function cardRows(ref: TableRef, view: OnevstwoPrivateView, words: Words): Row[] {
  const play = view.play as NonNullable<OnevstwoPrivateView["play"]>;
  const from = playedFrom(view);
  const places = indexCodec(from.length);
  return buttonRows(
    ref,
    from.map((card, index) => {
      const legal = play.legal.some((c) => sameCard(c, card));
      const wins = play.winning.some((c) => sameCard(c, card));
      return {
        action: "card",
        args: [places.encode(index)],
        label: words.card(card),
        style: wins ? "success" : legal ? "primary" : "secondary",
        disabled: !legal,
      };
    }),
  );
}

function waitPanel(
  ref: TableRef,
  view: OnevstwoPrivateView,
  names: Names,
  selection: Sel | null,
  words: Words,
): PanelParts {
  const doing =
    view.phase === "contract"
      ? words("onevstwo.ui.wait.announce")
      : view.toPlay === "dummy"
        ? words("onevstwo.ui.wait.dummy")
        : words("onevstwo.ui.wait.play", { role: roleWord(view.toPlay, words) });
  const extra = [
    words("onevstwo.ui.wait.youAre", {
      game: gameLine(view, names, words),
      role: roleOf(view, view.viewer, words),
    }),
    ...(view.phase === "play" && view.trick.length > 0
      ? [
          words("onevstwo.ui.wait.trick", {
            trick: view.tricksPlayed + 1,
            cards: trickLine(view, names, view.trick, words),
          }),
        ]
      : []),
    scoreLine(view, words),
    ...(view.hand.length === 0
      ? []
      : view.roles.servant === view.viewer
        ? [words("onevstwo.ui.servantCards", { cards: handLine(view.hand, words) })]
        : [words("onevstwo.ui.yourHand", { cards: handLine(view.hand, words) })]),
    ...(selection?.kind === "lastTrick" ? lastTrickLines(view, names, words) : []),
  ];
  const parts = waitingPanel(ref, words, names, view.actor ? [view.actor] : [], doing, extra);
  return { ...parts, rows: [nav(ref, view, selection, words)] };
}

// ---- the match result ----

/** The engine's standings in names: per player (3) or per pair (4), best first. */
function standings(
  view: OnevstwoPublicView,
  names: Names,
  words: Words,
): { who: string; total: number; first: boolean }[] {
  return view.standings.map((s) => ({
    who: s.members.map((m) => nameOf(names, m, words)).join(" & "),
    total: s.total,
    first: s.first,
  }));
}

/** The match's winner (a pair wins as two: "Winners"), or the shared first place. */
function winnerLine(view: OnevstwoPublicView, names: Names, words: Words): string {
  const table = standings(view, names, words);
  const best = table[0]?.total ?? 0;
  const winners = table.filter((e) => e.first).map((e) => e.who);
  if (winners.length > 1)
    return words("onevstwo.ui.match.shared", { names: winners.join(", "), score: words.signed(best) });
  const key = view.pairs ? "onevstwo.ui.match.winners" : "onevstwo.ui.match.winner";
  return words(key, { name: winners[0] ?? words("kit.nobody"), score: words.signed(best) });
}

function totalsLine(view: OnevstwoPublicView, names: Names, words: Words): string {
  const totals = standings(view, names, words)
    .map((e) => `${e.who} ${words.signed(e.total)}`)
    .join(" · ");
  return words.count("onevstwo.ui.match.totals", view.sheet.length, { totals });
}

// ---- the pictures in words ----

/** The table in words: the game, whose turn, the contract and tricks, hands, dummy, trick, totals. */
function describeTable(view: OnevstwoPublicView, names: Names, words: Words): string[] {
  const places = (["boss", "left", "right"] as const).map((place) =>
    words.count("onevstwo.alt.place", view.cardsLeft[place], {
      place: placeLabel(view, names, place, words),
    }),
  );
  const dummy = words.count("onevstwo.alt.dummy", view.dummy.length, {
    place: placeLabel(view, names, "dummy", words),
    cards: altCards(view.dummy, words),
  });
  const trick =
    view.trick.length > 0
      ? [
          words("onevstwo.alt.trick", {
            trick: view.tricksPlayed + 1,
            cards: trickLine(view, names, view.trick, words),
          }),
        ]
      : view.lastTrick
        ? lastTrickLines(view, names, words)
        : [];
  const totals = standings(view, names, words).map((e) => `${e.who} ${words.signed(e.total)}`);
  return [
    words("game.onevstwo.title"),
    gameLine(view, names, words),
    turnWords(view, names, words),
    ...(view.phase === "over"
      ? [winnerLine(view, names, words), totalsLine(view, names, words)]
      : [scoreLine(view, words)]),
    ...trick,
    dummy,
    words("onevstwo.alt.places", { places: places.join("; ") }),
    ...(view.phase === "over"
      ? []
      : [words.count("onevstwo.ui.match.totals", view.sheet.length, { totals: totals.join(", ") })]),
  ];
}

/**
 * The panel's picture: the public table's own picture, in the viewer's language. The viewer's cards
 * live in the panel's lines and buttons: after a move the mover's panel and the new table cost one
 * picture.
 */
function panelPicture(view: OnevstwoPrivateView, names: Names, words: Words) {
  const table = tableViewOf(view, ["viewer", "hand", "canAnnounce", "contracts", "play"]);
  return picture(
    "onevstwo-panel",
    pictureJob(onevstwoTable, table, { names, locale: words.locale }),
    fitAlt(describeTable(table, names, words)),
  );
}

export const onevstwoUi: GameUi<OnevstwoPublicView, OnevstwoPrivateView, OnevstwoMove, Sel> = {
  gameType: "onevstwo",
  actions: ["tricks", "trump", "contract", "card", "last"],
  engine: onevstwo,

  tablePicture: (view, names, locale) => pictureJob(onevstwoTable, view, { names, locale }),
  describeTable,

  tableStatus(view, names, words) {
    const game = gameLine(view, names, words);
    if (view.phase === "over") return words("onevstwo.ui.status.over", { game });
    return `${game} · ${contractStatus(view, words)} · ${turnWords(view, names, words)}.`;
  },

  // When the dummy must play, the table pings whoever plays it (the engine's actor).
  waitingFor: (view) => (view.actor ? [view.actor] : []),

  tableActions: () => [],

  panel({ ref, view, names, selection, notice, words }) {
    let parts: PanelParts;
    if (view.phase === "over")
      parts = {
        lines: [words("onevstwo.ui.over"), winnerLine(view, names, words), totalsLine(view, names, words)],
        rows: [],
      };
    else if (view.canAnnounce) parts = contractPanel(ref, view, names, selection, words);
    else if (view.play && view.play.legal.length > 0) parts = playPanel(ref, view, names, selection, words);
    else parts = waitPanel(ref, view, names, selection, words);
    return panelPayload(notice, { ...parts, picture: panelPicture(view, names, words) });
  },

  interpret({ view, action, args, values }) {
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
        const from = playedFrom(view);
        const index = indexCodec(from.length).decode(args[0]);
        if (index === null || args.length > 1) break;
        return move({ type: "play", card: from[index] as Card });
      }
      case "last":
        return show({ kind: "lastTrick" });
    }
    return refuse("core.malformedMove");
  },

  // The summary already names the winner: the totals follow it, the winner is not said twice.
  resultText: (view, outcome, names, words) =>
    [words.message(withNames(outcome.summary, names)), totalsLine(view, names, words)].join("\n"),
};
