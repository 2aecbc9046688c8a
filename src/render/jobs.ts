import { createHash } from "node:crypto";
import { renderFourKingsPanel, renderFourKingsTable } from "../games/fourkings/render.js";
import { renderOnevstwoHand, renderOnevstwoTable } from "../games/onevstwo/render/index.js";
import { renderSirTommyPanel, renderSirTommyTable } from "../games/sirtommy/render.js";
import { renderStapelenTable } from "../games/stapelen/render.js";
import { renderTheGameHand, renderTheGameTable } from "../games/thegame/render.js";
import { renderTroubadourPanel, renderTroubadourTable } from "../games/troubadour/render.js";
import { renderTwelvesTable } from "../games/twelves/render.js";
import { stampEnded } from "./ended.js";
import type { PaintFn } from "./painter.js";

/**
 * Every picture the bot sends, by name. The UI describes a picture (which painter, with which
 * view, paint context and options) and the render pool draws it on a worker thread, so the event
 * loop never draws. Every painter has the one signature `PaintFn`.
 */
const PAINTERS = {
  "thegame.table": renderTheGameTable,
  "thegame.hand": renderTheGameHand,
  "twelves.table": renderTwelvesTable,
  "stapelen.table": renderStapelenTable,
  "sirtommy.table": renderSirTommyTable,
  "sirtommy.panel": renderSirTommyPanel,
  "fourkings.table": renderFourKingsTable,
  "fourkings.panel": renderFourKingsPanel,
  "troubadour.table": renderTroubadourTable,
  "troubadour.panel": renderTroubadourPanel,
  "onevstwo.table": renderOnevstwoTable,
  "onevstwo.hand": renderOnevstwoHand,
} as const satisfies Record<string, PaintFn<never, never>>;

type Painters = typeof PAINTERS;
export type PainterName = keyof Painters;

/** What to draw: plain data only (views and options), so it crosses to a worker and keys a cache. */
export type PictureJob =
  | { [N in PainterName]: { painter: N; args: Parameters<Painters[N]> } }[PainterName]
  /** A game's last table, dimmed under a band that says how it ended. */
  | { painter: "ended"; args: [table: PictureJob, headline: string, detail: string] };

/**
 * A picture as a message carries it: what to draw, as data and as the JSON text a worker gets
 * (a string crosses threads far cheaper than a structured clone of the views), its identity,
 * the attachment's file name, and its alt text (the attachment's description: what the picture
 * shows, in words, for readers who cannot see it).
 */
export interface Picture {
  job: PictureJob;
  text: string;
  key: string;
  name: string;
  alt: string;
}

function described(job: PictureJob, alt: string): Omit<Picture, "name"> {
  const text = jobText(job);
  // Hex: a file name of lower-case digits and letters never reads like a card ("-KS", "-10H").
  return { job, text, key: createHash("sha1").update(text).digest("hex"), alt };
}

/**
 * A picture whose file name tells its content apart (`<stem>-<hash>.png`): an unchanged one is not
 * sent again. The alt text is part of the name's hash, so new words go out with their picture.
 */
export function picture(stem: string, job: PictureJob, alt: string): Picture {
  const base = described(job, alt);
  const hash = createHash("sha1").update(base.text).update("\n").update(alt).digest("hex");
  return { ...base, name: `${stem}-${hash.slice(0, 12)}.png` };
}

/** A picture under a file name of its own choosing (a table names its game and version). */
export function namedPicture(name: string, job: PictureJob, alt: string): Picture {
  return { ...described(job, alt), name };
}

export function pictureJob<N extends PainterName>(painter: N, ...args: Parameters<Painters[N]>): PictureJob {
  return { painter, args } as PictureJob;
}

export function endedJob(table: PictureJob, headline: string, detail: string): PictureJob {
  return { painter: "ended", args: [table, headline, detail] };
}

/** Draws a job on this thread: the worker's work, and the fallback when no pool runs. */
export function paint(job: PictureJob): Buffer {
  if (job.painter === "ended") {
    const [table, headline, detail] = job.args;
    return stampEnded(paint(table), headline, detail);
  }
  const draw = PAINTERS[job.painter] as (...args: unknown[]) => Buffer;
  return draw(...job.args);
}

/**
 * A job as JSON text, which also identifies its picture: equal jobs draw equal pictures (painters
 * are pure). Only plain JSON data is allowed in a job, so two different jobs never read the same.
 */
export function jobText(job: PictureJob): string {
  return JSON.stringify(job, (_key, value: unknown) => {
    if (value instanceof Map || value instanceof Set || typeof value === "function") {
      throw new Error("a picture job must hold plain data only");
    }
    return value;
  });
}
