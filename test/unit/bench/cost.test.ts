import { describe, expect, it } from "vitest";
import {
  capacityPlan,
  judgeStep,
  largestHeld,
  type StepFigures,
} from "../../../scripts/bench/capacitySteps.js";
import {
  type CostCounters,
  costBetween,
  cpuSplit,
  picturesByGame,
  type ThreadSample,
  uploadGame,
} from "../../../scripts/bench/cost.js";

/** The load and capacity benches' arithmetic: CPU by thread, pictures and uploads per game, held or failed. */

const PID = 100;

function sample(at: number, processTicks: number, threads: [number, string, number][]): ThreadSample {
  return { pid: PID, at, processTicks, threads: threads.map(([tid, name, ticks]) => ({ tid, name, ticks })) };
}

describe("the bot's CPU by thread", () => {
  it("splits main (the process id), render and robot threads by name; other is the rest of the process's total", () => {
    const start = sample(0, 1000, [
      [PID, "node", 500],
      [101, "node", 100],
      [102, "render", 200],
      [103, "render", 150],
      [104, "robots", 50],
    ]);
    const end = sample(10_000, 2000, [
      [PID, "node", 900],
      [101, "node", 150],
      [102, "render", 400],
      [103, "render", 300],
      [104, "robots", 60],
      // Started within the window: all its time is the window's.
      [105, "render", 40],
    ]);
    expect(cpuSplit(start, end, 100)).toEqual({ main: 4, render: 3.9, robots: 0.1, other: 2, total: 10 });
  });

  it("counts the time of a thread that exited within the window as other (only the total has it)", () => {
    const start = sample(0, 100, [
      [PID, "node", 50],
      [101, "render", 50],
    ]);
    const end = sample(1000, 300, [[PID, "node", 100]]);
    expect(cpuSplit(start, end, 100)).toEqual({ main: 0.5, render: 0, robots: 0, other: 1.5, total: 2 });
  });
});

describe("pictures and uploads per game kind", () => {
  it("reads pictures drawn per game from the render histogram's counts by painter", () => {
    const metrics = [
      'cardtable_render_seconds_bucket{le="0.01",painter="stapelen.table",shard="0"} 3',
      'cardtable_render_seconds_count{painter="stapelen.table",shard="0"} 7',
      'cardtable_render_seconds_count{painter="fourkings.panel",shard="0"} 5',
      'cardtable_render_seconds_count{painter="fourkings.table",shard="0"} 2',
      "cardtable_commit_seconds_count 9",
    ].join("\n");
    expect(picturesByGame(metrics)).toEqual({ stapelen: 7, fourkings: 7 });
  });

  it("ties an upload to its interaction's game, else to its channel's, else to none", () => {
    const interactions = new Map([["i1", "fourkings"]]);
    const channels = new Map([["11", "stapelen"]]);
    const game = (request: { path: string; interactionId: string | null }) =>
      uploadGame(
        request,
        (id) => interactions.get(id),
        (id) => channels.get(id),
      );
    expect(game({ path: "/webhooks/1/tok/messages/@original", interactionId: "i1" })).toBe("fourkings");
    expect(game({ path: "/channels/11/messages/5", interactionId: null })).toBe("stapelen");
    expect(game({ path: "/channels/12/messages", interactionId: "unknown" })).toBeNull();
  });

  it("gives moves, pictures and KB a move per kind over the window", () => {
    const start: CostCounters = {
      threads: sample(0, 0, [[PID, "node", 0]]),
      moves: { stapelen: 10 },
      pictures: { stapelen: 12, fourkings: 3 },
      uploadedBytes: { stapelen: 1_000_000 },
      unattributedBytes: 0,
    };
    const end: CostCounters = {
      threads: sample(10_000, 100, [[PID, "node", 60]]),
      moves: { stapelen: 30, fourkings: 20 },
      pictures: { stapelen: 34, fourkings: 29 },
      uploadedBytes: { stapelen: 5_000_000, fourkings: 2_000_000 },
      unattributedBytes: 5000,
    };
    const cost = costBetween(start, end, 100);
    expect(cost.moves).toBe(40);
    expect(cost.cpuMsPerMove.total).toBe(25);
    expect(cost.cpuMsPerMove.main).toBe(15);
    expect(cost.cpuPercent.total).toBe(10);
    expect(cost.byKind.stapelen).toEqual({
      moves: 20,
      pictures: 22,
      picturesPerMove: 1.1,
      uploadedKB: 4000,
      kbPerMove: 200,
    });
    expect(cost.byKind.fourkings?.picturesPerMove).toBe(1.3);
    expect(cost.unattributedKB).toBe(5);
  });
});

describe("the capacity bench's steps", () => {
  const held: StepFigures = {
    games: 100,
    inPlay: 100,
    moves: 500,
    tableP95Ms: 900,
    unanswered: 0,
    aborted: null,
  };

  it("plans from, from + step, … and ends at max", () => {
    expect(capacityPlan(50, 50, 150)).toEqual([50, 100, 150]);
    expect(capacityPlan(100, 300, 800)).toEqual([100, 400, 700, 800]);
    expect(() => capacityPlan(200, 50, 100)).toThrow(/over --max/);
    expect(() => capacityPlan(0, 50, 100)).toThrow(/whole numbers/);
  });

  it("holds only with every game in play, moves made, table p95 within 1 s and no click unanswered", () => {
    expect(judgeStep(held)).toEqual({ held: true, reasons: [] });
    expect(judgeStep({ ...held, tableP95Ms: 1001 }).reasons).toEqual(["table p95 1001 ms > 1000 ms"]);
    expect(judgeStep({ ...held, unanswered: 1 }).held).toBe(false);
    expect(judgeStep({ ...held, inPlay: 99 }).held).toBe(false);
    expect(judgeStep({ ...held, moves: 0, tableP95Ms: Number.NaN }).reasons).toHaveLength(2);
    expect(judgeStep({ ...held, aborted: "the bot process exited" }).held).toBe(false);
  });

  it("the largest number that held is the last step before the first failure", () => {
    const step = (games: number, ok: boolean) => ({ games, verdict: { held: ok, reasons: [] } });
    expect(largestHeld([step(50, true), step(100, true), step(150, false)])).toBe(100);
    expect(largestHeld([step(50, false)])).toBeNull();
    expect(largestHeld([step(50, true), step(100, false), step(150, true)])).toBe(50);
  });
});
