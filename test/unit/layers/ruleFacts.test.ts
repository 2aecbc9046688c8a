import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Rule facts are computed once, in the engine: a game's UI, renderer and words read them from the
 * views (or a view query of `engine/views.ts`), never call the rules themselves. The import layering
 * (`game-rule-facts`) keeps them out of the engine's other files; this closes what it cannot see,
 * the re-exports of `engine/index.ts`: a function such a part takes from its own engine must be
 * declared in `views.ts` (a view query); constants, types and the engine object it may read.
 */
const GAMES_DIR = "src/games";
const PRESENTATION = /^src\/games\/[^/]+\/(ui\.ts|alt\.ts|render\.ts|render\/.+\.ts|words\/.+\.ts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** A rule: a function, declared as one or as a constant holding one. */
function isFunction(declaration: ts.Declaration): boolean {
  if (ts.isFunctionDeclaration(declaration)) return true;
  if (!ts.isVariableDeclaration(declaration) || !declaration.initializer) return false;
  let value = declaration.initializer;
  while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value);
}

describe("rule facts are the engine's", () => {
  const files = sourceFiles(GAMES_DIR).filter((f) => PRESENTATION.test(f));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();

  it("a game's UI, renderer and words call no function of their engine but its view queries", () => {
    expect(files.length).toBeGreaterThanOrEqual(7 * 3);
    const found: string[] = [];
    for (const file of files) {
      const source = program.getSourceFile(file);
      if (!source) throw new Error(`${file} was not compiled`);
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        if (!from.startsWith("./engine/") && !from.startsWith("../engine/")) continue;
        const bindings = statement.importClause?.namedBindings;
        if (!bindings || !ts.isNamedImports(bindings)) continue;
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const symbol = checker.getSymbolAtLocation(element.name);
          const target =
            symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
          const declaration = target?.declarations?.[0];
          if (!declaration) continue;
          const home = relative(".", declaration.getSourceFile().fileName);
          const game = file.split("/")[2];
          if (!home.startsWith(`src/games/${game}/engine/`) || home.endsWith("/views.ts")) continue;
          if (!isFunction(declaration)) continue;
          found.push(`${file}: ${element.name.text} (${home})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
