// Benchmark of the in-memory spatial indexes (core/geo) on a seeded synthetic city, next to brute force, to rbush
// (bbox → filter → sort) and to PostGIS on the same points. The index's answers on a subsample are checked against
// its brute-force twin's (and PostGIS's), the mismatches printed beside the timings.
// Usage: npm run bench -- geo [--points 1000000] [--seed 1] [--queries 20000] [--brute 100] [--leaf 32]
//   [--grid-cells 0.25] [--no-rbush] [--only <part of a row name>] [--postgis-url postgres://…]
//   [--postgis-queries 2000] [--no-postgis] [--malloc-as-is]. Progress goes to stderr, the tables to stdout.
import os from 'node:os';
import { measureCoverageRow } from './geo/coverage-row.ts';
import { buildIndexes } from './geo/indexes.ts';
import { calibrate, checksum, progress } from './geo/measure.ts';
import { readGeoOptions, relaunchUnderServerMalloc } from './geo/options.ts';
import { measurePlaceRows } from './geo/place-rows.ts';
import { measurePostgisColumns } from './geo/postgis-columns.ts';
import { printGeoReport } from './geo/report.ts';
import { makeRowTimer } from './geo/rows.ts';
import { measureSceneRows } from './geo/scene-rows.ts';
import { makeCity, makeQueries } from './geo/synthetic-city.ts';
import { makeRandom } from './shared/random.ts';

const options = readGeoOptions();
relaunchUnderServerMalloc(options);

const loadBefore = os.loadavg()[0] ?? 0;
calibrate();
const calibrationMs = calibrate();

progress(`generating city: ${options.points} scenes, seed ${options.seed}`);
const random = makeRandom(options.seed);
const city = makeCity(random, options.points);
const queries = makeQueries(random, city, options.queries);
const indexes = buildIndexes(city, options);

// In-process rows first, in this order; PostGIS after them all, so it never competes with them.
const timer = makeRowTimer(queries, queries.slice(0, options.bruteQueries), options.only);
const measured = [
  measureSceneRows(city, indexes, timer),
  measureCoverageRow(city, indexes, timer),
  measurePlaceRows(city, indexes, timer),
];
const postgisLine = options.withPostgis
  ? await measurePostgisColumns(
      measured.flatMap((m) => m.postgisJobs),
      city,
      {
        url: options.postgisUrl,
        seed: options.seed,
        timed: queries.slice(0, options.postgisQueries),
        checked: timer.bruteQueries,
      },
    )
  : 'skipped: PostGIS (--no-postgis)';

printGeoReport(
  options,
  { loadBefore, calibrationMs, postgisLine },
  indexes.buildRows,
  measured.flatMap((m) => m.rows),
);
progress(`done (checksum ${checksum()})`);
