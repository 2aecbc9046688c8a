import { describe, expect, it } from "vitest";
import {
  gameActionProblem,
  gameCustomId,
  isReservedAction,
  lobbyCustomId,
  parseCustomId,
  RESERVED_ACTIONS,
} from "../../../src/bot/ui/customId.js";

describe("custom_id codec", () => {
  it("round-trips a game action with its version and arguments", () => {
    const id = gameCustomId(12, 34, "play", 3, 1);
    expect(id).toBe("g:12:34:play:3:1");
    expect(parseCustomId(id)).toEqual({
      kind: "game",
      gameId: 12,
      version: 34,
      action: "play",
      args: ["3", "1"],
    });
  });

  it("round-trips lobby buttons", () => {
    expect(parseCustomId(lobbyCustomId(5, "join"))).toEqual({ kind: "lobby", gameId: 5, action: "join" });
  });

  it.each([
    "",
    "g",
    "g:1:2",
    "g:x:2:play",
    "g:1:y:play",
    "g:1:2:Play",
    "g:1:2:play:bad arg",
    "g:1:2:play:1:2:3:4:5:6:7",
    "l:1:explode",
    "l:1:join:extra",
    `g:1:2:${"a".repeat(200)}`,
    "h:1:2:play",
  ])("refuses the malformed custom_id %j", (raw) => {
    expect(parseCustomId(raw)).toBeNull();
  });

  it("never builds a custom_id longer than Discord's 100 characters", () => {
    expect(() =>
      gameCustomId(
        1,
        1,
        "play",
        ..."x"
          .repeat(24)
          .split("")
          .map(() => "y".repeat(24)),
      ),
    ).toThrow();
  });

  it("keeps the shared actions in one registry: each one reserved, a game's own action not", () => {
    expect(Object.values(RESERVED_ACTIONS).sort()).toEqual([
      "back",
      "endGame",
      "hint",
      "keepGame",
      "panel",
      "refresh",
      "takeBack",
    ]);
    for (const action of Object.values(RESERVED_ACTIONS)) {
      expect(isReservedAction(action)).toBe(true);
      expect(gameActionProblem(action)).toBe("reserved");
      expect(parseCustomId(gameCustomId(3, 4, action))).toEqual({
        kind: "game",
        gameId: 3,
        version: 4,
        action,
        args: [],
      });
    }
    expect(gameActionProblem("place")).toBeNull();
    expect(gameActionProblem("Place")).toBe("malformed");
    expect(isReservedAction("place")).toBe(false);
  });
});
