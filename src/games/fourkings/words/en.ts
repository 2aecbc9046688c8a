import type { Catalog } from "../../../i18n/catalog.js";

/** Four Kings (solo patience): option, errors, log lines, outcomes, the panel (`ui.`) and the picture (`pic.`). */
export const en: Catalog = {
  "fourkings.option.peek": "Beginner's house rule: the lost pile's contents may be viewed.",
  "fourkings.scoreUnit": "{count, plural, one {# card} other {# cards}} controlled",

  "fourkings.handSize": "Choose exactly {required, plural, one {# card} other {# cards}} for your hand.",
  "fourkings.notControlled": "{card} is not one of your controlled cards.",
  "fourkings.notInHand": "{card} is not in your hand.",
  "fourkings.cardTwice": "{card} is used more than once.",
  "fourkings.stackCount":
    "{count, plural, one {Give a list of hand cards for the drawn card.} other {Give a list of hand cards for each of the # drawn cards.}}",
  "fourkings.emptyStack": "Place at least one hand card on {card}.",
  "fourkings.tooManyOnCard":
    "At most {max, plural, one {# hand card} other {# hand cards}} may go on {card} this round.",
  "fourkings.mixedSuits": "The cards placed on {card} must all be of one suit.",

  "fourkings.event.drew": "Drew {cards}.",
  "fourkings.event.reshuffled":
    "The draw pile ran out: the lost pile ({count, plural, one {# card} other {# cards}}) was shuffled into a new draw pile.",
  "fourkings.event.won": "Won {card} with {placed}.",
  "fourkings.event.lost": "Lost {card} together with {placed}.",
  "fourkings.event.roundStarted": "Round {round} begins.",

  "fourkings.outcome.won":
    "All four Kings conquered in {turns, plural, one {# turn} other {# turns}}, {controlled, plural, one {# card} other {# cards}} controlled!",
  "fourkings.outcome.tooFewCards":
    "Lost in round {round} after {turns, plural, one {# turn} other {# turns}}: fewer than 2 cards controlled.",
  "fourkings.outcome.turnLimit":
    "Lost: turn limit ({turns, plural, one {# turn} other {# turns}}) in round {round}, {controlled, plural, one {# card} other {# cards}} controlled.",

  "fourkings.robot.hand":
    "Choose {hand} as your hand: of your cards, it can win the most of what is still to be drawn.",
  "fourkings.robot.assign.all": "Place {plan}: that wins every drawn card.",
  "fourkings.robot.assign.some": "Place {plan}: that wins {won} and risks the least on the rest.",
  "fourkings.robot.assign.none": "Place {plan}: nothing can be won this turn, so risk the fewest points.",
  // The panel and table lines (`fourkings.ui.`).
  "fourkings.ui.suit.S": "spades",
  "fourkings.ui.suit.H": "hearts",
  "fourkings.ui.suit.D": "diamonds",
  "fourkings.ui.suit.C": "clubs",
  "fourkings.ui.need": "{suit} {same}+ or another suit {other}+",
  "fourkings.ui.progress": "{have}/{need, plural, one {# card} other {# cards}} A–{top} controlled",
  "fourkings.ui.progressKings": "{have}/{need, plural, one {# King} other {# Kings}} controlled",
  "fourkings.ui.stackWon": "{card} **WON** with {placed}",
  "fourkings.ui.stackLost": "{card} **LOST** with {placed}",
  "fourkings.ui.lastTurn": "Turn {turn}: {stacks}.",
  "fourkings.ui.backInControl":
    "Back in control: {cards} — hand cards you did not place go back to your controlled cards.",
  "fourkings.ui.reshuffled": "The draw pile was empty, so the lost pile was shuffled into a new draw pile.",
  "fourkings.ui.roundBegins": "🎉 **Round {round} begins!**",
  "fourkings.ui.handStep":
    "**Step 1 of 2 — your hand.** Pick **{count}** of your controlled cards from the list, several at once if you like. Only then are 2 cards drawn from pile {pile}, and you place your hand on them (step 2).",
  "fourkings.ui.handForced":
    "**Step 1 of 2 — your hand.** You control only {count, plural, one {# card} other {# cards}}, so {count, plural, one {it is} other {all are}} your hand. Press **Confirm hand**; then 2 cards are drawn from pile {pile}.",
  "fourkings.ui.handNone": "Your hand so far (0 of {size}): nothing yet.",
  "fourkings.ui.handSoFar": "Your hand so far ({chosen} of {size}): **{cards}** — pick {left} more.",
  "fourkings.ui.handComplete":
    "Your hand ({chosen} of {size}): **{cards}** — complete. Press **Confirm hand**, or take a card out to change it.",
  "fourkings.ui.addCard":
    "{count, plural, one {Pick the last card for your hand…} other {Pick up to # cards for your hand…}}",
  "fourkings.ui.addCardOf":
    "{count, plural, one {Pick the last card for your hand: {suits}…} other {Pick up to # cards for your hand: {suits}…}}",
  "fourkings.ui.cardOption": "{suit}, worth {rank}",
  "fourkings.ui.takeOut": "Take out {card}",
  "fourkings.ui.confirmHand": "Confirm hand: {cards}",
  "fourkings.ui.startOver": "Start over",
  "fourkings.ui.memoryNone": "nothing",
  "fourkings.ui.memoryLost":
    "🧠 Only you see this — lost since the last reshuffle ({count, plural, one {# card} other {# cards}}): {cards}.",
  "fourkings.ui.memoryDraw":
    "🧠 So still in draw pile {pile} ({count, plural, one {# card} other {# cards}}, order unknown): {cards}.",
  "fourkings.ui.stackEmpty": "nothing yet",
  "fourkings.ui.stackWouldWin": "{cards} — ✅ would be **won** ({suit} {sum} vs {target} needed)",
  "fourkings.ui.stackWouldLose": "{cards} — ❌ would be **lost** ({suit} {sum} vs {target} needed)",
  "fourkings.ui.drawn": "Drawn: {cards}.",
  "fourkings.ui.drawnCard": "**{card}** (needs {need})",
  "fourkings.ui.placeHand":
    "**Step 2 of 2 — place your hand.** Your hand: **{hand}**. Put 1 to {max, plural, one {# card} other {# cards}} of one suit on each drawn card, then **Confirm**.",
  "fourkings.ui.onCard": "• On {card}: {status}",
  "fourkings.ui.reshuffledOnDraw": "(The draw pile ran out while drawing: the lost pile was shuffled in.)",
  "fourkings.ui.oneDrawn": "(Both piles ran out, so only one card could be drawn.)",
  "fourkings.ui.stackPlaceholder": "On {card} ({need}): choose cards",
  "fourkings.ui.sameSuitCounts": "same suit: counts {rank} of {target}",
  "fourkings.ui.otherSuitCounts": "other suit: counts {rank} of {target}",
  "fourkings.ui.confirm": "Confirm",
  "fourkings.ui.headerOver":
    "**{title}** — game over after {count, plural, one {# turn} other {# turns}}, in round {round}.",
  "fourkings.ui.header": "**{title}** — round {round} of 3 · turn {turn} · {progress}.",
  "fourkings.ui.statusChoose":
    "round {round} of 3, turn {turn} — choose {count, plural, one {# card} other {# cards}} for the hand · {progress} · draw pile {draw} · lost pile {lost}.",
  "fourkings.ui.statusAssign":
    "round {round} of 3, turn {turn} — drew {cards}: place the hand on {count, plural, one {it} other {them}} · {progress} · draw pile {draw} · lost pile {lost}.",
  "fourkings.ui.over": "This game is over.",
  "fourkings.ui.refused": "⚠️ {reason} Nothing was changed.",

  // The picture (`fourkings.pic.`): every word drawn on the table, which the panel shows too.
  "fourkings.pic.roundTurn": "Round {round}/3 · Turn {turn}",
  "fourkings.pic.player": "Player",
  "fourkings.pic.progress": "{have} / {need, plural, one {# card} other {# cards}} A–{top}",
  "fourkings.pic.progressKings": "{have} / {need, plural, one {# King} other {# Kings}}",
  "fourkings.pic.controlled": "Controlled: {count, plural, one {# card} other {# cards}}",
  "fourkings.pic.controlledInHand":
    "Controlled: {count, plural, one {# card} other {# cards}} ({inHand} in the hand)",
  "fourkings.pic.none": "none",
  "fourkings.pic.cards": "{count, plural, one {# card} other {# cards}}",
  "fourkings.pic.pileDone": "done",
  "fourkings.pic.pileEmpty": "empty",
  "fourkings.pic.lostPile": "Lost pile",
  "fourkings.pic.reshuffledOnDraw": "The lost pile was shuffled into the draw pile while drawing.",
  "fourkings.pic.reshuffled": "The lost pile was shuffled into a new draw pile.",
  "fourkings.pic.faceDown": "Face down: counts only.",
  "fourkings.pic.peekBelow": "Peek: its cards are below.",
  "fourkings.pic.peek": "Lost pile (peek, sorted): {count, plural, one {# card} other {# cards}}",
  "fourkings.pic.sumVsTarget": "{suit} {sum} vs {target} needed",
  "fourkings.pic.toWin": "to win:",
  "fourkings.pic.orOtherSuit": "or other suit:",
  "fourkings.pic.won": "WON",
  "fourkings.pic.lost": "LOST",
  "fourkings.pic.placeHand": "Turn {turn}: place your hand",
  "fourkings.pic.handRule": "Hand (at most {max} on a card, one suit each):",
  "fourkings.pic.oneDrawn": "Both piles ran out: only one card drawn",
  "fourkings.pic.gameWon": "Game won: all four Kings!",
  "fourkings.pic.turnLimit": "Game lost: turn limit reached",
  "fourkings.pic.tooFewCards": "Game lost: fewer than 2 cards",
  "fourkings.pic.turnResult": "Turn {turn} result",
  "fourkings.pic.turnResultRound": "Turn {turn} result · Round {round} begins!",
  "fourkings.pic.firstTurn": "Turn 1: choose {count, plural, one {# card} other {# cards}} for your hand",
  "fourkings.pic.thenDrawn": "Then 2 cards are drawn from pile I, face up.",
  "fourkings.pic.backInControl": "Back in control: {cards}",
  "fourkings.pic.next": "Next: choose {count, plural, one {# card} other {# cards}} for the hand",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.fourkings.title": "Four Kings",
  "game.fourkings.panelButton": "Play",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "fourkings.alt.hand": "Hand: {cards}",
  "fourkings.alt.drawnCard": "{card} (needs {need})",
  "fourkings.alt.chooseHand": "Next: choose {count, plural, one {# card} other {# cards}} for the hand",
  "fourkings.alt.controlled": "Controlled, {count, plural, one {# card} other {# cards}}: {cards}",
  "fourkings.alt.lost": "the lost pile {count, plural, one {# card} other {# cards}}, face down",
  "fourkings.alt.lostPeek": "the lost pile {count, plural, one {# card} other {# cards}}: {cards}",
  "fourkings.alt.piles":
    "Draw pile I (4–6) has {first, plural, one {# card} other {# cards}}, II (7–10) {second}, III (J–K) {third}; {lost}",
};
