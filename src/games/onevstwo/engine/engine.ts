import {
  type Card,
  cardLabel,
  isCard,
  SUIT_SYMBOL,
  SUITS,
  type Suit,
  standardDeck,
} from "../../../engine/core/cards.js";
import { RuleError } from "../../../engine/core/errors.js";
import {
  type ApplyResult,
  fail,
  type GameEvent,
  type GameOptions,
  ok,
  type PlayerId,
} from "../../../engine/core/game.js";
import { createRng, type RngState, shuffle } from "../../../engine/core/rng.js";
import { isRecord } from "../../../engine/core/shape.js";
import { trickWinner } from "../../../engine/core/tricks.js";
import {
  actorOf,
  CARDS_PER_STACK,
  contractScore,
  controllerOf,
  isBossSide,
  ledSuit,
  MAX_PLAYERS,
  MIN_PLAYERS,
  pairsOf,
  placeToPlay,
  roundsInMatch,
  stackOf,
  TRICKS_PER_GAME,
  totalsOf,
} from "./rules.js";
import {
  type GameRecordLine,
  type OnevstwoMove,
  type OnevstwoOptions,
  type OnevstwoState,
  PLACES,
  type Place,
  type PlayedCard,
} from "./types.js";

export const ONEVSTWO_ID = "onevstwo";

export function readOptions(options: GameOptions): OnevstwoOptions {
  return { shortMatch: options.shortMatch === true, autoplay: options.autoplay === true };
}

/** A new shuffle: four stacks of 13 (advances `rng` in place). */
export function dealStacks(rng: RngState): Card[][] {
  const deck = shuffle(rng, standardDeck());
  const stacks: Card[][] = [];
  for (let i = 0; i < 4; i++) stacks.push(deck.slice(i * CARDS_PER_STACK, (i + 1) * CARDS_PER_STACK));
  return stacks;
}

export function setupGame(players: readonly PlayerId[], options: GameOptions, seed: number): OnevstwoState {
  if (
    players.length < MIN_PLAYERS ||
    players.length > MAX_PLAYERS ||
    new Set(players).size !== players.length
  ) {
    throw new Error("One versus Two needs 3 or 4 different players");
  }
  const opts = readOptions(options);
  const rng = createRng(seed);
  const deal = dealStacks(rng);
  return {
    phase: "contract",
    rng,
    players: [...players],
    options: opts,
    round: 0,
    rounds: roundsInMatch(players.length, opts.shortMatch),
    gameInRound: 0,
    roundFirstBoss: 0,
    deal,
    stacks: deal.map((s) => [...s]),
    contract: null,
    trick: [],
    leader: "left",
    lastTrick: null,
    bossTricks: 0,
    liceTricks: 0,
    sheet: [],
  };
}

const SUIT_SET = new Set<unknown>(SUITS);

/**
 * `{ type: "contract", tricks, trump }` with an integer `tricks` and `trump` a suit or null, or
 * `{ type: "play", card }` with a well-formed card; no other field. The rules check the rest.
 */
export function parseMove(move: unknown): OnevstwoMove | null {
  if (!isRecord(move)) return null;
  if (move.type === "contract") {
    if (Object.keys(move).length !== 3 || !("trump" in move)) return null;
    const { tricks, trump } = move;
    if (typeof tricks !== "number" || !Number.isInteger(tricks)) return null;
    if (trump !== null && !SUIT_SET.has(trump)) return null;
    return { type: "contract", tricks, trump: trump as Suit | null };
  }
  if (move.type === "play") {
    if (Object.keys(move).length !== 2) return null;
    const { card } = move;
    if (!isCard(card) || Object.keys(card).length !== 2) return null;
    return { type: "play", card: { rank: card.rank, suit: card.suit } };
  }
  return null;
}

/** Who must act now: one player, or nobody once the match is over. */
export function actors(state: OnevstwoState): PlayerId[] {
  const actor = actorOf(state);
  return actor === null ? [] : [actor];
}

/** Why a seated player who may not act now is refused (the move's shape may be unknown: null). */
export function notActorError(state: OnevstwoState, player: PlayerId, move: OnevstwoMove | null): RuleError {
  if (state.phase === "contract") {
    const boss = controllerOf(state, "boss");
    return move?.type === "play"
      ? new RuleError("onevstwo.waitForContract", { boss })
      : new RuleError("onevstwo.onlyBossAnnounces", { boss });
  }
  if (move?.type === "contract") return new RuleError("onevstwo.contractAlreadyMade");
  const place = placeToPlay(state);
  const actor = actorOf(state) ?? "";
  if (place === "dummy") {
    if (player === controllerOf(state, "boss"))
      return new RuleError("onevstwo.servantPlaysDummy", { servant: actor });
    return new RuleError("onevstwo.notYourDummy", { player: actor });
  }
  return new RuleError("onevstwo.notYourTurn", { player: actor });
}

/** Where `card` lies in `cards`, or -1. */
function findCard(cards: readonly Card[], card: Card): number {
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as Card;
    if (c.rank === card.rank && c.suit === card.suit) return i;
  }
  return -1;
}

