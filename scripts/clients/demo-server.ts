// A demo server of its own for a script: a free loopback port, a temporary DATA_DIR with a small demo city, stopped
// (and its folder removed) by the returned function. Resolves once scenery search answers, since that engine is
// built after listen.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './version.ts';

const READY_WITHIN_MS = 4 * 60_000;

export interface DemoServer {
  baseUrl: string;
  stop: () => void;
}

export async function startDemoServer(scenes: number): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'machimi-clients-'));
  const server = spawn(join(root, 'node_modules/.bin/node'), ['scripts/serve.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DEMO_SCENES: String(scenes), PORT: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_WITHIN_MS;
  try {
    // serve.ts logs a JSON line carrying the URL once it listens.
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      server.stdout.on('data', (chunk: Buffer) => {
        buffered = (buffered + chunk.toString()).slice(-100_000);
        const match = /"url":"(http:\/\/[^"]+)"/.exec(buffered);
        if (match?.[1]) resolve(match[1].replace(/\/$/, ''));
      });
      server.on('exit', (code) => reject(new Error(`the demo server exited with ${code} before listening`)));
      setTimeout(() => reject(new Error('the demo server did not listen in time')), READY_WITHIN_MS).unref();
    });
    while (Date.now() < deadline) {
      const probe = await fetch(`${baseUrl}/explore/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '坂道', limit: 1 }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (probe && probe.status !== 503) return { baseUrl, stop };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('scenery search was not ready in time');
  } catch (error) {
    stop();
    throw error;
  }
}
