// Loads a release folder into a store: every row validated by the reader, everything in ONE transaction, so a bad
// row leaves the store exactly as it was (and the release being served stays served).
import { loadColumns, rowValues } from '../store/columns.ts';
import { deriveTables, findDanglingReference, hasGeneration, refreshPlannerStatistics } from '../store/integrity.ts';
import { getRelease, getServedRelease, insertRelease, type ReleaseRecord } from '../store/releases.ts';
import type { Queryable, Store, StoreSession } from '../store/types.ts';
import type { Manifest } from './manifest-types.ts';
import { readManifest, readTableRows } from './read.ts';
import { RELEASE_TABLES, type ReleaseTable } from './tables.ts';

export type IngestErrorCode = 'duplicate_release' | 'not_ready' | 'withdrawn' | 'duplicate_key' | 'dangling_reference';

/** A release the store refuses as a whole (the reader's ReleaseFormatError covers rows that are malformed). */
export class IngestError extends Error {
  readonly code: IngestErrorCode;
  constructor(code: IngestErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IngestError';
    this.code = code;
  }
}

export interface IngestProgress {
  table: ReleaseTable;
  /** Rows of this table loaded so far, and how many the manifest announces. */
  rows: number;
  total: number;
  /** Milliseconds since this table started. */
  elapsedMs: number;
  done: boolean;
}

export interface IngestOptions {
  onProgress?: (progress: IngestProgress) => void;
}

export interface IngestResult {
  releaseId: string;
  status: Manifest['status'];
  rows: Record<ReleaseTable, number>;
  totalRows: number;
  seconds: number;
  rowsPerSecond: number;
}

async function checkReferences(tx: Queryable, manifest: Manifest): Promise<void> {
  const dangling = await findDanglingReference(tx, manifest.release_id);
  if (dangling) {
    throw new IngestError(
      'dangling_reference',
      `${manifest.files[dangling.table]}: ${dangling.problem} (${JSON.stringify(dangling.key)}); nothing was loaded`,
    );
  }
  const generation = manifest.default_generation;
  if (generation !== null && !(await hasGeneration(tx, manifest.release_id, generation))) {
    throw new IngestError(
      'dangling_reference',
      `manifest.json: default_generation ${JSON.stringify(generation)} is not in ${manifest.files.generations}; ` +
        'nothing was loaded',
    );
  }
}

function databaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function duplicateReleaseError(releaseId: string): IngestError {
  return new IngestError(
    'duplicate_release',
    `release ${releaseId} is already in the store; a release is immutable, so ingest it under a new release_id ` +
      '(or into another, empty store: a fresh DATA_DIR or database)',
  );
}

async function* withProgress<T>(rows: AsyncIterable<T>, report: (rows: number, done: boolean) => void) {
  let count = 0;
  let lastReport = 0;
  for await (const row of rows) {
    yield row;
    count++;
    const now = performance.now();
    if (now - lastReport >= 100) {
      lastReport = now;
      report(count, false);
    }
  }
  report(count, true);
}