/** Plays `card` from the place to play on `draft` (its arrays are replaced, never changed in place). */
function playCard(draft: OnevstwoState, place: Place, card: Card, events: GameEvent[]): void {
  const stack = stackOf(draft, place);
  const stacks = [...draft.stacks];
  const from = stacks[stack] ?? [];
  const at = findCard(from, card);
  const rest: Card[] = [];
  for (let i = 0; i < from.length; i++) if (i !== at) rest.push(from[i] as Card);
  stacks[stack] = rest;
  draft.stacks = stacks;
  const trick: PlayedCard[] = [...draft.trick, { place, card }];
  if (trick.length < 4) {
    draft.trick = trick;
    return;
  }
  const trump = draft.contract?.trump ?? null;
  const winnerIndex = trickWinner(
    trick.map((p) => p.card),
    trump,
  );
  const winner = (trick[winnerIndex] as PlayedCard).place;
  if (isBossSide(winner)) draft.bossTricks++;
  else draft.liceTricks++;
  draft.trick = [];
  draft.lastTrick = { cards: trick, winner };
  draft.leader = winner;
  const number = draft.bossTricks + draft.liceTricks;
  // Who played which card, in play order: `by<i>` and `card<i>`. The dummy's card is the dummy's,
  // whoever chose it; the key names its place in the trick, so the catalog words that slot.
  const plays: Record<string, string> = {};
  trick.forEach((p, i) => {
    plays[`card${i + 1}`] = cardLabel(p.card);
    if (p.place !== "dummy") plays[`by${i + 1}`] = controllerOf(draft, p.place);
  });
  const dummyAt = trick.findIndex((p) => p.place === "dummy") + 1;
  events.push({
    key: `onevstwo.event.${winner === "dummy" ? "trickDummy" : "trick"}.${dummyAt}`,
    params: {
      player: controllerOf(draft, winner === "dummy" ? "boss" : winner),
      trick: number,
      card: cardLabel((trick[winnerIndex] as PlayedCard).card),
      ...plays,
      bossTricks: draft.bossTricks,
      liceTricks: draft.liceTricks,
    },
  });
  if (number === TRICKS_PER_GAME) finishGame(draft, events);
}

/** The 13th trick is in: the game's line goes on the sheet and the next game (or the end) follows. */
function finishGame(draft: OnevstwoState, events: GameEvent[]): void {
  const contract = draft.contract as NonNullable<OnevstwoState["contract"]>;
  const score = contractScore(contract, draft.bossTricks);
  const boss = controllerOf(draft, "boss");
  const four = draft.players.length === 4;
  const servant = four ? controllerOf(draft, "dummy") : null;
  const perPlayer: Record<PlayerId, number> = {};
  for (const p of draft.players) perPlayer[p] = p === boss || p === servant ? score : -score;
  const n = draft.players.length;
  const line: GameRecordLine = {
    round: draft.round,
    game: draft.round * n + draft.gameInRound + 1,
    boss,
    servant,
    contract: { tricks: contract.tricks, trump: contract.trump },
    tricksWon: draft.bossTricks,
    score,
    perPlayer,
  };
  draft.sheet = [...draft.sheet, line];
  const made = draft.bossTricks >= contract.tricks;
  // The catalog words the contract: one key per outcome, trump or no-trump.
  const kind = contract.trump === null ? "noTrump" : "trump";
  events.push({
    key: `onevstwo.event.${made ? "made" : "failed"}.${kind}`,
    params: {
      player: boss,
      tricks: contract.tricks,
      ...(contract.trump === null ? {} : { trump: SUIT_SYMBOL[contract.trump] }),
      won: draft.bossTricks,
      short: Math.max(0, contract.tricks - draft.bossTricks),
      score,
    },
  });
  const lastOfRound = draft.gameInRound + 1 === n;
  if (lastOfRound && draft.round + 1 === draft.rounds) {
    draft.phase = "over";
    events.push(matchSummary(draft));
    return;
  }
  // The seat (stack) behind each place of the finished game, to keep its last trick on the table.
  const stackAt = Object.fromEntries(PLACES.map((place) => [place, stackOf(draft, place)])) as Record<
    Place,
    number
  >;
  if (lastOfRound) {
    const rng = { ...draft.rng };
    draft.deal = dealStacks(rng);
    draft.rng = rng;
    draft.round++;
    draft.gameInRound = 0;
    draft.roundFirstBoss = (draft.roundFirstBoss + 1) % n;
  } else {
    draft.gameInRound++;
  }
  draft.stacks = draft.deal.map((s) => [...s]);
  draft.phase = "contract";
  draft.contract = null;
  draft.trick = [];
  draft.leader = "left";
  // Ruling: the finished (13th) trick stays on the table until the next card is played (and can
  // be looked at after), each card where it was played: its places are turned into the new game's
  // places of the same seats (the dummy's stays the dummy's with 3 players).
  if (draft.lastTrick) {
    const placeOf = (old: Place): Place =>
      PLACES.find((place) => stackOf(draft, place) === stackAt[old]) as Place;
    draft.lastTrick = {
      cards: draft.lastTrick.cards.map((p) => ({ place: placeOf(p.place), card: p.card })),
      winner: placeOf(draft.lastTrick.winner),
    };
  }
  draft.bossTricks = 0;
  draft.liceTricks = 0;
  const game = draft.round * n + draft.gameInRound + 1;
  events.push({
    key: lastOfRound ? "onevstwo.event.newRound" : "onevstwo.event.newGame",
    params: {
      player: controllerOf(draft, "boss"),
      game,
      games: draft.rounds * n,
      round: draft.round + 1,
      rounds: draft.rounds,
    },
  });
}

