// A big table read by COPY in pieces of its heap, so no single COPY output is large. PGlite hands a COPY's output to
// JavaScript as one small Uint8Array per write of the server (its /dev/blob device keeps a slice per write, ~1 KB
// each), so reading a million scenes' card text at once makes ~400 MB of small allocations in the allocator's arenas;
// freed, they stay in the process (measured: a 1 M start from the store held 1.93 GB at rest against 1.25-1.29 GB
// from the snapshots, with the same heap and buffers). A range reads the blocks [a, b) by a TID range scan
// (PostgreSQL 14+, PGlite's 17 included): together the ranges are one sequential scan of the table.
import { quoteLiteral } from './copy-text.ts';
import { type Queryable, wholeTable } from './types.ts';

/** Heap blocks a range reads by default: 32 MB of table, a few MB of COPY output for the card columns. */
export const DEFAULT_BLOCKS_PER_RANGE = 4096;

/**
 * The table's block ranges as WHERE conditions on ctid, in block order. The last range is open-ended, so rows in
 * blocks added after the size was read are read too; an empty table gives one condition that reads everything.
 */
export async function blockRangesOf(db: Queryable, table: string, blocksPerRange: number): Promise<string[]> {
  if (!Number.isInteger(blocksPerRange) || blocksPerRange < 1) {
    throw new RangeError(`blocksPerRange must be a whole number ≥ 1, got ${blocksPerRange}`);
  }
  // Under the whole-table read's deadline: it waits for a connection behind the start's other reads; at a request's
  // deadline a busy database would fail the start's card read here, leaving no cards snapshot and the store down.
  const [row] = await db.query<{ blocks: string | number }>(
    `SELECT pg_relation_size(${quoteLiteral(table)}::regclass) / current_setting('block_size')::int AS blocks`,
    [],
    wholeTable,
  );
  const blocks = Number(row?.blocks ?? 0);
  const conditions: string[] = [];
  for (let start = 0; start === 0 || start < blocks; start += blocksPerRange) {
    const end = start + blocksPerRange;
    const from = `ctid >= '(${start},0)'::tid`;
    conditions.push(end >= blocks ? from : `${from} AND ctid < '(${end},0)'::tid`);
  }
  return conditions;
}
