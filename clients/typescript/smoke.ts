// Calls a running server through the installed @machimi/client, as a user would: copied into an empty folder where
// the packed tarball is installed, type-checked there against the package's declarations, then run.
// Usage: node smoke.ts BASE_URL. Exit 0 when every check passed.
import assert from 'node:assert/strict';
import { getMeta, getScene, listScenesNearby } from '@machimi/client/place-lookup';
import { createClient, createConfig } from '@machimi/client/place-lookup/client';
import { searchScenes } from '@machimi/client/scenery-search';
import {
  createClient as createSearchClient,
  createConfig as searchConfig,
} from '@machimi/client/scenery-search/client';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const machimi = createClient(createConfig({ baseUrl }));
const done: string[] = [];

const meta = await getMeta({ client: machimi, throwOnError: true });
assert.equal(meta.data.api_version, 'v1');
const start = meta.data.example_point;
assert.ok(start, 'GET /v1/meta names no example_point');
done.push(`meta: release ${meta.data.release.release_id}, example point ${start.lat}, ${start.lon}`);

// A coordinate held as a number goes in with a fixed count of decimals, as the parameter's description says.
const nearby = await listScenesNearby({
  client: machimi,
  query: { lat: start.lat.toFixed(6), lon: start.lon.toFixed(6), radius_m: 300, limit: 5 },
});
assert.equal(nearby.error, undefined, JSON.stringify(nearby.error));
assert.ok(nearby.data && nearby.data.results.length > 0, 'no scene near the example point');
const first = nearby.data.results[0];
assert.ok(first && /^\d+$/.test(first.id), `scene id ${first?.id} is not a digit string`);
done.push(`scenes nearby: ${nearby.data.results.length} scenes, first id ${first.id}`);

const detail = await getScene({ client: machimi, path: { id: first.id }, throwOnError: true });
assert.equal(detail.data.scene.id, first.id);
done.push(`scene detail: id ${detail.data.scene.id} round-trips as a string`);

// String(1e-7) writes an exponent, which the strict grammar refuses: the documented 400 names the parameter.
const refused = await listScenesNearby({ client: machimi, query: { lat: String(1e-7), lon: '135.0119' } });
assert.equal(refused.response?.status, 400);
assert.equal(refused.error?.error.code, 'invalid_parameter');
assert.equal(refused.error?.error.field, 'lat');
done.push('lat=1e-7: 400 invalid_parameter naming lat');

const search = createSearchClient(searchConfig({ baseUrl }));
const found = await searchScenes({ client: search, body: { query: '石畳の坂道', limit: 3 }, throwOnError: true });
assert.ok(found.data.results.length > 0 && found.data.results.length <= 3, 'no scenery search result');
assert.ok(
  found.data.results.every((scene) => typeof scene.id === 'string'),
  'search result ids are not strings',
);
done.push(`scenery search: ${found.data.results.length} results, first id ${found.data.results[0]?.id}`);

for (const line of done) console.log(`  ✓ ${line}`);
console.log(`TypeScript client (@machimi/client): ${done.length} checks passed`);
