import { type Card, cardLabel, SUIT_SYMBOL, type Suit, sameCard } from "../../../engine/core/cards.js";
import type { Message } from "../../../engine/core/errors.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { Robot, RobotChoice, RobotTurn } from "../../../engine/core/robot.js";
import { activePlayer, applyMove } from "./engine.js";
import { TRIOS, turnMoves } from "./legal.js";
import { buildingCards, CASTLE_TOP } from "./rules.js";
import type {
  BuildTarget,
  NoblePower,
  TroubadourBoard,
  TroubadourBoardView,
  TroubadourMove,
  TroubadourPrivateView,
  TroubadourState,
  VillageCardView,
} from "./types.js";
import { publicView } from "./views.js";

/**
 * Troubadour's robot: a castle-first builder that reads only its seat's private view.
 *
 * In a turn it always puts a card on a castle when one fits (that is the only progress that
 * wins), then makes the village moves that uncover something (a face-down card, a card a castle
 * wants, the waste's next card), and draws as much as its nobles allow. Its trio is scored from
 * its own board: ♥Q while face-down cards remain, ♥Q+K (fetch the exact card a castle needs) once
 * none do, the clubs for more cards, ♥J when a castle card is stuck inside a village, ♠J+Q+K when
 * an opponent's castle is worth tearing down and ♦K when its own castles are worth guarding.
 * `troubadourRobot` then weighs the best of those trios by playing the round out (see searchPick).
 */

type Turn = RobotTurn<TroubadourPrivateView, TroubadourMove>;
type Choice = RobotChoice<TroubadourMove>;

/** How many cards a castle still needs before `card` fits on it (0: it fits now). */
function distance(castles: readonly Card[][], card: Card): number {
  return card.rank - nextRank(castles, card.suit);
}

/** The rank the castle of `suit` takes next: an Ace when it is not started, beyond 10 when complete. */
function nextRank(castles: readonly Card[][], suit: Suit): number {
  const castle = castles.find((c) => c[0]?.suit === suit);
  return castle ? (castle.at(-1) as Card).rank + 1 : 1;
}

function fitsCastle(castles: readonly Card[][], card: Card): boolean {
  return distance(castles, card) === 0 && card.rank <= CASTLE_TOP;
}

/** The card a castle wants soon is worth keeping reachable: more the sooner it fits. */
function urgency(castles: readonly Card[][], card: Card): number {
  return Math.max(0, SOON - distance(castles, card));
}

/** Cards fewer than this many steps from their castle count as wanted soon. */
const SOON = 4;
/** What an empty village is worth: any card, or a whole run, may go there. */
const EMPTY_VILLAGE = 2.5;
/** What turning up one face-down village card is worth. */
const REVEAL = 5;

function faceUpCard(vc: VillageCardView | undefined): Card | null {
  return vc?.faceUp ? vc.card : null;
}

function faceDownCount(board: TroubadourBoardView): number {
  return board.villages.reduce((n, v) => n + v.filter((vc) => !vc.faceUp).length, 0);
}

function maxCastle(board: TroubadourBoardView): number {
  return Math.max(...board.castles.map((c) => c.length));
}

function ownBoard(view: TroubadourPrivateView): TroubadourBoardView {
  return view.boards.find((b) => b.player === view.viewer) as TroubadourBoardView;
}

function opponents(view: TroubadourPrivateView): TroubadourBoardView[] {
  return view.boards.filter((b) => b.player !== view.viewer);
}

/** The cards the castles take next (Aces of unstarted suits included) that lie in no village. */
function searchableCards(board: TroubadourBoardView): Card[] {
  const suits: Suit[] = ["S", "H", "D", "C"];
  const inVillage = (card: Card) =>
    board.villages.some((v) => v.some((vc) => vc.faceUp && sameCard(vc.card, card)));
  return suits
    .map((suit) => ({ rank: nextRank(board.castles, suit), suit }))
    .filter((card) => card.rank <= CASTLE_TOP && !inVillage(card));
}

/** A face-up card under the top of a village that a castle takes now: ♥J can reach it. */
function stuckCastleCard(board: TroubadourBoardView): boolean {
  return board.villages.some((v) =>
    v.slice(0, -1).some((vc) => vc.faceUp && fitsCastle(board.castles, vc.card)),
  );
}

