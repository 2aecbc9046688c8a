import type { Catalog } from "../catalog.js";

/** Ratings van spelers: `/stats leaderboard` (de afbeelding en de tekst) en de ratingregels van `/stats me`. */
export const ratings: Catalog = {
  "ratings.board.title": "{game}: ranglijst",
  "ratings.board.subtitle.server":
    "Deze server · {count, plural, one {# speler met rating} other {# spelers met rating}}",
  "ratings.board.subtitle.everywhere":
    "Alle servers · {count, plural, one {# speler met rating} other {# spelers met rating}}",
  "ratings.column.player": "Speler",
  "ratings.column.rating": "Rating",
  "ratings.column.games": "Spellen",
  "ratings.column.trend": "Laatste {count}",
  "ratings.footnote":
    "{mark} voorlopig: minder dan {count, plural, one {# spel} other {# spellen}} met rating",
  "ratings.alt":
    "De ranglijst van {game}: plaats, speler, rating, spellen met rating en de verandering over {count, plural, one {het laatste spel} other {de laatste # spellen}}.",
  "ratings.text.heading": "**{game}: ranglijst** ({scope})",
  "ratings.text.line": "{rank}. {player}: {rating}, {count, plural, one {# spel} other {# spellen}}, {trend}",
  "ratings.scope.server": "deze server",
  "ratings.scope.everywhere": "alle servers",
  "ratings.empty.server":
    "Nog niemand heeft een rating voor {game} in deze server. Ratings komen van spellen die minstens twee mensen tot het einde speelden.",
  "ratings.empty.everywhere":
    "Nog niemand heeft een rating voor {game}. Ratings komen van spellen die minstens twee mensen tot het einde speelden.",
  "ratings.serverOnly":
    "De ranglijst van een server hoort in een van zijn kanalen. Voeg `overal: True` toe voor de ranglijst van alle servers.",
  "ratings.notRated": "Dat spel heeft geen ratings. Ratings worden bijgehouden voor {games}.",
  "ratings.me.heading":
    "Je ratings ({mark} voorlopig: minder dan {count, plural, one {# spel} other {# spellen}} met rating):",
  "ratings.me.line":
    "• {game}, {scope}: {rating} ({count, plural, one {# spel} other {# spellen}} met rating)",
};
