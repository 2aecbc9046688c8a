import "./words/index.js";
import { fitAlt } from "../../bot/ui/alt.js";
import { buttonRow, selectRow } from "../../bot/ui/components.js";
import type { ButtonSpec, Row } from "../../bot/ui/controls.js";
import { nameOf, refuse, shortName, withNames } from "../../bot/ui/helpers.js";
import {
  type Codec,
  decodeAll,
  enumCodec,
  indexCodec,
  navRow,
  type PanelParts,
  type Picker,
  type PickTarget,
  panelPayload,
  pickerRows,
  readPick,
  seatCodec,
  tableViewOf,
  waitingPanel,
} from "../../bot/ui/kit.js";
import type { GameUi, Intent, Names, TableRef } from "../../bot/ui/types.js";
import {
  type Card,
  cardCode,
  cardLabel,
  parseCardCode,
  rankLabel,
  SUIT_SYMBOL,
  sameCard,
} from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import type { Words } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { describeTable, playersAfter } from "./alt.js";
import {
  type BuildSource,
  type BuildTarget,
  CASTLE_COUNT,
  type NoblePower,
  type NobleRole,
  POWER_LABEL,
  POWERS,
  TRIO_SIZE,
  type TroubadourBoardView,
  type TroubadourMove,
  type TroubadourPrivateView,
  type TroubadourPublicView,
  troubadour,
  VILLAGE_COUNT,
} from "./engine/index.js";
import { nobleRoles, offersMove } from "./engine/views.js";
import { troubadourTable } from "./render.js";

/**
 * Troubadour's Discord side. The panel is stateless: a chosen build source or noble travels in
 * the next components' custom_ids as indexes and tokens ("w" waste, "v2n3" the top 3 cards of
 * village 3, "v1p0" the bottom card of village 2, "c" the castle), never as a card value. The
 * secret pick travels only as the values of the player's own multi-select.
 */

type Spot = { village: number; position: number };
type Build = Extract<TroubadourMove, { type: "build" }>;

/** What the panel shows besides the turn's main controls: a chosen build source, or a noble's step. */
type Sel = { kind: "build"; from: BuildSource } | { kind: "noble"; power: NoblePower; spot: Spot | null };

type Intention = Intent<TroubadourMove, Sel>;

const move = (m: TroubadourMove): Intention => ({ kind: "move", move: m });
const show = (selection: Sel): Intention => ({ kind: "panel", selection });

// ---- codecs: where things are, as custom_id arguments and select values ----

/** The village number of a token's match, if it names one of the five villages. */
const villageOf = (m: RegExpExecArray | null) => (m && Number(m[1]) < VILLAGE_COUNT ? Number(m[1]) : null);

const SOURCE: Codec<BuildSource> = {
  encode: (from) => (from.kind === "waste" ? "w" : `v${from.village}n${from.count}`),
  decode(raw) {
    if (raw === "w") return { kind: "waste" };
    const m = /^v(\d)n([1-9]\d?)$/.exec(raw ?? "");
    const village = villageOf(m);
    return village === null ? null : { kind: "village", village, count: Number(m?.[2]) };
  },
};

const TARGET: Codec<BuildTarget> = {
  encode: (to) => (to.kind === "castle" ? "c" : `v${to.village}`),
  decode(raw) {
    if (raw === "c") return { kind: "castle" };
    const village = villageOf(/^v(\d)$/.exec(raw ?? ""));
    return village === null ? null : { kind: "village", village };
  },
};

const SPOT: Codec<Spot> = {
  encode: (s) => `v${s.village}p${s.position}`,
  decode(raw) {
    const m = /^v(\d)p(\d{1,2})$/.exec(raw ?? "");
    const village = villageOf(m);
    return village === null ? null : { village, position: Number(m?.[2]) };
  },
};

const CARD: Codec<Card> = { encode: cardCode, decode: (raw) => parseCardCode(raw ?? "") };
const POWER = enumCodec(POWERS);
const VILLAGE = indexCodec(VILLAGE_COUNT);
const CASTLE = indexCodec(CASTLE_COUNT);

