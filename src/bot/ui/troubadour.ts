import { ButtonStyle } from "discord.js";
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
import {
  type BuildSource,
  type BuildTarget,
  CASTLE_COUNT,
  isAttack,
  moveKey,
  type NoblePower,
  nobleRole,
  POWER_LABEL,
  POWERS,
  TRIO_SIZE,
  type TroubadourBoardView,
  type TroubadourMove,
  type TroubadourPrivateView,
  type TroubadourPublicView,
  troubadour,
  VILLAGE_COUNT,
} from "../../engine/games/troubadour/index.js";
import { t, tm } from "../../i18n/index.js";
import { picture, pictureJob } from "../../render/jobs.js";
import { withNames } from "../table.js";
import { type ButtonSpec, buttonRow, type Row, selectRow } from "./components.js";
import { nameOf, refuse, shortName } from "./helpers.js";
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
  waitingPanel,
} from "./kit.js";
import type { GameUi, Intent, Names, TableRef } from "./types.js";

/**
 * Troubadour's Discord side. The panel is stateless: a chosen build source or noble travels in
 * the next components' custom_ids as indexes and tokens ("w" waste, "v2n3" the top 3 cards of
 * village 3, "v1p0" the bottom card of village 2, "c" the castle), never as a card value. The
 * secret pick travels only as the values of the player's own multi-select.
 */

const PANEL_LABEL = "Nobles & moves";

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

function describeSource(board: TroubadourBoardView, from: BuildSource): string {
  if (from.kind === "waste")
    return board.wasteTop ? `${cardLabel(board.wasteTop)} from the waste` : "the waste top";
  const moved = (board.villages[from.village] ?? [])
    .slice(-from.count)
    .flatMap((vc) => (vc.faceUp ? [vc.card] : []));
  return `${from.count === 1 ? cards(moved) : `the run ${cards(moved)}`} from village ${from.village + 1}`;
}

function describeTarget(board: TroubadourBoardView, to: BuildTarget): string {
  if (to.kind === "castle") return "Castle";
  const top = board.villages[to.village]?.at(-1);
  return `Village ${to.village + 1}${top?.faceUp ? ` on ${cardLabel(top.card)}` : " (empty)"}`;
}

/** The castle and every village as buttons, enabled where a legal move goes. */
function targetButtons(board: TroubadourBoardView, legal: readonly BuildTarget[]): PickTarget<BuildTarget>[] {
  const all: BuildTarget[] = [
    { kind: "castle" },
    ...board.villages.map((_, village) => ({ kind: "village" as const, village })),
  ];
  const ok = new Set(legal.map(TARGET.encode));
  return all.map((to) => ({
    value: to,
    label: describeTarget(board, to),
    enabled: ok.has(TARGET.encode(to)),
  }));
}

/** What a power does, from its catalog text ("♠J: plunder one opponent village"). */
function powerHelp(power: NoblePower): string {
  return t(`troubadour.power.${power}`).split(": ")[1] ?? "";
}

/** What each noble in the trio means now: usable, used, or why not (the engine's own reason). */
function nobleLines(view: TroubadourPrivateView): string[] {
  const lines = view.nobleUses.map((use) => {
    const label = POWER_LABEL[use.power];
    // The engine's reason names the noble itself ("♠J has already been used this turn.").
    if (use.unavailable) return tm(use.unavailable);
    if (isAttack(use.power)) return `${label}: ready — ${powerHelp(use.power)}`;
    return use.moves.length > 0 ? `${label}: ready` : `${label}: nothing it can do right now`;
  });
  for (const shield of view.shields.filter((s) => s.player === view.viewer))
    lines.push(`${cardLabel(shield.noble)}: protects you against ${POWER_LABEL[shield.against]} all round`);
  for (const idle of view.idleNobles)
    lines.push(`${cardLabel(idle.noble)}: does nothing without ${idle.needs.map(cardLabel).join(" and ")}`);
  return lines;
}

/** The ♦ noble that shields `target` against `power`, from the engine's list. */
function shieldOf(view: TroubadourPrivateView, target: PlayerId, power: NoblePower): Card | null {
  return view.shields.find((s) => s.player === target && s.against === power)?.noble ?? null;
}

/** A noble as the catalog writes it in a power ("♠J"). */
const nobleName = (noble: Card) => `${SUIT_SYMBOL[noble.suit]}${rankLabel(noble.rank)}`;

/** What a noble does, for the pick menu, from the catalog's texts for its power (the engine says which). */
function nobleHelp(noble: Card): string {
  const role = nobleRole(noble);
  switch (role?.kind) {
    case "power":
      return powerHelp(role.power);
    case "shield":
      return t("troubadour.noble.shield", { power: POWER_LABEL[role.against] });
    case "partner":
      return t("troubadour.noble.partner", {
        nobles: role.needs.map(nobleName).join(" and "),
        power: powerHelp(role.power),
      });
    default:
      return "";
  }
}

