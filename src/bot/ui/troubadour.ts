import { ButtonStyle } from "discord.js";
import {
  type Card,
  cardCode,
  cardLabel,
  parseCardCode,
  SUIT_SYMBOL,
  sameCard,
} from "../../engine/core/cards.js";
import type { PlayerId } from "../../engine/core/game.js";
import {
  type BuildSource,
  type BuildTarget,
  type NoblePower,
  type NobleUse,
  POWER_LABEL,
  powerError,
  type TroubadourBoardView,
  type TroubadourMove,
  type TroubadourPrivateView,
  type TroubadourPublicView,
  type TroubadourState,
  troubadour,
  VILLAGE_COUNT,
  type VillageCardView,
} from "../../engine/games/troubadour/index.js";
import { t, tm } from "../../i18n/index.js";
import { renderTroubadourPanel, renderTroubadourTable } from "../../render/troubadour.js";
import { withNames } from "../table.js";
import { type ButtonSpec, buttonRow, buttonRows, type Row, selectRow } from "./components.js";
import { indexArg, nameOf, refuse } from "./helpers.js";
import type { GameUi, Intent, Names } from "./types.js";

/**
 * Troubadour's Discord side. The panel is stateless: a chosen build source or noble travels in
 * the next components' custom_ids as indexes and tokens ("w" waste, "v2n3" the top 3 cards of
 * village 3, "v1p0" the bottom card of village 2, "c" the castle), never as a card value. The
 * secret pick travels only as the values of the player's own multi-select.
 */

const PANEL_LABEL = "Nobles & moves";
const TRIO = 3;

const malformed = (): Intent => refuse("core.malformedMove");

function move(m: TroubadourMove): Intent {
  return { kind: "move", move: m };
}

function cards(list: readonly Card[]): string {
  return list.map(cardLabel).join(" ");
}

function boardOf(view: TroubadourPublicView, player: PlayerId): TroubadourBoardView | undefined {
  return view.boards.find((b) => b.player === player);
}

function topOf(village: readonly VillageCardView[] | undefined): Card | null {
  const top = village?.at(-1);
  return top?.faceUp ? top.card : null;
}

// ---- tokens: where things are, as custom_id arguments and select values ----

function sourceToken(from: BuildSource): string {
  return from.kind === "waste" ? "w" : `v${from.village}n${from.count}`;
}

function parseSource(token: string | undefined): BuildSource | null {
  if (token === "w") return { kind: "waste" };
  const m = /^v(\d)n(\d{1,2})$/.exec(token ?? "");
  if (!m) return null;
  const village = Number(m[1]);
  const count = Number(m[2]);
  return village < VILLAGE_COUNT && count >= 1 ? { kind: "village", village, count } : null;
}

function targetToken(to: BuildTarget): string {
  return to.kind === "castle" ? "c" : `v${to.village}`;
}

function parseTarget(token: string | undefined): BuildTarget | null {
  if (token === "c") return { kind: "castle" };
  const m = /^v(\d)$/.exec(token ?? "");
  return m && Number(m[1]) < VILLAGE_COUNT ? { kind: "village", village: Number(m[1]) } : null;
}

function spotToken(village: number, position: number): string {
  return `v${village}p${position}`;
}

function parseSpot(token: string | undefined): { village: number; position: number } | null {
  const m = /^v(\d)p(\d{1,2})$/.exec(token ?? "");
  return m && Number(m[1]) < VILLAGE_COUNT ? { village: Number(m[1]), position: Number(m[2]) } : null;
}

// ---- describing things to the player ----

function describeSource(board: TroubadourBoardView, from: BuildSource): string {
  if (from.kind === "waste")
    return board.wasteTop ? `${cardLabel(board.wasteTop)} from the waste` : "the waste top";
  const village = board.villages[from.village] ?? [];
  const moved = village.slice(-from.count).flatMap((vc) => (vc.faceUp ? [vc.card] : []));
  const what = from.count === 1 ? cards(moved) : `the run ${cards(moved)}`;
  return `${what} from village ${from.village + 1}`;
}

function describeTarget(board: TroubadourBoardView, to: BuildTarget): string {
  if (to.kind === "castle") return "Castle";
  const top = topOf(board.villages[to.village]);
  return `Village ${to.village + 1}${top ? ` on ${cardLabel(top)}` : " (empty)"}`;
}

