import { describe, expect, it } from "vitest";
import { CommandIds } from "../../../src/bot/commandIds.js";

describe("how public text names a command", () => {
  it("typed out in the text's language while no id is known", () => {
    const ids = new CommandIds();
    expect(ids.name("rules", "en", "g1")).toBe("`/rules`");
    expect(ids.name("game end", "nl", "g1")).toBe("`/spel stoppen`");
  });

  it("as a mention by the id it has where it is read: a development server's own registration there, the application's elsewhere", () => {
    const ids = new CommandIds();
    ids.learn(
      [
        { id: "1", name: "rules" },
        { id: "2", name: "game" },
      ],
      null,
    );
    ids.learn([{ id: "11", name: "rules" }], "dev");
    expect(ids.name("rules", "nl", "dev")).toBe("</rules:11>");
    expect(ids.name("game end", "nl", "dev")).toBe("</game end:2>");
    expect(ids.name("rules", "nl", "g1")).toBe("</rules:1>");
    expect(ids.name("help", "en", "g1")).toBe("`/help`");
  });
});
