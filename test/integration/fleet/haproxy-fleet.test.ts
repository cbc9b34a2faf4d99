import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSpec, specFiles } from '../../../core/spec.ts';
import { findHaproxy, startHaproxy } from '../../helpers/haproxy.ts';
import { closeClients, send } from '../../helpers/loopback-client.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';
import { type Fleet, startFleet } from './fleet.ts';
import { type FleetStore, openFleetStore } from './fleet-store.ts';
import { failures, SteadyLoad, tally } from './steady-load.ts';

// Two replicas on one PostgreSQL database behind haproxy (docs/haproxy.cfg.example, which keeps a client address on
// one replica), under steady load from a few loopback clients for the whole file: cursors continue across replicas;
// a client's rate limit counts once when a round-robin balancer spreads it, whatever X-Forwarded-For it sends;
// `npm run release -- publish` and `withdraw` switch both replicas without an error and no client sees a release
// older than one it saw; a replica killed mid-load leaves the service answering and rejoins when restarted.
// PostgreSQL only: the embedded store is one process. Every answer a replica gives is checked against the spec.

const onPostgres = Boolean(inject('testStore').databaseUrl);
const haproxyBinary = onPostgres ? findHaproxy() : null;
const bucketsOf = (file: string) => loadSpec(file).document['x-rate-limits'] as Record<string, { points: number }>;
const limits = {
  rest: bucketsOf(specFiles.placeLookup).rest?.points as number,
  explore_search: bucketsOf(specFiles.scenerySearch).explore_search?.points as number,
};
// haproxy's check (docs/haproxy.cfg.example): `fall 2` checks `inter 500ms` apart, each taking at most a moment.
const checkBoundMs = 2 * 500 + 1000;

let root: string;
let db: FleetStore;
let fleet: Fleet;
let load: SteadyLoad;
let point: { lat: number; lon: number };
let first: string;
let next: string;

