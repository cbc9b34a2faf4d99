// Vitest global setup: every temporary directory a test run makes (fixture releases, demo cities, PGlite data
// folders) goes under one run-specific folder, removed when the run ends. Fixtures are cached per worker, so no
// single test could own their removal; a fixture shared by the run's files finds the folder in runTempRootVariable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const runTempRootVariable = 'MACHIMI_TEST_RUN_ROOT';

export default function useRunTempRoot(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'machimi-test-run-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  process.env[runTempRootVariable] = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env[runTempRootVariable];
    rmSync(root, { recursive: true, force: true });
  };
}