/** What each noble in the trio means now: usable, used, or why not (the engine's own reason). */
function nobleLines(view: TroubadourPrivateView, state: TroubadourState): string[] {
  const trio = view.pick ?? [];
  const lines = view.nobleUses.map((use) => {
    const label = POWER_LABEL[use.power];
    if (use.unavailable) {
      // The engine's reason names the noble itself ("♠J has already been used this turn.").
      const err = powerError(state, view.viewer, use.power);
      return err ? tm(err) : `${label}: ${t(use.unavailable)}`;
    }
    if (isAttack(use.power)) return `${label}: ready — ${t(`troubadour.power.${use.power}`).split(": ")[1]}`;
    return use.moves.length > 0 ? `${label}: ready` : `${label}: nothing it can do right now`;
  });
  const has = (code: string) => trio.some((c) => cardCode(c) === code);
  for (const [code, attack] of [
    ["JD", "♠J"],
    ["QD", "♠Q"],
    ["KD", "♠J+Q+K"],
  ] as const) {
    if (has(code))
      lines.push(`${cardLabel(parseCardCode(code) as Card)}: protects you against ${attack} all round`);
  }
  if (has("KS") && !(has("JS") && has("QS"))) lines.push("K♠: does nothing without J♠ and Q♠");
  if (has("KH") && !has("QH")) lines.push("K♥: does nothing without Q♥");
  return lines;
}

const ATTACKS: readonly NoblePower[] = ["spadesJack", "spadesQueen", "spadesTrio"];

function isAttack(power: NoblePower): boolean {
  return ATTACKS.includes(power);
}

/** The ♦ noble that shields against each attack (shown on buttons; the engine decides). */
const SHIELD: Partial<Record<NoblePower, Card>> = {
  spadesJack: { rank: 11, suit: "D" },
  spadesQueen: { rank: 12, suit: "D" },
  spadesTrio: { rank: 13, suit: "D" },
};

function shieldOf(view: TroubadourPublicView, target: PlayerId, power: NoblePower): Card | null {
  const shield = SHIELD[power];
  const trio = boardOf(view, target)?.trio ?? [];
  return shield && trio.some((c) => sameCard(c, shield)) ? shield : null;
}

