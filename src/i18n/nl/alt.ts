import type { Catalog } from "../catalog.js";

/** Alt-tekst: zie het Engelse bestand (dezelfde sleutels). */
export const alt: Catalog = {
  "kit.alt.none": "geen",
  "kit.alt.run": "{from} t/m {to}",
  "kit.alt.ended": "{headline}: {detail}",
  "kit.alt.cardsLeft": "Nog {count, plural, one {# kaart} other {# kaarten}} op tafel",
  "kit.alt.empty": "leeg",
  "kit.alt.column": "{column}: {cards}",
  "kit.alt.columns": "Kolommen, bovenste kaart laatst: {columns}.",

  // The Game
  "thegame.alt.claim": "The Game. Nog niemand is begonnen: iedereen mag de eerste beurt nemen.",
  "thegame.alt.turn": "The Game, {player} is aan de beurt: {played} gespeeld van minstens {minimum}.",
  "thegame.alt.over":
    "The Game is afgelopen met {count, plural, one {# kaart} other {# kaarten}} niet gespeeld.",
  "thegame.alt.pileEmpty.up": "Stijgende stapel {pile} is leeg: elke kaart past.",
  "thegame.alt.pileEmpty.down": "Dalende stapel {pile} is leeg: elke kaart past.",
  "thegame.alt.pile.up":
    "Stijgende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart hoger dan {top} past.",
  "thegame.alt.pile.down":
    "Dalende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart lager dan {top} past.",
  "thegame.alt.pileOrBack.up":
    "Stijgende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart hoger dan {top} past, of {back}.",
  "thegame.alt.pileOrBack.down":
    "Dalende stapel {pile} toont {top} ({count, plural, one {# kaart} other {# kaarten}}): een kaart lager dan {top} past, of {back}.",
  "thegame.alt.pileOver.up":
    "Stijgende stapel {pile} eindigt op {top} ({count, plural, one {# kaart} other {# kaarten}}).",
  "thegame.alt.pileOver.down":
    "Dalende stapel {pile} eindigt op {top} ({count, plural, one {# kaart} other {# kaarten}}).",
  "thegame.alt.signal": "{player} zegt {signal} op stapel {pile}",
  "thegame.alt.signals": "Signalen: {signals}.",
  "thegame.alt.handCount": "{player} {count, plural, one {# kaart} other {# kaarten}}",
  "thegame.alt.hands": "Kaarten in de hand: {hands}.",
  "thegame.alt.finalHands": "Kaarten over in de handen: {hands}.",
  "thegame.alt.drawPile": "Trekstapel: {count, plural, one {# kaart} other {# kaarten}}.",
  "thegame.alt.played": "Al gespeeld, {count, plural, one {# kaart} other {# kaarten}}: {cards}.",
  "thegame.alt.hand": "Je hand: {cards}.",
  "thegame.alt.handEmpty": "Je hand is leeg.",
  "thegame.alt.chosen": "Gekozen: {card}.",
  "thegame.alt.fits": "{card} op {piles}",
  "thegame.alt.pileNumber": "stapel {pile}",
  "thegame.alt.fitsLine": "Nu speelbaar: {fits}.",

  // Twaalven en veertienen
  "twelves.alt.proposal": "{proposer} stelt voor: {terms}; wachten op bevestiging",
  "twelves.alt.player":
    "{name} verzamelt {role}, {count, plural, one {# paar} other {# paren}} genomen: {pairs}",
  "twelves.alt.legalPairs": "Paren die je mag nemen: {pairs}",

  // Stapelen
  "stapelen.alt.foundations":
    "{player}, {count, plural, one {# kaart} other {# kaarten}} gestapeld, stapels {foundations}",
  "stapelen.alt.move": "{column} op stapel {foundations}",
  "stapelen.alt.moves": "Je mag leggen: {moves}",

  // Sir Tommy
  "sirtommy.alt.ascending": "oplopend, bouwt op vanaf de azen",
  "sirtommy.alt.descending": "aflopend, bouwt af vanaf de heren",
  "sirtommy.alt.noDirection": "richting nog niet afgesproken",
  "sirtommy.alt.proposal": "{proposer} stelt voor dat {ascending} oplopend bouwt; wachten op bevestiging",
  "sirtommy.alt.superWinner": "Superwinnaar met 30 of meer kaarten: {name}",
  "sirtommy.alt.drawn": "Getrokken door {name}, nog te leggen: {cards}",
  "sirtommy.alt.foundationOn": "{foundation} op {card}",
  "sirtommy.alt.foundationEmpty": "{foundation} leeg",
  "sirtommy.alt.player":
    "{name}, {direction}, {count, plural, one {# kaart} other {# kaarten}} op de stapels: {foundations}",
  "sirtommy.alt.stock": "Voorraad: {count, plural, one {# kaart} other {# kaarten}}",
  "sirtommy.alt.rows": "Rijen, bovenste kaart laatst: {columns}",
  "sirtommy.alt.youAre": "Jij bent {direction}",
  "sirtommy.alt.fits": "{card} op je stapel {foundations}",
  "sirtommy.alt.moves": "Je mag verplaatsen: {moves}",

  // Vier koningen
  "fourkings.alt.hand": "Hand: {cards}",
  "fourkings.alt.drawnCard": "{card} (nodig: {need})",
  "fourkings.alt.chooseHand": "Nu: kies {count, plural, one {# kaart} other {# kaarten}} voor de hand",
  "fourkings.alt.controlled": "In bezit, {count, plural, one {# kaart} other {# kaarten}}: {cards}",
  "fourkings.alt.lost": "de verloren stapel {count, plural, one {# kaart} other {# kaarten}}, gesloten",
  "fourkings.alt.lostPeek": "de verloren stapel {count, plural, one {# kaart} other {# kaarten}}: {cards}",
  "fourkings.alt.piles":
    "Trekstapel I (4 t/m 6) heeft {first, plural, one {# kaart} other {# kaarten}}, II (7 t/m 10) {second}, III (B t/m H) {third}; {lost}",
  "fourkings.alt.onCard": "Op {card}: {status}",

  // Troubadour
  "troubadour.alt.faceDown": "{count} dicht",
  "troubadour.alt.trio": "trio {cards}; ",
  "troubadour.alt.hasPicked": "heeft een trio gekozen; ",
  "troubadour.alt.choosing": "kiest nog een trio; ",
  "troubadour.alt.castle": "{cards} ({count} van 10)",
  "troubadour.alt.waste": "aflegstapel {count, plural, one {{card}} other {{card} bovenop # kaarten}}",
  "troubadour.alt.wasteEmpty": "aflegstapel leeg",
  "troubadour.alt.board":
    "{player}: {trio}dorpen, onderste kaart eerst: {villages}. Kastelen: {castles}; {waste}; trekstapel {draw}.",
  "troubadour.alt.then": "Daarna: {after}",
  "troubadour.alt.used": "Deze beurt gebruikt: {powers}",
  "troubadour.alt.yourPick": "Jouw trio: {cards}",
  "troubadour.alt.noPick": "Je {count, plural, one {# edele} other {# edelen}}, nog geen trio gekozen",

  // Een tegen twee
  "onevstwo.alt.place": "{place} {count, plural, one {# kaart} other {# kaarten}}",
  "onevstwo.alt.places": "Kaarten in de hand: {places}",
  "onevstwo.alt.dummy": "Open {place}, {count, plural, one {# kaart} other {# kaarten}}: {cards}",
  "onevstwo.alt.trick": "Slag {trick} tot nu toe: {cards}",
  "onevstwo.alt.youAre": "Jij bent {role}",
  "onevstwo.alt.mayPlay": "Je mag spelen: {cards}",
  "onevstwo.alt.mayPlayDummy": "Je mag spelen van de blinde: {cards}",
};
