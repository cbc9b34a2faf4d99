import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReleaseFormatError, readManifest, readReleaseRows, readTableRows } from '../../../core/release/read.ts';
import { RELEASE_TABLES } from '../../../core/release/tables.ts';
import { writeFixtureRelease } from './fixture-release.ts';
import { FIXTURE_ROWS } from './fixture-rows.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function release(options: Parameters<typeof writeFixtureRelease>[0] = {}) {
  const made = await writeFixtureRelease(options);
  dirs.push(made.dir);
  return made;
}

async function collect(dir: string) {
  const rows: unknown[] = [];
  for await (const r of readReleaseRows(dir)) rows.push(r);
  return rows;
}

const sceneLine = (patch: Record<string, unknown>) => `${JSON.stringify({ ...FIXTURE_ROWS.scenes[0], ...patch })}\n`;

describe('release reader', () => {
  it.each([false, true])('streams every table of a good release (gzip %s)', async (gzip) => {
    const { dir } = await release({ gzip });
    const rows = (await collect(dir)) as { table: string; row: unknown }[];
    expect(rows.map((r) => r.table)).toEqual(RELEASE_TABLES.filter((t) => FIXTURE_ROWS[t].length > 0));
    expect(rows.find((r) => r.table === 'scenes')?.row).toEqual(FIXTURE_ROWS.scenes[0]);
  });

  it('names file, line and field of an out-of-range value', async () => {
    const good = sceneLine({});
    const { dir, manifest } = await release({ lines: { scenes: `${good}\n${sceneLine({ lat: 95 })}` } });
    manifest.row_counts.scenes = 2;
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
    await expect(collect(dir)).rejects.toThrow(/^scenes\.ndjson line 3: \/lat must be <= 90/);
  });

  it('names a missing required property and an unknown one', async () => {
    const { lat: _lat, ...noLat } = FIXTURE_ROWS.scenes[0] as unknown as Record<string, unknown>;
    const missing = await release({ lines: { scenes: `${JSON.stringify(noLat)}\n` } });
    await expect(collect(missing.dir)).rejects.toThrow('scenes.ndjson line 1: /lat is required but missing');
    const extra = await release({ lines: { scenes: sceneLine({ colour: 'red' }) } });
    await expect(collect(extra.dir)).rejects.toThrow('scenes.ndjson line 1: /colour is not an allowed property');
  });

  it('names the line of a verbalization whose content_sha256 does not match its summary and analysis', async () => {
    const row = { ...FIXTURE_ROWS.verbalizations[0], summary: '書き換えた要約。' };
    const { dir } = await release({ lines: { verbalizations: `${JSON.stringify(row)}\n` } });
    const error = await collect(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseFormatError);
    expect(error).toMatchObject({ file: 'verbalizations.ndjson', line: 1, field: '/content_sha256' });
  });

  it('rejects a numeric scene id (ids are strings)', async () => {
    // A JSON number: the reader must reject it (JSON.parse would silently round 9007199254740993).
    const line = sceneLine({ id: 'ID' }).replace('"ID"', '9007199254740993');
    const { dir } = await release({ lines: { scenes: line } });
    const error = await collect(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseFormatError);
    expect(error).toMatchObject({ file: 'scenes.ndjson', line: 1, field: '/id' });
  });

  it('reports a line that is not JSON', async () => {
    const { dir } = await release({ lines: { schools: '{"school_id": \n' } });
    await expect(collect(dir)).rejects.toThrow(/^schools\.ndjson line 1: is not valid JSON/);
  });

  it('reports a corrupt gzip file', async () => {
    const { dir, manifest } = await release({ gzip: true });
    await writeFile(join(dir, manifest.files.scenes), Buffer.from('this is not gzip at all'));
    await expect(collect(dir)).rejects.toThrow(/^scenes\.ndjson\.gz line 1: cannot be read/);
  });

  it('reports a missing table file and a missing manifest', async () => {
    const { dir, manifest } = await release();
    await rm(join(dir, manifest.files.areas));
    await expect(collect(dir)).rejects.toThrow('areas.ndjson: is missing (table areas)');
    await rm(join(dir, 'manifest.json'));
    await expect(readManifest(dir)).rejects.toThrow(/^manifest\.json: is missing/);
  });

  it('checks row counts against the manifest', async () => {
    const { dir, manifest } = await release({ lines: { schools: '' } });
    const rows = readTableRows(dir, manifest, 'schools');
    await expect(rows.next()).rejects.toThrow('schools.ndjson: has 0 rows but manifest.row_counts.schools is 1');
  });

  it('validates the manifest itself', async () => {
    const { dir, manifest } = await release();
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, status: 'live' }));
    await expect(readManifest(dir)).rejects.toThrow(/^manifest\.json line 1: \/status must be equal to one of/);
  });
});
