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
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: onPostgres ? storeIndependent : [],
          globalSetup: ['test/helpers/temp-root.ts', 'test/integration/global-setup.ts'],
          setupFiles: ['test/integration/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
