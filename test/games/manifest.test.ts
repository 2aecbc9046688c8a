import { describe, expect, it } from "vitest";
import { type AnyManifest, Games, manifestProblems } from "../../src/bot/manifest.js";
import { GAMES } from "../../src/games/index.js";
import { hasPainting } from "../../src/render/jobs.js";

/** A module a manifest names for a worker thread, loaded from its source as vitest runs it. */
async function load(url: string): Promise<Record<string, unknown>> {
  return (await import(url.replace(/\.js$/, ".ts"))) as Record<string, unknown>;
}

describe("the game manifests", () => {
  it("offer the seven games in /play's order, each manifest complete", () => {
    expect(GAMES.ids).toEqual([
      "thegame",
      "twelves",
      "stapelen",
      "sirtommy",
      "fourkings",
      "troubadour",
      "onevstwo",
    ]);
    expect(GAMES.list.flatMap((game) => manifestProblems(game, GAMES.list))).toEqual([]);
  });

  it("name the modules a worker thread loads: each game's robot, and a renderer that registers every picture", async () => {
    for (const game of GAMES.list) {
      expect((await load(game.robot.module.url))[game.robot.module.name], game.id).toBe(game.robot.player);
      await load(game.painters.module);
      for (const painter of game.painters.all) expect(hasPainting(painter.name), painter.name).toBe(true);
    }
  });

  it("let a robot take a seat in every game but the solo Four Kings", () => {
    expect(GAMES.ids.filter((id) => !GAMES.seatsRobots(id))).toEqual(["fourkings"]);
  });

  it("refuse to start with a manifest that is incomplete, listed twice, or names an action like a shared one", () => {
    const twelves = GAMES.get("twelves") as AnyManifest;
    const { names } = twelves.words.commands;
    const withoutDutch: AnyManifest = {
      ...twelves,
      words: {
        ...twelves.words,
        commands: { ...twelves.words.commands, names: { ...names, "play twelves": undefined as never } },
      },
    };
    delete (withoutDutch.words.commands.names as Record<string, unknown>)["play twelves"];
    expect(manifestProblems(withoutDutch)).toEqual(["twelves: /play twelves has no Dutch name"]);
    const wrongUi: AnyManifest = { ...twelves, ui: (GAMES.get("stapelen") as AnyManifest).ui };
    expect(manifestProblems(wrongUi)).toEqual([
      "twelves: its UI is stapelen's",
      "twelves: its UI drives another engine",
    ]);
    const missingTitle: AnyManifest = {
      ...twelves,
      words: {
        ...twelves.words,
        catalogs: {
          en: Object.fromEntries(
            Object.entries(twelves.words.catalogs.en).filter(([key]) => key !== "game.twelves.title"),
          ),
          nl: Object.fromEntries(
            Object.entries(twelves.words.catalogs.nl).filter(([key]) => key !== "game.twelves.title"),
          ),
        },
      },
    };
    expect(manifestProblems(missingTitle)).toEqual([
      "twelves: the shared table needs the word game.twelves.title",
    ]);
    const otherChoice: AnyManifest = {
      ...twelves,
      words: {
        ...twelves.words,
        commands: {
          ...twelves.words.commands,
          choices: { ...twelves.words.commands.choices, "rules game=twelves": "Twaalven" },
        },
      },
    };
    expect(manifestProblems(otherChoice)).toEqual([
      "twelves: its Dutch /rules choice is not its Dutch title",
    ]);
    const hintAction: AnyManifest = {
      ...twelves,
      ui: { ...twelves.ui, actions: [...twelves.ui.actions, "hint", "Pair!"] },
    };
    expect(manifestProblems(hintAction)).toEqual([
      "twelves: its action hint is a shared one, which the bot answers before the game sees the click",
      "twelves: its action Pair! cannot stand in a custom_id",
    ]);
    expect(() => new Games([twelves, twelves])).toThrow("twelves: listed twice");
    expect(() => new Games([wrongUi])).toThrow(/incomplete game manifests:\ntwelves: its UI is stapelen's/);
  });
});
