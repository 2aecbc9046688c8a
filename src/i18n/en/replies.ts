import type { Catalog } from "../catalog.js";

/**
 * Replies of the slash commands (`cmd.`), the notices of play over days (`notice.`) and the
 * overviews of `/game status`, `/game history` and `/stats server` (`overview.`).
 */
export const replies: Catalog = {
  "cmd.unknownGame": "I do not know that game.",
  "cmd.saved": "Saved.\n{summary}",
  "cmd.nothingChanged": "{reason} Nothing was changed.",
  "cmd.aRobot": "A bot",

  "cmd.help.intro":
    "**Card games for your server.** Play live, or over days: every move is saved and I ping whoever must act.",
  "cmd.help.games": "Games: {games}",
  "cmd.help.lobby":
    "• `/play <game>` opens a lobby in this channel; others press **{join}**, the host presses **{start}**. Short of friends? The host presses **{addRobot}** for each empty seat.",
  "cmd.help.panel":
    "• On the table message, the first button opens your private panel — only you see it — with your cards and the buttons to play: {buttons}.",
  "cmd.help.overviews":
    "• `/game hand` opens that panel too · `/game status` lists your open games in every server, your turn first · `/game history` your ended games · `/game log` shows the channel's game record.",
  "cmd.help.hint":
    "• `/game hint` (or **{hint}** in your panel) privately suggests a move — in competitive games only with the `hints` option.",
  "cmd.help.replay":
    "• `/game replay` steps privately through an ended game's tables, move by move (`/game history` numbers your games) · in solo and cooperative games **{takeBack}** on your panel takes back your last move of the turn while it showed nothing new.",
  "cmd.help.leave":
    "• `/game leave` leaves: a bot takes your seat and the game goes on (with no other player left, it ends) · `/game end` ends the channel's game · `/game replace` hands a player's seat to someone else (both host or Manage Server).",
  "cmd.help.rules":
    "• `/rules <game>` explains a game · `/stats me` shows your results · `/stats server` the server's best players · `/stats leaderboard` a game's ratings.",
  "cmd.help.notify":
    "• `/notify` sets how I tell you it is your turn: a DM, your time zone, quiet hours, or away until a date · `/settings` sets a server's reminders, turn timer, threads and quiet hours (Manage Server).",
  "cmd.help.threads": "One open game per channel: to run more at once, start them in threads.",

  "cmd.game.noGameYet": "This channel has no game yet.",
  "cmd.game.noOpenGame": "There is no open game in this channel.",
  "cmd.game.notPlaying": "You are not playing in this channel's game.",
  "cmd.game.notStarted": "The game has not started yet.",
  "cmd.game.log.heading": "**{game}** — moves:",
  "cmd.game.log.headingEnded": "**{game}** (ended) — moves:",
  "cmd.game.log.headingPart": "**{game}** — moves (the last {shown} of {total}):",
  "cmd.game.log.headingEndedPart": "**{game}** (ended) — moves (the last {shown} of {total}):",
  "cmd.game.log.none": "No moves yet.",
  "cmd.game.replace.notAllowed":
    "Only the host or someone with Manage Server can hand a seat to someone else.",
  "cmd.game.replace.toBot": "{to} is a bot account: a seat can only go to a person.",
  "cmd.game.replace.notMember": "{to} is not a member of this server, so they could not see the game.",
  "cmd.game.replace.ended": "This game has ended, so its seats can no longer be handed over.",
  "cmd.game.replace.notSeated": "{from} holds no seat in this game.",
  "cmd.game.replace.robotSeat":
    "A bot plays the seat {from} left, and a seat a bot plays is nobody's to hand over.",
  "cmd.game.replace.alreadySeated": "{to} already holds a seat in this game.",
  "cmd.game.replace.done": "🔄 Seat {seat}: {to} takes over from {from}.",
  "cmd.game.leave.lobby": "You left the lobby.",
  "cmd.game.leave.robotTakesOver":
    "You left the game. {robot} takes your seat, so the game goes on without you.",
  "cmd.game.leave.ended": "You left the game; it has ended for everyone.",
  "cmd.game.end.notAllowed": "Only the host or someone with Manage Server can end this game.",
  "cmd.game.end.done": "The game was ended.",
  "cmd.game.end.confirm": "End this channel's game of **{title}** for everyone? It cannot be taken back.",
  "cmd.game.end.button": "End the game",
  "cmd.game.end.kept": "The game goes on: nothing was changed.",
  "cmd.game.end.already": "This game has already ended, so nothing was changed.",

  "cmd.stats.heading": "Your results (games played to their end; games ended early are not counted):",
  "cmd.stats.none":
    "No games played to their end yet. Games ended early (left, ended or timed out) are not counted: `/game history` lists every ended game.",
  "cmd.stats.line": "• {game}: {played} played, {won} won{left}{best}{withRobots}",
  "cmd.stats.left": ", {count} left to a bot",
  "cmd.stats.best.higher": ", best {score} (higher is better)",
  "cmd.stats.best.lower": ", best {score} (lower is better)",
  "cmd.stats.withRobots": " ({count} with bots at the table)",
  "cmd.stats.serverOnly": "The leaderboard belongs to a server: use `/stats server` in one of its channels.",

  "cmd.settings.notInServer": "`/settings` changes a server's settings: use it in the server.",
  "cmd.settings.notAllowed":
    "Only members with the **Manage Server** permission can see or change this server's settings. Nothing was changed.",
  "cmd.settings.heading": "**This server's settings for games**",
  "cmd.settings.line.reminders": "• Reminders: {value}",
  "cmd.settings.line.timer": "• Turn timer: {value}",
  "cmd.settings.line.games": "• New games: {value}",
  "cmd.settings.line.quiet": "• Quiet hours: {value}",
  "cmd.settings.line.language": "• Language of tables and game messages: {value}",
  "cmd.settings.line.earlier": "• Earlier tables: {value}",
  "cmd.settings.earlier.line":
    "one line each once a newer table is posted (`/settings pictures` keeps their pictures)",
  "cmd.settings.earlier.pictures": "keep their pictures",
  "cmd.settings.hours": "{count, plural, one {# hour} other {# hours}}",
  "cmd.settings.reminders.never": "never",
  "cmd.settings.reminders.after": "after {hours} without a move, whoever must act is reminded",
  "cmd.settings.timer.off": "off",
  "cmd.settings.timer.on": "{hours} per turn; when it runs out, {outcome}",
  "cmd.settings.outcome.remind": "the player is reminded and the game waits for them",
  "cmd.settings.outcome.robotTurn": "a bot plays that turn for them",
  "cmd.settings.outcome.robotSeat": "a bot takes their seat for the rest of the game",
  "cmd.settings.outcome.end": "the game ends",
  "cmd.settings.games.threads": "each in a thread of its own",
  "cmd.settings.games.channel": "in the channel where `/play` is used",
  "cmd.settings.quiet.on":
    "{hours} in each player's own time zone, for players who set none with `/notify quiet`",
  "cmd.settings.quiet.off": "none (players may set their own with `/notify quiet`)",
  "cmd.settings.language.auto": "automatic: the server's language in its Discord settings",
  "cmd.settings.badLanguage": '"{value}" is not a language I speak: pick one from the list.',
  "cmd.settings.badClock": '"{typed}" is not a time of day. Use the 24-hour clock, like {late} or {early}.',
  "cmd.settings.sameClock": "Quiet hours must start and end at different times.",

  "cmd.notify.heading": "**Your notifications** (the same in every server)",
  "cmd.notify.line.dm": "• Turn DMs: {value}",
  "cmd.notify.line.zone": "• Time zone: {value}",
  "cmd.notify.line.quiet": "• Quiet hours: {value}",
  "cmd.notify.line.away": "• Away: {value}",
  "cmd.notify.line.language": "• Language of your own answers: {value}",
  "cmd.notify.dm.on": "on: I DM you when it is your turn",
  "cmd.notify.dm.off": "off: you are mentioned in the game's channel (`/notify dm enabled:True` for a DM)",
  "cmd.notify.zone.unset": "{zone} (not set: `/notify timezone`)",
  "cmd.notify.quiet.on": "{hours} your time: turn DMs and reminders wait until they end",
  "cmd.notify.quiet.off": "none of your own (a server's default applies where it set one)",
  "cmd.notify.away.on":
    "until {until} ({untilRelative}): nothing is sent and your turn timers start again when you are back (`/notify back` to return sooner)",
  "cmd.notify.away.off": "no",
  "cmd.notify.language.auto": "automatic: the language of your Discord app (`/notify language`)",
  "cmd.notify.badZone":
    '"{name}" is not a time zone I know. Pick one from the list as you type, like Europe/Berlin or America/New_York.',
  "cmd.notify.away.noDay": "{typed} is not a day in the calendar.",
  "cmd.notify.away.unreadable": '"{typed}" is neither a date like 2025-08-31 nor a duration like 3d or 12h.',
  "cmd.notify.away.past": "That is already past: give a later date, or a duration like 3d.",
  "cmd.notify.away.tooLong": "You can be away for at most {days, plural, one {# day} other {# days}}.",

  "notice.someServer": "a server",
  "notice.turn":
    "🎴 It is your turn in **{game}** on {server} (turn began: {since}). [Go to the game]({link})",
  "notice.turnTimed":
    "🎴 It is your turn in **{game}** on {server} (turn began: {since}). Your turn timer runs out {deadline}. [Go to the game]({link})",
  "notice.reminder": "**{game}** is waiting for your move (turn began: {since}).",
  "notice.timeUp":
    "your turn time in **{game}** is up (turn began: {since}); the game still waits for your move.",
  "notice.timeUp.robotTurn": "⌛ {names}'s turn time ran out: a bot plays this turn for them.",
  "notice.timeUp.robotSeat": "⌛ {name}'s turn time ran out: {robot} takes their seat.",
  "notice.timeUp.end": "⌛ {names}'s turn time ran out: the game ends.",

  "overview.anotherServer": "another server",
  "overview.more": "…and {count} more",
  "overview.lobbyLink": "[lobby]({url})",
  "overview.tableLink": "[table]({url})",
  "overview.lobby": "lobby, {count} seated",
  "overview.yourMove": "**your move**",
  "overview.yourMoveToo": "**your move** (also {names})",
  "overview.othersToMove": "{names} to move",
  "overview.waiting": "waiting",
  "overview.status.line": "• **{game}**{server} — {turn} · last active: {since} · {where}",
  "overview.status.none": "You have no open games. Start one with `/play`.",
  "overview.status.heading": "Your open games, your turn first:",
  "overview.end.ended": "ended early by {name}",
  "overview.end.left": "ended early: {name} left",
  "overview.end.timedOut": "ended: {name}'s turn time ran out",
  "overview.end.early": "ended early",
  "overview.result.win": "**won**",
  "overview.result.loss": "lost",
  "overview.result.draw": "a draw",
  "overview.result.left": "left (a bot played your seat on)",
  "overview.result.handed": "you handed your seat to someone else",
  "overview.withRobots": "with bots",
  "overview.history.none": "You have no ended games yet. Start one with `/play`.",
  "overview.history.heading": "Your ended games, newest first:",
  "overview.leaderboard.none": "Nobody has finished a game on this server yet. Start one with `/play`.",
  "overview.leaderboard.heading": "This server's best players (finished games; most wins, then win rate):",
  "overview.leaderboard.line": "{rank}. {player} — {won} won of {played} played ({percent}%)",
};
