/**
 * The rules `/rules fourkings` shows (Discord markdown, at most 4000 characters each). The Dutch are
 * written afresh from the English (never from the Dutch rulebooks): the same content and every ruling.
 */
export const rules = {
  en: [
    "**Four Kings** — a solo patience: conquer all four Kings in three rounds.",
    "• You start in control of the twelve A, 2 and 3 (face up). The rest are three face-down draw piles, each shuffled: **I** = the 4–6, **II** = the 7–10, **III** = J, Q, K (A=1, J=11, Q=12, K=13). Round 1 draws from I, round 2 from II, round 3 from III; each round has its own face-down lost pile.",
    "• A turn, strictly in this order: **1.** choose your hand from your controlled cards — 5 in round 1, 3 in rounds 2–3 (all of them if you control fewer). **2.** Only then are 2 cards drawn, face up. **3.** Place 1 to 3 hand cards (1 to 2 in rounds 2–3) on each drawn card; cards on the same drawn card must share one suit.",
    "• A drawn card is **won** when the cards on it are of its suit and add up to at least its value, or of another suit and add up to at least **three times** its value. A won card and the cards on it become yours; a card not won goes face down to the lost pile together with the cards on it. Hand cards you did not place come back.",
    "• When the draw pile is empty the lost pile is shuffled into a new draw pile — also in the middle of a draw. If both are empty you draw what is left (perhaps a single card).",
    "• Round 1 ends when you control all 24 cards A–6, round 2 when you control all 40 cards A–10. You **win** in round 3 as soon as you control all four Kings. You **lose** when a turn would start with fewer than 2 controlled cards, or after 1000 turns (giving one card back for each one won could otherwise go on for ever).",
    "• The draw piles are only ever counted, never shown. Option `peek` (for beginners) shows the lost pile's contents.",
    "Press **Play** on the table: pick your whole hand in one menu (a menu per few suits when you control more than 25 cards), confirm it, then one menu per drawn card places it.",
  ].join("\n"),
  nl: [
    "**4 Koningen** — patience voor één speler: verover in drie rondes alle vier de koningen.",
    "• Bij de start heb je de twaalf azen, 2'en en 3'en onder controle (open). De rest vormt drie gedekte trekstapels, elk apart geschud: **I** = de 4–6, **II** = de 7–10, **III** = B, V, H (A = 1, B = boer = 11, V = vrouw = 12, H = heer of koning = 13). In ronde 1 trek je uit I, in ronde 2 uit II, in ronde 3 uit III; elke ronde heeft een eigen gedekte stapel voor verloren kaarten.",
    "• Een beurt gaat strikt in deze volgorde: **1.** kies je hand uit de kaarten die je onder controle hebt — 5 in ronde 1, 3 in ronde 2 en 3 (allemaal als je er minder hebt). **2.** Pas dan worden er 2 kaarten open getrokken. **3.** Leg op elke getrokken kaart 1 tot 3 handkaarten (1 tot 2 in ronde 2 en 3); kaarten op dezelfde getrokken kaart moeten allemaal van één kleur zijn (♠, ♥, ♦ of ♣).",
    "• Een getrokken kaart is **gewonnen** als de kaarten erop dezelfde kleur hebben en samen minstens zijn waarde halen, of een andere kleur hebben en samen minstens **drie keer** zijn waarde halen. Een gewonnen kaart en de kaarten erop komen onder je controle; een kaart die je niet wint, gaat gedekt naar de stapel verloren kaarten, samen met de kaarten erop. Handkaarten die je niet hebt neergelegd, krijg je terug.",
    "• Raakt de trekstapel op, dan wordt de stapel verloren kaarten geschud en is dat de nieuwe trekstapel — ook halverwege het trekken. Zijn ze allebei leeg, dan trek je wat er nog ligt (soms maar één kaart).",
    "• Ronde 1 is klaar als je alle 24 kaarten A–6 onder controle hebt, ronde 2 bij alle 40 kaarten A–10. Je **wint** in ronde 3 zodra je alle vier de koningen onder controle hebt. Je **verliest** als een beurt zou beginnen met minder dan 2 kaarten onder controle, of na 1000 beurten (anders kan het eindeloos doorgaan, telkens een kaart kwijt voor elke kaart die je wint).",
    "• Van de trekstapels zie je alleen hoeveel kaarten erin zitten, nooit welke. De optie `inkijken` (voor beginners) laat zien wat er in de stapel verloren kaarten zit.",
    "Druk op tafel op **Spelen**: kies je hele hand in één menu (een menu per paar kleuren als je meer dan 25 kaarten onder controle hebt), bevestig hem, en kies daarna met één menu per getrokken kaart wat erop komt.",
  ].join("\n"),
};
