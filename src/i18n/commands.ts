import type { Locale } from "./locale.js";

export interface CommandName {
  name: string;
  description: string;
}

/**
 * A game's Dutch command words, which its words module adds to the ones below: `names` of
 * `/play <id>` and its options by English path, `choices` its name among `/rules`' choices.
 */
export interface CommandWords {
  names: Readonly<Record<string, CommandName>>;
  choices: Readonly<Record<string, string>>;
}

/** Adds a game's command words; a path already named differently is a mistake and throws. */
export function addCommandWords(words: CommandWords): void {
  merge(NL_COMMANDS, words.names, (a, b) => a.name === b.name && a.description === b.description);
  merge(NL_CHOICES, words.choices, (a, b) => a === b);
}

/** `/daily`'s game choices name a daily game as `/rules` does: under its Dutch title. */
export function addDailyChoices(gameTypes: readonly string[]): void {
  for (const id of gameTypes)
    for (const path of ["daily play game", "daily board game"]) {
      const title = NL_CHOICES[`rules game=${id}`];
      if (title) NL_CHOICES[`${path}=${id}`] = title;
    }
}

function merge<T>(
  into: Record<string, T>,
  from: Readonly<Record<string, T>>,
  same: (a: T, b: T) => boolean,
): void {
  for (const [path, value] of Object.entries(from)) {
    const known = into[path];
    if (known !== undefined && !same(known, value)) throw new Error(`two games name the command ${path}`);
    into[path] = value;
  }
}

/**
 * Dutch names and descriptions of the slash commands, registered as Discord localizations.
 * Keyed by the English path: "command", "command subcommand", "command subcommand option" (a
 * subcommand group adds one more word). A command, subcommand or option missing here keeps its
 * English name for Dutch users, and the command catalog test fails.
 */
export const NL_COMMANDS: Record<string, CommandName> = {
  play: { name: "spelen", description: "Begin een kaartspel in dit kanaal" },

  game: { name: "spel", description: "Je spellen" },
  "game hand": {
    name: "hand",
    description: "Toon je hand voor het spel in dit kanaal (alleen jij ziet hem)",
  },
  "game status": {
    name: "overzicht",
    description: "Je lopende spellen in alle servers, die waarin jij aan de beurt bent eerst, met links",
  },
  "game history": {
    name: "geschiedenis",
    description: "Je laatst afgelopen spellen in alle servers, met je uitslagen",
  },
  "game hint": {
    name: "tip",
    description: "Een bot stelt je privé een volgende zet voor in het spel van dit kanaal",
  },
  "game leave": {
    name: "verlaten",
    description: "Verlaat het spel in dit kanaal (een bot neemt je plaats in, of het spel stopt)",
  },
  "game end": { name: "stoppen", description: "Stop het spel in dit kanaal (host of serverbeheerder)" },
  "game log": {
    name: "verloop",
    description: "Toon de zetten van het spel in dit kanaal (ook nadat het is afgelopen)",
  },
  "game replay": {
    name: "terugkijken",
    description: "Stap privé door de tafels van een afgelopen spel (standaard het laatste van dit kanaal)",
  },
  "game replay game": {
    name: "spel",
    description: "Het nummer van het spel, zoals /spel geschiedenis het toont",
  },
  "game replace": {
    name: "vervangen",
    description: "Geef de plaats van een speler in dit spel aan iemand anders (host of serverbeheerder)",
  },
  "game replace from": { name: "van", description: "De speler die zijn plaats afstaat" },
  "game replace to": { name: "naar", description: "Het lid dat de plaats overneemt" },

  rules: { name: "regels", description: "Hoe je een spel speelt" },
  "rules game": { name: "spel", description: "Welk spel" },

  help: { name: "help", description: "Wat deze bot doet en hoe je hem gebruikt" },

  daily: {
    name: "dagelijks",
    description: "Het spel van de dag: voor iedereen dezelfde kaarten, één poging per dag",
  },
  "daily play": {
    name: "spelen",
    description: "Speel het spel van vandaag in een eigen privéthread (één poging per dag)",
  },
  "daily play game": { name: "spel", description: "Welk spel" },
  "daily board": { name: "stand", description: "De uitslagen van deze server voor het spel van een dag" },
  "daily board game": { name: "spel", description: "Welk spel" },
  "daily board day": { name: "dag", description: "Vandaag (standaard) of gisteren, met de beste partij" },

  stats: { name: "statistieken", description: "Uitslagen van afgelopen spellen" },
  "stats me": { name: "ik", description: "Jouw afgelopen spellen, overwinningen, beste scores en ratings" },
  "stats leaderboard": {
    name: "ranglijst",
    description: "De spelers met de beste rating in een spel, in deze server of in alle servers",
  },
  "stats leaderboard game": { name: "spel", description: "Welk spel" },
  "stats leaderboard everywhere": {
    name: "overal",
    description: "True: de ranglijst van alle servers; False: die van deze server (standaard)",
  },
  "stats server": {
    name: "server",
    description: "De beste spelers van deze server per spel: meeste overwinningen, dan winstpercentage",
  },

  notify: {
    name: "meldingen",
    description:
      "Hoe en wanneer ik je laat weten dat je aan de beurt bent (alleen voor jou, in elke server hetzelfde)",
  },
  "notify show": { name: "tonen", description: "Toon je instellingen voor meldingen" },
  "notify dm": { name: "dm", description: "Stuur me een DM als ik aan de beurt ben" },
  "notify dm enabled": {
    name: "aan",
    description: "True: een DM als je aan de beurt bent; False: geen DM's",
  },
  "notify timezone": { name: "tijdzone", description: "Je tijdzone, voor stille uren en afwezigheid" },
  "notify timezone name": {
    name: "naam",
    description: "Zoals Europe/Amsterdam of America/New_York (typ om te zoeken)",
  },
  "notify quiet": {
    name: "stille-uren",
    description: "Tussen deze tijden geen beurt-DM's of herinneringen, in jouw tijdzone",
  },
  "notify quiet from": { name: "van", description: "Begin, 24-uursklok, zoals 22:00" },
  "notify quiet to": { name: "tot", description: "Einde, 24-uursklok, zoals 07:30" },
  "notify quiet-off": { name: "stille-uren-uit", description: "Geen eigen stille uren" },
  "notify away": {
    name: "afwezig",
    description: "Pauzeer je herinneringen en beurttimers tot een datum of voor een tijdje",
  },
  "notify away until": {
    name: "tot",
    description: "Een datum (JJJJ-MM-DD; na die dag ben je terug) of hoe lang, zoals 3d of 12h",
  },
  "notify back": { name: "terug", description: "Je bent terug: herinneringen en beurttimers lopen weer" },
  "notify language": {
    name: "taal",
    description: "De taal van de antwoorden die alleen jij ziet, zoals je hand en tips",
  },
  "notify language value": {
    name: "waarde",
    description: "Een taal, of automatisch: de taal van je Discord-app",
  },

  settings: {
    name: "instellingen",
    description: "Herinneringen, beurttimer, threads en stille uren van deze server (Server beheren)",
  },
  "settings show": { name: "tonen", description: "Toon de instellingen van deze server" },
  "settings reminders": {
    name: "herinneringen",
    description: "Herinner de spelers na zoveel uur zonder zet",
  },
  "settings reminders hours": {
    name: "uren",
    description: "Uren zonder zet tot een herinnering (0 = nooit)",
  },
  "settings timer": {
    name: "beurttimer",
    description: "Hoe lang elke speler per beurt heeft, en wat er gebeurt als die tijd om is",
  },
  "settings timer hours": { name: "uren", description: "Uren per beurt (0 = geen beurttimer)" },
  "settings timer action": {
    name: "actie",
    description: "Wat er gebeurt als de beurttijd om is (blijft gelijk als je niets kiest)",
  },
  "settings threads": {
    name: "threads",
    description: "Open elk nieuw spel in een eigen thread, of speel in het kanaal",
  },
  "settings threads enabled": { name: "aan", description: "True: een thread per spel; False: in het kanaal" },
  "settings quiet": {
    name: "stille-uren",
    description:
      "Standaard stille uren (geen beurt-DM's of herinneringen) voor spelers zonder eigen stille uren",
  },
  "settings quiet from": { name: "van", description: "Begin, 24-uursklok, zoals 22:00" },
  "settings quiet to": { name: "tot", description: "Einde, 24-uursklok, zoals 07:30" },
  "settings quiet-off": { name: "stille-uren-uit", description: "Geen standaard stille uren" },
  "settings pictures": {
    name: "afbeeldingen",
    description:
      "Houd de afbeelding van elke eerdere tafel, of maak er één regel van zodra er een nieuwere is",
  },
  "settings pictures keep": {
    name: "houden",
    description: "True: eerdere tafels houden hun afbeelding; False: één regel per tafel (standaard)",
  },
  "settings language": {
    name: "taal",
    description: "De taal van de speltafels en andere berichten die iedereen ziet",
  },
  "settings language value": {
    name: "waarde",
    description: "Een taal, of automatisch: de taal van de server in zijn Discord-instellingen",
  },
};

