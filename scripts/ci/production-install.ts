// npm run check:production-install: installs the project as production does, into a temporary copy of the tracked
// files (`npm ci --omit=dev`: needs the npm registry, or a warm npm cache), then runs `npm start` there on a small demo
// city and checks: Node 24 came with the production dependencies, no devDependency was installed, the server
// answers /readyz and GET /v1 with its version, and SIGTERM sent to npm (not to the server) stops the server too.
// Bounded: 3 minutes for the install, 4 for the first start, 2 for the search index, 20 s for the stop.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'machimi-prod-'));
const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 100) / 10;
let server: ChildProcess | undefined;
// The server's log, kept to print its last lines when a check fails.
let serverLog = '';

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
  console.log(`ok  ${message} (${seconds()} s)`);
}

function copyTrackedFiles(): void {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(work, 'app', file)), { recursive: true });
    copyFileSync(join(root, file), join(work, 'app', file));
  }
}

function waitForUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered = (buffered + chunk.toString()).slice(-100_000);
      serverLog = buffered;
      const match = /"url":"(http:\/\/[^"]+)"/.exec(buffered);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code} before listening`)));
    setTimeout(() => reject(new Error('npm start did not listen in time')), timeoutMs).unref();
  });
}

// /readyz is 503 until the search index is loaded, which the first start builds after it listens.
async function becomesReady(url: string, withinMs: number): Promise<boolean> {
  const until = performance.now() + withinMs;
  while (performance.now() < until) {
    const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function refused(url: string, withinMs: number): Promise<boolean> {
  const until = performance.now() + withinMs;
  while (performance.now() < until) {
    const answered = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (!answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

try {
  copyTrackedFiles();
  const app = join(work, 'app');
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: app,
    stdio: 'inherit',
    timeout: 180_000,
  });
  check(!existsSync(join(app, 'node_modules/vitest')), 'npm ci --omit=dev installed no devDependency');
  const version = execFileSync(join(app, 'node_modules/.bin/node'), ['--version'], { encoding: 'utf8' }).trim();
  check(version.startsWith('v24.'), `the production install brings Node 24 (${version})`);

  server = spawn('npm', ['start'], {
    cwd: app,
    env: { ...process.env, DATA_DIR: join(work, 'data'), DEMO_SCENES: '100', PORT: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group: a failed check kills npm and the server under it, or the server's pipe keeps us alive.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
  const url = await waitForUrl(server, 240_000);
  check(await becomesReady(url, 120_000), `npm start serves ${url}, /readyz 200 once the search index is in`);
  const index = (await (await fetch(`${url}/v1`)).json()) as { version?: string };
  const packageVersion = (JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { version: string }).version;
  check(index.version === packageVersion, `GET /v1 names version ${packageVersion}`);

  server.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 20_000))]);
  check(code === 0, `npm exits 0 on SIGTERM (got ${code})`);
  check(await refused(url, 5000), 'no server is left listening after npm stopped');
} catch (error) {
  console.error(`production install check failed: ${(error as Error).message}`);
  if (serverLog) console.error(`the server's last log lines:\n${serverLog.split('\n').slice(-15).join('\n')}`);
  process.exitCode = 1;
} finally {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  }
  server?.stdout?.destroy();
  rmSync(work, { recursive: true, force: true });
}