// ---- The secret pick ----

interface TrioScore {
  value: number;
  /** The noble (or combination) that earns most of the value: the hint names it. */
  lead: string;
}

const has = (trio: readonly Card[], rank: number, suit: Suit) =>
  trio.some((c) => c.rank === rank && c.suit === suit);

/** What the pick weighs, read once from the robot's own board and the opponents' public boards. */
interface PickContext {
  faceDown: number;
  emptyVillage: boolean;
  /** ♥Q+K would have a castle card to name. */
  searchable: boolean;
  stuckCastleCard: boolean;
  ownMaxCastle: number;
  opponentMaxCastle: number;
}

function pickContext(view: TroubadourPrivateView): PickContext {
  const own = ownBoard(view);
  return {
    faceDown: faceDownCount(own),
    emptyVillage: own.villages.some((v) => v.length === 0),
    searchable: searchableCards(own).length > 0,
    stuckCastleCard: stuckCastleCard(own),
    ownMaxCastle: maxCastle(own),
    opponentMaxCastle: Math.max(...opponents(view).map(maxCastle)),
  };
}

/** What a trio is worth this round. */
function scoreTrio(ctx: PickContext, trio: readonly Card[]): TrioScore {
  const parts: [string, number][] = [];
  const canSearch = has(trio, 12, "H") && has(trio, 13, "H") && ctx.faceDown === 0 && ctx.searchable;
  if (canSearch) parts.push(["search", 10]);
  else if (has(trio, 12, "H") && ctx.faceDown > 0) parts.push(["reveal", ctx.faceDown <= 3 ? 6 : 4]);
  if (has(trio, 12, "C")) parts.push(["draws", 3]);
  // ♣J rides on the standard draw, which ♥Q+K replaces; with an empty village its first card fits.
  if (has(trio, 11, "C")) parts.push(["draws", canSearch || ctx.emptyVillage ? 0.3 : 2.5]);
  // ♣K works only if an opponent chose ♣J or ♣Q, which the robot cannot know when it picks.
  if (has(trio, 13, "C")) parts.push(["draws", 2.6]);
  if (has(trio, 11, "H")) parts.push(["stuck", ctx.stuckCastleCard ? 6 : 0.8]);
  if (has(trio, 11, "S") && has(trio, 12, "S") && has(trio, 13, "S")) {
    parts.push(["attack", 1.2 * ctx.opponentMaxCastle]);
  } else {
    if (has(trio, 11, "S")) parts.push(["raid", 0.6]);
    if (has(trio, 12, "S")) parts.push(["raid", 0.6]);
  }
  if (has(trio, 13, "D")) parts.push(["guard", 0.35 * ctx.ownMaxCastle]);
  if (has(trio, 11, "D") || has(trio, 12, "D")) parts.push(["shield", 0.2]);
  const value = parts.reduce((n, [, v]) => n + v, 0);
  const lead = parts.reduce<[string, number]>(
    (best, part) => (part[1] > best[1] ? part : best),
    ["draws", 0],
  );
  return { value, lead: lead[0] };
}

function choosePick(turn: Turn): Choice | null {
  const { view } = turn;
  // A pick made stands. While the robot's is in, the pick phase waits on someone else's choice, so
  // answering (even when told to act) would only repeat the same pick and keep them waiting.
  if (view.pick) return null;
  const ctx = pickContext(view);
  let best: { trio: Card[]; score: TrioScore; value: number } | null = null;
  for (const trio of TRIOS) {
    const score = scoreTrio(ctx, trio);
    // A small seeded jitter breaks ties, so the robot's trio is not a fixed function of the board.
    const value = score.value + turn.random() * 0.05;
    if (!best || value > best.value) best = { trio: [...trio], score, value };
  }
  const { trio, score } = best as { trio: Card[]; score: TrioScore };
  return {
    move: { type: "pickNobles", nobles: trio },
    reason: { key: `troubadour.robot.pick.${score.lead}`, params: { trio: trio.map(cardLabel).join(" ") } },
  };
}

// ---- A turn ----

interface Scored {
  move: TroubadourMove;
  value: number;
  reason: Message;
}

