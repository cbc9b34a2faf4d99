import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSpec, specFiles } from '../../../core/spec.ts';
import { findHaproxy } from '../../helpers/haproxy.ts';
import { closeClients, send } from '../../helpers/loopback-client.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';
import { type Fleet, startFleet } from './fleet.ts';
import { failures, SteadyLoad, tally } from './steady-load.ts';

// Two replicas on one PostgreSQL database behind haproxy (docs/haproxy.cfg.example), under steady load from many
// loopback clients for the whole file: cursors continue across replicas, a client's rate limit counts once however
// the balancer spreads it and whatever X-Forwarded-For it sends, and a replica killed mid-load leaves the service
// answering and rejoins when restarted. PostgreSQL only: the embedded store is one process. Every answer a replica
// gives is checked against the spec.

const onPostgres = Boolean(inject('testStore').databaseUrl);
const haproxyBinary = onPostgres ? findHaproxy() : null;
const restLimit = (loadSpec(specFiles.placeLookup).document['x-rate-limits'] as any).rest.points as number;
// haproxy's check (docs/haproxy.cfg.example): `fall 2` checks `inter 500ms` apart, each taking at most a moment.
const checkBoundMs = 2 * 500 + 1000;

let fleet: Fleet;
let load: SteadyLoad;
let point: { lat: number; lon: number };

beforeAll(async () => {
  if (!haproxyBinary) return;
  fleet = await startFleet(haproxyBinary);
  const meta = await send(fleet.haproxy.url, { from: '127.0.3.1', path: '/v1/meta' });
  point = meta.body.example_point;
  load = new SteadyLoad({ url: fleet.haproxy.url, point });
  load.start();
}, 120_000);
afterAll(async () => {
  await load?.stop();
  await fleet?.stop();
  closeClients();
});

async function search(base: string, body: unknown) {
  const response = await checkedFetch(`${base}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** `total` GET /v1/meta through the balancer from one address, `inFlight` at a time; how many were not refused. */
async function spend(from: string, total: number, headers: (n: number) => Record<string, string> = () => ({})) {
  let next = 0;
  const statuses: number[] = [];
  const worker = async () => {
    while (next < total) {
      const answer = await send(fleet.haproxy.url, { from, path: '/v1/meta', headers: headers(next++) });
      expect(answer.problems).toEqual([]);
      if (answer.status === 429) expect(answer.body.error.code).toBe('rate_limited');
      statuses.push(answer.status);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return {
    admitted: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

describe.skipIf(!haproxyBinary)('two replicas behind haproxy', () => {
  it('a scenery-search cursor issued by one replica continues on the other, and back', async () => {
    const [r1, r2] = fleet.replicas.map((replica) => replica.process.url) as [string, string];
    const page1 = await search(r1, { query: '住宅街の生活道路', limit: 4 });
    expect(page1.status).toBe(200);
    const page2 = await search(r2, page1.body.pagination.next_request);
    expect(page2.status).toBe(200);
    expect(page2.body.source_release).toBe(page1.body.source_release);
    const page3 = await search(r1, page2.body.pagination.next_request);
    expect(page3.status).toBe(200);
    const ids = [page1, page2, page3].flatMap((page) => page.body.results.map((item: { id: string }) => item.id));
    expect(new Set(ids).size).toBe(12);
  });

  it(`the per-client limit (${restLimit} a minute) counts once across replicas, X-Forwarded-For or not`, async () => {
    const before = await fleet.haproxy.stats();
    const honest = await spend('127.0.2.1', restLimit + 40);
    const spoofing = await spend('127.0.2.2', restLimit + 40, (n) => ({ 'x-forwarded-for': `198.51.100.${n % 250}` }));
    const after = await fleet.haproxy.stats();
    console.info(`rest limit ${restLimit}: admitted ${honest.admitted} (plain), ${spoofing.admitted} (spoofed XFF)`);
    expect(honest).toEqual({ admitted: restLimit, refused: 40 });
    expect(spoofing).toEqual({ admitted: restLimit, refused: 40 });
    // Both replicas took a share of them (round robin), so the count was shared, not one replica's own.
    for (const name of ['r1', 'r2'])
      expect((after.get(name)?.total ?? 0) - (before.get(name)?.total ?? 0)).toBeGreaterThan(restLimit / 2);
  });

  it('a replica killed mid-load is taken out by the health check and rejoins when restarted', async () => {
    const victim = fleet.replicas[1];
    if (!victim) throw new Error('no second replica');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const killedAt = Date.now();
    victim.process.child.kill('SIGKILL');
    await fleet.haproxy.waitFor(victim.name, 'DOWN', checkBoundMs + 2000);
    const downAfterMs = Date.now() - killedAt;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const window = load.between(killedAt, killedAt + checkBoundMs);
    const later = load.between(killedAt + checkBoundMs, Date.now() - 200);
    console.info(
      `kill: DOWN after ${downAfterMs} ms; within ${checkBoundMs} ms ${JSON.stringify(tally(window))}, then ${JSON.stringify(tally(later))}`,
    );
    // At most the requests in flight at the kill fail (one per client); haproxy retries the rest elsewhere.
    expect(failures(window).length).toBeLessThanOrEqual(4);
    expect(later.length).toBeGreaterThan(20);
    expect(failures(later)).toEqual([]);

    const before = (await fleet.haproxy.stats()).get(victim.name)?.total ?? 0;
    await victim.process.ended;
    await fleet.restart(victim);
    await fleet.haproxy.waitFor(victim.name, 'UP', 30_000);
    const upAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await fleet.haproxy.stats()).get(victim.name)?.total ?? 0).toBeGreaterThan(before);
    expect(failures(load.between(upAt - 200))).toEqual([]);
  }, 60_000);

  it('every answer under load was a conforming 200, outside the kill window, within the request cap', async () => {
    const samples = await load.stop();
    console.info(`steady load: ${samples.length} requests, ${JSON.stringify(tally(samples))}`);
    expect(samples.length).toBeLessThanOrEqual(12_000);
    expect(samples.flatMap((sample) => sample.problems)).toEqual([]);
    const others = samples.filter((sample) => sample.status !== 200);
    expect(others.length).toBeLessThanOrEqual(4);
  });
});
