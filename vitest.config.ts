import { defineConfig } from 'vitest/config';

// What these files check does not depend on the store (the HTTP layer, the map page): they run once, in the PGlite
// stage. The PostgreSQL stage (TEST_STORE=postgres) repeats what reads or writes the store; CI time is bounded.
const storeIndependent = [
  'test/integration/http/**',
  'test/integration/map/**',
  'test/integration/nesting-depth.test.ts',
  'test/integration/lent-bodies.test.ts',
];
const onPostgres = process.env.TEST_STORE === 'postgres';
// Files that replace a module (vi.mock) need a module graph of their own; every other integration file shares one
// per run (isolate: false), which spares each file re-importing the server's modules.
const ownModules = ['test/integration/release/ground-truth-unread.test.ts'];
const integration = {
  setupFiles: ['test/integration/setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
  fileParallelism: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          globalSetup: ['test/helpers/temp-root.ts'],
          testTimeout: 30_000,
          // One module graph per worker instead of one per file: importing it was most of the project's time.
          isolate: false,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...ownModules, ...(onPostgres ? storeIndependent : [])],
          globalSetup: ['test/helpers/temp-root.ts', 'test/integration/global-setup.ts'],
          isolate: false,
        },
      },
      {
        // Opens stores of its own: no shared demo store to set up.
        test: {
          ...integration,
          name: 'integration-own-modules',
          include: ownModules,
          globalSetup: ['test/helpers/temp-root.ts'],
        },
      },
    ],
  },
});
