import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const PAGE_DIR = "packages/discord-emulator/src/playground/page";
/** The playground page's own words (its words.json), read as the page reads them. */
const words = JSON.parse(readFileSync(`${PAGE_DIR}/words.json`, "utf8")) as Record<
  string,
  Record<string, string>
>;
const placeholders = (text: string): string[] => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();
/** Every script of the page (app.js and the modules it imports), as one text. */
const page = readdirSync(PAGE_DIR)
  .filter((file) => file.endsWith(".js"))
  .map((file) => readFileSync(`${PAGE_DIR}/${file}`, "utf8"))
  .join("\n");

describe("the playground page's word table", () => {
  it("has English and Dutch, with the same keys and the same placeholders in each", () => {
    expect(Object.keys(words).sort()).toEqual(["en", "nl"]);
    expect(Object.keys(words.nl!).sort()).toEqual(Object.keys(words.en!).sort());
    const differing = Object.keys(words.en!).filter(
      (key) => placeholders(words.en![key]!).join() !== placeholders(words.nl![key]!).join(),
    );
    expect(differing).toEqual([]);
  });

  it("translates every word; the page asks for no word the table lacks, and the table holds none unused", () => {
    const untranslated = Object.keys(words.en!).filter((key) => words.nl![key] === words.en![key]);
    expect(untranslated).toEqual([]);
    const asked = [...page.matchAll(/\bt\("(\w+)"/g)].map((match) => match[1]!);
    expect(asked.length).toBeGreaterThan(20);
    expect(asked.filter((key) => !(key in words.en!))).toEqual([]);
    expect(Object.keys(words.en!).filter((key) => !page.includes(`"${key}"`))).toEqual([]);
  });
});
