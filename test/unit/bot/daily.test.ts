import { describe, expect, it } from "vitest";
import {
  dailySeed,
  dayBefore,
  dayEndsAt,
  dayOf,
  dealNumber,
  scoreBar,
  shareLine,
} from "../../../src/bot/dailyShare.js";
import { GAMES } from "../../../src/games/index.js";
import { wordsFor } from "../../../src/i18n/index.js";

const DAILY = GAMES.list.filter((m) => m.daily);

/** A state as JSON with every player id replaced by one token: what is left is the deal. */
function deal(state: unknown, ids: readonly string[]): string {
  let json = JSON.stringify(state);
  for (const id of ids) json = json.replaceAll(JSON.stringify(id), '"P"');
  return json;
}

describe("the daily deal", () => {
  it("offers the five games of one player or two with a partner", () => {
    expect(DAILY.map((m) => m.id).sort()).toEqual([
      "fourkings",
      "sirtommy",
      "stapelen",
      "thegame",
      "twelves",
    ]);
  });

  it("is seeded from the day, the game and the deployment's key only", () => {
    expect(dailySeed("2026-12-07", "thegame", "key")).toBe(dailySeed("2026-12-07", "thegame", "key"));
    expect(dailySeed("2026-12-07", "thegame", "key")).not.toBe(dailySeed("2026-12-08", "thegame", "key"));
    expect(dailySeed("2026-12-07", "thegame", "key")).not.toBe(dailySeed("2026-12-07", "twelves", "key"));
    expect(dailySeed("2026-12-07", "thegame", "key")).toBeGreaterThanOrEqual(0);
    // Another deployment's key deals other cards: the source alone does not tell a coming deal.
    expect(dailySeed("2026-12-07", "thegame", "other key")).not.toBe(
      dailySeed("2026-12-07", "thegame", "key"),
    );
  });

  it.each(DAILY.map((m) => [m.id, m] as const))(
    "%s deals the same cards whoever plays it and wherever the robot partner sits",
    (_id, { engine }) => {
      const options = Object.fromEntries(engine.options.map((o) => [o.name, o.default]));
      const seed = dailySeed("2026-12-07", engine.id, "key");
      const seats = (player: string) => (engine.minPlayers > 1 ? [player, "bot:1"] : [player]);
      const ann = engine.setup(seats("ann-id"), options, seed);
      const bob = engine.setup(seats("bob-id"), options, seed);
      expect(deal(bob, ["bob-id", "bot:1"])).toBe(deal(ann, ["ann-id", "bot:1"]));
      if (engine.minPlayers > 1) {
        const robotFirst = engine.setup(["bot:1", "ann-id"], options, seed);
        expect(deal(robotFirst, ["ann-id", "bot:1"])).toBe(deal(ann, ["ann-id", "bot:1"]));
      }
    },
  );

  it("turns at 00:00 UTC", () => {
    const lastMoment = Date.parse("2026-12-07T23:59:59.999Z");
    expect(dayOf(lastMoment)).toBe("2026-12-07");
    expect(dayOf(lastMoment + 1)).toBe("2026-12-08");
    expect(dayEndsAt("2026-12-07")).toBe(lastMoment + 1);
    expect(dayBefore("2027-01-01")).toBe("2026-12-31");
  });
});

describe("the share line", () => {
  const attempt = {
    day: "2026-12-07",
    gameType: "thegame",
    userId: "ann",
    guildId: "g",
    gameId: 1,
    result: "loss",
    score: 12,
    finishedAt: 1,
  };

  it("is a bar of the score the game's way round: full squares, one begun, the rest empty", () => {
    expect(scoreBar(12, false, "lower", 98)).toBe("🟩🟩🟩🟩🟩🟩🟩🟩🟨⬜");
    expect(scoreBar(13, false, "higher", 26)).toBe("🟩🟩🟩🟩🟩⬜⬜⬜⬜⬜");
    expect(scoreBar(null, false, "higher", 26)).toBe("⬜".repeat(10));
    expect(scoreBar(0, true, "lower", 98)).toBe("🟩".repeat(10));
  });

  it("names the deal by its number, the game and the score in the game's unit, and no card", () => {
    expect(shareLine({ games: GAMES }, attempt, wordsFor("en"))).toBe(
      "Card table daily #341 · The Game\n🟩🟩🟩🟩🟩🟩🟩🟩🟨⬜ 12 cards left",
    );
    expect(
      shareLine({ games: GAMES }, { ...attempt, result: "abandoned", score: null }, wordsFor("nl")),
    ).toBe("Kaarttafel dagelijks #341 · The Game\n⬜⬜⬜⬜⬜⬜⬜⬜⬜⬜ opgegeven");
  });

  it("numbers the deals a day apart from deal #1 on 2026-01-01, the same in every time zone", () => {
    expect(dealNumber("2026-01-01")).toBe(1);
    expect(dealNumber("2026-12-07")).toBe(341);
    expect(dealNumber(dayBefore("2027-01-01"))).toBe(365);
  });
});

describe("the robot partner", () => {
  const proposals: Record<string, (player: string) => unknown> = {
    twelves: (player) => ({ type: "propose", twelves: player, starter: player }),
    sirtommy: (player) => ({ type: "propose", ascending: player }),
  };

  it.each(Object.entries(proposals))(
    "answers the player's proposal in %s, so the agreed game can start",
    (id, propose) => {
      const { engine, robot } = GAMES.get(id)!;
      const seed = dailySeed("2026-12-07", id, "key");
      const dealt = engine.setup(["ann-id", "bot:1"], {}, seed);
      const proposed = engine.apply(dealt, "ann-id", propose("ann-id"));
      if (!proposed.ok) throw new Error(`the proposal was refused: ${proposed.error.key}`);
      const choice = robot.player.choose({
        seat: "bot:1",
        view: engine.privateView(proposed.state, "bot:1"),
        legal: engine.legalMoves(proposed.state, "bot:1"),
        mustAct: false,
        random: () => 0.5,
        hasTime: () => true,
      });
      expect(choice?.move).toMatchObject({ type: expect.stringMatching(/^(confirm|propose)$/) });
      const answered = engine.apply(proposed.state, "bot:1", choice!.move);
      expect(answered.ok).toBe(true);
    },
  );
});
