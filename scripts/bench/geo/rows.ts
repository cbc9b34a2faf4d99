// A row of the geo bench's query table: one query timed through its index on every query point and through its
// brute-force twin on a subsample, with a check (untimed) that both gave the same answers on that subsample; PostGIS
// and rbush columns are filled in by the rows that have them.

import { progress, type Query, type Timing, timeQueries } from './measure.ts';
import type { PostgisGeo } from './postgis-geo.ts';

export interface Row {
  query: string;
  index: Timing;
  brute: Timing;
  rbush?: Timing;
  target: string;
  mismatches: number;
  note?: string;
  postgis?: Timing;
  /** Answers that differ from the index's on the checked subsample, "checked" of them comparable. */
  postgisCheck?: { differ: number; checked: number };
}

/**
 * The same query asked of PostGIS, run after every in-process row. `same` compares one answer with the index's (null
 * when the two are not comparable by design, e.g. a coverage circle past the 8 000-candidate cap).
 */
export interface PostgisJob {
  row: Row;
  run: (db: PostgisGeo, lat: number, lon: number) => Promise<unknown>;
  same: (db: PostgisGeo, lat: number, lon: number) => Promise<boolean | null>;
}

/** What a group of rows adds to the table, in order, with the PostGIS jobs of those that have one. */
export interface MeasuredRows {
  rows: Row[];
  postgisJobs: PostgisJob[];
}

export const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((value, k) => value === b[k]);

/** A row whose index timing has n = 0 was left out by --only; it is not printed. */
export const wasMeasured = (row: Row) => row.index.n > 0;

export type RowTimer = ReturnType<typeof makeRowTimer>;

export function makeRowTimer(queries: readonly Query[], bruteQueries: readonly Query[], only: string | undefined) {
  const notMeasured: Timing = { p50: Number.NaN, p99: Number.NaN, cpuMean: Number.NaN, n: 0 };
  const time = (label: string, sample: readonly Query[], run: (lat: number, lon: number) => number, warmup = 1000) => {
    if (only !== undefined && !label.includes(only)) return notMeasured;
    progress(`${label}: ${sample.length} queries`);
    return timeQueries(sample, run, warmup);
  };

  /** Times the index on every query and brute force on a subsample, then checks their answers on that subsample. */
  function compare<T>(
    label: string,
    target: string,
    viaIndex: (lat: number, lon: number) => T,
    viaBrute: (lat: number, lon: number) => T,
    size: (result: T) => number,
    bruteSample: readonly Query[] = bruteQueries,
  ): Row {
    const index = time(label, queries, (lat, lon) => size(viaIndex(lat, lon)));
    if (index.n === 0) return { query: label, index, brute: index, target, mismatches: 0 };
    const expected: T[] = [];
    const brute = time(
      `${label} (brute force)`,
      bruteSample,
      (lat, lon) => {
        const result = viaBrute(lat, lon);
        expected.push(result);
        return size(result);
      },
      0,
    );
    let mismatches = 0;
    bruteSample.forEach(([lat, lon], q) => {
      if (JSON.stringify(viaIndex(lat, lon)) !== JSON.stringify(expected[q])) mismatches++;
    });
    return { query: label, index, brute, target, mismatches };
  }

  return { queries, bruteQueries, time, compare };
}
