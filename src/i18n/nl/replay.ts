import type { Catalog } from "../catalog.js";

/** `/spel terugkijken`: privé door de tafels van een afgelopen spel stappen, ook vanaf de terugblik. */
export const replay: Catalog = {
  "replay.heading": "**{title}** · terugkijken van spel {id}",
  "replay.caption": "**Zet {step} van {total}**",
  "replay.captionDeal":
    "**Het delen**, voor de eerste zet ({total, plural, one {# zet} other {# zetten}} in totaal)",
  "replay.stops":
    "⚠️ Dit spel is bewaard door een oudere versie: het is maar terug te kijken tot zet {step} van {total}.",
  "replay.yourPanel": "🔒 **Je paneel bij deze zet:**",
  "replay.first": "Begin",
  "replay.previous": "Terug",
  "replay.next": "Verder",
  "replay.last": "Einde",
  "replay.goTo": "Naar zet…",
  "replay.modalTitle": "Naar zet",
  "replay.modalLabel": "Zetnummer, van 0 tot en met {last}",
  "replay.reviewButton": "Bekijk zet {move}",
  "replay.historyId": "spel {id}",
  "replay.cannotSee": "Dat spel kun je niet zien. `/spel geschiedenis` toont je spellen met hun nummers.",
  "replay.notEnded": "Dat spel is nog niet afgelopen: terugkijken kan zodra het voorbij is.",
  "replay.neverStarted": "Dat spel is gesloten voordat het begon: er is geen tafel om terug te kijken.",
  "replay.noEnded":
    "Dit kanaal heeft geen afgelopen spel om terug te kijken. `/spel geschiedenis` toont je spellen met hun nummers.",
  "replay.outOfRange": "Er is geen zet {step} om te tonen: dit spel gaat van zet 0 tot en met zet {last}.",
  "replay.notANumber": "“{text}” is geen zetnummer: typ een heel getal van 0 tot en met {last}.",
  "replay.malformed":
    "Die terugkijkknop kan ik niet lezen. Open het terugkijken opnieuw met `/spel terugkijken`.",
};