/** Build: a card or run from the select, then a target button. */
const BUILD: Picker<BuildSource, BuildTarget> = {
  sourceAction: "src",
  targetAction: "build",
  source: SOURCE,
  target: TARGET,
};

/** ♥J: a face-up card inside a village from the select, then a target button. */
const HEARTS_JACK: Picker<Spot, BuildTarget> = {
  sourceAction: "hjc",
  targetAction: "hj",
  source: SPOT,
  target: TARGET,
};

/** Buttons that are a whole move by themselves. */
const SIMPLE: Record<string, TroubadourMove> = {
  draw: { type: "draw" },
  drawcj: { type: "draw", clubsJack: true },
  extra: { type: "extraDraw" },
  ace: { type: "heartsQueenAce" },
  end: { type: "endTurn" },
};

// ---- describing things to the player ----

function cards(list: readonly Card[]): string {
  return list.map(cardLabel).join(" ");
}

function boardOf(view: TroubadourPublicView, player: PlayerId): TroubadourBoardView {
  return view.boards.find((b) => b.player === player) as TroubadourBoardView;
}

function describeSource(board: TroubadourBoardView, from: BuildSource, words: Words): string {
  if (from.kind === "waste")
    return board.wasteTop
      ? words("troubadour.ui.source.waste", { card: cardLabel(board.wasteTop) })
      : words("troubadour.ui.source.wasteTop");
  const moved = (board.villages[from.village] ?? [])
    .slice(-from.count)
    .flatMap((vc) => (vc.faceUp ? [vc.card] : []));
  const params = { cards: cards(moved), village: from.village + 1 };
  return from.count === 1
    ? words("troubadour.ui.source.card", params)
    : words("troubadour.ui.source.run", params);
}

function describeTarget(board: TroubadourBoardView, to: BuildTarget, words: Words): string {
  if (to.kind === "castle") return words("troubadour.ui.target.castle");
  const top = board.villages[to.village]?.at(-1);
  const village = to.village + 1;
  return top?.faceUp
    ? words("troubadour.ui.target.villageOn", { village, card: cardLabel(top.card) })
    : words("troubadour.ui.target.villageEmpty", { village });
}

/** The castle and every village as buttons, enabled where a legal move goes. */
function targetButtons(
  board: TroubadourBoardView,
  legal: readonly BuildTarget[],
  words: Words,
): PickTarget<BuildTarget>[] {
  const all: BuildTarget[] = [
    { kind: "castle" },
    ...board.villages.map((_, village) => ({ kind: "village" as const, village })),
  ];
  const ok = new Set(legal.map(TARGET.encode));
  return all.map((to) => ({
    value: to,
    label: describeTarget(board, to, words),
    enabled: ok.has(TARGET.encode(to)),
  }));
}

/** What a power does, from its catalog text ("♠J: plunder one opponent village"). */
function powerHelp(power: NoblePower, words: Words): string {
  return words(`troubadour.power.${power}`).split(": ")[1] ?? "";
}

/** What each noble in the trio means now: usable, used, or why not (the engine's own reason). */
function nobleLines(view: TroubadourPrivateView, words: Words): string[] {
  const lines = view.nobleUses.map((use) => {
    const noble = POWER_LABEL[use.power];
    // The engine's reason names the noble itself ("♠J has already been used this turn.").
    if (use.unavailable) return words.message(use.unavailable);
    if (use.attack)
      return words("troubadour.ui.noble.readyAttack", { noble, help: powerHelp(use.power, words) });
    return words(use.moves.length > 0 ? "troubadour.ui.noble.ready" : "troubadour.ui.noble.idle", { noble });
  });
  for (const shield of view.shields.filter((s) => s.player === view.viewer))
    lines.push(
      words("troubadour.ui.noble.shield", {
        noble: cardLabel(shield.noble),
        power: POWER_LABEL[shield.against],
      }),
    );
  for (const idle of view.idleNobles)
    lines.push(
      words("troubadour.ui.noble.needs", {
        noble: cardLabel(idle.noble),
        nobles: words.list(idle.needs.map(cardLabel)),
      }),
    );
  return lines;
}

