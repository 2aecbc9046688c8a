import type { Catalog } from "../../../i18n/catalog.js";

/** A contract in words, spelled out so "7♥" is never read as a card. */
const CONTRACT_WORDS: Record<string, string> = {
  trump: "{tricks, plural, one {# trick} other {# tricks}}, {trump} trumps",
  noTrump: "{tricks, plural, one {# trick} other {# tricks}}, no-trump",
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

/**
 * One entry per place of the dummy's card in a trick, `<key>.<1..4>`, the template's `{plays}`
 * written in as who played which card in play order ("ann ♠7, the dummy ♠K, bob ♠2, cy ♠A").
 */
function perDummySlot(key: string, template: string, dummy: string): Catalog {
  return Object.fromEntries(
    [1, 2, 3, 4].map((at) => {
      const plays = [1, 2, 3, 4].map((i) => `${i === at ? dummy : `{by${i}}`} {card${i}}`).join(", ");
      return [`${key}.${at}`, template.replace("{plays}", plays)];
    }),
  );
}

/** One versus Two: options, refusals, log lines and results. Params named player, boss, servant, partner and other hold player ids. */
export const en: Catalog = {
  "onevstwo.option.shortMatch": "Short match: one round (3 or 4 games) instead of the whole match (9 or 16).",
  "onevstwo.option.autoplay": "Autoplay: a card that is the only legal one is played automatically.",

  "onevstwo.onlyBossAnnounces": "Only the boss, {boss}, announces the contract.",
  "onevstwo.announceFirst": "Announce your contract before the first card is played.",
  "onevstwo.waitForContract": "The boss, {boss}, has not announced the contract yet.",
  "onevstwo.contractAlreadyMade": "The contract has been announced and cannot be changed.",
  "onevstwo.badContract":
    "Announce 1 to {max, plural, one {# trick} other {# tricks}}, with a trump suit or no-trump.",
  "onevstwo.notYourTurn": "It is not your turn: {player} plays now.",
  "onevstwo.notYourDummy": "It is the dummy's turn, and {player} chooses its card.",
  "onevstwo.servantPlaysDummy":
    "With four players the servant, {servant}, chooses the dummy's card, not the boss.",
  "onevstwo.notInHand": "{card} is not in your hand.",
  "onevstwo.notInDummy": "{card} is not in the dummy.",
  "onevstwo.mustFollow": "You must follow suit: play a {suit} card.",
  "onevstwo.dummyMustFollow": "The dummy must follow suit: play a {suit} card.",

  "onevstwo.event.contract":
    "{player} announces {tricks, plural, one {# trick} other {# tricks}} with {trump} as trumps.",
  "onevstwo.event.contractNoTrump":
    "{player} announces {tricks, plural, one {# trick} other {# tricks}} without trumps.",
  ...perDummySlot(
    "onevstwo.event.trick",
    "Trick {trick}: {plays}. {player} takes it with {card} (boss side {bossTricks}, lice {liceTricks}).",
    "the dummy",
  ),
  ...perDummySlot(
    "onevstwo.event.trickDummy",
    "Trick {trick}: {plays}. The dummy takes it with {card}, for {player} (boss side {bossTricks}, lice {liceTricks}).",
    "the dummy",
  ),
  ...perContract(
    "onevstwo.event.made",
    "{player} made the contract ({contract}): {won} of 13 tricks, {score, plural, one {# point} other {# points}}.",
  ),
  ...perContract(
    "onevstwo.event.failed",
    "{player} failed the contract ({contract}): {won} of 13 tricks, {short} short, {score, plural, one {# point} other {# points}}.",
  ),
  "onevstwo.event.newGame": "Game {game} of {games}: {player} is the boss, with the same cards.",
  "onevstwo.event.newRound":
    "Round {round} of {rounds}, a new shuffle. Game {game} of {games}: {player} is the boss.",

  "onevstwo.summary.won": "{player} wins the match with {score, plural, one {# point} other {# points}}.",
  "onevstwo.summary.sharedWin":
    "{player} and {other} share first place with {score, plural, one {# point} other {# points}}.",
  "onevstwo.summary.draw":
    "Everyone ends on {score, plural, one {# point} other {# points}}: the match is a draw.",
  "onevstwo.summary.pairWon": "{player} and {partner} win the match, {score} against {other}.",
  "onevstwo.summary.pairDraw":
    "Both pairs end on {score, plural, one {# point} other {# points}}: the match is a draw.",
  "onevstwo.scoreUnit": "{count, plural, one {# point} other {# points}}",

  "onevstwo.robot.safe":
    "Announce 1 trick with {trump} as trumps: your hand and the dummy should take about {expected, plural, one {# trick} other {# tricks}}, too few for a premium, so the lowest contract risks nothing.",
  "onevstwo.robot.safeNoTrump":
    "Announce 1 trick without trumps: your hand and the dummy should take about {expected, plural, one {# trick} other {# tricks}}, too few for a premium, so the lowest contract risks nothing.",
  "onevstwo.robot.premium":
    "Announce {tricks, plural, one {# trick} other {# tricks}} with {trump} as trumps: your hand and the dummy should take about {expected}, enough to go for the {premium} premium.",
  "onevstwo.robot.premiumNoTrump":
    "Announce {tricks, plural, one {# trick} other {# tricks}} without trumps: your hand and the dummy should take about {expected}, enough to go for the {premium} premium.",
  "onevstwo.robot.only": "Play {card}: it is the only card you may play.",
  "onevstwo.robot.drawTrumps": "Lead {card}, the best trump left, to draw the lice's trumps.",
  "onevstwo.robot.drawTrumpsLength":
    "Lead {card} to draw the lice's trumps: your side holds more trumps than they can have.",
  "onevstwo.robot.cash": "Lead {card}: no higher {suit} can be held against you, so it should win.",
  "onevstwo.robot.singleton": "Lead {card}, your only {suit}, so you can trump that suit later.",
  "onevstwo.robot.toPartner": "Lead {card}: your side's {winner} should take this {suit} trick.",
  "onevstwo.robot.leadLow": "Lead {card}, low from your longest suit, to set up its other cards.",
  "onevstwo.robot.winCheap": "Play {card}: the cheapest card that wins this trick.",
  "onevstwo.robot.contest":
    "Play {card}: the cheapest card that takes the trick for now, so the last player must spend a higher one.",
  "onevstwo.robot.ruff": "Trump with {card}: the lowest trump that wins this trick.",
  "onevstwo.robot.partnerWins":
    "Play {card}: your side already wins this trick with {winner}, so keep your better cards.",
  "onevstwo.robot.holdBack":
    "Play {card}: a later player could still beat any card you could win with, so keep your better cards.",
  "onevstwo.robot.cannotWin": "Play {card}: you cannot win this trick, so give up your least useful card.",
  // The panel and the table status.
  "onevstwo.ui.contract.trump": "{count, plural, one {# trick} other {# tricks}}, {suit} trumps",
  "onevstwo.ui.contract.noTrump": "{count, plural, one {# trick} other {# tricks}}, no trump",
  "onevstwo.ui.role.boss": "boss",
  "onevstwo.ui.role.left": "left louse",
  "onevstwo.ui.role.right": "right louse",
  "onevstwo.ui.role.player": "player",
  "onevstwo.ui.place.dummy": "dummy",
  "onevstwo.ui.place.dummyOf": "dummy ({name})",
  "onevstwo.ui.you.boss": "the boss",
  "onevstwo.ui.you.servant": "the servant (your cards are the open dummy, and you play them)",
  "onevstwo.ui.you.left": "the left louse",
  "onevstwo.ui.you.right": "the right louse",
  "onevstwo.ui.you.spectator": "a spectator",
  "onevstwo.ui.noContract": "No contract yet.",
  "onevstwo.ui.score":
    "Contract **{contract}** · tricks: boss side **{boss}**, lice **{lice}** · the boss side needs {more} more to make it, the lice {against} more to defeat it",
  "onevstwo.ui.score.made": "Contract made (**{contract}**) · tricks: boss side **{boss}**, lice **{lice}**",
  "onevstwo.ui.score.failed":
    "Contract failed (**{contract}**) · tricks: boss side **{boss}**, lice **{lice}**",
  "onevstwo.ui.gameLine": "Game {game} of {games} (round {round} of {rounds}) · boss {boss}",
  "onevstwo.ui.turn.over": "the match is over",
  "onevstwo.ui.turn.announce": "{name} (boss) to announce the contract",
  "onevstwo.ui.turn.dummy": "{name} to play for the dummy",
  "onevstwo.ui.turn.play": "{name} to play",
  "onevstwo.ui.turn.playAs": "{name} ({role}) to play",
  "onevstwo.ui.status.over": "{game} · the match is over.",
  "onevstwo.ui.status.contract":
    "contract {contract} · tricks: boss side {boss}, lice {lice} · the boss side needs {more} more",
  "onevstwo.ui.status.made": "contract made ({contract}) · tricks: boss side {boss}, lice {lice}",
  "onevstwo.ui.status.failed": "contract failed ({contract}) · tricks: boss side {boss}, lice {lice}",
  "onevstwo.ui.status.noContract": "no contract yet",
  "onevstwo.ui.stakes":
    "Made: 10 per trick won (exactly {tricks}: **{made}**). Failed: −50 per trick short (one short: {short}).",
  "onevstwo.ui.stakes.premium":
    "Made: 10 per trick won + {premium} premium (exactly {tricks}: **{made}**). Failed: −50 per trick short (one short: {short}).",
  "onevstwo.ui.last.none": "No trick has been finished yet in this game.",
  "onevstwo.ui.last": "**Last trick** (trick {trick}): {cards} — won by {winner}",
  "onevstwo.ui.last.noNumber": "**Last trick**: {cards} — won by {winner}",
  "onevstwo.ui.hideLast": "Hide last trick",
  "onevstwo.ui.lastTrick": "Last trick",
  "onevstwo.ui.announce.intro":
    "**You are the boss** of game {game} of {games}. Look at your hand and the open dummy, then announce how many tricks your side will take (1–13) and the trump suit, or no trump.",
  "onevstwo.ui.announce.steps":
    "Choose the number of tricks, then the trump, then confirm. **Announcing is final**: the contract cannot be changed afterwards.",
  "onevstwo.ui.yourHand": "Your hand: {cards}",
  "onevstwo.ui.dummyHand": "Dummy: {cards}",
  "onevstwo.ui.yourOwnHand": "Your own hand: {cards}",
  "onevstwo.ui.servantCards": "Your cards (the open dummy, which you play): {cards}",
  "onevstwo.ui.announce.choice": "Your choice: **{contract}**. {stakes}",
  "onevstwo.ui.announce.tricksChosen":
    "{count, plural, one {# trick} other {# tricks}} chosen: now choose the trump.",
  "onevstwo.ui.tricksOption": "{count, plural, one {# trick} other {# tricks}}",
  "onevstwo.ui.tricksOption.description": "the lice need {need} to defeat it",
  "onevstwo.ui.tricksPlaceholder": "How many tricks will you take?",
  "onevstwo.ui.noTrumpButton": "No trump",
  "onevstwo.ui.confirm": "Confirm: {contract} (final)",
  "onevstwo.ui.play.dummy":
    "**Your turn: you play for the dummy.** Choose one of the dummy's cards (the open hand on the table).",
  "onevstwo.ui.play.own": "**Your turn: play a card from your own hand.**",
  "onevstwo.ui.play.leadDummy": "The dummy leads trick {trick} of 13: any card.",
  "onevstwo.ui.play.lead": "You lead trick {trick} of 13: any card.",
  "onevstwo.ui.play.followDummy":
    "Trick {trick} of 13 so far: {cards}. {suit} was led: follow suit if the dummy can.",
  "onevstwo.ui.play.follow": "Trick {trick} of 13 so far: {cards}. {suit} was led: follow suit if you can.",
  "onevstwo.ui.play.winning": "Would take the trick so far (green): **{cards}**",
  "onevstwo.ui.play.servant":
    "You are the servant: these are your own cards, and {boss} (the boss) may not advise you.",
  "onevstwo.ui.wait.announce": "(the boss) to announce the contract",
  "onevstwo.ui.wait.dummy": "to play for the dummy",
  "onevstwo.ui.wait.play": "({role}) to play",
  "onevstwo.ui.wait.youAre": "{game} · you are {role}.",
  "onevstwo.ui.wait.trick": "Trick {trick} of 13 so far: {cards}",
  "onevstwo.ui.match.shared": "🏆 Shared first place: {names} ({score})",
  "onevstwo.ui.match.winner": "🏆 Winner: {name} ({score})",
  "onevstwo.ui.match.winners": "🏆 Winners: {name} ({score})",
  "onevstwo.ui.match.totals": "Totals after {count, plural, one {# game} other {# games}}: {totals}",
  "onevstwo.ui.over": "The match is over.",
  // The pictures.
  "onevstwo.pic.player": "Player {n}",
  "onevstwo.pic.noTrump": "no trump",
  "onevstwo.pic.nt": "NT",
  "onevstwo.pic.role.boss": "Boss",
  "onevstwo.pic.role.louse": "Louse",
  "onevstwo.pic.role.servant": "Servant",
  "onevstwo.pic.role.dummy": "Dummy",
  "onevstwo.pic.theDummy": "the dummy",
  "onevstwo.pic.side.boss": "for the boss",
  "onevstwo.pic.side.lice": "for the lice",
  "onevstwo.pic.bossSide": "Boss side {won}/{need}",
  "onevstwo.pic.bossSideMade": "Boss side {won}: contract made",
  "onevstwo.pic.bossSideOnly": "Boss side {won}",
  "onevstwo.pic.liceOnly": "Lice {won}",
  "onevstwo.pic.liceBeat": "Lice {won}: contract failed",
  "onevstwo.pic.lice": "Lice {won}/{need} to beat",
  "onevstwo.pic.contract": "Contract",
  "onevstwo.pic.contractPending": "Contract: to be announced by {name}",
  "onevstwo.pic.where": "Game {game} of {games} · round {round} of {rounds}",
  "onevstwo.pic.now.forDummy": "{name} plays for the dummy",
  "onevstwo.pic.now.dummy": "{name} plays the dummy",
  "onevstwo.pic.now.play": "{name} to play",
  "onevstwo.pic.cards": "{count, plural, one {# card} other {# cards}}",
  "onevstwo.pic.badge.announcing": "announcing",
  "onevstwo.pic.badge.toPlay": "to play",
  "onevstwo.pic.playedBy": "played by {name}",
  "onevstwo.pic.allPlayed": "all played",
  "onevstwo.pic.noCards": "no cards",
  "onevstwo.pic.announcing1": "looks at the hand and the dummy",
  "onevstwo.pic.announcing2": "and announces the contract",
  "onevstwo.pic.lastTrick": "Last trick ({trick} of 13) won by {name} · {side}",
  "onevstwo.pic.trick": "Trick {trick} of 13",
  "onevstwo.pic.trickHigh": "Trick {trick} of 13 · highest so far: {name}",
  "onevstwo.pic.madeOver": "made, {over} over",
  "onevstwo.pic.madeExactly": "made exactly",
  "onevstwo.pic.failedBy": "failed by {short}",
  "onevstwo.pic.matchOver": "Match over",
  "onevstwo.pic.resultLast": "Game {game} of {games} · the last game",
  "onevstwo.pic.result": "Game {game} of {games} · result",
  "onevstwo.pic.servantLabel": "servant",
  "onevstwo.pic.tricksWon": "{count, plural, one {# trick} other {# tricks}} won (lice {lice})",
  "onevstwo.pic.bossScore": "Boss {score}",
  "onevstwo.pic.won": "Won",
  "onevstwo.pic.points": "Points",
  "onevstwo.pic.final": "Final",
  "onevstwo.pic.total": "Total",
  "onevstwo.pic.after": "after {played} of {games}",
  "onevstwo.pic.over.winner": "Match over · winner: {name}",
  "onevstwo.pic.over.winners": "Match over · winners: {name}",
  "onevstwo.pic.over.shared": "Match over · shared first place: {names}",
  "onevstwo.pic.next": "Next: game {game} of {games} · boss, to announce: {name}",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.onevstwo.title": "One versus Two",
  "game.onevstwo.panelButton": "My cards",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "onevstwo.alt.place": "{place} {count, plural, one {# card} other {# cards}}",
  "onevstwo.alt.places": "Cards in hand: {places}",
  "onevstwo.alt.dummy": "Open {place}, {count, plural, one {# card} other {# cards}}: {cards}",
  "onevstwo.alt.trick": "Trick {trick} so far: {cards}",
};
