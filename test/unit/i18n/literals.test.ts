import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { en } from "../../../src/i18n/en/index.js";

/**
 * Words a player reads live in the catalogs (`src/i18n/en`, `src/i18n/nl`), never as string
 * literals in the bot, the pictures or the commands. This scans those folders' code for literals
 * that read like words and fails on any outside the list below.
 */
const SCANNED = ["src/bot", "src/render", "src/games", "commands"];

/** Inside a game's folder, its words are the catalogs themselves, and its engine speaks in catalog keys. */
const NOT_SCANNED = /^src\/games\/[^/]+\/(words|engine)\//;

/**
 * Literals that read like words but are no player's reading, each with its reason (file → texts).
 * Log lines, thrown errors (the router turns them into a catalog message) and catalog keys are
 * recognised by where they stand and need no entry.
 */
const ALLOWED: Record<string, Record<string, string>> = {};

/**
 * Calls whose string arguments no player reads as written: log lines, catalog keys, a game
 * manifest's problems (a developer's, thrown at start-up), the problems of the settings in .env
 * (the operator's, src/bot/config.ts and shardSettings.ts, thrown at start-up), and the slash
 * command builders' names and descriptions — the registered JSON's English, which
 * `src/i18n/commands.ts` localizes for Discord (its own test fails on any without Dutch).
 */
const NOT_READ_BY_PLAYERS =
  /^(ctx\.log|log|this\.log|this\.#log|console)\.(error|warn|info|debug|log)$|^(t|tm|tCount|words|words\.count|problemUnless|problems\.push)$|\.(setName|setDescription|addChoices)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The text of a literal as a reader would see it, `${…}` parts as a space. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
  return null;
}

/** Reads like words: two words of letters side by side, or one capitalised word ("Refresh"). */
function readsLikeWords(text: string): boolean {
  return /\p{L}{2,}[ ,;:'’]+\p{L}{2,}/u.test(text) || /^\s*\p{Lu}\p{Ll}{2,}[.!?…]?\s*$/u.test(text);
}

/** Where a literal stands that no player reads it: imports, types, keys, logs, errors, comparisons. */
function notForPlayers(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return true;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent))
    return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent)) return true;
  if (ts.isBinaryExpression(parent) && /^(===|!==|==|!=)$/.test(parent.operatorToken.getText())) return true;
  if (ts.isCaseClause(parent)) return true;
  let up: ts.Node = parent;
  while (up && !ts.isSourceFile(up)) {
    if (ts.isCallExpression(up) && NOT_READ_BY_PLAYERS.test(up.expression.getText())) return true;
    if (ts.isNewExpression(up) && /Error$/.test(up.expression.getText())) return true;
    if (ts.isThrowStatement(up)) return true;
    if (ts.isStatement(up) || ts.isFunctionLike(up)) break;
    up = up.parent;
  }
  return false;
}

interface Found {
  file: string;
  line: number;
  text: string;
}

function wordyLiterals(file: string): Found[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== null && readsLikeWords(text) && !notForPlayers(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ file, line, text });
    }
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else for (const span of node.templateSpans) visit(span.expression);
  };
  visit(source);
  return found;
}

/** Catalog keys written out in code (`t("kit.back")`, `words("…")`): each must exist in English. */
function keysUsed(file: string): Found[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const used: Found[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      /^(t|tCount|words|words\.count|refuse)$/.test(node.expression.getText())
    ) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        const line = source.getLineAndCharacterOfPosition(first.getStart()).line + 1;
        used.push({ file, line, text: first.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

const scanned = SCANNED.flatMap(files).filter((file) => !NOT_SCANNED.test(file));

describe("user-facing words live in the catalogs", () => {
  it("no string literal in src/bot, src/render, a game's UI and renderer or commands reads like words, outside the allowed list", () => {
    const found = scanned
      .flatMap(wordyLiterals)
      .filter((f) => ALLOWED[f.file]?.[f.text] === undefined)
      .map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`);
    expect(found).toEqual([]);
  });

  it("every allowed exception is still in its file (the list does not go stale)", () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, texts]) => {
      const present = new Set(wordyLiterals(file).map((f) => f.text));
      return Object.keys(texts)
        .filter((text) => !present.has(text))
        .map((text) => `${file}: ${text}`);
    });
    expect(stale).toEqual([]);
  });

  it("every catalog key the code names exists in the English catalog", () => {
    const missing = scanned
      .flatMap(keysUsed)
      .filter((k) => !(k.text in en))
      .map((k) => `${k.file}:${k.line} ${k.text}`);
    expect(missing).toEqual([]);
  });

  it("finds a literal that reads like words (the scanner is not blind)", () => {
    const probe = ts.createSourceFile("probe.ts", 'const a = "Your turn now";', ts.ScriptTarget.Latest, true);
    let seen = false;
    const visit = (node: ts.Node): void => {
      const text = literalText(node);
      if (text !== null && readsLikeWords(text) && !notForPlayers(node)) seen = true;
      ts.forEachChild(node, visit);
    };
    visit(probe);
    expect(seen).toBe(true);
  });
});
