import type { Catalog } from "../index.js";

/** A contract in words, spelled out so "7♥" is never read as a card; `.one` for a contract of 1 trick. */
const CONTRACT_WORDS: Record<string, string> = {
  trump: "{tricks} tricks, {trump} trumps",
  "trump.one": "{tricks} trick, {trump} trumps",
  noTrump: "{tricks} tricks, no-trump",
  "noTrump.one": "{tricks} trick, no-trump",
};

/**
 * One entry per kind of contract, `<key>.<kind>`, the template's `{contract}` written in: a
 * message's params are plain values, so the contract's words live in the catalog.
 */
function perContract(key: string, template: string): Catalog {
  return Object.fromEntries(
    Object.entries(CONTRACT_WORDS).map(([kind, words]) => [
      `${key}.${kind}`,
      template.replace("{contract}", words),
    ]),
  );
}

/** One versus Two: options, refusals, log lines and results. Params named player, boss, servant, partner and other hold player ids. */
export const onevstwo: Catalog = {
  "onevstwo.option.shortMatch": "Short match: one round (3 or 4 games) instead of the whole match (9 or 16).",
  "onevstwo.option.autoplay": "Autoplay: a card that is the only legal one is played automatically.",

  "onevstwo.onlyBossAnnounces": "Only the boss, {boss}, announces the contract.",
  "onevstwo.announceFirst": "Announce your contract before the first card is played.",
  "onevstwo.waitForContract": "The boss, {boss}, has not announced the contract yet.",
  "onevstwo.contractAlreadyMade": "The contract has been announced and cannot be changed.",
  "onevstwo.badContract": "Announce 1 to {max} tricks, with a trump suit or no-trump.",
  "onevstwo.notYourTurn": "It is not your turn: {player} plays now.",
  "onevstwo.notYourDummy": "It is the dummy's turn, and {player} chooses its card.",
  "onevstwo.servantPlaysDummy":
    "With four players the servant, {servant}, chooses the dummy's card, not the boss.",
  "onevstwo.notInHand": "{card} is not in your hand.",
  "onevstwo.notInDummy": "{card} is not in the dummy.",
  "onevstwo.mustFollow": "You must follow suit: play a {suit} card.",
  "onevstwo.dummyMustFollow": "The dummy must follow suit: play a {suit} card.",

  "onevstwo.event.contract": "{player} announces {tricks} tricks with {trump} as trumps.",
  "onevstwo.event.contractNoTrump": "{player} announces {tricks} tricks without trumps.",
  "onevstwo.event.trick":
    "Trick {trick} ({cards}) goes to {player} with {card}. Boss {bossTricks}, lice {liceTricks}.",
  "onevstwo.event.trickDummy":
    "Trick {trick} ({cards}) goes to the dummy with {card}, for {player}. Boss {bossTricks}, lice {liceTricks}.",
  ...perContract(
    "onevstwo.event.made",
    "{player} made the contract {contract} with {won} tricks: {score} points.",
  ),
  ...perContract(
    "onevstwo.event.failed",
    "{player} failed the contract {contract} with {won} tricks, {short} short: {score} points.",
  ),
  "onevstwo.event.newGame": "Game {game} of {games}: {player} is the boss, with the same cards.",
  "onevstwo.event.newRound":
    "Round {round} of {rounds}, a new shuffle. Game {game} of {games}: {player} is the boss.",

  "onevstwo.summary.won": "{player} wins the match with {score} points.",
  "onevstwo.summary.sharedWin": "{player} and {other} share first place with {score} points.",
  "onevstwo.summary.draw": "Everyone ends on {score} points: the match is a draw.",
  "onevstwo.summary.pairWon": "{player} and {partner} win the match, {score} against {other}.",
  "onevstwo.summary.pairDraw": "Both pairs end on {score} points: the match is a draw.",
  "onevstwo.scoreUnit": "{count} points",
  "onevstwo.scoreUnit.one": "{count} point",

  "onevstwo.bot.safe":
    "Announce 1 trick with {trump} as trumps: your hand and the dummy should take about {expected} tricks, too few for a premium, so the lowest contract risks nothing.",
  "onevstwo.bot.safeNoTrump":
    "Announce 1 trick without trumps: your hand and the dummy should take about {expected} tricks, too few for a premium, so the lowest contract risks nothing.",
  "onevstwo.bot.premium":
    "Announce {tricks} tricks with {trump} as trumps: your hand and the dummy should take about {expected}, enough to go for the {premium} premium.",
  "onevstwo.bot.premiumNoTrump":
    "Announce {tricks} tricks without trumps: your hand and the dummy should take about {expected}, enough to go for the {premium} premium.",
  "onevstwo.bot.only": "Play {card}: it is the only card you may play.",
  "onevstwo.bot.drawTrumps": "Lead {card}, the best trump left, to draw the lice's trumps.",
  "onevstwo.bot.drawTrumpsLength":
    "Lead {card} to draw the lice's trumps: your side holds more trumps than they can have.",
  "onevstwo.bot.cash": "Lead {card}: no higher {suit} can be held against you, so it should win.",
  "onevstwo.bot.singleton": "Lead {card}, your only {suit}, so you can trump that suit later.",
  "onevstwo.bot.toPartner": "Lead {card}: your side's {winner} should take this {suit} trick.",
  "onevstwo.bot.leadLow": "Lead {card}, low from your longest suit, to set up its other cards.",
  "onevstwo.bot.winCheap": "Play {card}: the cheapest card that wins this trick.",
  "onevstwo.bot.contest":
    "Play {card}: the cheapest card that takes the trick for now, so the last player must spend a higher one.",
  "onevstwo.bot.ruff": "Trump with {card}: the lowest trump that wins this trick.",
  "onevstwo.bot.partnerWins":
    "Play {card}: your side already wins this trick with {winner}, so keep your better cards.",
  "onevstwo.bot.holdBack":
    "Play {card}: a later player could still beat any card you could win with, so keep your better cards.",
  "onevstwo.bot.cannotWin": "Play {card}: you cannot win this trick, so give up your least useful card.",
};
