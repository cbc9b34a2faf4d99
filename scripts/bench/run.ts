// npm run bench: the geo benchmark (geo.ts), the HTTP one (http.ts), start-up (startup.ts, skipped with a message
// when no ingested store is given), then the scenery search at scale (search.ts, skipped with a message without
// --release), the map tiles (map.ts, skipped without --data-dir), the map page's first view in chromium
// (map-first-view.ts, skipped without --url), a live release switch (switch.ts, needs --data) and an ingest beside a
// loaded server (ingest-load.ts, needs --database-url), each in a process of its own so neither's memory or JIT state
// colours the other. `npm run bench -- <part> [options]` runs one part with its options.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const parts = {
  geo: 'geo.ts',
  http: 'http.ts',
  startup: 'startup.ts',
  search: 'search.ts',
  map: 'map.ts',
  'map-first-view': 'map-first-view.ts',
  switch: 'switch.ts',
  'ingest-load': 'ingest-load.ts',
} as const;
const [first, ...rest] = process.argv.slice(2);
const named = first !== undefined && Object.hasOwn(parts, first);
const chosen = named ? [first as keyof typeof parts] : (Object.keys(parts) as (keyof typeof parts)[]);
if (first !== undefined && !named) {
  console.error(`name the part before its options: npm run bench -- ${Object.keys(parts).join('|')} ${first} …`);
  process.exit(2);
}
for (const part of chosen) {
  const script = join(import.meta.dirname, parts[part]);
  const { status } = spawnSync(process.execPath, [script, ...(chosen.length === 1 ? rest : [])], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