function chosenSoFar(view: TroubadourPublicView, names: Names, separator: string): string {
  return view.boards.map((b) => `${nameOf(names, b.player)} ${b.hasPicked ? "✓" : "…"}`).join(separator);
}

function playersAfter(view: TroubadourPublicView, names: Names): string[] {
  return view.order.slice(view.order.indexOf(view.active ?? "") + 1).map((p) => nameOf(names, p));
}

// ---- the panel, phase by phase ----

function pickPanel(ref: TableRef, view: TroubadourPrivateView, names: Names): PanelParts {
  const lines = [
    `**Round ${view.round}: choose ${TRIO_SIZE} of your 12 nobles.** Nobody sees your choice until everyone has chosen; until then you may change it.`,
    view.pick
      ? `Your pick (only you see this): **${cards(view.pick)}**`
      : "You have not chosen yet. Pick exactly three below.",
    `Chosen so far: ${chosenSoFar(view, names, " · ")}`,
  ];
  const options = view.nobles.map((noble) => ({
    value: CARD.encode(noble),
    label: cardLabel(noble),
    description: nobleHelp(noble),
    default: view.pick?.some((p) => sameCard(p, noble)) ?? false,
  }));
  const placeholder = view.pick ? "Change your three nobles" : "Choose three nobles";
  return {
    lines,
    rows: [selectRow(ref, "pick", placeholder, options, { min: TRIO_SIZE, max: TRIO_SIZE }), navRow(ref)],
  };
}