/** Order of business in a turn: castles first, the draw before the extra cards, ending last. */
const TIER = {
  castleAce: 1000,
  castle: 900,
  heartsJackCastle: 880,
  attackCastle: 800,
  village: 600,
  reveal: 550,
  search: 520,
  draw: 500,
  clubs: 480,
  extraDraw: 470,
  attack: 400,
  end: 0,
} as const;

/** Cost of covering a village's top card: how soon a castle wants it, or giving up an empty village. */
function coverCost(board: TroubadourBoardView, village: number): number {
  const top = board.villages[village]?.at(-1);
  if (!top) return EMPTY_VILLAGE;
  const card = faceUpCard(top);
  return card ? urgency(board.castles, card) : 0;
}

/** A village move's worth, or null when it gains nothing (such moves could go back and forth). */
function villageMove(board: TroubadourBoardView, move: TroubadourMove & { type: "build" }): Scored | null {
  const to = move.to as BuildTarget & { kind: "village" };
  const target = board.villages[to.village] ?? [];
  const params = { village: to.village + 1 };
  if (move.from.kind === "waste") {
    const card = board.wasteTop as Card;
    // The waste buries what it holds; a village top stays reachable, and the next waste card shows.
    const gain = 1 + urgency(board.castles, card) - coverCost(board, to.village);
    if (gain <= 0) return null;
    return {
      move,
      value: TIER.village + gain,
      reason: { key: "troubadour.robot.wasteToVillage", params: { ...params, card: cardLabel(card) } },
    };
  }
  const source = board.villages[move.from.village] ?? [];
  const rest = source.slice(0, source.length - move.from.count);
  const moved = faceUpCard(source[rest.length]) as Card;
  const exposed = rest.at(-1);
  let gain: number;
  let reason: Message;
  if (!exposed) {
    if (target.length === 0) return null;
    gain = EMPTY_VILLAGE;
    reason = { key: "troubadour.robot.emptyVillage", params: { ...params, card: cardLabel(moved) } };
  } else if (!exposed.faceUp) {
    gain = REVEAL;
    reason = { key: "troubadour.robot.uncover", params: { ...params, card: cardLabel(moved) } };
  } else if (fitsCastle(board.castles, exposed.card)) {
    gain = REVEAL;
    reason = {
      key: "troubadour.robot.free",
      params: { ...params, card: cardLabel(moved), freed: cardLabel(exposed.card) },
    };
  } else return null;
  gain -= coverCost(board, to.village);
  return gain > 0 ? { move, value: TIER.village + gain, reason } : null;
}

/** The harm a ♠ attack does: cards the target wants soon or has put in order, less what it uncovers. */
function attackHarm(view: TroubadourPrivateView, move: TroubadourMove): number {
  if (move.type !== "spadesJack" && move.type !== "spadesQueen") return 0;
  const board = view.boards.find((b) => b.player === move.target) as TroubadourBoardView;
  const worth = (vc: VillageCardView | undefined) => {
    const card = faceUpCard(vc);
    return card ? 1 + urgency(board.castles, card) : 0;
  };
  if (move.type === "spadesJack") {
    const village = board.villages[move.village] ?? [];
    const hidden = village.filter((vc) => !vc.faceUp).length;
    // Face-down cards taken away and an emptied village both help the target.
    return village.reduce((n, vc) => n + worth(vc), 0) - REVEAL * 0.3 * hidden - EMPTY_VILLAGE;
  }
  return board.villages.reduce((n, v) => {
    const uncovers = v.length >= 2 && !v[v.length - 2]?.faceUp;
    return n + worth(v.at(-1)) - (uncovers ? REVEAL * 0.3 : 0) - (v.length === 1 ? EMPTY_VILLAGE : 0);
  }, 0);
}

/** Smallest harm worth announcing an attack for. */
const ATTACK_THRESHOLD = 3;

/** The ♥Q+K name: a card a castle takes now, best when the cards after it wait on village tops. */
function searchValue(board: TroubadourBoardView, card: Card): number {
  if (!fitsCastle(board.castles, card)) return -1;
  const tops = board.villages.flatMap((v) => {
    const top = faceUpCard(v.at(-1));
    return top ? [top] : [];
  });
  let chain = 0;
  while (tops.some((t) => t.suit === card.suit && t.rank === card.rank + chain + 1)) chain++;
  return chain + (CASTLE_TOP - card.rank) / 100;
}

