// npm test: every check the project has, in order, with a summary. Under CI=true the PostgreSQL stage is mandatory.
// The last line counts the vitest tests as the bare "N passed, N failed, N skipped" (no prefix): CI reads a run's
// closing line, and the fuzz stage's pytest-style banners ("1 warning in 10.00s") would otherwise read as a run that
// executed no test. With a prefix (e.g. "tests:") CI would not recognise the line and judge by the exit code alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ci = process.env.CI === 'true';
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  skip?: string;
  /** Where the stage's vitest JSON report goes, to count its tests. */
  report?: string;
}

interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

const reportDir = mkdtempSync(join(tmpdir(), 'machimi-test-report-'));
const vitest = (project: string, report: string) => [
  bin('vitest'),
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reportDir, report)}`,
];

function readCounts(report: string): TestCounts | undefined {
  const path = join(reportDir, report);
  if (!existsSync(path)) return undefined;
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>;
  return {
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  };
}

// The layer rules are in .dependency-cruiser.cjs; every source folder is checked, tests and scripts included.
const layerCheck = ['core', 'handlers', 'scripts', 'test', 'generated', '--config', '.dependency-cruiser.cjs'];

const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const pythonAvailable = spawnSync('python3', ['--version']).status === 0;
const javaAvailable = spawnSync('java', ['-version']).status === 0;

const stages: Stage[] = [
  { name: 'lint: code (biome)', command: [bin('biome'), 'check', '.'] },
  { name: 'lint: specs (redocly)', command: [bin('redocly'), 'lint', '--config', 'redocly.yaml'] },
  { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'layers (dependency-cruiser)', command: [bin('depcruise'), ...layerCheck] },
  { name: 'codegen freshness', command: [process.execPath, 'scripts/codegen.ts', '--check'] },
  { name: 'unit tests', command: vitest('unit', 'unit.json'), report: 'unit.json' },
  {
    name: 'integration tests (PGlite)',
    command: vitest('integration', 'pglite.json'),
    report: 'pglite.json',
    env: { TEST_DATABASE_URL: '' },
  },
  {
    name: 'integration tests (PostgreSQL)',
    command: vitest('integration', 'postgres.json'),
    report: 'postgres.json',
    env: { TEST_DATABASE_URL: databaseUrl, TEST_STORE: 'postgres' },
    ...(databaseUrl ? {} : { skip: 'TEST_DATABASE_URL is not set (run scripts/ci/start-postgres.sh; see README)' }),
  },
  {
    name: 'clients: packages built, installed and called; openapi-generator client compiles',
    command: [
      'sh',
      '-c',
      'scripts/fuzz/setup-venv.sh && "$0" scripts/clients/build.ts && exec "$0" scripts/clients/check.ts',
      process.execPath,
    ],
    ...(pythonAvailable && javaAvailable
      ? {}
      : { skip: 'python3 or java is not on PATH (Python packages; openapi-generator runs on Java)' }),
  },
  {
    name: 'fuzz: schemathesis (every spec)',
    command: ['sh', '-c', 'scripts/fuzz/setup-venv.sh && exec "$0" scripts/fuzz/run.ts', process.execPath],
    ...(pythonAvailable ? {} : { skip: 'python3 is not on PATH (schemathesis runs from a virtualenv)' }),
  },
];

const results: { name: string; outcome: string; seconds: number }[] = [];
const totals: TestCounts = { passed: 0, failed: 0, skipped: 0 };
for (const stage of stages) {
  if (stage.skip) {
    if (ci) {
      console.error(`\n✗ ${stage.name}: required under CI=true but ${stage.skip}`);
      results.push({ name: stage.name, outcome: 'FAILED (missing prerequisite)', seconds: 0 });
      continue;
    }
    console.log(`\n- ${stage.name}: skipped, ${stage.skip}`);
    results.push({ name: stage.name, outcome: 'skipped', seconds: 0 });
    continue;
  }
  console.log(`\n▶ ${stage.name}`);
  const started = performance.now();
  const [command, ...args] = stage.command;
  const run = spawnSync(command as string, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...stage.env },
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  results.push({ name: stage.name, outcome: run.status === 0 ? 'passed' : `FAILED (exit ${run.status})`, seconds });
  const counts = stage.report ? readCounts(stage.report) : undefined;
  if (counts) for (const key of ['passed', 'failed', 'skipped'] as const) totals[key] += counts[key];
  else if (stage.report && run.status !== 0) totals.failed += 1; // vitest died before writing its report
}
rmSync(reportDir, { recursive: true, force: true });

console.log('\nSummary');
for (const result of results)
  console.log(`  ${result.outcome.padEnd(30)} ${String(result.seconds).padStart(6)} s  ${result.name}`);
const failedStages = results.filter((result) => result.outcome.startsWith('FAILED')).length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exitCode = failedStages > 0 ? 1 : 0;
