/**
 * The rules `/rules thegame` shows (Discord markdown, at most 4000 characters each). The Dutch are
 * written afresh from the English (never from the Dutch rulebooks): the same content and every ruling.
 */
export const rules = {
  en: [
    "**The Game** — cooperative, 1 to 5 players. Together, play all 98 cards (2–99) onto four piles.",
    "• Two piles go **up** from 1: a card must be higher than the top. Two piles go **down** from 100: a card must be lower.",
    "• **Backwards trick:** a card exactly 10 lower on an up pile, or exactly 10 higher on a down pile, is always allowed — as often as you can.",
    "• On your turn play at least **2** cards (3 in `expert`), one at a time, on any piles; you may play more. When the draw pile is empty the minimum is 1.",
    "• Then you draw back to your hand size (8 solo, 7 for two, 6 for 3–5; one less with `smaller-hands`). Players with an empty hand are skipped.",
    "• After the deal anyone may press **I'll start**: the first to press it starts. You may talk about piles (\"please don't touch the second down pile\"), but never say numbers.",
    "• **Signals:** during play anyone may, at any time, put a signal on a pile from their hand panel — *hold this pile*, *I can play well here* or *big jump coming* (one per pile each). They carry no numbers and show on the table under the pile; yours are cleared when your own turn begins.",
    "• The game ends when all cards are played (a perfect win) or when the player to move cannot play their minimum — the bot checks every possible order of your cards, and warns you before a play that would leave you stuck. Your score is the number of cards left: under 10 is excellent.",
    "• **Taking back** (alone only): a card you played this turn can be taken back with **Take back** in your panel, one card at a time, until you end the turn (which draws cards) or the card ends the game. With others at the table a played card was shown to them, so it stands.",
    "Press **Show my hand** on the table to see your cards (only you see them) and to play.",
  ].join("\n"),
  nl: [
    "**The Game** — samen tegen het spel, 1 tot 5 spelers. Werk met elkaar alle 98 kaarten (2–99) weg op vier stapels.",
    "• Twee stapels **stijgen** vanaf 1: een kaart moet hoger zijn dan de bovenste. Twee stapels **dalen** vanaf 100: een kaart moet lager zijn.",
    "• **Terugsprong:** een kaart die precies 10 lager is op een stijgende stapel, of precies 10 hoger op een dalende stapel, mag altijd — zo vaak als je kunt.",
    "• Speel in je beurt minstens **2** kaarten (3 met `expert`), een voor een, op stapels naar keuze; meer mag ook. Is de trekstapel leeg, dan is het minimum 1.",
    "• Daarna vul je je hand aan tot de handgrootte (8 als je alleen speelt, 7 met z'n tweeën, 6 met 3–5; een minder met `kleinere-handen`). Wie geen kaarten meer heeft, wordt overgeslagen.",
    '• Na het delen mag iedereen op **Ik begin** drukken: wie dat het eerst doet, begint. Over de stapels praten mag ("laat de tweede dalende stapel even met rust"), maar noem nooit getallen.',
    "• **Signalen:** tijdens het spel mag iedereen altijd vanuit zijn handpaneel een signaal bij een stapel zetten — *houd deze stapel vrij*, *hier kan ik goed spelen* of *grote sprong op komst* (per speler één per stapel). Er staan geen getallen in; ze verschijnen op tafel onder de stapel, en die van jou verdwijnen zodra je eigen beurt begint.",
    "• Het spel is uit als alle kaarten gespeeld zijn (een perfecte overwinning) of als wie aan de beurt is zijn minimum niet meer kan halen — de bot probeert daarvoor elke volgorde van je kaarten, en waarschuwt je vóór een zet waarmee je vast zou lopen. Je score is het aantal kaarten dat over is: onder de 10 is uitstekend.",
    "• **Terugnemen** (alleen als je alleen speelt): een kaart die je deze beurt speelde, neem je terug met **Terugnemen** in je paneel, één kaart per keer, tot je de beurt beëindigt (dan trek je kaarten) of de kaart het spel beëindigt. Met anderen aan tafel hebben zij de gespeelde kaart gezien, dus die blijft liggen.",
    "Druk op tafel op **Mijn hand** om je kaarten te zien (alleen jij ziet ze) en om te spelen.",
  ].join("\n"),
};