/** The ♦ noble that shields `target` against `power`, from the engine's list. */
function shieldOf(view: TroubadourPrivateView, target: PlayerId, power: NoblePower): Card | null {
  return view.shields.find((s) => s.player === target && s.against === power)?.noble ?? null;
}

/** A noble as the catalog writes it in a power ("♠J"). */
const nobleName = (noble: Card) => `${SUIT_SYMBOL[noble.suit]}${rankLabel(noble.rank)}`;

/** What a noble does, for the pick menu, from the catalog's texts for its power (the engine says which). */
function nobleHelp(role: NobleRole | null, words: Words): string {
  switch (role?.kind) {
    case "power":
      return powerHelp(role.power, words);
    case "shield":
      return words("troubadour.noble.shield", { power: POWER_LABEL[role.against] });
    case "partner":
      return words("troubadour.noble.partner", {
        nobles: words.list(role.needs.map(nobleName)),
        power: powerHelp(role.power, words),
      });
    default:
      return "";
  }
}

/** Who has chosen their nobles and who is still choosing, in plain words (never what they chose). */
function pickProgress(view: TroubadourPublicView, names: Names, words: Words): string {
  const who = (picked: boolean) =>
    words.list(view.boards.filter((b) => b.hasPicked === picked).map((b) => nameOf(names, b.player, words)));
  const waiting = who(false);
  return view.boards.some((b) => b.hasPicked)
    ? words("troubadour.ui.pickProgress", { chosen: who(true), waiting })
    : words("troubadour.ui.pickProgressNone", { waiting });
}

// ---- the panel, phase by phase ----

function pickPanel(ref: TableRef, view: TroubadourPrivateView, names: Names, words: Words): PanelParts {
  const lines = [
    words("troubadour.ui.pickIntro", { round: view.round, count: TRIO_SIZE, total: view.nobles.length }),
    view.pick
      ? words("troubadour.ui.yourPick", { cards: cards(view.pick) })
      : words("troubadour.ui.notChosen"),
    pickProgress(view, names, words),
  ];
  const roles = nobleRoles(view);
  const options = view.nobles.map((noble, i) => ({
    value: CARD.encode(noble),
    label: words.card(noble),
    description: nobleHelp(roles[i] ?? null, words),
    default: view.pick?.some((p) => sameCard(p, noble)) ?? false,
  }));
  const placeholder = words(view.pick ? "troubadour.ui.changePick" : "troubadour.ui.choosePick");
  return {
    lines,
    rows: [
      selectRow(ref, "pick", placeholder, options, { min: TRIO_SIZE, max: TRIO_SIZE }),
      navRow(ref, words),
    ],
  };
}

function waiting(ref: TableRef, view: TroubadourPrivateView, names: Names, words: Words): PanelParts {
  if (view.phase === "over") return { lines: [words("troubadour.ui.over")], rows: [] };
  const after = playersAfter(view, names, words);
  const trios = view.boards.map((b) => `${nameOf(names, b.player, words)}: ${b.trio ? cards(b.trio) : "—"}`);
  return waitingPanel(
    ref,
    words,
    names,
    view.active ? [view.active] : [],
    after.length
      ? words("troubadour.ui.waitingDoingThen", { round: view.round, after: after.join(", ") })
      : words("troubadour.ui.waitingDoing", { round: view.round }),
    [words("troubadour.ui.triosThisRound", { trios: trios.join(" · ") })],
  );
}

function builds(view: TroubadourPrivateView): Build[] {
  return view.turnMoves.filter((m) => m.type === "build");
}

/** Single cards first, then whole runs, then parts of runs (Discord's 25 options keep the likeliest). */
function sourceRank(board: TroubadourBoardView, from: BuildSource): number {
  if (from.kind === "waste" || from.count === 1) return 0;
  const faceUp = (board.villages[from.village] ?? []).filter((vc) => vc.faceUp).length;
  return from.count >= faceUp ? 1 : 2;
}

