/**
 * The rules `/rules sirtommy` shows (Discord markdown, at most 4000 characters each). The Dutch are
 * written afresh from the English (never from the Dutch rulebooks): the same content and every ruling.
 */
export const rules = {
  en: [
    "**Sir Tommy for two** — 2 players, cooperative with a competitive edge. Together, get all 52 cards onto foundations.",
    "• Each player has four **own foundations**. One player is **Ascending**: a foundation starts with an Ace and goes up to the King. The other is **Descending**: King down to Ace. Suits never matter; a foundation holds at most 13 cards.",
    "• First agree who is Ascending: one of you proposes (**I'm Ascending** / **You're Ascending**), the other confirms or proposes the other way. Ascending takes the first turn.",
    "• **Your turn:** the bot draws 3 cards from the stock for you at once (the last draw is a single card: 52 = 17×3+1). Put drawn cards and the top cards of the four **shared rows** on your own foundations, as many as you like, in any order; a newly uncovered row top can move too. Nothing is compulsory.",
    "• Every drawn card that does not go on a foundation goes on a row of your choice — on any card, whatever its value, or into an empty row — at any moment of the turn. **End turn** works only when no drawn card is left in front of you; no passing while you have drawn cards.",
    "• Foundation cards never move again, and a row card never moves to another row.",
    "• **Stock used up:** turns alternate; move row tops to your foundations, then end your turn, or **Pass** (always allowed before you move a card that turn, even when you could move).",
    "• **End:** all 52 cards on foundations and you both win — a player with **30 or more** of them is the **super-winner**. Two passes in a row, or a moment when neither of you can move any row card, ends the game with cards left: you both lose.",
    "• **Taking back:** a card you put on a foundation or a row this turn can be taken back with **Take back** in your panel, one at a time (the rows are face up, so nothing new was shown). The draw, ending the turn and passing are final.",
    "Press **My moves** on the table for your controls (only you see them).",
  ].join("\n"),
  nl: [
    "**Sir Tommy voor twee** — 2 spelers, samen tegen het spel, maar ook een beetje tegen elkaar. Krijg met z'n tweeën alle 52 kaarten op de fundamenten.",
    "• Elke speler heeft vier **eigen fundamenten**. De een is **Oplopend**: een fundament begint met een aas en loopt op tot de heer. De ander is **Aflopend**: van heer omlaag tot aas. De kleur doet er nooit toe; een fundament telt hooguit 13 kaarten.",
    "• Spreek eerst af wie Oplopend is: een van jullie doet een voorstel (**Ik ben Oplopend** / **Jij bent Oplopend**), de ander bevestigt of stelt het omgekeerde voor. Oplopend heeft de eerste beurt.",
    "• **Jouw beurt:** de bot trekt meteen 3 kaarten van de voorraad voor je (de laatste keer maar één: 52 = 17×3+1). Leg getrokken kaarten en de bovenste kaarten van de vier **gedeelde rijen** op je eigen fundamenten, zoveel je wilt en in elke volgorde; een rijkaart die zo vrijkomt, mag ook mee. Niets is verplicht.",
    "• Elke getrokken kaart die niet op een fundament komt, leg je op een rij naar keuze — op welke kaart dan ook, wat die ook waard is, of in een lege rij — wanneer je maar wilt tijdens je beurt. **Beurt beëindigen** kan pas als er geen getrokken kaart meer voor je ligt; passen kan niet zolang je getrokken kaarten hebt.",
    "• Een kaart op een fundament gaat daar nooit meer af, en een kaart in een rij gaat nooit naar een andere rij.",
    "• **Voorraad op:** jullie spelen om de beurt; leg bovenste rijkaarten op je fundamenten en beëindig je beurt, of kies **Passen** (dat mag altijd zolang je die beurt nog geen kaart hebt verplaatst, ook als je wel iets kunt).",
    "• **Einde:** alle 52 kaarten op de fundamenten en jullie winnen allebei — wie er **30 of meer** heeft, is de **superwinnaar**. Twee keer na elkaar passen, of een moment waarop geen van jullie nog een rijkaart kwijt kan, beëindigt het spel terwijl er kaarten over zijn: dan verliezen jullie allebei.",
    "• **Terugnemen:** een kaart die je deze beurt op een fundament of een rij legde, neem je terug met **Terugnemen** in je paneel, één per keer (de rijen liggen open, dus er kwam niets nieuws te zien). Het trekken, de beurt beëindigen en passen zijn definitief.",
    "Druk op tafel op **Mijn zetten** voor je knoppen (alleen jij ziet ze).",
  ].join("\n"),
};
