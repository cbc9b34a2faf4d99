// The store suite shared by both drivers: schema, ingest and the served-release rule. Queries: query-suite.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServedRelease, IngestError, ingestRelease } from '../../../core/release/ingest.ts';
import { ReleaseFormatError } from '../../../core/release/read.ts';
import { RELEASE_TABLES, type ReleaseTable } from '../../../core/release/tables.ts';
import { loadColumns } from '../../../core/store/columns.ts';
import { migrate, readMigrations } from '../../../core/store/migrate.ts';
import { getRelease, getServedRelease, listReleases, setReleaseStatus } from '../../../core/store/releases.ts';
import type { Store } from '../../../core/store/types.ts';
import { buildRows, writeRelease } from './fixture.ts';
import { expectedSqlTypes } from './schema-types.ts';
import type { StoreVariant } from './variants.ts';

async function rowCounts(store: Store, releaseId: string): Promise<Record<ReleaseTable, number>> {
  const counts = {} as Record<ReleaseTable, number>;
  for (const table of RELEASE_TABLES) {
    const [row] = await store.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE release_id = $1`, [
      releaseId,
    ]);
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

async function expectNothingOf(store: Store, releaseId: string): Promise<void> {
  expect(await getRelease(store, releaseId)).toBeNull();
  expect(Object.values(await rowCounts(store, releaseId)).every((n) => n === 0)).toBe(true);
}

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

export function describeStoreSuite(variant: StoreVariant): void {
  describe(`store on ${variant.name}`, () => {
    let store: Store;
    const served = 'store-served-r1';

    beforeAll(async () => {
      store = (await variant.openFresh()).store;
      await ingestRelease(store, (await writeRelease({ releaseId: served })).dir);
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('migrations', () => {
      it('applies each numbered migration once and records it', async () => {
        const applied = await store.query<{ version: number; name: string }>(
          'SELECT version, name FROM schema_migrations ORDER BY version',
        );
        const numbered = (await readMigrations()).map((migration) => migration.version);
        expect(applied.map((row) => row.version)).toEqual(numbered);
        expect(await migrate(store)).toEqual([]);
      });

      it('has one table per row type whose columns are the schema properties plus release_id and derived ones', async () => {
        for (const table of RELEASE_TABLES) {
          const columns = await store.query<{ column_name: string }>(
            `SELECT column_name FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
            [table],
          );
          expect(columns.map((row) => row.column_name).sort(), table).toEqual([...loadColumns(table)].sort());
        }
      });

      it('stores each property in a column of its JSON type (objects and arrays as jsonb, ids as text)', async () => {
        for (const table of RELEASE_TABLES) {
          const columns = await store.query<{ column_name: string; data_type: string }>(
            `SELECT column_name, data_type FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = $1`,
            [table],
          );
          const actual = new Map(columns.map((row) => [row.column_name, row.data_type]));
          for (const [column, allowed] of Object.entries(expectedSqlTypes(table))) {
            expect(allowed, `${table}.${column}`).toContain(actual.get(column));
          }
        }
      });

      it('keeps the schema and the data across a restart', async () => {
        const location = await variant.openFresh();
        await ingestRelease(location.store, (await writeRelease({ releaseId: 'store-restart-r1' })).dir);
        await location.store.close();
        const reopened = await location.reopen();
        try {
          expect((await getServedRelease(reopened))?.release_id).toBe('store-restart-r1');
          expect(await reopened.query('SELECT version FROM schema_migrations')).toHaveLength(
            (await readMigrations()).length,
          );
        } finally {
          await reopened.close();
        }
      });
    });

    describe('ingest', () => {
      it('loads every table of a release and records it with its manifest', async () => {
        const rows = buildRows();
        expect(await rowCounts(store, served)).toEqual(
          Object.fromEntries(RELEASE_TABLES.map((table) => [table, rows[table].length])),
        );
        const release = await getRelease(store, served);
        expect(release).toMatchObject({ release_id: served, status: 'staged', published_at: null });
        expect(release?.data_as_of).toBe('2026-10-31');
        expect(release?.created_at).toBe('2026-11-01T00:00:00.000Z');
        expect(release?.manifest.release_id).toBe(served);
        expect(release?.manifest.counts.processed_total).toBe(1); // from the manifest, never recounted
      });

      it('loads gzip-compressed tables and reports per-table progress', async () => {
        const { dir } = await writeRelease({ releaseId: 'store-gzip-r1', gzip: true });
        const finished: string[] = [];
        const result = await ingestRelease(store, dir, {
          onProgress: (progress) => {
            if (progress.done) finished.push(`${progress.table}:${progress.rows}/${progress.total}`);
          },
        });
        expect(result.totalRows).toBe(Object.values(result.rows).reduce((a, b) => a + b, 0));
        expect(finished).toContain('scenes:5/5');
        expect(finished).toHaveLength(RELEASE_TABLES.length);
      });

      it('fails as a whole on a bad row, naming file, line and field, and loads nothing', async () => {
        const rows = buildRows();
        const schools = rows.schools.map((row) => JSON.stringify(row));
        schools[2] = JSON.stringify({ ...rows.schools[2], lat: 'north' });
        // schools load last: every other table was already written inside the transaction
        const { dir } = await writeRelease({
          releaseId: 'store-bad-r1',
          lines: { schools: `${schools.join('\n')}\n` },
        });
        const error = await caught(ingestRelease(store, dir));
        expect(error).toBeInstanceOf(ReleaseFormatError);
        expect(error).toMatchObject({ file: 'schools.ndjson', line: 3, field: '/lat' });
        expect(error.message).toContain('schools.ndjson line 3');
        await expectNothingOf(store, 'store-bad-r1');
        expect((await getServedRelease(store))?.release_id).toBe(served);
      });

      it('refuses a key that appears twice in a file', async () => {
        const rows = buildRows();
        rows.scenes.push({ ...(rows.scenes[0] as (typeof rows.scenes)[number]) });
        const error = await caught(
          ingestRelease(store, (await writeRelease({ releaseId: 'store-dup-key', rows })).dir),
        );
        expect(error).toBeInstanceOf(IngestError);
        expect(error).toMatchObject({ code: 'duplicate_key' });
        expect(error.message).toContain('scenes.ndjson');
        await expectNothingOf(store, 'store-dup-key');
      });

      it('refuses rows that point at missing scenes or generations', async () => {
        const rows = buildRows();
        rows.amenities.push({
          ...(rows.amenities[0] as (typeof rows.amenities)[number]),
          id: 'bn_00000000ffff',
          scene_id: '999999999999999',
        });
        const error = await caught(
          ingestRelease(store, (await writeRelease({ releaseId: 'store-dangling', rows })).dir),
        );
        expect(error).toMatchObject({ code: 'dangling_reference' });
        expect(error.message).toContain('amenities.ndjson');
        expect(error.message).toContain('999999999999999');
        await expectNothingOf(store, 'store-dangling');
      });

      it('refuses the same release twice with a clear error and keeps the first', async () => {
        const before = await rowCounts(store, served);
        const error = await caught(ingestRelease(store, (await writeRelease({ releaseId: served })).dir));
        expect(error).toBeInstanceOf(IngestError);
        expect(error).toMatchObject({ code: 'duplicate_release' });
        expect(error.message).toContain(`release ${served} is already in the store`);
        expect(await rowCounts(store, served)).toEqual(before);
      });

      it('refuses a release that is still building', async () => {
        const { dir } = await writeRelease({ releaseId: 'store-building', status: 'building' });
        expect(await caught(ingestRelease(store, dir))).toMatchObject({ code: 'not_ready' });
        await expectNothingOf(store, 'store-building');
      });

      it('refuses a withdrawn release', async () => {
        const { dir } = await writeRelease({ releaseId: 'store-withdrawn', status: 'withdrawn' });
        const error = await caught(ingestRelease(store, dir));
        expect(error).toMatchObject({ code: 'withdrawn' });
        expect((error as Error).message).toContain('withdrawn');
        await expectNothingOf(store, 'store-withdrawn');
      });
    });

    describe('served release (the snapshot rule)', () => {
      it('is made and ingested on a first start, then reused (the embedded default)', async () => {
        const { store: fresh } = await variant.openFresh();
        try {
          let made = 0;
          const makeRelease = async () => {
            made++;
            return (await writeRelease({ releaseId: 'first-start-r1' })).dir;
          };
          const first = await ensureServedRelease(fresh, { makeRelease });
          expect(first.release.release_id).toBe('first-start-r1');
          expect(first.ingested?.totalRows).toBeGreaterThan(0);
          const second = await ensureServedRelease(fresh, { makeRelease });
          expect(second).toMatchObject({ release: { release_id: 'first-start-r1' }, ingested: null });
          expect(made).toBe(1);
        } finally {
          await fresh.close();
        }
      });

      it('is the latest published release, else the latest staged one', async () => {
        const { store: fresh } = await variant.openFresh();
        try {
          expect(await getServedRelease(fresh)).toBeNull();
          const ingest = async (releaseId: string, status: 'staged' | 'published' | 'withdrawn', at: string) =>
            ingestRelease(
              fresh,
              (
                await writeRelease({
                  releaseId,
                  status,
                  createdAt: at,
                  publishedAt: status === 'published' ? at : null,
                })
              ).dir,
            );
          await ingest('rule-staged-old', 'staged', '2026-01-01T00:00:00Z');
          await ingest('rule-staged-new', 'staged', '2026-03-01T00:00:00Z');
          expect((await getServedRelease(fresh))?.release_id).toBe('rule-staged-new');

          await ingest('rule-published', 'published', '2026-02-01T00:00:00Z');
          expect((await getServedRelease(fresh))?.release_id).toBe('rule-published'); // over a newer staged one

          // A withdrawn release is refused at ingest (rollback is withdrawing a stored one, below).
          expect(await caught(ingest('rule-withdrawn', 'withdrawn', '2026-06-01T00:00:00Z'))).toMatchObject({
            code: 'withdrawn',
          });
          expect((await getServedRelease(fresh))?.release_id).toBe('rule-published');

          expect(await setReleaseStatus(fresh, 'rule-staged-new', 'published', '2026-04-01T00:00:00Z')).toBe(true);
          const now = await getServedRelease(fresh);
          expect(now?.release_id).toBe('rule-staged-new');
          expect(now?.published_at).toBe('2026-04-01T00:00:00.000Z');
          expect(now?.manifest.status).toBe('published');

          await setReleaseStatus(fresh, 'rule-staged-new', 'withdrawn');
          await setReleaseStatus(fresh, 'rule-published', 'withdrawn');
          expect((await getServedRelease(fresh))?.release_id).toBe('rule-staged-old');
          expect(await setReleaseStatus(fresh, 'no-such-release', 'published')).toBe(false);
          expect((await listReleases(fresh)).map((release) => release.release_id)).toEqual([
            'rule-staged-new',
            'rule-published',
            'rule-staged-old',
          ]);
        } finally {
          await fresh.close();
        }
      });
    });
  });
}
