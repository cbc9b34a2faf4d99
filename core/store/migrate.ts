// Numbered SQL migrations (core/store/migrations/NNN_name.sql), applied once each, in order, and recorded in
// schema_migrations. The same files run on PGlite and PostgreSQL.
import { readdir, readFile } from 'node:fs/promises';
import type { Store } from './types.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const migrationsDir = new URL('./migrations/', import.meta.url);
const fileNamePattern = /^(\d{3})_([a-z0-9_]+)\.sql$/;
// Replicas starting together must not apply the same migration twice; the lock key is arbitrary but fixed.
const advisoryLockKey = 7_404_331;

export async function readMigrations(dir: URL = migrationsDir): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const fileName of names) {
    const match = fileNamePattern.exec(fileName);
    if (!match) throw new Error(`migration file ${fileName} must be named NNN_lowercase_name.sql`);
    const version = Number(match[1]);
    if (migrations.some((migration) => migration.version === version)) {
      throw new Error(`two migrations share the number ${match[1]}`);
    }
    migrations.push({ version, name: match[2] ?? '', sql: await readFile(new URL(fileName, dir), 'utf8') });
  }
  return migrations;
}

/** Applies every migration not yet recorded, all in one transaction; returns the versions it applied. */
export async function migrate(store: Store, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await readMigrations());
  return store.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version),
    );
    const done: number[] = [];
    for (const migration of all) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
