// npm test: every check the project has, in order, with a summary. Under CI=true the PostgreSQL stage is mandatory.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ci = process.env.CI === 'true';
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  skip?: string;
}

const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const pythonAvailable = spawnSync('python3', ['--version']).status === 0;

const stages: Stage[] = [
  { name: 'lint: code (biome)', command: [bin('biome'), 'check', '.'] },
  { name: 'lint: specs (redocly)', command: [bin('redocly'), 'lint', '--config', 'redocly.yaml'] },
  { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'codegen freshness', command: [process.execPath, 'scripts/codegen.ts', '--check'] },
  { name: 'unit tests', command: [bin('vitest'), 'run', '--project', 'unit'] },
  {
    name: 'integration tests (PGlite)',
    command: [bin('vitest'), 'run', '--project', 'integration'],
    env: { TEST_DATABASE_URL: '' },
  },
  {
    name: 'integration tests (PostgreSQL)',
    command: [bin('vitest'), 'run', '--project', 'integration'],
    env: { TEST_DATABASE_URL: databaseUrl, TEST_STORE: 'postgres' },
    ...(databaseUrl ? {} : { skip: 'TEST_DATABASE_URL is not set (run scripts/ci/start-postgres.sh; see README)' }),
  },
  {
    name: 'fuzz: schemathesis (both specs), Python client smoke',
    command: ['sh', '-c', 'scripts/fuzz/setup-venv.sh && exec "$0" scripts/fuzz/run.ts', process.execPath],
    ...(pythonAvailable ? {} : { skip: 'python3 is not on PATH (schemathesis runs from a virtualenv)' }),
  },
];

const results: { name: string; outcome: string; seconds: number }[] = [];
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
}

console.log('\nSummary');
for (const result of results)
  console.log(`  ${result.outcome.padEnd(30)} ${String(result.seconds).padStart(6)} s  ${result.name}`);
process.exitCode = results.some((result) => result.outcome.startsWith('FAILED')) ? 1 : 0;
