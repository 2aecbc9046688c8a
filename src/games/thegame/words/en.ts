import type { Catalog } from "../../../i18n/catalog.js";

/** The piles in words, with the marker the pictures and panels show (▲1 ▲2 ▼3 ▼4). */
const PILE_NAMES = [
  "the first rising pile (▲1)",
  "the second rising pile (▲2)",
  "the first falling pile (▼3)",
  "the second falling pile (▼4)",
];
/** Which way each pile's top is passed: above for the rising piles, below for the falling ones. */
const BEYOND = ["above", "above", "below", "below"];

/**
 * One entry per pile, `<key>.<pile>` (pile 0..3), the template's `{pileName}` and `{beyond}`
 * written in: a message's params are plain values, so the pile's words live in the catalog.
 */
function perPile(key: string, template: string): Catalog {
  return Object.fromEntries(
    PILE_NAMES.map((name, pile) => [
      `${key}.${pile}`,
      template.replace("{pileName}", name).replace("{beyond}", BEYOND[pile] as string),
    ]),
  );
}

/** The Game: options, refusals, log lines, results and the bot's reasons (keys start with `thegame.`). */
export const en: Catalog = {
  "thegame.option.expert": "Expert: play at least 3 cards a turn while the draw pile lasts.",
  "thegame.option.smallerHands": "Smaller hands: every hand holds one card fewer (7/6/5).",
  "thegame.notInHand": "You do not hold {card}.",
  "thegame.cannotPlayThere.up":
    "{card} does not fit on pile {pile}: it goes up and shows {top}. Play higher on an up pile, lower on a down pile, or exactly 10 back.",
  "thegame.cannotPlayThere.down":
    "{card} does not fit on pile {pile}: it goes down and shows {top}. Play higher on an up pile, lower on a down pile, or exactly 10 back.",
  "thegame.minimumNotReached":
    "Play at least {minimum, plural, one {# card} other {# cards}} this turn before ending it (played so far: {played}).",
  "thegame.alreadyClaimed": "The first turn has already been taken.",
  "thegame.startNotClaimed": "Nobody has taken the first turn yet: someone must claim it first.",
  "thegame.signalNotNow":
    "Signals are for the play: they can be given once someone has taken the first turn.",
  "thegame.signalSolo": "There is nobody to signal to in a solo game.",
  "thegame.signalAlreadySet": "That signal of yours is already on that pile.",
  "thegame.noSignalToClear": "You have no signal on that pile to clear.",
  "thegame.event.claimed": "{player} takes the first turn.",
  "thegame.event.played": "{player} played {card} on pile {pile}.",
  "thegame.event.turnEnded":
    "{player} ended the turn after {played, plural, one {# card} other {# cards}} and drew {drew}.",
  "thegame.event.allPlayed": "All 98 cards are played!",
  "thegame.event.stuck":
    "{player} cannot play this turn's minimum: the game ends with {score, plural, one {# card} other {# cards}} left.",
  ...perPile("thegame.event.signal.hold", "{player}: hold {pileName}"),
  ...perPile("thegame.event.signal.playWell", "{player}: I can play well on {pileName}"),
  ...perPile("thegame.event.signal.bigJump", "{player}: big jump coming on {pileName}"),
  ...perPile("thegame.event.signal.clear", "{player} takes back their signal on {pileName}"),
  "thegame.outcome.perfect": "Perfect: all 98 cards played!",
  "thegame.outcome.excellent": "Excellent: only {score, plural, one {# card} other {# cards}} left.",
  "thegame.outcome.stuck": "The game got stuck with {score, plural, one {# card} other {# cards}} left.",
  "thegame.scoreUnit": "{count, plural, one {# card} other {# cards}} left",
  // The bot's reasons (hints and bot seats): one line naming the move.
  ...perPile("thegame.robot.play", "Play {card} on {pileName}: {gap} {beyond} its top."),
  ...perPile(
    "thegame.robot.playFree",
    "Play {card} on {pileName}: every card between it and the top is already played.",
  ),
  ...perPile("thegame.robot.trick", "Play {card} on {pileName}: exactly 10 back, a backwards trick."),
  ...perPile(
    "thegame.robot.playHeld",
    "Play {card} on {pileName}: {gap} {beyond} its top, although someone asked to hold it — nothing better is left.",
  ),
  "thegame.robot.endTurn":
    "End your turn: the minimum is played and your other cards are far from the piles.",
  "thegame.robot.endTurnEmpty": "End your turn: your hand is empty.",
  ...perPile(
    "thegame.robot.signal.hold",
    "Signal 'hold' on {pileName}: you have a card that fits it very closely, or goes exactly 10 back.",
  ),
  ...perPile(
    "thegame.robot.signal.playWell",
    "Signal 'I can play well here' on {pileName}: you have a card that fits it cheaply.",
  ),
  ...perPile(
    "thegame.robot.signal.bigJump",
    "Signal 'big jump coming' on {pileName}: your cards are far from every pile, and this is where you would jump least.",
  ),
  ...perPile(
    "thegame.robot.signal.clear",
    "Clear your signal on {pileName}: it no longer says what your hand holds.",
  ),
  "thegame.robot.claim": "Take the first turn: your hand has cheap opening plays.",
  "thegame.robot.claimMust": "Take the first turn: somebody has to start.",
  // The panel (`thegame.ui.`): what a player reads and clicks.
  "thegame.ui.signal.hold.menu": "Hold it for me",
  "thegame.ui.signal.hold.short": "hold",
  "thegame.ui.signal.playWell.menu": "I play well here",
  "thegame.ui.signal.playWell.short": "I can play well here",
  "thegame.ui.signal.bigJump.menu": "Big jump here",
  "thegame.ui.signal.bigJump.short": "big jump coming",
  "thegame.ui.signalLine": "Your signals on the table: {signals} (cleared when your turn begins).",
  "thegame.ui.clearSignal": "{pile} · Take back my signal",
  "thegame.ui.signalPlaceholder": "Signal to the table (words, no numbers)…",
  "thegame.ui.claimLine":
    "Nobody has started yet. Talk it over, then claim the first turn if you like your hand.",
  "thegame.ui.claim": "I'll start",
  "thegame.ui.over": "The game is over: the result is on the table.",
  "thegame.ui.waitingDoing": "to play",
  "thegame.ui.strandWarning":
    "Playing **{card}** on {pile} leaves you unable to reach this turn's minimum of {minimum}: the game would end. Play it anyway?",
  "thegame.ui.playAnyway": "Play anyway",
  "thegame.ui.turn": "Your turn: {played} played, at least {minimum} this turn.",
  "thegame.ui.turnMayEnd":
    "Your turn: {played} played, at least {minimum} this turn. You may end your turn or keep playing.",
  "thegame.ui.fits": "**{cards}** on {piles}",
  "thegame.ui.fitsLine": "Playable now: {fits}",
  "thegame.ui.nothingFits": "No card in your hand fits any pile now.",
  "thegame.ui.whereTo": "Where does **{card}** go?",
  "thegame.ui.pileOn": "{pile} on {top}",
  "thegame.ui.endTurn": "End turn",
  "thegame.ui.statusClaim":
    "nobody has started yet. Look at your hand on your panel; whoever presses **{button}** first begins.",
  "thegame.ui.status":
    "{player} to play: {played} played of at least {minimum} · draw pile {drawPile} · {count, plural, one {# card} other {# cards}} left.",
  "thegame.ui.hand": "Your hand (only you can see this): **{cards}**",
  "thegame.ui.handEmpty": "empty",
  "thegame.ui.handsLeft": "Cards left in hands — {hands}",
  // The pictures (`thegame.pic.`): every word drawn on the table and the hand.
  "thegame.pic.player": "Player {seat}",
  "thegame.pic.signal.hold": "HOLD",
  "thegame.pic.signal.playWell": "GOOD",
  "thegame.pic.signal.bigJump": "JUMP",
  "thegame.pic.startsAt": "starts at {start}",
  "thegame.pic.takes": "takes {sign} {top}",
  "thegame.pic.takesOrBack": "takes {sign} {top} or {back}",
  "thegame.pic.drawPile": "Draw pile",
  "thegame.pic.drawLeft": "{count} left",
  "thegame.pic.drawEmpty": "empty",
  "thegame.pic.playing": "playing",
  "thegame.pic.out": "out",
  "thegame.pic.claim": "Who starts? Anyone may claim the first turn.",
  "thegame.pic.notPlayed": "{count, plural, one {# card} other {# cards}} not yet played",
  "thegame.pic.played": "played {played} of at least {minimum}",
  "thegame.pic.turnOf": "{player}'s turn",
  "thegame.pic.tracker": "Card tracker",
  "thegame.pic.trackerKey": "bright = still out ({out})   dim = played ({played})",
  "thegame.pic.won": "All 98 cards played — a perfect win!",
  "thegame.pic.over": "Game over: score {score} (cards not played)",
  "thegame.pic.overExcellent": "Game over: score {score} (cards not played) — excellent!",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.thegame.title": "The Game",
  "game.thegame.panelButton": "Show my hand",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "thegame.alt.claim": "The Game. Nobody has started yet: anyone may claim the first turn.",
  "thegame.alt.turn": "The Game, {player}'s turn: {played} played of at least {minimum}.",
  "thegame.alt.over": "The Game is over with {count, plural, one {# card} other {# cards}} not played.",
  "thegame.alt.pileEmpty.up": "Rising pile {pile} is empty: it takes any card.",
  "thegame.alt.pileEmpty.down": "Falling pile {pile} is empty: it takes any card.",
  "thegame.alt.pile.up":
    "Rising pile {pile} shows {top} ({count, plural, one {# card} other {# cards}}): it takes a card above {top}.",
  "thegame.alt.pile.down":
    "Falling pile {pile} shows {top} ({count, plural, one {# card} other {# cards}}): it takes a card below {top}.",
  "thegame.alt.pileOrBack.up":
    "Rising pile {pile} shows {top} ({count, plural, one {# card} other {# cards}}): it takes a card above {top}, or {back}.",
  "thegame.alt.pileOrBack.down":
    "Falling pile {pile} shows {top} ({count, plural, one {# card} other {# cards}}): it takes a card below {top}, or {back}.",
  "thegame.alt.pileOver.up":
    "Rising pile {pile} ends on {top} ({count, plural, one {# card} other {# cards}}).",
  "thegame.alt.pileOver.down":
    "Falling pile {pile} ends on {top} ({count, plural, one {# card} other {# cards}}).",
  "thegame.alt.signal": "{player} says {signal} on pile {pile}",
  "thegame.alt.signals": "Signals: {signals}.",
  "thegame.alt.handCount": "{player} {count, plural, one {# card} other {# cards}}",
  "thegame.alt.hands": "Cards in hand: {hands}.",
  "thegame.alt.finalHands": "Cards left in hands: {hands}.",
  "thegame.alt.drawPile": "Draw pile: {count, plural, one {# card} other {# cards}}.",
  "thegame.alt.played": "Played so far, {count, plural, one {# card} other {# cards}}: {cards}.",
};
