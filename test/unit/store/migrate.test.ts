import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readMigrations } from '../../../core/store/migrate.ts';

describe('migration files', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function folder(files: Record<string, string>): Promise<URL> {
    dir = await mkdtemp(join(tmpdir(), 'machimi-migrations-'));
    for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
    return pathToFileURL(`${dir}/`);
  }

  it('are numbered from 001 without gaps in the project', async () => {
    const migrations = await readMigrations();
    expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_, index) => index + 1));
    expect(migrations[0]?.name).toBe('releases');
  });

  it('are read in number order', async () => {
    const url = await folder({ '002_b.sql': 'SELECT 2', '001_a.sql': 'SELECT 1', 'notes.txt': 'ignored' });
    expect(await readMigrations(url)).toEqual([
      { version: 1, name: 'a', sql: 'SELECT 1' },
      { version: 2, name: 'b', sql: 'SELECT 2' },
    ]);
  });

  it('refuse badly named or duplicate numbers', async () => {
    await expect(readMigrations(await folder({ '1_a.sql': '' }))).rejects.toThrow(/NNN_lowercase_name/);
    await rm(dir as string, { recursive: true });
    await expect(readMigrations(await folder({ '001_a.sql': '', '001_b.sql': '' }))).rejects.toThrow(/share/);
  });
});