/** Dutch names of option choices, keyed by the option's English path and the choice's value. */
export const NL_CHOICES: Record<string, string> = {
  "settings timer action=remind": "alleen herinneren",
  "settings timer action=botTurn": "een bot speelt die beurt",
  "settings timer action=botSeat": "een bot neemt de plaats over",
  "settings timer action=end": "het spel stopt",

  "settings language value=auto": "automatisch (de Discord-taal van de server)",
  "settings language value=en": "English",
  "settings language value=nl": "Nederlands",
  "notify language value=auto": "automatisch (de taal van je Discord-app)",
  "notify language value=en": "English",
  "notify language value=nl": "Nederlands",

  "daily board day=today": "vandaag",
  "daily board day=yesterday": "gisteren",
};

/**
 * A command, subcommand or option as a `locale` user types it: `path` is its English path ("play
 * twelves", "play onevstwo short-match"); English is the path's last word, Dutch its name above.
 * Texts name commands in the language the bot chose (the reader's or the server's), while Discord
 * shows command names in the app's language: the two differ after `/notify language nl` in an English app.
 */
export function commandWord(path: string, locale: Locale): string {
  return (locale === "nl" ? NL_COMMANDS[path]?.name : undefined) ?? path.slice(path.lastIndexOf(" ") + 1);
}

/** A command's whole path as a `locale` user types it: "game end" → "spel stoppen" in Dutch. */
export function commandPath(path: string, locale: Locale): string {
  const words = path.split(" ");
  return words.map((_, i) => commandWord(words.slice(0, i + 1).join(" "), locale)).join(" ");
}

/** A game option's name in `/play`: Discord option names are lower-case with dashes; engine options are camelCase. */
export function playOptionName(engineOption: string): string {
  return engineOption.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** A game option as a `locale` user types it in `/play <game>` (`short-match`, `korte-partij`). */
export function playOptionWord(gameType: string, engineOption: string, locale: Locale): string {
  return commandWord(`play ${gameType} ${playOptionName(engineOption)}`, locale);
}
