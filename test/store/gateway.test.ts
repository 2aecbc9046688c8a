import { describe, expect, it } from "vitest";
import { ShardHandoff } from "../../src/bot/handoff.js";
import { SharedIdentifyThrottler } from "../../src/bot/identify.js";
import type { Logger } from "../../src/bot/log.js";
import { storesPerTest } from "../support/storeDatabase.js";

const stores = storesPerTest();

const lines: string[] = [];
const log: Logger = {
  error: (msg) => lines.push(msg),
  warn: (msg) => lines.push(msg),
  info: (msg) => lines.push(msg),
  debug: () => undefined,
};

/** Polls `holds` until it is true (the handoff watches every 500 ms); fails after a generous limit. */
async function until(holds: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const limit = Date.now() + 20_000;
  while (!(await holds())) {
    if (Date.now() > limit) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("shard processes: a deploy hands a shard to the newer process", () => {
  it("the newer live process of a shard is the older one's successor, ready once it says so; other shards, other counts and processes not seen for 5 s are not", async () => {
    const store = await stores.open();
    const at = 1_000_000;
    const gateway = store.gateway;
    await gateway.register({ processId: "old", shardId: 0, shardCount: 2, at });
    await gateway.register({ processId: "other-shard", shardId: 1, shardCount: 2, at: at + 1 });
    await gateway.register({ processId: "other-count", shardId: 0, shardCount: 4, at: at + 1 });
    expect(await gateway.successorOf("old", at - 5000)).toBeNull();

    await gateway.register({ processId: "new", shardId: 0, shardCount: 2, at: at + 10 });
    expect(await gateway.successorOf("old", at - 5000)).toEqual({
      processId: "new",
      startedAt: at + 10,
      readyAt: null,
    });
    expect(await gateway.hasPredecessor("new", at - 5000)).toBe(true);
    expect(await gateway.hasPredecessor("old", at - 5000)).toBe(false);
    expect(await gateway.successorOf("new", at - 5000)).toBeNull();

    await gateway.ready("new", at + 2000);
    expect((await gateway.successorOf("old", at - 5000))?.readyAt).toBe(at + 2000);

    // Not seen since: killed, neither successor nor predecessor.
    expect(await gateway.successorOf("old", at + 2001)).toBeNull();
    expect(await gateway.hasPredecessor("new", at + 1)).toBe(false);

    await gateway.leave("old", at);
    expect(await gateway.hasPredecessor("new", at - 5000)).toBe(false);
  });

  it("ShardHandoff: the old process lets go once the new one is ready, the new one's shard work waits for the old to leave, and a stop with no successor does not wait", async () => {
    const [first, second] = [await stores.open(), await stores.open()];
    const alone = new ShardHandoff(first, { id: 0, count: 2 }, log);
    await alone.register();
    expect(await alone.awaitSuccessor(60_000)).toBe(false);
    await alone.leave();

    const old = new ShardHandoff(first, { id: 1, count: 2 }, log);
    await old.register();
    let letGo = 0;
    old.start(() => letGo++);
    // Started later than the old one (by the clock's millisecond, which orders them).
    const registered = Date.now();
    await until(() => Date.now() > registered, "the next millisecond");
    const fresh = new ShardHandoff(second, { id: 1, count: 2 }, log);
    await fresh.register();
    expect(lines.some((line) => /taking over shard 1 from a running process/.test(line))).toBe(true);
    let gone = false;
    const predecessorGone = fresh.predecessorGone(60_000).then(() => (gone = true));
    fresh.start(() => undefined);
    await until(() => letGo === 1, "the old process to let go");
    expect(old.handedOver).toBe(true);
    expect(gone).toBe(false);
    await old.leave();
    await predecessorGone;
    expect(letGo).toBe(1);
    await fresh.leave();
  });

  it("a stop with a newer process starting serves until that one is ready", async () => {
    const store = await stores.open();
    const old = new ShardHandoff(store, { id: 0, count: 1 }, log);
    await old.register();
    const registered = Date.now();
    await until(() => Date.now() > registered, "the next millisecond");
    const fresh = new ShardHandoff(store, { id: 0, count: 1 }, log);
    await fresh.register();
    let decided: boolean | null = null;
    const waiting = old.awaitSuccessor(60_000).then((ready) => (decided = ready));
    await until(
      async () => (await store.gateway.successorOf(old.processId, Date.now() - 5000)) !== null,
      "registered",
    );
    expect(decided).toBeNull();
    fresh.start(() => undefined);
    await waiting;
    expect(decided).toBe(true);
    await Promise.all([old.leave(), fresh.leave()]);
  });
});

describe("identify turns: max_concurrency across processes", () => {
  it("one IDENTIFY per bucket per window, whichever process asks first; a taken bucket says when it is free", async () => {
    const [one, two] = [await stores.open(), await stores.open()];
    const at = 5_000_000;
    const turns = await Promise.all([
      one.gateway.takeIdentifyTurn(0, at, at + 5250),
      two.gateway.takeIdentifyTurn(0, at, at + 5250),
    ]);
    expect(turns.filter((turn) => "taken" in turn)).toHaveLength(1);
    expect(turns.find((turn) => !("taken" in turn))).toEqual({ freeAt: at + 5250 });
    expect(await two.gateway.takeIdentifyTurn(1, at, at + 5250)).toEqual({ taken: true });
    expect(await two.gateway.takeIdentifyTurn(0, at + 5250, at + 10_500)).toEqual({ taken: true });
  });

  it("SharedIdentifyThrottler: shards of different buckets go at once; one in a taken bucket waits for its turn", async () => {
    const [one, two] = [await stores.open(), await stores.open()];
    const throttles = [new SharedIdentifyThrottler(one, 2, log), new SharedIdentifyThrottler(two, 2, log)];
    const never = new AbortController().signal;
    await Promise.all([throttles[0]!.waitForIdentify(0, never), throttles[1]!.waitForIdentify(1, never)]);
    // Shard 2 shares shard 0's bucket, taken a moment ago by the other process: it waits.
    const abort = new AbortController();
    const waiting = throttles[1]!.waitForIdentify(2, abort.signal);
    abort.abort();
    await expect(waiting).rejects.toThrow();
  });
});
