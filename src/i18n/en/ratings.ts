import type { Catalog } from "../catalog.js";

/** Players' ratings: `/stats leaderboard` (its picture and its text) and the rating lines of `/stats me`. */
export const ratings: Catalog = {
  "ratings.board.title": "{game}: leaderboard",
  "ratings.board.subtitle.server":
    "This server · {count, plural, one {# rated player} other {# rated players}}",
  "ratings.board.subtitle.everywhere":
    "Every server · {count, plural, one {# rated player} other {# rated players}}",
  "ratings.column.player": "Player",
  "ratings.column.rating": "Rating",
  "ratings.column.games": "Games",
  "ratings.column.trend": "Last {count}",
  "ratings.footnote":
    "{mark} provisional: fewer than {count, plural, one {# rated game} other {# rated games}}",
  "ratings.alt":
    "The {game} leaderboard: rank, player, rating, rated games and the change over the {count, plural, one {last game} other {last # games}}.",
  "ratings.text.heading": "**{game}: leaderboard** ({scope})",
  "ratings.text.line": "{rank}. {player}: {rating}, {count, plural, one {# game} other {# games}}, {trend}",
  "ratings.scope.server": "this server",
  "ratings.scope.everywhere": "every server",
  "ratings.empty.server":
    "Nobody has a {game} rating in this server yet. Ratings come from games played to their end by at least two people.",
  "ratings.empty.everywhere":
    "Nobody has a {game} rating yet. Ratings come from games played to their end by at least two people.",
  "ratings.serverOnly":
    "This server's leaderboard belongs in one of its channels. Add `everywhere: True` for the board of every server.",
  "ratings.notRated": "That game has no ratings. Ratings are kept for {games}.",
  "ratings.me.heading":
    "Your ratings ({mark} provisional: fewer than {count, plural, one {# rated game} other {# rated games}}):",
  "ratings.me.line":
    "• {game}, {scope}: {rating} ({count, plural, one {# rated game} other {# rated games}})",
};
