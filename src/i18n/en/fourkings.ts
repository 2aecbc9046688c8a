import type { Catalog } from "../index.js";

/** Four Kings (solo patience): option, errors, log lines and outcomes. */
export const fourkings: Catalog = {
  "fourkings.option.peek": "Beginner's house rule: the lost pile's contents may be viewed.",
  "fourkings.scoreUnit": "{count} cards controlled",
  "fourkings.scoreUnit.one": "{count} card controlled",

  "fourkings.handSize": "Choose exactly {required} cards for your hand.",
  "fourkings.notControlled": "{card} is not one of your controlled cards.",
  "fourkings.notInHand": "{card} is not in your hand.",
  "fourkings.cardTwice": "{card} is used more than once.",
  "fourkings.stackCount": "Give a list of hand cards for each of the {count} drawn cards.",
  "fourkings.emptyStack": "Place at least one hand card on {card}.",
  "fourkings.tooManyOnCard": "At most {max} hand cards may go on {card} this round.",
  "fourkings.mixedSuits": "The cards placed on {card} must all be of one suit.",

  "fourkings.event.drew": "Drew {cards}.",
  "fourkings.event.reshuffled":
    "The draw pile ran out: the lost pile ({count} cards) was shuffled into a new draw pile.",
  "fourkings.event.won": "Won {card} with {placed}.",
  "fourkings.event.lost": "Lost {card} together with {placed}.",
  "fourkings.event.roundStarted": "Round {round} begins.",

  "fourkings.outcome.won": "All four Kings conquered in {turns} turns, with {controlled} cards controlled!",
  "fourkings.outcome.tooFewCards":
    "Lost in round {round} after {turns} turns: fewer than 2 cards controlled.",
  "fourkings.outcome.turnLimit":
    "Lost: the turn limit of {turns} turns was reached in round {round}, with {controlled} cards controlled.",

  "fourkings.bot.hand":
    "Choose {hand} as your hand: of your cards, it can win the most of what is still to be drawn.",
  "fourkings.bot.assign.all": "Place {plan}: that wins every drawn card.",
  "fourkings.bot.assign.some": "Place {plan}: that wins {won} and risks the least on the rest.",
  "fourkings.bot.assign.none": "Place {plan}: nothing can be won this turn, so risk the fewest points.",
};