/** The build picker: the source select, and once a source is chosen its target buttons. */
function buildRows(
  ref: TableRef,
  view: TroubadourPrivateView,
  chosen: BuildSource | null,
  words: Words,
): Row[] {
  const board = boardOf(view, view.viewer);
  const bySource = new Map<string, Build[]>();
  for (const m of builds(view))
    bySource.set(SOURCE.encode(m.from), [...(bySource.get(SOURCE.encode(m.from)) ?? []), m]);
  const sources = [...bySource.values()]
    .map((ms) => (ms[0] as Build).from)
    .sort((a, b) => sourceRank(board, a) - sourceRank(board, b))
    .map((from) => ({
      value: from,
      label: describeSource(board, from, words),
      description: words("troubadour.ui.canGoTo", {
        targets: (bySource.get(SOURCE.encode(from)) ?? [])
          .map((m) => describeTarget(board, m.to, words))
          .join(", "),
      }),
    }));
  const legal = chosen ? (bySource.get(SOURCE.encode(chosen)) ?? []).map((m) => m.to) : [];
  return pickerRows(ref, BUILD, {
    placeholder: words("troubadour.ui.buildPlaceholder"),
    sources,
    chosen,
    targets: targetButtons(board, legal, words),
  });
}

/** The turn's main controls: draws, quick castle builds, the build select, the noble select. */
function turnPanel(ref: TableRef, view: TroubadourPrivateView, words: Words): PanelParts {
  const board = boardOf(view, view.viewer);
  const turn = view.turn;
  const drawPile = board.drawPileCount;
  const lines = [
    words("troubadour.ui.turn", {
      round: view.round,
      turn: view.order.indexOf(view.viewer) + 1,
      turns: view.order.length,
      trio: cards(view.pick ?? []),
    }),
    !turn?.standardDrawDone
      ? words("troubadour.ui.drawNotMade")
      : turn.extraDraws > 0
        ? words("troubadour.ui.drawMadeExtra", { count: turn.extraDraws })
        : words("troubadour.ui.drawMade"),
    board.wasteTop
      ? words.count("troubadour.ui.piles", board.wasteCount, { card: cardLabel(board.wasteTop), drawPile })
      : words("troubadour.ui.pilesEmpty", { drawPile }),
  ];
  if (turn?.revealedAce) lines.push(words("troubadour.ui.revealedAce"));
  lines.push(...nobleLines(view, words).map((line) => `• ${line}`));

  const legal = (action: string) => offersMove(view, SIMPLE[action] as TroubadourMove);
  const draws = (
    [
      { action: "draw", label: words("troubadour.ui.draw"), style: "primary" },
      { action: "drawcj", label: words("troubadour.ui.drawClubsJack"), style: "primary" },
      {
        action: "extra",
        label: words("troubadour.ui.extraDraw", { count: turn?.extraDraws ?? 0 }),
        style: "primary",
      },
      { action: "ace", label: words("troubadour.ui.aceCastle"), style: "success" },
    ] satisfies ButtonSpec[]
  ).filter((b) => legal(b.action));
  const rows: Row[] = draws.length > 0 ? [buttonRow(ref, draws)] : [];
  const toCastle = builds(view).filter((m) => m.to.kind === "castle");
  if (toCastle.length > 0) {
    const buttons: ButtonSpec[] = toCastle.map((m) => ({
      action: "castle",
      args: [SOURCE.encode(m.from)],
      label: words("troubadour.ui.toCastle", { source: describeSource(board, m.from, words) }),
      style: "success",
    }));
    rows.push(buttonRow(ref, buttons));
  }
  rows.push(...buildRows(ref, view, null, words));
  const usable = view.nobleUses.filter(
    (use) => use.power !== "clubsJack" && !use.unavailable && (use.moves.length > 0 || use.attack),
  );
  if (usable.length > 0) {
    const options = usable.map((use) => ({
      value: POWER.encode(use.power),
      label: POWER_LABEL[use.power],
      description: powerHelp(use.power, words),
    }));
    rows.push(selectRow(ref, "noble", words("troubadour.ui.useNoble"), options));
  }
  const end: ButtonSpec = { action: "end", label: words("troubadour.ui.endTurn"), style: "danger" };
  rows.push(navRow(ref, words, { extra: [end] }));
  return { lines, rows };
}

