import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.ts';

// SIGTERM under load, on the real server process: requests accepted before the signal are all answered (no 5xx, no
// reset), later ones find the listener closed, keep-alive connections are told to close, and the process exits 0
// within the grace. Bounded: 8 loopback clients, at most 10 s of load before the signal and 200 requests after it.

interface Outcome {
  startedBeforeSignal: boolean;
  status?: number;
  connection?: string | undefined;
  error?: string;
}

const clients = 8;
let server: ServerProcess | undefined;
afterAll(() => server?.stop());

function get(agent: Agent, url: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

describe('graceful stop', () => {
  it('SIGTERM under load: 0 × 5xx and 0 resets for accepted requests, then exit 0 within the grace', async () => {
    server = await startServerProcess({ env: { SHUTDOWN_GRACE_S: '10', RATE_LIMIT_FACTOR: '1000' } });
    const { url, child } = server;
    const paths = [
      '/v1/scenes/nearby?lat=34.6126&lon=135.0119&radius_m=1000&limit=50',
      '/v1/streets/nearby?lat=34.6126&lon=135.0119&radius_m=500',
      '/v1/coverage?lat=34.6126&lon=135.0119',
      '/v1',
    ];
    let signalled = false;
    const outcomes: Outcome[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    const loop = async (client: number) => {
      for (let i = 0; ; i++) {
        const startedBeforeSignal = !signalled;
        try {
          const answer = await get(agent, `${url}${paths[(client + i) % paths.length]}`);
          outcomes.push({ startedBeforeSignal, ...answer });
        } catch (error) {
          outcomes.push({ startedBeforeSignal, error: (error as NodeJS.ErrnoException).code ?? String(error) });
          if (!startedBeforeSignal) return;
        }
        if (signalled && outcomes.filter((o) => !o.startedBeforeSignal).length > 200) return;
      }
    };
    const loops = Array.from({ length: clients }, (_, client) => loop(client));
    // Warm: the signal comes once the server answers steadily (at most 10 s of load).
    const warmUntil = performance.now() + 10_000;
    while (outcomes.length < 5 * clients && performance.now() < warmUntil) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stopStarted = performance.now();
    signalled = true;
    child.kill('SIGTERM');
    await Promise.all(loops);
    const code = await server.exited;
    const stopMs = performance.now() - stopStarted;
    agent.destroy();

    const accepted = outcomes.filter((o) => o.startedBeforeSignal);
    console.log(
      `drain: ${accepted.length} requests before the signal, ${outcomes.length - accepted.length} after; stopped in ${Math.round(stopMs)} ms`,
    );
    expect(accepted.length).toBeGreaterThan(clients);
    expect(outcomes.filter((o) => (o.status ?? 0) >= 500)).toEqual([]);
    expect(accepted.filter((o) => o.error !== undefined)).toEqual([]);
    // After the signal a client either got an answer telling it to close the connection or found no listener.
    const later = outcomes.filter((o) => !o.startedBeforeSignal);
    for (const outcome of later) {
      if (outcome.error === undefined) expect(outcome.connection).toBe('close');
      else expect(outcome.error).toMatch(/ECONNREFUSED|ECONNRESET/);
    }
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    const messages = server.logLines.map((line) => line.msg);
    expect(messages).toContain('every request in flight was answered');
    expect(messages.at(-1)).toBe('stopped');
  });
});
