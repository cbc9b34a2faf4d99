import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext, HandlerMap } from '../../core/context.ts';
import { wrapInEnvelope } from '../../core/envelope.ts';
import { printEnvelopeBody } from '../../core/http/envelope.ts';
import { PrintedList } from '../../core/json/printed-list.ts';
import { loadSpec, specFiles } from '../../core/spec.ts';
import { loadHandlers } from '../../handlers/load.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Every /v1 operation's real handler results on the demo release, printed by the envelope printer the server uses
// (serialise.ts): exactly JSON.stringify's bytes of the enveloped body.

interface Captured {
  operationId: string;
  path: string;
  result: Record<string, unknown>;
  ctx: HandlerContext;
  // Whether the card columns were in memory: a nearby page is then printed from them, not from its items.
  fromColumns: boolean;
}

let server: TestServer;
const captured: Captured[] = [];
let currentPath = '';

beforeAll(async () => {
  const placeLookupHandlers: HandlerMap = {};
  for (const [operationId, handler] of Object.entries(await loadHandlers('place-lookup'))) {
    placeLookupHandlers[operationId] = async (input, ctx) => {
      const result = (await handler(input, ctx)) as Record<string, unknown>;
      captured.push({ operationId, path: currentPath, result, ctx, fromColumns: ctx.data.scenes.cards !== null });
      return result;
    };
  }
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '1000' }, placeLookupHandlers });
});
afterAll(() => server.close());

const ids: Record<'id' | 'street_id' | 'edge_id' | 'town_key' | 'change_id' | 'name', Set<string>> = {
  id: new Set(),
  street_id: new Set(),
  edge_id: new Set(),
  town_key: new Set(),
  change_id: new Set(),
  name: new Set(),
};

// Remembers identifiers and names met anywhere in a body, to ask for their details next.
function collectIds(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) collectIds(item);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const set = ids[key as keyof typeof ids];
      const text = typeof inner === 'string' || typeof inner === 'number' ? String(inner) : undefined;
      // `id` is also the license's id: scene ids are digits.
      if (set && text !== undefined && set.size < 6 && (key !== 'id' || /^[0-9]+$/.test(text))) set.add(text);
      collectIds(inner);
    }
  }
}

async function call(path: string, init?: RequestInit): Promise<void> {
  currentPath = path;
  const response = await checkedFetch(`${server.url}${path}`, init);
  const body = await response.json();
  expect(response.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  // Every success names the release it was answered from.
  expect(body.snapshot, path).toBe(server.release.record.release_id);
  collectIds(body);
}

const first = (set: Set<string>, n: number) => [...set].slice(0, n);

async function exerciseEveryOperation(): Promise<void> {
  for (const path of ['/v1', '/v1/meta', '/v1/generations', '/v1/provenance', '/v1/prov']) await call(path);
  const light = server.release.scenes.light;
  const rows = [0, 500, 1500].map((row) => row % light.count);
  for (const row of rows) {
    const at = `lat=${(light.lats[row] as number).toFixed(6)}&lon=${(light.lons[row] as number).toFixed(6)}`;
    for (const extra of ['&radius_m=500', '&radius_m=1000&quality=include_experimental&year_from=2016'])
      await call(`/v1/coverage?${at}${extra}`);
    for (const extra of ['&radius_m=500&limit=50', '&radius_m=1000&limit=50&quality=experimental_only'])
      await call(`/v1/scenes/nearby?${at}${extra}`);
    await call(`/v1/nearby?${at}&radius=300`);
    await call(`/v1/streets/nearby?${at}&radius_m=500`);
    await call(`/v1/areas/at?${at}`);
    await call(`/v1/areas/nearby?${at}`);
    await call(`/v1/changes/nearby?${at}&radius_m=3000`);
    await call(`/v1/changes/nearby?${at}&radius_m=3000&status=refuted`);
    for (const kind of ['vending_machine', 'toilet', 'bench']) {
      await call(`/v1/amenities/nearby?${at}&kind=${kind}&radius_m=3000&limit=10`);
      const body = JSON.stringify({ lat: light.lats[row], lon: light.lons[row], kind, radius_m: 3000, limit: 10 });
      for (const path of ['/amenities/search', '/vending/search']) {
        await call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      }
    }
  }
  const quarantined = light.quarantined.indexOf(1);
  if (quarantined >= 0) ids.id.add(light.ids[quarantined] as string);
  for (const id of first(ids.id, 4)) {
    await call(`/v1/scenes/${id}?include=metadata,machine,analysis`);
    await call(`/v1/scenes/${id}?quality=experimental_only`);
    await call(`/v1/node/${id}`);
  }
  if (quarantined >= 0) await call(`/v1/scenes/${light.ids[quarantined]}`);
  for (const id of first(ids.street_id, 3)) {
    await call(`/v1/streets/${id}?include=profile,axis,edges,versions`);
    await call(`/v1/streets/${id}`);
  }
  for (const id of first(ids.edge_id, 3)) await call(`/v1/edges/${id}`);
  for (const key of first(ids.town_key, 3)) {
    await call(`/v1/areas/${key}?include=profile,geometry`);
    await call(`/v1/areas/${key}`);
  }
  for (const id of first(ids.change_id, 3)) await call(`/v1/changes/${id}`);
  for (const name of first(ids.name, 3)) {
    const q = encodeURIComponent(name.slice(0, 2));
    await call(`/v1/streets/search?q=${q}`);
    await call(`/v1/areas/search?q=${q}`);
  }
  await call(`/v1/schools/search?q=${encodeURIComponent('小学校')}`);
}

describe('the envelope printer on real handler results', () => {
  it('sees every /v1 operation answered and prints each body as JSON.stringify does', async () => {
    await exerciseEveryOperation();
    const spec = loadSpec(specFiles.placeLookup);
    const expectedTargets = spec.operations
      .filter((operation) => !operation.handledBy && !operation.aliasOf)
      .map((operation) => operation.operationId);
    expect(new Set(captured.map((entry) => entry.operationId))).toEqual(new Set(expectedTargets));

    let printedFromColumns = 0;
    for (const { operationId, path, result, ctx, fromColumns } of captured) {
      // The bytes served first: a nearby page printed from the card columns, before its items are ever made.
      const { body } = printEnvelopeBody(result, ctx);
      const reference = JSON.stringify(wrapInEnvelope(result, ctx));
      expect(Buffer.from(body).toString('utf8'), path).toBe(reference);
      if (operationId === 'list_scenes_nearby') {
        const results = result.results as PrintedList<unknown>;
        expect(results, path).toBeInstanceOf(PrintedList);
        if (fromColumns && results.length > 0) printedFromColumns++;
      }
    }
    expect(printedFromColumns).toBeGreaterThan(0);
  });
});
