import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// Three replicas on one PostgreSQL database, one client bursting 64 requests in flight across them: every bucket
// admits at most its limit, in every trial, and not much less (shared-counter.ts: what a replica holds unused is at
// most limit/20). PostgreSQL only: the embedded store is one process. Every response is checked against the spec.

let replicas: TestServer[] = [];
let onPostgres = false;

beforeAll(async () => {
  const first = await startTestServer({ env: { TRUST_PROXY: '1' } });
  onPostgres = first.release.store.kind === 'postgres';
  replicas = onPostgres
    ? [first, ...(await Promise.all([0, 1].map(() => startTestServer({ env: { TRUST_PROXY: '1' } }))))]
    : [first];
});
afterAll(async () => {
  for (const replica of replicas) await replica.close();
});

const json = { 'content-type': 'application/json' };
const buckets = {
  rest: { limit: 300, path: '/v1/meta', init: {} },
  mcp: {
    limit: 120,
    path: '/mcp',
    init: {
      method: 'POST',
      headers: { ...json, accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_metadata', arguments: {} },
      }),
    },
  },
  search: { limit: 20, path: '/explore/api/search', init: { method: 'POST', headers: json, body: '{"limit":99}' } },
} as const;

/** `total` requests, 64 in flight, round robin over the replicas, from one address; returns how many were admitted. */
async function burst(bucket: keyof typeof buckets, client: string, total: number): Promise<number> {
  const { path, init } = buckets[bucket];
  let next = 0;
  let admitted = 0;
  const worker = async () => {
    while (next < total) {
      const replica = replicas[next++ % replicas.length] as TestServer;
      const headers = { ...(init as RequestInit).headers, 'x-forwarded-for': client };
      const response = await checkedFetch(`${replica.url}${path}`, { ...(init as RequestInit), headers });
      await response.arrayBuffer();
      if (response.status !== 429) admitted++;
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return admitted;
}

describe('shared rate limits across three replicas', () => {
  beforeAll(async () => {
    // Compiled paths and open pool connections, as on a replica that has been serving.
    if (onPostgres)
      for (const bucket of Object.keys(buckets)) await burst(bucket as keyof typeof buckets, '192.0.2.1', 64);
  });

  for (const bucket of Object.keys(buckets) as (keyof typeof buckets)[]) {
    it(`${bucket}: 20 bursts of 64 in flight each admit at most the limit`, async (context) => {
      if (!onPostgres) context.skip();
      const { limit } = buckets[bucket];
      const admitted: number[] = [];
      for (let trial = 0; trial < 20; trial++) {
        admitted.push(await burst(bucket, `203.0.${bucket.length}.${trial + 1}`, limit + 64));
      }
      console.info(`${bucket} (limit ${limit}): admitted ${admitted.join(' ')}`);
      for (const count of admitted) {
        expect(count).toBeLessThanOrEqual(limit);
        expect(count).toBeGreaterThanOrEqual(limit - 3 * Math.floor(limit / 20));
      }
    }, 120_000);
  }
});
