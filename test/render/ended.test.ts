import fs from "node:fs";
import path from "node:path";
import { createCanvas, loadImage } from "canvas";
import { describe, expect, it } from "vitest";
import { endingOf, tableAlt } from "../../src/bot/table.js";
import { GAMES } from "../../src/games/index.js";
import { stapelen } from "../../src/games/stapelen/engine/index.js";
import { renderStapelenTable } from "../../src/games/stapelen/render.js";
import { wordsFor } from "../../src/i18n/index.js";
import { endedBandHeight, stampEnded } from "../../src/render/ended.js";
import { recordLabels, TABLE_PICTURE_WIDTH } from "../../src/render/primitives.js";
import type { GameRecord } from "../../src/store/store.js";

const names = { p1: "Alice", p2: "Bob" };
const state = stapelen.setup(["p1", "p2"], {}, 3);

function record(patch: Partial<GameRecord>): GameRecord {
  return {
    id: 1,
    guildId: "g",
    channelId: "c",
    gameType: "stapelen",
    options: {},
    seed: 3,
    status: "active",
    hostId: "p1",
    version: 5,
    state,
    endReason: null,
    createdAt: 0,
    updatedAt: 0,
    players: [
      { seat: 0, userId: "p1", memberId: "p1", displayName: "Alice", kind: "human", standsInFor: null },
      { seat: 1, userId: "p2", memberId: "p2", displayName: "Bob", kind: "human", standsInFor: null },
    ],
    ...patch,
  };
}

async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    data: ctx.getImageData(0, 0, image.width, image.height).data,
  };
}

describe("the picture of an ended game", () => {
  it("says how the game ended: finished with its summary, ended by the host, a player left; an open game has no ending", () => {
    expect(endingOf(record({}), null, names, "en")).toBeNull();
    expect(
      endingOf(record({ status: "abandoned", endReason: { kind: "ended", by: "Alice" } }), null, names, "en"),
    ).toEqual({
      headline: "Game ended",
      detail: "Alice ended the game early",
    });
    expect(
      endingOf(record({ status: "abandoned", endReason: { kind: "left", by: "Bob" } }), null, names, "en"),
    ).toEqual({
      headline: "Game ended",
      detail: "Bob left the game",
    });
    const finished = endingOf(
      record({ status: "finished" }),
      { results: {}, summary: { key: "stapelen.outcome.won" } },
      names,
      "en",
    );
    expect(finished?.headline).toBe("Game over");
    expect(finished?.detail).not.toBe("stapelen.outcome.won");
  });

  it("the alt text of a game a player ended says who ended it, as a sentence in English and in Dutch", () => {
    const ui = GAMES.uis().get("stapelen")!;
    const ended = record({ status: "abandoned", endReason: { kind: "ended", by: "Alice" } });
    for (const [locale, opening] of [
      ["en", "Game ended: Alice ended the game early. "],
      ["nl", "Spel gestopt: Alice heeft het spel voortijdig gestopt. "],
    ] as const) {
      const ending = endingOf(ended, null, names, locale);
      const alt = tableAlt(ui, stapelen.publicView(state), names, wordsFor(locale), ending);
      expect(alt.startsWith(opening), alt).toBe(true);
    }
  });

  it("says it in the server's language: Dutch headline and detail, every label whole on the band", () => {
    const ended = endingOf(
      record({ status: "abandoned", endReason: { kind: "timedOut", by: "Bob" } }),
      null,
      names,
      "nl",
    );
    expect(ended).toEqual({ headline: "Spel gestopt", detail: "De beurttijd van Bob is om" });
    expect(endingOf(record({ status: "abandoned" }), null, names, "nl")?.detail).toBe(
      "Het spel is voortijdig gestopt",
    );
    const finished = endingOf(
      record({ status: "finished" }),
      { results: {}, summary: { key: "stapelen.outcome.won" } },
      names,
      "nl",
    );
    expect(finished).toEqual({
      headline: "Spel afgelopen",
      detail: "Alle 52 kaarten gestapeld: jullie winnen allebei!",
    });
    const table = renderStapelenTable(stapelen.publicView(state), { names, locale: "nl" });
    const labels = recordLabels(() => stampEnded(table, finished!.headline, finished!.detail));
    expect(labels.map((l) => l.text)).toEqual([finished!.headline, finished!.detail]);
    for (const label of labels) {
      expect(label.shown, label.text).toBe(label.text);
      expect(label.overflows, label.text).toBe(false);
      expect(label.left, label.text).toBeGreaterThanOrEqual(0);
      expect(label.right, label.text).toBeLessThanOrEqual(label.canvasWidth);
    }
  });

  it("is a band with the ending above the whole table, dimmed: nothing of the table is covered", async () => {
    const table = renderStapelenTable(stapelen.publicView(state), { names, locale: "en" });
    const ended = stampEnded(table, "Game ended", "Alice ended the game early");
    fs.mkdirSync(path.join("test", ".tmp"), { recursive: true });
    fs.writeFileSync(path.join("test", ".tmp", "ended-stapelen.png"), ended);
    const before = await pixels(table);
    const after = await pixels(ended);
    const band = endedBandHeight(before.width);
    expect([after.width, after.height]).toEqual([before.width, before.height + band]);
    const at = (img: typeof before, x: number, y: number) => {
      const i = (Math.round(y) * img.width + Math.round(x)) * 4;
      return [img.data[i], img.data[i + 1], img.data[i + 2]] as number[];
    };
    // Every point of the table shows under the band, only dimmed: the same picture, darker.
    let darker = 0;
    let worst = 0;
    for (let y = 0; y < before.height; y += 5) {
      for (let x = 0; x < before.width; x += 5) {
        const was = at(before, x, y);
        const now = at(after, x, y + band);
        now.forEach((c, k) => {
          worst = Math.max(worst, Math.abs(c - (was[k] as number) * 0.8));
        });
        if (now.some((c, k) => c < (was[k] as number))) darker++;
      }
    }
    expect(worst).toBeLessThan(2);
    expect(darker).toBeGreaterThan(1000);
    // The band says it, in its own gold-framed box above the table.
    const labels = recordLabels(() => stampEnded(table, "Game ended", "Alice ended the game early"));
    for (const label of labels) expect(label.bottom, label.text).toBeLessThan(band);
  });

  it("takes a long ending in two lines a phone reads (11 px at 400 px wide) within the band's own height", () => {
    const table = renderStapelenTable(stapelen.publicView(state), { names, locale: "nl" });
    const detail =
      "Bartholomew de Lange kon geen kaart meer kwijt met nog 30 kaarten op tafel: jullie verliezen allebei.";
    let ended: Buffer = Buffer.alloc(0);
    const labels = recordLabels(() => {
      ended = stampEnded(table, "Spel afgelopen", detail);
    });
    const band = endedBandHeight(TABLE_PICTURE_WIDTH);
    const lines = labels.filter((l) => l.bottom < band && l.text !== "Spel afgelopen");
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.shown).join(" ")).toBe(detail);
    for (const label of labels.filter((l) => l.bottom < band)) {
      expect((label.size * 400) / label.canvasWidth, label.text).toBeGreaterThanOrEqual(11);
      expect(label.overflows, label.text).toBe(false);
    }
    expect(ended.readUInt32BE(20)).toBe(table.readUInt32BE(20) + band);
  });
});