/** The face-down card ♥Q should turn: the one nearest a village top, which play reaches first. */
function revealValue(board: TroubadourBoardView, village: number, position: number): number {
  return position - (board.villages[village]?.length ?? 0) / 10;
}

function scoreMove(
  view: TroubadourPrivateView,
  board: TroubadourBoardView,
  move: TroubadourMove,
): Scored | null {
  const at = (value: number, key: string, params: Message["params"] = {}): Scored => ({
    move,
    value,
    reason: { key: `troubadour.robot.${key}`, params },
  });
  switch (move.type) {
    case "heartsQueenAce":
      return at(TIER.castleAce, "heartsQueenAce");
    case "build": {
      if (move.to.kind === "village") return villageMove(board, move);
      const card =
        move.from.kind === "waste"
          ? (board.wasteTop as Card)
          : (faceUpCard(board.villages[move.from.village]?.at(-1)) as Card);
      const params = { card: cardLabel(card), suit: SUIT_SYMBOL[card.suit] };
      const ace = card.rank === 1 ? "Ace" : "";
      return move.from.kind === "waste"
        ? at(TIER.castle, `castleFromWaste${ace}`, params)
        : at(TIER.castle, `castleFromVillage${ace}`, { ...params, village: move.from.village + 1 });
    }
    case "heartsJack": {
      if (move.to.kind !== "castle") return null;
      const card = faceUpCard(board.villages[move.village]?.[move.position]) as Card;
      return at(TIER.heartsJackCastle, "heartsJack", {
        card: cardLabel(card),
        village: move.village + 1,
        suit: SUIT_SYMBOL[card.suit],
      });
    }
    case "spadesTrio": {
      const target = view.boards.find((b) => b.player === move.target) as TroubadourBoardView;
      const castle = target.castles[move.castle] ?? [];
      return at(TIER.attackCastle + castle.length, "spadesTrio", {
        target: move.target,
        suit: SUIT_SYMBOL[(castle[0] as Card).suit],
        count: castle.length,
      });
    }
    case "spadesJack":
    case "spadesQueen": {
      const harm = attackHarm(view, move);
      if (harm < ATTACK_THRESHOLD) return null;
      return move.type === "spadesJack"
        ? at(TIER.attack + harm, "spadesJack", { target: move.target, village: move.village + 1 })
        : at(TIER.attack + harm, "spadesQueen", { target: move.target });
    }
    case "heartsQueen":
      return at(TIER.reveal + revealValue(board, move.village, move.position) / 100, "heartsQueen", {
        village: move.village + 1,
      });
    case "heartsQueenKing": {
      const value = searchValue(board, move.card);
      if (value < 0) return null;
      return at(TIER.search + value, "heartsQueenKing", {
        card: cardLabel(move.card),
        suit: SUIT_SYMBOL[move.card.suit],
      });
    }
    case "draw":
      return move.clubsJack ? at(TIER.draw + 1, "clubsJack") : at(TIER.draw, "draw");
    case "clubsQueen":
    case "clubsKing":
      return at(TIER.clubs, move.type);
    case "extraDraw":
      return at(TIER.extraDraw, "extraDraw", { count: view.turn?.extraDraws ?? 0 });
    case "endTurn":
      return at(TIER.end, "endTurn");
    case "pickNobles":
      return null;
  }
}

function chooseTurnMove(turn: Turn): Choice | null {
  const board = ownBoard(turn.view);
  let best: Scored | null = null;
  for (const move of turn.legal) {
    const scored = scoreMove(turn.view, board, move);
    if (scored && (!best || scored.value > best.value)) best = scored;
  }
  return best && { move: best.move, reason: best.reason };
}

/**
 * The castle-first builder with its trio scored by rules of thumb alone: the bench's "today's robot",
 * and the policy the search below plays its rounds out with and expects of the opponents.
 */
