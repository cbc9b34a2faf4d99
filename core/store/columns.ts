// Column lists of the release tables, derived from the row schemas (core/release/schemas): every top-level property
// is a column, plus release_id and the columns computed at ingest. Ingest and the row readers both use these lists,
// and a test checks them against the migrated tables.
import { readSchema } from '../release/schemas.ts';
import type { ReleaseTable } from '../release/tables.ts';
import { normalizeName } from './normalize.ts';

type RowObject = Record<string, unknown>;

export interface DerivedColumn {
  name: string;
  compute(row: RowObject): unknown;
}

const normalizedName: DerivedColumn = {
  name: 'name_normalized',
  compute: (row) => normalizeName(String(row.name)),
};

const derivedColumns: Partial<Record<ReleaseTable, DerivedColumn[]>> = {
  streets: [normalizedName],
  areas: [normalizedName],
  schools: [normalizedName],
};

const cache = new Map<ReleaseTable, readonly string[]>();

/** The row's own columns in schema order (what a reader of the table gets back), without release_id. */
export function rowColumns(table: ReleaseTable): readonly string[] {
  let columns = cache.get(table);
  if (!columns) {
    const properties = readSchema(table).properties;
    if (typeof properties !== 'object' || properties === null) throw new Error(`schema of ${table} has no properties`);
    columns = Object.keys(properties);
    cache.set(table, columns);
  }
  return columns;
}

export function derivedColumnsOf(table: ReleaseTable): readonly DerivedColumn[] {
  return derivedColumns[table] ?? [];
}

/** Every column ingest writes, in order: release_id, the row's columns, the derived ones. */
export function loadColumns(table: ReleaseTable): string[] {
  return ['release_id', ...rowColumns(table), ...derivedColumnsOf(table).map((column) => column.name)];
}

/** Turns a validated row into values in loadColumns order. */
export function rowValues(table: ReleaseTable, releaseId: string): (row: RowObject) => unknown[] {
  const columns = rowColumns(table);
  const derived = derivedColumnsOf(table);
  return (row) => {
    const values: unknown[] = [releaseId];
    for (const column of columns) values.push(row[column]);
    for (const column of derived) values.push(column.compute(row));
    return values;
  };
}

/** A select list of the row's own columns, optionally qualified by a table alias. */
export function selectList(table: ReleaseTable, alias?: string): string {
  return rowColumns(table)
    .map((column) => (alias ? `${alias}.${column}` : column))
    .join(', ');
}
