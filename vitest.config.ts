import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

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
