/**
 * The rules `/rules stapelen` shows (Discord markdown, at most 4000 characters each). The Dutch are
 * written afresh from the English (never from the Dutch rulebooks): the same content and every ruling.
 */
export const rules = {
  en: [
    "**Stacking** — 2 players, cooperative. Together, move all 52 cards from the table onto your foundations.",
    "• The whole deck lies face up in **13 numbered columns** of 4 overlapping cards. Only the fully visible card of each column, its **top card**, may be taken. Everything is public.",
    "• Each of you has **3 foundations of your own**, empty at the start. Only you build on yours.",
    "• Turns alternate. Who starts makes no difference, so the player who created the game starts.",
    "• **Your turn:** take exactly one top card and put it on one of your own foundations. An empty foundation takes any card; on a foundation with cards, the card must be exactly **one higher** than its top card, and after the King comes the Ace again (… Q, K, A, 2 …). Suits never matter, and a foundation may grow past 13 cards.",
    "• There is no passing, and nothing moves back: a card never returns to the table, never moves to another foundation or column.",
    "• **End:** all 52 cards stacked and you both win. When the player to move cannot put any top card on any of **their own** foundations, the game ends at once and you both lose — strictly, even if the other player could still have placed one.",
    "Press **My move** on the table for your controls (only you see them).",
  ].join("\n"),
  nl: [
    "**Stapelen** — 2 spelers, samen tegen het spel. Breng met z'n tweeën alle 52 kaarten van tafel naar jullie fundamenten.",
    "• Het hele spel ligt open op tafel in **13 genummerde kolommen** van 4 kaarten die elkaar deels bedekken. Alleen de kaart die je helemaal ziet, de **bovenste kaart** van een kolom, mag je pakken. Niets is geheim.",
    "• Ieder van jullie heeft **3 eigen fundamenten**, aan het begin leeg. Alleen jij legt op die van jou.",
    "• Jullie spelen om de beurt. Wie begint maakt niets uit, dus begint wie het spel heeft aangemaakt.",
    "• **Jouw beurt:** pak precies één bovenste kaart en leg hem op een van je eigen fundamenten. Op een leeg fundament mag elke kaart; ligt er al iets, dan moet de kaart precies **één hoger** zijn dan de bovenste, en na de heer komt weer de aas (… vrouw, heer, aas, 2 …). De kleur doet er nooit toe, en een fundament mag meer dan 13 kaarten tellen.",
    "• Passen bestaat niet, en terug kan niets: een kaart komt nooit meer op tafel en gaat nooit naar een ander fundament of een andere kolom.",
    "• **Einde:** alle 52 kaarten gestapeld, dan winnen jullie allebei. Kan wie aan de beurt is geen enkele bovenste kaart kwijt op **zijn eigen** fundamenten, dan stopt het spel meteen en verliezen jullie allebei — streng, ook als de ander die kaart nog wel had kunnen leggen.",
    "Druk op tafel op **Mijn zet** voor je knoppen (alleen jij ziet ze).",
  ].join("\n"),
};
