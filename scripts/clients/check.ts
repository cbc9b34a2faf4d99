// The clients stage of npm test, after npm run clients: installs each built package where nothing else is and calls
// a demo server through it, as a user would.
// - openapi-generator's typescript-fetch client of the place lookup spec compiles (./openapi-generator.ts);
// - the packed @machimi/client installs into an empty npm project, clients/typescript/smoke.ts type-checks there
//   against the package's declarations and calls the server;
// - the wheels install into a fresh virtualenv (their dependencies from PyPI), and scripts/fuzz/python_client_smoke.py
//   calls the server through them.
// Exit 0 when every step passed; each step's time is printed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer } from './demo-server.ts';
import { checkTypescriptFetch } from './openapi-generator.ts';
import { clientVersion, outDir, root } from './version.ts';

// Enough scenes for the smoke checks (a next page of a scenery search, scenes near the example point), and quick.
const DEMO_SCENES = 1000;
const STEP_TIMEOUT_MS = 5 * 60_000;

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], timeout: STEP_TIMEOUT_MS });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

function typescriptPackage(baseUrl: string, scratch: string): void {
  const project = join(scratch, 'ts');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const tarball = join(outDir, `machimi-client-${clientVersion()}.tgz`);
  run('npm', ['install', '--silent', '--no-audit', '--no-fund', '--ignore-scripts', tarball], project);
  copyFileSync(join(root, 'clients/typescript/smoke.ts'), join(project, 'smoke.ts'));
  const options = { module: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], strict: true, noEmit: true };
  // Node's own types come from this repository; the package's only from the installed tarball.
  const typeRoots = [join(root, 'node_modules/@types')];
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...options, typeRoots, types: ['node'] }, files: ['smoke.ts'] }),
  );
  run(join(root, 'node_modules/.bin/tsc'), ['-p', project], project);
  run(join(root, 'node_modules/.bin/node'), ['smoke.ts', baseUrl], project);
}

function pythonPackages(baseUrl: string, scratch: string): void {
  const venv = join(scratch, 'venv');
  run('python3', ['-m', 'venv', venv], scratch);
  const wheels = readdirSync(join(outDir, 'python'))
    .filter((name) => name.endsWith('.whl'))
    .map((name) => join(outDir, 'python', name));
  if (wheels.length !== 2) throw new Error(`expected two wheels in .clients/python, found ${wheels.length}`);
  run(join(venv, 'bin/python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...wheels], scratch);
  run(join(venv, 'bin/python'), [join(root, 'scripts/fuzz/python_client_smoke.py'), baseUrl], scratch);
}

const started = performance.now();
const steps: { name: string; outcome: string; seconds: number }[] = [];
async function step(name: string, body: () => void | Promise<void>): Promise<void> {
  const begun = performance.now();
  console.log(`\n▶ ${name}`);
  try {
    await body();
    steps.push({ name, outcome: 'passed', seconds: (performance.now() - begun) / 1000 });
  } catch (error) {
    console.error(`✗ ${name}: ${(error as Error).message}`);
    steps.push({ name, outcome: 'FAILED', seconds: (performance.now() - begun) / 1000 });
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'machimi-clients-check-'));
try {
  await step('openapi-generator typescript-fetch client compiles (place lookup)', checkTypescriptFetch);
  const server = await startDemoServer(DEMO_SCENES);
  try {
    console.log(`demo server (${DEMO_SCENES} scenes) at ${server.baseUrl}`);
    await step('TypeScript package installed and called', () => typescriptPackage(server.baseUrl, scratch));
    await step('Python wheels installed and called', () => pythonPackages(server.baseUrl, scratch));
  } finally {
    server.stop();
  }
} catch (error) {
  console.error(`clients: ${(error as Error).message}`);
  steps.push({ name: 'demo server', outcome: 'FAILED', seconds: 0 });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log('\nClients summary');
for (const s of steps) console.log(`  ${s.outcome.padEnd(8)} ${s.seconds.toFixed(1).padStart(6)} s  ${s.name}`);
console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = steps.length === 3 && steps.every((s) => s.outcome === 'passed') ? 0 : 1;
