import type { Catalog } from "../../../i18n/catalog.js";

/** Twelves and Fourteens. Params named player, twelves and starter hold player ids. */
export const nl: Catalog = {
  "twelves.noProposal": "Nog niemand heeft voorgesteld wie twaalven verzamelt en wie begint.",
  "twelves.ownProposal": "Dit voorstel komt van jou; de andere speler moet het bevestigen.",
  "twelves.notAPlayer": "Alleen de twee spelers van dit spel kunnen twaalven verzamelen of beginnen.",
  "twelves.agreeFirst": "Spreek eerst af wie twaalven verzamelt en wie begint.",
  "twelves.noSuchColumn": "Die kolom bestaat niet.",
  "twelves.sameColumn": "De twee kaarten moeten uit twee verschillende kolommen komen.",
  "twelves.emptyColumn": "Kolom {column} is leeg.",
  "twelves.notYourPair": "{first} en {second} vormen samen geen paar van {target}.",
  "twelves.event.proposed": "{player} stelt voor: {twelves} verzamelt twaalven, {starter} begint.",
  "twelves.event.agreed": "Afgesproken: {twelves} verzamelt twaalven, {starter} begint.",
  "twelves.event.tookPair": "{player} pakt {first} en {second}.",
  "twelves.event.allTaken": "Alle 52 kaarten zijn gepakt!",
  "twelves.event.noPair":
    "{player} kan geen paar pakken; er {cardsLeft, plural, one {ligt nog # kaart} other {liggen nog # kaarten}}.",
  "twelves.outcome.won": "Alle 52 kaarten gepakt: jullie winnen allebei!",
  "twelves.scoreUnit": "{count, plural, one {# paar} other {# paren}}",
  "twelves.outcome.lost":
    "{player} kon geen paar meer pakken met nog {cardsLeft, plural, one {# kaart} other {# kaarten}} op tafel: jullie verliezen allebei.",
  "twelves.robot.winningLine":
    "Dit spel is nog te winnen. Pak {first} (kolom {firstColumn}) en {second} (kolom {secondColumn}): zo is het spel te winnen.",
  "twelves.robot.longestLine":
    "Niet zeker of dit spel nog te winnen is: het zoeken kostte te veel tijd. Pak {first} (kolom {firstColumn}) en {second} (kolom {secondColumn}): van wat geprobeerd is, ruim je zo de meeste kaarten op.",
  "twelves.robot.lostAnyway":
    "Dit spel is niet meer te winnen: de tafel is niet meer leeg te spelen. Pak {first} (kolom {firstColumn}) en {second} (kolom {secondColumn}): zo ruim je de meeste kaarten op.",
  "twelves.robot.proposeWins":
    "Dit spel is nog te winnen. Stel voor dat {twelves} twaalven verzamelt en {starter} begint: zo is het spel te winnen.",
  "twelves.robot.proposeUnsure":
    "Niet zeker of dit spel nog te winnen is: het zoeken kostte te veel tijd. Stel voor dat {twelves} twaalven verzamelt en {starter} begint: dit begin lijkt het beste.",
  "twelves.robot.proposeLost":
    "Dit spel is niet meer te winnen, wie er ook begint. Stel voor dat {twelves} twaalven verzamelt en {starter} begint: met dit begin ruim je de meeste kaarten op.",
  "twelves.robot.confirmWins":
    "Dit spel is nog te winnen. Bevestig dat {twelves} twaalven verzamelt en {starter} begint: zo is het spel te winnen.",
  "twelves.robot.confirmUnsure":
    "Niet zeker of dit spel nog te winnen is: het zoeken kostte te veel tijd. Bevestig dat {twelves} twaalven verzamelt en {starter} begint: geen ander begin lijkt beter.",
  "twelves.robot.confirmLost":
    "Dit spel is niet meer te winnen, wie er ook begint. Bevestig dat {twelves} twaalven verzamelt en {starter} begint: met geen ander begin ruim je meer kaarten op.",
  "twelves.review.lostAfter":
    "Na paar {number} was het spel niet meer te winnen: {player} pakte {first} en {second}.",
  "twelves.review.lostByTerms":
    "Het spel was niet meer te winnen zodra was afgesproken dat {twelves} twaalven verzamelt en {starter} begint: met het andere begin had het nog gekund.",
  "twelves.review.lostFromStart": "Dit spel was vanaf het begin niet te winnen, wie er ook begon.",
  "twelves.review.unsure":
    "Niet zeker na welk paar het spel niet meer te winnen was: het zoeken kostte te veel tijd.",

  // Het paneel en de tafelregel (`twelves.ui.`): de rolwoorden vullen {role}, paren zijn "van {target}".
  "twelves.ui.role.twelve": "twaalven",
  "twelves.ui.role.fourteen": "veertienen",
  "twelves.ui.terms.collects12": "**{name}** verzamelt twaalven",
  "twelves.ui.terms.youCollect12": "**jij** verzamelt twaalven",
  "twelves.ui.terms.collects14": "**{name}** verzamelt veertienen",
  "twelves.ui.terms.youCollect14": "**jij** verzamelt veertienen",
  "twelves.ui.terms.starts": "**{name}** begint",
  "twelves.ui.terms.youStart": "**jij** begint",
  "twelves.ui.choice.twelvesIStart": "Ik doe twaalven, ik begin",
  "twelves.ui.choice.twelvesOtherStarts": "Ik doe twaalven, {name} begint",
  "twelves.ui.choice.fourteensIStart": "Ik doe veertienen, ik begin",
  "twelves.ui.choice.fourteensOtherStarts": "Ik doe veertienen, {name} begint",
  "twelves.ui.confirm.twelvesIStart": "Bevestigen: ik doe twaalven, ik begin",
  "twelves.ui.confirm.twelvesOtherStarts": "Bevestigen: ik doe twaalven, {name} begint",
  "twelves.ui.confirm.fourteensIStart": "Bevestigen: ik doe veertienen, ik begin",
  "twelves.ui.confirm.fourteensOtherStarts": "Bevestigen: ik doe veertienen, {name} begint",
  "twelves.ui.agreeFirst":
    "**Spreek eerst af** wie de twaalven verzamelt en wie het eerste paar pakt. Er gaat geen kaart van tafel voordat een voorstel bevestigd is.",
  "twelves.ui.pickPair": "Welk paar pak je?",
  "twelves.ui.pickPairPart": "Welk paar pak je? ({from}–{to} van {total})",
  "twelves.ui.pairOption": "{first} (kolom {a}) + {second} (kolom {b})",
  "twelves.ui.yourTurn":
    "Jouw beurt — je verzamelt **{role}** ({pairs}). Kies twee bovenste kaarten die een paar vormen ({count} mogelijk):",
  "twelves.ui.columnsInPlay": "Kolommen waarvan de bovenste kaart een paar vormt: {columns}.",
  "twelves.ui.youCollect": "Jij verzamelt **{role}**.",
  "twelves.ui.waitingDoing": "een paar van {target} pakken",
  "twelves.ui.over": "Dit spel is afgelopen.",
  "twelves.ui.resultLine": "• {name} ({role}): {count, plural, one {# paar} other {# paren}} — {result}",
  "twelves.ui.result.win": "gewonnen",
  "twelves.ui.result.loss": "verloren",
  "twelves.ui.status.agree":
    "spreek eerst af wie de twaalven verzamelt en wie begint: een van jullie doet een voorstel, de ander bevestigt.",
  "twelves.ui.status.proposal":
    "{proposer} stelt voor: {terms} — {other}, bevestig of doe een ander voorstel.",
  "twelves.ui.status.play":
    "{name} pakt een paar van {target} · paren: {totals} · nog {count, plural, one {# kaart} other {# kaarten}}.",

  // De tafelafbeelding (`twelves.pic.`).
  "twelves.pic.cardsLeft": "nog {count, plural, one {# kaart} other {# kaarten}}",
  "twelves.pic.emptyColumn": "leeg",
  "twelves.pic.agree": "Eerst afspreken: wie twaalven, wie begint?",
  "twelves.pic.proposed": "{proposer} stelde voor · {other} kan bevestigen",
  "twelves.pic.takes": "{name} pakt een paar van {target}",
  "twelves.pic.won": "Alle 52 kaarten gepakt: jullie winnen allebei!",
  "twelves.pic.lost": "Geen paar meer te pakken: jullie verliezen allebei",
  "twelves.pic.roleOpen": "Rol nog niet afgesproken: paren van 12 of van 14",
  "twelves.pic.tag.collects": "verzamelt {role}",
  "twelves.pic.tag.starts": "begint?",
  // The name, panel button and rules command the shared lobby and table show for this game.
  "game.twelves.title": "Twaalven en veertienen",
  "game.twelves.panelButton": "Mijn zet",
  // Alt text: what each picture shows, in words, for players who cannot see it.
  "twelves.alt.proposal": "{proposer} stelt voor: {terms}; wachten op bevestiging",
  "twelves.alt.player":
    "{name} verzamelt {role}, {count, plural, one {# paar} other {# paren}} genomen: {pairs}",
  "twelves.alt.legalPairs": "Paren die je mag nemen: {pairs}",
  "twelves.alt.cleared": "Alle kolommen zijn leeg.",
  "twelves.alt.playerTotal": "{name} verzamelt {role}: {count, plural, one {# paar} other {# paren}}",
};
