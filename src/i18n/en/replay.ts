import type { Catalog } from "../catalog.js";

/** `/game replay`: stepping privately through an ended game's tables, and its way in from the review line. */
export const replay: Catalog = {
  "replay.heading": "**{title}** · replay of game {id}",
  "replay.caption": "**Move {step} of {total}**",
  "replay.captionDeal":
    "**The deal**, before the first move ({total, plural, one {# move} other {# moves}} in all)",
  "replay.stops": "⚠️ This game was stored by an older release: it replays only up to move {step} of {total}.",
  "replay.yourPanel": "🔒 **Your panel at this move:**",
  "replay.first": "First",
  "replay.previous": "Back",
  "replay.next": "Next",
  "replay.last": "Last",
  "replay.goTo": "Go to move…",
  "replay.modalTitle": "Go to move",
  "replay.modalLabel": "Move number, from 0 to {last}",
  "replay.reviewButton": "Replay move {move}",
  "replay.historyId": "game {id}",
  "replay.cannotSee": "You cannot see that game. `/game history` lists your games with their numbers.",
  "replay.notEnded": "That game is not over yet: its replay opens once it has ended.",
  "replay.neverStarted": "That game was closed before it started: it has no table to replay.",
  "replay.noEnded":
    "This channel has no ended game to replay. `/game history` lists your games with their numbers.",
  "replay.outOfRange": "There is no move {step} to show: this replay goes from move 0 to move {last}.",
  "replay.notANumber": "“{text}” is not a move number: type a whole number from 0 to {last}.",
  "replay.malformed": "I cannot read that replay button. Open the replay again with `/game replay`.",
};
