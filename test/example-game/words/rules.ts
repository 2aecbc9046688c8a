/** The rules `/rules higherlower` shows (Discord markdown, at most 4000 characters each). */
export const rules = {
  en: [
    "**Higher or Lower** — 2 players, against each other.",
    "• A shuffled deck of **52 cards** lies face down; one card is turned **face up**. Nobody knows the order of the deck.",
    "• Turns alternate; the player who created the game starts.",
    "• **Your turn:** say **higher** or **lower** for the next card. It is turned and becomes the face-up card: a right guess scores **1 point**; a wrong guess, or a card of **equal rank**, scores nothing. Aces are low, Kings high; suits never matter.",
    "• **End:** after **10** turned cards (5 guesses each) the most points wins; equal points is a draw.",
    "Press **Higher** or **Lower** on the table when it is your turn.",
  ].join("\n"),
  nl: [
    "**Hoger of lager** — 2 spelers, tegen elkaar.",
    "• Een geschud spel van **52 kaarten** ligt gesloten op tafel; één kaart wordt **open** gelegd. Niemand kent de volgorde van de stapel.",
    "• Jullie spelen om de beurt; wie het spel heeft aangemaakt begint.",
    "• **Jouw beurt:** zeg **hoger** of **lager** voor de volgende kaart. Die wordt gedraaid en is de nieuwe open kaart: goed geraden is **1 punt**; fout geraden, of een kaart van **dezelfde hoogte**, levert niets op. De aas is laag, de heer hoog; de kleur doet er nooit toe.",
    "• **Einde:** na **10** gedraaide kaarten (ieder 5 keer raden) wint wie de meeste punten heeft; evenveel punten is gelijkspel.",
    "Druk op tafel op **Hoger** of **Lager** als je aan de beurt bent.",
  ].join("\n"),
};
