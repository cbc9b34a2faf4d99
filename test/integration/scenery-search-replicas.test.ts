import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFor } from '../../core/scenery-search/engine-holder.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Two server instances on the same store, as two replicas behind a load balancer: each has its own engine (judge,
// cursor store, page cache). On PostgreSQL a cursor one issued is continued by the other (the cursor table); on the
// embedded store, which one process owns, cursors stay in the process that issued them. Every response is checked
// against the spec.

let first: TestServer;
let second: TestServer;
const onPostgres = () => first.release.store.kind === 'postgres';

beforeAll(async () => {
  first = await startTestServer({ env: { RATE_LIMIT_FACTOR: '50' } });
  second = await startTestServer({ env: { RATE_LIMIT_FACTOR: '50' } });
  await engineFor(first.release);
}, 180_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
});

async function search(server: TestServer, body: unknown) {
  const response = await checkedFetch(`${server.url}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const idsOf = (page: { results: { id: string }[] }) => page.results.map((item) => item.id);

describe('continuation across server instances', () => {
  it('a cursor issued by one instance is continued by the other when they share PostgreSQL', async () => {
    const page1 = await search(first, { query: '住宅街の生活道路', limit: 4 });
    expect(page1.status).toBe(200);
    expect(page1.body.pagination.has_more).toBe(true);
    const next = page1.body.pagination.next_request;
    const page2 = await search(second, next);
    if (!onPostgres()) {
      // Embedded store: one process, cursors in its memory; the other instance has never seen this one.
      expect(page2.status).toBe(410);
      expect(page2.body.code).toBe('cursor_expired');
      return;
    }
    expect(page2.status).toBe(200);
    expect(page2.body.source_release).toBe(page1.body.source_release);
    expect(page2.body.interpretation).toMatchObject({ conditions: page1.body.interpretation.conditions });
    const shown = new Set(idsOf(page1.body));
    for (const id of idsOf(page2.body)) expect(shown.has(id)).toBe(false);
    // …and back: the second instance's cursor continues on the first.
    if (page2.body.pagination.next_request) {
      const page3 = await search(first, page2.body.pagination.next_request);
      expect(page3.status).toBe(200);
      for (const id of [...idsOf(page1.body), ...idsOf(page2.body)]) expect(idsOf(page3.body)).not.toContain(id);
    }
    const [row] = await first.release.store.query<{ n: number }>(
      'SELECT count(*) AS n FROM search_cursors WHERE id = $1',
      [next.cursor],
    );
    expect(row?.n).toBe(1);
  });

  it('the other instance checks the binding too: a changed condition is 400, an unknown cursor 410', async (context) => {
    if (!onPostgres()) context.skip();
    const page1 = await search(first, { preset: 'green_walk', limit: 3 });
    const changed = await search(second, { ...page1.body.pagination.next_request, mode: 'text' });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: 'cursor_mismatch', field: 'mode' });
    const unknown = await search(second, { preset: 'green_walk', limit: 3, cursor: 'cd'.repeat(32) });
    expect(unknown.status).toBe(410);
    expect(unknown.body.recovery).toMatch(/without cursor/);
  });
});

describe('page cache and scene fields', () => {
  it('answers the same request again from the cache, per instance, with no new work', async () => {
    const body = { query: '坂道のある住宅街', limit: 5 };
    const fresh = await search(first, body);
    expect(fresh.status).toBe(200);
    expect(fresh.body.cached).toBe(false);
    expect(fresh.body.usage.judge_calls).toBeGreaterThan(0);
    const again = await search(first, body);
    expect(again.body.cached).toBe(true);
    expect(again.body.usage).toMatchObject({ candidates_considered: 0, judge_calls: 0, judge: 'none' });
    expect(again.body.inference_calls).toBe(0);
    expect(idsOf(again.body)).toEqual(idsOf(fresh.body));
    expect(again.body.pagination.next_cursor).toBe(fresh.body.pagination.next_cursor);
    const elsewhere = await search(second, body);
    expect(elsewhere.body.cached).toBe(false);
    expect(idsOf(elsewhere.body)).toEqual(idsOf(fresh.body));
  });

  it('results carry is_pano, camera_type and position_source from the scene row, as the detail does', async () => {
    const { body } = await search(first, { preset: 'shrine', mode: 'text', limit: 6 });
    expect(body.results.length).toBeGreaterThan(0);
    for (const item of body.results) {
      expect(item).toHaveProperty('is_pano');
      expect(item).toHaveProperty('camera_type');
      expect(['mapillary_computed', 'mapillary_raw', null]).toContain(item.position_source);
      const detail = await checkedFetch(`${first.url}/explore/api/scene/${item.id}`);
      const scene = (await detail.json()) as any;
      expect([item.is_pano, item.camera_type, item.position_source]).toEqual([
        scene.is_pano,
        scene.camera_type,
        scene.position_source,
      ]);
    }
  });
});
