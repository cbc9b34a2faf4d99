// `npm run bench -- startup --baseline REF --pglite DIR --baseline-pglite DIR2 [--rounds 3]`: this checkout's server
// and REF's, each on its own copy of the same PGlite store (PGlite writes on open), started in turn, rounds
// alternating which goes first. Each round starts each side twice: once with a map tile asked at listen (a visitor
// who comes at once), once with the tile asked when the search engine is ready (/healthz is polled meanwhile).
// Medians per side and their ratio (this / REF) are printed with the load average.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { checkoutOf } from '../shared/checkout.ts';
import { type WatchedStart, watchStart } from './watched-start.ts';

const THIS = join(import.meta.dirname, '../../..');

interface Side {
  label: string;
  root: string;
  dataDir: string;
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const FIGURES: [keyof WatchedStart, string][] = [
  ['listenMs', 'listen'],
  ['cardsMs', 'cards in'],
  ['engineMs', 'engine ready'],
  ['tileMs', 'first tile'],
  ['healthzMaxMs', '/healthz max'],
  ['restRssMb', 'RSS at rest MB'],
  ['peakRssMb', 'peak RSS MB'],
];

function line(label: string, run: WatchedStart): string {
  return `${label.padEnd(28)} ${FIGURES.map(([key, name]) => `${name} ${Math.round(run[key])}`).join(', ')}`;
}

export async function startupSideBySide(ref: string, dataDir: string, baselineDataDir: string, rounds: number) {
  const sides: Side[] = [
    { label: ref, root: checkoutOf(ref), dataDir: baselineDataDir },
    { label: 'this checkout', root: THIS, dataDir },
  ];
  const runs = new Map<string, WatchedStart[]>(
    sides.flatMap((side) => ['listen', 'engine'].map((tileAt) => [`${side.label} ${tileAt}`, []])),
  );
  console.log(`start-up side by side on PGlite, ${rounds} rounds (load average ${load()})`);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const tileAt of ['listen', 'engine'] as const) {
      for (const side of order) {
        const run = await watchStart(side.root, { DATA_DIR: side.dataDir, DATABASE_URL: '' }, tileAt);
        runs.get(`${side.label} ${tileAt}`)?.push(run);
        console.log(line(`${side.label}, tile at ${tileAt}`, run), `| load ${load()}`);
      }
    }
  }
  console.log('\nmedians (ms unless MB) and this / baseline:');
  for (const tileAt of ['listen', 'engine']) {
    const [base, mine] = sides.map((side) => runs.get(`${side.label} ${tileAt}`) ?? []);
    const parts = FIGURES.map(([key, name]) => {
      const b = median((base ?? []).map((run) => run[key]));
      const m = median((mine ?? []).map((run) => run[key]));
      return `${name} ${Math.round(b)} → ${Math.round(m)} (${(m / b).toFixed(2)}×)`;
    });
    console.log(`tile at ${tileAt}: ${parts.join(', ')}`);
  }
}
