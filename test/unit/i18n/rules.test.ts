import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChatInputCommandInteraction } from "discord.js";
import { describe, expect, it } from "vitest";
import { rulesCommand } from "../../../commands/rules.js";
import type { BotContext } from "../../../src/bot/context.js";
import { messageParts } from "../../../src/bot/respond.js";
import { GAMES } from "../../../src/games/index.js";
import { rolePairs } from "../../../src/games/twelves/words/pairs.js";

/** One ruling of docs/RULES.md (or of the bot), by the words that state it in each language. */
interface Ruling {
  ruling: string;
  en: RegExp[];
  nl: RegExp[];
}

/** Every game the bot offers, by id. */
type RulesGame = "thegame" | "twelves" | "stapelen" | "sirtommy" | "fourkings" | "troubadour" | "onevstwo";

const RULINGS: Record<RulesGame, Ruling[]> = {
  thegame: [
    { ruling: "98 cards 2–99 on four piles", en: [/98 cards \(2–99\)/], nl: [/98 kaarten \(2–99\)/] },
    {
      ruling: "two piles up from 1, two down from 100",
      en: [/\*\*up\*\* from 1/, /\*\*down\*\* from 100/],
      nl: [/\*\*stijgen\*\* vanaf 1/, /\*\*dalen\*\* vanaf 100/],
    },
    {
      ruling: "backwards trick of exactly 10, any number of times",
      en: [/exactly 10 lower/, /exactly 10 higher/, /as often as you can/],
      nl: [/precies 10 lager/, /precies 10 hoger/, /zo vaak als je kunt/],
    },
    {
      ruling: "minimum 2, 3 in expert, 1 once the draw pile is empty",
      en: [/at least \*\*2\*\* cards \(3 in `expert`\)/, /draw pile is empty the minimum is 1/],
      nl: [/minstens \*\*2\*\* kaarten \(3 met `expert`\)/, /trekstapel leeg, dan is het minimum 1/],
    },
    {
      ruling: "hand size 8/7/6, one less with smaller hands",
      en: [/8 solo, 7 for two, 6 for 3–5; one less with `smaller-hands`/],
      nl: [/8 als je alleen speelt, 7 met z'n tweeën, 6 met 3–5; een minder met `kleinere-handen`/],
    },
    {
      ruling: "a player with an empty hand is skipped",
      en: [/empty hand are skipped/],
      nl: [/geen kaarten meer heeft, wordt overgeslagen/],
    },
    {
      ruling: "the first to claim the start starts",
      en: [/\*\*I'll start\*\*: the first to press it starts/],
      nl: [/\*\*Ik begin\*\* drukken: wie dat het eerst doet, begint/],
    },
    { ruling: "talk, but never numbers", en: [/never say numbers/], nl: [/noem nooit getallen/] },
    {
      ruling: "signals without numbers on the public table",
      en: [
        /hold this pile/,
        /I can play well here/,
        /big jump coming/,
        /carry no numbers and show on the table/,
      ],
      nl: [
        /houd deze stapel vrij/,
        /hier kan ik goed spelen/,
        /grote sprong op komst/,
        /geen getallen/,
        /op tafel/,
      ],
    },
    {
      ruling: "the end is found by searching card orders, with a warning first",
      en: [/every possible order of your cards/, /warns you before a play/],
      nl: [/elke volgorde van je kaarten/, /waarschuwt je vóór een zet/],
    },
    {
      ruling: "score is the cards left; under 10 is excellent; all played is a perfect win",
      en: [/perfect win/, /number of cards left: under 10 is excellent/],
      nl: [/perfecte overwinning/, /aantal kaarten dat over is: onder de 10 is uitstekend/],
    },
  ],
  twelves: [
    {
      ruling: "13 columns of 4, only top cards, all public",
      en: [/\*\*13 numbered columns\*\* of 4/, /\*\*top card\*\*/, /Everything is public/],
      nl: [/\*\*13 genummerde kolommen\*\* van 4/, /\*\*bovenste kaart\*\*/, /Niets is geheim/],
    },
    {
      ruling: "the pairs of 12 and 14, Q+K special, J is 11, suits never matter",
      en: [
        new RegExp(escapeRegExp(rolePairs("twelve", "en"))),
        new RegExp(escapeRegExp(rolePairs("fourteen", "en"))),
        /Q\+K is a special pair/,
        /J=11/,
        /suits and colours never matter/,
      ],
      nl: [
        new RegExp(escapeRegExp(rolePairs("twelve", "nl"))),
        new RegExp(escapeRegExp(rolePairs("fourteen", "nl"))),
        /V\+H is een uitzondering/,
        /B = boer = 11/,
        /de kleur, ♠ ♥ ♦ ♣ of rood en zwart, doet er nooit toe/,
      ],
    },
    {
      ruling:
        "either proposes roles and starter, the other confirms, re-proposals replace, nothing moves before",
      en: [
        /either of you proposes who collects twelves and who takes the first pair/,
        /\*\*Confirm\*\*/,
        /replaces the old one/,
        /Nobody confirms their own proposal/,
        /no card is taken until a proposal is confirmed/,
      ],
      nl: [
        /stelt een van jullie voor wie twaalven verzamelt en wie het eerste paar pakt/,
        /\*\*Bevestigen\*\*/,
        /vorige vervangt/,
        /eigen voorstel kun je niet bevestigen/,
        /geen kaart van tafel voordat een voorstel bevestigd is/,
      ],
    },
    {
      ruling: "a pair from two different columns, no passing, no moves between columns",
      en: [/two different columns/, /no passing/, /never move from one column to another/],
      nl: [/twee verschillende kolommen/, /passen bestaat niet/, /nooit van de ene kolom naar de andere/],
    },
    {
      ruling: "all taken: both win; no pair for the player to move: both lose",
      en: [/all 52 cards taken and you both win/, /no pair of their kind .* you both lose/],
      nl: [
        /alle 52 kaarten gepakt, dan winnen jullie allebei/,
        /geen eigen paar .* verliezen jullie allebei/,
      ],
    },
    {
      ruling: "each pair kind twice, 6+6 and 7+7 once; a third time is unwinnable",
      en: [/exactly twice \(6\+6 and 7\+7 once\)/, /third time makes the game unwinnable/],
      nl: [
        /elk paar \(zoals 2\+10\) wordt precies twee keer gepakt \(6\+6 en 7\+7 maar één keer\)/,
        /derde keer pakt, maakt het spel onwinbaar/,
      ],
    },
  ],
  stapelen: [
    {
      ruling: "13 columns of 4, only top cards, all public",
      en: [/\*\*13 numbered columns\*\* of 4/, /\*\*top card\*\*/, /Everything is public/],
      nl: [/\*\*13 genummerde kolommen\*\* van 4/, /\*\*bovenste kaart\*\*/, /Niets is geheim/],
    },
    {
      ruling: "three own foundations, empty at the start",
      en: [/\*\*3 foundations of your own\*\*, empty/],
      nl: [/\*\*3 eigen fundamenten\*\*, aan het begin leeg/],
    },
    {
      ruling: "the creator of the game starts",
      en: [/the player who created the game starts/],
      nl: [/begint wie het spel heeft aangemaakt/],
    },
    {
      ruling: "one card a turn, empty takes any, else exactly one higher with K→A→2",
      en: [
        /exactly one top card/,
        /empty foundation takes any card/,
        /exactly \*\*one higher\*\*/,
        /Q, K, A, 2/,
      ],
      nl: [
        /precies één bovenste kaart/,
        /leeg fundament mag elke kaart/,
        /precies \*\*één hoger\*\*/,
        /vrouw, heer, aas, 2/,
      ],
    },
    {
      ruling: "suits never matter; a foundation may pass 13 cards",
      en: [/Suits never matter/, /grow past 13 cards/],
      nl: [/De kleur doet er nooit toe/, /meer dan 13 kaarten/],
    },
    {
      ruling: "no passing, nothing moves back",
      en: [/no passing/, /never returns to the table, never moves to another foundation or column/],
      nl: [
        /Passen bestaat niet/,
        /nooit meer op tafel en gaat nooit naar een ander fundament of een andere kolom/,
      ],
    },
    {
      ruling: "strict loss when the player to move cannot place, even if the other could",
      en: [
        /all 52 cards stacked and you both win/,
        /\*\*their own\*\*/,
        /strictly, even if the other player could/,
      ],
      nl: [
        /alle 52 kaarten gestapeld, dan winnen jullie allebei/,
        /\*\*zijn eigen\*\*/,
        /streng, ook als de ander/,
      ],
    },
  ],
  sirtommy: [
    {
      ruling: "four own foundations, Ascending A→K, Descending K→A, at most 13, suits never matter",
      en: [
        /four \*\*own foundations\*\*/,
        /Ace and goes up to the King/,
        /King down to Ace/,
        /at most 13 cards/,
      ],
      nl: [
        /vier \*\*eigen fundamenten\*\*/,
        /begint met een aas en loopt op tot de heer/,
        /van heer omlaag tot aas/,
        /hooguit 13 kaarten/,
      ],
    },
    {
      ruling: "propose and confirm who is Ascending; Ascending starts",
      en: [
        /proposes \(\*\*I'm Ascending\*\* \/ \*\*You're Ascending\*\*\)/,
        /Ascending takes the first turn/,
      ],
      nl: [
        /voorstel \(\*\*Ik ben Oplopend\*\* \/ \*\*Jij bent Oplopend\*\*\)/,
        /Oplopend heeft de eerste beurt/,
      ],
    },
    {
      ruling: "draw 3, the last draw 1",
      en: [/3 cards from the stock/, /52 = 17×3\+1/],
      nl: [/3 kaarten van de voorraad/, /52 = 17×3\+1/],
    },
    {
      ruling: "drawn cards and row tops to own foundations, any order, nothing compulsory",
      en: [/four \*\*shared rows\*\*/, /newly uncovered row top can move too/, /Nothing is compulsory/],
      nl: [/vier \*\*gedeelde rijen\*\*/, /rijkaart die zo vrijkomt, mag ook mee/, /Niets is verplicht/],
    },
    {
      ruling: "unplaced drawn cards onto any row, any time; the turn ends only with none left",
      en: [
        /whatever its value, or into an empty row/,
        /at any moment of the turn/,
        /\*\*End turn\*\* works only when no drawn card is left/,
      ],
      nl: [
        /wat die ook waard is, of in een lege rij/,
        /wanneer je maar wilt tijdens je beurt/,
        /\*\*Beurt beëindigen\*\* kan pas als er geen getrokken kaart meer/,
      ],
    },
    {
      ruling: "foundation cards and row cards never move elsewhere",
      en: [/Foundation cards never move again/, /never moves to another row/],
      nl: [/fundament gaat daar nooit meer af/, /nooit naar een andere rij/],
    },
    {
      ruling: "after the stock, passing is always allowed before moving, even with a move",
      en: [/\*\*Pass\*\* \(always allowed before you move a card that turn, even when you could move\)/],
      nl: [
        /\*\*Passen\*\* \(dat mag altijd zolang je die beurt nog geen kaart hebt verplaatst, ook als je wel iets kunt\)/,
      ],
    },
    {
      ruling: "all 52: both win, 30 or more is super-winner; two passes or no moves: both lose",
      en: [
        /\*\*30 or more\*\*/,
        /\*\*super-winner\*\*/,
        /Two passes in a row, or a moment when neither of you can move/,
      ],
      nl: [
        /\*\*30 of meer\*\*/,
        /\*\*superwinnaar\*\*/,
        /Twee keer na elkaar passen, of een moment waarop geen van jullie/,
      ],
    },
  ],
  fourkings: [
    {
      ruling: "A–3 controlled; piles I 4–6, II 7–10, III J–K, one per round; a lost pile per round",
      en: [
        /twelve A, 2 and 3/,
        /\*\*I\*\* = the 4–6, \*\*II\*\* = the 7–10, \*\*III\*\* = J, Q, K/,
        /own face-down lost pile/,
      ],
      nl: [
        /twaalf azen, 2'en en 3'en/,
        /\*\*I\*\* = de 4–6, \*\*II\*\* = de 7–10, \*\*III\*\* = B, V, H/,
        /eigen gedekte stapel voor verloren kaarten/,
      ],
    },
    {
      ruling: "hand 5 then 3, all if fewer, chosen before the draw of 2",
      en: [
        /5 in round 1, 3 in rounds 2–3 \(all of them if you control fewer\)/,
        /Only then are 2 cards drawn/,
      ],
      nl: [
        /5 in ronde 1, 3 in ronde 2 en 3 \(allemaal als je er minder hebt\)/,
        /Pas dan worden er 2 kaarten open getrokken/,
      ],
    },
    {
      ruling: "1–3 (1–2) cards on each drawn card, all of one suit",
      en: [/1 to 3 hand cards \(1 to 2 in rounds 2–3\)/, /must share one suit/],
      nl: [/1 tot 3 handkaarten \(1 tot 2 in ronde 2 en 3\)/, /allemaal van één kleur/],
    },
    {
      ruling: "won with the suit at its value, another suit at three times",
      en: [/of its suit and add up to at least its value/, /at least \*\*three times\*\* its value/],
      nl: [/dezelfde kleur hebben en samen minstens zijn waarde/, /minstens \*\*drie keer\*\* zijn waarde/],
    },
    {
      ruling: "won cards become controlled; lost ones go with their cards to the lost pile; unplaced return",
      en: [
        /become yours/,
        /lost pile together with the cards on it/,
        /Hand cards you did not place come back/,
      ],
      nl: [
        /komen onder je controle/,
        /stapel verloren kaarten, samen met de kaarten erop/,
        /niet hebt neergelegd, krijg je terug/,
      ],
    },
    {
      ruling: "lost pile reshuffled, also mid-draw; both empty: draw what is left",
      en: [/also in the middle of a draw/, /draw what is left \(perhaps a single card\)/],
      nl: [/ook halverwege het trekken/, /trek je wat er nog ligt \(soms maar één kaart\)/],
    },
    {
      ruling: "rounds end at 24 and 40 cards; win with four Kings; lose under 2 cards or after 1000 turns",
      en: [
        /all 24 cards A–6/,
        /all 40 cards A–10/,
        /all four Kings/,
        /fewer than 2 controlled cards, or after 1000 turns/,
      ],
      nl: [
        /alle 24 kaarten A–6/,
        /alle 40 kaarten A–10/,
        /alle vier de koningen/,
        /minder dan 2 kaarten onder controle, of na 1000 beurten/,
      ],
    },
    {
      ruling: "draw piles never shown; peek shows the lost pile",
      en: [/never shown/, /`peek`.*lost pile's contents/],
      nl: [/nooit welke/, /`inkijken`.*stapel verloren kaarten zit/],
    },
  ],
  troubadour: [
    {
      ruling: "own deck, 12 nobles, 5 villages of two face down and one up, 4 castles",
      en: [
        /your 12 \*\*nobles\*\*/,
        /\*\*5 villages\*\* \(two cards face down, one face up on top\)/,
        /\*\*4 castles\*\*/,
      ],
      nl: [
        /je 12 \*\*edelen\*\*/,
        /\*\*5 dorpen\*\* \(twee kaarten dicht, één open bovenop\)/,
        /\*\*4 kastelen\*\*/,
      ],
    },
    {
      ruling: "3 nobles chosen in secret, changeable until the last has chosen, revealed at once",
      en: [
        /secretly chooses \*\*3 nobles\*\*/,
        /change your pick until the last player has chosen/,
        /all trios are shown at once/,
      ],
      nl: [
        /in het geheim \*\*3 edelen\*\*/,
        /Tot de laatste speler gekozen heeft, mag je je keuze nog wijzigen/,
        /alle drietallen tegelijk getoond/,
      ],
    },
    {
      ruling: "lowest noble first: ♠<♦<♣<♥, J<Q<K, then second and third; identical trios roll a die",
      en: [
        /♠ < ♦ < ♣ < ♥, J < Q < K/,
        /second lowest, then the third/,
        /rolls a die for each tied player/,
        /re-rolling on any tie/,
      ],
      nl: [
        /♠ < ♦ < ♣ < ♥, B < V < H/,
        /op een na laagste, en daarna de derde/,
        /voor elke speler die gelijk staat een dobbelsteen/,
        /gelijke worp gooit die hele groep opnieuw/,
      ],
    },
    {
      ruling: "one optional standard draw; an empty draw pile is refilled from the waste",
      en: [/one optional \*\*standard draw\*\*/, /refilled by turning the waste over/],
      nl: [/één \*\*standaardtrek\*\* als je wilt/, /vul je door de aflegstapel om te keren/],
    },
    {
      ruling: "castles A to 10 of a suit; villages one lower, other colour; runs; auto turn-up",
      en: [
        /an Ace starts one/,
        /a 10 completes it/,
        /one lower and of the other colour/,
        /A run on top of a village may move as a unit/,
        /turned up by itself/,
      ],
      nl: [
        /een aas begint er een/,
        /met de 10 is het kasteel af/,
        /één lager is en rood op zwart of zwart op rood ligt/,
        /Een reeks bovenop een dorp mag in één keer verhuizen/,
        /gaat vanzelf open/,
      ],
    },
    {
      ruling: "♠ attacks go shuffled under the draw pile, one opponent each; ♦ protects against everyone",
      en: [
        /shuffled under that player's draw pile/,
        /each attack picks one opponent/,
        /♦J \/ ♦Q \/ ♦K protect you all round, against everyone/,
      ],
      nl: [
        /geschud onder de trekstapel van die speler/,
        /per aanval één tegenstander/,
        /♦B \/ ♦V \/ ♦H beschermen je de hele ronde tegen ♠B \/ ♠V \/ ♠B\+V\+H, van wie dan ook/,
      ],
    },
    {
      ruling: "a refused attack leaves the noble unused",
      en: [/refused and the noble stays unused/],
      nl: [/wordt geweigerd, en de edele blijft dan ongebruikt/],
    },
    {
      ruling: "♣J one full pass; ♣Q 2, ♣K 3 only after an opponent's ♣J/♣Q; one at a time; unused lapse",
      en: [
        /one full pass at most/,
        /♣Q: 2 extra cards/,
        /♣K: 3 more, only if an opponent chose ♣J or ♣Q/,
        /one at a time/,
        /lapse when your turn ends/,
      ],
      nl: [
        /hooguit één keer de hele stapel door/,
        /♣V: 2 kaarten extra/,
        /♣H: nog 3, maar alleen als een tegenstander ♣B of ♣V koos/,
        /een voor een/,
        /vervalt aan het eind van je beurt/,
      ],
    },
    {
      ruling:
        "♥J from under a village top; ♥Q's Ace only as the very next move; ♥Q+K without face-down cards",
      en: [
        /♥J: move a face-up card from \*under\*/,
        /only as your very next move/,
        /none of your own villages holds a face-down card/,
        /not one already on top of the waste/,
      ],
      nl: [
        /♥B: leg een open kaart van \*onder\*/,
        /alleen met je allereerstvolgende zet/,
        /geen van je eigen dorpen nog een dichte kaart heeft/,
        /niet de kaart die al bovenop de aflegstapel ligt/,
      ],
    },
    {
      ruling: "alone versus combination rule out each other; ♠K and ♥K alone do nothing",
      en: [
        /rules out ♠J\+Q\+K that turn and vice versa/,
        /♥Q alone and ♥Q\+K likewise/,
        /♠K and ♥K do nothing alone/,
      ],
      nl: [
        /vervalt ♠B\+V\+H die beurt, en omgekeerd/,
        /♥V los tegenover ♥V\+H/,
        /♠H en ♥H doen in hun eentje niets/,
      ],
    },
    {
      ruling: "four castles win at once; 200 rounds is a draw",
      en: [/complete all four castles wins at once/, /After 200 rounds without a winner the game is a draw/],
      nl: [
        /alle vier de kastelen af heeft, wint meteen/,
        /Na 200 rondes zonder winnaar eindigt het spel onbeslist/,
      ],
    },
    {
      ruling: "no pick is seen before all have chosen",
      en: [/sees a pick before everyone has chosen/],
      nl: [/ziet een keuze voordat iedereen gekozen heeft/],
    },
  ],
  onevstwo: [
    {
      ruling: "seats in join order, clockwise; pairs 1+3 against 2+4",
      en: [/join order, clockwise/, /seats 1 and 3 play as a pair against seats 2 and 4/],
      nl: [/in de lobby kwam, met de klok mee/, /plaats 1 en 3 een paar tegen plaats 2 en 4/],
    },
    {
      ruling: "the servant's cards are the dummy, and the servant plays them without the boss",
      en: [
        /\*\*servant\*\*, whose own cards are laid open as the dummy/,
        /the servant does, without advice, and the boss may not/,
      ],
      nl: [
        /\*\*bediende\*\*, en diens eigen kaarten liggen dat spel open als blinde/,
        /doet de bediende dat, zonder advies, en de baas mag dat niet/,
      ],
    },
    {
      ruling: "with 3 players the dummy lies opposite the boss and the boss plays it",
      en: [/dummy always lies opposite whoever is boss/, /with 3 players the boss chooses its cards/],
      nl: [/blinde altijd tegenover wie er baas is/, /met 3 spelers kiest de baas de kaarten/],
    },
    {
      ruling: "contract 1 to 13, once, before the first card, public, unchangeable",
      en: [/1 to 13/, /announced once, before the first card, is public at once, and can never be changed/],
      nl: [
        /1 tot 13/,
        /één keer, vóór de eerste kaart, is meteen voor iedereen zichtbaar en kan nooit meer veranderen/,
      ],
    },
    {
      ruling: "left louse leads; follow suit; trumps win; dummy's tricks are the boss's",
      en: [
        /left louse leads the first/,
        /Follow the suit led if you can/,
        /highest trump wins/,
        /Tricks the dummy wins belong to the boss/,
      ],
      nl: [
        /linkerluis komt uit in de eerste/,
        /Beken kleur als je kunt/,
        /hoogste troef wint/,
        /Slagen van de blinde zijn voor de baas/,
      ],
    },
    {
      ruling: "score: 10 a trick plus the largest premium only; −50 a trick short; 400 and −100",
      en: [
        /10 per trick won/,
        /300 for 9\+ in no trump, 10\+ with ♥ or ♠ trumps, 11\+ with ♣ or ♦ trumps; 500 for announcing 12; 1000 for announcing 13/,
        /only the largest premium counts/,
        /−50 for every trick short/,
        /400/,
        /−100/,
      ],
      nl: [
        /10 per gewonnen slag/,
        /300 voor 9\+ zonder troef, 10\+ met ♥ of ♠ als troef, 11\+ met ♣ of ♦ als troef; 500 voor een bod van 12; 1000 voor een bod van 13/,
        /alleen de hoogste premie telt/,
        /−50 voor elke slag die ontbreekt/,
        /400/,
        /−100/,
      ],
    },
    {
      ruling: "a round replays one deal with each boss; earlier games may be used",
      en: [
        /every player is boss once on that same deal/,
        /same 13 cards back/,
        /Using what you saw in an earlier game of the round is allowed/,
      ],
      nl: [
        /iedere speler één keer baas met precies die verdeling/,
        /dezelfde 13 kaarten terug/,
        /Wat je in een eerder spel van de ronde hebt gezien, mag je gebruiken/,
      ],
    },
    {
      ruling: "the host is the first boss; each round's first boss sits left of the last one's",
      en: [/host \(seat 1\) is the very first boss/, /first boss sits left of the last round's first boss/],
      nl: [
        /wie de tafel opende \(plaats 1\), is de allereerste baas/,
        /eerste baas zit dan links van de eerste baas van de vorige ronde/,
      ],
    },
    {
      ruling: "3 rounds (9 games) or 4 rounds (16 games); highest total wins, ties share",
      en: [/3 rounds \(9 games\)/, /4 rounds \(16 games\)/, /equal totals share the place/],
      nl: [/3 rondes \(9 spellen\)/, /4 rondes \(16 spellen\)/, /bij gelijke totalen deel je de plaats/],
    },
    {
      ruling: "the last trick stays visible and can be looked at",
      en: [/stays on the table until the next card/, /\*\*Last trick\*\*/],
      nl: [/blijft op tafel liggen tot de volgende kaart/, /\*\*Laatste slag\*\*/],
    },
  ],
};

const RULED = Object.keys(RULINGS) as RulesGame[];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lower-case words of letters and digits only, so punctuation and spacing cannot hide a copied run. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Runs of `length` words with at least one word in them: bare number lists (the pairs) are facts, not prose. */
function runs(text: string, length: number): Set<string> {
  const list = words(text);
  const found = new Set<string>();
  for (let i = 0; i + length <= list.length; i++) {
    const run = list.slice(i, i + length).join(" ");
    if (/\p{L}/u.test(run)) found.add(run);
  }
  return found;
}

describe("/rules texts", () => {
  it("every game has English and Dutch rules of at most 4000 characters, sent whole", () => {
    expect([...RULED].sort()).toEqual([...GAMES.ids].sort());
    for (const game of RULED) {
      for (const locale of ["en", "nl"] as const) {
        const text = GAMES.get(game)!.words.rules[locale];
        expect(text.length, `${game} ${locale}`).toBeLessThanOrEqual(4000);
        expect(messageParts(text).join("\n"), `${game} ${locale}: a line too long to send`).toBe(text);
      }
      expect(GAMES.get(game)!.words.rules.nl).not.toBe(GAMES.get(game)!.words.rules.en);
    }
  });

  it("Troubadour's rules read in short steps: one point per line, none over 300 characters", () => {
    for (const locale of ["en", "nl"] as const) {
      const long = GAMES.get("troubadour")!
        .words.rules[locale].split("\n")
        .filter((line) => line.length > 300);
      expect(long, locale).toEqual([]);
    }
  });

  it("the Dutch rules open with the Dutch game names", () => {
    const names: Record<RulesGame, string> = {
      thegame: "The Game",
      twelves: "Twaalven en veertienen",
      stapelen: "Stapelen",
      sirtommy: "Sir Tommy voor twee",
      fourkings: "4 Koningen",
      troubadour: "Troubadour",
      onevstwo: "Eén versus twee",
    };
    for (const game of RULED)
      expect(GAMES.get(game)!.words.rules.nl.startsWith(`**${names[game]}**`)).toBe(true);
  });

  for (const game of RULED) {
    it(`${game}: every ruling is stated in both languages`, () => {
      for (const { ruling, en, nl } of RULINGS[game]) {
        for (const pattern of en) expect(GAMES.get(game)!.words.rules.en, `${ruling} (en)`).toMatch(pattern);
        for (const pattern of nl) expect(GAMES.get(game)!.words.rules.nl, `${ruling} (nl)`).toMatch(pattern);
      }
    });
  }

  // The Dutch rulebooks live beside the project, not in it (they are copyrighted).
  const seeds = process.env.RULES_SEEDS_DIR ?? "/work/shared/seeds";
  it.skipIf(!existsSync(seeds))(
    "no run of 8 words from the Dutch rulebooks appears in the Dutch rules",
    () => {
      const books = readdirSync(seeds).filter((file) => file.endsWith(".txt"));
      expect(books.length).toBeGreaterThan(0);
      const copied = new Set<string>();
      for (const book of books)
        for (const run of runs(readFileSync(join(seeds, book), "utf8"), 8)) copied.add(run);
      for (const game of RULED) {
        const shared = [...runs(GAMES.get(game)!.words.rules.nl, 8)].filter((run) => copied.has(run));
        expect(shared, game).toEqual([]);
      }
    },
  );
});

describe("/rules", () => {
  async function rulesReply(locale: string, chosen: "en" | "nl" | null = null): Promise<string[]> {
    const sent: string[] = [];
    const interaction = {
      locale,
      user: { id: "u1" },
      createdTimestamp: Date.now(),
      options: { getString: () => "troubadour" },
      isMessageComponent: () => false,
      reply: async (body: { content: string }) => {
        sent.push(body.content);
      },
      followUp: async (body: { content: string }) => {
        sent.push(body.content);
      },
    } as unknown as ChatInputCommandInteraction;
    const ctx = {
      games: GAMES,
      uis: GAMES.uis(),
      painter: { wouldWait: () => false },
      store: { preferences: { userPrefs: async () => ({ language: chosen }) } },
    } as unknown as BotContext;
    await rulesCommand(GAMES).execute(ctx, interaction);
    return sent;
  }

  it("answers in Dutch for a Dutch Discord locale", async () => {
    expect((await rulesReply("nl")).join("\n")).toBe(GAMES.get("troubadour")!.words.rules.nl);
  });

  it("answers in English for any other locale", async () => {
    expect((await rulesReply("en-US")).join("\n")).toBe(GAMES.get("troubadour")!.words.rules.en);
    expect((await rulesReply("de")).join("\n")).toBe(GAMES.get("troubadour")!.words.rules.en);
  });

  it("answers in the language the player chose with /notify language, whatever their client's", async () => {
    expect((await rulesReply("en-US", "nl")).join("\n")).toBe(GAMES.get("troubadour")!.words.rules.nl);
    expect((await rulesReply("nl", "en")).join("\n")).toBe(GAMES.get("troubadour")!.words.rules.en);
  });
});
