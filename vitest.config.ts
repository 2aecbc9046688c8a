import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The slow suites start first. Without timings from an earlier run (a fresh clone in CI) vitest
 * starts the largest files first, and the property suite's short file would start last and run
 * alone for two minutes while the other worker idles.
 */
class SlowSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const slow = SLOW_SUITES.findIndex((folder) => file.moduleId.includes(`/test/${folder}/`));
      return slow < 0 ? SLOW_SUITES.length : slow;
    };
    // The sort is stable: within a rank, vitest's own order stands.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** The folders of the slowest suites, slowest first. */
const SLOW_SUITES = ["property", "e2e", "render"];

export default defineConfig({
  // Tests run the workspace packages from their TypeScript sources, not from a build that may be stale.
  ssr: { resolve: { conditions: ["@cardtable/source", ...defaultServerConditions] } },
  test: {
    exclude: ["test/.tmp/**", "**/node_modules/**"],
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
      {
        extends: true,
        test: {
          name: "store on PostgreSQL",
          include: ["test/store/**/*.test.ts"],
          env: { STORE_DATABASE: "postgres" },
        },
      },
    ],
  },
});
