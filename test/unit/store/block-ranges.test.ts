// The size read that starts a block-range read (block-ranges.ts) belongs to that whole-table read: on PostgreSQL it
// must run under the bulk deadline, not a request's, or a busy database fails the start's card and light reads.
import { describe, expect, it } from 'vitest';
import { blockRangesOf } from '../../../core/store/block-ranges.ts';
import { type Queryable, type QueryOptions, wholeTable } from '../../../core/store/types.ts';

/** A table of `blocks` heap blocks that records the options of every query. */
function tableOf(blocks: number, seen: (QueryOptions | undefined)[]): Queryable {
  return {
    query: async <R>(_sql: string, _params?: readonly unknown[], options?: QueryOptions) => {
      seen.push(options);
      return [{ blocks }] as R[];
    },
    queryArrays: async () => [],
    exec: async () => undefined,
    copyOut: async () => '',
  } as Queryable;
}

describe('blockRangesOf', () => {
  it('reads the table size as a whole-table read', async () => {
    const seen: (QueryOptions | undefined)[] = [];
    const ranges = await blockRangesOf(tableOf(10, seen), 'scenes', 4);
    expect(ranges).toEqual([
      "ctid >= '(0,0)'::tid AND ctid < '(4,0)'::tid",
      "ctid >= '(4,0)'::tid AND ctid < '(8,0)'::tid",
      "ctid >= '(8,0)'::tid",
    ]);
    expect(seen).toEqual([wholeTable]);
  });
});