function buildStep(
  ref: TableRef,
  view: TroubadourPrivateView,
  from: BuildSource,
  words: Words,
): PanelParts | null {
  if (!builds(view).some((m) => SOURCE.encode(m.from) === SOURCE.encode(from))) return null;
  const source = describeSource(boardOf(view, view.viewer), from, words);
  return {
    lines: [words("troubadour.ui.whereTo", { source })],
    rows: [...buildRows(ref, view, from, words), navRow(ref, words, { back: true })],
  };
}

/** Each attack's action; ♠J and ♠J+Q+K also carry a village or castle index. */
const ATTACK_ACTION: Partial<Record<NoblePower, string>> = {
  spadesJack: "sj",
  spadesQueen: "sq",
  spadesTrio: "st",
};

/** The village or castle an attack targets (null for ♠Q, which takes every village top). */
function attackIndex(m: TroubadourMove): number | null {
  return m.type === "spadesJack" ? m.village : m.type === "spadesTrio" ? m.castle : null;
}

/**
 * The attack buttons: per opponent a row of villages or castles, or, when protected, one disabled
 * 🛡 button that says by which noble (the attack cannot be made, so it cannot be clicked).
 */
function attackRows(
  ref: TableRef,
  view: TroubadourPrivateView,
  names: Names,
  power: NoblePower,
  words: Words,
): Row[] {
  const seats = seatCodec(view.players);
  const moves = view.nobleUses.find((u) => u.power === power)?.moves ?? [];
  const action = ATTACK_ACTION[power] as string;
  return view.players
    .filter((p) => p !== view.viewer)
    .map((p) => {
      const seat = seats.encode(p);
      const shield = shieldOf(view, p, power);
      if (shield) {
        const label = words("troubadour.ui.protectedBy", {
          player: shortName(names, p, words, 16),
          noble: cardLabel(shield),
        });
        return buttonRow(ref, [
          { action, args: action === "sq" ? [seat] : [seat, 0], label, disabled: true },
        ]);
      }
      const player = shortName(names, p, words, 12);
      const { villages, castles } = boardOf(view, p);
      const spots: [string, number | null][] =
        power === "spadesQueen"
          ? [[words("troubadour.ui.takeTops", { player: shortName(names, p, words, 16) }), null]]
          : power === "spadesJack"
            ? villages.map((v, i) => [
                words("troubadour.ui.attackVillage", { player, village: i + 1, count: v.length }),
                i,
              ])
            : castles.map((c, i) => {
                const top = c.at(-1);
                return [
                  top
                    ? words("troubadour.ui.attackCastle", {
                        player,
                        suit: SUIT_SYMBOL[top.suit],
                        count: c.length,
                      })
                    : words("troubadour.ui.attackCastleEmpty", { player, castle: i + 1 }),
                  i,
                ];
              });
      return buttonRow(
        ref,
        spots.map(([label, i]): ButtonSpec => {
          const ok = moves.some((m) => "target" in m && m.target === p && attackIndex(m) === i);
          const args = i === null ? [seat] : [seat, (action === "sj" ? VILLAGE : CASTLE).encode(i)];
          return {
            action,
            args,
            label,
            style: ok ? "danger" : "secondary",
            disabled: !ok,
          };
        }),
      );
    });
}

