import { createFilter, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The slowest suites, slowest first: a shared folder and the same file in each game's folder
 * (test/games/<id>/).
 */
const SLOW_SUITES = [
  ["test/property/**", "test/**/property.test.ts"],
  ["test/e2e/**", "test/**/e2e.test.ts"],
  ["test/render/**", "test/**/render*.test.ts"],
];

/** `npm run test:unit` (TEST_SUITES=unit): the quick loop without the slow suites and without PostgreSQL. */
const unitOnly = process.env.TEST_SUITES === "unit";

/** Tests outside the slow suites that start a PostgreSQL server. */
const POSTGRES_TESTS = ["test/unit/throwAwayPostgres.test.ts"];

/**
 * The slow suites start first. Without timings from an earlier run (a fresh clone in CI) vitest
 * starts the largest files first, and the property suite's short file would start last and run
 * alone for two minutes while the other worker idles.
 */
class SlowSuitesFirst extends BaseSequencer {
  private readonly suites = SLOW_SUITES.map((files) => createFilter(files, null, { resolve: import.meta.dirname }));

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const slow = this.suites.findIndex((inSuite) => inSuite(file.moduleId));
      return slow < 0 ? this.suites.length : slow;
    };
    // The sort is stable: within a rank, vitest's own order stands.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // Tests run the workspace packages from their TypeScript sources, not from a build that may be stale.
  ssr: { resolve: { conditions: ["@cardtable/source", ...defaultServerConditions] } },
  test: {
    exclude: ["test/.tmp/**", "**/node_modules/**", ...(unitOnly ? [...SLOW_SUITES.flat(), ...POSTGRES_TESTS] : [])],
    // Limits only bound a hung run: a test waits on facts, never on time, and must pass on a machine
    // busy with other jobs, where the property and e2e suites run several times slower.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    sequence: { sequencer: SlowSuitesFirst },
    setupFiles: ["./test/support/words.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      // Projects add their include to the root's, so each names its own.
      { extends: true, test: { name: "bot", include: ["test/**/*.test.ts"] } },
      // The store's suite again, on a throw-away PostgreSQL server (test/support/storeDatabase.ts).
      ...(unitOnly
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: "store on PostgreSQL",
                include: ["test/store/**/*.test.ts"],
                env: { STORE_DATABASE: "postgres" },
              },
            },
          ]),
    ],
  },
});