export const troubadourBaselineRobot: Robot<TroubadourPrivateView, TroubadourMove> = {
  choose(turn) {
    if (turn.legal.length === 0) return null;
    return turn.view.phase === "pick" ? choosePick(turn) : chooseTurnMove(turn);
  },
};

// ---- The trio by search ----

/** Trios the search weighs: the rules of thumb's best few, and the best with each guard or attack. */
const SEARCH_TRIOS = 6;
/** Deals of the hidden cards each trio is tried on (the same deals for every trio). */
const SEARCH_DEALS = 3;
/** What a face-down village card costs its owner at the end of a round: a card play cannot reach. */
const HIDDEN_COST = 0.25;

const shuffled = <T>(items: readonly T[], random: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/**
 * A board consistent with what the view shows of it: its castles, face-up village cards and waste
 * top where they are, the rest of its 40 building cards shuffled into the face-down village places,
 * the waste under its top and the draw pile.
 */
function dealBoard(view: TroubadourBoardView, random: () => number): TroubadourBoard {
  const shown = [
    ...view.castles.flat(),
    ...view.villages.flatMap((v) => v.flatMap((vc) => (vc.faceUp ? [vc.card] : []))),
    ...(view.wasteTop ? [view.wasteTop] : []),
  ];
  const unseen = shuffled(
    buildingCards().filter((c) => !shown.some((s) => sameCard(s, c))),
    random,
  );
  const villages = view.villages.map((v) =>
    v.map((vc) => ({ card: vc.faceUp ? { ...vc.card } : (unseen.pop() as Card), faceUp: vc.faceUp })),
  );
  const waste = unseen.splice(0, view.wasteCount - (view.wasteTop ? 1 : 0));
  if (view.wasteTop) waste.push({ ...view.wasteTop });
  return {
    drawPile: unseen,
    waste,
    villages,
    castles: view.castles.map((c) => c.map((card) => ({ ...card }))),
  };
}

/** A whole game consistent with the view, in the pick phase with nobody's trio chosen yet. */
export function dealGame(view: TroubadourPrivateView, random: () => number): TroubadourState {
  const boards: Record<PlayerId, TroubadourBoard> = {};
  const picks: Record<PlayerId, Card[] | null> = {};
  const noblesUsed: Record<PlayerId, NoblePower[]> = {};
  for (const board of view.boards) {
    boards[board.player] = dealBoard(board, random);
    picks[board.player] = null;
    noblesUsed[board.player] = [];
  }
  return {
    phase: "pick",
    rng: { s: Math.floor(random() * 2 ** 31) + 1 },
    players: [...view.players],
    round: view.round,
    roundCap: view.roundCap,
    boards,
    picks,
    order: [],
    turnIndex: 0,
    dieRolls: {},
    noblesUsed,
    turn: { standardDrawDone: false, extraDraws: 0, revealedAce: null },
    winner: null,
    endReason: null,
  };
}

/** What the baseline robot in `player`'s seat would see: the public boards are all its turn play reads. */
function seatView(state: TroubadourState, player: PlayerId): TroubadourPrivateView {
  return { ...publicView(state), viewer: player, pick: state.picks[player] ?? null } as TroubadourPrivateView;
}

/** Applies a move the engine lists as legal. */
function play(state: TroubadourState, player: PlayerId, move: TroubadourMove): TroubadourState {
  const result = applyMove(state, player, move);
  if (!result.ok) throw new Error(`troubadour search: illegal ${JSON.stringify(move)}`);
  return result.state;
}

/** Every turn of this round played out by the baseline robot. */
function playRound(state: TroubadourState, random: () => number): TroubadourState {
  let now = state;
  for (let moves = 0; now.phase === "play" && moves < 500; moves++) {
    const player = activePlayer(now) as PlayerId;
    const legal = turnMoves(now, player);
    const choice = chooseTurnMove({
      seat: player,
      view: seatView(now, player),
      legal,
      mustAct: true,
      random,
      hasTime: () => true,
    });
    now = play(now, player, choice?.move ?? { type: "endTurn" });
  }
  return now;
}

/** How far `player` stands ahead after the round: castle cards, less the cards still face down. */
function standing(state: TroubadourState, player: PlayerId): number {
  if (state.winner !== null) return state.winner === player ? 100 : -100;
  const worth = (p: PlayerId) => {
    const board = state.boards[p] as TroubadourBoard;
    const hidden = board.villages.reduce((n, v) => n + v.filter((vc) => !vc.faceUp).length, 0);
    return board.castles.reduce((n, c) => n + c.length, 0) - HIDDEN_COST * hidden;
  };
  return state.players.reduce(
    (sum, p) => sum + (p === player ? worth(p) : -worth(p) / (state.players.length - 1)),
    0,
  );
}

/** Every trio, best first by the rules of thumb. */
function rankedTrios(ctx: PickContext): (readonly Card[])[] {
  return TRIOS.map((trio) => ({ trio, value: scoreTrio(ctx, trio).value }))
    .sort((a, b) => b.value - a.value)
    .map((r) => r.trio);
}

/** The trios worth trying: the rules of thumb's best, and the best that guards or tears down a castle. */
function searchTrios(ctx: PickContext): Card[][] {
  const ranked = rankedTrios(ctx);
  const chosen = ranked.slice(0, SEARCH_TRIOS);
  for (const wanted of [
    (t: readonly Card[]) => has(t, 13, "D"),
    (t: readonly Card[]) => has(t, 11, "S") && has(t, 12, "S") && has(t, 13, "S"),
  ]) {
    const best = ranked.find(wanted);
    if (best && !chosen.includes(best)) chosen.push(best);
  }
  return chosen.map((t) => [...t]);
}

/**
 * What an opponent may pick, one guess per deal in turn: what the rules of thumb would pick from the
 * public boards, the castle attack ♠J+Q+K, or their best trio guarding with ♦K. The robot cannot see
 * the pick, and a player expecting only the first would never guard against the other two.
 */
function opponentTrio(turn: Turn, dealt: TroubadourState, player: PlayerId, deal: number): Card[] {
  const view = { ...seatView(dealt, player), pick: null };
  const guess = deal % 3;
  if (guess === 1) return [11, 12, 13].map((rank) => ({ rank, suit: "S" as Suit }));
  if (guess === 2)
    return [...(rankedTrios(pickContext(view)).find((t) => has(t, 13, "D")) as readonly Card[])];
  const move = choosePick({ ...turn, seat: player, view })?.move;
  return move?.type === "pickNobles" ? move.nobles : [...(TRIOS[0] as readonly Card[])];
}

/**
 * The trio whose round, played out by the baseline robot on a few deals of the hidden cards against
 * the trios the opponents' rules of thumb would pick from the public boards, leaves the robot furthest
 * ahead on average. The first choice of the rules of thumb stands when time allows no deal.
 */
function searchPick(turn: Turn): Choice | null {
  const { view } = turn;
  if (view.pick) return null;
  const candidates = searchTrios(pickContext(view));
  const totals = candidates.map(() => 0);
  for (let deal = 0; deal < SEARCH_DEALS && turn.hasTime(); deal++) {
    const dealt = dealGame(view, turn.random);
    let picked = dealt;
    for (const player of view.players) {
      if (player === view.viewer) continue;
      picked = play(picked, player, { type: "pickNobles", nobles: opponentTrio(turn, dealt, player, deal) });
    }
    candidates.forEach((trio, i) => {
      const revealed = play(picked, view.viewer, { type: "pickNobles", nobles: trio });
      totals[i] = (totals[i] as number) + standing(playRound(revealed, turn.random), view.viewer);
    });
  }
  let best = 0;
  totals.forEach((total, i) => {
    if (total > (totals[best] as number)) best = i;
  });
  const trio = candidates[best] as Card[];
  const { lead } = scoreTrio(pickContext(view), trio);
  return {
    move: { type: "pickNobles", nobles: trio },
    reason: { key: `troubadour.robot.pick.${lead}`, params: { trio: trio.map(cardLabel).join(" ") } },
  };
}

/** The baseline's turn play, with the trio chosen by playing the round out over sampled deals. */
export const troubadourRobot: Robot<TroubadourPrivateView, TroubadourMove> = {
  choose(turn) {
    if (turn.legal.length === 0) return null;
    return turn.view.phase === "pick" ? searchPick(turn) : chooseTurnMove(turn);
  },
};