async function loadTable(
  tx: StoreSession,
  dir: string,
  manifest: Manifest,
  table: ReleaseTable,
  options: IngestOptions,
): Promise<number> {
  const started = performance.now();
  const toValues = rowValues(table, manifest.release_id);
  const report = (rows: number, done: boolean) =>
    options.onProgress?.({
      table,
      rows,
      total: manifest.row_counts[table],
      elapsedMs: performance.now() - started,
      done,
    });
  async function* values() {
    for await (const row of withProgress(readTableRows(dir, manifest, table), report)) {
      yield toValues(row as unknown as Record<string, unknown>);
    }
  }
  try {
    return await tx.bulkLoad(table, loadColumns(table), values());
  } catch (error) {
    if (databaseErrorCode(error) === '23505') {
      const detail = (error as { detail?: string }).detail ?? (error as Error).message;
      throw new IngestError(
        'duplicate_key',
        `${manifest.files[table]}: a key appears twice (${detail}); nothing was loaded`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

/**
 * Ingests the release in `dir`. Throws ReleaseFormatError (file, line, field) for a malformed row, IngestError for
 * a release the store refuses; in both cases nothing of the release is left in the store.
 */
export async function ingestRelease(store: Store, dir: string, options: IngestOptions = {}): Promise<IngestResult> {
  const started = performance.now();
  const manifest = await readManifest(dir);
  if (manifest.status === 'building') {
    throw new IngestError('not_ready', `release ${manifest.release_id} has status building; stage or publish it first`);
  }
  // Withdrawing is how a release is rolled back: loading one would only add a release nobody may serve.
  if (manifest.status === 'withdrawn') {
    throw new IngestError('withdrawn', `release ${manifest.release_id} has status withdrawn; nothing was loaded`);
  }
  if (await getRelease(store, manifest.release_id)) throw duplicateReleaseError(manifest.release_id);

  const rows = {} as Record<ReleaseTable, number>;
  try {
    await store.transaction(async (tx) => {
      await insertRelease(tx, manifest);
      for (const table of RELEASE_TABLES) rows[table] = await loadTable(tx, dir, manifest, table, options);
      await deriveTables(tx, manifest.release_id);
      await refreshPlannerStatistics(tx);
      await checkReferences(tx, manifest);
    });
  } catch (error) {
    // Two ingests of one release racing: the second one's insert hits the primary key of releases.
    if (databaseErrorCode(error) === '23505' && (await getRelease(store, manifest.release_id))) {
      throw duplicateReleaseError(manifest.release_id);
    }
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  const totalRows = Object.values(rows).reduce((sum, count) => sum + count, 0);
  return {
    releaseId: manifest.release_id,
    status: manifest.status,
    rows,
    totalRows,
    seconds,
    rowsPerSecond: totalRows / seconds,
  };
}

export interface EnsureReleaseOptions extends IngestOptions {
  /** Writes a release folder (the demo generator, for the embedded default) and returns its path. */
  makeRelease: () => Promise<string>;
}

/**
 * The embedded default's first start: when the store serves no release yet, make one and ingest it; later starts
 * find it served and return at once. Returns the served release and the ingest result when one ran.
 */
export async function ensureServedRelease(
  store: Store,
  options: EnsureReleaseOptions,
): Promise<{ release: ReleaseRecord; ingested: IngestResult | null }> {
  const existing = await getServedRelease(store);
  if (existing) return { release: existing, ingested: null };
  const ingested = await ingestRelease(store, await options.makeRelease(), options);
  const release = await getServedRelease(store);
  if (!release) {
    throw new IngestError(
      'not_ready',
      `release ${ingested.releaseId} was ingested as ${ingested.status} and is not servable`,
    );
  }
  return { release, ingested };
}

const barWidth = 24;

function formatRate(rowsPerSecond: number): string {
  return `${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s`;
}

/**
 * A progress bar per table on a stream (stderr by default): redrawn in place on a terminal, one line per finished
 * table otherwise (CI logs).
 */
export function createProgressPrinter(stream: NodeJS.WriteStream = process.stderr): (progress: IngestProgress) => void {
  return (progress) => {
    const { table, rows, total, elapsedMs, done } = progress;
    const share = total > 0 ? Math.min(1, rows / total) : 1;
    const filled = Math.round(share * barWidth);
    const rate = elapsedMs > 0 ? (rows * 1000) / elapsedMs : 0;
    const line =
      `${table.padEnd(16)} [${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ` +
      `${rows.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${String(Math.round(share * 100)).padStart(3)}% ` +
      formatRate(rate);
    if (stream.isTTY) stream.write(`\r${line}\x1b[K${done ? '\n' : ''}`);
    else if (done) stream.write(`${line} in ${(elapsedMs / 1000).toFixed(1)} s\n`);
  };
}
