import { createHash } from "node:crypto";
import { stampEnded } from "./ended.js";
import type { PaintContext, PaintFn } from "./painter.js";

/**
 * A painter under its picture name, as a picture job names it. Registered when its game's render
 * module loads: in the bot's thread through the game's UI, in a render worker through the module
 * the game's manifest names (`GameManifest.painters`).
 */
export interface Painting<View, Options> {
  readonly name: string;
  readonly paint: PaintFn<View, Options>;
}

/** Every picture the bot can send, by name: the render modules loaded so far register theirs. */
const PAINTINGS = new Map<string, (...args: never[]) => Buffer>();

export function painting<View, Options = never>(
  name: string,
  paint: PaintFn<View, Options>,
): Painting<View, Options> {
  const known = PAINTINGS.get(name);
  if (known && known !== paint) throw new Error(`two painters are called ${name}`);
  PAINTINGS.set(name, paint);
  return { name, paint };
}

/** Whether a painter of this name is registered (the manifest check). */
export function hasPainting(name: string): boolean {
  return PAINTINGS.has(name);
}

/**
 * What to draw: plain data only (views and options), so it crosses to a worker and keys a cache.
 * The UI describes a picture (which painter, with which view, paint context and options) and the
 * render pool draws it on a worker thread, so the event loop never draws. `ended` is a game's last
 * table, dimmed under a band that says how it ended.
 */
export interface PictureJob {
  painter: string;
  args: readonly unknown[];
}

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

/**
 * A picture under a file name of its own choosing (a table names its game and version), ended by
 * its identity (`<stem>-<key tag>.png`), so a panel that shows the very same picture can show it
 * from that message instead of uploading it again (`showsPicture`).
 */
export function namedPicture(stem: string, job: PictureJob, alt: string): Picture {
  const base = described(job, alt);
  return { ...base, name: `${stem}-${keyTag(base.key)}.png` };
}

/**
 * The start of a picture's key in letters without digits or suit letters, so a file name never
 * reads like a card or a number ("-KS", "-10H", "91").
 */
function keyTag(key: string): string {
  const letters = "bfgjkmnpqrtvwxyz";
  return [...key.slice(0, 16)].map((digit) => letters[Number.parseInt(digit, 16)]).join("");
}

/** Whether a file (an attachment's name, or the last part of its address) is `picture` drawn under `namedPicture`. */
export function showsPicture(filename: string, picture: Pick<Picture, "key">): boolean {
  return filename.endsWith(`-${keyTag(picture.key)}.png`);
}

/** A job for a painter; a painter that takes no options is given none. */
export function pictureJob<View, Options>(
  painter: Painting<View, Options>,
  view: View,
  at: PaintContext,
  ...options: [Options] extends [never]
    ? []
    : undefined extends Options
      ? [options?: Options]
      : [options: Options]
): PictureJob {
  return { painter: painter.name, args: [view, at, ...options] };
}

const ENDED = "ended";

export function endedJob(table: PictureJob, headline: string, detail: string): PictureJob {
  return { painter: ENDED, args: [table, headline, detail] };
}

/** The painter whose picture a job draws (`<game>.<picture>`): an ended table's is its table's. */
export function painterOf(job: PictureJob): string {
  return job.painter === ENDED ? painterOf((job.args as [PictureJob])[0]) : job.painter;
}

/** Draws a job on this thread: the worker's work, and the fallback when no pool runs. */
export function paint(job: PictureJob): Buffer {
  if (job.painter === ENDED) {
    const [table, headline, detail] = job.args as [PictureJob, string, string];
    return stampEnded(paint(table), headline, detail);
  }
  const draw = PAINTINGS.get(job.painter) as ((...args: readonly unknown[]) => Buffer) | undefined;
  if (!draw) throw new Error(`no painter is called ${job.painter}`);
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
