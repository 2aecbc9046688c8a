import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** A newcomer reads the README whole: past this many bytes it is a manual again. */
const README_LIMIT_BYTES = 20_000;

/** The documents the README hands on to, beside the rules. */
const GUIDES = [
  "docs/architecture.md",
  "docs/operations.md",
  "docs/benchmarks.md",
  "docs/adding-a-game.md",
  "docs/RULES.md",
];

const documents = ["README.md", ...readdirSync("docs").map((name) => `docs/${name}`)].filter((file) =>
  file.endsWith(".md"),
);

/** The text outside fenced code blocks, where a `[…](…)` is a link. */
function prose(file: string): string {
  return readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
}

/** Each relative link's target: a file (relative to the document) and the heading it points at. */
function links(file: string): { target: string; anchor: string | null }[] {
  return [...prose(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [where, anchor] = href.split("#") as [string, string | undefined];
      const target = where === "" ? file : path.join(path.dirname(file), where);
      return { target, anchor: anchor ?? null };
    });
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(file).matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

describe("the README and the documents it hands on to", () => {
  it(`keeps the README within ${README_LIMIT_BYTES} bytes`, () => {
    expect(readFileSync("README.md").length).toBeLessThanOrEqual(README_LIMIT_BYTES);
  });

  it("links every guide from the README, and each guide exists", () => {
    const linked = new Set(links("README.md").map((link) => link.target));
    for (const guide of GUIDES) {
      expect(existsSync(guide), guide).toBe(true);
      expect(linked, guide).toContain(guide);
    }
  });

  it("has every relative link land on a file, and every #anchor on a heading of it", () => {
    let checked = 0;
    for (const file of documents) {
      for (const { target, anchor } of links(file)) {
        checked++;
        expect(existsSync(target), `${file} → ${target}`).toBe(true);
        if (anchor !== null && target.endsWith(".md"))
          expect(anchors(target), `${file} → ${target}#${anchor}`).toContain(anchor);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
