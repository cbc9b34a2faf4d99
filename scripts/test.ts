// npm test: every check the project has, in order, with a summary. Under CI=true the PostgreSQL stage is mandatory.
// The last line counts the vitest tests as the bare "N passed, N failed, N skipped" (no prefix): CI reads a run's
// closing line, and the fuzz stage's pytest-style banners ("1 warning in 10.00s") would otherwise read as a run that
// executed no test. With a prefix (e.g. "tests:") CI would not recognise the line and judge by the exit code alone.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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
// A pattern: the integration files that mock modules run in a project of their own (vitest.config.ts).
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

const checks: Stage[] = [
  { name: 'lint: code (biome)', command: [bin('biome'), 'check', '.'] },
  { name: 'lint: specs (redocly)', command: [bin('redocly'), 'lint', '--config', 'redocly.yaml'] },
  { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'layers (dependency-cruiser)', command: [bin('depcruise'), ...layerCheck] },
  { name: 'codegen freshness', command: [process.execPath, 'scripts/codegen.ts', '--check'] },
  { name: 'unit tests', command: vitest('unit', 'unit.json'), report: 'unit.json' },
  {
    name: 'integration tests (PGlite)',
    command: vitest('integration*', 'pglite.json'),
    report: 'pglite.json',
    env: { TEST_DATABASE_URL: '' },
  },
];
const postgres: Stage = {
  name: 'integration tests (PostgreSQL)',
  command: vitest('integration*', 'postgres.json'),
  report: 'postgres.json',
  env: { TEST_DATABASE_URL: databaseUrl, TEST_STORE: 'postgres' },
  ...(databaseUrl ? {} : { skip: 'TEST_DATABASE_URL is not set (run scripts/ci/start-postgres.sh; see README)' }),
};
const clients: Stage = {
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
};
const fuzz: Stage = {
  name: 'fuzz: schemathesis (every spec)',
  command: ['sh', '-c', 'scripts/fuzz/setup-venv.sh && exec "$0" scripts/fuzz/run.ts', process.execPath],
  ...(pythonAvailable ? {} : { skip: 'python3 is not on PATH (schemathesis runs from a virtualenv)' }),
};

// Steps run in order; the lanes of a step run at the same time, the first one's output live, the others' held in a
// file and printed when their lane ends. The PostgreSQL stage mostly waits on the database, the client and fuzz stages
// on their own servers: together they keep both cores of a CI machine busy. The PGlite stage, which holds the
// timing-sensitive HTTP tests, runs alone.
const steps: Stage[][][] = [[checks], [[postgres], [clients, fuzz]]];

const results = new Map<Stage, { outcome: string; seconds: number }>();
const totals: TestCounts = { passed: 0, failed: 0, skipped: 0 };

async function runLane(lane: Stage[], log: number | 'inherit'): Promise<void> {
  const say = (line: string) => (log === 'inherit' ? console.log(line) : writeSync(log, `${line}\n`));
  for (const stage of lane) {
    if (stage.skip) {
      if (ci) {
        say(`\n✗ ${stage.name}: required under CI=true but ${stage.skip}`);
        results.set(stage, { outcome: 'FAILED (missing prerequisite)', seconds: 0 });
        continue;
      }
      say(`\n- ${stage.name}: skipped, ${stage.skip}`);
      results.set(stage, { outcome: 'skipped', seconds: 0 });
      continue;
    }
    say(`\n▶ ${stage.name}`);
    const started = performance.now();
    const [command, ...args] = stage.command;
    const child = spawn(command as string, args, {
      cwd: root,
      stdio: log === 'inherit' ? 'inherit' : ['ignore', log, log],
      env: { ...process.env, ...stage.env },
    });
    const status = await new Promise<number | null>((resolve) => {
      child.once('error', () => resolve(null));
      child.once('exit', (code) => resolve(code));
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    results.set(stage, { outcome: status === 0 ? 'passed' : `FAILED (exit ${status})`, seconds });
    const counts = stage.report ? readCounts(stage.report) : undefined;
    if (counts) for (const key of ['passed', 'failed', 'skipped'] as const) totals[key] += counts[key];
    else if (stage.report && status !== 0) totals.failed += 1; // vitest died before writing its report
  }
}

for (const [live, ...held] of steps) {
  const logs = held.map((_, index) => join(reportDir, `lane-${index}.log`));
  const fds = logs.map((path) => openSync(path, 'w'));
  await Promise.all([
    runLane(live ?? [], 'inherit'),
    ...held.map((lane, index) => runLane(lane, fds[index] ?? 'inherit')),
  ]);
  for (const [index, path] of logs.entries()) {
    closeSync(fds[index] as number);
    process.stdout.write(readFileSync(path));
  }
}
rmSync(reportDir, { recursive: true, force: true });

console.log('\nSummary');
for (const stage of steps.flat(2)) {
  const result = results.get(stage) ?? { outcome: 'not run', seconds: 0 };
  console.log(`  ${result.outcome.padEnd(30)} ${String(result.seconds).padStart(6)} s  ${stage.name}`);
}
const failedStages = [...results.values()].filter((result) => result.outcome.startsWith('FAILED')).length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exitCode = failedStages > 0 ? 1 : 0;
