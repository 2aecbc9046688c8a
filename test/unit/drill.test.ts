import { describe, expect, it } from "vitest";
import { drillOptions } from "../../scripts/bench/drill/cli.js";
import {
  type DrillClick,
  DrillClicks,
  outcomeOf,
  RESTARTING_TEXT,
} from "../../scripts/bench/drill/clicks.js";
import type { DiscordEmulator, InteractionResponses } from "../../scripts/bench/world.js";
import { wordsFor } from "../../src/i18n/index.js";

/** The operations drill's own arithmetic: what a click's answer counts as, and the silences of a host. */

function answer(ackLatencyMs: number | null, content = "Your hand"): InteractionResponses {
  return {
    acked: ackLatencyMs !== null,
    ackLatencyMs,
    message: { content, text: content },
    followUps: [],
  } as unknown as InteractionResponses;
}

describe("a click's outcome", () => {
  it("is answered with a first callback within 3 s, never answered without one or with a later one", () => {
    expect(outcomeOf(answer(120), true)).toBe("answered");
    expect(outcomeOf(answer(null), false)).toBe("never answered");
    expect(outcomeOf(answer(3200), true)).toBe("never answered");
  });

  it("is turned away on the restarting notice, an error on an apology or a deferral never filled in", () => {
    expect(outcomeOf(answer(40, RESTARTING_TEXT), true)).toBe("restarting");
    expect(outcomeOf(answer(40, wordsFor("en")("bot.router.sorry")), true)).toBe("error");
    expect(outcomeOf(answer(40, wordsFor("en")("bot.router.busy")), true)).toBe("error");
    expect(outcomeOf(answer(40), false)).toBe("slow");
  });
});

function click(
  host: number,
  shard: number,
  sentAt: number,
  answeredAt: number | null,
  identified = 0,
): DrillClick {
  return {
    host,
    shard,
    sentAt,
    pending: false,
    outcome: answeredAt === null ? "no connection" : "answered",
    answeredAt,
    doneAt: answeredAt ?? sentAt,
    sessionIdentifiedAt: answeredAt === null ? null : identified,
  };
}

function clicksOf(...all: DrillClick[]): DrillClicks {
  const clicks = new DrillClicks({} as DiscordEmulator, new Map());
  clicks.all.push(...all);
  return clicks;
}

describe("a host's silence", () => {
  it("runs from the last answer before the operation to the first after, while clicks are tried", () => {
    const clicks = clicksOf(
      click(0, 0, 900, 950),
      click(0, 0, 1100, null),
      click(0, 0, 2000, null),
      click(0, 1, 4000, 4100),
      click(0, 0, 4200, 4300),
      // Another host's answer does not end this one's silence.
      click(1, 2, 1500, 1600),
    );
    // From the first click after the last answer (refused at 1100) to the next answer.
    expect(clicks.longestSilence({ host: 0 }, 1000, 5000)).toBe(4100 - 1100);
    expect(clicks.longestSilence({ host: 0, shard: 0 }, 1000, 5000)).toBe(4300 - 1100);
  });

  it("does not count a stretch in which nobody clicked or waited", () => {
    // From 950 to 3900 nobody clicked; then a click answered after 100 ms, and one refused at 4100.
    const idle = clicksOf(click(0, 0, 900, 950), click(0, 0, 3900, 4000), click(0, 0, 4100, null));
    expect(idle.longestSilence({ host: 0 }, 1000, 4300)).toBe(4300 - 4100);
    // A click in flight the whole time: its player waited.
    const waiting = clicksOf(click(0, 0, 900, 950), click(0, 0, 920, 3000));
    expect(waiting.longestSilence({ host: 0 }, 1000, 3000)).toBe(3000 - 950);
  });

  it("takes the clicks in flight when an operation began, and the first answer by a new process's session", () => {
    const clicks = clicksOf(
      click(0, 0, 100, 200, 10),
      { ...click(0, 0, 900, null), outcome: "never answered", doneAt: 3900, sessionIdentifiedAt: 10 },
      click(0, 0, 1500, 1600, 10),
      click(0, 0, 2500, 2600, 2000),
    );
    expect(clicks.within(1000, 3000).map((c) => c.sentAt)).toEqual([900, 1500, 2500]);
    expect(DrillClicks.count(clicks.within(1000, 3000))).toMatchObject({ answered: 2, "never answered": 1 });
    expect(clicks.firstAnsweredBy([0, 1], 2000)).toEqual(
      new Map([
        [0, 2600],
        [1, null],
      ]),
    );
  });
});

describe("the drill's flags", () => {
  it("default to every operation, the proxy's last, and a stop-start roll without hogs", () => {
    expect(drillOptions(new Map())).toMatchObject({
      ops: ["roll", "kill", "proxy"],
      roll: "stop-start",
      hogs: 0,
      killHost: 0,
    });
    expect(
      drillOptions(
        new Map([
          ["ops", "roll"],
          ["roll", "overlap"],
          ["hogs", "2"],
        ]),
      ),
    ).toMatchObject({ ops: ["roll"], roll: "overlap", hogs: 2 });
  });

  it("refuse an unknown operation, roll mode or flag", () => {
    expect(() => drillOptions(new Map([["ops", "roll,reboot"]]))).toThrow(/unknown operation "reboot"/);
    expect(() => drillOptions(new Map([["roll", "blue-green"]]))).toThrow(/--roll/);
    expect(() => drillOptions(new Map([["hogs", "-1"]]))).toThrow(/--hogs/);
    expect(() => drillOptions(new Map([["kill-host", "3"]]))).toThrow(/--kill-host/);
    expect(() => drillOptions(new Map([["shards", "8"]]))).toThrow(/unknown flag --shards/);
  });
});
