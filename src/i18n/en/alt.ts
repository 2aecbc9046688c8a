import type { Catalog } from "../catalog.js";

/**
 * Alt text (`kit.alt.`, `<game>.alt.`): what each picture shows, in words, for players who cannot
 * see it. Kept apart from the other words: sentences a screen reader reads out, not labels.
 */
export const alt: Catalog = {
  "kit.alt.none": "none",
  "kit.alt.run": "{from} to {to}",
  "kit.alt.ended": "{headline}: {detail}",
  "kit.alt.cardsLeft": "{count, plural, one {# card} other {# cards}} left on the table",
  "kit.alt.empty": "empty",
  "kit.alt.column": "{column}: {cards}",
  "kit.alt.columns": "Columns, top card last: {columns}.",

  // The Game
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
  "thegame.alt.hand": "Your hand: {cards}.",
  "thegame.alt.handEmpty": "Your hand is empty.",
  "thegame.alt.chosen": "Chosen: {card}.",
  "thegame.alt.fits": "{card} on {piles}",
  "thegame.alt.pileNumber": "pile {pile}",
  "thegame.alt.fitsLine": "Playable now: {fits}.",

  // Twelves and Fourteens
  "twelves.alt.proposal": "{proposer} proposes: {terms}; waiting for a confirmation",
  "twelves.alt.player":
    "{name} collects {role}, {count, plural, one {# pair} other {# pairs}} taken: {pairs}",
  "twelves.alt.legalPairs": "Pairs you may take: {pairs}",

  // Stacking
  "stapelen.alt.foundations":
    "{player}, {count, plural, one {# card} other {# cards}} stacked, foundations {foundations}",
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
  "sirtommy.alt.player":
    "{name}, {direction}, {count, plural, one {# card} other {# cards}} on foundations: {foundations}",
  "sirtommy.alt.stock": "Stock: {count, plural, one {# card} other {# cards}}",
  "sirtommy.alt.rows": "Rows, top card last: {columns}",
  "sirtommy.alt.youAre": "You are {direction}",
  "sirtommy.alt.fits": "{card} on your foundation {foundations}",
  "sirtommy.alt.moves": "You may move: {moves}",

  // Four Kings
  "fourkings.alt.hand": "Hand: {cards}",
  "fourkings.alt.drawnCard": "{card} (needs {need})",
  "fourkings.alt.chooseHand": "Next: choose {count, plural, one {# card} other {# cards}} for the hand",
  "fourkings.alt.controlled": "Controlled, {count, plural, one {# card} other {# cards}}: {cards}",
  "fourkings.alt.lost": "the lost pile {count, plural, one {# card} other {# cards}}, face down",
  "fourkings.alt.lostPeek": "the lost pile {count, plural, one {# card} other {# cards}}: {cards}",
  "fourkings.alt.piles":
    "Draw pile I (4 to 6) has {first, plural, one {# card} other {# cards}}, II (7 to 10) {second}, III (J to K) {third}; {lost}",
  "fourkings.alt.onCard": "On {card}: {status}",

  // Troubadour
  "troubadour.alt.faceDown": "{count} face down",
  "troubadour.alt.trio": "trio {cards}; ",
  "troubadour.alt.hasPicked": "has chosen a trio; ",
  "troubadour.alt.choosing": "still choosing a trio; ",
  "troubadour.alt.castle": "{cards} ({count} of 10)",
  "troubadour.alt.waste": "waste {count, plural, one {{card}} other {{card} on top of # cards}}",
  "troubadour.alt.wasteEmpty": "waste empty",
  "troubadour.alt.board":
    "{player}: {trio}villages, bottom card first: {villages}. Castles: {castles}; {waste}; draw pile {draw}.",
  "troubadour.alt.then": "Then: {after}",
  "troubadour.alt.used": "Used this turn: {powers}",
  "troubadour.alt.yourPick": "Your trio: {cards}",
  "troubadour.alt.noPick": "Your {count, plural, one {# noble} other {# nobles}}, no trio chosen yet",

  // One versus Two
  "onevstwo.alt.place": "{place} {count, plural, one {# card} other {# cards}}",
  "onevstwo.alt.places": "Cards in hand: {places}",
  "onevstwo.alt.dummy": "Open {place}, {count, plural, one {# card} other {# cards}}: {cards}",
  "onevstwo.alt.trick": "Trick {trick} so far: {cards}",
  "onevstwo.alt.youAre": "You are {role}",
  "onevstwo.alt.mayPlay": "You may play: {cards}",
  "onevstwo.alt.mayPlayDummy": "You may play from the dummy: {cards}",
};