/** One step per noble: its targets, from the engine's legal moves (protected opponents shown too). */
function nobleStep(
  ref: TableRef,
  view: TroubadourPrivateView,
  names: Names,
  power: NoblePower,
  spot: Spot | null,
  words: Words,
): PanelParts | null {
  const use = view.nobleUses.find((u) => u.power === power);
  if (!use || use.unavailable) return null;
  const board = boardOf(view, view.viewer);
  const lines = [`**${words(`troubadour.power.${power}`)}**`];
  const rows: Row[] = [];
  if (use.attack) {
    // The attacks: spadesJack, spadesQueen, spadesTrio.
    lines.push(words(`troubadour.ui.attack.${power}`));
    rows.push(...attackRows(ref, view, names, power, words));
  } else if (power === "heartsJack") {
    const moves = use.moves.filter((m) => m.type === "heartsJack");
    const spots = new Map(moves.map((m) => [SPOT.encode(m), { village: m.village, position: m.position }]));
    const card = (s: Spot) => board.villages[s.village]?.[s.position];
    const chosen = spot && spots.has(SPOT.encode(spot)) ? spot : null;
    const shown = chosen && card(chosen);
    lines.push(
      shown?.faceUp
        ? words("troubadour.ui.heartsJackMove", {
            card: cardLabel(shown.card),
            village: (chosen as Spot).village + 1,
          })
        : words("troubadour.ui.heartsJackChoose"),
    );
    rows.push(
      ...pickerRows(ref, HEARTS_JACK, {
        placeholder: words("troubadour.ui.heartsJackPlaceholder"),
        sources: [...spots.values()].map((s) => {
          const vc = card(s);
          const above = (board.villages[s.village]?.length ?? 0) - s.position - 1;
          return {
            value: s,
            label: words("troubadour.ui.inVillage", {
              card: vc?.faceUp ? cardLabel(vc.card) : "?",
              village: s.village + 1,
            }),
            description: words.count("troubadour.ui.under", above),
          };
        }),
        chosen,
        targets: targetButtons(
          board,
          moves.filter((m) => chosen && SPOT.encode(m) === SPOT.encode(chosen)).map((m) => m.to),
          words,
        ),
      }),
    );
  } else if (power === "heartsQueen") {
    lines.push(words("troubadour.ui.heartsQueenChoose"));
    const options = use.moves
      .filter((m) => m.type === "heartsQueen")
      .map((m) => ({
        value: SPOT.encode(m),
        label: words("troubadour.ui.heartsQueenSpot", {
          village: m.village + 1,
          position: m.position + 1,
          count: board.villages[m.village]?.length ?? 0,
        }),
      }));
    rows.push(selectRow(ref, "hq", words("troubadour.ui.heartsQueenPlaceholder"), options));
  } else if (power === "heartsQueenKing") {
    lines.push(words("troubadour.ui.searchChoose"));
    const nameable = use.moves.flatMap((m) => (m.type === "heartsQueenKing" ? [m.card] : []));
    for (const [suits, placeholder] of [
      ["SH", words("troubadour.ui.searchSpadesHearts")],
      ["DC", words("troubadour.ui.searchDiamondsClubs")],
    ] as const) {
      const options = nameable
        .filter((c) => suits.includes(c.suit))
        .map((c) => ({ value: CARD.encode(c), label: words.card(c) }));
      if (options.length > 0) rows.push(selectRow(ref, "hqk", placeholder, options, {}, [suits]));
    }
  } else {
    return null;
  }
  rows.push(navRow(ref, words, { back: true }));
  return { lines, rows };
}

/**
 * The panel's picture: the public table's own picture, in the viewer's language. The viewer's
 * nobles and secret pick live in the panel's lines and menu, never in a picture: after a move the
 * mover's panel and the new table cost one picture, and a pick or a step costs none.
 */
function panelPicture(view: TroubadourPrivateView, names: Names, words: Words) {
  const table = tableViewOf(view, [
    "viewer",
    "nobles",
    "pick",
    "turnMoves",
    "nobleUses",
    "shields",
    "idleNobles",
  ]);
  return picture(
    "troubadour-panel",
    pictureJob(troubadourTable, table, { names, locale: words.locale }),
    fitAlt(describeTable(table, names, words)),
  );
}

