import type { Catalog } from "../catalog.js";

/**
 * The bot's own words around every game: game names, the table, the shared panel pieces (`game.`, `kit.`, `bot.`).
 * Players read "bot" for a robot (a computer player), here and in every catalogue: the word they know stays.
 */
export const bot: Catalog = {
  "core.and": "and",

  "kit.back": "Back",
  "kit.refresh": "Refresh",
  "kit.cancel": "Cancel",
  "kit.someone": "someone",
  "kit.nobody": "nobody",
  "kit.theOthers": "the others",
  "kit.theOtherPlayer": "the other player",
  "kit.waiting": "Waiting for {who} {doing}; you will be mentioned when it is your turn.",
  "kit.agreement.none": "Nobody has proposed yet: propose, and {other} confirms.",
  "kit.agreement.mine": "You proposed: {terms}. Waiting for {other} to confirm; you may still change it.",
  "kit.agreement.theirs": "{proposer} proposes: {terms}. Confirm it, or propose something else.",

  "bot.cannotNow": "That cannot be done now.",

  "bot.lobby.state.lobby": "a new game is gathering players",
  "bot.lobby.state.active": "this game has started",
  "bot.lobby.state.finished": "this game has started and finished",
  "bot.lobby.state.abandoned": "this game was closed",
  "bot.lobby.headlineOptions": "**{title}** — {state} (options: {options}).",
  "bot.lobby.seats": "Seats ({taken}/{max}, needs {needs}):",
  "bot.lobby.players": "Players:",
  "bot.lobby.seatHost": "{n}. {name} (host)",
  "bot.lobby.howTo": "Press **{join}** to take a seat; {host} starts the game. How to play: {rules} {title}.",
  "bot.lobby.howToRobots":
    "Press **{join}** to take a seat; {host} starts the game and may fill empty seats with bots. How to play: {rules} {title}.",
  "bot.lobby.started": "The game has started: see the table below.",
  "bot.lobby.button.join": "Join",
  "bot.lobby.button.leave": "Leave",
  "bot.lobby.button.start": "Start",
  "bot.lobby.button.addRobot": "Add a bot",
  "bot.lobby.button.removeRobot": "Remove a bot",
  "bot.lobby.notInDm": "Games are played in a server channel, not in DMs.",
  "bot.lobby.soloStarts": "Your game of **{title}** starts below. Good luck!",
  "bot.lobby.busy":
    "This channel already has an open game of **{title}**{where}. Finish or end it (`/game end`), or start yours in a thread.",
  "bot.lobby.noThread":
    "Discord refused me a thread for it (do I have Create Public Threads here?), so it is played in this channel.",
  "bot.lobby.soloInThread": "Your game of **{title}** starts in <#{channel}>. Good luck!",
  "bot.lobby.lobbyRefused":
    "The game of **{title}** is open in <#{channel}>, but Discord refused its lobby message there: check my permissions (Send Messages).",
  "bot.lobby.lobbyRefusedThread":
    "The game of **{title}** is open in <#{channel}>, but Discord refused its lobby message there: check my permissions (Send Messages in Threads).",
  "bot.lobby.openIn":
    "Your game of **{title}** is open in <#{channel}>: the others join with **{join}** there.",
  "bot.lobby.tableRefused":
    "✅ The game has started, but Discord refused the table message (check my permissions here). `/game hand` works meanwhile.",
  "bot.lobby.refused.notFound": "This lobby no longer exists.",
  "bot.lobby.refused.notLobby": "This game has already started or was closed.",
  "bot.lobby.refused.full": "Every seat is taken.",
  "bot.lobby.refused.alreadySeated": "You already have a seat.",
  "bot.lobby.refused.notSeated": "You do not have a seat in this lobby.",
  "bot.lobby.refused.notHost": "Only the host can start the game.",
  "bot.lobby.refused.tooFew": "Not enough players yet.",
  "bot.lobby.refused.noRobot": "There is no bot to remove.",
  "bot.lobby.refused.addBot": "Only the host can add bots.",
  "bot.lobby.refused.removeBot": "Only the host can remove bots.",

  "bot.table.gameOver": "Game over",
  "bot.table.gameEnded": "Game ended",
  "bot.table.ended.left": "{name} left the game",
  "bot.table.ended.by": "{name} ended the game early",
  "bot.table.ended.timedOut": "{name}'s turn time ran out",
  "bot.table.ended.early": "The game was ended early",
  "bot.table.gameOverLine": "**{title}** — game over.",
  "bot.table.endedLine": "**{title}** — this game {detail}.",
  "bot.table.standsIn": "{name} stands in for {left}, who left.",
  "bot.table.yourMove": "{who} — your move.",
  "bot.table.thinking": "{who} — thinking…",
  "bot.table.waitingSince": "Last move: {when}",
  "bot.table.startedAt": "Started: {when}",
  "bot.table.timeRunsOut": "turn timer ends: {when}",
  "bot.table.away": "{name} is away until {when}",
  "bot.table.retired.now": "now: {who}",
  "bot.table.retired.over": "game over",
  "bot.table.retired.ended": "game ended",
  "bot.table.retired.alt": "The table of {title} at an earlier moment of the game.",
  "bot.table.retired.link": "[current table ↓]({url})",
  "bot.table.retired.picture":
    "**{title}** — an earlier moment of the game; [the current table]({url}) is further down.",

  "bot.play.hint": "Hint",
  "bot.play.panelReplaced": "↓ This panel was replaced by a newer one further down.",
  "bot.play.tableFailed":
    "✅ Your move was saved, but Discord refused the new table message (check my permissions in this channel). The next move or `/game hand` carries on from the saved game.",
  "bot.play.tableLate":
    "✅ Your move was saved. The game database stopped answering before the table could show it; the table catches up as soon as the database answers again.",
  "bot.play.stalePanel":
    "⏳ That table message is out of date (the game has moved on). Here is your view as it is now.",
  "bot.play.stale":
    "⏳ That button was from an earlier moment of the game, so nothing was changed. Here are your controls as they are now.",
  "bot.play.staleAfter":
    "⏳ Your click came too late, so nothing was changed. Just before it:\n{events}\nHere are your controls as they are now.",
  "bot.play.alreadyMade":
    "✅ Your move was already made (a second click does nothing). Here are your controls as they are now.",
  "bot.play.alreadyMadeLast":
    "✅ Your move was already made, and it ended the game: see the table for the result.",
  "bot.play.leftSeat": "You left this game; {name} plays your seat now.",
  "bot.play.handedOver":
    "You handed this seat over: {name} plays it now, so its buttons are no longer yours.",
  "bot.play.notPlaying":
    "You are not playing in this game, so its buttons are not for you. Start your own with `/play`!",
  "bot.play.gone": "This game no longer exists.",
  "bot.play.over": "This game is over: its buttons do nothing now.",
  "bot.play.panelOver": "🏁 **{title}** is over. {summary}",

  "bot.hint.off":
    "Hints are off in this game: the host can allow them with the `hints` option when starting it.",
  "bot.hint.noMove": "Nothing to suggest: you have no move to make right now.",
  "bot.hint.any": "No suggestion: any of your moves will do.",
  "bot.hint.failed": "The hint could not be worked out just now; please try again.",
  "bot.hint.text": "💡 Hint: {reason}",

  "bot.router.sorry":
    "Something went wrong on my side, and nothing was changed. Please try again in a moment.",
  "bot.router.busy":
    "The game database is not answering right now, so nothing was changed (if that was a move, it was not made). Please try again in a moment.",
  "bot.router.dmRefused":
    "I could not send you a DM about your turn (your DMs are closed to me), so I mentioned you in the game's channel instead. Open your DMs to this server's members, or turn DMs off with `/notify dm enabled:False`.",
  "bot.router.unknownCommand": "I do not know that command. Try `/help`.",
  "bot.router.unknownButton":
    "I do not recognise that button. It may belong to an old message; use the newest table message.",
  "bot.router.unsupported": "I cannot handle that kind of interaction.",
  "bot.router.restarting": "The bot is restarting; try again in a moment.",
};