beforeAll(async () => {
  if (!haproxyBinary) return;
  root = await mkdtemp(join(tmpdir(), 'machimi-fleet-releases-'));
  db = await openFleetStore(root, 600);
  first = await db.ingest(21, 'published');
  // The release the switch test publishes is ingested (staged: not served) while the replicas start.
  [fleet, next] = await Promise.all([startFleet(haproxyBinary, db.url), db.ingest(22, 'staged')]);
  // A replica's first search builds what later ones reuse (seconds on a busy machine): not part of the load.
  await Promise.all(fleet.replicas.map((replica) => search(replica.process.url, { query: '石畳の坂道', limit: 3 })));
  const meta = await send(fleet.haproxy.url, { from: '127.0.3.1', path: '/v1/meta' });
  point = meta.body.example_point;
  load = new SteadyLoad({ url: fleet.haproxy.url, point });
  load.start();
}, 120_000);
afterAll(async () => {
  await load?.stop();
  await fleet?.stop();
  closeClients();
  await db?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function search(base: string, body: unknown) {
  const response = await checkedFetch(`${base}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const calls = {
  rest: { path: '/v1/meta' },
  explore_search: { method: 'POST', path: '/explore/api/search', body: { query: '石畳の坂道', limit: 3 } },
} as const;

/** `total` requests of a bucket through a balancer from one address, 4 in flight; how many were admitted. */
async function spend(
  url: string,
  bucket: keyof typeof calls,
  from: string,
  total: number,
  xff?: (n: number) => string,
) {
  let next = 0;
  const statuses: number[] = [];
  const worker = async () => {
    while (next < total) {
      const n = next++;
      const headers: Record<string, string> = xff ? { 'x-forwarded-for': xff(n) } : {};
      const answer = await send(url, { ...calls[bucket], from, headers });
      expect(answer.problems).toEqual([]);
      if (answer.status === 429) expect(answer.body.error?.code ?? answer.body.code).toBe('rate_limited');
      statuses.push(answer.status);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return {
    admitted: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((status) => status === 429).length,
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

  it('the per-client limit counts once across replicas, and a client cannot escape it with X-Forwarded-For', async () => {
    // The example's configuration, balancing round robin: each client's requests alternate between the replicas.
    const spread = await startHaproxy(haproxyBinary as string, fleet.replicas, 'roundrobin');
    try {
      await Promise.all(fleet.replicas.map((replica) => spread.waitFor(replica.name, 'UP', 10_000)));
      const honest = await spend(spread.url, 'rest', '127.0.2.1', limits.rest + 40);
      // A new address in every request's own X-Forwarded-For: haproxy appends the real one, the replica reads that.
      const xff = (n: number) => `198.51.100.${n}`;
      const spoofing = await spend(spread.url, 'explore_search', '127.0.2.2', limits.explore_search + 10, xff);
      const shares = await spread.stats();
      console.info(
        `admitted ${honest.admitted} of rest (${limits.rest}), ${spoofing.admitted} of explore_search spoofing; ` +
          `shares ${JSON.stringify([...shares])}`,
      );
      expect(honest).toEqual({ admitted: limits.rest, refused: 40 });
      expect(spoofing).toEqual({ admitted: limits.explore_search, refused: 10 });
      // Both replicas took a share, so the count was shared, not one replica's own.
      for (const name of ['r1', 'r2']) expect(shares.get(name)?.total ?? 0).toBeGreaterThan(limits.rest / 3);
    } finally {
      await spread.stop();
    }
  });

  it('publish: both replicas switch under load without an error, no client sees an older release; withdraw: both return', async () => {
    const before = await fleet.haproxy.stats();
    const switchTo = async (action: 'publish' | 'withdraw', to: string) => {
      const startedAt = Date.now();
      await db.release(action, next);
      const lines = await Promise.all(
        fleet.replicas.map((replica) =>
          replica.process.waitForLog(
            (entry) => entry.msg === `now serving release ${to}` && Date.parse(String(entry.time)) >= startedAt,
            30_000,
          ),
        ),
      );
      const at = lines.map((line) => Date.parse(String(line.time)));
      const window = { startedAt, first: Math.min(...at), last: Math.max(...at) };
      // Until every client has been answered after the last replica switched.
      for (const end = Date.now() + 10_000; Date.now() < end; ) {
        const after = new Set(load.between(window.last + 100).map((sample) => sample.client));
        if (after.size === load.clients) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return window;
    };

    const published = await switchTo('publish', next);
    const withdrawn = await switchTo('withdraw', first);
    const after = await fleet.haproxy.stats();
    const samples = load.between(published.startedAt - 1000);
    expect(failures(samples)).toEqual([]);
    expect(new Set(samples.map((sample) => sample.release))).toEqual(new Set([first, next]));
    // The clients were spread over both replicas, each client staying on one of them.
    for (const name of ['r1', 'r2'])
      expect((after.get(name)?.total ?? 0) - (before.get(name)?.total ?? 0)).toBeGreaterThan(0);
    // Once every replica switched, every request is answered from the release served.
    const settled = (from: number, to: number) => load.between(from + 100, to).map((sample) => sample.release);
    expect(new Set(settled(published.last, withdrawn.startedAt))).toEqual(new Set([next]));
    expect(new Set(settled(withdrawn.last, Date.now()))).toEqual(new Set([first]));
    // Strictly: a client answered from the newly served release is never answered from the one it replaced.
    const moves: string[] = [];
    for (const [from, to, window, until] of [
      [first, next, published, withdrawn.startedAt],
      [next, first, withdrawn, Date.now()],
    ] as const) {
      for (let client = 0; client < load.clients; client++) {
        const seen = load.between(window.startedAt, until).filter((sample) => sample.client === client);
        const moved = seen.findIndex((sample) => sample.release === to);
        expect(moved, `client ${client} never saw ${to}`).toBeGreaterThanOrEqual(0);
        expect(seen.slice(moved).filter((sample) => sample.release === from)).toEqual([]);
        moves.push(`${(seen[moved]?.startedAt ?? 0) - window.startedAt}`);
      }
    }
    console.info(
      `switch: publish ${published.first - published.startedAt}-${published.last - published.startedAt} ms, ` +
        `withdraw ${withdrawn.first - withdrawn.startedAt}-${withdrawn.last - withdrawn.startedAt} ms after the command; ` +
        `each client's first answer from the new release (ms after the command): ${moves.join(' ')}; ` +
        `${JSON.stringify(tally(samples))}`,
    );
  }, 60_000);

  it('a replica killed mid-load is taken out by the health check and rejoins when restarted', async () => {
    const victim = fleet.replicas[1];
    if (!victim) throw new Error('no second replica');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const killedAt = Date.now();
    victim.process.child.kill('SIGKILL');
    await fleet.haproxy.waitFor(victim.name, 'DOWN', checkBoundMs + 2000);
    const downAfterMs = Date.now() - killedAt;
    // Past the check's bound, until 20 requests have been answered (bounded: the clients' own timeout).
    const settledAt = Math.max(Date.now(), killedAt + checkBoundMs);
    const answeredSince = () => load.between(settledAt).filter((sample) => sample.endedAt > 0).length;
    for (const end = Date.now() + 20_000; answeredSince() < 20 && Date.now() < end; )
      await new Promise((resolve) => setTimeout(resolve, 100));
    const window = load.overlapping(killedAt, settledAt);
    const later = load.between(settledAt);
    console.info(
      `kill: DOWN after ${downAfterMs} ms; within ${checkBoundMs} ms ${JSON.stringify(tally(window))}, then ${JSON.stringify(tally(later))}`,
    );
    // At most the requests in flight at the kill fail (one per client); haproxy retries the rest elsewhere.
    expect(failures(window).length).toBeLessThanOrEqual(load.clients);
    expect(later.length).toBeGreaterThanOrEqual(20);
    expect(failures(later)).toEqual([]);

    const before = (await fleet.haproxy.stats()).get(victim.name)?.total ?? 0;
    await victim.process.ended;
    const restartedAt = Date.now();
    await fleet.restart(victim);
    await fleet.haproxy.waitFor(victim.name, 'UP', 30_000);
    const upAt = Date.now();
    const listening = victim.process.logs.find((entry) => /listening on/.test(entry.msg ?? ''));
    console.info(`restart: in the balancer again after ${upAt - restartedAt} ms; ${JSON.stringify(listening)}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await fleet.haproxy.stats()).get(victim.name)?.total ?? 0).toBeGreaterThan(before);
    expect(failures(load.between(upAt - 200))).toEqual([]);
  }, 90_000);

  it('every answer under load was a conforming 200, outside the kill window, within the request cap', async () => {
    const samples = await load.stop();
    const ms = samples.map((sample) => sample.endedAt - sample.startedAt).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))];
    console.info(
      `steady load: ${samples.length} requests, ${JSON.stringify(tally(samples))}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
    );
    expect(samples.length).toBeLessThanOrEqual(4000);
    expect(samples.flatMap((sample) => sample.problems)).toEqual([]);
    const others = samples.filter((sample) => sample.status !== 200);
    const seen = others.map(({ client, startedAt, status, error }) => ({ client, startedAt, status, error }));
    expect(others.length, JSON.stringify(seen)).toBeLessThanOrEqual(load.clients);
  });
});
