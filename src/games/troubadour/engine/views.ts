import type { Card } from "../../../engine/core/cards.js";
import type { Outcome, PlayerId, Side } from "../../../engine/core/game.js";
import { activePlayer, boardOf, moveKey } from "./engine.js";
import { nobleUses, turnMoves } from "./legal.js";
import {
  allNobles,
  completeCastles,
  nobleRole,
  POWER_NOBLES,
  POWERS,
  shieldAgainst,
  trioHas,
} from "./rules.js";
import type {
  IdleNoble,
  NobleRole,
  Shield,
  TroubadourBoardView,
  TroubadourMove,
  TroubadourPrivateView,
  TroubadourPublicView,
  TroubadourState,
  VillageCardView,
} from "./types.js";

function copyCard(card: Card): Card {
  return { rank: card.rank, suit: card.suit };
}

function boardView(state: TroubadourState, player: PlayerId): TroubadourBoardView {
  const board = boardOf(state, player);
  const wasteTop = board.waste.at(-1);
  const pick = state.picks[player] ?? null;
  return {
    player,
    drawPileCount: board.drawPile.length,
    wasteCount: board.waste.length,
    wasteTop: wasteTop ? copyCard(wasteTop) : null,
    // Built field by field so a face-down card's value never reaches the view.
    villages: board.villages.map((v) =>
      v.map(
        (vc): VillageCardView => (vc.faceUp ? { faceUp: true, card: copyCard(vc.card) } : { faceUp: false }),
      ),
    ),
    castles: board.castles.map((c) => c.map(copyCard)),
    completeCastles: completeCastles(board),
    hasPicked: pick !== null,
    trio: state.phase === "pick" || pick === null ? null : pick.map(copyCard),
    noblesUsed: [...(state.noblesUsed[player] ?? [])],
  };
}

export function publicView(state: TroubadourState): TroubadourPublicView {
  const active = activePlayer(state);
  return {
    phase: state.phase,
    round: state.round,
    roundCap: state.roundCap,
    players: [...state.players],
    boards: state.players.map((p) => boardView(state, p)),
    order: [...state.order],
    active,
    dieRolls: Object.fromEntries(Object.entries(state.dieRolls).map(([p, rolls]) => [p, [...rolls]])),
    turn: active === null ? null : structuredClone(state.turn),
    winner: state.winner,
    endReason: state.endReason,
  };
}

/** The ♦ nobles of every revealed trio, by seat and then by attack (none before the reveal). */
function shields(state: TroubadourState): Shield[] {
  if (state.phase === "pick") return [];
  return state.players.flatMap((player) =>
    POWERS.flatMap((against) => {
      const noble = shieldAgainst(state.picks[player] ?? null, against);
      return noble ? [{ player, noble, against }] : [];
    }),
  );
}

/** The kings in `player`'s trio without the rest of their combination (♠K without ♠J and ♠Q, ♥K without ♥Q). */
function idleNobles(state: TroubadourState, player: PlayerId): IdleNoble[] {
  const trio = state.phase === "play" ? (state.picks[player] ?? null) : null;
  return (trio ?? []).flatMap((noble) => {
    const role = nobleRole(noble);
    return role?.kind === "partner" && !trioHas(trio, POWER_NOBLES[role.power])
      ? [{ noble: copyCard(noble), needs: role.needs }]
      : [];
  });
}

export function privateView(state: TroubadourState, player: PlayerId): TroubadourPrivateView {
  const pick = state.picks[player] ?? null;
  const legal = turnMoves(state, player);
  return {
    ...publicView(state),
    viewer: player,
    nobles: allNobles(),
    pick: pick ? pick.map(copyCard) : null,
    turnMoves: legal,
    nobleUses: nobleUses(state, player, legal),
    shields: shields(state),
    idleNobles: idleNobles(state, player),
  };
}

/** Win for whoever completed four castles (everyone else loses); a draw at the round cap. Score: castle cards. */
export function outcome(state: TroubadourState): Outcome | null {
  if (state.phase !== "over") return null;
  const results: Outcome["results"] = {};
  for (const p of state.players) {
    const score = boardOf(state, p).castles.reduce((n, c) => n + c.length, 0);
    const result = state.winner === null ? "draw" : state.winner === p ? "win" : "loss";
    results[p] = { result, score };
  }
  return {
    results,
    summary:
      state.winner === null
        ? { key: "troubadour.summary.roundCap", params: { rounds: state.round } }
        : { key: "troubadour.summary.won", params: { player: state.winner } },
    score: state.round,
  };
}

/**
 * Once the game is over, its sides for the players' ratings: each player for themselves, the one
 * who completed four castles first and everyone else sharing second; at the round cap all share first.
 */
export function sides(state: TroubadourState): Side[] | null {
  if (state.phase !== "over") return null;
  return state.players.map((p) => ({
    players: [p],
    place: state.winner === null || state.winner === p ? 1 : 2,
  }));
}

// ---- View queries: rule facts a panel asks of the view, so the UI never re-derives them ----

/** What each of the viewer's nobles does by itself, in the order of `view.nobles` (the pick menu's help). */
export function nobleRoles(view: Pick<TroubadourPrivateView, "nobles">): (NobleRole | null)[] {
  return view.nobles.map(nobleRole);
}

/** Whether `move` is one of the viewer's legal turn moves now (whatever order its fields are in). */
export function offersMove(view: Pick<TroubadourPrivateView, "turnMoves">, move: TroubadourMove): boolean {
  const key = moveKey(move);
  return view.turnMoves.some((m) => moveKey(m) === key);
}
