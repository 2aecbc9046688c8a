import type { Catalog } from "../catalog.js";

/** The daily deal (`/daily`): starting an attempt, the board and the share line (`daily.`). */
export const daily: Catalog = {
  "daily.notInDm": "The daily deal is played in a server channel, not in DMs.",
  "daily.notTextChannel": "The daily deal needs a private thread: use `/daily play` in a text channel.",
  "daily.noThread":
    "I cannot open a private thread for you here (I may lack the permission). Nothing was recorded: try `/daily play` in another channel.",
  "daily.threadName": "Daily #{number} · {title}",
  "daily.started": "Today's deal of **{title}** waits for you in <#{channel}>. One try — good luck!",
  "daily.stillPlaying": "You are still playing today's **{title}**: [your thread]({url}).",
  "daily.alreadyPlayed": "You have played today's **{title}**. The next deal comes {next}.\n{share}",
  "daily.share.heading": "Card table daily #{number} · {title}",
  "daily.share.gaveUp": "given up",
  "daily.share.ended": "Your daily deal is over. Share it (no cards shown):\n{share}",
  "daily.board.heading": "**Daily {title} #{number}** · this server",
  "daily.board.none": "Nobody here has played this deal yet.",
  "daily.board.result.win": "{score} · won",
  "daily.board.result.loss": "{score} · lost",
  "daily.board.result.draw": "{score} · draw",
  "daily.board.gaveUp": "given up",
  "daily.board.playing": "playing",
  "daily.board.next": "Next deal: {at} ({in})",
  "daily.board.pictureSubtitle":
    "Daily #{number} · this server · {count, plural, one {# player} other {# players}}",
  "daily.column.player": "Player",
  "daily.column.score": "Score",
  "daily.board.footnote": "Green: a won game.",
  "daily.board.alt":
    "The board of daily {title} #{number} in this server: {count, plural, one {# player} other {# players}}, best first.",
  "daily.board.replayBest": "Replay {name}'s game",
  "daily.noHints": "No hints in a daily deal: only your own play is scored.",
  "daily.noHandOver": "A daily deal is its player's own: its seat cannot be handed to anyone else.",
  "daily.leaveGivesUp":
    "You gave up today's deal: it counts as your attempt. The thread stays for you to look back.",
  "daily.board.bestLineAfterYours":
    "The best line of play shows once you have finished your own attempt at this deal.",
  "daily.board.bestLine": "**Best line of play** ({name}):",
  "daily.board.bestLinePart": "**Best line of play** ({name}, the first {shown} of {total} moves):",
  "cmd.help.daily":
    "• `/daily play` deals today's game in a private thread: the same cards for everyone, one try a day · `/daily board` shows this server's results, yesterday's with the best line.",
};