export const troubadourUi: GameUi<TroubadourPublicView, TroubadourPrivateView, TroubadourMove, Sel> = {
  gameType: "troubadour",
  actions: [
    "pick",
    BUILD.sourceAction,
    BUILD.targetAction,
    HEARTS_JACK.sourceAction,
    HEARTS_JACK.targetAction,
    ...Object.keys(SIMPLE),
    "castle",
    "noble",
    ...Object.values(ATTACK_ACTION),
    "hq",
    "hqk",
  ],
  engine: troubadour,
  eventsAsLog: true,
  // A pick made in a panel opened before someone else picked still counts.
  unversionedActions: ["pick"],

  tablePicture: (view, names, locale) => pictureJob(troubadourTable, view, { names, locale }),
  describeTable,

  tableStatus(view, names, words) {
    if (view.phase === "pick")
      return words("troubadour.ui.statusPick", {
        round: view.round,
        count: TRIO_SIZE,
        progress: pickProgress(view, names, words),
        button: words("game.troubadour.panelButton"),
      });
    const after = playersAfter(view, names, words);
    const params = { round: view.round, player: nameOf(names, view.active, words), after: after.join(", ") };
    return words(after.length ? "troubadour.ui.statusThen" : "troubadour.ui.status", params);
  },

  waitingFor(view) {
    // During the pick the table waits for (and pings) only those who have not chosen yet.
    if (view.phase === "pick") return view.boards.filter((b) => !b.hasPicked).map((b) => b.player);
    return view.active ? [view.active] : [];
  },

  tableActions: () => [],

  panel({ ref, view, names, selection, notice, words }) {
    let parts: PanelParts | null = null;
    if (view.phase === "pick") parts = pickPanel(ref, view, names, words);
    else if (view.active !== view.viewer) parts = waiting(ref, view, names, words);
    else if (selection?.kind === "build") parts = buildStep(ref, view, selection.from, words);
    else if (selection?.kind === "noble")
      parts = nobleStep(ref, view, names, selection.power, selection.spot, words);
    parts ??= turnPanel(ref, view, words);
    return panelPayload(notice, { ...parts, picture: panelPicture(view, names, words) });
  },

  interpret({ view, action, args, values }) {
    const build = readPick(BUILD, { action, args, values });
    if (build?.kind === "source") return show({ kind: "build", from: build.source });
    if (build?.kind === "pick") return move({ type: "build", from: build.source, to: build.target });
    const jack = readPick(HEARTS_JACK, { action, args, values });
    if (jack?.kind === "source") return show({ kind: "noble", power: "heartsJack", spot: jack.source });
    if (jack?.kind === "pick") return move({ type: "heartsJack", ...jack.source, to: jack.target });
    if (Object.hasOwn(SIMPLE, action)) return move(SIMPLE[action] as TroubadourMove);
    const target = seatCodec(view.players).decode(args[0]);
    switch (action) {
      case "pick": {
        const nobles = decodeAll(CARD, values);
        if (nobles?.length !== TRIO_SIZE) return refuse("troubadour.badPick", { count: TRIO_SIZE });
        return move({ type: "pickNobles", nobles });
      }
      case "castle": {
        const from = SOURCE.decode(args[0]);
        if (from) return move({ type: "build", from, to: { kind: "castle" } });
        break;
      }
      case "noble": {
        const power = POWER.decode(values[0]);
        if (power === "clubsQueen" || power === "clubsKing") return move({ type: power });
        if (power && view.nobleUses.some((u) => u.power === power))
          return show({ kind: "noble", power, spot: null });
        break;
      }
      case "sj": {
        const village = VILLAGE.decode(args[1]);
        if (target !== null && village !== null) return move({ type: "spadesJack", target, village });
        break;
      }
      case "st": {
        const castle = CASTLE.decode(args[1]);
        if (target !== null && castle !== null) return move({ type: "spadesTrio", target, castle });
        break;
      }
      case "sq":
        if (target !== null) return move({ type: "spadesQueen", target });
        break;
      case "hq": {
        const spot = SPOT.decode(values[0]);
        if (spot) return move({ type: "heartsQueen", ...spot });
        break;
      }
      case "hqk": {
        const card = CARD.decode(values[0]);
        if (card) return move({ type: "heartsQueenKing", card });
        break;
      }
    }
    return refuse("core.malformedMove");
  },

  resultText(view, outcome, names, words) {
    const castles = view.boards.map((b) => {
      const built = b.castles.reduce((n, c) => n + c.length, 0);
      return words.count("troubadour.ui.result", b.completeCastles, {
        player: nameOf(names, b.player, words),
        cards: words.count("troubadour.scoreUnit", built),
      });
    });
    return [words.message(withNames(outcome.summary, names)), castles.join(" · ")].join("\n");
  },
};