/**
 * The match result: the highest total wins (3 players: per player; 4: per pair); equal totals
 * share the place. Used for the last event and the outcome's summary.
 */
export function matchSummary(state: OnevstwoState): GameEvent {
  const totals = totalsOf(state);
  const pairs = pairsOf(state.players);
  if (pairs) {
    const [a, b] = pairs as [[PlayerId, PlayerId], [PlayerId, PlayerId]];
    const ta = totals[a[0]] ?? 0;
    const tb = totals[b[0]] ?? 0;
    if (ta === tb) return { key: "onevstwo.summary.pairDraw", params: { score: ta } };
    const [win, lose] = ta > tb ? [a, b] : [b, a];
    return {
      key: "onevstwo.summary.pairWon",
      params: {
        player: win[0],
        partner: win[1],
        score: totals[win[0]] ?? 0,
        other: totals[lose[0]] ?? 0,
      },
    };
  }
  const best = Math.max(...state.players.map((p) => totals[p] ?? 0));
  const top = state.players.filter((p) => (totals[p] ?? 0) === best);
  if (top.length === state.players.length) return { key: "onevstwo.summary.draw", params: { score: best } };
  if (top.length === 2) {
    return {
      key: "onevstwo.summary.sharedWin",
      params: { player: top[0] ?? "", other: top[1] ?? "", score: best },
    };
  }
  return { key: "onevstwo.summary.won", params: { player: top[0] ?? "", score: best } };
}

/** The one card of `hand` that may be played to a trick led with `led`, or null when there are more (or none). */
function onlyLegalCard(hand: readonly Card[], led: Suit | null): Card | null {
  if (hand.length === 1) return hand[0] as Card;
  let only: Card | null = null;
  let count = 0;
  if (led !== null) {
    for (const card of hand) {
      if (card.suit === led) {
        only = card;
        count++;
      }
    }
  }
  return count === 1 ? only : null;
}

/** With autoplay on: while the next card to play is the only legal one, it is played. */
function autoplay(draft: OnevstwoState, events: GameEvent[]): void {
  while (draft.options.autoplay && draft.phase === "play") {
    const place = placeToPlay(draft) as Place;
    const only = onlyLegalCard(draft.stacks[stackOf(draft, place)] ?? [], ledSuit(draft));
    if (only === null) return;
    playCard(draft, place, only, events);
  }
}

/** The shared guard has checked: the match runs, `player` is the actor, the move has its shape. */
export function applyMove(
  state: OnevstwoState,
  player: PlayerId,
  move: OnevstwoMove,
): ApplyResult<OnevstwoState> {
  if (move.type === "contract") {
    if (state.phase !== "contract") return fail(new RuleError("onevstwo.contractAlreadyMade"));
    if (move.tricks < 1 || move.tricks > TRICKS_PER_GAME) {
      return fail(new RuleError("onevstwo.badContract", { max: TRICKS_PER_GAME }));
    }
    const contract = { tricks: move.tricks, trump: move.trump };
    const draft: OnevstwoState = { ...state, phase: "play", contract };
    const events: GameEvent[] = [
      contract.trump === null
        ? { key: "onevstwo.event.contractNoTrump", params: { player, tricks: contract.tricks } }
        : {
            key: "onevstwo.event.contract",
            params: { player, tricks: contract.tricks, trump: SUIT_SYMBOL[contract.trump] },
          },
    ];
    autoplay(draft, events);
    return ok(draft, events);
  }
  // Only the boss acts in the contract phase: a card now is the boss's, before announcing.
  if (state.phase !== "play") return fail(new RuleError("onevstwo.announceFirst"));
  const place = placeToPlay(state) as Place;
  const hand = state.stacks[stackOf(state, place)] ?? [];
  const card = move.card;
  if (findCard(hand, card) < 0) {
    return fail(
      new RuleError(place === "dummy" ? "onevstwo.notInDummy" : "onevstwo.notInHand", {
        card: cardLabel(card),
      }),
    );
  }
  const led = ledSuit(state);
  if (led !== null && card.suit !== led && hand.some((c) => c.suit === led)) {
    return fail(
      new RuleError(place === "dummy" ? "onevstwo.dummyMustFollow" : "onevstwo.mustFollow", {
        suit: SUIT_SYMBOL[led],
      }),
    );
  }
  const draft: OnevstwoState = { ...state };
  const events: GameEvent[] = [];
  playCard(draft, place, card, events);
  autoplay(draft, events);
  return ok(draft, events);
}
