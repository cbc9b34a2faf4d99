// One start of a checkout's server (its npm start) on a data folder, watched from outside until it is at rest: when it
// listens, loads the card records and has the scenery search engine ready (times from the spawn, so Node's own start
// counts), how long /healthz takes while the engine builds, when a first map tile is answered, and the resident
// memory once all that is done.
import { type ChildProcess, spawn } from 'node:child_process';
import { findFreePort, readStartCommand } from '../shared/processes.ts';
import { onLogEntries, procMemory } from './server-output.ts';

export interface WatchedStart {
  listenMs: number;
  cardsMs: number;
  engineMs: number;
  /** When the first tile was answered, from the spawn; asked at listen (`tileAt` 'listen') or at engine ready. */
  tileMs: number;
  /** The slowest /healthz between listening and engine ready (asked one after another, 100 ms apart). */
  healthzMaxMs: number;
  healthzCount: number;
  restRssMb: number;
  peakRssMb: number;
}

/** A z14 tile over the demo city (34.63 N, 135.00 E), with scenes in it. */
const TILE = (() => {
  const z = 14;
  const lat = (34.63 * Math.PI) / 180;
  const x = Math.floor(((135 + 180) / 360) * 2 ** z);
  const y = Math.floor(((1 - Math.asinh(Math.tan(lat)) / Math.PI) / 2) * 2 ** z);
  return `/map/api/tiles/scenes/${z}/${x}/${y}`;
})();

const CARDS_PHASES = new Set(['read_cards_snapshot', 'read_cards']);

/** Log lines of the child with their arrival (ms since `t0`), and a wait for the first matching one. */
function watchLog(child: ChildProcess, t0: number) {
  const seen: { at: number; entry: Record<string, unknown> }[] = [];
  const waiters: { match: (e: Record<string, unknown>) => boolean; resolve: (at: number) => void }[] = [];
  onLogEntries(child, (entry) => {
    const at = performance.now() - t0;
    seen.push({ at, entry });
    for (const waiter of waiters.filter((w) => w.match(entry))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(at);
    }
  });
  return (match: (e: Record<string, unknown>) => boolean, timeoutMs = 1_800_000): Promise<number> => {
    const found = seen.find((s) => match(s.entry));
    if (found) return Promise.resolve(found.at);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such log line after ${timeoutMs / 1000} s`)), timeoutMs);
      const done = (at: number) => {
        clearTimeout(timer);
        resolve(at);
      };
      waiters.push({ match, resolve: done });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before the expected log line`)));
    });
  };
}

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

export async function watchStart(root: string, env: Record<string, string>, tileAt: 'listen' | 'engine') {
  const launch = readStartCommand(root);
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...launch.nodeFlags, launch.script], {
    cwd: root,
    env: { ...process.env, ...launch.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const waitFor = watchLog(child, t0);
  try {
    const listenMs = await waitFor((e) => typeof e.url === 'string' && 'phases' in e, 600_000);
    const tile = tileAt === 'listen' ? timedGet(base + TILE).then(() => performance.now() - t0) : null;
    // Awaited after the engine: a failure then fails the run, not the process.
    tile?.catch(() => undefined);
    let engineReady = false;
    const engine = waitFor((e) => e.msg === 'scenery search engine ready').finally(() => (engineReady = true));
    const healthz: number[] = [];
    while (!engineReady) {
      healthz.push(await timedGet(`${base}/healthz`));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const engineMs = await engine;
    const tileMs = await (tile ?? timedGet(base + TILE).then(() => performance.now() - t0));
    const cardsMs = await waitFor((e) => CARDS_PHASES.has(String(e.phase)));
    const memory = procMemory(child.pid as number);
    const result: WatchedStart = {
      listenMs,
      cardsMs,
      engineMs,
      tileMs,
      healthzMaxMs: Math.max(0, ...healthz),
      healthzCount: healthz.length,
      restRssMb: memory.rssMb,
      peakRssMb: memory.peakMb,
    };
    return result;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
