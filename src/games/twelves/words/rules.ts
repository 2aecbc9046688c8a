import { rolePairs } from "./pairs.js";

/**
 * The rules `/rules twelves` shows (Discord markdown, at most 4000 characters each). The Dutch are
 * written afresh from the English (never from the Dutch rulebooks): the same content and every ruling.
 */
export const rules = {
  en: [
    "**Twelves and Fourteens** — 2 players, cooperative. Together, clear all 52 cards from the table in pairs.",
    "• The whole deck lies face up in **13 numbered columns** of 4 overlapping cards. Only the fully visible card of each column, its **top card**, may be taken. Everything is public.",
    "• One of you collects pairs worth **12**, the other pairs worth **14** (A=1, J=11, Q=12, K=13; suits and colours never matter):",
    `  – Twelves: ${rolePairs("twelve", "en")} (Q+K is a special pair that counts as twelve)`,
    `  – Fourteens: ${rolePairs("fourteen", "en")}`,
    "• **Agree first.** After looking at the table, either of you proposes who collects twelves and who takes the first pair; the other presses **Confirm** or makes a new proposal, which replaces the old one. Nobody confirms their own proposal, and no card is taken until a proposal is confirmed.",
    "• **Your turn:** take the top cards of two different columns that together make one of **your** pairs. Taking is compulsory: there is no passing. Cards never move from one column to another. Then it is the other player's turn.",
    "• **End:** all 52 cards taken and you both win. When the player to move has no pair of their kind among the top cards, the game ends at once and you both lose.",
    "• Tip: in a won game each of you holds two cards of every rank, so every kind of pair is taken exactly twice (6+6 and 7+7 once). Taking one kind a third time makes the game unwinnable.",
    "Press **My move** on the table for your controls (only you see them).",
  ].join("\n"),
  nl: [
    "**Twaalven en veertienen** — 2 spelers, samen tegen het spel. Haal met z'n tweeën alle 52 kaarten in paren van tafel.",
    "• Het hele spel ligt open op tafel in **13 genummerde kolommen** van 4 kaarten die elkaar deels bedekken. Alleen de kaart die je helemaal ziet, de **bovenste kaart** van een kolom, mag je pakken. Niets is geheim.",
    "• De een verzamelt twaalven, paren die samen **12** zijn, de ander veertienen, paren van **14** (A = aas = 1, B = boer = 11, V = vrouw = 12, H = heer = 13; de kleur, ♠ ♥ ♦ ♣ of rood en zwart, doet er nooit toe):",
    `  – 12: ${rolePairs("twelve", "nl")} (V+H is een uitzondering: dat paar geldt als twaalf)`,
    `  – 14: ${rolePairs("fourteen", "nl")}`,
    "• **Eerst afspreken.** Als jullie de tafel hebben bekeken, stelt een van jullie voor wie twaalven verzamelt en wie het eerste paar pakt; de ander drukt op **Bevestigen** of doet zelf een voorstel, dat het vorige vervangt. Je eigen voorstel kun je niet bevestigen, en er gaat geen kaart van tafel voordat een voorstel bevestigd is.",
    "• **Jouw beurt:** pak de bovenste kaarten van twee verschillende kolommen die samen een van **jouw** paren vormen. Je moet pakken: passen bestaat niet. Kaarten verhuizen nooit van de ene kolom naar de andere. Daarna is de ander aan zet.",
    "• **Einde:** zijn alle 52 kaarten gepakt, dan winnen jullie allebei. Ligt er voor wie aan de beurt is geen eigen paar bij de bovenste kaarten, dan stopt het spel meteen en verliezen jullie allebei.",
    "• Tip: na een gewonnen spel heeft ieder van jullie van elke rang twee kaarten, dus elk paar (zoals 2+10) wordt precies twee keer gepakt (6+6 en 7+7 maar één keer). Wie hetzelfde paar voor de derde keer pakt, maakt het spel onwinbaar.",
    "Druk op tafel op **Mijn zet** voor je knoppen (alleen jij ziet ze).",
  ].join("\n"),
};