function waiting(ref: TableRef, view: TroubadourPrivateView, names: Names): PanelParts {
  if (view.phase === "over") return { lines: ["This game is over."], rows: [] };
  const after = playersAfter(view, names);
  const trios = view.boards.map((b) => `${nameOf(names, b.player)}: ${b.trio ? cards(b.trio) : "—"}`);
  return waitingPanel(
    ref,
    names,
    view.active ? [view.active] : [],
    `to play round ${view.round}${after.length ? ` (then ${after.join(", ")})` : ""}`,
    [`Trios this round — ${trios.join(" · ")}`],
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
function buildRows(ref: TableRef, view: TroubadourPrivateView, chosen: BuildSource | null): Row[] {
  const board = boardOf(view, view.viewer);
  const bySource = new Map<string, Build[]>();
  for (const m of builds(view))
    bySource.set(SOURCE.encode(m.from), [...(bySource.get(SOURCE.encode(m.from)) ?? []), m]);
  const sources = [...bySource.values()]
    .map((ms) => (ms[0] as Build).from)
    .sort((a, b) => sourceRank(board, a) - sourceRank(board, b))
    .map((from) => ({
      value: from,
      label: describeSource(board, from),
      description: `can go to: ${(bySource.get(SOURCE.encode(from)) ?? []).map((m) => describeTarget(board, m.to)).join(", ")}`,
    }));
  const legal = chosen ? (bySource.get(SOURCE.encode(chosen)) ?? []).map((m) => m.to) : [];
  return pickerRows(ref, BUILD, {
    placeholder: "Build: choose a card (or run) to move",
    sources,
    chosen,
    targets: targetButtons(board, legal),
  });
}

/** The turn's main controls: draws, quick castle builds, the build select, the noble select. */
function turnPanel(ref: TableRef, view: TroubadourPrivateView): PanelParts {
  const board = boardOf(view, view.viewer);
  const turn = view.turn;
  const lines = [
    `**Your turn** — round ${view.round}, turn ${view.order.indexOf(view.viewer) + 1} of ${view.order.length}. Your trio: **${cards(view.pick ?? [])}**`,
    turn?.standardDrawDone
      ? `Standard draw made.${turn.extraDraws > 0 ? ` Extra cards left to turn: **${turn.extraDraws}**.` : ""}`
      : "Standard draw not made yet (it is optional).",
    `Waste: ${board.wasteTop ? `**${cardLabel(board.wasteTop)}** on top, ${board.wasteCount} cards` : "empty"} · draw pile ${board.drawPileCount}`,
  ];
  if (turn?.revealedAce) lines.push("The Ace ♥Q turned up may start a castle — only as your very next move.");
  lines.push(...nobleLines(view).map((line) => `• ${line}`));

  const offered = new Set(view.turnMoves.map(moveKey));
  const legal = (action: string) => offered.has(moveKey(SIMPLE[action] as TroubadourMove));
  const draws: ButtonSpec[] = [
    { action: "draw", label: "Draw a card", style: ButtonStyle.Primary },
    { action: "drawcj", label: "Draw with ♣J", style: ButtonStyle.Primary },
    {
      action: "extra",
      label: `Turn an extra card (${turn?.extraDraws ?? 0} left)`,
      style: ButtonStyle.Primary,
    },
    { action: "ace", label: "Start a castle with the Ace", style: ButtonStyle.Success },
  ].filter((b) => legal(b.action));
  const rows: Row[] = draws.length > 0 ? [buttonRow(ref, draws)] : [];
  const toCastle = builds(view).filter((m) => m.to.kind === "castle");
  if (toCastle.length > 0) {
    const buttons = toCastle.map((m) => ({
      action: "castle",
      args: [SOURCE.encode(m.from)],
      label: `${describeSource(board, m.from)} → castle`,
      style: ButtonStyle.Success,
    }));
    rows.push(buttonRow(ref, buttons));
  }
  rows.push(...buildRows(ref, view, null));
  const usable = view.nobleUses.filter(
    (use) => use.power !== "clubsJack" && !use.unavailable && (use.moves.length > 0 || isAttack(use.power)),
  );
  if (usable.length > 0) {
    const options = usable.map((use) => ({
      value: POWER.encode(use.power),
      label: POWER_LABEL[use.power],
      description: powerHelp(use.power),
    }));
    rows.push(selectRow(ref, "noble", "Use a noble", options));
  }
  rows.push(navRow(ref, { extra: [{ action: "end", label: "End turn", style: ButtonStyle.Danger }] }));
  return { lines, rows };
}

function buildStep(ref: TableRef, view: TroubadourPrivateView, from: BuildSource): PanelParts | null {
  if (!builds(view).some((m) => SOURCE.encode(m.from) === SOURCE.encode(from))) return null;
  return {
    lines: [`Move **${describeSource(boardOf(view, view.viewer), from)}** — where to?`],
    rows: [...buildRows(ref, view, from), navRow(ref, { back: true })],
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

/** The attack buttons: per opponent a row of villages or castles, or one 🛡 button when protected. */
function attackRows(ref: TableRef, view: TroubadourPrivateView, names: Names, power: NoblePower): Row[] {
  const seats = seatCodec(view.players);
  const moves = view.nobleUses.find((u) => u.power === power)?.moves ?? [];
  const action = ATTACK_ACTION[power] as string;
  return view.players
    .filter((p) => p !== view.viewer)
    .map((p) => {
      const seat = seats.encode(p);
      const shield = shieldOf(view, p, power);
      if (shield) {
        const label = `🛡 ${shortName(names, p, 16)} (protected by ${cardLabel(shield)})`;
        return buttonRow(ref, [{ action, args: action === "sq" ? [seat] : [seat, 0], label }]);
      }
      const who = shortName(names, p, 12);
      const { villages, castles } = boardOf(view, p);
      const spots: [string, number | null][] =
        power === "spadesQueen"
          ? [[`Take ${shortName(names, p, 16)}'s village tops`, null]]
          : power === "spadesJack"
            ? villages.map((v, i) => [`${who} village ${i + 1} (${v.length})`, i])
            : castles.map((c, i) => {
                const top = c.at(-1);
                return [
                  top
                    ? `${who} ${SUIT_SYMBOL[top.suit]} castle (${c.length})`
                    : `${who} castle ${i + 1} (empty)`,
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
            style: ok ? ButtonStyle.Danger : ButtonStyle.Secondary,
            disabled: !ok,
          };
        }),
      );
    });
}

const ATTACK_LINE: Partial<Record<NoblePower, string>> = {
  spadesJack: "Choose an opponent's village: all its cards are shuffled under their draw pile.",
  spadesQueen: "Take the top card of every village of one opponent; they are shuffled under their draw pile.",
  spadesTrio: "Choose an opponent's castle: all its cards are shuffled under their draw pile.",
};

/** One step per noble: its targets, from the engine's legal moves (protected opponents shown too). */
function nobleStep(
  ref: TableRef,
  view: TroubadourPrivateView,
  names: Names,
  power: NoblePower,
  spot: Spot | null,
): PanelParts | null {
  const use = view.nobleUses.find((u) => u.power === power);
  if (!use || use.unavailable) return null;
  const board = boardOf(view, view.viewer);
  const lines = [`**${t(`troubadour.power.${power}`)}**`];
  const rows: Row[] = [];
  if (isAttack(power)) {
    lines.push(ATTACK_LINE[power] as string);
    rows.push(...attackRows(ref, view, names, power));
  } else if (power === "heartsJack") {
    const moves = use.moves.filter((m) => m.type === "heartsJack");
    const spots = new Map(moves.map((m) => [SPOT.encode(m), { village: m.village, position: m.position }]));
    const card = (s: Spot) => board.villages[s.village]?.[s.position];
    const chosen = spot && spots.has(SPOT.encode(spot)) ? spot : null;
    const shown = chosen && card(chosen);
    lines.push(
      shown?.faceUp
        ? `Move **${cardLabel(shown.card)}** from inside village ${(chosen as Spot).village + 1} to:`
        : "Choose the face-up card inside a village to move (the cards above it stay where they are).",
    );
    rows.push(
      ...pickerRows(ref, HEARTS_JACK, {
        placeholder: "Card to move",
        sources: [...spots.values()].map((s) => {
          const vc = card(s);
          const above = (board.villages[s.village]?.length ?? 0) - s.position - 1;
          return {
            value: s,
            label: `${vc?.faceUp ? cardLabel(vc.card) : "?"} in village ${s.village + 1}`,
            description: `under ${above} card${above === 1 ? "" : "s"}`,
          };
        }),
        chosen,
        targets: targetButtons(
          board,
          moves.filter((m) => chosen && SPOT.encode(m) === SPOT.encode(chosen)).map((m) => m.to),
        ),
      }),
    );
  } else if (power === "heartsQueen") {
    lines.push(
      "Choose a face-down card to turn face up where it lies. An Ace may then start a castle at once.",
    );
    const options = use.moves
      .filter((m) => m.type === "heartsQueen")
      .map((m) => ({
        value: SPOT.encode(m),
        label: `Village ${m.village + 1}, card ${m.position + 1} of ${board.villages[m.village]?.length ?? 0} from the bottom`,
      }));
    rows.push(selectRow(ref, "hq", "Face-down card to turn up", options));
  } else if (power === "heartsQueenKing") {
    lines.push(
      "Name a card from your draw or waste pile: cards are turned until it lies on top of your waste. This replaces your standard draw.",
    );
    const nameable = use.moves.flatMap((m) => (m.type === "heartsQueenKing" ? [m.card] : []));
    for (const [suits, placeholder] of [
      ["SH", "Name a ♠ or ♥ card"],
      ["DC", "Name a ♦ or ♣ card"],
    ] as const) {
      const options = nameable
        .filter((c) => suits.includes(c.suit))
        .map((c) => ({ value: CARD.encode(c), label: cardLabel(c) }));
      if (options.length > 0) rows.push(selectRow(ref, "hqk", placeholder, options, {}, [suits]));
    }
  } else {
    return null;
  }
  rows.push(navRow(ref, { back: true }));
  return { lines, rows };
}

export const troubadourUi: GameUi<TroubadourPublicView, TroubadourPrivateView, TroubadourMove, Sel> = {
  gameType: "troubadour",
  title: "Troubadour",
  engine: troubadour,
  panelLabel: PANEL_LABEL,
  eventsAsLog: true,
  // A pick made in a panel opened before someone else picked still counts.
  unversionedActions: ["pick"],

  tablePicture: (view, names) => pictureJob("troubadour.table", view, names),

  tableStatus(view, names) {
    if (view.phase === "pick")
      return `round ${view.round}: everyone chooses 3 nobles in secret (${chosenSoFar(view, names, ", ")}). Press **${PANEL_LABEL}**.`;
    const after = playersAfter(view, names);
    return `round ${view.round}: ${nameOf(names, view.active)} to play${after.length ? `, then ${after.join(", ")}` : ""}.`;
  },

  waitingFor(view) {
    // During the pick the table waits for (and pings) only those who have not chosen yet.
    if (view.phase === "pick") return view.boards.filter((b) => !b.hasPicked).map((b) => b.player);
    return view.active ? [view.active] : [];
  },

  tableActions: () => [],

  panel({ ref, view, names, selection, notice }) {
    let parts: PanelParts | null = null;
    if (view.phase === "pick") parts = pickPanel(ref, view, names);
    else if (view.active !== view.viewer) parts = waiting(ref, view, names);
    else if (selection?.kind === "build") parts = buildStep(ref, view, selection.from);
    else if (selection?.kind === "noble")
      parts = nobleStep(ref, view, names, selection.power, selection.spot);
    parts ??= turnPanel(ref, view);
    return panelPayload(notice, {
      ...parts,
      picture: picture("troubadour-panel", pictureJob("troubadour.panel", view, names)),
    });
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

  resultText(view, outcome, names) {
    const castles = view.boards.map((b) => {
      const built = b.castles.reduce((n, c) => n + c.length, 0);
      return `${nameOf(names, b.player)}: ${b.completeCastles} complete castle${b.completeCastles === 1 ? "" : "s"}, ${built} castle cards`;
    });
    return [tm(withNames(outcome.summary, names)), castles.join(" · ")].join("\n");
  },
};
