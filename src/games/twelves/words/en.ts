import type { Catalog } from "../../../i18n/catalog.js";

/** Twelves and Fourteens. Params named player, twelves and starter hold player ids. */
export const en: Catalog = {
  "twelves.noProposal": "Nobody has proposed who collects twelves and who starts yet.",
  "twelves.ownProposal": "You made this proposal; the other player has to confirm it.",
  "twelves.notAPlayer": "Only the two players in this game can collect twelves or start.",
  "twelves.agreeFirst": "First agree on who collects twelves and who starts.",
  "twelves.noSuchColumn": "There is no such column.",
  "twelves.sameColumn": "The two cards must come from two different columns.",
  "twelves.emptyColumn": "Column {column} is empty.",
  "twelves.notYourPair": "{first} and {second} are not a pair of {target}.",
  "twelves.event.proposed": "{player} proposes: {twelves} collects twelves, {starter} starts.",
  "twelves.event.agreed": "Agreed: {twelves} collects twelves, {starter} starts.",
  "twelves.event.tookPair": "{player} takes {first} and {second}.",
  "twelves.event.allTaken": "All 52 cards are taken!",
  "twelves.event.noPair":
    "{player} has no pair to take; {cardsLeft, plural, one {# card is} other {# cards are}} left.",
  "twelves.outcome.won": "All 52 cards taken: you both win!",
  "twelves.scoreUnit": "{count, plural, one {# pair} other {# pairs}}",
  "twelves.outcome.lost":
    "{player} had no pair to take with {cardsLeft, plural, one {# card} other {# cards}} left: you both lose.",
  "twelves.robot.winningLine":
    "This deal can still be won. Take {first} (column {firstColumn}) and {second} (column {secondColumn}): it leads to a winning line.",
  "twelves.robot.longestLine":
    "Not sure this deal can still be won: the search ran out of time. Take {first} (column {firstColumn}) and {second} (column {secondColumn}): of the lines tried, this one clears the most cards.",
  "twelves.robot.lostAnyway":
    "This deal can no longer be won: no line clears the table. Take {first} (column {firstColumn}) and {second} (column {secondColumn}): this line clears the most cards.",
  "twelves.robot.proposeWins":
    "This deal can still be won. Propose that {twelves} collects twelves and {starter} starts: it leads to a winning line.",
  "twelves.robot.proposeUnsure":
    "Not sure this deal can still be won: the search ran out of time. Propose that {twelves} collects twelves and {starter} starts: this start looks best.",
  "twelves.robot.proposeLost":
    "This deal can no longer be won, whoever starts. Propose that {twelves} collects twelves and {starter} starts: this start clears the most cards.",
  "twelves.robot.confirmWins":
    "This deal can still be won. Confirm that {twelves} collects twelves and {starter} starts: it leads to a winning line.",
  "twelves.robot.confirmUnsure":
    "Not sure this deal can still be won: the search ran out of time. Confirm that {twelves} collects twelves and {starter} starts: no other start looks better.",
  "twelves.robot.confirmLost":
    "This deal can no longer be won, whoever starts. Confirm that {twelves} collects twelves and {starter} starts: no other start clears more cards.",
  "twelves.review.lostAfter":
    "The deal could no longer be won after pair {number}: {player} took {first} and {second}.",
  "twelves.review.lostByTerms":
    "The deal could no longer be won once it was agreed that {twelves} collects twelves and {starter} starts: the other start could still have won.",
  "twelves.review.lostFromStart": "This deal could not be won from the start, whoever started.",
  "twelves.review.unsure":
    "Not sure after which pair the deal could no longer be won: the search ran out of time.",

  // The panel and the table line (`twelves.ui.`): the role words fill {role}, pairs are "of {target}".
  "twelves.ui.role.twelve": "twelves",
  "twelves.ui.role.fourteen": "fourteens",
  "twelves.ui.terms.collects12": "**{name}** collects twelves",
  "twelves.ui.terms.youCollect12": "**you** collect twelves",
  "twelves.ui.terms.collects14": "**{name}** collects fourteens",
  "twelves.ui.terms.youCollect14": "**you** collect fourteens",
  "twelves.ui.terms.starts": "**{name}** starts",
  "twelves.ui.terms.youStart": "**you** start",
  "twelves.ui.choice.twelvesIStart": "I collect twelves, I start",
  "twelves.ui.choice.twelvesOtherStarts": "I collect twelves, {name} starts",
  "twelves.ui.choice.fourteensIStart": "I collect fourteens, I start",
  "twelves.ui.choice.fourteensOtherStarts": "I collect fourteens, {name} starts",
  "twelves.ui.confirm.twelvesIStart": "Confirm: I collect twelves, I start",
  "twelves.ui.confirm.twelvesOtherStarts": "Confirm: I collect twelves, {name} starts",
  "twelves.ui.confirm.fourteensIStart": "Confirm: I collect fourteens, I start",
  "twelves.ui.confirm.fourteensOtherStarts": "Confirm: I collect fourteens, {name} starts",
  "twelves.ui.agreeFirst":
    "**Agree first** who collects twelves and who takes the first pair. No card is taken until a proposal is confirmed.",
  "twelves.ui.pickPair": "Take which pair?",
  "twelves.ui.pickPairPart": "Take which pair? ({from}–{to} of {total})",
  "twelves.ui.pairOption": "{first} (col {a}) + {second} (col {b})",
  "twelves.ui.yourTurn":
    "Your turn — you collect **{role}** ({pairs}). Choose a pair of top cards ({count} possible):",
  "twelves.ui.columnsInPlay": "Columns whose top card pairs: {columns}.",
  "twelves.ui.youCollect": "You collect **{role}**.",
  "twelves.ui.waitingDoing": "to take a pair worth {target}",
  "twelves.ui.over": "This game is over.",
  "twelves.ui.resultLine": "• {name} ({role}): {count, plural, one {# pair} other {# pairs}} — {result}",
  "twelves.ui.result.win": "win",
  "twelves.ui.result.loss": "loss",
  "twelves.ui.status.agree":
    "agree first who collects twelves and who starts: either player proposes, the other confirms.",
  "twelves.ui.status.proposal": "{proposer} proposes: {terms} — {other}, confirm or propose something else.",
  "twelves.ui.status.play":
    "{name} to take a pair worth {target} · pairs: {totals} · {count, plural, one {# card} other {# cards}} left.",

  // The table picture (`twelves.pic.`).
  "twelves.pic.cardsLeft": "{count, plural, one {# card} other {# cards}} left",
  "twelves.pic.emptyColumn": "empty",
  "twelves.pic.agree": "Agree first: who collects twelves, who starts?",
  "twelves.pic.proposed": "{proposer} proposed · {other} may confirm",
  "twelves.pic.takes": "{name} takes a pair worth {target}",
  "twelves.pic.won": "All 52 cards taken: you both win!",
  "twelves.pic.lost": "Stuck with no pair to take: you both lose",
  "twelves.pic.roleOpen": "Role not agreed yet: pairs of 12 or of 14",
  "twelves.pic.tag.collects": "collects {role}",
  "twelves.pic.tag.starts": "starts?",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.twelves.title": "Twelves and Fourteens",
  "game.twelves.panelButton": "My move",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "twelves.alt.proposal": "{proposer} proposes: {terms}; waiting for a confirmation",
  "twelves.alt.player":
    "{name} collects {role}, {count, plural, one {# pair} other {# pairs}} taken: {pairs}",
  "twelves.alt.legalPairs": "Pairs you may take: {pairs}",
  "twelves.alt.cleared": "Every column is cleared.",
  "twelves.alt.playerTotal": "{name} collects {role}: {count, plural, one {# pair} other {# pairs}}",
};