/** Short names for buttons (Discord cuts labels at 80 characters; rows of five want less). */
function shortName(names: Names, id: PlayerId, max = 16): string {
  const name = nameOf(names, id);
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

/** What each noble does, for the pick menu. */
const POWER_HELP: Record<string, string> = {
  JS: "plunder one opponent village",
  QS: "take the top card of each opponent village",
  KS: "with ♠J and ♠Q, tear down an opponent castle",
  JD: "protects you against ♠J",
  QD: "protects you against ♠Q",
  KD: "protects you against ♠J+Q+K",
  JC: "keep turning with the draw until a card fits",
  QC: "turn 2 extra cards after the draw",
  KC: "3 extra cards if an opponent chose ♣J or ♣Q",
  JH: "move a face-up card from inside a village",
  QH: "turn a face-down village card face up",
  KH: "with ♥Q, search your piles for a named card",
};

// ---- the panel, phase by phase ----

function pickPanel(view: TroubadourPrivateView, names: Names, gameId: number, version: number) {
  const lines = [
    `**Round ${view.round}: choose ${TRIO} of your 12 nobles.** Nobody sees your choice until everyone has chosen; until then you may change it.`,
    view.pick
      ? `Your pick (only you see this): **${cards(view.pick)}**`
      : "You have not chosen yet. Pick exactly three below.",
    `Chosen so far: ${view.boards.map((b) => `${nameOf(names, b.player)} ${b.hasPicked ? "✓" : "…"}`).join(" · ")}`,
  ];
  const rows: Row[] = [
    selectRow(
      gameId,
      version,
      "pick",
      view.pick ? "Change your three nobles" : "Choose three nobles",
      view.nobles.map((noble) => ({
        value: cardCode(noble),
        label: cardLabel(noble),
        description: POWER_HELP[cardCode(noble)] ?? "",
        default: view.pick?.some((p) => sameCard(p, noble)) ?? false,
      })),
      { min: TRIO, max: TRIO },
    ),
    buttonRow(gameId, version, [{ action: "refresh", label: "Refresh" }]),
  ];
  return { lines, rows };
}

function waitingPanel(view: TroubadourPrivateView, names: Names, gameId: number, version: number) {
  const trios = view.boards
    .map((b) => `${nameOf(names, b.player)}: ${b.trio ? cards(b.trio) : "—"}`)
    .join(" · ");
  const after = view.order.slice(view.order.indexOf(view.active ?? "") + 1).map((p) => nameOf(names, p));
  const lines = [
    `Round ${view.round}: **${nameOf(names, view.active)}** is playing${after.length ? ` (then ${after.join(", ")})` : ""}.`,
    `Trios this round — ${trios}`,
  ];
  return { lines, rows: [buttonRow(gameId, version, [{ action: "refresh", label: "Refresh" }])] };
}

/** The turn's main controls: draws, quick castle builds, the build select, the noble select. */
function mainPanel(view: TroubadourPrivateView, state: TroubadourState, gameId: number, version: number) {
  const board = boardOf(view, view.viewer) as TroubadourBoardView;
  const legal = view.legalActions;
  const turn = view.turn;
  const lines = [
    `**Your turn** — round ${view.round}, turn ${view.order.indexOf(view.viewer) + 1} of ${view.order.length}. Your trio: **${cards(view.pick ?? [])}**`,
    turn?.standardDrawDone
      ? `Standard draw made.${turn.extraDraws > 0 ? ` Extra cards left to turn: **${turn.extraDraws}**.` : ""}`
      : "Standard draw not made yet (it is optional).",
    `Waste: ${board.wasteTop ? `**${cardLabel(board.wasteTop)}** on top, ${board.wasteCount} cards` : "empty"} · draw pile ${board.drawPileCount}`,
  ];
  if (turn?.revealedAce) lines.push("The Ace ♥Q turned up may start a castle — only as your very next move.");
  const nobles = nobleLines(view, state);
  lines.push(...nobles.map((line) => `• ${line}`));

  const rows: Row[] = [];
  const has = (f: (m: TroubadourMove) => boolean) => legal.some(f);
  const draws: ButtonSpec[] = [];
  if (has((m) => m.type === "draw" && !m.clubsJack))
    draws.push({ action: "draw", label: "Draw a card", style: ButtonStyle.Primary });
  if (has((m) => m.type === "draw" && m.clubsJack === true))
    draws.push({ action: "drawcj", label: "Draw with ♣J", style: ButtonStyle.Primary });
  if (has((m) => m.type === "extraDraw"))
    draws.push({
      action: "extra",
      label: `Turn an extra card (${turn?.extraDraws ?? 0} left)`,
      style: ButtonStyle.Primary,
    });
  if (has((m) => m.type === "heartsQueenAce"))
    draws.push({ action: "ace", label: "Start a castle with the Ace", style: ButtonStyle.Success });
  if (draws.length > 0) rows.push(buttonRow(gameId, version, draws));

  const builds = legal.filter((m): m is Extract<TroubadourMove, { type: "build" }> => m.type === "build");
  const toCastle = builds.filter((m) => m.to.kind === "castle");
  if (toCastle.length > 0) {
    rows.push(
      buttonRow(
        gameId,
        version,
        toCastle.slice(0, 5).map((m) => ({
          action: "castle",
          args: [sourceToken(m.from)],
          label: `${describeSource(board, m.from)} → castle`,
          style: ButtonStyle.Success,
        })),
      ),
    );
  }
  const sources = new Map<string, BuildSource>();
  for (const m of builds) sources.set(sourceToken(m.from), m.from);
  if (sources.size > 0) {
    // Single cards and whole runs first, so Discord's 25 options keep the likeliest moves.
    const ordered = [...sources.values()].sort((a, b) => sourceRank(board, a) - sourceRank(board, b));
    rows.push(
      selectRow(
        gameId,
        version,
        "src",
        "Build: choose a card (or run) to move",
        ordered.map((from) => ({
          value: sourceToken(from),
          label: describeSource(board, from),
          description: `can go to: ${builds
            .filter((m) => sourceToken(m.from) === sourceToken(from))
            .map((m) => describeTarget(board, m.to))
            .join(", ")}`,
        })),
      ),
    );
  }
  const usable = view.nobleUses.filter(
    (use) =>
      use.power !== "clubsJack" && use.unavailable === null && (use.moves.length > 0 || isAttack(use.power)),
  );
  if (usable.length > 0) {
    rows.push(
      selectRow(
        gameId,
        version,
        "noble",
        "Use a noble",
        usable.map((use) => ({
          value: use.power,
          label: POWER_LABEL[use.power],
          description: t(`troubadour.power.${use.power}`).split(": ")[1] ?? "",
        })),
      ),
    );
  }
  rows.push(
    buttonRow(gameId, version, [
      { action: "end", label: "End turn", style: ButtonStyle.Danger },
      { action: "refresh", label: "Refresh" },
    ]),
  );
  return { lines, rows };
}

/** Single cards first, then whole runs, then parts of runs. */
function sourceRank(board: TroubadourBoardView, from: BuildSource): number {
  if (from.kind === "waste" || from.count === 1) return 0;
  const faceUp = (board.villages[from.village] ?? []).filter((vc) => vc.faceUp).length;
  return from.count >= faceUp ? 1 : 2;
}

function buildStep(view: TroubadourPrivateView, token: string, gameId: number, version: number) {
  const board = boardOf(view, view.viewer) as TroubadourBoardView;
  const from = parseSource(token);
  const legal = view.legalActions.filter(
    (m): m is Extract<TroubadourMove, { type: "build" }> =>
      m.type === "build" && sourceToken(m.from) === token,
  );
  if (!from || legal.length === 0) return null;
  const targets: BuildTarget[] = [
    { kind: "castle" },
    ...board.villages.map((_, village): BuildTarget => ({ kind: "village", village })),
  ];
  const ok = new Set(legal.map((m) => targetToken(m.to)));
  const buttons: ButtonSpec[] = targets.map((to) => ({
    action: "build",
    args: [token, targetToken(to)],
    label: describeTarget(board, to),
    style: ok.has(targetToken(to)) ? ButtonStyle.Primary : ButtonStyle.Secondary,
    disabled: !ok.has(targetToken(to)),
  }));
  return {
    lines: [`Move **${describeSource(board, from)}** — where to?`],
    rows: [
      ...buttonRows(gameId, version, buttons),
      buttonRow(gameId, version, [{ action: "back", label: "Back" }]),
    ],
  };
}

/** One step per noble: its targets, from the engine's legal moves (protected opponents shown too). */
function nobleStep(
  view: TroubadourPrivateView,
  names: Names,
  power: NoblePower,
  extra: string | undefined,
  gameId: number,
  version: number,
) {
  const use = view.nobleUses.find((u) => u.power === power);
  if (!use || use.unavailable !== null) return null;
  const board = boardOf(view, view.viewer) as TroubadourBoardView;
  const back = buttonRow(gameId, version, [{ action: "back", label: "Back" }]);
  const lines = [`**${t(`troubadour.power.${power}`)}**`];
  const rows: Row[] = [];
  const opponents = view.players.filter((p) => p !== view.viewer);
  const seat = (p: PlayerId) => view.players.indexOf(p);
  const shieldButton = (p: PlayerId, action: string, args: (string | number)[]): ButtonSpec => ({
    action,
    args: [seat(p), ...args],
    label: `🛡 ${shortName(names, p)} (protected by ${cardLabel(shieldOf(view, p, power) as Card)})`,
  });
  switch (power) {
    case "spadesJack":
    case "spadesTrio": {
      const action = power === "spadesJack" ? "sj" : "st";
      lines.push(
        power === "spadesJack"
          ? "Choose an opponent's village: all its cards are shuffled under their draw pile."
          : "Choose an opponent's castle: all its cards are shuffled under their draw pile.",
      );
      for (const p of opponents) {
        if (shieldOf(view, p, power)) {
          rows.push(buttonRow(gameId, version, [shieldButton(p, action, [0])]));
          continue;
        }
        const target = boardOf(view, p) as TroubadourBoardView;
        const spots = power === "spadesJack" ? target.villages : target.castles;
        const buttons = spots.map((spot, i): ButtonSpec => {
          const legal = use.moves.some(
            (m) =>
              (m.type === "spadesJack" && m.target === p && m.village === i) ||
              (m.type === "spadesTrio" && m.target === p && m.castle === i),
          );
          const who = shortName(names, p, 12);
          const castleTop = power === "spadesTrio" ? (spot as Card[]).at(-1) : undefined;
          const label =
            power === "spadesJack"
              ? `${who} village ${i + 1} (${spot.length})`
              : castleTop
                ? `${who} ${SUIT_SYMBOL[castleTop.suit]} castle (${spot.length})`
                : `${who} castle ${i + 1} (empty)`;
          return {
            action,
            args: [seat(p), i],
            label,
            style: legal ? ButtonStyle.Danger : ButtonStyle.Secondary,
            disabled: !legal,
          };
        });
        rows.push(buttonRow(gameId, version, buttons));
      }
      break;
    }
    case "spadesQueen":
      lines.push(
        "Take the top card of every village of one opponent; they are shuffled under their draw pile.",
      );
      rows.push(
        buttonRow(
          gameId,
          version,
          opponents.map((p) =>
            shieldOf(view, p, power)
              ? shieldButton(p, "sq", [])
              : {
                  action: "sq",
                  args: [seat(p)],
                  label: `Take ${shortName(names, p)}'s village tops`,
                  style: ButtonStyle.Danger,
                  disabled: !use.moves.some((m) => m.type === "spadesQueen" && m.target === p),
                },
          ),
        ),
      );
      break;
    case "clubsQueen":
    case "clubsKing":
      return null;
    case "heartsJack": {
      const spot = parseSpot(extra);
      const moves = use.moves.filter(
        (m): m is Extract<TroubadourMove, { type: "heartsJack" }> => m.type === "heartsJack",
      );
      if (!spot) {
        const spots = new Map<string, { village: number; position: number }>();
        for (const m of moves) spots.set(spotToken(m.village, m.position), m);
        lines.push(
          "Choose the face-up card inside a village to move (the cards above it stay where they are).",
        );
        rows.push(
          selectRow(
            gameId,
            version,
            "hjc",
            "Card to move",
            [...spots.values()].map(({ village, position }) => {
              const vc = board.villages[village]?.[position];
              const above = (board.villages[village]?.length ?? 0) - position - 1;
              return {
                value: spotToken(village, position),
                label: `${vc?.faceUp ? cardLabel(vc.card) : "?"} in village ${village + 1}`,
                description: `under ${above} card${above === 1 ? "" : "s"}`,
              };
            }),
          ),
        );
        break;
      }
      const vc = board.villages[spot.village]?.[spot.position];
      const fitting = moves.filter((m) => m.village === spot.village && m.position === spot.position);
      if (!vc?.faceUp || fitting.length === 0) return null;
      lines.push(`Move **${cardLabel(vc.card)}** from inside village ${spot.village + 1} to:`);
      const ok = new Set(fitting.map((m) => targetToken(m.to)));
      const targets: BuildTarget[] = [
        { kind: "castle" },
        ...board.villages.map((_, village): BuildTarget => ({ kind: "village", village })),
      ];
      rows.push(
        ...buttonRows(
          gameId,
          version,
          targets.map((to) => ({
            action: "hj",
            args: [spotToken(spot.village, spot.position), targetToken(to)],
            label: describeTarget(board, to),
            style: ok.has(targetToken(to)) ? ButtonStyle.Primary : ButtonStyle.Secondary,
            disabled: !ok.has(targetToken(to)),
          })),
        ),
      );
      break;
    }
    case "heartsQueen":
      lines.push(
        "Choose a face-down card to turn face up where it lies. An Ace may then start a castle at once.",
      );
      rows.push(
        selectRow(
          gameId,
          version,
          "hq",
          "Face-down card to turn up",
          use.moves.flatMap((m) => {
            if (m.type !== "heartsQueen") return [];
            const size = board.villages[m.village]?.length ?? 0;
            return [
              {
                value: spotToken(m.village, m.position),
                label: `Village ${m.village + 1}, card ${m.position + 1} of ${size} from the bottom`,
              },
            ];
          }),
        ),
      );
      break;
    case "heartsQueenKing": {
      lines.push(
        "Name a card from your draw or waste pile: cards are turned until it lies on top of your waste. This replaces your standard draw.",
      );
      const nameable = use.moves.flatMap((m) => (m.type === "heartsQueenKing" ? [m.card] : []));
      for (const [suits, placeholder] of [
        [["S", "H"], "Name a ♠ or ♥ card"],
        [["D", "C"], "Name a ♦ or ♣ card"],
      ] as const) {
        const options = nameable
          .filter((c) => (suits as readonly string[]).includes(c.suit))
          .map((c) => ({ value: cardCode(c), label: cardLabel(c) }));
        if (options.length > 0)
          rows.push(selectRow(gameId, version, "hqk", placeholder, options, {}, [suits.join("")]));
      }
      break;
    }
    default:
      return null;
  }
  rows.push(back);
  return { lines, rows };
}

function nobleUse(view: TroubadourPrivateView, power: string): NobleUse | undefined {
  return view.nobleUses.find((u) => u.power === power);
}

// ---- rules ----

const RULES = [
  "**Troubadour** — 2 to 4 players, competitive. Build four castles before anyone else.",
  "• **Your cards:** each player has an own deck. Its J, Q, K are your 12 **nobles**; A–10 are building cards. You start with a face-down draw pile, an empty waste pile and **5 villages** (two cards face down, one face up on top). Up to **4 castles**.",
  "• **Each round** everyone secretly chooses **3 nobles** (press **Nobles & moves**). You may change your pick until the last player has chosen; then all trios are shown at once. Lowest noble plays first (♠ < ♦ < ♣ < ♥, J < Q < K; ties go to the second lowest, then the third). Identical trios: the bot rolls a die for each tied player, the whole group re-rolling on any tie; lowest roll starts.",
  "• **Your turn**, in any order: one optional **standard draw** (draw pile → waste; an empty draw pile is refilled by turning the waste over; with both empty there is nothing to draw). **Castles:** an Ace starts one (in the first free slot), then 2, 3 … 10 of that suit; a 10 completes it. **Villages:** put a card one lower and of the other colour on a village top; any card goes on an empty village. A run on top of a village may move as a unit (or its top part). Cards come from your waste top or a village top; a face-down card that becomes a top is turned up by itself.",
  "• **Nobles**, each once per turn: ♠J take one opponent village, ♠Q take the top card of each of their villages, ♠J+Q+K take one of their castles — the cards go shuffled under that player's draw pile (with 3–4 players each attack picks one opponent). ♦J / ♦Q / ♦K protect you all round, against everyone, from ♠J / ♠Q / ♠J+Q+K; an attack on a protected player or an empty target is refused and the noble stays unused. ♣J: declared with the standard draw, keep turning until a card fits somewhere (one full pass at most). ♣Q: 2 extra cards after the draw; ♣K: 3 more, only if an opponent chose ♣J or ♣Q; extra cards are turned one at a time (build in between if you like) and unused ones lapse when your turn ends. ♥J: move a face-up card from *under* a village's top onto a castle or another village top. ♥Q: turn one face-down village card up in place; an Ace turned up this way may start a castle only as your very next move. ♥Q+K: instead of the standard draw, when none of your own villages holds a face-down card, name a card in your draw or waste pile (not one already on top of the waste) and turn until it is on top. ♠J or ♠Q alone rules out ♠J+Q+K that turn and vice versa; ♥Q alone and ♥Q+K likewise. ♠K and ♥K do nothing alone.",
  "• **End your turn** with the button. The first to complete all four castles wins at once. After 200 rounds without a winner the game is a draw.",
  "Every noble use and attack is posted in the channel. Nobody — not even the bot's public messages — sees a pick before everyone has chosen.",
].join("\n");

export const troubadourUi: GameUi = {
  gameType: "troubadour",
  title: "Troubadour",
  engine: troubadour,
  panelLabel: PANEL_LABEL,
  rules: RULES,
  eventsAsLog: true,
  // A pick made in a panel opened before someone else picked still counts.
  unversionedActions: ["pick"],

  renderTable: (view, names) => renderTroubadourTable(view as TroubadourPublicView, names),

  tableStatus(raw, names) {
    const view = raw as TroubadourPublicView;
    if (view.phase === "pick") {
      const status = view.boards
        .map((b) => `${nameOf(names, b.player)} ${b.hasPicked ? "✓" : "…"}`)
        .join(", ");
      return `round ${view.round}: everyone chooses 3 nobles in secret (${status}). Press **${PANEL_LABEL}**.`;
    }
    const after = view.order.slice(view.order.indexOf(view.active ?? "") + 1).map((p) => nameOf(names, p));
    return `round ${view.round}: ${nameOf(names, view.active)} to play${after.length ? `, then ${after.join(", ")}` : ""}.`;
  },

  waitingFor(raw) {
    const view = raw as TroubadourPublicView;
    // During the pick the table waits for (and pings) only those who have not chosen yet.
    if (view.phase === "pick") return view.boards.filter((b) => !b.hasPicked).map((b) => b.player);
    return view.active ? [view.active] : [];
  },

  tableActions: () => [],

  panel({ game, userId, view: raw, names, selection, notice }) {
    const view = raw as TroubadourPrivateView;
    const state = game.state as TroubadourState;
    let built: { lines: string[]; rows: Row[] } | null = null;
    if (view.phase === "pick") built = pickPanel(view, names, game.id, game.version);
    else if (view.phase !== "play" || view.active !== userId)
      built = waitingPanel(view, names, game.id, game.version);
    else if (selection[0] === "b") built = buildStep(view, selection[1] ?? "", game.id, game.version);
    else if (selection[0] === "n" && nobleUse(view, selection[1] ?? ""))
      built = nobleStep(view, names, selection[1] as NoblePower, selection[2], game.id, game.version);
    built ??= mainPanel(view, state, game.id, game.version);
    const lines = notice ? [notice, ...built.lines] : built.lines;
    return {
      content: lines.join("\n").slice(0, 2000),
      files: [{ attachment: renderTroubadourPanel(view, names), name: "troubadour-panel.png" }],
      components: built.rows.slice(0, 5),
    };
  },

  interpret({ view: raw, action, args, values }) {
    const view = raw as TroubadourPrivateView;
    const seatArg = (i: number) => {
      const seat = indexArg(args[i], view.players.length);
      return seat === null ? null : (view.players[seat] as PlayerId);
    };
    switch (action) {
      case "pick": {
        const nobles = values.map(parseCardCode);
        if (nobles.length !== TRIO || nobles.some((n) => n === null))
          return refuse("troubadour.badPick", { count: TRIO });
        return move({ type: "pickNobles", nobles: nobles as Card[] });
      }
      case "refresh":
      case "back":
        return { kind: "panel", selection: [] };
      case "draw":
        return move({ type: "draw" });
      case "drawcj":
        return move({ type: "draw", clubsJack: true });
      case "extra":
        return move({ type: "extraDraw" });
      case "ace":
        return move({ type: "heartsQueenAce" });
      case "end":
        return move({ type: "endTurn" });
      case "castle": {
        const from = parseSource(args[0]);
        return from ? move({ type: "build", from, to: { kind: "castle" } }) : malformed();
      }
      case "src":
        return parseSource(values[0])
          ? { kind: "panel", selection: ["b", values[0] as string] }
          : malformed();
      case "build": {
        const from = parseSource(args[0]);
        const to = parseTarget(args[1]);
        return from && to ? move({ type: "build", from, to }) : malformed();
      }
      case "noble": {
        const power = values[0] ?? "";
        if (power === "clubsQueen" || power === "clubsKing") return move({ type: power });
        return nobleUse(view, power) ? { kind: "panel", selection: ["n", power] } : malformed();
      }
      case "sj":
      case "st": {
        const target = seatArg(0);
        const index = indexArg(args[1], action === "sj" ? VILLAGE_COUNT : 4);
        if (target === null || index === null) return malformed();
        return move(
          action === "sj"
            ? { type: "spadesJack", target, village: index }
            : { type: "spadesTrio", target, castle: index },
        );
      }
      case "sq": {
        const target = seatArg(0);
        return target === null ? malformed() : move({ type: "spadesQueen", target });
      }
      case "hjc":
        return parseSpot(values[0])
          ? { kind: "panel", selection: ["n", "heartsJack", values[0] as string] }
          : malformed();
      case "hj": {
        const spot = parseSpot(args[0]);
        const to = parseTarget(args[1]);
        return spot && to ? move({ type: "heartsJack", ...spot, to }) : malformed();
      }
      case "hq": {
        const spot = parseSpot(values[0]);
        return spot ? move({ type: "heartsQueen", ...spot }) : malformed();
      }
      case "hqk": {
        const card = parseCardCode(values[0] ?? "");
        return card ? move({ type: "heartsQueenKing", card }) : malformed();
      }
      default:
        return malformed();
    }
  },

  resultText(raw, outcome, names) {
    const view = raw as TroubadourPublicView;
    const castles = view.boards
      .map((b) => {
        const built = b.castles.reduce((n, c) => n + c.length, 0);
        return `${nameOf(names, b.player)}: ${b.completeCastles} complete castle${b.completeCastles === 1 ? "" : "s"}, ${built} castle cards`;
      })
      .join(" · ");
    return [tm(withNames(outcome.summary, names)), castles].join("\n");
  },
};
