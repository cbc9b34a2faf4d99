// The PostGIS columns of the geo bench: the same queries on the same points, asked of PostGIS after every in-process
// row has run (so it never competes with them), timed and checked against the index's answers. Returns the line the
// table's header prints about PostGIS, "skipped: …" when it is not there.
import { connectPostgis } from '../shared/postgis.ts';
import type { Query } from './measure.ts';
import { progress, timeAsync } from './measure.ts';
import { preparePostgisGeo } from './postgis-geo.ts';
import { type PostgisJob, wasMeasured } from './rows.ts';
import type { City } from './synthetic-city.ts';

export interface PostgisRun {
  url: string;
  seed: number;
  /** Timed on the first `timed` query points, checked on the brute-force subsample. */
  timed: readonly Query[];
  checked: readonly Query[];
}

export async function measurePostgisColumns(jobs: readonly PostgisJob[], city: City, run: PostgisRun) {
  const selected = jobs.filter((job) => wasMeasured(job.row));
  if (selected.length === 0) return 'skipped: PostGIS (no row selected)';
  const connection = await connectPostgis(run.url);
  if ('skipped' in connection) return `skipped: ${connection.skipped}`;
  const { client } = connection;
  try {
    const db = await preparePostgisGeo(client, { seed: run.seed, ...city }, progress);
    for (const job of selected) {
      progress(`${job.row.query} (PostGIS): ${run.timed.length} queries`);
      job.row.postgis = await timeAsync(run.timed, (lat, lon) => job.run(db, lat, lon), 200);
      const check = { differ: 0, checked: 0 };
      for (const [lat, lon] of run.checked) {
        const same = await job.same(db, lat, lon);
        if (same === null) continue;
        check.checked++;
        if (!same) check.differ++;
      }
      job.row.postgisCheck = check;
    }
    return `PostGIS: ${connection.version}; one connection, named prepared statements, ${run.timed.length} sequential queries per row over loopback`;
  } finally {
    await client.end();
  }
}
