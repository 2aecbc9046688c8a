import type { Catalog } from "../index.js";

/**
 * Alt text (`kit.alt.`, `<game>.alt.`): what each picture shows, in words, for players who cannot
 * see it. Kept apart from the other words: sentences a screen reader reads out, not labels.
 */
export const alt: Catalog = {
  "kit.alt.none": "none",
  "kit.alt.run": "{from} to {to}",
  "kit.alt.ended": "{headline}: {detail}",
  "kit.alt.cardsLeft": "{count} cards left on the table",
  "kit.alt.cardsLeft.one": "{count} card left on the table",
  "kit.alt.empty": "empty",
  "kit.alt.column": "{column}: {cards}",
  "kit.alt.columns": "Columns, top card last: {columns}.",

  // The Game
  "thegame.alt.claim": "The Game. Nobody has started yet: anyone may claim the first turn.",
  "thegame.alt.turn": "The Game, {player}'s turn: {played} played of at least {minimum}.",
  "thegame.alt.over": "The Game is over with {count} cards not played.",
  "thegame.alt.over.one": "The Game is over with {count} card not played.",
  "thegame.alt.pileEmpty.up": "Rising pile {pile} is empty: it takes any card.",
  "thegame.alt.pileEmpty.down": "Falling pile {pile} is empty: it takes any card.",
  "thegame.alt.pile.up": "Rising pile {pile} shows {top} ({count} cards): it takes a card above {top}.",
  "thegame.alt.pile.up.one": "Rising pile {pile} shows {top} ({count} card): it takes a card above {top}.",
  "thegame.alt.pile.down": "Falling pile {pile} shows {top} ({count} cards): it takes a card below {top}.",
  "thegame.alt.pile.down.one": "Falling pile {pile} shows {top} ({count} card): it takes a card below {top}.",
  "thegame.alt.pileOrBack.up":
    "Rising pile {pile} shows {top} ({count} cards): it takes a card above {top}, or {back}.",
  "thegame.alt.pileOrBack.up.one":
    "Rising pile {pile} shows {top} ({count} card): it takes a card above {top}, or {back}.",
  "thegame.alt.pileOrBack.down":
    "Falling pile {pile} shows {top} ({count} cards): it takes a card below {top}, or {back}.",
  "thegame.alt.pileOrBack.down.one":
    "Falling pile {pile} shows {top} ({count} card): it takes a card below {top}, or {back}.",
  "thegame.alt.pileOver.up": "Rising pile {pile} ends on {top} ({count} cards).",
  "thegame.alt.pileOver.up.one": "Rising pile {pile} ends on {top} ({count} card).",
  "thegame.alt.pileOver.down": "Falling pile {pile} ends on {top} ({count} cards).",
  "thegame.alt.pileOver.down.one": "Falling pile {pile} ends on {top} ({count} card).",
  "thegame.alt.signal": "{player} says {signal} on pile {pile}",
  "thegame.alt.signals": "Signals: {signals}.",
  "thegame.alt.handCount": "{player} {count} cards",
  "thegame.alt.handCount.one": "{player} {count} card",
  "thegame.alt.hands": "Cards in hand: {hands}.",
  "thegame.alt.finalHands": "Cards left in hands: {hands}.",
  "thegame.alt.drawPile": "Draw pile: {count} cards.",
  "thegame.alt.drawPile.one": "Draw pile: {count} card.",
  "thegame.alt.played": "Played so far, {count} cards: {cards}.",
  "thegame.alt.played.one": "Played so far, {count} card: {cards}.",
  "thegame.alt.hand": "Your hand: {cards}.",
  "thegame.alt.handEmpty": "Your hand is empty.",
  "thegame.alt.chosen": "Chosen: {card}.",
  "thegame.alt.fits": "{card} on {piles}",
  "thegame.alt.pileNumber": "pile {pile}",
  "thegame.alt.fitsLine": "Playable now: {fits}.",

  // Twelves and Fourteens
  "twelves.alt.proposal": "{proposer} proposes: {terms}; waiting for a confirmation",
  "twelves.alt.player": "{name} collects {role}, {count} pairs taken: {pairs}",
  "twelves.alt.player.one": "{name} collects {role}, {count} pair taken: {pairs}",
  "twelves.alt.legalPairs": "Pairs you may take: {pairs}",

  // Stacking
  "stapelen.alt.foundations": "{player}, {count} cards stacked, foundations {foundations}",
  "stapelen.alt.foundations.one": "{player}, {count} card stacked, foundations {foundations}",
  "stapelen.alt.move": "{column} on foundation {foundations}",
  "stapelen.alt.moves": "You may place: {moves}",

  // Sir Tommy
  "sirtommy.alt.ascending": "Ascending, building up from the Aces",
  "sirtommy.alt.descending": "Descending, building down from the Kings",
  "sirtommy.alt.noDirection": "direction not agreed yet",
  "sirtommy.alt.proposal": "{proposer} proposes that {ascending} is Ascending; waiting for a confirmation",
  "sirtommy.alt.superWinner": "Super-winner with 30 or more cards: {name}",
  "sirtommy.alt.drawn": "Drawn by {name}, still to place: {cards}",
  "sirtommy.alt.foundationOn": "{foundation} on {card}",
  "sirtommy.alt.foundationEmpty": "{foundation} empty",
  "sirtommy.alt.player": "{name}, {direction}, {count} cards on foundations: {foundations}",
  "sirtommy.alt.player.one": "{name}, {direction}, {count} card on foundations: {foundations}",
  "sirtommy.alt.stock": "Stock: {count} cards",
  "sirtommy.alt.stock.one": "Stock: {count} card",
  "sirtommy.alt.rows": "Rows, top card last: {columns}",
  "sirtommy.alt.youAre": "You are {direction}",
  "sirtommy.alt.fits": "{card} on your foundation {foundations}",
  "sirtommy.alt.moves": "You may move: {moves}",

  // Four Kings
  "fourkings.alt.hand": "Hand: {cards}",
  "fourkings.alt.drawnCard": "{card} (needs {need})",
  "fourkings.alt.chooseHand": "Next: choose {count} cards for the hand",
  "fourkings.alt.chooseHand.one": "Next: choose {count} card for the hand",
  "fourkings.alt.controlled": "Controlled, {count} cards: {cards}",
  "fourkings.alt.controlled.one": "Controlled, {count} card: {cards}",
  "fourkings.alt.lost": "the lost pile {count} cards, face down",
  "fourkings.alt.lost.one": "the lost pile {count} card, face down",
  "fourkings.alt.lostPeek": "the lost pile {count} cards: {cards}",
  "fourkings.alt.lostPeek.one": "the lost pile {count} card: {cards}",
  "fourkings.alt.piles":
    "Draw pile I (4 to 6) has {first} cards, II (7 to 10) {second}, III (J to K) {third}; {lost}",
  "fourkings.alt.onCard": "On {card}: {status}",

  // Troubadour
  "troubadour.alt.faceDown": "{count} face down",
  "troubadour.alt.faceDown.one": "{count} face down",
  "troubadour.alt.trio": "trio {cards}; ",
  "troubadour.alt.hasPicked": "has chosen a trio; ",
  "troubadour.alt.choosing": "still choosing a trio; ",
  "troubadour.alt.castle": "{cards} ({count} of 10)",
  "troubadour.alt.waste": "waste {card} on top of {count} cards",
  "troubadour.alt.waste.one": "waste {card}",
  "troubadour.alt.wasteEmpty": "waste empty",
  "troubadour.alt.board":
    "{player}: {trio}villages, bottom card first: {villages}. Castles: {castles}; {waste}; draw pile {draw}.",
  "troubadour.alt.then": "Then: {after}",
  "troubadour.alt.used": "Used this turn: {powers}",
  "troubadour.alt.yourPick": "Your trio: {cards}",
  "troubadour.alt.noPick": "Your {count} nobles, no trio chosen yet",

  // One versus Two
  "onevstwo.alt.place": "{place} {count} cards",
  "onevstwo.alt.place.one": "{place} {count} card",
  "onevstwo.alt.places": "Cards in hand: {places}",
  "onevstwo.alt.dummy": "Open {place}, {count} cards: {cards}",
  "onevstwo.alt.dummy.one": "Open {place}, {count} card: {cards}",
  "onevstwo.alt.trick": "Trick {trick} so far: {cards}",
  "onevstwo.alt.youAre": "You are {role}",
  "onevstwo.alt.mayPlay": "You may play: {cards}",
  "onevstwo.alt.mayPlayDummy": "You may play from the dummy: {cards}",
};
